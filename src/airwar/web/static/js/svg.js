/* SVG drawing helpers: elements, square grids, hex grids, arrows and plane symbols. */
"use strict";
(function (A) {
  const NS = "http://www.w3.org/2000/svg";
  const S = {};

  S.el = function (tag, attrs, children) {
    const e = document.createElementNS(NS, tag);
    Object.entries(attrs || {}).forEach(function (kv) {
      const k = kv[0], v = kv[1];
      if (v === undefined || v === null || v === false) return;
      if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  };

  /* A group, not an image: a board's squares may be buttons, and an image's parts are not read. */
  S.root = function (width, height, label) {
    return S.el("svg", { viewBox: "0 0 " + width + " " + height, role: "group",
      "aria-label": label, preserveAspectRatio: "xMidYMid meet" });
  };

  S.title = function (node, text) { node.appendChild(S.el("title", { text: text })); return node; };

  /* Degrees clockwise from north for the eight facings. */
  S.FACING_DEG = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 };

  /* A plane seen from above pointing up, rotated to `deg`, centred at (x, y), `size` across. */
  S.plane = function (x, y, deg, size, color, label) {
    const k = size / 40;
    const body = "M0,-18 L3,-10 L3,-3 L18,4 L18,8 L3,5 L2,13 L8,17 L8,19 L0,18 " +
      "L-8,19 L-8,17 L-2,13 L-3,5 L-18,8 L-18,4 L-3,-3 L-3,-10 Z";
    const g = S.el("g", { transform: "translate(" + x + "," + y + ") rotate(" + deg + ") scale(" + k + ")",
      class: "plane" }, [
      S.el("path", { d: body, fill: color, stroke: "#111", "stroke-width": 1.2 }),
      S.el("path", { d: "M0,-18 L0,-30", stroke: color, "stroke-width": 2.5,
        "marker-end": "none" }),
    ]);
    if (label) S.title(g, label);
    return g;
  };

  /* Flat-topped or pointy hexes: centre of column q, row r (offset, odd-q), radius `size`. */
  S.hexCentre = function (q, r, size) {
    const w = size * 1.5, h = Math.sqrt(3) * size;
    return [size + q * w, h / 2 + r * h + (q % 2 === 1 ? h / 2 : 0)];
  };

  S.hexPoints = function (cx, cy, size) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 180 * (60 * i);
      pts.push((cx + size * Math.cos(a)).toFixed(1) + "," + (cy + size * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  };

  S.arrow = function (x, y, deg, len, color) {
    const g = S.el("g", { transform: "translate(" + x + "," + y + ") rotate(" + deg + ")" }, [
      S.el("line", { x1: 0, y1: 0, x2: 0, y2: -len, stroke: color, "stroke-width": 3 }),
      S.el("path", { d: "M-5," + (-len + 7) + " L0," + (-len) + " L5," + (-len + 7),
        fill: "none", stroke: color, "stroke-width": 3 }),
    ]);
    return g;
  };

  A.svg = S;
})(window.Airwar);
