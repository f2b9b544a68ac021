/* Gunslingers moves by their paths (GS-82): the default route to a hex (straight ahead along
   the heading, then turning), the hexes straight ahead, and how a click on the map changes the
   path being chosen. The same rules as the referee's (games/gunslingers/model/hexgrid.py,
   Hex.route_to and straight_ahead); plain functions of hexes "q,r", so Node tests them. */
"use strict";
(function (root) {
  /* the six neighbours, clockwise from north: neighbour k lies at heading 2k */
  const STEPS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

  function parse(t) { const p = String(t).split(","); return [Number(p[0]), Number(p[1])]; }
  function key(h) { return h[0] + "," + h[1]; }
  function distance(a, b) {
    const dq = a[0] - b[0], dr = a[1] - b[1];
    return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
  }

  /* The default route from start to end for an aircraft on heading: the hexes entered, end
     last (none when end is start). Each step takes, of the neighbours one hex nearer the end,
     the one nearest the heading; on a tie the one not taken last, and at first the one
     clockwise of the heading. */
  function route(start, heading, end) {
    let here = parse(start);
    const to = parse(end), out = [];
    let last = -1;
    while (distance(here, to) > 0) {
      const left = distance(here, to) - 1;
      let best = null;
      for (let k = 0; k < 6; k++) {
        const step = [here[0] + STEPS[k][0], here[1] + STEPS[k][1]];
        if (distance(step, to) !== left) continue;
        const off = ((2 * k - heading) % 12 + 12) % 12;
        const rank = [Math.min(off, 12 - off), k === last ? 1 : 0, off === 1 ? 0 : 1];
        if (!best || less(rank, best.rank)) best = { rank: rank, k: k, step: step };
      }
      last = best.k;
      here = best.step;
      out.push(key(here));
    }
    return out;
  }
  function less(a, b) {
    for (let i = 0; i < a.length; i++) { if (a[i] !== b[i]) return a[i] < b[i]; }
    return false;
  }

  /* The hex n hexes straight ahead: along a hexside heading hex after hex, along a hexspine
     heading the hexes either side of it in turn, the clockwise one first. */
  function straightAhead(start, heading, n) {
    const s = parse(start);
    if (heading % 2 === 0) {
      const d = STEPS[heading / 2];
      return key([s[0] + d[0] * n, s[1] + d[1] * n]);
    }
    const cw = STEPS[((heading + 1) / 2) % 6], ccw = STEPS[(heading - 1) / 2];
    const a = Math.ceil(n / 2), b = Math.floor(n / 2);
    return key([s[0] + cw[0] * a + ccw[0] * b, s[1] + cw[1] * a + ccw[1] * b]);
  }

  /* The path preselected for a move: straight ahead at full speed, cut where it would leave
     the hexes offered (or the map). */
  function preselect(start, heading, speed, offered) {
    const full = route(start, heading, straightAhead(start, heading, speed));
    const out = [];
    for (const h of full) { if (!offered(h)) break; out.push(h); }
    return out;
  }

  /* The path after a click on hex k: the aircraft's own hex clears it; a hex of the path cuts
     it there; a hex next to its end extends it while it is shorter than the speed; any other
     hex offered takes the default route to it. */
  function click(path, start, heading, speed, k) {
    if (k === start) return [];
    const at = path.indexOf(k);
    if (at >= 0) return path.slice(0, at + 1);
    const end = path.length ? path[path.length - 1] : start;
    if (path.length < speed && distance(parse(end), parse(k)) === 1) return path.concat([k]);
    return route(start, heading, k);
  }

  /* Whether a path is one the referee takes: each hex next to the one before (the first next
     to start), and no more hexes than the speed. */
  function legal(path, start, speed) {
    if (path.length > speed) return false;
    let here = parse(start);
    for (const h of path) {
      const p = parse(h);
      if (distance(here, p) !== 1) return false;
      here = p;
    }
    return true;
  }

  /* The word a move sends for its path: the path hex by hex ("1,-1>2,-2"), or the one hex
     (which means its default route), or the start for a move that stays. */
  function word(path, start) {
    if (!path.length) return start;
    return path.length === 1 ? path[0] : path.join(">");
  }
  /* The hex a move's word ends on ("1,-1>2,-2" ends on "2,-2"). */
  function end(w) { const parts = String(w).split(">"); return parts[parts.length - 1]; }
  function isPath(w) { return /^-?\d+,-?\d+(>-?\d+,-?\d+)+$/.test(String(w)); }

  const api = { route: route, straightAhead: straightAhead, preselect: preselect, click: click,
    legal: legal, word: word, end: end, isPath: isPath, distance: function (a, b) { return distance(parse(a), parse(b)); } };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  if (root && root.Airwar) root.Airwar.gsPaths = api;
})(typeof window !== "undefined" ? window : null);
