/* The play page: fetch the game for this seat's link, draw it, send decisions, follow changes
   live (server-sent events), animate the AI's decisions step by step, undo against the AI.
   The AI plays in the background on the server: a decision's answer comes at once with
   bots_thinking, and each of the AI's decisions arrives as a stream update. */
"use strict";
(function (A) {
  const root = document.getElementById("game");
  if (!root) return;
  const gameId = root.dataset.gameId;
  let seat = A.param("seat");
  const renderer = A.rendererFor(root.dataset.game);
  const board = document.getElementById("board");
  const controls = document.getElementById("controls");
  const extra = document.getElementById("extra");
  const errorBox = document.getElementById("error");
  const statusBox = document.getElementById("status");
  const logList = document.getElementById("log");
  const rollList = document.getElementById("rolls");
  const undoButton = document.getElementById("undo");
  const replayLink = document.getElementById("replay-link");
  const STEP_MS = 450;
  const ANIMATION_MS = 9000;  /* a long run of the AI's decisions is shown faster */
  const MAX_ANIMATED = 40;
  let current = null;
  let busy = false;

  /* "yes" once the page shows the game as it is, "no" while a request or an animation runs
     or the AI is still thinking (its decisions are on their way). */
  function ready(flag) { document.body.dataset.ready = flag ? "yes" : "no"; }
  function settled() { return !again && !(current && current.bots_thinking); }
  let animating = false;

  if (seat && replayLink) replayLink.href += "?seat=" + encodeURIComponent(seat);

  function query(extraParams) {
    const p = new URLSearchParams(extraParams || {});
    if (seat) p.set("seat", seat);
    const s = p.toString();
    return s ? "?" + s : "";
  }

  const ctx = {
    seat: seat,
    gameId: gameId,
    send: send,
    rerender: function () { if (current) draw(current); },
    setError: function (msg) { errorBox.textContent = msg || ""; },
  };
  A.ctx = ctx;

  function draw(data, viewOverride) {
    const shown = viewOverride ? Object.assign({}, data, { view: viewOverride, my_turn: false }) : data;
    renderer.board(board, shown, ctx);
    if (renderer.extra) renderer.extra(extra, shown, ctx);
    const mine = shown.my_turn && !animating;
    renderer.controls(controls, Object.assign({}, shown, { my_turn: mine }), ctx);
    let st = renderer.status(shown, ctx);
    if (shown.status !== "finished" && shown.my_turn && !viewOverride) st = "Your turn: " + st;
    if (shown.status !== "finished" && data.bots_thinking && !viewOverride) st = "AI thinking\u2026 " + st;
    statusBox.textContent = st;
    statusBox.classList.toggle("mine", !!mine);
    undoButton.hidden = !data.can_undo || animating;
    if (!viewOverride) showSolver(shown, mine);
    showInvites(data.invites || {});
    showFairness(data);
    document.body.dataset.decisions = data.decisions;
    document.body.dataset.status = data.status;
    document.body.dataset.botsThinking = data.bots_thinking ? "yes" : "no";
  }

  /* The solver's numbers (data.solver, present when the matchup's solution is cached): the
     engagement's value and kill chances in the engagement panel, and each legal step's value
     on its button and green square, best marked. The JSON gives them from the active plane's
     side; they are shown from the side of the plane to move. */
  function solverValue(v) {
    const r = Math.round(v * 1000) / 1000;
    return (r < 0 ? "" : "+") + (r === 0 ? 0 : r).toFixed(3);
  }

  function showSolver(data, mine) {
    const s = data.solver;
    const e = data.view && data.view.engagement;
    if (!s || !e) return;
    const me = s.to_move === "listed" ? "listed" : "active";
    const other = me === "active" ? "listed" : "active";
    const sign = me === "active" ? 1 : -1;
    const pl = e.planes;
    const unit = s.scoring === "base-value" ? "base-value points (IV.A)" : "expected kills";
    const pMe = me === "active" ? s.p_kill_active : s.p_kill_listed;
    const pOther = me === "active" ? s.p_kill_listed : s.p_kill_active;
    const box = document.getElementById("situation") || extra;
    const d = A.el("dl", { class: "kv" }, [
      A.el("dt", { text: "Value" }),
      A.el("dd", { "data-solver": "value", text: solverValue(sign * s.value) + " " + unit +
        " (own minus the " + pl[other].type + "'s)" }),
      A.el("dt", { text: "Kill chance" }),
      A.el("dd", { "data-solver": "kills", text: pl[me].type + " " + A.pct(pMe) + ", " +
        pl[other].type + " " + A.pct(pOther) }),
      s.best ? A.el("dt", { text: "Best move" }) : null,
      s.best ? A.el("dd", { "data-solver": "best", text: s.best }) : null,
    ]);
    box.appendChild(A.el("section", { id: "solver-values" }, [
      A.el("h3", { text: "Solver (optimal play by both planes)" }),
      A.el("p", { class: "hint", text: "From the " + pl[me].type + "'s (" +
        String(pl[me].side).charAt(0).toUpperCase() + String(pl[me].side).slice(1) +
        ") side, the plane to move." }),
      d,
    ]));
    if (!mine) return;
    controls.querySelectorAll("button[data-action]").forEach(function (btn) {
      const v = s.moves[btn.dataset.action];
      if (v === undefined) return;
      const best = btn.dataset.action === s.best;
      btn.appendChild(A.el("span", { class: "solver-value", "data-value": solverValue(sign * v),
        text: " " + solverValue(sign * v) + (best ? " \u2605" : "") }));
      if (best) btn.classList.add("solver-best");
    });
    board.querySelectorAll("g.step-target").forEach(function (g) {
      const v = s.moves[g.dataset.action];
      const rect = g.querySelector("rect");
      if (v === undefined || !rect) return;
      const best = g.dataset.action === s.best;
      const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
      t.setAttribute("x", Number(rect.getAttribute("x")) + 2);
      t.setAttribute("y", Number(rect.getAttribute("y")) + Number(rect.getAttribute("height")) - 3);
      t.setAttribute("font-size", 10);
      t.setAttribute("fill", best ? "#7a1f00" : "#1b4332");
      t.setAttribute("class", "solver-value");
      t.textContent = solverValue(sign * v) + (best ? " \u2605" : "");
      g.appendChild(t);
    });
  }

  /* The published commitment to the seed; once the game is over, the record that opens it. */
  function showFairness(data) {
    const panel = document.getElementById("fair-panel");
    panel.hidden = !data.commitment;
    if (!data.commitment) return;
    document.getElementById("commitment").textContent = data.commitment;
    const over = data.status === "finished";
    document.getElementById("record-line").hidden = !over;
    if (over) {
      document.getElementById("record-link").setAttribute(
        "href", A.url("/api/games/" + gameId + "/record"));
    }
  }

  function showInvites(invites) {
    const panel = document.getElementById("invite-panel");
    const list = document.getElementById("invites");
    const names = Object.keys(invites);
    panel.hidden = names.length === 0 || (current && current.status === "finished");
    A.clear(list);
    names.forEach(function (n) {
      const url = window.location.origin + invites[n];
      list.appendChild(A.el("li", {}, [A.el("strong", { text: n + ": " }),
        A.el("a", { href: invites[n], "data-seat": n, text: url })]));
    });
  }

  function showLog(data, append) {
    A.renderLog(logList, data.log, append);
    A.renderRolls(rollList, data.log, append);
  }

  /* After an AI's (or the other browser's) decisions, show each position in turn. */
  async function animateTo(data, fromDecisions) {
    const steps = [];
    /* the last MAX_ANIMATED positions at most; the log holds every decision */
    for (let i = Math.max(fromDecisions + 1, data.decisions - MAX_ANIMATED); i < data.decisions; i++) steps.push(i);
    if (!steps.length || !seat) return;
    const pause = Math.max(120, Math.min(STEP_MS, ANIMATION_MS / steps.length));
    animating = true;
    try {
      for (const step of steps) {
        const r = await A.api("GET", "/api/games/" + gameId + "/replay" + query({ step: step }));
        draw(data, r.view);
        statusBox.textContent = "Decision " + step + (r.decision ? ", " + r.decision_by + ": " + r.decision[1] : "");
        await new Promise(function (res) { setTimeout(res, pause); });
      }
    } catch (e) {
      /* the final position is drawn below in any case */
    } finally {
      animating = false;
    }
  }

  /* Hot seat: when another seat played at this browser is to act, this page takes it over. */
  function takeOverSeat(data) {
    if (data.status !== "running" || data.my_turn || !data.to_act || !data.hotseat) return false;
    const url = data.hotseat[data.to_act];
    if (!url) return false;
    seat = new URLSearchParams(url.split("?")[1]).get("seat");
    ctx.seat = seat;
    window.history.replaceState(null, "", url);
    if (replayLink) replayLink.href = A.url("/games/" + gameId + "/replay?seat=") + encodeURIComponent(seat);
    return true;
  }

  async function apply(data, append) {
    const before = current ? current.decisions : data.decisions;
    showLog(data, append);
    if (current && data.decisions > before + 1) {
      current = data;
      await animateTo(data, before);
    }
    current = data;
    draw(data);
    if (takeOverSeat(data)) { busy = false; await refresh(); }
  }

  let again = false;

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    again = false;
    ready(false);
    try {
      const since = current ? current.log_length : 0;
      const data = await A.api("GET", "/api/games/" + gameId + query({ since: since }));
      if (current && data.log_length < since) {
        const full = await A.api("GET", "/api/games/" + gameId + query());
        await apply(full, false);
      } else {
        await apply(data, !!current);
      }
      ctx.setError("");
    } catch (e) {
      ctx.setError(e.message);
    } finally {
      busy = false;
      ready(settled());
    }
    if (again) refresh();
  }

  async function send(actions) {
    if (!seat) { ctx.setError("open this game with your seat link to play"); return; }
    ctx.setError("");
    busy = true;
    ready(false);
    try {
      const since = current ? current.log_length : 0;
      const data = await A.api("POST", "/api/games/" + gameId + "/actions" + "?since=" + since,
        { seat: seat, actions: actions });
      const myDecisions = (current ? current.decisions : 0) + actions.length;
      showLog(data, true);
      if (data.decisions > myDecisions) {
        current = data;
        draw(data);
        await animateTo(data, myDecisions);
      }
      current = data;
      draw(data);
      if (takeOverSeat(data)) { busy = false; await refresh(); }
    } catch (e) {
      ctx.setError(e.message);
      if (current) draw(current);
    } finally {
      busy = false;
      ready(settled());
    }
    if (again) refresh();
  }

  undoButton.addEventListener("click", async function () {
    ctx.setError("");
    busy = true;
    ready(false);
    try {
      const data = await A.api("POST", "/api/games/" + gameId + "/undo", { seat: seat });
      current = data;
      showLog(data, false);
      draw(data);
    } catch (e) {
      ctx.setError(e.message);
    } finally {
      busy = false;
      ready(settled());
    }
    if (again) refresh();
  });

  function listen() {
    if (!window.EventSource) { setInterval(refresh, 2000); return; }
    const es = new EventSource(A.url("/api/games/" + gameId + "/stream" + query()));
    es.addEventListener("update", function (msg) {
      const info = JSON.parse(msg.data);
      /* a decision (the AI's too, one at a time) or the AI starting or ending its thinking */
      if (!current || info.version !== current.version ||
          !!info.bots_thinking !== !!current.bots_thinking) refresh();
    });
  }

  refresh().then(listen);
})(window.Airwar);
