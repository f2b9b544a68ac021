/* The renderer of Duel, the test-only game installed apart (tests/plugin_game): the
   generic renderer, with the two fighters on the range and the shot's odds before its roll.
   Served from the game's own package at /static/games/duel/ (its web parts). */
"use strict";
(function (A) {
  const FARTHEST = 5;
  A.renderers.duel = Object.assign({}, A.genericRenderer, {
    board: function (node, data) {
      const view = data.view;
      A.clear(node);
      const track = A.el("ol", { id: "duel-track", "data-range": String(view.range),
        "aria-label": "Range " + view.range + " between the fighters" });
      for (let place = 0; place <= FARTHEST; place += 1) {
        const who = place === 0 ? "Red" : (place === view.range ? "Blue" : null);
        track.appendChild(A.el("li", { class: who ? "fighter" : "empty",
          text: who ? who + ": " + view.hits[who] + " hit(s)" : "-" }));
      }
      node.appendChild(track);
      if (view.pending_check) {
        node.appendChild(A.el("p", { id: "duel-check", text: view.pending_check.explain }));
      }
    },
    status: function (data) {
      const view = data.view;
      if (data.status === "finished") return view.winner ? view.winner + " wins." : "The duel is drawn.";
      const who = data.to_act ? ": " + data.to_act + " to act" : "";
      return "Round " + view.round + ", range " + view.range + who;
    },
  });
})(window.Airwar);
