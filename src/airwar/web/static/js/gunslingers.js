/* Gunslingers: the hex map with units, headings, altitudes and markers as SVG, the turn stepper
   (phase and step of the Expanded Sequence of Play), each declaration asked word by word with
   only the legal choices, and the unit roster with status. */
"use strict";
(function (A) {
  const S = A.svg;
  const SIZE = 18;
  const H = Math.sqrt(3) * SIZE;
  const PALETTE = ["#1f4e9a", "#b3261e", "#2d6a4f", "#8a4b00"];
  const HEX_RE = /^-?\d+,-?\d+$/;
  let sequence = null;

  A.api("GET", "/api/gunslingers/sequence").then(function (s) { sequence = s; if (A.ctx) A.ctx.rerender(); })
    .catch(function () { sequence = null; });

  function parseHex(t) { const p = String(t).split(","); return [Number(p[0]), Number(p[1])]; }
  function px(q, r) { return [SIZE * 1.5 * q, H * (r + q / 2)]; }

  function sideColor(view, side) {
    const names = Object.keys(view.sides || {});
    const i = names.indexOf(side);
    return i >= 0 ? PALETTE[i % PALETTE.length] : "#555";
  }

  /* Where the decision being built stands: the words chosen and the choices for the next one. */
  function walk(data, ctx) {
    if (ctx.walkFor !== data.decisions + ":" + data.seat) {
      ctx.words = []; ctx.picked = false; ctx.walkFor = data.decisions + ":" + data.seat;
    }
    let node = data.choices || {};
    const words = ctx.words || [];
    for (const w of words) { node = node[w] || {}; }
    // words with a single choice are taken at once (the verb and the unit asked about)
    while (true) {
      const keys = Object.keys(node).filter(function (k) { return k !== "$"; });
      if (keys.length === 1 && !node.$) { words.push(keys[0]); node = node[keys[0]]; } else break;
    }
    ctx.words = words;
    const options = Object.keys(node).filter(function (k) { return k !== "$"; });
    return { words: words, options: options, complete: !!node.$ };
  }

  function choose(ctx, word, data) {
    ctx.words.push(word);
    ctx.picked = true;
    const w = walk(data, ctx);
    if (w.complete && !w.options.length) ctx.send([w.words.join(" ")]);
    else ctx.rerender();
  }

  function units(view) {
    const out = [];
    (view.aircraft || []).forEach(function (a) { out.push(Object.assign({ kind: "aircraft" }, a)); });
    ["own_ground", "enemy_ground", "sams", "radars", "aaa", "ground"].forEach(function (k) {
      (view[k] || []).forEach(function (u) { out.push(Object.assign({ kind: k }, u)); });
    });
    return out;
  }

  function board(node, data, ctx) {
    A.clear(node);
    const v = data.view;
    const w = data.my_turn ? walk(data, ctx) : { options: [], words: [] };
    const hexChoices = w.options.filter(function (o) { return HEX_RE.test(o); });
    const all = units(v).filter(function (u) { return u.hex; }).map(function (u) { return parseHex(u.hex); })
      .concat((v.markers || []).map(function (m) { return parseHex(m.hex); }))
      .concat((v.weapons || []).map(function (m) { return parseHex(m.hex); }))
      .concat(hexChoices.map(parseHex));
    if (!all.length) all.push([0, 0]);
    const pts = all.map(function (h) { return px(h[0], h[1]); });
    const pad = 3 * H;
    const minX = Math.min.apply(null, pts.map(function (p) { return p[0]; })) - pad;
    const maxX = Math.max.apply(null, pts.map(function (p) { return p[0]; })) + pad;
    const minY = Math.min.apply(null, pts.map(function (p) { return p[1]; })) - pad;
    const maxY = Math.max.apply(null, pts.map(function (p) { return p[1]; })) + pad;
    const svg = S.root(maxX - minX, maxY - minY, "Hex map");
    svg.id = "hex-map";
    svg.setAttribute("viewBox", minX + " " + minY + " " + (maxX - minX) + " " + (maxY - minY));
    const qMin = Math.floor(minX / (1.5 * SIZE)) - 1, qMax = Math.ceil(maxX / (1.5 * SIZE)) + 1;
    const chosen = new Set(hexChoices);
    for (let q = qMin; q <= qMax; q++) {
      const rMin = Math.floor(minY / H - q / 2) - 1, rMax = Math.ceil(maxY / H - q / 2) + 1;
      for (let r = rMin; r <= rMax; r++) {
        const c = px(q, r);
        const key = q + "," + r;
        const attrs = { points: S.hexPoints(c[0], c[1], SIZE), class: chosen.has(key) ? "hex legal" : "hex",
          "data-hex": key };
        if (chosen.has(key)) {
          attrs.onclick = function () { choose(ctx, key, data); };
        }
        const poly = S.el("polygon", attrs);
        if (chosen.has(key)) S.title(poly, "move to " + key);
        svg.appendChild(poly);
      }
    }
    (v.markers || []).forEach(function (m) {
      const h = parseHex(m.hex), c = px(h[0], h[1]);
      svg.appendChild(S.title(S.el("circle", { cx: c[0] - SIZE / 2, cy: c[1] + SIZE / 3, r: 4, fill: "#8a4b00",
        "data-marker": m.kind }), m.kind + (m.unit ? " (" + m.unit + ")" : "")));
    });
    (v.weapons || []).forEach(function (m) {
      const h = parseHex(m.hex), c = px(h[0], h[1]);
      svg.appendChild(S.title(S.el("path", { d: "M" + c[0] + "," + (c[1] - 6) + " l5,10 l-10,0 z", fill: "#111" }),
        m.type + " → " + m.target));
    });
    units(v).forEach(function (u) {
      if (!u.hex || u.alive === false) return;
      const h = parseHex(u.hex), c = px(h[0], h[1]);
      const color = u.side ? sideColor(v, u.side) : "#555";
      let g;
      if (u.kind === "aircraft" && u.heading !== undefined) {
        g = S.plane(c[0], c[1] - 2, 30 * u.heading, SIZE * 1.3, color,
          (u.label || u.id) + " " + (u.type || "") + " heading " + u.heading + " altitude " + u.altitude);
      } else if (u.kind === "aircraft") {
        g = S.title(S.el("path", { d: "M" + c[0] + "," + (c[1] - 8) + " l8,8 l-8,8 l-8,-8 z", fill: "none",
          stroke: "#555", "stroke-width": 2 }), "radar contact " + u.id + " altitude " + u.altitude);
      } else {
        g = S.title(S.el("rect", { x: c[0] - 7, y: c[1] - 7, width: 14, height: 14, fill: color, opacity: 0.8 }),
          (u.label || u.id) + " (" + u.kind.replace("_", " ") + ")");
      }
      g.setAttribute("data-unit", u.id);
      svg.appendChild(g);
      svg.appendChild(S.el("text", { x: c[0], y: c[1] + SIZE - 3, "text-anchor": "middle", "font-size": 8,
        "font-weight": 700, fill: color, text: u.id + (u.altitude !== undefined ? " A" + u.altitude : "") }));
    });
    node.appendChild(svg);
  }

  function stepper(v) {
    const box = A.el("div", { class: "panel", id: "stepper" });
    box.appendChild(A.el("h2", { text: "Turn " + v.turn + (v.terminal ? " (over)" : "") }));
    if (!sequence) { box.appendChild(A.el("p", { text: v.phase + ", step " + v.step })); return box; }
    const ol = A.el("ol", { class: "phases" });
    sequence.forEach(function (p) {
      const here = p.name === v.phase;
      const li = A.el("li", { class: here ? "current" : "" }, [A.el(here ? "strong" : "span", { text: p.name })]);
      if (here) {
        li.appendChild(A.el("ol", {}, p.steps.map(function (t, i) {
          return A.el("li", { class: i + 1 === v.step ? "current-step" : "", "data-step": String(i + 1),
            text: t + (i + 1 === v.step ? "  ◀" : "") });
        })));
      }
      ol.appendChild(li);
    });
    box.appendChild(ol);
    return box;
  }

  function roster(v) {
    const box = A.el("div", { class: "panel", id: "roster" });
    box.appendChild(A.el("h2", { text: "Units" }));
    const rows = units(v).map(function (u) {
      const status = [];
      if (u.alive === false) status.push("lost");
      (u.status || []).forEach(function (s) { status.push(s); });
      if (u.sighted) status.push("sighted");
      if (u.radar_contact) status.push("radar contact");
      if (u.locks && u.locks.length) status.push("locked on " + u.locks.join(", "));
      if (u.padlocks && u.padlocks.length) status.push("padlock " + u.padlocks.join(", "));
      const stores = u.missiles ? Object.keys(u.missiles).map(function (k) { return k + "×" + u.missiles[k]; })
        .concat(u.chaff !== undefined ? ["chaff " + u.chaff, "flares " + u.flares] : []).join(", ") : "";
      return A.el("tr", { "data-unit": u.id }, [
        A.el("td", { text: u.id }), A.el("td", { text: u.type || u.kind.replace("_", " ") }),
        A.el("td", { class: "side", text: u.side || "?" }), A.el("td", { text: u.hex || "" }),
        A.el("td", { text: u.heading !== undefined ? String(u.heading) : "" }),
        A.el("td", { text: u.altitude !== undefined ? String(u.altitude) : "" }),
        A.el("td", { text: status.join(", ") || "ok" }), A.el("td", { class: "mods", text: stores }),
      ]);
    });
    /* a phone scrolls the table inside its own box, never the page */
    box.appendChild(A.el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Units table" }, [
      A.el("table", {}, [
        A.el("thead", {}, [A.el("tr", {}, ["Unit", "Type", "Side", "Hex", "Heading", "Alt", "Status", "Stores"]
          .map(function (h) { return A.el("th", { scope: "col", text: h }); }))]),
        A.el("tbody", {}, rows)])]));
    const sides = v.sides || {};
    box.appendChild(A.el("p", { text: Object.keys(sides).map(function (s) {
      return s + ": " + sides[s].kills + " kills"; }).join(" · ") }));
    return box;
  }

  function extra(node, data) {
    A.clear(node);
    node.appendChild(stepper(data.view));
    node.appendChild(roster(data.view));
  }

  function label(word) {
    const m = /^h(\d+)$/.exec(word);
    if (m) return "heading " + m[1] + " (" + 30 * Number(m[1]) + "°)";
    const a = /^a(\d+)$/.exec(word);
    if (a) return "altitude " + a[1];
    return word;
  }

  function controls(node, data, ctx) {
    A.clear(node);
    const v = data.view;
    if (data.status === "finished" || v.terminal) { node.appendChild(A.el("p", { text: "The game is over." })); return; }
    if (!data.my_turn) {
      node.appendChild(A.el("p", { class: "hint", text: data.to_act ? "Waiting for " + data.to_act + "." : "" }));
      return;
    }
    const d = v.decision || {};
    node.appendChild(A.el("p", {}, [A.el("strong", { text: d.verb + " " + (d.subject || "") }), ": " + (d.help || "")]));
    const w = walk(data, ctx);
    node.appendChild(A.el("p", { class: "mods", id: "words", text: "decision so far: " + w.words.join(" ") }));
    const hexes = w.options.filter(function (o) { return HEX_RE.test(o); });
    if (hexes.length && hexes.length === w.options.length) {
      node.appendChild(A.el("p", { class: "hint", text: "Click one of the " + hexes.length + " green hexes on the map." }));
    }
    if (w.options.length > 16) {
      const sel = A.el("select", { id: "choice-select", "aria-label": "choice" },
        w.options.map(function (o) { return A.el("option", { value: o, text: label(o) }); }));
      node.appendChild(A.el("div", { class: "row" }, [sel, A.el("button", { type: "button", id: "choose",
        text: "Choose", onclick: function () { choose(ctx, sel.value, data); } })]));
    } else {
      node.appendChild(A.el("div", { class: "choices" }, w.options.map(function (o) {
        return A.el("button", { type: "button", "data-choice": o, text: label(o),
          onclick: function () { choose(ctx, o, data); } });
      })));
    }
    const row = A.el("div", { class: "row" });
    if (w.complete) {
      row.appendChild(A.el("button", { type: "button", class: "primary", id: "declare", text: "Declare: " + w.words.join(" "),
        onclick: function () { ctx.send([w.words.join(" ")]); } }));
    }
    if (ctx.picked) {
      row.appendChild(A.el("button", { type: "button", id: "start-over", text: "Start this decision over",
        onclick: function () { ctx.words = []; ctx.picked = false; ctx.rerender(); } }));
    }
    node.appendChild(row);
  }

  function status(data) {
    const v = data.view;
    if (v.terminal || data.status === "finished") {
      const s = v.sides || {};
      return "Game over: " + Object.keys(s).map(function (k) { return k + " " + s[k].kills + " kills"; }).join(", ");
    }
    const d = v.decision;
    const where = v.phase + ", step " + v.step;
    /* another seat decides: say whose turn it is and where, never what it is asked about */
    if (data.to_act && !data.my_turn) {
      return "Waiting for " + data.to_act + (v.phase ? ": " + where + " (turn " + v.turn + ")" : "");
    }
    return "Turn " + v.turn + " · " + where +
      (d ? " · " + d.seat + " declares " + d.verb + " for " + d.subject : (data.to_act ? " · " + data.to_act + " to act" : ""));
  }

  A.renderers.gunslingers = { board: board, extra: extra, controls: controls, status: status };
})(window.Airwar);
