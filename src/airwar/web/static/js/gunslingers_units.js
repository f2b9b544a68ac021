/* Gunslingers play page: the units on the hex map, one counter a hex (a stack opens on a
   click), their labels kept apart, and each unit's arcs. Loaded before gunslingers.js, which
   draws the map and shares its helpers through Airwar.gsPage. */
"use strict";
(function (A) {
  const E = A.gsPage = A.gsPage || {};
  const S = A.svg;
  const G = A.gsMap;

  /* -- units: one counter a hex ----------------------------------------------------------
     The units in a hex are one stack: its top unit's counter (the one selected, when it is
     there) with a badge of how many there are; pressing it opens the list of them, each
     selectable. Labels are placed apart in E.apply(), at the zoom of the moment. */
  function drawUnits(svg, node, store, v, all) {
    const layer = S.el("g", { class: "units" });
    const labels = [];
    const piles = G.stacks(all);
    piles.forEach(function (st) {
      const h = E.parseHex(st.hex), c = E.px(h[0], h[1]);
      const u = G.topOf(st, store.selected);
      const n = st.units.length;
      const color = unitColor(v, u);
      const lines = E.unitLines(u, n - 1);
      const full = G.fullText(u);
      const picked = st.units.some(function (x) { return x.id === store.selected; });
      const names = st.units.map(function (x) { return x.id; }).join(", ");
      const open = function () {
        if (n > 1) openStack(node, st, true); else E.select(node, u.id);
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
        const b = [c[0] + E.SIZE * 0.62, c[1] - E.SIZE * 0.62];
        holder.appendChild(S.el("circle", { cx: b[0].toFixed(1), cy: b[1].toFixed(1), r: 6.5, class: "stack-badge" }));
      }
      const text = S.el("text", { x: c[0], y: c[1] + E.SIZE, "text-anchor": "middle", "font-weight": 700, fill: color,
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
        const b = [c[0] + E.SIZE * 0.62, c[1] - E.SIZE * 0.62];
        layer.appendChild(S.el("text", { x: b[0].toFixed(1), y: (b[1] + 3).toFixed(1), "text-anchor": "middle",
          "font-size": 9, class: "stack-count", "data-hex": st.hex, "aria-hidden": "true", text: String(n) }));
      }
      labels.push({ id: u.id, x: c[0], y: c[1], c: n > 1 ? E.SIZE * 2.1 : E.SIZE * 1.3, lines: lines, el: text,
        leader: leader });
    });
    svg.appendChild(layer);
    store.labels = labels;
    store.piles = piles;
    const again = store.openStack && piles.filter(function (st) { return st.hex === store.openStack && st.units.length > 1; })[0];
    if (again) requestAnimationFrame(function () { if (node.contains(svg)) openStack(node, again, false); });
    else store.openStack = null;
  }

  function unitColor(v, u) { return u.side ? E.sideColor(v, u.side) : u.radar_contact ? "#6b6b6b" : "#555"; }

  function symbol(u, c, color) {
    if (u.kind === "aircraft" && u.heading !== undefined && u.heading !== null) {
      return S.plane(c[0], c[1] - 2, 30 * u.heading, E.SIZE * 1.3, color, null);
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
    const store = E.mapStore(node);
    closeStack(node, false);
    store.openStack = st.hex;
    const counter = node.querySelector('g.unit[data-hex="' + st.hex + '"]');
    const h = E.parseHex(st.hex);
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
          onclick: function () { store.openStack = null; E.select(node, u.id); } }, [
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
    const store = E.mapStore(node);
    const box = node.querySelector("#stack-list");
    const hex = store.openStack;
    store.openStack = null;
    if (box) box.parentNode.removeChild(box);
    const counter = hex ? node.querySelector('g.unit[data-hex="' + hex + '"]') : null;
    if (counter) { counter.setAttribute("aria-expanded", "false"); if (refocus) counter.focus(); }
  }

  function sideIndex(v, side) {
    const i = Object.keys(v.sides || {}).indexOf(side);
    return i >= 0 ? i % E.PALETTE.length : "none";
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
    const at = G.placeLabels(items, E.SIZE * 1.3);
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
    const h = E.parseHex(u.hex), c = E.px(h[0], h[1]);
    const g = S.el("g", { class: "arcs", "data-arcs-of": u.id });
    if (u.heading === undefined || u.heading === null) return g;
    const arcs = u.arcs || {};
    const far = 4 * E.H;
    (arcs.radar || []).forEach(function (a) {
      const s = E.arcStep(a);
      if (s !== null) g.appendChild(E.wedge(c, 30 * (u.heading + s), E.H * (arcs.radar_range || 4), "arc-radar" +
        (arcs.radar_on ? "" : " off"), "radar arc " + a + (arcs.radar_range ? ", range " + arcs.radar_range : "") +
        (arcs.radar_on ? "" : " (radar off)")));
    });
    (arcs.jamming || []).forEach(function (a) {
      const s = E.arcStep(a);
      if (s !== null) g.appendChild(E.wedge(c, 30 * (u.heading + s), 5 * E.H, "arc-jam", "jamming arc " + a));
    });
    (arcs.blind || []).forEach(function (a) {
      const s = E.arcStep(a);
      if (s !== null) g.appendChild(E.wedge(c, 30 * (u.heading + s), 2.5 * E.H, "arc-blind", "blind arc " + a));
    });
    if (arcs.sun_clutter) {
      const s = E.arcStep(arcs.sun_clutter);
      g.appendChild(E.wedge(c, 30 * (u.heading + s), 3.5 * E.H, "arc-sun", "sun clutter arc " + arcs.sun_clutter +
        (sun !== null && sun !== undefined ? " (the sun at heading " + sun + ")" : "")));
    }
    for (let k = 0; k < 12; k++) {
      const edge = E.at(c, 30 * (u.heading + k) + 15, far);
      g.appendChild(S.el("line", { x1: c[0], y1: c[1], x2: edge[0].toFixed(1), y2: edge[1].toFixed(1), class: "arc-line" }));
      const mid = E.at(c, 30 * (u.heading + k), far * 0.82);
      const step = k > 6 ? k - 12 : k;
      const name = step === 0 ? "180" : step === 6 ? "0" : (180 - 30 * Math.abs(step)) + (step > 0 ? "R" : "L");
      g.appendChild(S.el("text", { x: mid[0].toFixed(1), y: (mid[1] + 3).toFixed(1), "text-anchor": "middle",
        "font-size": 8, class: "arc-name", fill: "#1d232b", text: name }));
    }
    return g;
  }

  Object.assign(E, {
    drawUnits: drawUnits, unitColor: unitColor, symbol: symbol, openStack: openStack,
    closeStack: closeStack, sideIndex: sideIndex, layoutLabels: layoutLabels, arcsOf: arcsOf,
  });
})(window.Airwar);
