/* MiGs and Sabres: the Battle Board and the Sortie Chart drawn as SVG, the legal steps of the
   plane to move shown on the board (click a square to take that step), every fire option with
   its kill odds, a whole path typed at once, and the campaign's pilots, kills and aces. */
"use strict";
(function (A) {
  const S = A.svg;
  const FILES = "abcdefghijklmnopqrstuvwxyz";
  /* the Battle Board's columns (letters) and rows, as the view gives its size */
  let COLS = "", ROWS = 0;
  function setBoard(view) {
    const b = view.board || { columns: 0, rows: 0 };
    COLS = FILES.slice(0, b.columns);
    ROWS = b.rows;
  }
  const CELL = 46;
  const PAD = 24;
  const SIDE_COLOR = { communist: "#b3261e", allied: "#1f4e9a" };
  const W = A.migsWords;  /* migs_words.js: the words without the page */

  function xy(square) {
    const c = COLS.indexOf(square[0]);
    const r = Number(square.slice(1));
    return [PAD + c * CELL, PAD + (ROWS - r) * CELL];
  }

  function centre(square) {
    const p = xy(square);
    return [p[0] + CELL / 2, p[1] + CELL / 2];
  }

  function engagementOf(view) { return view.engagement || null; }

  /* Words for every abbreviation the page shows, with the rule each comes from. */
  const TERMS = {
    F: "F: one square straight ahead, 1 MP (III.D, MS-6)",
    L: "L: one square diagonally ahead-left, turning 45 degrees, 2 MP (III.D, MS-6)",
    R: "R: one square diagonally ahead-right, turning 45 degrees, 2 MP (III.D, MS-6)",
    WL: "WL: wing-over left, turning 90 degrees, 3 MP, at most one per movement turn (III.D, MS-6)",
    WR: "WR: wing-over right, turning 90 degrees, 3 MP, at most one per movement turn (III.D, MS-6)",
    MP: "MP: movement points, rolled each movement turn: 1d6 plus the plane's base value (+1 for an ace) (MS-7)",
    active: "active: the plane of the squadron flying the sortie; it starts in a1 facing N (MS-4, MS-5)",
    listed: "listed: the plane listed on the Sortie Chart square the marker landed on; it starts in k14 facing S (MS-4, MS-5)",
    aspect: "aspect: where the attacker sits seen from the target (front, front-diagonal, side, rear-diagonal, rear); it gives the kill number (III.F, MS-10)",
    fire: "fire: shoot at the plane in the square directly ahead, after at least one step; it ends the move (MS-9)",
    hold: "hold: decline a shot (return fire after a missed head-on attack, III.G; or a shot at the end of a move, MS-15)",
    ace: "ace: a pilot with five kills: +1 MP and +1 to kill rolls (MS-14)",
  };

  function term(word, shown) {
    return A.el("abbr", { title: TERMS[word] || word, tabindex: "0", text: shown || word });
  }

  function sideName(side) { return side ? String(side).charAt(0).toUpperCase() + String(side).slice(1) : ""; }

  function kept(view) { return view.trails || {}; }

  function line(points, attrs) {
    const pts = points.map(function (w) { return centre(w[0]).join(","); }).join(" ");
    return S.el("polyline", Object.assign({ points: pts, fill: "none" }, attrs));
  }

  /* The paths flown this engagement (thin), the last move of each plane (thick, with its
     start marked), where a shot is open this move with its kill chance, the legal steps
     (clickable and reachable with the arrow keys), and the planes: a plane shot down is
     drawn crossed out where it fell. */
  function drawBoard(node, data, ctx) {
    A.clear(node);
    setBoard(data.view);
    const e = engagementOf(data.view);
    if (!e && (data.view.terminal || data.status === "finished") && data.view.scores) {
      node.appendChild(summaryTable(data.view, data.log_all || data.log || []));
      return;
    }
    const w = PAD * 2 + COLS.length * CELL, h = PAD * 2 + ROWS * CELL;
    const svg = S.root(w, h, "Battle Board");
    svg.id = "battle-board";
    for (let c = 0; c < COLS.length; c++) {
      svg.appendChild(S.el("text", { x: PAD + c * CELL + CELL / 2, y: PAD - 7, "text-anchor": "middle",
        "font-size": 13, fill: "#4a525c", text: COLS[c] }));
      for (let r = 1; r <= ROWS; r++) {
        const sq = COLS[c] + r;
        const p = xy(sq);
        svg.appendChild(S.el("rect", { x: p[0], y: p[1], width: CELL, height: CELL, class: "sq",
          "data-square": sq, fill: (c + r) % 2 ? "var(--board-a)" : "var(--board-b)" }));
      }
    }
    for (let r = 1; r <= ROWS; r++) {
      svg.appendChild(S.el("text", { x: PAD - 6, y: PAD + (ROWS - r) * CELL + CELL / 2 + 4,
        "text-anchor": "end", "font-size": 12, fill: "#4a525c", text: String(r) }));
    }
    if (!e) { node.appendChild(svg); return; }
    const planes = e.planes;
    const over = !!(data.view.terminal || data.status === "finished" || e.end_reason);
    const trails = kept(data.view);
    Object.keys(trails).forEach(function (role) {
      const t = trails[role];
      const color = SIDE_COLOR[(planes[role] || {}).side] || "#333";
      if (t.path && t.path.length > 1) {
        svg.appendChild(line(t.path, { class: "trail", "data-trail": role, stroke: color,
          "stroke-width": 2, "stroke-opacity": 0.35, "stroke-dasharray": "3 4" }));
      }
      if (t.last_move && t.last_move.length > 1) {
        const g = S.el("g", { class: "last-move", "data-last-move": role }, [
          line(t.last_move, { stroke: color, "stroke-width": 4, "stroke-opacity": 0.6,
            "stroke-linecap": "round", "stroke-linejoin": "round" }),
          S.el("circle", { cx: centre(t.last_move[0][0])[0], cy: centre(t.last_move[0][0])[1], r: 5,
            fill: "#fff", stroke: color, "stroke-width": 2 }),
        ]);
        S.title(g, planes[role].type + "'s last move: " + t.last_move.map(function (x) { return x[0]; }).join(" → "));
        svg.appendChild(g);
      }
    });
    const mine = !!data.my_turn;
    const shots = over ? [] : (e.shots || []);
    shots.forEach(function (s, i) {
      const p = xy(s.square);
      const label = "Shot from " + s.square + " facing " + s.facing + ": " + s.aspect +
        " aspect, kills on " + s.kill_on + "+ (" + A.pct(s.p_kill) + ")" +
        (s.path.length ? "; fly " + s.path.join(" ") : "; fire from here");
      const g = S.el("g", { class: "shot-square", "data-shot": s.square, "data-facing": s.facing,
        "data-path": s.path.join(" "), "data-p-kill": s.p_kill }, [
        S.el("rect", { x: p[0] + 3, y: p[1] + 3, width: CELL - 6, height: CELL - 6, rx: 4, class: "shot" }),
        S.el("text", { x: p[0] + CELL - 4, y: p[1] + CELL - 5, "text-anchor": "end", "font-size": 11,
          "font-weight": 700, fill: "#7a1f00", text: A.pct(s.p_kill).replace(".0%", "%") }),
      ]);
      if (mine && s.path.length) {
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        g.setAttribute("aria-label", label);
        g.addEventListener("click", function () { ctx.send(s.path); });
        g.classList.add("clickable");
      }
      S.title(g, label + (mine && s.path.length ? " (click to fly there)" : ""));
      g.setAttribute("data-index", String(i));
      svg.appendChild(g);
    });
    const acts = mine && !over ? (e.legal_actions || []) : [];
    acts.filter(function (a) { return a.square; }).forEach(function (a) {
      const p = xy(a.square);
      /* the name starts with the square's visible text ("F 8"), as a speaking user reads it */
      const label = W.stepLabel(a);
      const g = S.el("g", { class: "step-target", "data-action": a.action, "data-square": a.square,
        role: "button", tabindex: "0", "aria-label": label,
        onclick: function () { ctx.send([a.action]); } }, [
        S.el("rect", { x: p[0] + 2, y: p[1] + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "legal" }),
        S.arrow(p[0] + CELL / 2, p[1] + CELL / 2 + 8, S.FACING_DEG[a.facing], 18, "var(--legal)"),
        S.el("text", { x: p[0] + 4, y: p[1] + 13, "font-size": 11, fill: "#1b4332",
          text: a.action + " " + a.mp_left }),
      ]);
      S.title(g, label);
      svg.appendChild(g);
    });
    const mover = e.to_move;
    Object.keys(planes).forEach(function (role) {
      const pl = planes[role];
      const c = centre(pl.square);
      const down = e.shot_down === role;
      const color = down ? "#7d7d7d" : (SIDE_COLOR[pl.side] || "#333");
      if (role === mover && !over) {
        svg.appendChild(S.el("circle", { cx: c[0], cy: c[1], r: CELL / 2 - 1, fill: "none",
          stroke: color, "stroke-width": 2, "stroke-dasharray": "4 3" }));
      }
      const label = pl.type + " (" + pl.side + ", " + role + ") at " + pl.square + " facing " + pl.facing +
        (pl.pilot ? ", pilot " + pl.pilot : "") + (pl.ace ? ", ace" : "") + (down ? ": shot down" : "");
      const g = S.plane(c[0], c[1], S.FACING_DEG[pl.facing], CELL * 0.8, color, label);
      g.setAttribute("data-role", role);
      g.setAttribute("data-square", pl.square);
      g.setAttribute("data-facing", pl.facing);
      if (down) {
        g.setAttribute("data-shot-down", "yes");
        g.setAttribute("opacity", "0.75");
      }
      svg.appendChild(g);
      if (down) {
        const k = CELL / 2 - 6;
        svg.appendChild(S.el("g", { class: "shot-down", "data-shot-down": role }, [
          S.el("path", { d: "M" + (c[0] - k) + "," + (c[1] - k) + " L" + (c[0] + k) + "," + (c[1] + k) +
            " M" + (c[0] + k) + "," + (c[1] - k) + " L" + (c[0] - k) + "," + (c[1] + k),
            stroke: "var(--fire)", "stroke-width": 4, "stroke-linecap": "round" }),
        ]));
      }
      svg.appendChild(S.el("text", { x: c[0], y: c[1] + CELL / 2 + 11, "text-anchor": "middle",
        "font-size": 11, "font-weight": 700, fill: down ? "var(--fire)" : color,
        text: down ? pl.type + " shot down" : pl.type + (pl.ace ? " ★" : "") }));
    });
    acts.filter(function (a) { return a.action === "fire"; }).forEach(function () {
      const target = planes[mover === "active" ? "listed" : "active"];
      const c = centre(target.square);
      svg.appendChild(S.el("circle", { cx: c[0], cy: c[1], r: CELL / 2 - 2, class: "firepos" }));
    });
    node.appendChild(svg);
    node.appendChild(legend(e, shots, mine));
  }

  /* Below the board: what its marks mean, and each open shot with its kill chance. */
  function legend(e, shots, mine) {
    const items = [
      A.el("li", {}, [A.el("span", { class: "key key-legal" }), " a legal step (click it, or ←/→ and Enter)"]),
      A.el("li", {}, [A.el("span", { class: "key key-shot" }),
        " a square from which a shot is open this move, with its kill chance (",
        term("fire"), ": only at the plane directly ahead, MS-9)"]),
      A.el("li", {}, [A.el("span", { class: "key key-last" }), " each plane's last move; dashes: the path flown"]),
    ];
    const box = A.el("div", { class: "board-legend", id: "board-legend" }, [A.el("ul", {}, items)]);
    if (shots.length) {
      const me = e.planes[e.to_move];
      box.appendChild(A.el("p", { id: "shot-list", text: "Shots open to the " + me.type + " this move: " +
        shots.slice(0, 8).map(function (s) {
          return s.square + " " + s.facing + " (" + s.aspect + ", " + A.pct(s.p_kill) + ")";
        }).join("; ") + (shots.length > 8 ? "; and " + (shots.length - 8) + " more" : "") +
        (mine ? ". Click one to fly there, then fire (F)." : ".") }));
    } else if (e.step === "move") {
      box.appendChild(A.el("p", { id: "shot-list", class: "hint",
        text: "No shot is open to the " + e.planes[e.to_move].type + " this move." }));
    }
    return box;
  }

  /* The end of a whole game: the score and every engagement, in a table. */
  function summaryTable(v, log) {
    const sides = Object.keys(v.scores);
    const box = A.el("section", { class: "panel", id: "summary" });
    box.appendChild(A.el("h2", { text: "Final score" }));
    box.appendChild(A.el("table", { id: "summary-table" }, [
      A.el("thead", {}, [A.el("tr", {}, [A.el("th", { text: "Side" }), A.el("th", { text: "Points" }),
        A.el("th", { text: "Kills" })])]),
      A.el("tbody", {}, sides.map(function (s) {
        return A.el("tr", { "data-side": s }, [A.el("td", { class: "side-" + s, text: sideName(s) }),
          A.el("td", { text: String(v.scores[s]) }),
          A.el("td", { text: String(v.kills ? v.kills[s] : "") })]);
      })),
    ]));
    const fights = [];
    let current = null;
    log.forEach(function (ev) {
      if (ev.type === "engagement_start") current = ev;
      if (ev.type === "engagement_end" && current) {
        fights.push([current, ev]);
        current = null;
      }
    });
    if (fights.length) {
      box.appendChild(A.el("h3", { text: "Engagements" }));
      box.appendChild(A.el("table", { id: "engagements-table" }, [
        A.el("thead", {}, [A.el("tr", {}, ["#", "Active", "Listed", "Result"].map(function (t) {
          return A.el("th", { text: t }); }))]),
        A.el("tbody", {}, fights.map(function (f, i) {
          const st = f[0], en = f[1];
          const result = en.shot_down ? st[en.shot_down].type + " shot down (" + sideName(en.winner_side) + " kill)" :
            en.reason === "turn limit" ? "no kill: both disengaged at the turn limit" :
            en.reason === "both fired" ? "no kill: both fired and missed" : "no kill: " + en.reason;
          return A.el("tr", {}, [A.el("td", { text: String(i + 1) }),
            A.el("td", { text: st.active.type }), A.el("td", { text: st.listed.type }),
            A.el("td", { text: result })]);
        })),
      ]));
    }
    return box;
  }

  function chartView(view) { return view.chart || view.sortie_chart || null; }

  function drawChart(node, view) {
    const chart = chartView(view);
    if (!chart) return;
    const squares = chart;
    const n = squares.length;
    const per = 11, cw = 62, ch = 54;
    const svg = S.root(per * cw + 20, Math.ceil(n / per) * ch + 20, "Sortie Chart");
    svg.id = "sortie-chart";
    const markers = view.markers || {};
    squares.forEach(function (sq, i) {
      const row = Math.floor(i / per), col = row % 2 === 0 ? i % per : per - 1 - (i % per);
      const x = 10 + col * cw, y = 10 + row * ch;
      const plane = sq && (sq.listed || (typeof sq === "string" ? sq : null));
      const side = sq && sq.side;
      svg.appendChild(S.el("rect", { x: x, y: y, width: cw - 4, height: ch - 4, rx: 4,
        fill: side === "communist" ? "#f6d7d4" : side === "allied" ? "#d7e1f4" : "#f4f1ea",
        stroke: "#b9ae95", "data-index": i + 1 }));
      svg.appendChild(S.el("text", { x: x + 4, y: y + 12, "font-size": 10, fill: "#5b6470", text: String(i + 1) }));
      if (plane) {
        svg.appendChild(S.el("text", { x: x + (cw - 4) / 2, y: y + 30, "text-anchor": "middle", "font-size": 11,
          "font-weight": 600, fill: SIDE_COLOR[side] || "#333", text: plane }));
      }
      Object.keys(markers).forEach(function (s, k) {
        if (markers[s] === i + 1) {
          svg.appendChild(S.el("circle", { cx: x + cw - 14 - k * 14, cy: y + ch - 16, r: 6,
            fill: SIDE_COLOR[s] || "#333", stroke: "#fff", "stroke-width": 1.5, "data-marker": s }));
        }
      });
    });
    node.appendChild(A.el("h2", { text: "Sortie Chart" }));
    node.appendChild(svg);
  }

  function dl(pairs) {
    const d = A.el("dl", { class: "kv" });
    pairs.forEach(function (p) {
      if (p[1] === undefined || p[1] === null) return;
      d.appendChild(A.el("dt", {}, [typeof p[0] === "string" ? p[0] : p[0]]));
      d.appendChild(A.el("dd", { text: String(p[1]) }));
    });
    return d;
  }

  function planeLine(pl) {
    return pl.type + " (" + sideName(pl.side) + ") at " + pl.square + " facing " + pl.facing +
      (pl.pilot ? ", " + pl.pilot : "") + (pl.ace ? ", ace" : "") + (pl.fired ? ", has fired" : "");
  }

  function drawExtra(node, data) {
    A.clear(node);
    const v = data.view;
    const e = engagementOf(v);
    const over = !!(v.terminal || data.status === "finished");
    const box = A.el("div", { class: "panel", id: "situation" });
    if (e) {
      const pl = e.planes;
      const ended = over || !!e.end_reason;
      box.appendChild(A.el("h2", { text: "Engagement" }));
      box.appendChild(dl([
        [term("active", "Active"), planeLine(pl.active)],
        [term("listed", "Listed"), planeLine(pl.listed)],
        ["To move", !ended && e.to_move ? pl[e.to_move].type + " (" + sideName(e.to_move_side) + ")" : null],
        [term("MP"), !ended && e.step === "move" ? e.mp_left + " left of " + e.mp_rolled : null],
        [term("WL", "Wing-over"), ended ? null : e.wing_over_used ? "used this turn" : "available (one per turn, MS-6)"],
        ["Turns", pl.active.turns + " / " + pl.listed.turns + (e.turn_limit ? " (limit " + e.turn_limit + ", MS-11)" : "")],
        ["Return fire", ended ? null : Object.keys(e.return_fire_pending || {}).filter(function (k) {
          return e.return_fire_pending[k]; }).map(function (k) { return pl[k].type; }).join(", ") || null],
        ["Ended", !e.end_reason ? null : e.shot_down ? "the " + pl[e.shot_down].type + " was shot down" :
          e.end_reason === "both fired" ? "both planes fired and missed" :
          e.end_reason === "turn limit" ? "the turn limit: both planes disengage (MS-11)" : e.end_reason],
      ]));
    }
    /* at the end the result panel says the score, and the board's table each engagement */
    if (v.scores && !over) {
      box.appendChild(A.el("h2", { text: "Score (" + (v.scoring === "base-value" ?
        "base value of planes shot down, IV.A" : "kills, MS-12") + ")" }));
      box.appendChild(dl(Object.keys(v.scores).map(function (k) {
        return [sideName(k), v.scores[k] + (v.kills ? " (" + v.kills[k] + " kills)" : "")]; })));
      box.appendChild(dl([
        ["Sortie", v.sortie !== undefined && v.sorties_per_side ? "round " + Math.min(v.sortie, v.sorties_per_side) +
          " of " + v.sorties_per_side + (v.active_side ? ", " + v.active_side + " flying" : "") : null],
      ]));
    }
    if (box.firstChild) node.appendChild(box);
    solverJob(data);
    const chart = A.el("div", { class: "panel", id: "chart-panel" });
    drawChart(chart, v);
    if (chart.firstChild) node.appendChild(chart);
    drawPilots(node, v);
  }

  /* The hints "after my move" (and "always"): how good this seat's last finished move was,
     from the game's move_review, kept by the server until the next move is finished. */
  function moveReview(node, data) {
    const r = data.move_review;
    if (!r) return;
    const w = W.review(r);
    const d = A.el("dl", { class: "kv" });
    w.pairs.forEach(function (p, i) {
      d.appendChild(A.el("dt", { text: p[0] }));
      d.appendChild(A.el("dd", { "data-review": ["path", "before", "after", "best"][i], text: p[1] }));
    });
    const after = node.querySelector("#situation");
    node.insertBefore(A.el("section", { class: "panel move-review", id: "move-review",
      "data-mark": w.mark, "aria-live": "polite" }, [
      A.el("h2", { text: w.title }),
      d,
      w.lines.length ? A.el("ul", { class: "review-lines" }, w.lines.map(function (t) {
        return A.el("li", { text: t }); })) : null,
      A.el("p", { class: "hint", text: "The solver's values (optimal play by both planes from each point on), " +
        "from your plane's side; the marks are the analysis's (MS-30). " + (data.status === "finished" ?
        "\"Analyse this game\" rates every decision." : "Shown until your next move is made.") }),
    ]), after ? after.nextSibling : node.firstChild);
  }

  /* While the server solves this game's matchup for the expert AI (a job of its queue,
     GET /api/solver/jobs), say so with the job's progress. It asks only while an expert plays
     the game and the matchup has no solver values yet (data.solver is null until it is cached). */
  let jobWatch = null;
  let jobPolling = false;

  function solverJob(data) {
    const v = data.view;
    const e = engagementOf(v);
    const expert = Object.keys(data.seats || {}).some(function (k) { return data.seats[k] === "ai:expert"; });
    jobWatch = e && e.turn_limit && expert && data.status === "running" ?
      { planes: e.planes, turnLimit: e.turn_limit, scoring: v.scoring || "kills" } : null;
    if (!jobWatch) showJob(null);
    if (jobWatch && !jobPolling) pollSolverJobs();
  }

  function forThisGame(job, w) {
    const m = job.matchup;
    return (job.state === "queued" || job.state === "running") && job.full_board &&
      m.active === w.planes.active.type && m.listed === w.planes.listed.type &&
      m.active_ace === !!w.planes.active.ace && m.listed_ace === !!w.planes.listed.ace &&
      job.turn_limit === w.turnLimit && job.scoring === w.scoring;
  }

  /* The expert's solve of this matchup, on the page's "thinking" line with a progress bar. */
  function showJob(job) {
    const box = document.getElementById("solver-job");
    if (!box) return;
    box.hidden = !job;
    document.body.dataset.solving = job ? "yes" : "no";
    if (!job) return;
    const pct = Math.floor(100 * job.progress);
    document.getElementById("solver-job-text").textContent = job.state === "queued" ?
      "The AI will solve this matchup once the solves before it are done (" + job.phase + ")." :
      "The AI is solving this matchup: " + pct + " %";
    const bar = document.getElementById("solver-job-bar");
    bar.value = job.state === "queued" ? 0 : pct;
  }

  async function pollSolverJobs() {
    jobPolling = true;
    try {
      while (jobWatch) {
        let job = null;
        try {
          const r = await A.api("GET", "/api/solver/jobs");
          job = (r.jobs || []).filter(function (j) { return jobWatch && forThisGame(j, jobWatch); })[0] || null;
        } catch (err) {
          job = null;
        }
        showJob(jobWatch ? job : null);
        await new Promise(function (res) { setTimeout(res, job ? 700 : 2000); });
      }
    } finally {
      jobPolling = false;
    }
  }

  function drawPilots(node, v) {
    const pilots = v.pilots;
    if (!pilots) return;
    const box = A.el("div", { class: "panel", id: "campaign" });
    box.appendChild(A.el("h2", { text: "Campaign: pilots, kills and aces (MS-14)" }));
    Object.keys(pilots).forEach(function (side) {
      const sq = pilots[side];
      const rows = sq.pilots.map(function (p) {
        return A.el("tr", { class: p.ace ? "ace" : "", "data-pilot": p.name }, [
          A.el("td", { text: String(p.number) }), A.el("td", { text: p.name }),
          A.el("td", { text: String(p.kills) }), A.el("td", { text: p.ace ? "ace ★" : "" }),
        ]);
      });
      box.appendChild(A.el("h3", { class: "side-" + side, text: sq.squadron || side }));
      box.appendChild(A.el("table", {}, [
        A.el("thead", {}, [A.el("tr", {}, ["#", "Pilot", "Kills", ""].map(function (h) {
          return A.el("th", { text: h }); }))]),
        A.el("tbody", {}, rows)]));
      if (sq.lost && sq.lost.length) {
        box.appendChild(A.el("p", { class: "hint", text: "Lost: " + sq.lost.map(function (p) {
          return typeof p === "string" ? p : p.name + (p.kills ? " (" + p.kills + " kills)" : "");
        }).join(", ") }));
      }
    });
    node.appendChild(box);
  }

  function controls(node, data, ctx) {
    A.clear(node);
    const v = data.view;
    const e = engagementOf(v);
    if (data.status === "finished") {
      node.appendChild(A.el("p", { text: "The game is over." }));
      return;
    }
    if (!data.my_turn) {
      node.appendChild(A.el("p", { class: "hint", text: data.to_act ? "Waiting for " + data.to_act + "." : "" }));
      return;
    }
    const acts = (e && e.legal_actions && e.legal_actions.length) ? e.legal_actions : (v.legal_actions || []);
    const steps = acts.filter(function (a) { return a.square; });
    const fires = acts.filter(function (a) { return a.action === "fire"; });
    const others = acts.filter(function (a) { return !a.square && a.action !== "fire"; });
    if (steps.length) {
      node.appendChild(A.el("p", { class: "hint", text: "Click a green square on the board (or use ←/→ and " +
        "Enter), a step below, or an orange shot square to fly straight there:" }));
      node.appendChild(A.el("div", { class: "choices" }, steps.map(function (a) {
        return A.el("button", { type: "button", "data-action": a.action,
          title: TERMS[a.action] || a.kind,
          text: a.action + " → " + a.square + " " + a.facing + " (" + a.mp_left + " MP left)",
          onclick: function () { ctx.send([a.action]); } });
      })));
    }
    fires.forEach(function (a) {
      node.appendChild(A.el("div", { class: "fire-option" }, [
        A.el("button", { type: "button", class: "fire", "data-action": "fire", "aria-keyshortcuts": "F",
          title: TERMS.fire + " (key F)",
          text: "Fire (F): " + a.aspect + " aspect, kills on " + a.kill_on + "+ · " + A.oddsText(a.p_kill),
          onclick: function () { ctx.send(["fire"]); } }),
        a.check ? A.el("div", { class: "mods", text: a.check }) : null,
      ]));
    });
    if (others.length) {
      node.appendChild(A.el("div", { class: "choices" }, others.map(function (a) {
        const label = a.label || a.text || (a.action === "hold" ? "Hold fire (III.G, MS-15)" : a.action);
        return A.el("button", { type: "button", "data-action": a.action, text: label,
          title: TERMS[a.action] || label, onclick: function () { ctx.send([a.action]); } });
      })));
    }
    if (steps.length) {
      const input = A.el("input", { id: "path", "aria-label": "whole path", placeholder: "whole path, e.g. F F L fire" });
      node.appendChild(A.el("form", { class: "path-input", onsubmit: function (ev) {
        ev.preventDefault();
        const path = input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean);
        if (path.length) ctx.send(path);
      } }, [input, A.el("button", { type: "submit", id: "send-path", text: "Fly path" })]));
    }
  }

  function scoreText(v) {
    return Object.keys(v.scores || {}).map(function (k) { return sideName(k) + " " + v.scores[k]; }).join(", ");
  }

  /* The end of the game in words: who won, how, and the score. */
  function result(data) {
    const v = data.view;
    if (!(v.terminal || data.status === "finished")) return null;
    const e = engagementOf(v);
    if (v.scores && !(v.game === "migs-engagement")) {
      const sides = Object.keys(v.scores);
      const winner = v.result && v.result !== "draw" ? v.result : null;
      const unit = v.scoring === "base-value" ? "points" : "kills";
      return { winner: winner,
        title: winner ? sideName(winner) + " wins" : "A draw",
        detail: "Final score after " + v.sorties_per_side + (v.sorties_per_side === 1 ? " sortie" : " sorties") +
          " per side (" + unit + "): " +
          sides.map(function (k) { return sideName(k) + " " + v.scores[k]; }).join(", ") + "." };
    }
    if (!e) return { winner: null, title: "Game over", detail: "" };
    const pl = e.planes;
    if (e.shot_down) {
      const loser = pl[e.shot_down];
      const won = pl[e.shot_down === "active" ? "listed" : "active"];
      return { winner: won.side, title: sideName(won.side) + " wins",
        detail: "The " + won.type + " (" + sideName(won.side) + ") shot down the " + loser.type +
          " (" + sideName(loser.side) + "). Score: " + sideName(won.side) + " 1, " + sideName(loser.side) + " 0." };
    }
    const how = e.end_reason === "both fired" ? "Both planes fired and missed" :
      e.end_reason === "turn limit" ? "Both planes disengaged after " + e.turn_limit + " movement turns each (MS-11)" :
      e.end_reason ? "The engagement ended: " + e.end_reason : "The engagement ended";
    return { winner: null, title: "A draw", detail: how + ". Nobody was shot down. Score: Communist 0, Allied 0." };
  }

  function status(data) {
    const v = data.view;
    const e = engagementOf(v);
    const r = result(data);
    /* the play page's result panel says who won and how; the replay's status says it here */
    if (r) return data.status === "finished" ? "Game over." : "Game over: " + r.title + ". " + r.detail;
    if (e && e.to_move) {
      const p = e.planes[e.to_move];
      const mp = e.step === "move" && e.mp_left !== null && e.mp_left !== undefined ? ", " + e.mp_left + " MP left" : "";
      return p.type + " (" + p.side + ") to " + (e.step === "return_fire" ? "return fire or hold" : "move") + mp;
    }
    return v.phase ? v.phase + (data.to_act ? ": " + data.to_act + " to act" : "") : "";
  }

  /* The moves of the game by movement turn: each plane's path and every roll, with the
     number of decisions made once the move is over (the replay step that shows the board then). */
  function moves(log) {
    const out = [];
    let decisions = 0;
    let cur = null;
    let fight = 0;
    log.forEach(function (ev) {
      switch (ev.type) {
        case "engagement_start":
          fight += 1;
          out.push({ heading: "Engagement " + fight + ": " + ev.active.type + " (active) against " +
            ev.listed.type + " (listed)", step: decisions });
          cur = null;
          break;
        case "movement_turn":
          cur = { plane: ev.plane_type, role: ev.plane, turn: ev.turn, path: [], rolls: [], end: "", step: decisions };
          out.push(cur);
          break;
        case "roll":
          if (cur && ev.plane === cur.role) cur.rolls.push(ev);
          else if (cur && ev.attacker) cur.rolls.push(ev);
          else if (out.length && !cur) out[out.length - 1].rolls = (out[out.length - 1].rolls || []).concat([ev]);
          break;
        case "step":
          decisions += 1;
          if (cur) { if (!cur.path.length) cur.path.push(ev.frm); cur.path.push(ev.step + "→" + ev.square); cur.step = decisions; }
          break;
        case "fire":
          decisions += 1;
          if (cur) { cur.end = "fires (" + ev.aspect + " aspect)"; cur.step = decisions; }
          break;
        case "hold_fire":
          decisions += 1;
          if (cur) { cur.end = "holds fire"; cur.step = decisions; }
          break;
        case "kill":
          if (cur) cur.end += ": shoots down the " + ev.target_type;
          break;
        case "miss":
          if (cur) cur.end += ": misses";
          break;
        case "turn_lost":
          if (cur) cur.end = "loses its movement turn (" + ev.reason + ")";
          break;
        default:
          break;
      }
    });
    return out.map(function (m) {
      if (m.heading) return { text: m.heading, step: m.step, heading: true, rolls: [] };
      return { text: m.plane + ", turn " + m.turn + ": " + (m.path.length ? m.path.join(" ") : "no step") +
        (m.end ? ", " + m.end : ""), step: m.step, rolls: m.rolls.map(A.rollText) };
    });
  }

  /* How to play, with every rule id the page cites and its text. */
  const RULES = [
    ["MS-4", "An engagement is between the active plane (its squadron is flying the sortie) and the plane listed on the Sortie Chart square the marker landed on."],
    ["MS-5", "The active plane starts in a1 facing N, the listed plane in k14 facing S. Red d6 against blue d6 (ties rolled again) decides who moves first."],
    ["MS-6", "A move is a chain of steps: F straight ahead (1 MP), L or R diagonally ahead, turning 45° (2 MP), WL or WR a wing-over, turning 90° (3 MP, one per movement turn)."],
    ["MS-7", "Movement points (MP) are 1d6 plus the plane's base value (swept-wing jets 6, straight-wing jets 4, props 2; +1 for an ace). A plane must keep stepping while it can afford a legal step."],
    ["MS-8", "A plane never leaves the board nor enters the other plane's square; a plane with no legal first step loses its movement turn."],
    ["MS-9", "After at least one step, a plane may fire at the other plane if it is in the square directly ahead. Firing ends the move."],
    ["MS-10", "The kill roll is one d6. The number needed depends on the aspect, where the attacker sits seen from the target: front 6, front-diagonal or side 5+, rear-diagonal 4+, rear 3+."],
    ["MS-11", "The engagement ends when a plane is shot down, when both planes have fired, or after the turn limit (20 movement turns of each plane by default)."],
    ["MS-12", "Each plane shot down scores a kill (or its base value under IV.A scoring) for the other side; the side with more wins."],
    ["MS-14", "An ace (five kills) gets +1 MP and +1 to kill rolls."],
    ["MS-15", "A plane with a shot at the end of its move may hold its fire."],
    ["MS-19", "After a missed attack from the front, the target may return fire at the start of its next turn, before it moves, or hold and manoeuvre (III.G)."],
  ];

  function help(node) {
    A.clear(node);
    node.appendChild(A.el("h2", { text: "How to play" }));
    node.appendChild(A.el("p", { text: "Fly your plane until the enemy is in the square directly ahead, then fire. " +
      "Orange squares on the board are where a shot is open this move, with the chance to kill from each; " +
      "the rear is best." }));
    node.appendChild(A.el("ul", { class: "keys" }, [
      A.el("li", { text: "Click a green square to take that step, or an orange one to fly the whole path there." }),
      A.el("li", { text: "Keyboard: ←/→ (or ↑/↓) choose a step, Enter takes it, F fires, U undoes your last move." }),
    ]));
    node.appendChild(A.el("h3", { text: "Words and abbreviations" }));
    const d = A.el("dl", { class: "kv terms" });
    Object.keys(TERMS).forEach(function (k) {
      const text = TERMS[k];
      d.appendChild(A.el("dt", { text: k }));
      d.appendChild(A.el("dd", {}, linkRules(text.slice(text.indexOf(":") + 1).trim())));
    });
    node.appendChild(d);
    node.appendChild(A.el("h3", { text: "Rules" }));
    node.appendChild(A.el("dl", { class: "kv rules" }, [].concat.apply([], RULES.map(function (r) {
      return [A.el("dt", { id: "rule-" + r[0], text: r[0] }), A.el("dd", { text: r[1] })];
    }))));
  }

  /* A text with each rule id it names made a link to that rule's text in the panel. */
  function linkRules(text) {
    const parts = [];
    const re = /MS-\d+/g;
    let last = 0, m;
    while ((m = re.exec(text)) !== null) {
      parts.push(text.slice(last, m.index));
      const known = RULES.some(function (r) { return r[0] === m[0]; });
      parts.push(known ? A.el("a", { href: "#rule-" + m[0], text: m[0] }) : m[0]);
      last = m.index + m[0].length;
    }
    parts.push(text.slice(last));
    return parts;
  }

  const R = { board: drawBoard, extra: drawExtra, controls: controls, status: status, result: result,
    moves: moves, help: help, terms: TERMS, moveReview: moveReview,
    movesHint: "Click a move to see the board after it. F: straight (1 MP); L, R: 45° turns (2 MP); " +
      "WL, WR: wing-overs, 90° (3 MP); MP: movement points (see How to play)." };
  A.renderers["migs-engagement"] = R;
  A.renderers["migs-sabres"] = R;
})(window.Airwar);
