/* MiGs and Sabres: the Battle Board and the Sortie Chart drawn as SVG, the legal steps of the
   plane to move shown on the board (click a square to take that step), every fire option with
   its kill odds, a whole path typed at once, and the campaign's pilots, kills and aces. */
"use strict";
(function (A) {
  const S = A.svg;
  const COLS = "abcdefghijk";
  const ROWS = 14;
  const CELL = 46;
  const PAD = 24;
  const SIDE_COLOR = { communist: "#b3261e", allied: "#1f4e9a" };

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

  function drawBoard(node, data, ctx) {
    A.clear(node);
    const e = engagementOf(data.view);
    const w = PAD * 2 + COLS.length * CELL, h = PAD * 2 + ROWS * CELL;
    const svg = S.root(w, h, "Battle Board");
    svg.id = "battle-board";
    for (let c = 0; c < COLS.length; c++) {
      svg.appendChild(S.el("text", { x: PAD + c * CELL + CELL / 2, y: PAD - 7, "text-anchor": "middle",
        "font-size": 13, fill: "#5b6470", text: COLS[c] }));
      for (let r = 1; r <= ROWS; r++) {
        const sq = COLS[c] + r;
        const p = xy(sq);
        svg.appendChild(S.el("rect", { x: p[0], y: p[1], width: CELL, height: CELL, class: "sq",
          "data-square": sq, fill: (c + r) % 2 ? "var(--board-a)" : "var(--board-b)" }));
      }
    }
    for (let r = 1; r <= ROWS; r++) {
      svg.appendChild(S.el("text", { x: PAD - 6, y: PAD + (ROWS - r) * CELL + CELL / 2 + 4,
        "text-anchor": "end", "font-size": 12, fill: "#5b6470", text: String(r) }));
    }
    svg.appendChild(S.el("text", { x: w - PAD, y: PAD - 7, "text-anchor": "end", "font-size": 12,
      fill: "#5b6470", text: "" }));
    if (!e) { node.appendChild(svg); return; }
    const acts = data.my_turn ? (e.legal_actions || []) : [];
    const planes = e.planes;
    // where each legal step would take the plane, clickable
    acts.filter(function (a) { return a.square; }).forEach(function (a) {
      const p = xy(a.square);
      const g = S.el("g", { class: "step-target", "data-action": a.action, "data-square": a.square,
        onclick: function () { ctx.send([a.action]); } }, [
        S.el("rect", { x: p[0] + 2, y: p[1] + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "legal" }),
        S.arrow(p[0] + CELL / 2, p[1] + CELL / 2 + 8, S.FACING_DEG[a.facing], 18, "var(--legal)"),
        S.el("text", { x: p[0] + 4, y: p[1] + 13, "font-size": 11, fill: "#1b4332",
          text: a.action + " " + a.mp_left }),
      ]);
      S.title(g, a.kind + " to " + a.square + " facing " + a.facing + ", " + a.mp_left + " MP left");
      svg.appendChild(g);
    });
    const mover = e.to_move;
    Object.keys(planes).forEach(function (role) {
      const pl = planes[role];
      if (e.shot_down === role) return;
      const c = centre(pl.square);
      const color = SIDE_COLOR[pl.side] || "#333";
      if (role === mover && !data.view.terminal) {
        svg.appendChild(S.el("circle", { cx: c[0], cy: c[1], r: CELL / 2 - 1, fill: "none",
          stroke: color, "stroke-width": 2, "stroke-dasharray": "4 3" }));
      }
      const label = pl.type + " (" + pl.side + ") at " + pl.square + " facing " + pl.facing +
        (pl.pilot ? ", pilot " + pl.pilot : "") + (pl.ace ? ", ace" : "");
      const g = S.plane(c[0], c[1], S.FACING_DEG[pl.facing], CELL * 0.8, color, label);
      g.setAttribute("data-role", role);
      g.setAttribute("data-square", pl.square);
      g.setAttribute("data-facing", pl.facing);
      svg.appendChild(g);
      svg.appendChild(S.el("text", { x: c[0], y: c[1] + CELL / 2 + 11, "text-anchor": "middle",
        "font-size": 11, "font-weight": 700, fill: color, text: pl.type + (pl.ace ? " ★" : "") }));
    });
    acts.filter(function (a) { return a.action === "fire"; }).forEach(function () {
      const target = planes[mover === "active" ? "listed" : "active"];
      const c = centre(target.square);
      svg.appendChild(S.el("circle", { cx: c[0], cy: c[1], r: CELL / 2 - 2, class: "firepos" }));
    });
    node.appendChild(svg);
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
      d.appendChild(A.el("dt", { text: p[0] }));
      d.appendChild(A.el("dd", { text: String(p[1]) }));
    });
    return d;
  }

  function drawExtra(node, data) {
    A.clear(node);
    const v = data.view;
    const e = engagementOf(v);
    const box = A.el("div", { class: "panel", id: "situation" });
    if (e) {
      const pl = e.planes;
      box.appendChild(A.el("h2", { text: "Engagement" }));
      box.appendChild(dl([
        ["Active", pl.active.type + " at " + pl.active.square + " " + pl.active.facing +
          (pl.active.pilot ? ", " + pl.active.pilot : "") + (pl.active.fired ? ", has fired" : "")],
        ["Listed", pl.listed.type + " at " + pl.listed.square + " " + pl.listed.facing +
          (pl.listed.pilot ? ", " + pl.listed.pilot : "") + (pl.listed.fired ? ", has fired" : "")],
        ["To move", e.to_move ? pl[e.to_move].type + " (" + e.to_move_side + ")" : null],
        ["MP", e.mp_rolled !== null && e.mp_rolled !== undefined ? e.mp_left + " left of " + e.mp_rolled : null],
        ["Wing-over", e.wing_over_used ? "used this turn" : "available (one per turn, MS-6)"],
        ["Turns", pl.active.turns + " / " + pl.listed.turns + (e.turn_limit ? " (limit " + e.turn_limit + ", MS-11)" : "")],
        ["Return fire", Object.keys(e.return_fire_pending || {}).filter(function (k) {
          return e.return_fire_pending[k]; }).map(function (k) { return pl[k].type; }).join(", ") || null],
        ["Ended", e.end_reason],
      ]));
    }
    if (v.scores) {
      box.appendChild(A.el("h2", { text: "Score (" + (v.scoring === "base-value" ?
        "base value of planes shot down, IV.A" : "kills, MS-12") + ")" }));
      box.appendChild(dl(Object.keys(v.scores).map(function (k) {
        return [k, v.scores[k] + (v.kills ? " (" + v.kills[k] + " kills)" : "")]; })));
      box.appendChild(dl([
        ["Sortie", v.sortie !== undefined && v.sorties_per_side ? "round " + Math.min(v.sortie, v.sorties_per_side) +
          " of " + v.sorties_per_side + (v.active_side ? ", " + v.active_side + " flying" : "") : null],
        ["Result", v.terminal ? (v.result ? v.result + " wins" : "a draw") : null],
      ]));
    }
    node.appendChild(box);
    solverJob(box, data);
    const chart = A.el("div", { class: "panel", id: "chart-panel" });
    drawChart(chart, v);
    if (chart.firstChild) node.appendChild(chart);
    drawPilots(node, v);
  }

  /* While the server solves this game's matchup for the expert AI (a job of its queue,
     GET /api/solver/jobs), say so with the job's progress. It asks only while an expert plays
     the game and the matchup has no solver values yet (data.solver is null until it is cached). */
  let jobWatch = null;
  let jobPolling = false;

  function solverJob(node, data) {
    const v = data.view;
    const e = engagementOf(v);
    const expert = Object.keys(data.seats || {}).some(function (k) { return data.seats[k] === "ai:expert"; });
    jobWatch = e && e.turn_limit && expert && !data.solver && data.status === "running" ?
      { planes: e.planes, turnLimit: e.turn_limit, scoring: v.scoring || "kills" } : null;
    node.appendChild(A.el("p", { id: "solver-job", class: "hint", "aria-live": "polite", hidden: true }));
    if (jobWatch && !jobPolling) pollSolverJobs();
  }

  function forThisGame(job, w) {
    const m = job.matchup;
    return (job.state === "queued" || job.state === "running") && job.full_board &&
      m.active === w.planes.active.type && m.listed === w.planes.listed.type &&
      m.active_ace === !!w.planes.active.ace && m.listed_ace === !!w.planes.listed.ace &&
      job.turn_limit === w.turnLimit && job.scoring === w.scoring;
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
        const p = document.getElementById("solver-job");
        if (p) {
          p.hidden = !job;
          p.textContent = !job ? "" : job.state === "queued" ?
            "The AI will solve this matchup once the solves before it are done (" + job.phase + ")." :
            "The AI is solving this matchup: " + Math.floor(100 * job.progress) + " %";
        }
        await new Promise(function (res) { setTimeout(res, job ? 1000 : 2000); });
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
      node.appendChild(A.el("p", { class: "hint", text: "Click a green square on the board, or a step:" }));
      node.appendChild(A.el("div", { class: "choices" }, steps.map(function (a) {
        return A.el("button", { type: "button", "data-action": a.action,
          title: a.kind + " to " + a.square + " facing " + a.facing,
          text: a.action + " → " + a.square + " " + a.facing + " (" + a.mp_left + " MP left)",
          onclick: function () { ctx.send([a.action]); } });
      })));
    }
    fires.forEach(function (a) {
      node.appendChild(A.el("div", { class: "fire-option" }, [
        A.el("button", { type: "button", class: "fire", "data-action": "fire",
          text: "Fire: " + a.aspect + " aspect, kills on " + a.kill_on + "+ · " + A.oddsText(a.p_kill),
          onclick: function () { ctx.send(["fire"]); } }),
        a.check ? A.el("div", { class: "mods", text: a.check }) : null,
      ]));
    });
    if (others.length) {
      node.appendChild(A.el("div", { class: "choices" }, others.map(function (a) {
        const label = a.label || a.text || (a.action === "hold" ? "Hold fire and move (III.G)" : a.action);
        return A.el("button", { type: "button", "data-action": a.action, text: label,
          onclick: function () { ctx.send([a.action]); } });
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

  function status(data) {
    const v = data.view;
    const e = engagementOf(v);
    if (v.game === "migs-sabres" && (v.terminal || data.status === "finished")) {
      return "Game over: " + (v.result ? v.result + " wins" : "a draw") + " (" +
        Object.keys(v.scores).map(function (k) { return k + " " + v.scores[k]; }).join(", ") + ")";
    }
    if (v.terminal || data.status === "finished") {
      const winner = v.winner || (e && e.shot_down ? (e.shot_down === "active" ? "listed plane" : "active plane") : null);
      return "Game over" + (e && e.end_reason ? ": " + e.end_reason : "") + (winner && !e ? " (" + winner + ")" : "");
    }
    if (e && e.to_move) {
      const p = e.planes[e.to_move];
      const mp = e.mp_left !== null && e.mp_left !== undefined ? ", " + e.mp_left + " MP left" : "";
      return p.type + " (" + p.side + ") to " + (e.step === "return_fire" ? "return fire or hold" : "move") + mp;
    }
    return v.phase ? v.phase + (data.to_act ? ": " + data.to_act + " to act" : "") : "";
  }

  /* The log in the game's words. */
  function logText(ev) {
    switch (ev.type) {
      case "engagement_start":
        return "Engagement: " + ev.active.type + " (active) at " + ev.active.square + " against " +
          ev.listed.type + " (listed) at " + ev.listed.square + " (" + ev.rule + ")";
      case "first_mover": return ev.plane_type + " (" + ev.side + ") moves first (" + ev.rule + ")";
      case "movement_turn": return "Movement turn " + ev.turn + " of the " + ev.plane_type;
      case "step":
        return ev.plane + " " + ev.step + ": " + ev.frm + " " + ev.from_facing + " → " + ev.square +
          " " + ev.facing + " (" + ev.cost + " MP, " + ev.mp_left + " left)";
      case "move_end":
        return ev.plane + " ends its move at " + ev.square + " " + ev.facing +
          (ev.mp_lost ? ", " + ev.mp_lost + " MP lost" : "") + (ev.reason ? " (" + ev.reason + ")" : "");
      case "sortie_chart": return "Sortie Chart: " + ev.text + " (" + ev.rule + ")";
      case "first_side": return "The " + ev.side + " side flies first (" + ev.rule + ")";
      case "sortie_start": return ev.side + " sortie " + ev.sortie + " of " + ev.of + " begins";
      case "marker_move":
        return ev.side + " marker " + ev.frm + " → " + ev.to + (ev.listed ? " (" + ev.listed + ")" : "") +
          ": " + ev.result;
      case "engagement_end":
        return "Engagement ends: " + ev.reason + (ev.winner_side ? ", " + ev.winner_side + " kill" : "");
      case "sortie_end": return ev.side + " sortie " + ev.sortie + " ends: " + ev.reason;
      case "score": return ev.side + " scores " + ev.points + " for the " + ev.shot_down + " (" + ev.rule + ")";
      case "turn_lost": return (ev.plane || "") + " loses its movement turn" + (ev.reason ? ": " + ev.reason : "");
      case "game_start": return "A new game of MiGs and Sabres: " + ev.sorties_per_side + " sorties per side";
      case "ace": return ev.pilot + " (" + ev.side + ") becomes an ace with " + ev.kills + " kills (" + ev.rule + ")";
      case "pilot_replaced":
        return ev.side + " pilot " + ev.number + " " + ev.lost + " is lost; " + ev.replacement + " takes his place";
      case "reroll": return "Tie: roll again (" + ev.rule + ")";
      case "kill":
        return ev.attacker_type + " (" + ev.attacker_side + ") shoots down the " + ev.target_type + "!";
      case "fire":
        return ev.plane_type + " fires from " + ev.square + " " + ev.facing + " at " + ev.target_square +
          (ev.aspect ? " (" + ev.aspect + " aspect)" : "");
      case "miss": return ev.attacker + " misses (" + ev.aspect + " aspect)";
      case "hold_fire": return ev.plane + " holds its fire (" + ev.rule + ")";
      case "game_end":
        return "Game over: " + (ev.reason || (ev.scores ? JSON.stringify(ev.scores) : "")) +
          (ev.winner ? ", " + ev.winner + " wins" : "");
      default: return null;
    }
  }

  const R = { board: drawBoard, extra: drawExtra, controls: controls, status: status };
  A.renderers["migs-engagement"] = R;
  A.renderers["migs-sabres"] = R;
  const game = document.querySelector("[data-game]");
  if (game && game.dataset.game.indexOf("migs") === 0) A.logFormatter = logText;
})(window.Airwar);
