/* The play page: fetch the game for this seat's link, draw it, send decisions, follow changes
   live (server-sent events), show the AI's decisions quickly step by step (skippable, at a
   speed kept in this browser), undo a whole move against the AI, a move list whose entries
   show the board at that point, the result and a rematch at the end, and the keyboard:
   arrow keys and Enter to step, F to fire, U to undo.
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
  const undoNote = document.getElementById("undo-note");
  const noticeList = document.getElementById("notices");
  const UNDO_TEXT = undoButton.textContent;
  const replayLink = document.getElementById("replay-link");
  const thinking = document.getElementById("thinking");
  const skipButton = document.getElementById("skip");
  const speedSelect = document.getElementById("speed");
  const speedLabel = document.getElementById("speed-label");
  const movesList = document.getElementById("moves");
  const viewingBox = document.getElementById("viewing");
  const SPEEDS = { instant: 0, fast: 150, normal: 350, slow: 700 };
  const SPEED_KEY = "airwar.aiSpeed";
  const MAX_ANIMATED = 40;
  let current = null;
  let events = [];  /* every event of the log this reader may read, in order */
  let busy = false;
  let animating = false;
  let skip = false;
  let viewing = null;  /* {step, steps, view} while the move list shows an earlier position */
  let boardKeys = false;  /* a step was taken from the board by the keyboard: focus a step again */
  let lastKeyAction = null;  /* ... the same kind of step, when the new position has one */

  /* "yes" once the page shows the game as it is, "no" while a request or an animation runs
     or the AI is still thinking (its decisions are on their way). */
  function ready(flag) { document.body.dataset.ready = flag ? "yes" : "no"; }
  function settled() { return !again && !(current && current.bots_thinking); }

  if (seat && replayLink) replayLink.href += "?seat=" + encodeURIComponent(seat);

  /* -- a roll in a line of the move list (automatic rolls say so: common.js) -------- */
  A.rollText = function (ev) {
    if (ev.mp !== undefined) return ev.name + ": rolled " + ev.roll + ", " + ev.mp + " MP";
    if (A.automaticRoll(ev)) return ev.name + ": automatic " + (ev.p_success === "1/1" ? "success" : "failure");
    return ev.name + ": rolled " + ev.roll + " (needs " + ev.target + "+, " + A.pct(ev.p_success) + ") " +
      (ev.success ? "success" : "failure");
  };

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
    refresh: function () { return refresh(); },
  };
  A.ctx = ctx;

  /* -- the AI's speed, kept in this browser ------------------------------------------ */
  function speed() {
    let name = null;
    try { name = window.localStorage.getItem(SPEED_KEY); } catch (e) { name = null; }
    return Object.prototype.hasOwnProperty.call(SPEEDS, name) ? name : "fast";
  }
  if (speedSelect) {
    speedSelect.value = speed();
    speedSelect.addEventListener("change", function () {
      try { window.localStorage.setItem(SPEED_KEY, speedSelect.value); } catch (e) { /* private mode */ }
    });
  }
  if (skipButton) skipButton.addEventListener("click", function () { skip = true; });

  /* Whether an AI plays a seat of this game (its moves are then shown step by step, at the
     speed chosen here); between people the other side's move is simply shown as it comes. */
  function hasAI(data) {
    const seats = data.seats || {};
    return Object.keys(seats).some(function (k) { return /^(ai|assist):/.test(String(seats[k])); });
  }

  function showThinking(data) {
    const ai = !!(data && data.bots_thinking && data.status !== "finished");
    const on = ai || animating;
    thinking.hidden = !on;
    document.getElementById("thinking-text").textContent = animating ?
      "Showing the AI's move\u2026" : "AI thinking\u2026";
    skipButton.hidden = !animating;
    document.body.dataset.thinking = on ? "yes" : "no";
  }

  function draw(data, viewOverride) {
    /* an earlier position is read as it stood then: over only if the game had ended there */
    const shown = Object.assign({}, data, { log_all: events }, viewOverride ? { view: viewOverride,
      my_turn: false, status: viewOverride.terminal ? "finished" : "running" } : {});
    const held = board.contains(document.activeElement) ? document.activeElement.dataset.action : null;
    if (held) { boardKeys = true; lastKeyAction = held; }  /* a step in focus keeps its place */
    renderer.board(board, shown, ctx);
    if (renderer.extra) renderer.extra(extra, shown, ctx);
    const mine = shown.my_turn && !animating;
    renderer.controls(controls, Object.assign({}, shown, { my_turn: mine }), ctx);
    if (viewing && viewOverride) {
      A.clear(controls);
      controls.appendChild(A.el("p", { class: "hint", id: "read-only", text: "Read only: the board after decision " +
        viewing.step + ". " + (data.status === "finished" ? "Back to the game (Esc) for its end." :
        "Back to the game (Esc) to play on.") }));
    }
    if (speedLabel) speedLabel.hidden = !hasAI(data) || data.status === "finished";
    let st = renderer.status(shown, ctx);
    if (shown.status !== "finished" && shown.my_turn && !viewOverride) st = "Your turn: " + st;
    if (shown.status !== "finished" && data.bots_thinking && !viewOverride) st = "AI thinking\u2026 " + st;
    if (viewing && viewOverride) st = "After decision " + viewing.step + " of " + viewing.steps + ": " + st;
    statusBox.textContent = st;
    statusBox.classList.toggle("mine", !!mine);
    undoButton.hidden = !data.can_undo || animating || !!viewOverride || data.status === "finished";
    undoButton.textContent = data.undo_label || UNDO_TEXT;
    showNotices(data.notices || []);
    showThinking(data);
    if (!viewOverride) showSolver(shown, mine);
    if (renderer.moveReview && !(viewing && viewOverride)) renderer.moveReview(extra, data);
    if (mine && boardKeys && !board.contains(document.activeElement)) refocusBoard();
    showResult(data);
    showInvites(data.invites || {}, data.joined || []);
    showMove(data);
    showFairness(data);
    if (A.seatActions) A.seatActions.show(data, ctx);  /* resign, draw, rematch, presence */
    document.body.dataset.decisions = data.decisions;
    document.body.dataset.status = data.status;
    document.body.dataset.botsThinking = data.bots_thinking ? "yes" : "no";
    document.body.dataset.hints = data.hints || "off";
  }

  /* The decisions the referee took back, as this seat may read them (every seat is told). */
  function showNotices(notices) {
    if (!noticeList) return;
    A.clear(noticeList);
    noticeList.hidden = notices.length === 0;
    notices.forEach(function (n) { noticeList.appendChild(A.el("li", { class: "notice", text: n })); });
    document.body.dataset.notices = String(notices.length);
  }

  /* -- the end of the game: who won, how, the score; rematch, new game, analyse --------- */
  function showResult(data) {
    const panel = document.getElementById("result");
    const r = data.status === "finished" && renderer.result ? renderer.result(data) :
      data.status === "finished" ? { title: "Game over", detail: "" } : null;
    panel.hidden = !r;
    if (!r) return;
    document.getElementById("result-title").textContent = r.title;
    document.getElementById("result-detail").textContent = r.detail;
    const me = data.seat ? String(data.seat).toLowerCase() : null;
    panel.dataset.outcome = !r.winner ? "draw" : me && r.winner === me ? "won" : me ? "lost" : "over";
    const analyse = document.getElementById("analyse");
    analyse.href = A.url("/games/" + gameId + "/replay") + (seat ? "?seat=" + encodeURIComponent(seat) : "") + "#analyse";
    document.getElementById("rematch").hidden = !seat || !isHost(data);
  }

  function isHost(data) {
    /* the seat played here by the person who made the game (a game against the AI, or the host) */
    return !!(data.seat && data.seats && data.seats[data.seat] === "human");
  }

  document.getElementById("rematch").addEventListener("click", async function () {
    ctx.setError("");
    try {
      const made = await A.api("POST", "/api/games/" + gameId + "/rematch", { seat: seat });
      const mine = made.links.filter(function (l) { return l.kind === "human"; })[0] || made.links[0];
      window.location.assign(A.url(mine.url));
    } catch (e) {
      ctx.setError(e.message);
    }
  });

  /* The solver's numbers (data.solver, sent only when this seat's hints are on and the
     matchup's solution is cached): the engagement's value and kill chances in the engagement
     panel, and each legal step's value on its button and green square, best marked. The JSON
     gives them from the active plane's side; they are shown from the side of the plane to move. */
  function solverValue(v) {
    const r = Math.round(v * 1000) / 1000;
    return (r < 0 ? "" : "+") + (r === 0 ? 0 : r).toFixed(3);
  }

  function showSolver(data, mine) {
    const s = data.solver;
    const e = data.view && data.view.engagement;
    if (!s || !e || data.status === "finished") return;
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
      A.el("h3", { text: "Hints: the solver (optimal play by both planes)" }),
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
      /* the name keeps the square's visible text first: now its value too */
      const name = g.getAttribute("aria-label") || "";
      const cut = name.indexOf(": ");
      if (cut > 0) {
        g.setAttribute("aria-label", name.slice(0, cut) + " " + t.textContent + name.slice(cut) +
          " (the solver's value" + (best ? ", the best step" : "") + ")");
      }
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

  /* The host's links for the players on other browsers: each link until its player opens it
     (a seat link is claim-once), then "Red: joined" in its place. */
  function showInvites(invites, joined) {
    const panel = document.getElementById("invite-panel");
    const list = document.getElementById("invites");
    const names = Object.keys(invites);
    panel.hidden = (names.length === 0 && joined.length === 0) || (current && current.status === "finished");
    A.clear(list);
    names.forEach(function (n) {
      const url = window.location.origin + invites[n];
      list.appendChild(A.el("li", {}, [A.el("strong", { text: n + ": " }),
        A.el("a", { href: invites[n], "data-seat": n, text: url })]));
    });
    joined.forEach(function (n) {
      list.appendChild(A.el("li", { class: "joined", "data-joined": n, text: n + ": joined" }));
    });
  }

  /* Moving this seat to another device: a link only the browser holding the seat can ask for,
     that works once; the browser that opens it holds the seat and this one loses it. */
  const movePanel = document.getElementById("move-panel");
  function showMove(data) {
    if (movePanel) movePanel.hidden = !data.seat;
  }
  if (movePanel) {
    document.getElementById("move-seat").addEventListener("click", async function () {
      ctx.setError("");
      try {
        const made = await A.api("POST", "/api/games/" + gameId + "/move", { seat: seat });
        const link = document.getElementById("move-link");
        link.href = made.url;
        link.textContent = window.location.origin + made.url;  /* the prefix is in it */
        document.getElementById("move-link-line").hidden = false;
      } catch (e) {
        ctx.setError(e.message);
      }
    });
  }

  /* -- the log, the rolls and the move list -------------------------------------------- */
  function showLog(data, append) {
    if (append) events = events.concat(data.log);
    else events = data.log.slice();
    A.renderLog(logList, data.log, append);
    A.renderRolls(rollList, data.log, append);
    showMoves();
  }

  function showMoves() {
    const panel = document.getElementById("moves-panel");
    if (!renderer.moves) { panel.hidden = true; return; }
    panel.hidden = false;
    if (renderer.movesHint) document.getElementById("moves-hint").textContent = renderer.movesHint;
    const entries = renderer.moves(events);
    const hadFocus = movesList.contains(document.activeElement) || focusMoves;
    focusMoves = false;
    const scrolled = movesList.scrollTop;
    A.clear(movesList);
    entries.forEach(function (m, i) {
      if (m.heading) {
        movesList.appendChild(A.el("li", { class: "move-heading", text: m.text }));
        return;
      }
      const selected = viewing && viewing.step === m.step;
      movesList.appendChild(A.el("li", { class: "move" + (selected ? " selected" : "") }, [
        A.el("button", { type: "button", class: "move-entry", "data-step": m.step, "data-move": i,
          "aria-pressed": selected ? "true" : "false",
          title: "Show the board after this move (←/→ step through the moves, Esc goes back)",
          text: m.text, onclick: function () { viewAt(m.step); } }),
        m.rolls.length ? A.el("div", { class: "mods", text: m.rolls.join("; ") }) : null,
      ]));
    });
    const chosen = viewing ? movesList.querySelector("li.selected .move-entry") : null;
    if (!chosen) { movesList.scrollTop = movesList.scrollHeight; return; }
    /* the entry shown stays in sight (and keeps the keyboard's focus), the list where it was */
    movesList.scrollTop = scrolled;
    const box = movesList.getBoundingClientRect(), at = chosen.getBoundingClientRect();
    if (at.top < box.top) movesList.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) movesList.scrollTop += at.bottom - box.bottom;
    if (hadFocus) chosen.focus({ preventScroll: true });
  }

  /* The positions of the move list to step through with the arrow keys, as decision counts
     (once each: a move without a step shows the same position as the one before it). */
  function moveSteps() {
    const out = [];
    movesList.querySelectorAll("button.move-entry").forEach(function (b) {
      const n = Number(b.dataset.step);
      if (out.indexOf(n) < 0) out.push(n);
    });
    return out;
  }

  let focusMoves = false;
  function stepMoves(back) {
    const list = moveSteps();
    if (!list.length) return;
    const from = requested !== null ? requested : viewing ? viewing.step : null;
    const at = from === null ? -1 : list.indexOf(from);
    const next = at < 0 ? (back ? list.length - 1 : 0) : Math.max(0, Math.min(list.length - 1, at + (back ? -1 : 1)));
    if (at >= 0 && next === at) return;
    focusMoves = true;
    viewAt(list[next]);
  }

  let requested = null;  /* the move list's step asked for last (the arrows may run ahead) */
  async function viewAt(step) {
    requested = step;
    try {
      const r = await A.api("GET", "/api/games/" + gameId + "/replay" + query({ step: step }));
      if (requested !== step) return;  /* a later entry was asked for meanwhile */
      requested = null;
      viewing = { step: step, steps: r.steps, view: r.view };
      viewingBox.hidden = false;
      document.getElementById("viewing-text").textContent = "Showing the board after decision " + step +
        " of " + r.steps + " (read only). " + (current && current.status === "finished" ?
        "The game is over: its result is above." : "The game goes on meanwhile.");
      document.body.dataset.viewing = String(step);
      if (current) draw(current, r.view);
      showMoves();
    } catch (e) {
      requested = null;
      ctx.setError(e.message);
    }
  }

  function backToGame() {
    viewing = null;
    requested = null;
    viewingBox.hidden = true;
    document.body.dataset.viewing = "";
    if (current) draw(current);
    showMoves();
  }
  document.getElementById("back-to-game").addEventListener("click", backToGame);

  /* -- the AI's decisions, shown one position at a time -------------------------------- */
  function pause(ms) {
    return new Promise(function (res) {
      const until = Date.now() + ms;
      (function tick() {
        if (skip || Date.now() >= until) res();
        else setTimeout(tick, Math.min(40, until - Date.now()));
      })();
    });
  }

  /* Show the positions after decisions fromDecisions+1 .. data.decisions (another seat's:
     the AI's, or the other browser's), one at a time at the chosen speed; the last is the
     game as it is now. Skip (or the speed "at once") shows the end of the move at once, and
     the rest of that move as it comes. */
  let skipping = false;
  async function animateTo(data, fromDecisions) {
    const steps = [];
    for (let i = Math.max(fromDecisions + 1, data.decisions - MAX_ANIMATED); i <= data.decisions; i++) steps.push(i);
    const ms = SPEEDS[speed()];
    if (!steps.length || !seat || ms === 0 || viewing || skipping || !hasAI(data)) return;
    animating = true;
    skip = false;
    try {
      for (const step of steps) {
        if (skip) break;
        if (step === data.decisions) {
          draw(data);
        } else {
          const r = await A.api("GET", "/api/games/" + gameId + "/replay" + query({ step: step }));
          if (skip) break;
          draw(data, r.view);
          statusBox.textContent = "The AI's move: decision " + step +
            (r.decision ? ", " + r.decision_by + ": " + r.decision[1] : "");
        }
        await pause(ms);
      }
    } catch (e) {
      /* the final position is drawn below in any case */
    } finally {
      if (skip) skipping = true;
      animating = false;
      skip = false;
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

  function drawNow(data) {
    if (viewing) draw(data, viewing.view);
    else draw(data);
  }

  async function apply(data, append) {
    const before = current ? current.decisions : data.decisions;
    showLog(data, append);
    if (current && data.decisions > before) {
      current = data;
      await animateTo(data, before);
    }
    if (data.my_turn || !data.bots_thinking) skipping = false;
    current = data;
    drawNow(data);
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
    if (animating) skip = true;  /* acting now: the AI's move is shown at once */
    while (busy || animating) await new Promise(function (res) { setTimeout(res, 30); });
    ctx.setError("");
    undoNote.textContent = "";
    if (viewing) backToGame();
    busy = true;
    ready(false);
    try {
      const since = current ? current.log_length : 0;
      const data = await A.api("POST", "/api/games/" + gameId + "/actions" + "?since=" + since,
        { seat: seat, actions: actions, version: current ? current.version : undefined });
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
      if (e.status === 409) again = true;  /* the game moved on: show it as it is now */
    } finally {
      busy = false;
      ready(settled());
    }
    if (again) refresh();
  }

  async function undo() {
    if (busy || animating || undoButton.hidden) return;
    ctx.setError("");
    if (viewing) backToGame();
    busy = true;
    ready(false);
    const before = current ? current.decisions : 0;
    const takeback = !!(current && current.undo_label);  /* the referee's take-back */
    try {
      const data = await A.api("POST", "/api/games/" + gameId + "/undo",
        { seat: seat, version: current ? current.version : undefined });
      current = data;
      showLog(data, false);
      draw(data);
      const n = before - data.decisions;
      const notes = data.notices || [];
      undoNote.textContent = takeback && notes.length ? notes[notes.length - 1] :
        "Took back your last move and the AI's reply (" + n + " decision" +
        (n === 1 ? "" : "s") + "); the dice stay as they fell.";
    } catch (e) {
      ctx.setError(e.message);
    } finally {
      busy = false;
      ready(settled());
    }
    if (again) refresh();
  }
  undoButton.addEventListener("click", undo);

  /* -- the keyboard: arrows choose a step on the board, Enter takes it, F fires, U undoes -- */
  function targets() {
    return Array.prototype.slice.call(board.querySelectorAll("g.step-target"));
  }

  /* After a step taken with the keyboard the board is drawn anew: the focus goes to a step of
     the new position (the same kind of step if there is one), so the next arrow or Enter
     goes on from there rather than from the page's start. */
  function refocusBoard() {
    const list = targets();
    if (!list.length) return;
    boardKeys = false;
    const same = list.filter(function (g) { return g.dataset.action === lastKeyAction; })[0];
    (same || list[0]).focus();
  }
  document.addEventListener("focusin", function (ev) {
    if (!board.contains(ev.target) && ev.target !== document.body) boardKeys = false;
  });

  function typing(ev) {
    const t = ev.target;
    return t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" ||
      t.isContentEditable);
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || typing(ev)) return;
    if (ev.key === "Escape" && viewing) { backToGame(); return; }
    const arrow = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].indexOf(ev.key) >= 0;
    /* reviewing: the arrows step through the move list (from an entry of it, too) */
    if (arrow && (viewing || movesList.contains(document.activeElement))) {
      stepMoves(ev.key === "ArrowLeft" || ev.key === "ArrowUp");
      ev.preventDefault();
      return;
    }
    if (!current || !current.my_turn || animating || viewing) return;
    const list = targets();
    const at = list.indexOf(document.activeElement);
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].indexOf(ev.key) >= 0 && list.length) {
      const back = ev.key === "ArrowLeft" || ev.key === "ArrowUp";
      const next = at < 0 ? (back ? list.length - 1 : 0) : (at + (back ? -1 : 1) + list.length) % list.length;
      list[next].focus();
      ev.preventDefault();
      return;
    }
    if (ev.key === "Enter" || ev.key === " ") {
      const el = document.activeElement;
      if (el && el.getAttribute && el.getAttribute("role") === "button" && board.contains(el)) {
        boardKeys = true;
        lastKeyAction = el.dataset.action || null;
        el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        ev.preventDefault();
      }
      return;
    }
    if (ev.key === "f" || ev.key === "F") {
      const fire = controls.querySelector("button[data-action='fire']");
      if (fire) { fire.click(); ev.preventDefault(); }
      return;
    }
    if (ev.key === "u" || ev.key === "U") {
      if (!undoButton.hidden) { undo(); ev.preventDefault(); }
    }
  });

  /* -- how to play ------------------------------------------------------------------- */
  const helpPanel = document.getElementById("help-panel");
  if (renderer.help) renderer.help(document.getElementById("help"));
  else helpPanel.hidden = true;

  function listen() {
    if (!window.EventSource) { setInterval(refresh, 2000); return; }
    const es = new EventSource(A.url("/api/games/" + gameId + "/stream" + query()));
    es.addEventListener("update", function (msg) {
      const info = JSON.parse(msg.data);
      /* a decision (the AI's too, one at a time), the AI starting or ending its thinking,
         or, on the host's page while it still shows a link, a player opening its link
         (the page then reads "Red: joined") */
      const opened = !!current && Object.keys(current.invites || {}).length > 0 &&
        info.joined !== (current.joined || []).length;
      if (!current || info.version !== current.version || opened ||
          !!info.bots_thinking !== !!current.bots_thinking ||
          (A.seatActions && A.seatActions.changed(info, current))) refresh();
    });
  }

  refresh().then(listen);
})(window.Airwar);
