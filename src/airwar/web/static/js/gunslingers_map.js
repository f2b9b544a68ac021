/* Gunslingers map: the parts of drawing it that need no page, so that Node can test them
   (tests/web/js): a unit's altitude, heading and speed in words, the units of a hex as one stack,
   labels kept apart, a hex's coordinates, and a type's data card as a pilot reads it.
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

  /* -- the data card as a pilot reads it ----------------------------------------------- */
  const YES = function (v) { return v === true ? "yes" : v === false ? "no" : String(v); };
  const D10 = function (v) { return v + " or less on a d10"; };
  const WORDS = {
    kind: { sam: "SAM site", aaa: "anti-aircraft guns", infantry: "infantry SAM team", aam: "air-to-air missile",
      a2g: "air-to-ground weapon", arm: "anti-radiation missile", regular: "regular (one target)",
      tws: "track while scan", limited_tws: "limited track while scan", mtt: "multi-target track" },
    guidance: { CG: "command guidance (CG)", CW: "continuous-wave radar (CW)", IR: "infrared (IR)",
      OG: "optical (OG)", LG: "laser (LG)", AH: "active radar (AH)", RH: "semi-active radar (RH)" },
    role: { ewr: "early warning", gci: "ground-controlled interception", fire_control: "fire control",
      air: "airborne" },
    fire: { plotted: "plotted fire", barrage: "barrage fire" },
    visibility: { 2: "small", 3: "medium", 4: "large or smoky" },
  };
  function word(table, v) { return WORDS[table][v] || String(v); }
  function plural(n, one, many) { return n + " " + (Number(n) === 1 ? one : many); }

  /* field (the card's own name) -> [section, plain words, how the value reads] */
  const FIELDS = {
    crew: ["Airframe", "Crew", function (v) { return String(v); }],
    speed: ["Airframe", "Top speed", function (v) { return plural(v, "hex", "hexes") + " a move"; }],
    climb: ["Airframe", "Climb or dive", function (v) { return plural(v, "altitude level", "altitude levels") + " a move"; }],
    visibility: ["Airframe", "Size to the eye", function (v) { return v + " (" + word("visibility", v) + ")"; }],
    fly_by_wire: ["Airframe", "Fly-by-wire", YES],
    blind_arcs: ["Airframe", "Blind arcs", function (v) { return v.length ? v.join(", ") : "none"; }],
    radar: ["Sensors", "Radar", String],
    iff: ["Sensors", "IFF", YES],
    vas: ["Sensors", "Visual acquisition system", YES],
    laser_designator: ["Sensors", "Laser designator", YES],
    fac: ["Sensors", "Forward air controller", YES],
    special_modes: ["Sensors", "Special modes", function (v) { return v.join(", "); }],
    guns: ["Weapons", "Guns", YES],
    rockets: ["Weapons", "Rockets", YES],
    load: ["Weapons", "Load carried", String],
    chaff: ["Self-protection", "Chaff", String],
    flares: ["Self-protection", "Flares", String],
    djm: ["Self-protection", "Deception jammer (DJM)", String],
    ajm: ["Self-protection", "Angle jammer (AJM)", String],
    mini_jammers: ["Self-protection", "Mini-jammers", String],
    kind: ["System", "Kind", function (v) { return word("kind", v); }],
    role: ["System", "Role", function (v) { return word("role", v); }],
    guidance: ["System", "Guidance", function (v) { return word("guidance", v); }],
    guided: ["System", "Guided", YES],
    fire: ["System", "Fire", function (v) { return word("fire", v); }],
    quick_reaction: ["System", "Quick reaction", YES],
    auto_reload: ["System", "Reloads itself", YES],
    eccm: ["System", "ECCM", function (v) { return v + " (0 to 3)"; }],
    capacity: ["System", "Targets held", String],
    detection: ["Engagement", "Detection", D10],
    lock_on: ["Engagement", "Lock-on", D10],
    launch: ["Engagement", "Launch", D10],
    range: ["Engagement", "Range", function (v) { return plural(v, "hex", "hexes"); }],
    min_range: ["Engagement", "Minimum range", function (v) { return plural(v, "hex", "hexes"); }],
    max_range: ["Engagement", "Maximum range", function (v) { return plural(v, "hex", "hexes"); }],
    max_altitude: ["Engagement", "Reaches up to", function (v) { return "altitude " + v; }],
    time_of_flight: ["Engagement", "Time of flight", function (v) { return plural(v, "turn", "turns"); }],
    rails: ["Missiles", "On the rails", String],
    reloads: ["Missiles", "Reloads", String],
    expended: ["Missiles", "Fired", String],
  };
  const ORDER = ["Airframe", "Sensors", "System", "Engagement", "Weapons", "Missiles", "Self-protection", "Result",
    "Other"];

  function valueText(v) {
    if (Array.isArray(v)) return v.length ? v.join(", ") : "none";
    if (v === true || v === false) return YES(v);
    if (v !== null && typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  function humanise(path) {
    return String(path).replace(/\[(\d+)\]/g, function (_, i) { return " " + (Number(i) + 1); })
      .replace(/[._]/g, " ").replace(/^\w/, function (c) { return c.toUpperCase(); });
  }

  /* A data card's fields (raw places such as "loads.CAP.missiles[0].type") as sections of
     rows in plain words with their units: [{title, rows: [{label, value, house}]}], the
     sections in a pilot's order. Lists of tables read as one row each ("CAP load": "2 ×
     AIM-9M, 2 × AIM-120"); a house value keeps its reason (GS-62). */
  function cardSections(card) {
    const sections = {}, loads = {}, programs = {}, bjm = {}, result = {};
    function add(section, label, value, house) {
      (sections[section] = sections[section] || []).push({ label: label, value: value, house: house || null });
    }
    (card.fields || []).forEach(function (f) {
      const p = String(f.field), v = f.value, house = f.house || null;
      let m = /^loads\.([^.]+)\.(missiles|ground_weapons)\[(\d+)\]\.(type|count)$/.exec(p);
      if (m) {
        const l = loads[m[1]] = loads[m[1]] || { items: {}, order: [], arms: null, armType: null, house: null };
        const key = m[2] + m[3];
        if (!l.items[key]) { l.items[key] = {}; l.order.push(key); }
        l.items[key][m[4]] = v;
        l.house = l.house || house;
        return;
      }
      m = /^loads\.([^.]+)\.(arms|arm_type)$/.exec(p);
      if (m) {
        const l = loads[m[1]] = loads[m[1]] || { items: {}, order: [], arms: null, armType: null, house: null };
        if (m[2] === "arms") l.arms = v; else l.armType = v;
        return;
      }
      m = /^dds_programs\[(\d+)\]\.(\w+)$/.exec(p);
      if (m) { (programs[m[1]] = programs[m[1]] || {})[m[2]] = v; return; }
      m = /^bjm\.(\w+)$/.exec(p);
      if (m) { bjm[m[1]] = v; return; }
      m = /^result\.(\w+)$/.exec(p);
      if (m) { result[m[1]] = v; return; }
      const known = FIELDS[p];
      if (known) add(known[0], known[1], known[2](v), house);
      else add("Other", humanise(p), valueText(v), house);
    });
    Object.keys(loads).forEach(function (name) {
      const l = loads[name];
      const parts = l.order.map(function (k) { const it = l.items[k]; return (has(it.count) ? it.count + " × " : "") + it.type; });
      if (has(l.arms)) parts.push(l.arms + " × " + (l.armType || "ARM") + " (anti-radiation)");
      add("Weapons", name + " load", parts.length ? parts.join(", ") : "nothing", l.house);
    });
    Object.keys(programs).forEach(function (i) {
      const pr = programs[i];
      const bits = [];
      if (has(pr.chaff)) bits.push(plural(pr.chaff, "chaff", "chaff"));
      if (has(pr.flares)) bits.push(plural(pr.flares, "flare", "flares"));
      if (has(pr.mini_jammers)) bits.push(plural(pr.mini_jammers, "mini-jammer", "mini-jammers"));
      add("Self-protection", "DDS program " + (pr.name || Number(i) + 1), bits.join(", ") || "empty");
    });
    if (Object.keys(bjm).length) {
      add("Self-protection", "Barrage jammer (BJM)", (has(bjm.type) ? "type " + bjm.type : "") +
        (has(bjm.number) ? (has(bjm.type) ? ", " : "") + "number " + bjm.number : ""));
    }
    if (has(result.target)) {
      add("Result", "Result roll (d10)", result.target + " or less: " + String(result.success || "").replace(/_/g, " ") +
        "; otherwise " + String(result.failure || "").replace(/_/g, " "));
    }
    return ORDER.filter(function (s) { return sections[s]; }).map(function (s) {
      return { title: s, rows: sections[s] };
    });
  }

  return { heading: heading, flightLine: flightLine, stateWords: stateWords, fullText: fullText, stacks: stacks,
    topOf: topOf, placeLabels: placeLabels, hexWords: hexWords, hexesIn: hexesIn, cardSections: cardSections };
});
