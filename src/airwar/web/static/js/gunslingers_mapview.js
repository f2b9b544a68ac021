/* Gunslingers play page: the hex map's layers (terrain, grid), its zoom and pan toolbar, and
   the pointer and keyboard on the map. Loaded before gunslingers.js, which shares its
   helpers through Airwar.gsPage. */
"use strict";
(function (A) {
  const E = A.gsPage = A.gsPage || {};
  const S = A.svg;
  const G = A.gsMap;
  const TERRAIN_SHADES = 5;  /* heights 1, 2, 3, 4 and 5 or more (app.css) */

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
        onclick: function () { store.vb = E.wholeMap(radius); apply(svg, store, svg.querySelector("g.margin")); } }),
      A.el("label", { class: "follow", title: "Pan the map to the hexes each decision offers" }, [
        A.el("input", { type: "checkbox", id: "map-follow", checked: store.follow ? "checked" : null,
          onchange: function (ev) {
            store.follow = ev.target.checked;
            try { window.localStorage.setItem("gs-map-follow", store.follow ? "1" : ""); } catch (e) { /* none */ }
            if (store.follow && hexChoices) {
              E.follow(store, hexChoices, data.decisions + ":" + (w.words || []).join(" "));
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
        const k = q + "," + r, c = E.px(q, r);
        const attrs = { points: S.hexPoints(c[0], c[1], E.SIZE), "data-hex": k, class: "hex" };
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
    const whole = E.wholeMap(radius);
    const w = Math.min(Math.max(b.w, E.MIN_SPAN), whole.w * 1.5);
    const h = w / E.ASPECT;
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
    E.layoutLabels(store, labelSize);
    const radius = (store.data && store.data.view.map && store.data.view.map.radius) || 30;
    const guides = gridLayer(svg, store);
    margin.appendChild(S.el("rect", { x: b.x, y: b.y, width: b.w, height: band, class: "margin-band" }));
    margin.appendChild(S.el("rect", { x: b.x, y: b.y, width: band * 1.9, height: b.h, class: "margin-band" }));
    const q0 = Math.ceil(b.x / (1.5 * E.SIZE)), q1 = Math.floor((b.x + b.w) / (1.5 * E.SIZE));
    const every = Math.max(1, Math.ceil((q1 - q0 + 1) / Math.max(1, width / 30)));
    for (let q = q0; q <= q1; q++) {
      if (q % every !== 0 || Math.abs(q) > radius) continue;
      const x = 1.5 * E.SIZE * q;
      if (x < b.x + band * 2.2) continue;
      margin.appendChild(S.el("text", { x: x.toFixed(1), y: (b.y + fs * 1.1).toFixed(1), "text-anchor": "middle",
        "font-size": fs.toFixed(2), class: "coord coord-q", "data-q": q, text: String(q) }));
      guides.appendChild(S.el("line", { x1: x.toFixed(1), y1: (b.y + band).toFixed(1), x2: x.toFixed(1),
        y2: (b.y + b.h).toFixed(1), class: "grid-guide", "data-q": q }));
    }
    /* the line of one r: y = H r + x H / (3 SIZE); its r where it crosses the left band */
    const xl = b.x + band * 0.95, xr = b.x + b.w, slope = E.H / (3 * E.SIZE);
    const r0 = Math.ceil((b.y - slope * xl) / E.H), r1 = Math.floor((b.y + b.h - slope * xl) / E.H);
    const rEvery = Math.max(1, Math.ceil((r1 - r0 + 1) / Math.max(1, (b.h / unit) / 22)));
    for (let r = r0; r <= r1; r++) {
      if (r % rEvery !== 0 || Math.abs(r) > radius) continue;
      const y = E.H * r + slope * xl;
      if (y < b.y + band * 1.6) continue;
      margin.appendChild(S.el("text", { x: xl.toFixed(1), y: (y + fs * 0.35).toFixed(1),
        "text-anchor": "middle", "font-size": fs.toFixed(2), class: "coord coord-r", "data-r": r, text: String(r) }));
      const xs = b.x + band * 1.9;
      guides.appendChild(S.el("line", { x1: xs.toFixed(1), y1: (E.H * r + slope * xs).toFixed(1), x2: xr.toFixed(1),
        y2: (E.H * r + slope * xr).toFixed(1), class: "grid-guide", "data-r": r }));
    }
    margin.appendChild(S.el("text", { x: (b.x + band * 0.95).toFixed(1), y: (b.y + fs * 1.1).toFixed(1),
      "text-anchor": "middle", "font-size": (fs * 0.8).toFixed(2), class: "coord", text: "q r↘" }));
    /* zoomed in (a hex 60 px or more across): each hex in view carries its q,r */
    if (2 * E.SIZE / unit >= 60) {
      const small = Math.min(7, 9 * unit);
      G.hexesIn(b, E.SIZE, radius).forEach(function (h) {
        const c = E.px(h[0], h[1]);
        guides.appendChild(S.el("text", { x: c[0].toFixed(1), y: (c[1] - E.H * 0.3).toFixed(1), "text-anchor": "middle",
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
    const c = E.px(h[0], h[1]);
    store.hoverMark.setAttribute("points", S.hexPoints(c[0], c[1], E.SIZE));
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
        const h = E.hexAt(pt.x, pt.y), k = h[0] + "," + h[1];
        const readout = store.readout, terrain = store.terrain, allowed = store.allowed, radius = store.radius;
        if (k !== store.hover && readout) {
          store.hover = k;
          readout.textContent = E.onMap(h[0], h[1], radius) ? "hex " + k + " (q " + h[0] + ", r " + h[1] + ") · " +
            (terrain[k] !== undefined ? "terrain: height " + terrain[k] + " (blocks line of sight up to altitude " +
            terrain[k] + ")" : "terrain: open") + unitsAt(store, k) + (allowed[k] ? " · " + E.reachText(allowed[k]) : "") :
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

  Object.assign(E, {
    toolbar: toolbar, baseLayer: baseLayer, setBox: setBox, apply: apply, gridLayer: gridLayer,
    unitsAt: unitsAt, markHover: markHover, wire: wire,
  });
})(window.Airwar);
