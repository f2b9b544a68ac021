/* Gunslingers: the hex map as SVG, each declaration asked word by word with only the legal
   choices, moves by their paths, and the status line. The units on the map
   (gunslingers_units.js), the map's layers and wiring (gunslingers_mapview.js) and the panels
   beside it (gunslingers_panels.js: legend, data card, stepper, roster, result) are modules of
   their own, loaded before this one, sharing its helpers through Airwar.gsPage. */
"use strict";
(function (A) {
  const E = A.gsPage = A.gsPage || {};  /* shared with gunslingers_units, _mapview, _panels.js */
  const S = A.svg;
  const G = A.gsMap;  /* gunslingers_map.js: stacks, labels, hex words */
  const SIZE = 18;
  const H = Math.sqrt(3) * SIZE;
  const PALETTE = ["#1f4e9a", "#b3261e", "#2d6a4f", "#8a4b00"];
  const HEX_RE = /^-?\d+,-?\d+$/;
  const P = A.gsPaths;  /* moves by their paths (gunslingers_paths.js, GS-82) */
  let sequence = null;

  A.api("GET", "/api/gunslingers/sequence").then(function (s) { sequence = s; if (A.ctx) A.ctx.rerender(); })
    .catch(function () { sequence = null; });

  /* A word that is a hex on this map ("180,0", the nose and tail arcs, is not: off any map). */
  function isHex(word, view) {
    if (!HEX_RE.test(word)) return false;
    const h = parseHex(word), radius = (view.map && view.map.radius) || 30;
    return Math.max(Math.abs(h[0]), Math.abs(h[1]), Math.abs(h[0] + h[1])) <= radius;
  }
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
    /* a move's path ("1,-1>2,-2") stands in the choices under the hex it ends on */
    for (const w of words) { node = node[P.isPath(w) ? P.end(w) : w] || {}; }
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

  /* -- the hex map ------------------------------------------------------------------
     What a board keeps between draws (every decision draws it anew): the view box (zoom and
     pan), the unit selected and the hex under the pointer. Kept per board element. */
  const MAPS = new WeakMap();
  const ASPECT = 1.25;  /* the map's width to its height */
  const MIN_SPAN = 6 * SIZE;
  const cards = {};  /* type name -> its data card (or the reason there is none) */

  function mapStore(node) {
    let m = MAPS.get(node);
    if (!m) {
      let follow = false;
      try { follow = window.localStorage.getItem("gs-map-follow") === "1"; } catch (e) { /* none */ }
      m = { vb: null, key: null, selected: null, hover: null, drag: null, moved: false, follow: follow };
      MAPS.set(node, m);
    }
    return m;
  }

  function hexAt(x, y) {
    const q = x / (1.5 * SIZE), r = y / H - q / 2, s = -q - r;
    let rq = Math.round(q), rr = Math.round(r);
    const rs = Math.round(s);
    const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
    return [rq, rr];
  }
  function onMap(q, r, radius) { return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= radius; }

  /* A box around points, padded and widened to the map's shape (never smaller than MIN_SPAN). */
  function boxAround(pts, pad) {
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    pts.forEach(function (p) { x0 = Math.min(x0, p[0]); x1 = Math.max(x1, p[0]); y0 = Math.min(y0, p[1]); y1 = Math.max(y1, p[1]); });
    let w = Math.max(x1 - x0 + 2 * pad, MIN_SPAN), h = Math.max(y1 - y0 + 2 * pad, MIN_SPAN / ASPECT);
    if (w / h < ASPECT) w = h * ASPECT; else h = w / ASPECT;
    return { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w: w, h: h };
  }
  function wholeMap(radius) {
    const x = 1.5 * SIZE * radius + SIZE, y = H * radius + H / 2;
    return boxAround([[-x, -y], [x, y]], SIZE);
  }

  /* Arc names (GS-4) as 30-degree steps clockwise of the nose: 180 is 0, 150R 1, 0 (tail) 6. */
  function arcStep(name) {
    const m = /^(\d+)([LR]?)$/.exec(String(name));
    if (!m) return null;
    const s = (180 - Number(m[1])) / 30;
    return m[2] === "L" ? -s : s;
  }
  function at(c, deg, dist) {
    const a = deg * Math.PI / 180;
    return [c[0] + dist * Math.sin(a), c[1] - dist * Math.cos(a)];
  }
  function wedge(c, deg, dist, cls, label) {
    const a = at(c, deg - 15, dist), b = at(c, deg + 15, dist);
    return S.title(S.el("path", { d: "M" + c[0] + "," + c[1] + " L" + a[0].toFixed(1) + "," + a[1].toFixed(1) +
      " A" + dist + "," + dist + " 0 0 1 " + b[0].toFixed(1) + "," + b[1].toFixed(1) + " Z", class: cls }), label);
  }

  /* What a move allows from each hex: the decision's choice tree gives, under each hex, the
     headings (hN) and under each heading the altitudes (aN). */
  function reach(node, hexes) {
    const out = {};
    hexes.forEach(function (h) {
      const sub = node[h] || {};
      const headings = [], alts = new Set();
      Object.keys(sub).forEach(function (k) {
        const m = /^h(\d+)$/.exec(k);
        if (!m) return;
        headings.push(Number(m[1]));
        Object.keys(sub[k] || {}).forEach(function (a) { const n = /^a(\d+)$/.exec(a); if (n) alts.add(Number(n[1])); });
      });
      const al = Array.from(alts).sort(function (a, b) { return a - b; });
      out[h] = { headings: headings.sort(function (a, b) { return a - b; }), lo: al.length ? al[0] : null,
        hi: al.length ? al[al.length - 1] : null };
    });
    return out;
  }
  /* The shade of each hex offered (1 light .. 4 dark): by how many heading and altitude pairs
     the move allows there, when that differs from hex to hex; when every hex allows the same
     (the referee holds a move to speed and climb only, GS-23), by how much of the aircraft's
     speed the hex takes, nearest lightest. */
  function shades(allowed, mover) {
    const keys = Object.keys(allowed);
    const combos = {};
    keys.forEach(function (k) {
      const r = allowed[k];
      combos[k] = r.headings.length * (r.lo === null ? 1 : r.hi - r.lo + 1);
    });
    const vals = keys.map(function (k) { return combos[k]; });
    const max = Math.max.apply(null, vals.concat([1])), min = Math.min.apply(null, vals.concat([max]));
    const out = { by: "allowed", shade: {} };
    if (max !== min || !mover) {
      keys.forEach(function (k) { out.shade[k] = Math.max(1, Math.ceil(4 * combos[k] / max)); });
      return out;
    }
    out.by = "distance";
    const m = parseHex(mover);
    const dist = {};
    keys.forEach(function (k) {
      const h = parseHex(k), dq = h[0] - m[0], dr = h[1] - m[1];
      dist[k] = Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
    });
    const far = Math.max.apply(null, keys.map(function (k) { return dist[k]; }).concat([1]));
    keys.forEach(function (k) { out.shade[k] = Math.min(4, 1 + Math.floor(4 * dist[k] / (far + 1))); });
    out.far = far;
    out.dist = dist;
    return out;
  }
  const SHADES = {
    allowed: { 1: "fewest heading and altitude pairs", 2: "fewer pairs", 3: "more pairs", 4: "most pairs" },
  };
  function reachText(r) {
    if (!r || !r.headings.length) return "";
    return (r.headings.length === 12 ? "any heading (0–11)" : "heading" + (r.headings.length === 1 ? " " : "s ") +
      r.headings.join(", ")) + (r.lo === null ? "" : " · altitude " +
      (r.lo === r.hi ? r.lo : r.lo + "–" + r.hi));
  }

  /* A unit's label on the map: its name (and how many more share its hex) with its states,
     and a line of altitude, heading and speed in plain words ("↗060° alt 8 spd 7"). */
  function unitLines(u, more) {
    const name = [u.id + (more ? " +" + more : "")].concat(G.stateWords(u)).join(" · ");
    const flight = G.flightLine(u);
    return flight ? [name, flight] : [name];
  }

  function board(node, data, ctx) {
    const store = mapStore(node);
    store.data = data; store.ctx = ctx;
    const v = data.view;
    const radius = (v.map && v.map.radius) || 30;
    const w = data.my_turn ? walk(data, ctx) : { options: [], words: [] };
    const hexChoices = w.options.filter(function (o) { return isHex(o, v); });
    let choiceNode = data.choices || {};
    (w.words || []).forEach(function (x) { choiceNode = choiceNode[x] || {}; });
    const allowed = reach(choiceNode, hexChoices);
    const moverId = w.words && w.words.length > 1 ? w.words[1] : null;
    const mover = units(v).filter(function (u) { return u.id === moverId && u.hex; })[0];
    const plan = movePlan(data, ctx, w, mover, hexChoices);
    const shading = shades(allowed, mover ? mover.hex : null);
    const all = units(v);
    if (store.selected && !all.some(function (u) { return u.id === store.selected; })) store.selected = null;

    /* the view box: fitted on the first draw (to the units and the hexes offered), kept after */
    const focus = all.filter(function (u) { return u.hex; }).map(function (u) { return parseHex(u.hex); })
      .concat(hexChoices.map(parseHex)).concat((v.last_seen || []).map(function (m) { return parseHex(m.hex); }));
    if (!focus.length) focus.push([0, 0]);
    const fit = function () { return boxAround(focus.map(function (h) { return px(h[0], h[1]); }), 3 * H); };
    const key = data.id || ctx.gameId || "game";
    if (!store.vb || store.key !== key + ":" + radius) { store.vb = fit(); store.key = key + ":" + radius; }
    if (store.follow) follow(store, hexChoices, data.decisions + ":" + (w.words || []).join(" "));

    /* the SVG and its thousands of hexes stay in the page from draw to draw (building them
       and styling them again took most of a draw); what changes is drawn over them */
    const terrain = {};
    ((v.map && v.map.terrain) || []).forEach(function (t) { terrain[t.hex] = t.height; });
    const base = E.baseLayer(store, radius, terrain);
    let svg = store.svg;
    if (!svg || !node.contains(svg) || base.parentNode !== svg) {
      A.clear(node);
      svg = S.root(store.vb.w, store.vb.h, "Hex map: drag to pan, wheel or the buttons to zoom");
      svg.id = "hex-map";
      svg.setAttribute("class", "gs-map");
      svg.appendChild(base);
      node.appendChild(svg);
      store.svg = svg;
      E.wire(svg, store);
    }
    Array.prototype.slice.call(node.childNodes).forEach(function (c) { if (c !== svg) node.removeChild(c); });
    Array.prototype.slice.call(svg.childNodes).forEach(function (c) { if (c !== base) svg.removeChild(c); });
    /* the hexes offered, over the map drawn once */
    const reachLayer = S.el("g", { class: "reach" });
    hexChoices.forEach(function (k) {
      const h = parseHex(k), c = px(h[0], h[1]), n = shading.shade[k];
      reachLayer.appendChild(S.title(S.el("polygon", { points: S.hexPoints(c[0], c[1], SIZE), "data-hex": k,
        class: "hex legal reach-" + n, "data-shade": n, "data-headings": allowed[k].headings.join(","),
        onclick: function () {
          if (store.moved) return;
          if (plan) { plan.click(k); return; }
          choose(ctx, k, data);
        } }), (plan ? "fly to " : "move to ") + k + ": " + reachText(allowed[k])));
    });
    svg.appendChild(reachLayer);
    svg.appendChild(pathsLayer(v, plan));
    const sun = v.map ? v.map.sun : null;
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
    (v.last_seen || []).forEach(function (m, i) {
      const h = parseHex(m.hex), c = px(h[0], h[1]);
      const text = "last seen turn " + m.turn + ", " + m.phase + " (altitude " + m.altitude + ")";
      svg.appendChild(S.title(S.el("g", { class: "last-seen", "data-last-seen": String(i) }, [
        S.el("circle", { cx: c[0], cy: c[1], r: SIZE * 0.55, fill: "#d0d0d0", "fill-opacity": 0.7, stroke: "#6b6b6b",
          "stroke-width": 1.5, "stroke-dasharray": "3 2" }),
        S.el("text", { x: c[0], y: c[1] + 4, "text-anchor": "middle", "font-size": 10, fill: "#3a3a3a", text: "?" }),
        S.el("text", { x: c[0], y: c[1] + SIZE + 6, "text-anchor": "middle", "font-size": 7, fill: "#3a3a3a",
          text: "turn " + m.turn + " · alt " + m.altitude }),
      ]), text));
    });

    /* the selected unit's arcs under the units */
    const sel = all.filter(function (u) { return u.id === store.selected && u.hex; })[0];
    if (sel) svg.appendChild(E.arcsOf(sel, sun));

    E.drawUnits(svg, node, store, v, all);
    /* a hex chosen: the headings offered there, as arrows to click */
    const chosenHex = (w.words || []).map(function (x) { return P.isPath(x) ? P.end(x) : x; })
      .filter(function (x) { return isHex(x, v); }).pop();
    const headingChoices = w.options.filter(function (o) { return /^h\d+$/.test(o); });
    if (chosenHex && headingChoices.length) {
      const h = parseHex(chosenHex), c = px(h[0], h[1]);
      svg.appendChild(S.el("polygon", { points: S.hexPoints(c[0], c[1], SIZE), class: "hex chosen" }));
      headingChoices.forEach(function (o) {
        const n = Number(o.slice(1));
        const a = S.arrow(c[0], c[1], 30 * n, SIZE * 1.6, "#2d6a4f");
        a.setAttribute("class", "heading-choice");
        a.setAttribute("data-heading", String(n));
        a.addEventListener("click", function () { if (!store.moved) choose(ctx, o, data); });
        svg.appendChild(S.title(a, "heading " + n + " (" + 30 * n + "°)"));
      });
    }
    const margin = S.el("g", { class: "margin", "aria-hidden": "true" });
    svg.appendChild(margin);
    node.insertBefore(E.toolbar(node, store, svg, fit, radius, hexChoices, data, w), svg);
    const readout = A.el("p", { id: "map-readout", class: "map-readout", "aria-live": "polite",
      text: "Point at a hex for its coordinates." });
    node.appendChild(readout);
    node.appendChild(E.legend(v, hexChoices.length ? { shading: shading, allowed: allowed } : null, sel));
    node.appendChild(A.el("div", { id: "unit-card", class: "unit-card" }));
    Object.assign(store, { margin: margin, readout: readout, terrain: terrain, allowed: allowed, radius: radius });
    store.hover = null;
    E.apply(svg, store, margin);
    if (sel) E.showCard(node, sel);
  }

  /* A move chosen by its path (GS-82): while a move's hex is asked, the path being chosen
     (ctx.path) starts straight ahead at full speed; a click on a hex offered changes it (see
     gunslingers_paths.js), and "Fly this path" takes it as the move's hex word. */
  function movePlan(data, ctx, w, mover, hexChoices) {
    if (!data.my_turn || w.words[0] !== "move" || !mover || mover.heading === undefined ||
      !hexChoices.length || hexChoices.length !== w.options.length) return null;
    const offered = new Set(hexChoices);
    offered.add(mover.hex);
    const speed = mover.speed || 0;
    const planKey = data.decisions + ":" + mover.id;
    if (ctx.pathFor !== planKey) {
      ctx.pathFor = planKey;
      ctx.path = P.preselect(mover.hex, mover.heading, speed, function (h) { return offered.has(h); });
    }
    const plan = {
      start: mover.hex, heading: mover.heading, speed: speed, path: ctx.path, offered: offered,
      set: function (path) { ctx.path = path; ctx.rerender(); },
      click: function (k) { plan.set(P.click(ctx.path, mover.hex, mover.heading, speed, k)); },
      word: function () { return P.word(ctx.path, mover.hex); },
      end: function () { return ctx.path.length ? ctx.path[ctx.path.length - 1] : mover.hex; },
      fly: function () { choose(ctx, plan.word(), data); },
    };
    return plan;
  }

  /* The paths on the map: the moves of this turn and the last that the seat saw (the view's
     "paths", GS-82), faint and dashed, in the mover's side's colour; and the path being chosen,
     bold, with each hex numbered. */
  function pathsLayer(v, plan) {
    const g = S.el("g", { class: "paths", "pointer-events": "none" });  /* clicks reach the hexes */
    const sideOf = {};
    (v.aircraft || []).forEach(function (a) { sideOf[a.id] = a.side; });
    const line = function (hexes) {
      return hexes.map(function (k, i) { const h = parseHex(k), c = px(h[0], h[1]);
        return (i ? "L" : "M") + c[0].toFixed(1) + "," + c[1].toFixed(1); }).join(" ");
    };
    (v.paths || []).forEach(function (m) {
      if (!m.path || !m.path.length || !m.from) return;
      const color = sideOf[m.aircraft] ? sideColor(v, sideOf[m.aircraft]) : "#6b6b6b";
      g.appendChild(S.title(S.el("path", { d: line([m.from].concat(m.path)), class: "move-path past",
        "data-path-of": m.aircraft, "data-turn": String(m.turn), "data-path": m.path.join(">"),
        fill: "none", stroke: color, "stroke-width": 2, "stroke-dasharray": "5 4",
        "stroke-opacity": m.turn === v.turn ? 0.7 : 0.35 }), m.aircraft + "'s move, turn " + m.turn + ": " +
        m.from + " → " + m.path.join(" → ")));
    });
    if (plan) {
      g.appendChild(S.el("path", { d: line([plan.start].concat(plan.path)), class: "move-path chosen",
        id: "path-chosen", "data-path": plan.path.join(">"), fill: "none", stroke: "#2d6a4f", "stroke-width": 4,
        "stroke-linecap": "round", "stroke-linejoin": "round" }));
      plan.path.forEach(function (k, i) {
        const h = parseHex(k), c = px(h[0], h[1]);
        g.appendChild(S.el("circle", { cx: c[0], cy: c[1], r: 6, class: "path-step", "data-step": String(i + 1),
          "data-hex": k, fill: "#2d6a4f" }));
        g.appendChild(S.el("text", { x: c[0], y: c[1] + 3, "text-anchor": "middle", "font-size": 8,
          fill: "#fff", class: "path-step-n", text: String(i + 1) }));
      });
    }
    return g;
  }

  /* The hexes a decision offers are brought into view once, when it is asked, if any lies
     outside it: the view pans to them, keeping its zoom unless they do not fit. Only when the
     player asks for it ("Follow decisions" under the map): otherwise the view stays where the
     player put it. */
  function follow(store, hexChoices, key) {
    if (!hexChoices.length || store.followed === key) return;
    store.followed = key;
    const pts = hexChoices.map(function (k) { const h = parseHex(k); return px(h[0], h[1]); });
    const b = store.vb;
    const inside = pts.every(function (p) {
      return p[0] - SIZE >= b.x && p[0] + SIZE <= b.x + b.w && p[1] - H / 2 >= b.y && p[1] + H / 2 <= b.y + b.h;
    });
    if (inside) return;
    const need = boxAround(pts, H);
    if (need.w <= b.w) store.vb = { x: need.x + need.w / 2 - b.w / 2, y: need.y + need.h / 2 - b.h / 2, w: b.w, h: b.h };
    else store.vb = need;
  }

  function select(node, id) {
    const store = mapStore(node);
    store.selected = store.selected === id ? null : id;
    board(node, store.data, store.ctx);
    const again = node.querySelector('g.unit[data-unit="' + (window.CSS && CSS.escape ? CSS.escape(id) : id) + '"]');
    if (again) again.focus();
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
    const hexes = w.options.filter(function (o) { return isHex(o, v); });
    const mover = units(v).filter(function (u) { return u.id === w.words[1] && u.hex; })[0];
    const plan = movePlan(data, ctx, w, mover, hexes);
    if (plan) {
      pathControls(node, plan, v, ctx);
    } else if (hexes.length && hexes.length === w.options.length) {
      node.appendChild(A.el("p", { class: "hint", text: "Click one of the " + hexes.length + " shaded hexes on the map " +
        "(the legend under the map says what the shades mean; point at a hex for the headings and altitudes it " +
        "allows), or pick one below; then its heading and altitude." }));
    }
    if (plan) {
      /* the move's hex is chosen by its path above */
    } else if (w.options.length > 16) {
      const sel = A.el("select", { id: "choice-select", "aria-label": "choice" },
        w.options.map(function (o) { return A.el("option", { value: o, text: E.label(o) }); }));
      node.appendChild(A.el("div", { class: "row" }, [sel, A.el("button", { type: "button", id: "choose",
        text: "Choose", onclick: function () { choose(ctx, sel.value, data); } })]));
    } else {
      node.appendChild(A.el("div", { class: "choices" }, w.options.map(function (o) {
        return A.el("button", { type: "button", "data-choice": o, text: E.label(o),
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

  /* The path being chosen, in words, and what to do with it: fly it, go back to straight
     ahead, or type a path hex by hex (refused here, with the reason, if a step is not next to
     the one before or it is longer than the speed; the referee checks it again). */
  function pathControls(node, plan, v, ctx) {
    const n = plan.path.length;
    node.appendChild(A.el("p", { class: "hint", text: "Choose the move's path on the map: click the hexes it " +
      "flies through one by one from the aircraft, or click a hex to fly there by the default route " +
      "(straight ahead, then turning), then click again to change it: a hex of the path cuts it there, a hex " +
      "next to its end adds it. Up to " + plan.speed + " hexes." }));
    node.appendChild(A.el("p", { id: "path-text", "data-path": plan.word(), text: "Path: " + (n ? plan.start +
      " → " + plan.path.join(" → ") + " (" + n + " of " + plan.speed + " hexes)" : "stay at " + plan.start) }));
    const typed = A.el("input", { type: "text", id: "path-input", "aria-label": "path, hex by hex (q,r>q,r>...)",
      placeholder: "e.g. " + (plan.word() || plan.start), autocomplete: "off", spellcheck: "false" });
    const why = A.el("p", { class: "error", id: "path-error", role: "alert" });
    const setTyped = function () {
      const text = typed.value.trim().replace(/\s+/g, "");
      const parts = text ? text.split(">") : [];
      if (!parts.every(function (h) { return isHex(h, v); })) { why.textContent = "Write the hexes as q,r joined by >."; return; }
      const path = parts.length === 1 && P.distance(plan.start, parts[0]) > 1 ?
        P.route(plan.start, plan.heading, parts[0]) : parts;
      if (!P.legal(path, plan.start, plan.speed)) {
        why.textContent = "Each hex must be next to the one before (the first next to " + plan.start + "), " +
          "at most " + plan.speed + " hexes.";
        return;
      }
      if (path.length && !plan.offered.has(path[path.length - 1])) { why.textContent = "The path must end on a hex offered."; return; }
      plan.set(path);
    };
    typed.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); setTyped(); } });
    node.appendChild(A.el("div", { class: "row" }, [
      A.el("button", { type: "button", class: "primary", id: "path-fly", text: "Fly this path to " + plan.end(),
        disabled: plan.offered.has(plan.end()) ? null : "disabled",
        onclick: function () { plan.fly(); } }),
      A.el("button", { type: "button", id: "path-straight", text: "Straight ahead",
        onclick: function () { ctx.pathFor = null; ctx.rerender(); } }),
    ]));
    node.appendChild(A.el("div", { class: "row" }, [typed, A.el("button", { type: "button", id: "path-set",
      text: "Set path", onclick: setTyped })]));
    node.appendChild(why);
  }

  function status(data) {
    const v = data.view;
    if (v.terminal || data.status === "finished") {
      if (v.victory && v.victory.over) return "Game over: " + v.victory.text;
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

  /* what the units, map view and panels modules (loaded before this one) use of this one */
  Object.assign(E, {
    ASPECT: ASPECT, H: H, MIN_SPAN: MIN_SPAN, PALETTE: PALETTE, SHADES: SHADES, SIZE: SIZE,
    arcStep: arcStep, at: at, cards: cards, follow: follow, hexAt: hexAt, mapStore: mapStore,
    onMap: onMap, parseHex: parseHex, px: px, reachText: reachText, select: select, sideColor: sideColor,
    unitLines: unitLines, units: units, wedge: wedge, wholeMap: wholeMap,
    sequence: function () { return sequence; },
  });

  A.renderers.gunslingers = { board: board, extra: E.extra, controls: controls, status: status, result: E.result };
})(window.Airwar);
