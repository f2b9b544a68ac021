/* The start page's saved games (static/js/index.js): who plays, the score and the result of
   each game in words, as the table shows them. */
import test from "node:test";
import assert from "node:assert/strict";
import { page } from "./page.mjs";

const { A } = page(["common.js", "index.js"]);
const W = A.savedGames;

test("who plays each seat, said from the reader's side", () => {
  const cases = [
    [{ seats: { Allied: "human", Communist: "ai:expert" }, mine: true }, "Allied (you) vs Communist (AI expert)"],
    [{ seats: { Allied: "human", Communist: "remote" }, mine: false }, "Allied (a person) vs Communist (a person)"],
    [{ seats: { Blue: "remote", Red: "ai:tactical", referee: "human" }, mine: true },
      "Blue (a second browser) vs Red (AI tactical)"],
  ];
  for (const [g, words] of cases) assert.equal(W.matchup(g), words);
});

test("the score reads by side, kills counted in words, and where the game stands", () => {
  const seats = { Allied: "human", Communist: "ai:random" };
  const cases = [
    [{ seats, summary: { scores: { allied: 2, communist: 1 }, sortie: 2, sorties_per_side: 3 } },
      "Allied 2 – Communist 1 · sortie 2 of 3"],
    [{ seats: { Blue: "human", Red: "human" }, summary: { kills: { Blue: 1, Red: 2 }, turn: 4 } },
      "Blue 1 kill, Red 2 kills · turn 4"],
    [{ seats, summary: {} }, ""],
  ];
  for (const [g, words] of cases) assert.equal(W.scoreText(g), words);
});

test("the winner comes from the game's result, else from its returns", () => {
  const seats = { Allied: "human", Communist: "ai:random" };
  const cases = [
    [{ seats, summary: { result: "allied" } }, "Allied won"],
    [{ seats, summary: { result: "draw" } }, "Draw"],
    [{ seats, summary: { returns: [-1, 1] } }, "Communist won"],
    [{ seats, summary: { returns: [0, 0] } }, "Draw"],
    [{ seats, summary: {} }, "Over"],
  ];
  for (const [g, words] of cases) assert.equal(W.winnerText(g), words);
});

test("a game's result column: finished, damaged, or who is to move", () => {
  const seats = { Allied: "human", Communist: "ai:random" };
  const cases = [
    [{ seats, status: "finished", summary: { result: "communist", scores: { allied: 0, communist: 1 } } },
      "Communist won · Allied 0 – Communist 1"],
    [{ seats, status: "corrupt", summary: {} }, "damaged record"],
    [{ seats, status: "active", summary: { to_act: "Allied" } }, "Allied to move"],
    [{ seats, status: "active", summary: null }, "in progress"],
  ];
  for (const [g, words] of cases) assert.equal(W.resultText(g), words);
  assert.equal(W.titleOf("migs-sabres"), "Migs sabres");  /* before the catalog answers */
});
