/* Gunslingers map: the parts of drawing it that need no page, so that Node can test them
   (tests/web/js): a unit's altitude, heading and speed in words, the units of a hex as one stack,
   labels kept apart and a hex's coordinates (a type's data card comes in words from the server).
   Every word here comes from the seat's view or the public type library (GS-43): nothing is
   added that the view does not hold. The play and replay pages load it before gunslingers.js
   (as Airwar.gsMap); Node requires it. */
"use strict";
(function (root, make) {
  const m = make();
  if (typeof module === "object" && module.exports) module.exports = m;
  else { root.Airwar = root.Airwar || {}; root.Airwar.gsMap = m; }
})(typeof self !== "undefined" ? self : this, function () {
  /* -- altitude, heading and speed ---------------------------------------------------- */
  const ARROWS = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"];
  const POINTS = ["north", "north-northeast", "east-northeast", "east", "east-southeast", "south-southeast",
    "south", "south-southwest", "west-southwest", "west", "west-northwest", "north-northwest"];

  function has(v) { return v !== undefined && v !== null; }

  /* Heading 0..11 (30° each, clockwise from north, GS-4) as degrees, an arrow and words. */
  function heading(h) {
    const n = ((Number(h) % 12) + 12) % 12, deg = 30 * n;
    return { deg: deg, three: String(deg).padStart(3, "0") + "°", arrow: ARROWS[Math.round(deg / 45) % 8],
      words: POINTS[n] };
  }

  /* The short line under a unit on the map: "↗060° alt 8 spd 7" (what the view holds of it). */
  function flightLine(u) {
    const bits = [];
    if (has(u.heading)) { const h = heading(u.heading); bits.push(h.arrow + h.three); }
    if (has(u.altitude)) bits.push("alt " + u.altitude);
    if (has(u.speed)) bits.push("spd " + u.speed);
    return bits.join(" ");
  }

  /* The words after a unit's name on its map label: its states, briefly. */
  function stateWords(u) {
    const out = (u.status || []).map(function (s) { return String(s).replace(/_/g, " "); });
    if (u.radar_contact) out.push("radar contact");
    if (u.alive === false) out.push("lost");
    return out;
  }

  /* The whole of it in words, for the pointer's tooltip and a screen reader:
     "Dodge-1 (F-16C, Blue): altitude 8, heading 2 of 12 (060°, east-northeast), speed 7". */
  function fullText(u) {
    const kind = u.type || String(u.kind || "unit").replace(/_/g, " ");
    const who = (u.label && u.label !== u.id ? u.label + " " : "") + u.id + " (" + kind +
      (u.side ? ", " + u.side : "") + ")";
    const bits = [];
    if (has(u.altitude)) bits.push("altitude " + u.altitude);
    if (has(u.heading)) {
      const h = heading(u.heading);
      bits.push("heading " + u.heading + " of 12 (" + h.three + ", " + h.words + ")");
    }
    if (has(u.speed)) bits.push("speed " + u.speed);
    const states = stateWords(u);
    return who + (bits.length ? ": " + bits.join(", ") : "") + (states.length ? "; " + states.join(", ") : "");
  }

  /* -- stacks -------------------------------------------------------------------------- */
  const KIND_ORDER = { aircraft: 0 };

  /* The units in each hex, as one stack a hex, in the order given by hex; in a stack the
     aircraft first, then by altitude from the top, then by id. Units without a hex or lost
     are left out. Returns [{hex, units}] in the order the hexes first appear. */
  function stacks(list) {
    const by = {}, order = [];
    (list || []).forEach(function (u) {
      if (!u.hex || u.alive === false) return;
      if (!by[u.hex]) { by[u.hex] = []; order.push(u.hex); }
      by[u.hex].push(u);
    });
    return order.map(function (hex) {
      const units = by[hex].slice().sort(function (a, b) {
        const ka = has(KIND_ORDER[a.kind]) ? KIND_ORDER[a.kind] : 1, kb = has(KIND_ORDER[b.kind]) ? KIND_ORDER[b.kind] : 1;
        if (ka !== kb) return ka - kb;
        const aa = has(a.altitude) ? a.altitude : -1, ab = has(b.altitude) ? b.altitude : -1;
        if (aa !== ab) return ab - aa;
        return String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0;
      });
      return { hex: hex, units: units };
    });
  }

  /* The unit a stack shows on top: the one selected if it is there, else its first. */
  function topOf(stack, selected) {
    return stack.units.filter(function (u) { return u.id === selected; })[0] || stack.units[0];
  }

  /* -- labels kept apart ------------------------------------------------------------------
     Each label is a box of width w and height h to be put near its anchor (x, y: the
     counter's centre), at one of the places tried in turn: below, above, right, left, then
     further out. A place is taken when its box overlaps no label placed before and no
     counter (a square of `counter` across at each anchor, or the item's own `c`: a stack's
     badge makes it wider); when every place overlaps, the
     one that overlaps least. Returns {id: {x, y, moved}}: the centre of each label's box, and
     whether it left its first place (below), when a leader line says whose label it is. */
  function placeLabels(items, counter) {
    const c = counter || 0;
    const boxes = [];
    const counters = items.map(function (it) {
      const k = it.c || c;
      return { x0: it.x - k / 2, x1: it.x + k / 2, y0: it.y - k / 2, y1: it.y + k / 2 };
    });
    function overlap(a, b) {
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      return w > 0 && h > 0 ? w * h : 0;
    }
    const out = {};
    items.forEach(function (it) {
      const k = it.c || c;
      const gap = k / 2 + it.h / 2 + 1;
      const side = k / 2 + it.w / 2 + 2;
      const tries = [[0, gap], [0, -gap], [side, 0], [-side, 0], [0, gap + it.h], [0, -gap - it.h],
        [side, gap], [-side, gap], [side, -gap], [-side, -gap], [0, gap + 2 * it.h], [0, -gap - 2 * it.h]];
      let best = null;
      for (let i = 0; i < tries.length; i++) {
        const x = it.x + tries[i][0], y = it.y + tries[i][1];
        const b = { x0: x - it.w / 2, x1: x + it.w / 2, y0: y - it.h / 2, y1: y + it.h / 2 };
        let cost = 0;
        boxes.forEach(function (o) { cost += overlap(b, o); });
        counters.forEach(function (o) { cost += overlap(b, o); });
        if (!best || cost < best.cost) best = { x: x, y: y, box: b, cost: cost, moved: i > 0 };
        if (cost === 0) break;
      }
      boxes.push(best.box);
      out[it.id] = { x: best.x, y: best.y, moved: best.moved };
    });
    return out;
  }

  /* -- coordinates --------------------------------------------------------------------- */
  /* A hex in the words of the readout and the scenario file: "q 4, r -1 (4,-1)". */
  function hexWords(q, r) { return "q " + q + ", r " + r + " (" + q + "," + r + ")"; }

  /* The hexes of the map within a box of the flat-topped grid (hex `size`, centre of q,r at
     (1.5 size q, √3 size (r + q/2))), for per-hex labels when the map is zoomed in. */
  function hexesIn(box, size, radius) {
    const H = Math.sqrt(3) * size, out = [];
    const q0 = Math.ceil((box.x - size) / (1.5 * size)), q1 = Math.floor((box.x + box.w + size) / (1.5 * size));
    for (let q = q0; q <= q1; q++) {
      const r0 = Math.ceil((box.y - H / 2) / H - q / 2), r1 = Math.floor((box.y + box.h + H / 2) / H - q / 2);
      for (let r = r0; r <= r1; r++) {
        if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= radius) out.push([q, r]);
      }
    }
    return out;
  }

  return { heading: heading, flightLine: flightLine, stateWords: stateWords, fullText: fullText, stacks: stacks,
    topOf: topOf, placeLabels: placeLabels, hexWords: hexWords, hexesIn: hexesIn };
});
