/* Between the players of a game (the game JSON's "table"): resign, offer / accept / decline a
   draw, propose / accept a rematch where this browser cannot start one itself, open one's own
   link to the rematch, "Communist has left (disconnected 30 s ago)" and "back" again, how the
   game ended in words ("Allied resigned", "drawn by agreement") in the result panel, and a
   Copy button beside each invitation link. The page's play.js calls show(data, ctx) after each
   drawing and changed(info, current) on each stream update. The words and choices are plain
   functions (the `logic` object), tested under Node (tests/web/js/seat_actions.test.js). */
"use strict";
(function (root) {
  /* -- pure logic ------------------------------------------------------------------------ */
  function ago(seconds) {
    const s = Math.max(0, Math.floor(Number(seconds) || 0));
    if (s < 60) return s + " s";
    if (s < 3600) return Math.floor(s / 60) + " min";
    return Math.floor(s / 3600) + " h";
  }

  /* One line per other player whose presence is worth telling: gone ("has left"), or back
     after it was told gone (`wasGone`: the seats this page last showed gone). */
  function presenceLines(presence, wasGone, elapsed) {
    const out = [];
    Object.keys(presence || {}).sort().forEach(function (seat) {
      const p = presence[seat] || {};
      if (p.here === false) {
        out.push({ seat: seat, gone: true,
          text: seat + " has left (disconnected " + ago((p.left || 0) + (elapsed || 0)) + " ago)" });
      } else if (p.here && wasGone && wasGone.indexOf(seat) >= 0) {
        out.push({ seat: seat, gone: false, text: seat + " is back" });
      }
    });
    return out;
  }

  /* The buttons this seat is offered now, in order: [id, label]. */
  function buttons(table, status) {
    const t = table || {};
    const out = [];
    if (status !== "finished") {
      if (t.can_answer_draw) {
        out.push(["accept-draw", "Accept the draw"], ["decline-draw", "Decline the draw"]);
      }
      if (t.can_offer_draw) out.push(["offer-draw", "Offer a draw"]);
      if (t.can_resign) out.push(["resign", "Resign"]);
      return out;
    }
    if (t.rematch_url) return out;
    if (t.can_accept_rematch) out.push(["accept-rematch", "Accept the rematch"], ["decline-rematch", "Decline"]);
    if (t.can_propose_rematch && !t.rematch_direct) out.push(["propose-rematch", "Propose a rematch"]);
    return out;
  }

  /* What stands between the players, in words (null: nothing). */
  function offerLine(table, seat, status) {
    const t = table || {};
    if (status !== "finished" && t.draw_offer) {
      return t.draw_offer === seat ? "You offered a draw: waiting for the answer." :
        t.draw_offer + " offers a draw.";
    }
    if (status === "finished" && t.rematch_url) return "The rematch is ready (sides swapped).";
    if (status === "finished" && t.rematch_by) {
      return t.rematch_by === seat ? "You proposed a rematch: waiting for the answer." :
        t.rematch_by + " proposes a rematch (sides swapped).";
    }
    return null;
  }

  /* The question the Resign button asks before it resigns (how the game scores it: MS-35). */
  function resignQuestion(table, seat) {
    return (table || {}).resignation === "score" ?
      "Stop this game here? The score so far decides it." :
      "Resign this game? " + (seat || "Your side") + " loses it, whatever the score.";
  }

  function title(word) { return word ? String(word).charAt(0).toUpperCase() + String(word).slice(1) : ""; }

  /* The result panel of a game ended by its players' word (the view's "concession"): who won
     and how ("Allied resigned."), with the score as it stood; null for any other game. */
  function concededResult(view) {
    const c = view && view.concession;
    if (!c) return null;
    const winner = c.result && c.result !== "draw" ? c.result : null;
    const scores = view.scores || {};
    const sides = Object.keys(scores);
    const score = sides.length ? " Score: " + sides.map(function (k) { return title(k) + " " + scores[k]; }).join(", ") + "." : "";
    return { winner: winner, title: winner ? title(winner) + " wins" : "A draw",
      detail: title(view.ended_by) + "." + score };
  }

  /* Whether a stream update says the table moved (an offer, an answer, a player leaving or
     coming back, the rematch made): the page then fetches the game again. */
  function changed(streamTable, shownTable) {
    if (!streamTable) return false;
    const shown = shownTable || {};
    const keys = ["draw_offer", "can_offer_draw", "can_answer_draw", "can_resign", "rematch_by",
      "can_propose_rematch", "can_accept_rematch", "rematch_made"];
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const now = k === "rematch_made" ? !!streamTable[k] : streamTable[k];
      const was = k === "rematch_made" ? !!shown.rematch_url : shown[k];
      if ((now === undefined ? null : now) !== (was === undefined ? null : was)) return true;
    }
    const here = streamTable.presence || {};
    const seen = shown.presence || {};
    return Object.keys(here).concat(Object.keys(seen)).some(function (s) {
      return !!here[s] !== !!(seen[s] && seen[s].here);
    });
  }

  const logic = { ago: ago, presenceLines: presenceLines, buttons: buttons, offerLine: offerLine,
    changed: changed, resignQuestion: resignQuestion, concededResult: concededResult };
  if (typeof module !== "undefined" && module.exports) module.exports = logic;
  if (!root || !root.Airwar || typeof document === "undefined") return;

  /* -- the page ----------------------------------------------------------------------- */
  const A = root.Airwar;
  let panel = null;
  let shown = null;       /* the game JSON last shown */
  let fetchedAt = 0;      /* when it was shown (for "disconnected 30 s ago" to go on counting) */
  let gone = [];          /* the seats last shown gone */
  let back = {};          /* seat -> when it was seen back (the line stays a while) */
  let confirming = false; /* the Resign button asked "are you sure?" */
  let timer = null;

  function ensurePanel() {
    if (panel) return panel;
    panel = A.el("section", { class: "panel", id: "table-panel", "aria-labelledby": "table-title" }, [
      A.el("h2", { id: "table-title", text: "The other player" }),
      /* the lines count the seconds on: read out only when someone leaves or comes back */
      A.el("ul", { id: "presence", class: "notices" }),
      A.el("p", { id: "presence-news", "aria-live": "polite",
        style: "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap" }),
      A.el("p", { id: "offer-line", "aria-live": "polite", hidden: true }),
      A.el("div", { id: "table-buttons", class: "row" }),
      A.el("p", { id: "rematch-line", hidden: true }, [
        A.el("a", { id: "rematch-link", class: "button primary", text: "Open the rematch" })]),
    ]);
    const after = document.getElementById("controls-panel");
    if (after && after.parentNode) after.parentNode.insertBefore(panel, after.nextSibling);
    else document.body.appendChild(panel);
    return panel;
  }

  async function post(ctx, route, body) {
    ctx.setError("");
    try {
      await A.api("POST", "/api/games/" + ctx.gameId + "/" + route, body);
      if (ctx.refresh) await ctx.refresh();
    } catch (e) {
      ctx.setError(e.message);
    }
  }

  function act(ctx, id) {
    const seat = ctx.seat;
    if (id === "resign" && !confirming) { confirming = true; draw(ctx); return; }
    confirming = false;
    const routes = {
      "resign": ["resign", { seat: seat }],
      "really-resign": ["resign", { seat: seat }],
      "keep-playing": null,
      "offer-draw": ["draw", { seat: seat, answer: "offer" }],
      "accept-draw": ["draw", { seat: seat, answer: "accept" }],
      "decline-draw": ["draw", { seat: seat, answer: "decline" }],
      "propose-rematch": ["rematch-offer", { seat: seat, answer: "offer" }],
      "accept-rematch": ["rematch-offer", { seat: seat, answer: "accept" }],
      "decline-rematch": ["rematch-offer", { seat: seat, answer: "decline" }],
    };
    const r = routes[id];
    if (!r) { draw(ctx); return; }
    post(ctx, r[0], r[1]);
  }

  function showPresence(data) {
    const list = document.getElementById("presence");
    const presence = (data.table && data.table.presence) || {};
    const now = Date.now();
    const elapsed = (now - fetchedAt) / 1000;
    Object.keys(back).forEach(function (s) { if (now - back[s] > 60000) delete back[s]; });
    const lines = presenceLines(presence, gone.concat(Object.keys(back)), elapsed);
    A.clear(list);
    lines.forEach(function (l) {
      list.appendChild(A.el("li", { class: "notice", "data-presence": l.gone ? "gone" : "back",
        "data-seat": l.seat, text: l.text }));
    });
    list.hidden = lines.length === 0;
    const news = lines.map(function (l) { return l.seat + (l.gone ? " has left" : " is back"); }).join(". ");
    const box = document.getElementById("presence-news");
    if (box.textContent !== news) box.textContent = news;
    return lines;
  }

  function draw(ctx) {
    const data = shown;
    if (!data) return;
    const table = data.table || {};
    const isPlayer = !!data.seat && (table.concede || table.rematch_url || table.can_propose_rematch ||
      table.can_accept_rematch || table.rematch_by || Object.keys(table.presence || {}).length > 0);
    const p = ensurePanel();
    p.hidden = !isPlayer;
    const againstAi = Object.keys(data.seats || {}).some(function (n) {
      return n !== data.seat && String(data.seats[n]).indexOf("ai:") === 0;
    });
    document.getElementById("table-title").textContent = data.status === "finished" ?
      "After the game" : againstAi ? "This game" : "Between the players";
    showPresence(data);
    const line = document.getElementById("offer-line");
    const words = offerLine(table, data.seat, data.status);
    line.hidden = !words;
    line.textContent = words || "";
    const box = document.getElementById("table-buttons");
    A.clear(box);
    const list = confirming && table.can_resign ?
      [["really-resign", "Yes, resign"], ["keep-playing", "No, play on"]] : buttons(table, data.status);
    if (confirming && table.can_resign) {
      box.appendChild(A.el("span", { text: resignQuestion(table, data.seat) }));
    }
    list.forEach(function (b) {
      box.appendChild(A.el("button", { type: "button", id: b[0], "data-table": b[0], text: b[1],
        onclick: function () { act(ctx, b[0]); } }));
    });
    const rl = document.getElementById("rematch-line");
    rl.hidden = !table.rematch_url;
    if (table.rematch_url) document.getElementById("rematch-link").href = A.url(table.rematch_url);
    /* the page's own Rematch button only where it works: this browser made the game */
    const rematch = document.getElementById("rematch");
    if (rematch && data.seat) rematch.hidden = !table.rematch_direct || !!table.rematch_url;
    endedBy(data);
    copyButtons();
  }

  /* "Allied resigned" / "drawn by agreement" in the result panel. */
  function endedBy(data) {
    const panelR = document.getElementById("result");
    if (!panelR) return;
    let p = document.getElementById("result-ended");
    const words = data.status === "finished" && data.view && data.view.ended_by;
    if (!p) {
      p = A.el("p", { id: "result-ended", class: "ended-by" });
      const detail = document.getElementById("result-detail");
      if (detail && detail.parentNode) detail.parentNode.insertBefore(p, detail.nextSibling);
      else panelR.appendChild(p);
    }
    p.hidden = !words;
    p.textContent = words ? title(words) + "." : "";
    /* the game's own result words know nothing of a concession: say who won and how */
    const r = data.status === "finished" ? concededResult(data.view) : null;
    if (!r) return;
    document.getElementById("result-title").textContent = r.title;
    document.getElementById("result-detail").textContent = r.detail;
    const me = data.seat ? String(data.seat).toLowerCase() : null;
    panelR.dataset.outcome = !r.winner ? "draw" : me && r.winner === me ? "won" : me ? "lost" : "over";
    p.hidden = true;  /* the detail says it */
  }

  /* A Copy button beside each invitation link: the clipboard, else the link selected. */
  function copyButtons() {
    document.querySelectorAll("#invites a[data-seat]").forEach(function (a) {
      if (a.parentNode.querySelector("button.copy-link")) return;
      const seat = a.dataset.seat;
      const btn = A.el("button", { type: "button", class: "copy-link", "data-copy": seat,
        "aria-label": "Copy " + seat + "'s link", text: "Copy" });
      btn.addEventListener("click", async function () {
        const url = a.textContent;
        try {
          if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
          await navigator.clipboard.writeText(url);
          btn.textContent = "Copied";
        } catch (e) {
          const range = document.createRange();
          range.selectNodeContents(a);
          window.getSelection().removeAllRanges();
          window.getSelection().addRange(range);
          btn.textContent = "Selected: press Ctrl-C";
        }
      });
      a.parentNode.appendChild(document.createTextNode(" "));
      a.parentNode.appendChild(btn);
    });
  }

  function show(data, ctx) {
    const before = shown;
    shown = data;
    fetchedAt = Date.now();
    const presence = (data.table && data.table.presence) || {};
    const now = Object.keys(presence).filter(function (s) { return presence[s].here === false; });
    if (before) {
      gone.forEach(function (s) { if (now.indexOf(s) < 0 && presence[s]) back[s] = Date.now(); });
    }
    now.forEach(function (s) { delete back[s]; });
    gone = now;
    if (data.status === "finished" || !(data.table && data.table.can_resign)) confirming = false;
    draw(ctx);
    if (!timer) timer = setInterval(function () { if (shown && panel && !panel.hidden) showPresence(shown); }, 1000);
  }

  A.seatActions = {
    show: show,
    changed: function (info, current) {
      return !!(info && current && changed(info.table, current.table));
    },
    logic: logic,
  };
})(typeof window !== "undefined" ? window : null);
