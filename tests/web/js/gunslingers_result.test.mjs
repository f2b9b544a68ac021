/* The pure parts of the Gunslingers result (static/js/gunslingers_result.js): the result
   panel's words, the chart's lines and a shot in words (GS-85 to GS-87). Run by
   tests/web/test_js_node.py (`node --test tests/web/js`). */
import test from "node:test";
import assert from "node:assert/strict";
import { module } from "./page.mjs";

const R = module("gunslingers_result.js");

const VICTORY = {
  over: true,
  sides: ["Blue", "Red"],
  points: { Blue: 12, Red: 4 },
  winner: "Blue",
  level: "decisive",
  turn: 2,
  thresholds: { marginal: 2, decisive: 6 },
  by_turn: { Blue: [9, 12], Red: [0, 4] },
  labels: { "Viper-2": "Viper 2", "Mig-1": "Fulcrum" },
};

const SHOT = {
  weapon: "AIM-9M", by: "Viper-2", range: 4, aspect: "150R",
  launch: { p: "7/10", target: 7, roll: 4 }, outcome: { p: "2/5", target: 4, roll: 1 },
};

test("the result panel says who won, how decisively, and the points", () => {
  assert.deepEqual(R.summary(VICTORY), {
    title: "Blue wins: a decisive win",
    detail: "Points Blue 12, Red 4 after turn 2 (a lead of 2 wins marginally, 6 decisively).",
    winner: "blue",
  });
  const draw = Object.assign({}, VICTORY, { winner: null, level: "draw" });
  assert.equal(R.summary(draw).title, "A draw");
  assert.equal(R.summary(draw).winner, null);
  assert.equal(R.summary(Object.assign({}, VICTORY, { over: false })), null);  // a running game: no panel
});

test("the chart draws each side's points after each turn in its box", () => {
  const c = R.chart(VICTORY.by_turn, VICTORY.sides, 320, 140, 20);
  assert.equal(c.top, 12);
  assert.equal(c.turns, 2);
  // x from 20 to 300, y from 120 (no points) up to 20 (the most)
  assert.deepEqual(c.lines.map((l) => [l.side, l.points, l.last]),
    [["Blue", "20.0,45.0 300.0,20.0", 12], ["Red", "20.0,120.0 300.0,86.7", 4]]);
  const flat = R.chart({ Blue: [0], Red: [0] }, ["Blue", "Red"], 100, 100, 10);
  assert.equal(flat.top, 1);  // no points yet: the axis still has a height
  assert.equal(flat.lines[0].points, "10.0,90.0");
});

test("a shot reads as the weapon and its firer, range, aspect, exact odds and rolls", () => {
  assert.equal(R.shotText(SHOT, VICTORY.labels),
    "AIM-9M of Viper 2, range 4, aspect 150R, launch 7- (7/10 (70.0%)), rolled 4, result 4- (2/5 (40.0%)), rolled 1");
  assert.equal(R.shotText({ weapon: "progressive damage", by: "referee", range: null, outcome: null }, {}),
    "progressive damage");
  assert.equal(R.shotText(null, {}), "cause not in the log");
  assert.equal(R.oddsText(null), "the referee's result");
});

test("odds of nothing and sure odds read in words, never 0/1 (0.0%)", () => {
  assert.equal(R.pct("0/1"), "never");
  assert.equal(R.pct("1/1"), "always");
  assert.equal(R.pct("3/10"), "3/10 (30.0%)");
  assert.equal(R.shotText({ weapon: "gun", by: "x", range: 1, launch: { target: 0, p: "0/1", roll: 7 } }, {}),
    "gun, range 1, launch 0- (never), rolled 7");
});
