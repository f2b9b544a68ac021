/* The play page's script (static/js/play.js) under Node: it loads on a page skeleton and waits
   for the server; a roll in a line of the move list; the renderer of a game with no board. */
import test from "node:test";
import assert from "node:assert/strict";
import { page, text } from "./page.mjs";

const { A, document } = page(["common.js", "svg.js", "games.js", "play.js"], {
  dom: (doc) => {
    const root = doc.getElementById("game");
    root.setAttribute("data-game-id", "g1");
    root.setAttribute("data-game", "a-game-with-no-board");
    doc.getElementById("undo").textContent = "Undo my last move";
  },
});

test("the page waits for the game, not ready until the server answers", () => {
  assert.notEqual(document.body.dataset.ready, "yes");
  assert.equal(typeof A.ctx.send, "function");
});

test("a roll in the move list says its need and chance, or what it decided", () => {
  const cases = [
    [{ name: "Movement points", roll: 3, mp: 9, p_success: "1/1", type: "roll", modifiers: [{ value: 6 }] },
      "Movement points: rolled 3, 9 MP"],
    [{ name: "Kill roll", roll: 5, target: 3, p_success: "2/3", success: true, type: "roll" },
      "Kill roll: rolled 5 (needs 3+, 66.7%) success"],
    [{ name: "Kill roll", roll: 1, target: 5, p_success: "1/3", success: false, type: "roll" },
      "Kill roll: rolled 1 (needs 5+, 33.3%) failure"],
    [{ name: "Marker", roll: 4, p_success: "1/1", type: "roll", modifiers: [] }, "Marker: automatic success"],
  ];
  for (const [ev, words] of cases) assert.equal(A.rollText(ev), words);
});

test("a game with no board of its own shows its view as a list and its actions as buttons", () => {
  const R = A.genericRenderer;
  const board = document.createElement("div");
  R.board(board, { view: { turn: 3, sides: { a: 1 } } });
  assert.deepEqual(board.querySelectorAll("dt").map(text), ["turn", "sides"]);
  assert.deepEqual(board.querySelectorAll("dd").map(text), ["3", '{"a":1}']);
  const controls = document.createElement("div");
  const sent = [];
  R.controls(controls, { view: { legal_actions: ["pass", { text: "fire" }, { action: "hold" }] } },
    { send: (words) => sent.push(...words) });
  const buttons = controls.querySelectorAll("button");
  assert.deepEqual(buttons.map(text), ["pass", "fire", "hold"]);
  buttons[1].click();
  assert.deepEqual(sent, ["fire"]);
  const cases = [[{ status: "finished" }, "Game over."], [{ status: "active", to_act: "Blue" }, "Blue to act"],
    [{ status: "active" }, ""]];
  for (const [data, words] of cases) assert.equal(R.status(data), words);
});
