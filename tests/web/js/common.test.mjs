/* The helpers every page shares (static/js/common.js): problems in words, odds in words, the
   log's lines (the server's line first, its rows kept apart). */
import test from "node:test";
import assert from "node:assert/strict";
import { page, text } from "./page.mjs";

const { A, document } = page(["common.js"]);

test("a problem's place is said in words", () => {
  const cases = [
    [["body", "shots", 0, "range_km"], "Shot 1, range km"],
    [["query", "limit"], "Limit"],
    [["body", "aircraft", 2, "crew", 0, "quality"], "Aircraft 3, Crew 1, quality"],
    [["body", "options", "turn_limit"], "Options, turn limit"],
    [[], ""],
  ];
  for (const [loc, words] of cases) assert.equal(A.placeWords(loc), words, JSON.stringify(loc));
});

test("the server's problem is told once, in its own words when it gives them", () => {
  const cases = [
    [null, 500, "request failed (500)"],
    [{ detail: "no such game" }, 404, "no such game"],
    [{ detail: [{ loc: ["body", "seed"], msg: "must be an integer" }] }, 422, "Seed: must be an integer"],
    [{ detail: [{ text: "the side has no name" }, { text: "the side has no name" }] }, 422, "the side has no name"],
    [{ detail: [{ loc: ["body"], msg: "field required" }] }, 422, "Field required"],
  ];
  for (const [data, status, words] of cases) assert.equal(A.problemText(data, status), words);
});

test("odds are said exactly with their percentage; never and always in words", () => {
  const cases = [
    ["1/6", "1/6 (16.7%)"], ["5/6", "5/6 (83.3%)"], ["0/1", "never (cannot happen)"],
    ["1/1", "always"], ["1/3", "1/3 (33.3%)"],
  ];
  for (const [frac, words] of cases) assert.equal(A.oddsText(frac), words);
  assert.equal(A.pct("2/3"), "66.7%");
  assert.equal(A.pct(0.25), "25.0%");
  assert.equal(A.pct(null), "");
});

test("a modifier reads with its sign and rule", () => {
  assert.equal(A.modText({ reason: "ace", value: 1, rule: "MS-14" }), "ace +1 (MS-14)");
  assert.equal(A.modText({ reason: "rear", value: -2 }), "rear -2");
});

test("a roll no result can change is automatic", () => {
  const cases = [
    [{ type: "roll", p_success: "1/1", modifiers: [] }, true],
    [{ type: "roll", p_success: "0/1" }, true],
    [{ type: "roll", p_success: "1/1", modifiers: [{ reason: "base", value: 6 }] }, false],
    [{ type: "roll", p_success: "1/2" }, false],
    [{ type: "die", p_success: "1/1" }, false],
  ];
  for (const [ev, automatic] of cases) assert.equal(A.automaticRoll(ev), automatic, JSON.stringify(ev));
  assert.equal(A.dieFaces("1d10"), 10);
  assert.equal(A.dieFaces("2d6"), null);
});

test("a log entry is the server's line when the game narrates it, else its fields", () => {
  const cases = [
    [{ type: "step", line: "  MiG-15 F: a1 -> a2 facing N (1 MP, 7 left)", plane: "active" },
      "  MiG-15 F: a1 -> a2 facing N (1 MP, 7 left)"],
    [{ type: "note", text: "a referee's note" }, "a referee's note"],
    [{ type: "roll", name: "Kill roll", roll: 4, success: true, p_success: "1/2" },
      "Kill roll: rolled 4 (success, chance 1/2)"],
    [{ type: "roll", name: "Marker", roll: 3, p_success: "1/1", modifiers: [] },
      "Marker: rolled 3 (automatic success)"],
    [{ type: "weather_change", seq: 3, wind: "NE" }, "weather change: wind=NE"],
  ];
  for (const [ev, line] of cases) assert.equal(A.logText(ev), line);
});

test("a line of several rows is shown on rows of its own", () => {
  const ol = document.createElement("ol");
  A.renderLog(ol, [
    { seq: 0, type: "roll", line: "Kill roll (MS-10): 1d6, 5+ needed\n  rolled 6: KILL" },
    { seq: 1, type: "kill", line: "  *** The MiG-15 shoots down the F-86! ***" },
  ]);
  assert.equal(ol.children.length, 2);
  assert.equal(text(ol.children[0]), "Kill roll (MS-10): 1d6, 5+ needed\n  rolled 6: KILL");
  assert.equal(ol.children[0].querySelectorAll("br").length, 1);
  assert.equal(ol.children[1].getAttribute("class"), "ev-kill");
  assert.equal(ol.children[1].getAttribute("data-seq"), "1");
});
