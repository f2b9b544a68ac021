/* The replay page: step back and forward through any game, finished or running. */
"use strict";
(function (A) {
  const root = document.getElementById("replay");
  if (!root) return;
  const gameId = root.dataset.gameId;
  const seat = A.param("seat");
  const renderer = A.rendererFor(root.dataset.game);
  const board = document.getElementById("board");
  const extra = document.getElementById("extra");
  const scrub = document.getElementById("scrub");
  const label = document.getElementById("step-label");
  const statusBox = document.getElementById("status");
  let steps = 0;
  let step = 0;
  const ctx = { seat: seat, gameId: gameId, send: function () {}, rerender: function () {},
    setError: function (m) { statusBox.textContent = m || ""; } };
  if (seat) document.getElementById("play-link").href += "?seat=" + encodeURIComponent(seat);

  async function show(n) {
    const p = new URLSearchParams({ step: String(n) });
    if (seat) p.set("seat", seat);
    try {
      const r = await A.api("GET", "/api/games/" + gameId + "/replay?" + p.toString());
      steps = r.steps; step = r.step;
      scrub.max = String(steps); scrub.value = String(step);
      label.textContent = "decision " + step + " of " + steps;
      const data = { id: gameId, game: r.game, view: r.view, my_turn: false, status: "replay",
        decisions: step, log: r.log };
      renderer.board(board, data, ctx);
      if (renderer.extra) renderer.extra(extra, data, ctx);
      statusBox.textContent = renderer.status(data, ctx);
      document.getElementById("decision").textContent = r.decision ?
        r.decision_by + ": " + r.decision[1] : "the start, before any decision";
      A.renderLog(document.getElementById("log"), r.log, false);
      A.renderRolls(document.getElementById("rolls"), r.log, false);
      document.body.dataset.step = String(step);
      document.body.dataset.steps = String(steps);
    } catch (e) {
      statusBox.textContent = e.message;
    }
  }

  A.replayShow = function (n) { if (n >= 0 && n <= steps) show(n); };  // the analysis's move list

  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("back").addEventListener("click", function () { if (step > 0) show(step - 1); });
  document.getElementById("forward").addEventListener("click", function () { if (step < steps) show(step + 1); });
  document.getElementById("last").addEventListener("click", function () { show(steps); });
  scrub.addEventListener("change", function () { show(Number(scrub.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft" && step > 0) show(step - 1);
    if (e.key === "ArrowRight" && step < steps) show(step + 1);
  });
  const start = A.param("step");
  show(start !== null ? Number(start) : 0).then(function () {
    return start === null ? show(steps) : null;
  }).then(function () { document.body.dataset.ready = "yes"; });
})(window.Airwar);
