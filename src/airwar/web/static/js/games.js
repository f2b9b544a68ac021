/* The renderer of a game the app has no board for: its view as a list, its actions as buttons.
   Game renderers (migs.js, gunslingers.js) register in Airwar.renderers under the game's name. */
"use strict";
(function (A) {
  A.genericRenderer = {
    board: function (node, data) {
      A.clear(node);
      const dl = A.el("dl", { class: "kv" });
      Object.entries(data.view).forEach(function (kv) {
        dl.appendChild(A.el("dt", { text: kv[0] }));
        dl.appendChild(A.el("dd", { text: typeof kv[1] === "object" ? JSON.stringify(kv[1]) : String(kv[1]) }));
      });
      node.appendChild(dl);
    },
    controls: function (node, data, ctx) {
      A.clear(node);
      const actions = data.view.legal_actions || [];
      const box = A.el("div", { class: "choices" });
      actions.forEach(function (a) {
        const text = typeof a === "string" ? a : (a.text || a.action);
        box.appendChild(A.el("button", { type: "button", "data-action": text, text: text,
          onclick: function () { ctx.send([text]); } }));
      });
      node.appendChild(box);
    },
    status: function (data) {
      if (data.status === "finished") return "Game over.";
      return data.to_act ? data.to_act + " to act" : "";
    },
  };

  A.rendererFor = function (game) { return A.renderers[game] || A.genericRenderer; };
})(window.Airwar);
