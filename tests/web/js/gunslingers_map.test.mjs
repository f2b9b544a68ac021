/* The pure parts of the Gunslingers map (static/js/gunslingers_map.js): stacks, labels kept
   apart, altitude, heading and speed in words, and hex coordinates. Run
   by tests/web/test_js_node.py (`node --test tests/web/js`). */
import test from "node:test";
import assert from "node:assert/strict";
import { module } from "./page.mjs";

const M = module("gunslingers_map.js");

test("a heading reads as degrees, an arrow and a compass point", () => {
  assert.deepEqual(M.heading(0), { deg: 0, three: "000°", arrow: "↑", words: "north" });
  assert.equal(M.heading(2).three, "060°");
  assert.equal(M.heading(2).arrow, "↗");
  assert.equal(M.heading(3).arrow, "→");
  assert.equal(M.heading(6).words, "south");
  assert.equal(M.heading(9).arrow, "←");
  assert.equal(M.heading(11).three, "330°");
  assert.equal(M.heading(12).three, "000°");  // wraps round
});

test("the map's line under an aircraft is altitude, heading and speed in plain words", () => {
  const viper = { id: "Viper-1", kind: "aircraft", altitude: 7, heading: 0, speed: 7 };
  assert.equal(M.flightLine(viper), "↑000° alt 7 spd 7");
  assert.doesNotMatch(M.flightLine(viper), /\bA7\b|\bh0\b|\bS7\b/);
  assert.equal(M.flightLine({ id: "Oak", kind: "sams" }), "");  // a site has none
  assert.equal(M.flightLine({ id: "Contact-1", altitude: 9, radar_contact: true }), "alt 9");
});

test("the full text for hover and screen readers names every number", () => {
  const u = { id: "Dodge-4", label: "Dodge 4", kind: "aircraft", type: "F-16C", side: "Blue", altitude: 9,
    heading: 2, speed: 7, status: ["disoriented"] };
  assert.equal(M.fullText(u),
    "Dodge 4 Dodge-4 (F-16C, Blue): altitude 9, heading 2 of 12 (060°, east-northeast), speed 7; disoriented");
  assert.equal(M.fullText({ id: "Contact-2", kind: "aircraft", radar_contact: true, altitude: 5 }),
    "Contact-2 (aircraft): altitude 5; radar contact");
  assert.equal(M.stateWords({ status: ["out_of_ammo"], alive: false }).join(","), "out of ammo,lost");
});

test("units in one hex make one stack, aircraft on top by altitude; no hex or lost left out", () => {
  const s = M.stacks([
    { id: "Oak", kind: "sams", hex: "4,0" },
    { id: "B", kind: "aircraft", hex: "4,0", altitude: 3 },
    { id: "A", kind: "aircraft", hex: "4,0", altitude: 9 },
    { id: "C", kind: "aircraft", hex: "1,1", altitude: 5 },
    { id: "D", kind: "aircraft", hex: "1,1", altitude: 5, alive: false },
    { id: "E", kind: "aircraft" },
  ]);
  assert.deepEqual(s.map((x) => [x.hex, x.units.map((u) => u.id)]), [["4,0", ["A", "B", "Oak"]], ["1,1", ["C"]]]);
  assert.equal(M.topOf(s[0], null).id, "A");
  assert.equal(M.topOf(s[0], "Oak").id, "Oak");  // the unit selected shows on top
  assert.equal(M.topOf(s[0], "C").id, "A");
});

test("labels of nearby units are placed apart and off every counter", () => {
  const items = [
    { id: "a", x: 0, y: 0, w: 40, h: 8 },
    { id: "b", x: 10, y: 0, w: 40, h: 8 },
    { id: "c", x: 5, y: 6, w: 40, h: 8 },
  ];
  const at = M.placeLabels(items, 12);
  const boxes = items.map((it) => ({ x0: at[it.id].x - it.w / 2, x1: at[it.id].x + it.w / 2,
    y0: at[it.id].y - it.h / 2, y1: at[it.id].y + it.h / 2 }));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const apart = a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
      assert.ok(apart, `labels ${i} and ${j} overlap: ${JSON.stringify([a, b])}`);
    }
  }
  // a lone label goes under its counter, centred
  const one = M.placeLabels([{ id: "x", x: 100, y: 50, w: 30, h: 8 }], 12).x;
  assert.equal(one.x, 100);
  assert.equal(one.moved, false);
  // a stack's wider counter (its badge) keeps its label further off
  const wide = M.placeLabels([{ id: "s", x: 100, y: 50, w: 30, h: 8, c: 40 }], 12).s;
  assert.ok(wide.y - 4 >= 50 + 20);
  assert.ok(items.some((it) => at[it.id].moved));  // a crowded one moved, and says so
  assert.ok(one.y - 4 >= 50 + 6);
});

test("a hex's coordinates read the same everywhere", () => {
  assert.equal(M.hexWords(4, -1), "q 4, r -1 (4,-1)");
  const size = 18, H = Math.sqrt(3) * size;
  const around = M.hexesIn({ x: -size, y: -H / 2, w: 2 * size, h: H }, size, 30);
  assert.ok(around.some((h) => h[0] === 0 && h[1] === 0));
  assert.ok(around.length <= 9);
  assert.deepEqual(M.hexesIn({ x: 1000, y: 1000, w: 10, h: 10 }, size, 3), []);  // off the map
});

