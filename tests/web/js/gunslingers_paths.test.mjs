/* The browser's move paths (GS-82) agree with the referee's: the default routes and the hexes
   straight ahead below were worked out by the referee's Hex.route_to and straight_ahead
   (games/gunslingers/model/hexgrid.py), and clicks change the path as the map promises. */
import test from "node:test";
import assert from "node:assert/strict";
import { module } from "./page.mjs";

const P = module("gunslingers_paths.js");

const ROUTES = [
  ["0,0", 4, "2,1", ["1,0", "2,0", "2,1"]],
  ["0,0", 3, "4,-2", ["1,0", "2,-1", "3,-1", "4,-2"]],
  ["0,0", 0, "0,3", ["0,1", "0,2", "0,3"]],
  ["3,-1", 9, "-1,1", ["2,-1", "1,0", "0,0", "-1,1"]],
  ["0,-2", 6, "0,2", ["0,-1", "0,0", "0,1", "0,2"]],
  ["2,2", 11, "-1,-1", ["2,1", "1,1", "1,0", "0,0", "0,-1", "-1,-1"]],
  ["0,0", 5, "3,1", ["0,1", "1,1", "2,1", "3,1"]],
];
const AHEAD = ["1,-2", "3,-2", "4,-2", "4,0", "4,1", "2,3", "1,4", "-1,4", "-2,4", "-2,2", "-2,1", "0,-1"];

test("the default route is the referee's: straight ahead, then turning", () => {
  for (const [start, heading, end, want] of ROUTES) {
    assert.deepEqual(P.route(start, heading, end), want, start + " h" + heading + " to " + end);
  }
  assert.deepEqual(P.route("2,2", 7, "2,2"), []);
});

test("straight ahead is the referee's for every heading", () => {
  AHEAD.forEach((want, heading) => assert.equal(P.straightAhead("1,1", heading, 3), want, "h" + heading));
  for (let heading = 0; heading < 12; heading++) {
    for (let n = 1; n <= 6; n++) {
      const end = P.straightAhead("0,0", heading, n);
      assert.equal(P.route("0,0", heading, end).length, n);
      assert.equal(P.distance("0,0", end), n);
    }
  }
});

test("the path preselected flies straight ahead, cut where the hexes offered end", () => {
  assert.deepEqual(P.preselect("0,0", 6, 4, () => true), ["0,1", "0,2", "0,3", "0,4"]);
  assert.deepEqual(P.preselect("0,0", 6, 4, (h) => h !== "0,3"), ["0,1", "0,2"]);
});

test("a click extends, cuts, clears or routes the path", () => {
  const start = "0,0", heading = 6, speed = 3;
  let p = [];
  p = P.click(p, start, heading, speed, "1,0");  /* next to the aircraft: one hex */
  assert.deepEqual(p, ["1,0"]);
  p = P.click(p, start, heading, speed, "2,0");  /* next to the end: extended */
  assert.deepEqual(p, ["1,0", "2,0"]);
  p = P.click(p, start, heading, speed, "2,-1");
  assert.deepEqual(p, ["1,0", "2,0", "2,-1"]);
  assert.ok(P.legal(p, start, speed));
  /* at the speed, a hex next to the end takes the default route instead */
  assert.deepEqual(P.click(p, start, heading, speed, "3,-1"), P.route(start, heading, "3,-1"));
  assert.deepEqual(P.click(p, start, heading, speed, "2,0"), ["1,0", "2,0"]);  /* cut */
  assert.deepEqual(P.click(p, start, heading, speed, start), []);  /* cleared */
  assert.deepEqual(P.click([], start, heading, speed, "0,3"), ["0,1", "0,2", "0,3"]);
});

test("a path is sent hex by hex, one hex as itself, and read back to its end", () => {
  assert.equal(P.word(["1,0", "2,0"], "0,0"), "1,0>2,0");
  assert.equal(P.word(["1,0"], "0,0"), "1,0");
  assert.equal(P.word([], "0,0"), "0,0");
  assert.equal(P.end("1,0>2,0"), "2,0");
  assert.ok(P.isPath("1,0>2,0") && !P.isPath("2,0") && !P.isPath("h4"));
  assert.ok(!P.legal(["1,0", "3,0"], "0,0", 5));
  assert.ok(!P.legal(["1,0", "2,0", "3,0"], "0,0", 2));
});
