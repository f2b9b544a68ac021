/* Gunslingers: who won and why (GS-85 to GS-89). The result panel's words, the
   after-action report (every point with its turn, kills and losses with the shot that did
   each, missiles fired, SAMs suppressed), the points over the turns as a small SVG chart,
   and the link to the replay. Everything comes from the view's "victory": the whole result
   once the game is over, a side's own tally before. The play and replay pages load it
   before gunslingers.js (as Airwar.gunslingersResult); Node requires its pure parts
   (summary, chart, oddsText, shotText) for tests/web/js. */
"use strict";
(function (root, make) {
  const m = make(function () { return root.Airwar; });
  if (typeof module === "object" && module.exports) module.exports = m;
  else { root.Airwar = root.Airwar || {}; root.Airwar.gunslingersResult = m; }
})(typeof self !== "undefined" ? self : this, function (airwar) {
  const R = {};

  R.LEVEL_WORDS = { decisive: "a decisive win", marginal: "a marginal win", draw: "a draw" };

  /* The title and detail of the result panel, and the winner (a seat name, lower case). */
  R.summary = function (vic) {
    if (!vic || !vic.over) return null;
    const pts = vic.sides.map(function (s) { return s + " " + vic.points[s]; }).join(", ");
    const title = vic.winner ? vic.winner + " wins: " + R.LEVEL_WORDS[vic.level] : "A draw";
    const th = vic.thresholds;
    const detail = "Points " + pts + " after turn " + vic.turn + " (a lead of " + th.marginal +
      " wins marginally, " + th.decisive + " decisively).";
    return { title: title, detail: detail, winner: vic.winner ? String(vic.winner).toLowerCase() : null };
  };

  /* The points after each turn as polylines in a width x height box (pure: no DOM). */
  R.chart = function (byTurn, sides, width, height, pad) {
    pad = pad === undefined ? 24 : pad;
    const turns = Math.max.apply(null, sides.map(function (s) { return (byTurn[s] || []).length; }).concat([1]));
    const top = Math.max.apply(null, sides.map(function (s) { return Math.max.apply(null, (byTurn[s] || [0]).concat([0])); }).concat([1]));
    const x = function (t) { return pad + (turns <= 1 ? 0 : (width - 2 * pad) * (t / (turns - 1))); };
    const y = function (n) { return height - pad - (height - 2 * pad) * (n / top); };
    const lines = sides.map(function (s) {
      const row = byTurn[s] || [];
      return { side: s, points: row.map(function (n, t) { return x(t).toFixed(1) + "," + y(n).toFixed(1); }).join(" "),
        last: row.length ? row[row.length - 1] : 0 };
    });
    return { turns: turns, top: top, lines: lines, x: x, y: y };
  };

  /* "2/5 (40.0%)": a probability as the rest of the app writes it */
  /* Odds in words: "7/10 (70.0%)"; none "never"; sure "always". */
  R.pct = function (frac) {
    const parts = String(frac).split("/");
    if (parts.length === 2 && Number(parts[0]) === 0) return "never";
    if (parts.length === 2 && parts[0] === parts[1]) return "always";
    const v = parts.length === 2 ? Number(parts[0]) / Number(parts[1]) : Number(frac);
    return frac + " (" + (100 * v).toFixed(1) + "%)";
  };

  R.oddsText = function (o) {
    if (!o) return "the referee's result";
    return o.target + "- (" + R.pct(o.p) + "), rolled " + o.roll;
  };

  /* A shot in words: the weapon and its firer, range, aspect, exact odds and rolls. */
  R.shotText = function (shot, labels) {
    if (!shot) return "cause not in the log";
    const parts = [labels[shot.by] ? shot.weapon + " of " + labels[shot.by] : shot.weapon];
    if (shot.range !== null && shot.range !== undefined) parts.push("range " + shot.range);
    if (shot.aspect) parts.push("aspect " + shot.aspect);
    if (shot.launch) parts.push("launch " + R.oddsText(shot.launch));
    if (shot.outcome) parts.push("result " + R.oddsText(shot.outcome));
    return parts.join(", ");
  };

  function svgChart(vic) {
    const A = airwar(), S = A.svg, W = 320, H = 140;
    const c = R.chart(vic.by_turn || {}, vic.sides, W, H);
    const root = S.root(W, H, "Points after each turn: " + vic.sides.map(function (s) {
      return s + " " + (vic.by_turn[s] || []).join(", "); }).join("; "));
    root.setAttribute("id", "points-chart");
    root.setAttribute("class", "points-chart");
    root.appendChild(S.el("line", { x1: c.x(0), y1: c.y(0), x2: c.x(c.turns - 1), y2: c.y(0), class: "axis" }));
    root.appendChild(S.el("line", { x1: c.x(0), y1: c.y(0), x2: c.x(0), y2: c.y(c.top), class: "axis" }));
    root.appendChild(S.el("text", { x: 2, y: c.y(c.top) + 4, class: "tick", text: String(c.top) }));
    for (let t = 0; t < c.turns; t++) {
      root.appendChild(S.el("text", { x: c.x(t) - 3, y: H - 6, class: "tick", text: String(t + 1) }));
    }
    c.lines.forEach(function (l, i) {
      root.appendChild(S.el("polyline", { points: l.points, class: "line side-" + (i % 4), "data-side": l.side, fill: "none" }));
      const lastPt = l.points.split(" ").pop().split(",");
      root.appendChild(S.el("text", { x: Number(lastPt[0]) - 30, y: Number(lastPt[1]) - 4 - 10 * i,
        class: "tick side-" + (i % 4), text: l.side + " " + l.last }));
    });
    return root;
  }

  function table(id, head, rows, label) {
    const A = airwar();
    return A.el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label }, [
      A.el("table", { id: id }, [
        A.el("thead", {}, [A.el("tr", {}, head.map(function (h) { return A.el("th", { scope: "col", text: h }); }))]),
        A.el("tbody", {}, rows.map(function (r) {
          return A.el("tr", {}, r.map(function (c) { return A.el("td", { text: String(c) }); }));
        }))])]);
  }

  /* The points panel: the after-action report once over, the known points before. */
  R.panel = function (vic, replayUrl) {
    const A = airwar();
    const box = A.el("div", { class: "panel", id: "after-action" });
    if (!vic) return box;
    if (!vic.over) {
      box.appendChild(A.el("h2", { text: "Points" }));
      box.appendChild(A.el("p", { id: "points-known", text: vic.text || "" }));
      (vic.scores || []).forEach(function (s) {
        box.appendChild(A.el("p", { class: "hint", text: "turn " + s.turn + ": " + s.side + " +" + s.points + ": " + s.text }));
      });
      return box;
    }
    const labels = vic.labels || {};
    box.appendChild(A.el("h2", { text: "After-action report" }));
    box.appendChild(A.el("p", { id: "result-text", text: vic.text + "." }));
    box.appendChild(A.el("h3", { text: "Points" }));
    box.appendChild(table("points-table", ["Turn", "Side", "Points", "Why"], vic.scores.map(function (s) {
      return [s.turn, s.side, "+" + s.points, s.text];
    }), "Each point scored"));
    box.appendChild(svgChart(vic));
    box.appendChild(A.el("h3", { text: "Kills and losses" }));
    box.appendChild(table("kills-table", ["Turn", "Aircraft", "Side", "Points", "The shot"], vic.kills.map(function (k) {
      return [k.turn, k.label + (k.type ? " (" + k.type + ")" : ""), k.side, k.points, R.shotText(k.shot, labels)];
    }), "Kills and losses"));
    if ((vic.ground || []).length) {
      box.appendChild(A.el("h3", { text: "Ground units destroyed" }));
      box.appendChild(table("ground-table", ["Turn", "Unit", "Side", "Points", "The shot"], vic.ground.map(function (g) {
        return [g.turn, g.label, g.side, g.points, R.shotText(g.shot, labels)];
      }), "Ground units destroyed"));
    }
    box.appendChild(A.el("h3", { text: "Missiles fired" }));
    box.appendChild(table("missiles-table", ["Turn", "Shot", "At", "Result"], vic.missiles.map(function (m) {
      return [m.turn, R.shotText(m, labels), labels[m.target] || m.target, (m.result || "in flight at the end").replace(/_/g, " ")];
    }), "Missiles fired"));
    box.appendChild(A.el("h3", { text: "SAMs suppressed" }));
    box.appendChild(vic.suppressed.length ? table("suppressed-table", ["Turn", "Unit", "Side", "Points"],
      vic.suppressed.map(function (s) { return [s.turn, s.label + " (" + s.kind + ")", s.side, s.points]; }),
      "SAMs suppressed") : A.el("p", { class: "hint", text: "None." }));
    if (replayUrl) {
      box.appendChild(A.el("p", {}, [A.el("a", { id: "replay-this", href: replayUrl, text: "Replay this game" })]));
    }
    return box;
  };

  return R;
});
