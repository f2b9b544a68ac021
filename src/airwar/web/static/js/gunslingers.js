/* Gunslingers: the hex map with units, headings, altitudes and markers as SVG, the turn stepper
   (phase and step of the Expanded Sequence of Play), each declaration asked word by word with
   only the legal choices, and the unit roster with status. */
"use strict";
(function (A) {
  const S = A.svg;
  const G = A.gsMap;  /* gunslingers_map.js: stacks, labels, words for numbers, card sections */
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
  const MIN_SPAN = 6 * SIZE, TERRAIN_SHADES = 5;  /* heights 1, 2, 3, 4 and 5 or more (app.css) */
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
    const base = baseLayer(store, radius, terrain);
    let svg = store.svg;
    if (!svg || !node.contains(svg) || base.parentNode !== svg) {
      A.clear(node);
      svg = S.root(store.vb.w, store.vb.h, "Hex map: drag to pan, wheel or the buttons to zoom");
      svg.id = "hex-map";
      svg.setAttribute("class", "gs-map");
      svg.appendChild(base);
      node.appendChild(svg);
      store.svg = svg;
      wire(svg, store);
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
    if (sel) svg.appendChild(arcsOf(sel, sun));

    drawUnits(svg, node, store, v, all);
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
    node.insertBefore(toolbar(node, store, svg, fit, radius, hexChoices, data, w), svg);
    const readout = A.el("p", { id: "map-readout", class: "map-readout", "aria-live": "polite",
      text: "Point at a hex for its coordinates." });
    node.appendChild(readout);
    node.appendChild(legend(v, hexChoices.length ? { shading: shading, allowed: allowed } : null, sel));
    node.appendChild(A.el("div", { id: "unit-card", class: "unit-card" }));
    Object.assign(store, { margin: margin, readout: readout, terrain: terrain, allowed: allowed, radius: radius });
    store.hover = null;
    apply(svg, store, margin);
    if (sel) showCard(node, sel);
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

  /* -- units: one counter a hex ----------------------------------------------------------
     The units in a hex are one stack: its top unit's counter (the one selected, when it is
     there) with a badge of how many there are; pressing it opens the list of them, each
     selectable. Labels are placed apart in apply(), at the zoom of the moment. */
  function drawUnits(svg, node, store, v, all) {
    const layer = S.el("g", { class: "units" });
    const labels = [];
    const piles = G.stacks(all);
    piles.forEach(function (st) {
      const h = parseHex(st.hex), c = px(h[0], h[1]);
      const u = G.topOf(st, store.selected);
      const n = st.units.length;
      const color = unitColor(v, u);
      const lines = unitLines(u, n - 1);
      const full = G.fullText(u);
      const picked = st.units.some(function (x) { return x.id === store.selected; });
      const names = st.units.map(function (x) { return x.id; }).join(", ");
      const open = function () {
        if (n > 1) openStack(node, st, true); else select(node, u.id);
      };
      const holder = S.el("g", { class: "unit" + (picked ? " selected" : "") + (n > 1 ? " stack" : ""),
        "data-unit": u.id, "data-hex": st.hex, "data-stack": n > 1 ? String(n) : null,
        "data-label": lines.join(" "), role: "button", tabindex: "0",
        /* a single unit's name holds the label its counter shows (WCAG 2.5.3) */
        /* a stack's, the top unit's label it shows, then how many and which units are there */
        "aria-label": n > 1 ? lines.join(" ") + ": " + n + " units at hex " + st.hex + ": " + names +
          "; open the list to select one" :
          "select " + lines.join(" ") + ": " + full,
        "aria-pressed": n > 1 ? null : picked ? "true" : "false",
        "aria-haspopup": n > 1 ? "dialog" : null, "aria-expanded": n > 1 ? "false" : null,
        onclick: function () { if (!store.moved) open(); },
        onkeydown: function (ev) {
          if (ev.key !== "Enter" && ev.key !== " ") return;
          ev.preventDefault(); ev.stopPropagation();  /* the play page's keys would click it again */
          open();
        } }, [symbol(u, c, color)]);
      S.title(holder, n > 1 ? n + " units here: " + st.units.map(G.fullText).join("; ") : full);
      if (n > 1) {
        const b = [c[0] + SIZE * 0.62, c[1] - SIZE * 0.62];
        holder.appendChild(S.el("circle", { cx: b[0].toFixed(1), cy: b[1].toFixed(1), r: 6.5, class: "stack-badge" }));
      }
      const text = S.el("text", { x: c[0], y: c[1] + SIZE, "text-anchor": "middle", "font-weight": 700, fill: color,
        class: "unit-label" }, lines.map(function (line, i) {
        return S.el("tspan", { x: c[0], dy: i ? "1.15em" : null, class: i ? "unit-flight" : "unit-name", text: line });
      }));
      const leader = S.el("line", { class: "label-leader", stroke: color, visibility: "hidden" });
      holder.appendChild(leader);
      holder.appendChild(text);
      layer.appendChild(holder);
      if (n > 1) {
        /* the count is drawn over the badge but kept out of the counter: inside it, its text
           would run into the label's in the counter's visible text, which its name must hold */
        const b = [c[0] + SIZE * 0.62, c[1] - SIZE * 0.62];
        layer.appendChild(S.el("text", { x: b[0].toFixed(1), y: (b[1] + 3).toFixed(1), "text-anchor": "middle",
          "font-size": 9, class: "stack-count", "data-hex": st.hex, "aria-hidden": "true", text: String(n) }));
      }
      labels.push({ id: u.id, x: c[0], y: c[1], c: n > 1 ? SIZE * 2.1 : SIZE * 1.3, lines: lines, el: text,
        leader: leader });
    });
    svg.appendChild(layer);
    store.labels = labels;
    store.piles = piles;
    const again = store.openStack && piles.filter(function (st) { return st.hex === store.openStack && st.units.length > 1; })[0];
    if (again) requestAnimationFrame(function () { if (node.contains(svg)) openStack(node, again, false); });
    else store.openStack = null;
  }

  function unitColor(v, u) { return u.side ? sideColor(v, u.side) : u.radar_contact ? "#6b6b6b" : "#555"; }

  function symbol(u, c, color) {
    if (u.kind === "aircraft" && u.heading !== undefined && u.heading !== null) {
      return S.plane(c[0], c[1] - 2, 30 * u.heading, SIZE * 1.3, color, null);
    }
    if (u.kind === "aircraft") {
      return S.el("path", { d: "M" + c[0] + "," + (c[1] - 8) + " l8,8 l-8,8 l-8,-8 z", fill: "none",
        stroke: color, "stroke-width": 2 });
    }
    return S.el("rect", { x: c[0] - 7, y: c[1] - 7, width: 14, height: 14, fill: color, opacity: 0.8 });
  }

  /* The list of a stack's units, over the map beside its counter: each a button that selects
     it (its card, its arcs, and it on top of the stack), or puts it down when it is selected.
     Escape or Close puts the list away. */
  function openStack(node, st, focus) {
    const store = mapStore(node);
    closeStack(node, false);
    store.openStack = st.hex;
    const counter = node.querySelector('g.unit[data-hex="' + st.hex + '"]');
    const h = parseHex(st.hex);
    const close = A.el("button", { type: "button", class: "stack-close", text: "Close",
      onclick: function () { closeStack(node, true); } });
    const box = A.el("div", { class: "stack-list", id: "stack-list", role: "dialog",
      "aria-label": st.units.length + " units at hex " + st.hex,
      onkeydown: function (ev) {
        if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); closeStack(node, true); }
      } }, [
      A.el("p", { class: "stack-head", text: st.units.length + " units at " + G.hexWords(h[0], h[1]) + ":" }),
      A.el("ul", {}, st.units.map(function (u) {
        return A.el("li", {}, [A.el("button", { type: "button", "data-unit": u.id,
          class: "stack-unit" + (u.id === store.selected ? " selected" : ""),
          "aria-pressed": u.id === store.selected ? "true" : "false", title: G.fullText(u),
          onclick: function () { store.openStack = null; select(node, u.id); } }, [
          A.el("span", { class: "key key-side-" + sideIndex(store.data.view, u.side) }),
          " " + u.id + (u.type ? " · " + u.type : "") + (G.flightLine(u) ? " · " + G.flightLine(u) : "") +
            (G.stateWords(u).length ? " · " + G.stateWords(u).join(", ") : ""),
        ])]);
      })),
      close,
    ]);
    node.appendChild(box);
    if (counter) counter.setAttribute("aria-expanded", "true");
    /* beside the counter, inside the board (a phone's page never scrolls sideways) */
    const nb = node.getBoundingClientRect(), cb = counter ? counter.getBoundingClientRect() : null;
    const left = cb ? Math.max(0, Math.min(cb.left - nb.left, nb.width - box.offsetWidth)) : 0;
    const top = cb ? cb.bottom - nb.top + 4 : 0;
    box.style.left = left.toFixed(0) + "px";
    box.style.top = top.toFixed(0) + "px";
    if (focus) { const first = box.querySelector("button.stack-unit"); if (first) first.focus(); }
  }

  function closeStack(node, refocus) {
    const store = mapStore(node);
    const box = node.querySelector("#stack-list");
    const hex = store.openStack;
    store.openStack = null;
    if (box) box.parentNode.removeChild(box);
    const counter = hex ? node.querySelector('g.unit[data-hex="' + hex + '"]') : null;
    if (counter) { counter.setAttribute("aria-expanded", "false"); if (refocus) counter.focus(); }
  }

  function sideIndex(v, side) {
    const i = Object.keys(v.sides || {}).indexOf(side);
    return i >= 0 ? i % PALETTE.length : "none";
  }

  /* The unit labels apart from each other and from every counter, at this zoom's font size. */
  function layoutLabels(store, fs) {
    const items = (store.labels || []).map(function (l) {
      /* the size the browser draws it at (an estimate when it cannot say), a little apart */
      let w = 0, h = 0;
      try { const bb = l.el.getBBox(); w = bb.width; h = bb.height; } catch (e) { /* not drawn */ }
      if (!w || !h) {
        w = Math.max.apply(null, l.lines.map(function (t) { return t.length; })) * fs * 0.62;
        h = l.lines.length * fs * 1.3;
      }
      return { id: l.id, x: l.x, y: l.y, c: l.c, w: w + fs * 0.3, h: h + fs * 0.15, label: l };
    });
    const at = G.placeLabels(items, SIZE * 1.3);
    items.forEach(function (it) {
      const p = at[it.id], el = it.label.el;
      const y = p.y - it.h / 2 + fs * 0.95;
      el.setAttribute("x", p.x.toFixed(1));
      el.setAttribute("y", y.toFixed(1));
      Array.prototype.forEach.call(el.childNodes, function (t) { t.setAttribute("x", p.x.toFixed(1)); });
      /* a label moved off its place below the counter: a thin line from the counter to it */
      const line = it.label.leader;
      if (!line) return;
      if (!p.moved) { line.setAttribute("visibility", "hidden"); return; }
      const dx = p.x - it.x, dy = p.y - it.y, d = Math.hypot(dx, dy) || 1;
      const k = Math.min(Math.abs(dx) > 0 ? (it.w / 2) / Math.abs(dx) : Infinity,
        Math.abs(dy) > 0 ? (it.h / 2) / Math.abs(dy) : Infinity, 1);
      const start = it.c / 2 / d;
      line.setAttribute("x1", (it.x + dx * start).toFixed(1)); line.setAttribute("y1", (it.y + dy * start).toFixed(1));
      line.setAttribute("x2", (p.x - dx * k).toFixed(1)); line.setAttribute("y2", (p.y - dy * k).toFixed(1));
      line.setAttribute("visibility", start < 1 - k ? "visible" : "hidden");
    });
  }

  /* The 12 arcs of 30 degrees around the aircraft by its heading, and where the view gives
     them (the seat's own aircraft; every one for the referee): its radar's arcs out to its
     range, this turn's jamming arcs, its blind arcs and its sun clutter arc. */
  function arcsOf(u, sun) {
    const h = parseHex(u.hex), c = px(h[0], h[1]);
    const g = S.el("g", { class: "arcs", "data-arcs-of": u.id });
    if (u.heading === undefined || u.heading === null) return g;
    const arcs = u.arcs || {};
    const far = 4 * H;
    (arcs.radar || []).forEach(function (a) {
      const s = arcStep(a);
      if (s !== null) g.appendChild(wedge(c, 30 * (u.heading + s), H * (arcs.radar_range || 4), "arc-radar" +
        (arcs.radar_on ? "" : " off"), "radar arc " + a + (arcs.radar_range ? ", range " + arcs.radar_range : "") +
        (arcs.radar_on ? "" : " (radar off)")));
    });
    (arcs.jamming || []).forEach(function (a) {
      const s = arcStep(a);
      if (s !== null) g.appendChild(wedge(c, 30 * (u.heading + s), 5 * H, "arc-jam", "jamming arc " + a));
    });
    (arcs.blind || []).forEach(function (a) {
      const s = arcStep(a);
      if (s !== null) g.appendChild(wedge(c, 30 * (u.heading + s), 2.5 * H, "arc-blind", "blind arc " + a));
    });
    if (arcs.sun_clutter) {
      const s = arcStep(arcs.sun_clutter);
      g.appendChild(wedge(c, 30 * (u.heading + s), 3.5 * H, "arc-sun", "sun clutter arc " + arcs.sun_clutter +
        (sun !== null && sun !== undefined ? " (the sun at heading " + sun + ")" : "")));
    }
    for (let k = 0; k < 12; k++) {
      const edge = at(c, 30 * (u.heading + k) + 15, far);
      g.appendChild(S.el("line", { x1: c[0], y1: c[1], x2: edge[0].toFixed(1), y2: edge[1].toFixed(1), class: "arc-line" }));
      const mid = at(c, 30 * (u.heading + k), far * 0.82);
      const step = k > 6 ? k - 12 : k;
      const name = step === 0 ? "180" : step === 6 ? "0" : (180 - 30 * Math.abs(step)) + (step > 0 ? "R" : "L");
      g.appendChild(S.el("text", { x: mid[0].toFixed(1), y: (mid[1] + 3).toFixed(1), "text-anchor": "middle",
        "font-size": 8, class: "arc-name", fill: "#1d232b", text: name }));
    }
    return g;
  }

  function toolbar(node, store, svg, fit, radius, hexChoices, data, w) {
    function zoom(f) {
      const b = store.vb, cx = b.x + b.w / 2, cy = b.y + b.h / 2;
      setBox(store, { x: cx - b.w * f / 2, y: cy - b.h * f / 2, w: b.w * f, h: b.h * f }, radius);
      apply(svg, store, svg.querySelector("g.margin"));
    }
    return A.el("div", { class: "map-tools row", role: "toolbar", "aria-label": "Map zoom" }, [
      A.el("button", { type: "button", id: "zoom-in", "aria-label": "Zoom in", title: "Zoom in", text: "+",
        onclick: function () { zoom(1 / 1.4); } }),
      A.el("button", { type: "button", id: "zoom-out", "aria-label": "Zoom out", title: "Zoom out", text: "−",
        onclick: function () { zoom(1.4); } }),
      A.el("button", { type: "button", id: "zoom-fit", text: "Fit",
        title: "Fit the map to the units and the hexes offered",
        onclick: function () { store.vb = fit(); apply(svg, store, svg.querySelector("g.margin")); } }),
      A.el("button", { type: "button", id: "zoom-all", text: "Whole map",
        onclick: function () { store.vb = wholeMap(radius); apply(svg, store, svg.querySelector("g.margin")); } }),
      A.el("label", { class: "follow", title: "Pan the map to the hexes each decision offers" }, [
        A.el("input", { type: "checkbox", id: "map-follow", checked: store.follow ? "checked" : null,
          onchange: function (ev) {
            store.follow = ev.target.checked;
            try { window.localStorage.setItem("gs-map-follow", store.follow ? "1" : ""); } catch (e) { /* none */ }
            if (store.follow && hexChoices) {
              follow(store, hexChoices, data.decisions + ":" + (w.words || []).join(" "));
              apply(svg, store, svg.querySelector("g.margin"));
            }
          } }), " Follow decisions"]),
    ]);
  }

  /* Every hex of the map and its terrain: built once (thousands of hexes: 2,791 at radius
     30, 10,981 at 60) and moved into each new drawing while the map stays the same. */
  function baseLayer(store, radius, terrain) {
    const key = radius + ":" + JSON.stringify(terrain);
    if (store.base && store.base.key === key) return store.base.g;
    const layer = S.el("g", { class: "hexes" });
    for (let q = -radius; q <= radius; q++) {
      for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) {
        const k = q + "," + r, c = px(q, r);
        const attrs = { points: S.hexPoints(c[0], c[1], SIZE), "data-hex": k, class: "hex" };
        if (terrain[k] !== undefined) {
          attrs.class = "hex terrain terrain-" + Math.min(TERRAIN_SHADES, Math.max(1, terrain[k]));
          attrs["data-height"] = terrain[k];
        }
        layer.appendChild(S.el("polygon", attrs));
        if (terrain[k] !== undefined) {
          layer.appendChild(S.el("text", { x: c[0], y: c[1] + 4, "text-anchor": "middle", "font-size": 11,
            class: "terrain-height", fill: "#2b1d08", text: "▲" + terrain[k] }));
        }
      }
    }
    store.base = { key: key, g: layer };
    return layer;
  }

  /* A view box kept between a twentieth of the map and a little more than all of it. */
  function setBox(store, b, radius) {
    const whole = wholeMap(radius);
    const w = Math.min(Math.max(b.w, MIN_SPAN), whole.w * 1.5);
    const h = w / ASPECT;
    store.vb = { x: b.x + (b.w - w) / 2, y: b.y + (b.h - h) / 2, w: w, h: h };
  }

  /* The view box on the SVG, and the coordinates in its margin, along the grid's own axes:
     q along the top edge, over each column; r down the left edge where each line of one r
     (running down to the right, 30° below the horizontal) enters the map, and a faint guide
     along the lines labelled in either margin. Zoomed in, every hex shows its q,r faintly. */
  function apply(svg, store, margin) {
    const b = store.vb;
    svg.setAttribute("viewBox", b.x.toFixed(1) + " " + b.y.toFixed(1) + " " + b.w.toFixed(1) + " " + b.h.toFixed(1));
    if (!margin) return;
    while (margin.firstChild) margin.removeChild(margin.firstChild);
    const width = svg.getBoundingClientRect().width || 600;
    const unit = b.w / width;  /* map units per screen pixel */
    const fs = 11 * unit, band = fs * 1.5;
    /* unit labels stay readable on a phone's fitted map, and do not swamp a zoomed-in one */
    const labelSize = Math.min(16, Math.max(8, 10 * unit));
    svg.style.setProperty("--gs-label", labelSize.toFixed(2) + "px");
    layoutLabels(store, labelSize);
    const radius = (store.data && store.data.view.map && store.data.view.map.radius) || 30;
    const guides = gridLayer(svg, store);
    margin.appendChild(S.el("rect", { x: b.x, y: b.y, width: b.w, height: band, class: "margin-band" }));
    margin.appendChild(S.el("rect", { x: b.x, y: b.y, width: band * 1.9, height: b.h, class: "margin-band" }));
    const q0 = Math.ceil(b.x / (1.5 * SIZE)), q1 = Math.floor((b.x + b.w) / (1.5 * SIZE));
    const every = Math.max(1, Math.ceil((q1 - q0 + 1) / Math.max(1, width / 30)));
    for (let q = q0; q <= q1; q++) {
      if (q % every !== 0 || Math.abs(q) > radius) continue;
      const x = 1.5 * SIZE * q;
      if (x < b.x + band * 2.2) continue;
      margin.appendChild(S.el("text", { x: x.toFixed(1), y: (b.y + fs * 1.1).toFixed(1), "text-anchor": "middle",
        "font-size": fs.toFixed(2), class: "coord coord-q", "data-q": q, text: String(q) }));
      guides.appendChild(S.el("line", { x1: x.toFixed(1), y1: (b.y + band).toFixed(1), x2: x.toFixed(1),
        y2: (b.y + b.h).toFixed(1), class: "grid-guide", "data-q": q }));
    }
    /* the line of one r: y = H r + x H / (3 SIZE); its r where it crosses the left band */
    const xl = b.x + band * 0.95, xr = b.x + b.w, slope = H / (3 * SIZE);
    const r0 = Math.ceil((b.y - slope * xl) / H), r1 = Math.floor((b.y + b.h - slope * xl) / H);
    const rEvery = Math.max(1, Math.ceil((r1 - r0 + 1) / Math.max(1, (b.h / unit) / 22)));
    for (let r = r0; r <= r1; r++) {
      if (r % rEvery !== 0 || Math.abs(r) > radius) continue;
      const y = H * r + slope * xl;
      if (y < b.y + band * 1.6) continue;
      margin.appendChild(S.el("text", { x: xl.toFixed(1), y: (y + fs * 0.35).toFixed(1),
        "text-anchor": "middle", "font-size": fs.toFixed(2), class: "coord coord-r", "data-r": r, text: String(r) }));
      const xs = b.x + band * 1.9;
      guides.appendChild(S.el("line", { x1: xs.toFixed(1), y1: (H * r + slope * xs).toFixed(1), x2: xr.toFixed(1),
        y2: (H * r + slope * xr).toFixed(1), class: "grid-guide", "data-r": r }));
    }
    margin.appendChild(S.el("text", { x: (b.x + band * 0.95).toFixed(1), y: (b.y + fs * 1.1).toFixed(1),
      "text-anchor": "middle", "font-size": (fs * 0.8).toFixed(2), class: "coord", text: "q r↘" }));
    /* zoomed in (a hex 60 px or more across): each hex in view carries its q,r */
    if (2 * SIZE / unit >= 60) {
      const small = Math.min(7, 9 * unit);
      G.hexesIn(b, SIZE, radius).forEach(function (h) {
        const c = px(h[0], h[1]);
        guides.appendChild(S.el("text", { x: c[0].toFixed(1), y: (c[1] - H * 0.3).toFixed(1), "text-anchor": "middle",
          "font-size": small.toFixed(2), class: "hex-coord", text: h[0] + "," + h[1] }));
      });
    }
  }

  /* The layer of faint guides and per-hex coordinates, over the hexes and under everything
     else (made again on each draw, which clears the SVG but for the hexes). */
  function gridLayer(svg, store) {
    let g = svg.querySelector("g.grid-coords");
    if (!g) {
      g = S.el("g", { class: "grid-coords", "aria-hidden": "true" });
      const base = store.base && store.base.g;
      svg.insertBefore(g, base && base.parentNode === svg ? base.nextSibling : svg.firstChild);
    }
    const keep = store.hoverMark && store.hoverMark.parentNode === g ? store.hoverMark : null;
    while (g.firstChild) g.removeChild(g.firstChild);
    if (keep) g.appendChild(keep);
    return g;
  }

  /* The units the view shows in a hex, for the readout: " · Dodge-1, Dodge-2". */
  function unitsAt(store, k) {
    const st = (store.piles || []).filter(function (p) { return p.hex === k; })[0];
    return st ? " · " + st.units.map(function (u) { return u.id; }).join(", ") : "";
  }

  /* The hex under the pointer outlined, so the readout's coordinates point at it. */
  function markHover(svg, store, h) {
    const g = svg.querySelector("g.grid-coords");
    if (!g) return;
    if (!store.hoverMark || store.hoverMark.parentNode !== g) {
      store.hoverMark = S.el("polygon", { class: "hover-hex" });
      g.appendChild(store.hoverMark);
    }
    const c = px(h[0], h[1]);
    store.hoverMark.setAttribute("points", S.hexPoints(c[0], c[1], SIZE));
    store.hoverMark.setAttribute("data-hover", h[0] + "," + h[1]);
  }

  /* Pointer and wheel: drag pans, the wheel and two fingers zoom, hovering reads the hex. */
  function wire(svg, store) {
    const pointers = new Map();
    function toMap(ev) {
      const m = svg.getScreenCTM();
      if (!m) return null;
      const p = svg.createSVGPoint();
      p.x = ev.clientX; p.y = ev.clientY;
      return p.matrixTransform(m.inverse());
    }
    function zoomAt(pt, f) {
      const b = store.vb;
      const nb = { x: pt.x - (pt.x - b.x) * f, y: pt.y - (pt.y - b.y) * f, w: b.w * f, h: b.h * f };
      const before = nb.w;
      setBox(store, nb, store.radius);
      if (store.vb.w !== before) {  /* at a bound: keep the point under the pointer */
        const k = store.vb.w / b.w;
        store.vb.x = pt.x - (pt.x - b.x) * k; store.vb.y = pt.y - (pt.y - b.y) * k;
      }
      apply(svg, store, store.margin);
    }
    /* the hex under the pointer (hovered with a mouse, tapped on a touch screen) */
    function readHex(ev) {
      const pt = toMap(ev);
      if (pt) {
        const h = hexAt(pt.x, pt.y), k = h[0] + "," + h[1];
        const readout = store.readout, terrain = store.terrain, allowed = store.allowed, radius = store.radius;
        if (k !== store.hover && readout) {
          store.hover = k;
          readout.textContent = onMap(h[0], h[1], radius) ? "hex " + k + " (q " + h[0] + ", r " + h[1] + ") · " +
            (terrain[k] !== undefined ? "terrain: height " + terrain[k] + " (blocks line of sight up to altitude " +
            terrain[k] + ")" : "terrain: open") + unitsAt(store, k) + (allowed[k] ? " · " + reachText(allowed[k]) : "") :
            "hex " + k + " · off the map";
          readout.dataset.hex = k;
          markHover(svg, store, h);
        }
      }
    }
    svg.addEventListener("wheel", function (ev) {
      const pt = toMap(ev);
      if (!pt) return;
      ev.preventDefault();
      zoomAt(pt, ev.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    svg.addEventListener("pointerdown", function (ev) {
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      store.drag = { x: ev.clientX, y: ev.clientY, vb: Object.assign({}, store.vb) };
      store.moved = false;
    });
    svg.addEventListener("pointermove", function (ev) {
      if (!pointers.size) readHex(ev);
      if (!pointers.has(ev.pointerId)) return;
      const before = pointers.get(ev.pointerId);
      if (pointers.size === 2) {  /* two fingers: zoom by how far apart they move */
        const other = Array.from(pointers.entries()).filter(function (e) { return e[0] !== ev.pointerId; })[0][1];
        const d0 = Math.hypot(before.x - other.x, before.y - other.y);
        const d1 = Math.hypot(ev.clientX - other.x, ev.clientY - other.y);
        pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
        if (d0 > 0 && d1 > 0) {
          const mid = toMap({ clientX: (ev.clientX + other.x) / 2, clientY: (ev.clientY + other.y) / 2 });
          if (mid) zoomAt(mid, d0 / d1);
        }
        store.moved = true;
        return;
      }
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      const d = store.drag;
      if (!d) return;
      const dx = ev.clientX - d.x, dy = ev.clientY - d.y;
      if (!store.moved && Math.hypot(dx, dy) < 5) return;
      if (!store.moved) { try { svg.setPointerCapture(ev.pointerId); } catch (e) { /* gone */ } }
      store.moved = true;
      const k = store.vb.w / (svg.getBoundingClientRect().width || 1);
      store.vb = { x: d.vb.x - dx * k, y: d.vb.y - dy * k, w: store.vb.w, h: store.vb.h };
      apply(svg, store, store.margin);
    });
    function up(ev) {
      if (!store.moved && pointers.size === 1) readHex(ev);  /* a tap reads the hex */
      pointers.delete(ev.pointerId);
      if (!pointers.size) store.drag = null;
      /* the click after a drag is not a choice: store.moved stays set until the next press */
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("pointerleave", function () { if (!pointers.size) store.hover = null; });
  }

  function legend(v, moving, sel) {
    const items = [];
    const sides = Object.keys(v.sides || {});
    sides.forEach(function (s) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-side-" + sides.indexOf(s) % PALETTE.length }), " " + s]));
    });
    if ((v.map && v.map.terrain || []).length) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-terrain" }), " terrain ▲N: blocks line of sight up to altitude N"]));
    }
    if ((v.last_seen || []).length) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-lost" }), " lost contact, where last seen (its turn and altitude)"]));
    }
    if (moving) {
      const sh = moving.shading;
      const used = new Set(Object.keys(sh.shade).map(function (k) { return sh.shade[k]; }));
      [1, 2, 3, 4].forEach(function (n) {
        if (!used.has(n)) return;
        let text = SHADES.allowed[n];
        if (sh.by === "distance") {
          const ks = Object.keys(sh.shade).filter(function (k) { return sh.shade[k] === n; });
          const d = ks.map(function (k) { return moveDistance(k, moving, sh); });
          const lo = Math.min.apply(null, d), hi = Math.max.apply(null, d);
          text = (lo === hi ? lo : lo + "–" + hi) + " hex" + (hi === 1 ? "" : "es") + " away";
        }
        items.push(A.el("li", { "data-shade": String(n) }, [A.el("span", { class: "key key-reach-" + n }), " " + text]));
      });
    }
    if (sel) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-radar" }), " radar arc"]));
      items.push(A.el("li", {}, [A.el("span", { class: "key key-jam" }), " jamming arc"]));
      items.push(A.el("li", {}, [A.el("span", { class: "key key-sun" }), " sun clutter arc"]));
      items.push(A.el("li", {}, [A.el("span", { class: "key key-blind" }), " blind arc"]));
    }
    return A.el("div", { class: "board-legend", id: "map-legend" }, [
      A.el("ul", {}, items),
      A.el("p", { text: "Labels: the unit and its status, then its heading as an arrow and in degrees (↗060°: " +
        "heading 2 of 12, each 30° clockwise from north), alt altitude, spd speed; point at a unit for all of it. " +
        "A counter with a number is a stack: press it for the list of its units. Coordinates: q along the top, " +
        "r down the left edge along its line (↘), both followed by faint guides; zoomed in, each hex shows its " +
        "q,r. Select a unit (click, or Tab and Enter) for its data card and arcs." + (moving ? " " +
        reachSummary(moving) : "") }),
    ]);
  }

  function moveDistance(k, moving, sh) {
    return sh.dist ? sh.dist[k] : 0;
  }

  /* What the hexes offered allow, in words: the same everywhere, or shaded by it. */
  function reachSummary(moving) {
    const keys = Object.keys(moving.allowed);
    const texts = new Set(keys.map(function (k) { return reachText(moving.allowed[k]); }));
    if (moving.shading.by === "distance" && texts.size === 1) {
      return "Every hex offered allows " + Array.from(texts)[0] + "; the shade is how far the hex is, the darker the further. " +
        "Point at a hex for what it allows.";
    }
    return "The hexes offered are shaded by how many heading and altitude pairs the move allows there, " +
      "the darker the more; point at one for its headings and altitudes.";
  }

  function showCard(node, u) {
    const box = node.querySelector("#unit-card");
    if (!box) return;
    A.clear(box);
    const head = A.el("h3", { text: (u.label || u.id) + (u.type ? " · " + u.type : "") });
    box.appendChild(head);
    /* where it is and how it flies, as the view gives it, in words */
    box.appendChild(A.el("p", { class: "unit-now", text: G.fullText(u) + (u.hex ? " · hex " + u.hex : "") }));
    const name = u.type && u.type !== "unidentified" ? u.type : null;
    if (!name) {
      box.appendChild(A.el("p", { class: "hint", text: u.radar_contact ? "A radar contact: no type, so no data card." :
        "Not identified: no data card." }));
      return;
    }
    const fill = function (card) {
      if (!box.isConnected || mapStore(node).selected !== u.id) return;
      if (card.error) { box.appendChild(A.el("p", { class: "hint", text: card.error })); return; }
      box.appendChild(A.el("p", { class: "hint", text: card.title + (card.role ? " (" + card.role + ")" : "") +
        (card.note ? ". " + card.note : "") }));
      /* a pilot's card: the server's sections in plain words with units (the terminal's
         too), each house value's reason on hover (GS-62) */
      const parts = [];
      card.sections.forEach(function (sec) {
        parts.push(A.el("tr", { class: "card-section" }, [A.el("th", { scope: "colgroup", colspan: "2", text: sec.title })]));
        sec.rows.forEach(function (r) {
          parts.push(A.el("tr", {}, [A.el("th", { scope: "row", text: r.label }),
            A.el("td", { text: r.value, title: r.house ? "house value: " + r.house : null })]));
        });
      });
      box.appendChild(A.el("div", { class: "table-scroll card-scroll", tabindex: "0", role: "region",
        "aria-label": "Data card of " + card.name }, [A.el("table", { class: "card" }, [A.el("tbody", {}, parts)])]));
    };
    if (cards[name]) { fill(cards[name]); return; }
    A.api("GET", "/api/gunslingers/types/" + encodeURIComponent(name)).then(function (c) {
      cards[name] = c; fill(c);
    }).catch(function (e) {
      cards[name] = { error: "No data card: " + e.message };
      fill(cards[name]);
    });
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
        A.el("td", { text: u.heading !== undefined && u.heading !== null ? G.heading(u.heading).arrow + " " +
          G.heading(u.heading).three + " (" + u.heading + ")" : "", title: u.heading !== undefined && u.heading !== null ?
          "heading " + u.heading + " of 12, " + G.heading(u.heading).words : null }),
        A.el("td", { text: u.altitude !== undefined ? String(u.altitude) : "" }),
        A.el("td", { text: u.speed !== undefined && u.speed !== null ? String(u.speed) : "" }),
        A.el("td", { text: status.join(", ") || "ok" }), A.el("td", { class: "mods", text: stores }),
      ]);
    });
    /* a phone scrolls the table inside its own box, never the page */
    box.appendChild(A.el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Units table" }, [
      A.el("table", {}, [
        A.el("thead", {}, [A.el("tr", {}, ["Unit", "Type", "Side", "Hex", "Heading", "Altitude", "Speed", "Status", "Stores"]
          .map(function (h) { return A.el("th", { scope: "col", text: h }); }))]),
        A.el("tbody", {}, rows)])]));
    const sides = v.sides || {};
    box.appendChild(A.el("p", { text: Object.keys(sides).map(function (s) {
      return s + ": " + sides[s].kills + " kills"; }).join(" · ") }));
    return box;
  }

  function replayUrl() {
    const g = document.getElementById("game");
    if (!g || !g.dataset.gameId) return null;
    const seat = A.param("seat");
    return A.url("/games/" + g.dataset.gameId + "/replay") + (seat ? "?seat=" + encodeURIComponent(seat) : "");
  }

  function extra(node, data) {
    A.clear(node);
    const vic = data.view.victory;
    if (vic && vic.over) node.appendChild(A.gunslingersResult.panel(vic, replayUrl()));
    node.appendChild(stepper(data.view));
    node.appendChild(roster(data.view));
    if (vic && !vic.over) node.appendChild(A.gunslingersResult.panel(vic, null));
  }

  /* the result panel: who won, how decisively, the points (GS-85) */
  function result(data) {
    const r = A.gunslingersResult.summary(data.view && data.view.victory);
    return r || { title: "Game over", detail: "" };
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

  A.renderers.gunslingers = { board: board, extra: extra, controls: controls, status: status, result: result };
})(window.Airwar);
