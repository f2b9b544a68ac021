/* The replay page's exact analysis: the Analyse button, the job's progress (and the
   solve it may wait for), then the summary per seat, the kill chances along the game
   (inline SVG), each decision's value, best and loss with its mark, and each roll's luck.
   The numbers come from GET/POST /api/games/{id}/analysis; see docs/review.md. */
"use strict";
(function (A) {
  const root = document.getElementById("replay");
  const panel = document.getElementById("analysis-panel");
  if (!root || !panel) return;
  const gameId = root.dataset.gameId;
  const button = document.getElementById("analyse-button");
  const progressBox = document.getElementById("analysis-progress");
  const bar = document.getElementById("analysis-bar");
  const phase = document.getElementById("analysis-phase");
  const out = document.getElementById("analysis");
  const errorBox = document.getElementById("analysis-error");
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#b22222", "#1f4e9c"];
  const SYMBOL = { inaccuracy: "?!", mistake: "?", blunder: "??" };
  const POLL_MS = 500;
  let polling = false;

  function url() { return "/api/games/" + encodeURIComponent(gameId) + "/analysis"; }
  function signed(v) { return Math.abs(v) < 5e-4 ? "0.000" : (v > 0 ? "+" : "") + v.toFixed(3); }
  function pct(v) { return (100 * v).toFixed(1) + "%"; }

  function showProgress(job) {
    progressBox.hidden = false;
    bar.value = job.progress;
    let text = job.phase;
    if (job.solve) text += " (" + Math.round(100 * job.solve.progress) + " %: " + job.solve.phase + ")";
    phase.textContent = text;
    document.body.dataset.analysis = job.state;
  }

  async function poll(onLoad) {
    if (polling) return;
    polling = true;
    try {
      for (;;) {
        const job = await A.api("GET", url());
        showProgress(job);
        if (job.state === "done") { render(job.analysis); break; }
        if (job.state === "failed") { fail("The analysis failed: " + job.error); break; }
        if (job.state === "none") break;
        await new Promise(function (r) { setTimeout(r, POLL_MS); });
      }
    } catch (e) {
      if (onLoad && e.status === 409 && /no exact analysis/.test(e.message)) {
        panel.hidden = true;  // a kind of game without exact values: nothing to offer
        document.body.dataset.analysis = "unavailable";
      } else if (onLoad && e.status === 409) {
        // a running game: say why once, nothing to press
        phase.textContent = e.message;
        progressBox.hidden = false;
        bar.hidden = true;
        button.disabled = true;
        document.body.dataset.analysis = "refused";
      } else {
        fail(e.message);
      }
    } finally {
      polling = false;
    }
  }

  function fail(message) {
    errorBox.textContent = message;
    button.disabled = false;
    document.body.dataset.analysis = "failed";
  }

  async function start() {
    errorBox.textContent = "";
    button.disabled = true;
    try {
      const job = await A.api("POST", url());
      showProgress(job);
      if (job.state === "done") { render(job.analysis); button.disabled = false; return; }
      await poll(false);
    } catch (e) {
      fail(e.message);
      return;
    }
    button.disabled = false;
  }

  /* A wide table's own scrolling box: the keyboard reaches it (Tab, then the arrows) and a
     screen reader names it, as the table's caption says. */
  function scrollBox(name, children) {
    return A.el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": name }, children);
  }

  /* -- the summary per seat ---------------------------------------------------- */
  function summary(data) {
    const head = ["seat", "decisions", "with a choice", "average loss", "inaccuracies ?!",
      "mistakes ?", "blunders ??", "own rolls", "own luck P(≥)", "dice gave (points)"];
    const rows = data.seats.map(function (s) {
      return A.el("tr", {}, [
        A.el("th", { scope: "row", text: s.name }),
        A.el("td", { text: String(s.decisions) }),
        A.el("td", { text: String(s.choices) }),
        A.el("td", { text: s.average_loss.toFixed(4) }),
        A.el("td", { text: String(s.marks.inaccuracy) }),
        A.el("td", { text: String(s.marks.mistake) }),
        A.el("td", { text: String(s.marks.blunder) }),
        A.el("td", { text: String(s.rolls) }),
        A.el("td", { text: s.rolls ? s.own_p_at_least.toFixed(3) : "" }),
        A.el("td", { text: signed(s.luck) }),
      ]);
    });
    return scrollBox("Summary per seat", [
      A.el("table", { id: "analysis-summary" }, [
        A.el("caption", { text: "Summary per seat" }),
        A.el("thead", {}, [A.el("tr", {}, head.map(function (h) { return A.el("th", { scope: "col", text: h }); }))]),
        A.el("tbody", {}, rows),
      ]),
    ]);
  }

  /* -- the kill chances along the game, inline SVG --------------------------- */
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    Object.entries(attrs).forEach(function (kv) { e.setAttribute(kv[0], String(kv[1])); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function chart(data) {
    const W = 720, H = 260, L = 46, R = 12, T = 14, B = 34;
    const pts = data.series;
    const maxX = Math.max(1, data.decisions, pts.length ? pts[pts.length - 1].x : 0);
    const x = function (v) { return L + (W - L - R) * v / maxX; };
    const y = function (p) { return T + (H - T - B) * (1 - p); };
    const box = svg("svg", { id: "kill-chart", viewBox: "0 0 " + W + " " + H, role: "img",
      "aria-label": "Both planes' kill chances along the game" });
    box.appendChild(svg("title", {}, "Kill chances along the game"));
    [0, 0.25, 0.5, 0.75, 1].forEach(function (p) {
      box.appendChild(svg("line", { x1: L, x2: W - R, y1: y(p), y2: y(p), stroke: "#ddd" }));
      box.appendChild(svg("text", { x: L - 6, y: y(p) + 4, "text-anchor": "end", "font-size": 11 },
        Math.round(100 * p) + "%"));
    });
    box.appendChild(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#333" }));
    [0, maxX].forEach(function (v) {
      box.appendChild(svg("text", { x: x(v), y: y(0) + 14, "text-anchor": "middle", "font-size": 11 }, String(v)));
    });
    box.appendChild(svg("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle", "font-size": 12 },
      "decisions of the game (" + data.decisions + ")"));
    const numbers = [];
    pts.forEach(function (p) { if (numbers.indexOf(p.engagement) < 0) numbers.push(p.engagement); });
    numbers.forEach(function (n) {
      const seg = pts.filter(function (p) { return p.engagement === n; });
      box.appendChild(svg("line", { x1: x(seg[0].x), x2: x(seg[0].x), y1: y(0), y2: y(1),
        stroke: "#999", "stroke-dasharray": "2 3" }));
      box.appendChild(svg("text", { x: x(seg[0].x) + 3, y: y(0) - 4, "font-size": 10, fill: "#666" }, "E" + n));
      [0, 1].forEach(function (seat) {
        const coords = [];
        seg.forEach(function (p, i) {
          if (i > 0) coords.push(x(p.x).toFixed(1) + "," + y(seg[i - 1]["seat" + seat]).toFixed(1));
          coords.push(x(p.x).toFixed(1) + "," + y(p["seat" + seat]).toFixed(1));
        });
        box.appendChild(svg("polyline", { points: coords.join(" "), fill: "none",
          stroke: COLOURS[seat], "stroke-width": 2, class: "kill-line seat" + seat }));
      });
    });
    data.seat_names.forEach(function (name, seat) {
      const lx = L + 10 + seat * 210;
      box.appendChild(svg("line", { x1: lx, x2: lx + 22, y1: T + 4, y2: T + 4, stroke: COLOURS[seat], "stroke-width": 3 }));
      box.appendChild(svg("text", { x: lx + 28, y: T + 8, "font-size": 12 }, name + " plane's kill chance"));
    });
    return A.el("figure", {}, [box, A.el("figcaption", { class: "hint",
      text: "Each plane's chance to shoot the other down, with both playing their best from each point on; a dotted line starts each engagement (E1, E2, ...)." })]);
  }

  /* -- the move list: each decision and roll --------------------------------- */
  function moveList(data) {
    const names = data.seat_names;
    const parts = [];
    data.engagements.forEach(function (e) {
      const title = "Engagement " + e.number + ": " + e.matchup + " (" + names[e.active_seat] +
        " active, " + names[e.listed_seat] + " listed)";
      if (e.unrated) {
        parts.push(A.el("p", { class: "unrated", text: title + ": " + e.unrated }));
        return;
      }
      const rows = [A.el("tr", {}, [A.el("td", {}), A.el("td", { text: "start" }), A.el("td", { text: signed(e.start.value) }),
        A.el("td", {}), A.el("td", {}), A.el("td", {}), A.el("td", {}),
        A.el("td", { text: pct(e.start.p_kill_active) + " / " + pct(e.start.p_kill_listed) })])];
      e.steps.forEach(function (s) {
        const kills = pct(s.p_kill_active) + " / " + pct(s.p_kill_listed);
        if (s.kind === "decision") {
          const best = s.best === s.action || s.loss < 5e-7 ? "=" : s.best + " " + signed(s.best_value);
          const row = A.el("tr", { class: "decision" + (s.mark ? " " + s.mark : ""), "data-index": String(s.index),
            title: "show the game after this decision" }, [
            A.el("td", { text: String(s.index) }),
            A.el("td", { text: s.plane_type + " " + s.action }),
            A.el("td", { text: signed(s.value) }),
            A.el("td", { text: best }),
            A.el("td", { text: s.loss.toFixed(3) }),
            A.el("td", { class: "mark", text: s.mark ? SYMBOL[s.mark] + " " + s.mark : "" }),
            A.el("td", {}),
            A.el("td", { text: kills }),
          ]);
          row.addEventListener("click", function () { if (A.replayShow) A.replayShow(s.index); });
          rows.push(row);
        } else {
          rows.push(A.el("tr", { class: "roll" }, [
            A.el("td", {}),
            A.el("td", { text: s.plane_type + ": " + s.name + ": " + s.roll }),
            A.el("td", {}), A.el("td", {}), A.el("td", {}), A.el("td", {}),
            A.el("td", { class: "luck", text: s.p_at_least + " (" + signed(s.swing) + ")" }),
            A.el("td", { text: kills }),
          ]));
        }
      });
      const head = ["#", "decision or roll", "value", "best", "loss", "mark", "luck P(≥) (swing)",
        e.active_type + " / " + e.listed_type + " kill"];
      parts.push(scrollBox(title, [A.el("table", { class: "moves" }, [
        A.el("caption", { text: title + ", turn limit " + e.turn_limit }),
        A.el("thead", {}, [A.el("tr", {}, head.map(function (h) { return A.el("th", { scope: "col", text: h }); }))]),
        A.el("tbody", {}, rows),
      ])]));
      if (e.result) {
        parts.push(A.el("p", { class: "hint", text: "Result " + signed(e.result.value) + " for the " + e.active_type +
          " (it started at " + signed(e.start.value) + ")." }));
      }
    });
    if (!data.engagements.length) parts.push(A.el("p", { text: "No engagement was fought in this game: nothing to analyse." }));
    return A.el("div", { id: "analysis-moves" }, parts);
  }

  function render(data) {
    A.clear(out);
    out.appendChild(summary(data));
    out.appendChild(chart(data));
    out.appendChild(A.el("ul", { class: "hint", id: "analysis-marks" }, Object.values(data.marks).map(function (t) {
      return A.el("li", { text: t });
    })));
    out.appendChild(A.el("p", { class: "hint", text: "value: the deciding side's expected points (kills, or base-value points) " +
      "under optimal play from there on after the decision taken; best: the best decision (=: the one taken); loss: how much " +
      "less the decision taken is worth. Luck: the chance of a roll at least this good for the roller; swing: how much it " +
      "changed the roller's expected points. Click a decision to see the game after it." }));
    out.appendChild(moveList(data));
    progressBox.hidden = true;
    document.body.dataset.analysis = "done";
  }

  /* the parts that make no request, for tests/web/js */
  A.analysis = { signed: signed, summary: summary, moveList: moveList, chart: chart };

  button.addEventListener("click", start);
  // a link to the replay ending in #analyse (the game's end, the saved games) starts it at once
  if (window.location.hash === "#analyse") start();
  else poll(true);
})(window.Airwar);
