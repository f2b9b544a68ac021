/* The scenario editor's form without the page (static/js/gunslingers_editor_fields.js): which
   fields each kind of unit shows, with the bounds and choices the server gives. */
import test from "node:test";
import assert from "node:assert/strict";
import { module } from "./page.mjs";

const F = module("gunslingers_editor_fields.js");

/* the shape of GET /api/gunslingers/scenario/fields (tests/games/gunslingers/test_field_schema.py) */
const SERVED = {
  units: {
    aircraft: { id: { kind: "other" }, name: { kind: "other" }, side: { kind: "other" }, type: { kind: "other" },
      hex: { kind: "other" }, heading: { kind: "integer", min: 0, max: 11 },
      altitude: { kind: "integer", min: 0, max: 30 }, speed: { kind: "integer", min: 1, max: null },
      chaff: { kind: "integer", min: 0, max: 2000 }, guns: { kind: "boolean" }, radar: { kind: "other" },
      tailing: { kind: "other" }, load: { kind: "choice", choices: null, library: true } },
    sams: { id: { kind: "other" }, side: { kind: "other" }, hex: { kind: "other" },
      guidance: { kind: "choice", choices: ["BR", "CG", "IR"] }, radar: { kind: "choice", choices: ["active", "shutdown"] },
      eccm: { kind: "integer", min: 0, max: 20 }, ccu: { kind: "other" } },
  },
  parts: { crew: { quality: { kind: "choice", choices: ["veteran", "green"] } },
    radar: { kind: { kind: "choice", choices: ["regular", "tws"] } },
    missile: { count: { kind: "integer", min: 0, max: 300 } } },
  map: { radius: { kind: "integer", min: 1, max: 60 } },
};

test("a kind shows the fields the server lists, in the form's order, with their bounds", () => {
  const rows = Object.fromEntries(F.fieldSpec("aircraft", SERVED, 15).map((f) => [f[0], f.slice(1)]));
  const cases = [
    ["id", ["Id", "text"]], ["side", ["Side", "side"]], ["hex", ["Hex (q, r)", "hex"]],
    ["heading", ["Heading (0-11)", "int", 0, 11]],
    ["altitude", ["Altitude", "int", 0, 30]],
    ["speed", ["Speed", "int", 1, 30]],  // a count of hexes: at most the map's width, 2 × radius
    ["chaff", ["Chaff", "int", 0, 2000]],
    ["guns", ["Guns", "bool"]],
    ["radar", ["Radar", "aradar"]],
    ["tailing", ["Tailing", "ref", "aircraft"]],
    ["load", ["Load (library)", "load"]],
  ];
  for (const [key, spec] of cases) assert.deepEqual(rows[key], spec, key);
  assert.deepEqual(F.fieldSpec("aircraft", SERVED, 15).map((f) => f[0]),
    ["id", "name", "side", "type", "hex", "heading", "altitude", "speed", "load", "radar", "chaff", "guns", "tailing"]);
});

test("the same field reads by its kind of unit: a SAM's radar is a state to choose", () => {
  const rows = Object.fromEntries(F.fieldSpec("sams", SERVED, 10).map((f) => [f[0], f.slice(1)]));
  assert.deepEqual(rows.radar, ["Radar state", "choice", ["active", "shutdown"]]);
  assert.deepEqual(rows.guidance, ["Guidance", "choice", ["BR", "CG", "IR"]]);
  assert.deepEqual(rows.ccu, ["CCU", "ref", "ccus"]);
  assert.deepEqual(rows.eccm, ["ECCM", "int", 0, 20]);
  assert.ok(!("name" in rows), "a field the server does not list is not shown");
});

test("with no answer from the server the form is empty, never a guess", () => {
  assert.deepEqual(F.fieldSpec("aircraft", null, 15), []);
  assert.deepEqual(F.fieldSpec("no_such_kind", SERVED, 15), []);
});

test("a part's choices and bounds are the server's", () => {
  const cases = [
    [F.partChoices(SERVED, "crew", "quality"), ["veteran", "green"]],
    [F.partChoices(SERVED, "radar", "kind"), ["regular", "tws"]],
    [F.partChoices(SERVED, "radar", "nothing"), []],
    [F.bounds(SERVED, "missile", "count"), [0, 300]],
    [F.bounds(SERVED, "map", "radius"), [1, 60]],
    [F.bounds(null, "map", "radius"), [null, null]],
  ];
  for (const [got, want] of cases) assert.deepEqual(got, want);
});

test("every field the form lays out has its words", () => {
  for (const kind of Object.keys(F.LAYOUT)) {
    const served = { units: { [kind]: Object.fromEntries(F.COMMON.concat(F.LAYOUT[kind]).map((k) => [k, { kind: "other" }])) } };
    for (const f of F.fieldSpec(kind, served, 10)) assert.notEqual(f[1], f[0], kind + "." + f[0] + " has no label");
  }
});
