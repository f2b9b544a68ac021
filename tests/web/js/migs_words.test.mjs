/* MiGs and Sabres in words (static/js/migs_words.js): a step square's accessible name and
   the review of the player's last move (the hints "after my move"). Run by tests/web/test_js_node.py (`node --test tests/web/js`). */
import test from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const W = require("../../../src/airwar/web/static/js/migs_words.js");

test("a step square's name starts with the text the square shows", () => {
  const steps = [
    { action: "F", square: "a2", facing: "N", mp_left: 8, kind: "step" },
    { action: "WR", square: "b1", facing: "E", mp_left: 5, kind: "wing-over" },
    { action: "L", square: "b3", facing: "NW", mp_left: 0, kind: "turn" },
  ];
  for (const a of steps) {
    const shown = a.action + " " + a.mp_left;  // the square's text on the board
    const name = W.stepLabel(a);
    assert.ok(name.startsWith(shown + ":"), name);
    assert.ok(name.includes(" to " + a.square + " facing " + a.facing), name);
    assert.ok(name.includes(W.STEP_WORD[a.action]), name);
  }
});

test("values are signed to three places, with no negative zero", () => {
  assert.equal(W.signed(0.08333), "+0.083");
  assert.equal(W.signed(-1 / 6), "-0.167");
  assert.equal(W.signed(-0), "0.000");
  assert.equal(W.signed(-0.0001), "0.000");
});

const DECISION = (index, action, best, value, bestValue, mark) => ({
  index, action, best, value, best_value: bestValue, loss: bestValue - value, mark,
  symbol: mark ? { inaccuracy: "?!", mistake: "?", blunder: "??" }[mark] : null, options: 3,
});

test("a move that lost value is marked as the analysis marks it, with the best move", () => {
  const r = {
    plane: "MiG-15", role: "active", turn: 2, path: ["F", "WR", "fire"],
    before: 0.25, after: 0.05, loss: 0.2, mark: "blunder", symbol: "??",
    best_path: ["F", "F", "fire"], scoring: "kills",
    decisions: [DECISION(4, "F", "F", 0.25, 0.25, null), DECISION(5, "WR", "F", 0.05, 0.25, "blunder"),
      DECISION(6, "fire", "fire", 0.05, 0.05, null)],
  };
  const w = W.review(r);
  assert.equal(w.title, "Your last move (MiG-15, turn 2): ?? blunder");
  assert.equal(w.mark, "blunder");
  assert.deepEqual(w.pairs, [
    ["Your move", "F WR fire"],
    ["Value before", "+0.250 expected kills"],
    ["Value after", "+0.050 (lost 0.200)"],
    ["Best move", "F F fire"],
  ]);
  // one line for the decision that was not the best, none for the others
  assert.deepEqual(w.lines, ["Decision 5: WR (+0.050), best F (+0.250): lost 0.200, ?? blunder"]);
});

test("the best move is said to be the player's own, in base-value points under IV.A", () => {
  const r = {
    plane: "F-86", role: "listed", turn: 1, path: ["L", "F"], before: -0.5, after: -0.5, loss: 0,
    mark: null, symbol: null, best_path: ["L", "F"], scoring: "base-value",
    decisions: [DECISION(2, "L", "L", -0.5, -0.5, null), DECISION(3, "F", "F", -0.5, -0.5, null)],
  };
  const w = W.review(r);
  assert.equal(w.title, "Your last move (F-86, turn 1): a best move");
  assert.equal(w.mark, "best");
  assert.deepEqual(w.pairs[1], ["Value before", "-0.500 base-value points (IV.A)"]);
  assert.deepEqual(w.pairs[2], ["Value after", "-0.500 (nothing lost)"]);
  assert.deepEqual(w.pairs[3], ["Best move", "L F (yours)"]);
  assert.deepEqual(w.lines, []);
});

test("a small loss under the inaccuracy threshold is a good move, unmarked", () => {
  const r = {
    plane: "Yak-9", role: "active", turn: 3, path: ["R"], before: 0.1, after: 0.09, loss: 0.01,
    mark: null, symbol: null, best_path: ["F"], scoring: "kills",
    decisions: [DECISION(9, "R", "F", 0.09, 0.1, null)],
  };
  const w = W.review(r);
  assert.equal(w.title, "Your last move (Yak-9, turn 3): a good move");
  assert.equal(w.lines.length, 1);
  assert.ok(!w.lines[0].includes("undefined"), w.lines[0]);
});
