/* The pure parts of the seat actions between players (static/js/seat_actions.js): the
   presence lines, the buttons a seat is offered, the offer in words, and when a stream
   update asks the page to reload. Run by tests/web/test_js_node.py (`node --test tests/web/js`). */
import test from "node:test";
import assert from "node:assert/strict";
import { module } from "./page.mjs";

const S = module("seat_actions.js");

const RUNNING = { concede: true, can_resign: true, can_offer_draw: true, draw_offer: null,
  can_answer_draw: false, rematch_by: null, rematch_made: false, can_propose_rematch: false,
  can_accept_rematch: false, rematch_direct: false, rematch_url: null, presence: {} };

test("seconds ago in words", () => {
  for (const [s, words] of [[0, "0 s"], [30, "30 s"], [59.9, "59 s"], [60, "1 min"], [3599, "59 min"],
    [7200, "2 h"], [-5, "0 s"], ["x", "0 s"]]) {
    assert.equal(S.ago(s), words);
  }
});

test("a player gone is told with how long ago, counting on from the fetch", () => {
  const lines = S.presenceLines({ Communist: { here: false, left: 30 } }, [], 2.5);
  assert.deepEqual(lines, [{ seat: "Communist", gone: true, text: "Communist has left (disconnected 32 s ago)" }]);
});

test("a player back is told only after it was told gone; one here all along is not", () => {
  assert.deepEqual(S.presenceLines({ Allied: { here: true } }, [], 0), []);
  assert.deepEqual(S.presenceLines({ Allied: { here: true } }, ["Allied"], 0),
    [{ seat: "Allied", gone: false, text: "Allied is back" }]);
});

test("the buttons follow the table: offer or answer a draw, resign; none for a spectator", () => {
  const ids = (t, status) => S.buttons(t, status || "running").map((b) => b[0]);
  assert.deepEqual(ids(RUNNING), ["offer-draw", "resign"]);
  assert.deepEqual(ids({ ...RUNNING, can_offer_draw: false, can_answer_draw: true, draw_offer: "Allied" }),
    ["accept-draw", "decline-draw", "resign"]);
  assert.deepEqual(ids({}), []);
  assert.deepEqual(ids({ ...RUNNING, can_offer_draw: false }), ["resign"]);
});

test("after the game: propose a rematch only where it cannot be started here", () => {
  const done = { ...RUNNING, can_resign: false, can_offer_draw: false };
  const ids = (t) => S.buttons(t, "finished").map((b) => b[0]);
  assert.deepEqual(ids({ ...done, can_propose_rematch: true }), ["propose-rematch"]);
  assert.deepEqual(ids({ ...done, can_propose_rematch: true, rematch_direct: true }), []);
  assert.deepEqual(ids({ ...done, can_accept_rematch: true, rematch_by: "Allied" }), ["accept-rematch", "decline-rematch"]);
  assert.deepEqual(ids({ ...done, rematch_url: "/games/x?seat=y", can_propose_rematch: true }), []);
});

test("the offer in words, for the offerer and for the other side", () => {
  const t = { ...RUNNING, draw_offer: "Communist" };
  assert.equal(S.offerLine(t, "Communist", "running"), "You offered a draw: waiting for the answer.");
  assert.equal(S.offerLine(t, "Allied", "running"), "Communist offers a draw.");
  assert.equal(S.offerLine(RUNNING, "Allied", "running"), null);
  assert.equal(S.offerLine({ rematch_by: "Allied" }, "Communist", "finished"), "Allied proposes a rematch (sides swapped).");
  assert.equal(S.offerLine({ rematch_url: "/games/x" }, "Communist", "finished"), "The rematch is ready (sides swapped).");
});

test("a stream update reloads the page only when the table moved", () => {
  const stream = { ...RUNNING, presence: { Allied: true } };
  const shown = { ...RUNNING, presence: { Allied: { here: true } } };
  delete stream.rematch_url; delete stream.rematch_direct;
  assert.equal(S.changed(stream, shown), false);
  assert.equal(S.changed({ ...stream, draw_offer: "Allied" }, shown), true);
  assert.equal(S.changed({ ...stream, presence: { Allied: false } }, shown), true);
  assert.equal(S.changed({ ...stream, rematch_made: true }, shown), true);
  assert.equal(S.changed({ ...stream, rematch_made: true }, { ...shown, rematch_url: "/games/x" }), false);
  assert.equal(S.changed(undefined, shown), false);
});

test("the Resign button asks how the game scores it (MS-35 and its option)", () => {
  assert.equal(S.resignQuestion({ resignation: "loses" }, "Allied"), "Resign this game? Allied loses it, whatever the score.");
  assert.equal(S.resignQuestion({ resignation: "score" }, "Allied"), "Stop this game here? The score so far decides it.");
});

test("the result panel of a conceded game says who won and how, with the score as it stood", () => {
  const view = { concession: { kind: "resign", side: "allied", result: "communist" }, ended_by: "Allied resigned",
    scores: { communist: 1, allied: 0 } };
  assert.deepEqual(S.concededResult(view), { winner: "communist", title: "Communist wins",
    detail: "Allied resigned. Score: Communist 1, Allied 0." });
  const drawn = { concession: { kind: "draw-agreed", side: "allied", result: "draw" }, ended_by: "drawn by agreement" };
  assert.deepEqual(S.concededResult(drawn), { winner: null, title: "A draw", detail: "Drawn by agreement." });
  assert.equal(S.concededResult({ scores: {} }), null);
});
