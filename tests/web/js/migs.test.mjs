/* The MiGs and Sabres renderer (static/js/migs.js) under Node: the status line, the result in
   words, the moves by movement turn, and the Battle Board drawn at the size the view gives. */
import test from "node:test";
import assert from "node:assert/strict";
import { page, plain, text } from "./page.mjs";

const { A, document } = page(["common.js", "svg.js", "games.js", "migs_words.js", "migs.js"]);
const R = A.renderers["migs-engagement"];

const PLANES = {
  active: { type: "F-86", side: "allied", square: "a1", facing: "N", turns: 1 },
  listed: { type: "MiG-15", side: "communist", square: "k14", facing: "S", turns: 1 },
};
const engagement = (more) => ({ planes: PLANES, to_move: "active", to_move_side: "allied", step: "move",
  mp_left: 5, mp_rolled: 8, legal_actions: [], shots: [], ...more });

test("both MiGs games use the one renderer", () => {
  assert.equal(A.renderers["migs-sabres"], R);
  assert.equal(A.rendererFor("migs-sabres"), R);
  assert.equal(A.rendererFor("no-such-game"), A.genericRenderer);
});

test("the status says who is to move and what is left", () => {
  const cases = [
    [{ view: { engagement: engagement() }, status: "active" }, "F-86 (allied) to move, 5 MP left"],
    [{ view: { engagement: engagement({ step: "return_fire" }) }, status: "active" },
      "F-86 (allied) to return fire or hold"],
    [{ view: { phase: "sortie" }, status: "active", to_act: "Allied" }, "sortie: Allied to act"],
    [{ view: { phase: "over", terminal: true, engagement: engagement({ shot_down: "listed" }) },
      status: "finished" }, "Game over."],
  ];
  for (const [data, words] of cases) assert.equal(R.status(data), words);
});

test("the result says who won and how", () => {
  const cases = [
    [engagement({ shot_down: "listed", end_reason: "shot down" }), "Allied wins",
      "The F-86 (Allied) shot down the MiG-15 (Communist). Score: Allied 1, Communist 0."],
    [engagement({ end_reason: "both fired" }), "A draw",
      "Both planes fired and missed. Nobody was shot down. Score: Communist 0, Allied 0."],
    [engagement({ end_reason: "turn limit", turn_limit: 20 }), "A draw",
      "Both planes disengaged after 20 movement turns each (MS-11). Nobody was shot down. Score: Communist 0, Allied 0."],
  ];
  for (const [e, title, detail] of cases) {
    const r = R.result({ view: { game: "migs-engagement", terminal: true, engagement: e }, status: "finished" });
    assert.equal(r.title, title);
    assert.equal(r.detail, detail);
  }
  const campaign = R.result({ status: "finished", view: { game: "migs-sabres", terminal: true,
    scores: { communist: 2, allied: 3 }, result: "allied", scoring: "kills", sorties_per_side: 1 } });
  assert.deepEqual([campaign.title, campaign.detail],
    ["Allied wins", "Final score after 1 sortie per side (kills): Communist 2, Allied 3."]);
  assert.equal(R.result({ view: { engagement: engagement() }, status: "active" }), null);
});

test("the moves are told by movement turn, with the decisions they end on", () => {
  const log = [
    { type: "engagement_start", active: { type: "F-86" }, listed: { type: "MiG-15" } },
    { type: "movement_turn", plane: "active", plane_type: "F-86", turn: 1 },
    { type: "roll", plane: "active", name: "Movement points", roll: 3, mp: 9, p_success: "1/1", modifiers: [] },
    { type: "step", plane: "active", step: "F", frm: "a1", square: "a2" },
    { type: "step", plane: "active", step: "R", frm: "a2", square: "b3" },
    { type: "fire", plane: "active", aspect: "rear" },
    { type: "roll", attacker: "active", name: "Kill roll", roll: 5, target: 3, p_success: "2/3", success: true },
    { type: "kill", target_type: "MiG-15" },
  ];
  A.rollText = (ev) => ev.name + " " + ev.roll;  /* play.js's, tested there */
  assert.deepEqual(plain(R.moves(log)), [
    { text: "Engagement 1: F-86 (active) against MiG-15 (listed)", step: 0, heading: true, rolls: [] },
    { text: "F-86, turn 1: a1 F→a2 R→b3, fires (rear aspect): shoots down the MiG-15", step: 3,
      rolls: ["Movement points 3", "Kill roll 5"] },
  ]);
});

test("the Battle Board is drawn at the size the view gives", () => {
  for (const [columns, rows] of [[11, 14], [5, 4]]) {
    const node = document.createElement("div");
    const e = engagement({ planes: { active: { ...PLANES.active, square: "a1" },
      listed: { ...PLANES.listed, square: "e" + rows } } });
    R.board(node, { view: { board: { columns, rows }, engagement: e }, status: "active", my_turn: false }, {});
    const squares = node.querySelectorAll("rect.sq");
    assert.equal(squares.length, columns * rows);
    assert.equal(squares[squares.length - 1].getAttribute("data-square"), "abcdefghijk"[columns - 1] + rows);
    assert.equal(node.querySelectorAll("[data-role]").length, 2);
  }
});

test("a whole game's end is a table of its engagements", () => {
  const node = document.createElement("div");
  const log = [
    { type: "engagement_start", active: { type: "F-86" }, listed: { type: "MiG-15" } },
    { type: "engagement_end", reason: "shot down", shot_down: "listed", winner_side: "allied" },
    { type: "engagement_start", active: { type: "MiG-15" }, listed: { type: "F-80" } },
    { type: "engagement_end", reason: "turn limit" },
  ];
  R.board(node, { status: "finished", log_all: log, view: { board: { columns: 11, rows: 14 }, terminal: true,
    scores: { communist: 0, allied: 1 }, kills: { communist: 0, allied: 1 } } }, {});
  const rows = node.querySelector("#engagements-table").querySelectorAll("tr").slice(1).map(text);
  assert.deepEqual(rows, ["1F-86MiG-15MiG-15 shot down (Allied kill)",
    "2MiG-15F-80no kill: both disengaged at the turn limit"]);
});
