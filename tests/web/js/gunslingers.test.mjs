/* The Gunslingers renderer (static/js/gunslingers.js and its modules) under Node: the status
   line, words for a move's choices, the turn stepper and the roster, loaded in the play
   page's order. */
import test from "node:test";
import assert from "node:assert/strict";
import { page, text } from "./page.mjs";

const SEQUENCE = [{ name: "Initiative", steps: ["Roll", "Order"] }, { name: "Flight", steps: ["Plot", "Move", "Check"] }];
const { A, document } = page(["common.js", "svg.js", "games.js", "gunslingers_map.js", "gunslingers_result.js",
  "gunslingers_paths.js", "gunslingers_units.js", "gunslingers_mapview.js", "gunslingers_panels.js",
  "gunslingers.js"], { answers: { "/api/gunslingers/sequence": SEQUENCE } });
const R = A.renderers.gunslingers;
const E = A.gsPage;

test("the renderer is registered with its parts from every module", () => {
  for (const part of ["board", "extra", "controls", "status", "result"]) assert.equal(typeof R[part], "function", part);
});

test("the status says whose turn and where, never what another seat is asked", () => {
  const view = { phase: "Flight", step: 2, turn: 3, decision: { seat: "Blue", verb: "move", subject: "Viper-1" } };
  const cases = [
    [{ view, my_turn: true, to_act: "Blue" }, "Turn 3 · Flight, step 2 · Blue declares move for Viper-1"],
    [{ view, my_turn: false, to_act: "Red" }, "Waiting for Red: Flight, step 2 (turn 3)"],
    [{ view: { ...view, decision: null }, my_turn: true, to_act: "Blue" }, "Turn 3 · Flight, step 2 · Blue to act"],
    [{ view: { terminal: true, sides: { Blue: { kills: 2 }, Red: { kills: 0 } } }, status: "finished" },
      "Game over: Blue 2 kills, Red 0 kills"],
    [{ view: { terminal: true, victory: { over: true, text: "Blue wins a decisive victory" } }, status: "finished" },
      "Game over: Blue wins a decisive victory"],
  ];
  for (const [data, words] of cases) assert.equal(R.status(data), words);
});

test("a move's choices read in words", () => {
  const labels = [["h3", "heading 3 (90°)"], ["h0", "heading 0 (0°)"], ["a12", "altitude 12"], ["fire", "fire"]];
  for (const [word, words] of labels) assert.equal(E.label(word), words);
  const reach = [
    [{ headings: [], lo: null, hi: null }, ""],
    [{ headings: [2], lo: 5, hi: 5 }, "heading 2 · altitude 5"],
    [{ headings: [1, 2, 3], lo: 4, hi: 6 }, "headings 1, 2, 3 · altitude 4–6"],
    [{ headings: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], lo: null, hi: null }, "any heading (0–11)"],
  ];
  for (const [r, words] of reach) assert.equal(E.reachText(r), words);
});

test("the stepper marks the phase and step of the sequence of play", async () => {
  await new Promise((done) => setTimeout(done, 0));  /* the sequence is fetched as the page loads */
  const box = E.stepper({ turn: 2, phase: "Flight", step: 2 });
  assert.equal(text(box.querySelector("h2")), "Turn 2");
  assert.deepEqual(box.querySelector(".phases").children.map((li) => text(li.firstChild)), ["Initiative", "Flight"]);
  assert.equal(text(box.querySelector(".current-step")), "Move  ◀");
  assert.equal(box.querySelector(".current-step").getAttribute("data-step"), "2");
});

test("the roster lists each unit with its state and stores", () => {
  const box = E.roster({ aircraft: [
    { id: "Viper-1", type: "F-16C", kind: "aircraft", side: "Blue", hex: "0,1", heading: 3, altitude: 8, speed: 6,
      sighted: true, missiles: { "AIM-9M": 2 }, chaff: 10, flares: 5 },
    { id: "Flanker-1", type: "Su-27", kind: "aircraft", side: "Red", hex: "4,-2", alive: false },
  ], sides: { Blue: { kills: 1 }, Red: { kills: 0 } } });
  const rows = box.querySelectorAll("tbody tr").map((tr) => tr.children.map(text));
  assert.equal(rows.length, 2);
  assert.deepEqual([rows[0][0], rows[0][2], rows[0][5], rows[0][7], rows[0][8]],
    ["Viper-1", "Blue", "8", "sighted", "AIM-9M×2, chaff 10, flares 5"]);
  assert.deepEqual([rows[1][0], rows[1][7]], ["Flanker-1", "lost"]);
  assert.equal(text(box.querySelector("p")), "Blue: 1 kills · Red: 0 kills");
});
