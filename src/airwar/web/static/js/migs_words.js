/* MiGs and Sabres in words, without the page: a step square's accessible name and how good
   the player's last move was (the hints "after my move": the value before and after it,
   the best move, the analysis's marks). The log's lines are the server's (the game's own).
   The play and replay pages load it before migs.js (as Airwar.migsWords); Node requires
   it for tests/web/js. */
"use strict";
(function (root, make) {
  const m = make();
  if (typeof module === "object" && module.exports) module.exports = m;
  else { root.Airwar = root.Airwar || {}; root.Airwar.migsWords = m; }
})(typeof self !== "undefined" ? self : this, function () {
  const STEP_WORD = { F: "straight", L: "left 45°", R: "right 45°", WL: "wing-over left", WR: "wing-over right" };
  const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };

  /* A legal step's square on the board: its name starts with the text it shows ("F 8"),
     so that a user who speaks what they see names it (WCAG 2.5.3), then the step in words. */
  function stepLabel(a) {
    return a.action + " " + a.mp_left + ": " + (STEP_WORD[a.action] || a.kind) + " to " + a.square +
      " facing " + a.facing + ", " + a.mp_left + " MP left";
  }

  /* A solver value, signed, to three places ("+0.083", "-0.167", "0.000"). */
  function signed(v) {
    const r = Math.round(v * 1000) / 1000;
    if (r === 0) return "0.000";
    return (r > 0 ? "+" : "") + r.toFixed(3);
  }

  function path(steps) { return steps.length ? steps.join(" ") : "no decision"; }

  /* How good the last move was, from move_review of the game's JSON: a headline with the
     mark, the value before and after, the best move, and one line per decision that was
     not the best (its loss and mark, as the analysis gives them). */
  function review(r) {
    const unit = r.scoring === "base-value" ? "base-value points (IV.A)" : "expected kills";
    const best = r.best_path.join(" ") === r.path.join(" ");
    const verdict = r.mark ? r.symbol + " " + r.mark : r.loss < 5e-4 ? "a best move" : "a good move";
    const lines = r.decisions.filter(function (d) { return d.loss >= 5e-4; }).map(function (d) {
      return "Decision " + d.index + ": " + d.action + " (" + signed(d.value) + "), best " + d.best +
        " (" + signed(d.best_value) + "): lost " + d.loss.toFixed(3) +
        (d.mark ? ", " + SYMBOL[d.mark] + " " + d.mark : "");
    });
    return {
      title: "Your last move (" + r.plane + ", turn " + r.turn + "): " + verdict,
      mark: r.mark || (r.loss < 5e-4 ? "best" : "good"),
      pairs: [
        ["Your move", path(r.path)],
        ["Value before", signed(r.before) + " " + unit],
        ["Value after", signed(r.after) + " (" + (r.loss < 5e-4 ? "nothing lost" : "lost " + r.loss.toFixed(3)) + ")"],
        ["Best move", path(r.best_path) + (best ? " (yours)" : "")],
      ],
      lines: lines,
    };
  }

  return { stepLabel: stepLabel, signed: signed, review: review, STEP_WORD: STEP_WORD };
});
