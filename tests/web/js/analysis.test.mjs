/* The replay page's analysis (static/js/analysis.js): the summary per seat and the move list
   with each decision's value, best, loss and mark, and each roll's luck. */
import test from "node:test";
import assert from "node:assert/strict";
import { page, text } from "./page.mjs";

const { A, document } = page(["common.js", "analysis.js"], {
  dom: (doc) => {
    doc.getElementById("replay").setAttribute("data-game-id", "g1");
    doc.getElementById("analysis-panel");
  },
});
const N = A.analysis;

test("values are signed to three places, with no negative zero", () => {
  const cases = [[0.08333, "+0.083"], [-1 / 6, "-0.167"], [-0.0001, "0.000"], [0, "0.000"], [1, "+1.000"]];
  for (const [v, words] of cases) assert.equal(N.signed(v), words);
});

const SEAT = (name, more) => ({ name, decisions: 10, choices: 8, average_loss: 0.01234,
  marks: { inaccuracy: 1, mistake: 0, blunder: 0 }, rolls: 4, own_p_at_least: 0.5625, luck: -0.25, ...more });

test("the summary has a row a seat, its luck signed and no luck without rolls", () => {
  const box = N.summary({ seats: [SEAT("Allied"), SEAT("Communist", { rolls: 0, luck: 0 })] });
  const rows = box.querySelectorAll("tbody tr").map((tr) => tr.children.map(text));
  assert.deepEqual(rows[0], ["Allied", "10", "8", "0.0123", "1", "0", "0", "4", "0.563", "-0.250"]);
  assert.deepEqual(rows[1].slice(7), ["0", "", "0.000"]);
});

test("the move list marks each decision and tells each roll's luck", () => {
  const data = { seat_names: ["Communist", "Allied"], engagements: [
    { number: 1, matchup: "MiG-15 vs F-86", active_seat: 0, listed_seat: 1, active_type: "MiG-15",
      listed_type: "F-86", turn_limit: 20, start: { value: 0.1, p_kill_active: 0.3, p_kill_listed: 0.2 },
      result: { value: 1 },
      steps: [
        { kind: "decision", index: 3, plane_type: "MiG-15", action: "F", value: 0.1, best: "F", best_value: 0.1,
          loss: 0, mark: null, p_kill_active: 0.3, p_kill_listed: 0.2 },
        { kind: "decision", index: 4, plane_type: "MiG-15", action: "WR", value: -0.2, best: "L", best_value: 0.1,
          loss: 0.3, mark: "blunder", p_kill_active: 0.1, p_kill_listed: 0.4 },
        { kind: "roll", plane_type: "MiG-15", name: "Kill roll", roll: 6, p_at_least: "1/6", swing: 0.8,
          p_kill_active: 1, p_kill_listed: 0 },
      ] },
    { number: 2, matchup: "F-80 vs Yak-9", active_seat: 1, listed_seat: 0, unrated: "no solution for this matchup" },
  ] };
  const box = N.moveList(data);
  const rows = box.querySelectorAll("tbody tr").map((tr) => tr.children.map(text));
  assert.deepEqual(rows[0], ["", "start", "+0.100", "", "", "", "", "30.0% / 20.0%"]);
  assert.deepEqual(rows[1].slice(0, 6), ["3", "MiG-15 F", "+0.100", "=", "0.000", ""]);
  assert.deepEqual(rows[2].slice(0, 6), ["4", "MiG-15 WR", "-0.200", "L +0.100", "0.300", "?? blunder"]);
  assert.deepEqual(rows[3].slice(1, 7), ["MiG-15: Kill roll: 6", "", "", "", "", "1/6 (+0.800)"]);
  assert.equal(text(box.querySelector("caption")), "Engagement 1: MiG-15 vs F-86 (Communist active, Allied listed), turn limit 20");
  assert.equal(text(box.querySelector(".unrated")),
    "Engagement 2: F-80 vs Yak-9 (Allied active, Communist listed): no solution for this matchup");
  const none = N.moveList({ seat_names: ["a", "b"], engagements: [] });
  assert.equal(text(none), "No engagement was fought in this game: nothing to analyse.");
});
