/* Gunslingers scenario editor: a hex map on which tools place units and terrain, the problems
   of the scenario shown where they are (checked by the server as you edit), saving as TOML,
   loading a file or an example, starting a game. The header and sides, the selected unit's
   panel and the victory section are modules of their own (gunslingers_editor_sides.js,
   _panel.js, _victory.js), loaded before this one, sharing the scenario through
   Airwar.gsEditor. */
"use strict";
(function (A) {
  const HANDOFF = "airwar.gunslingers.scenario";  /* read by gunslingers_new.js */
  const S = A.svg;
  const SIZE = 18;
  const H = Math.sqrt(3) * SIZE;
  const PALETTE = ["#1f4e9a", "#b3261e", "#2d6a4f", "#8a4b00", "#6a3d9a", "#00687a", "#5c5c00", "#a4005b"];
  const CEILING = Number(document.getElementById("ed-height").max) || 30;
  const DEBOUNCE_MS = 300;
  const UNIT_KINDS = ["aircraft", "sams", "infantry_sams", "ewrs", "ccus", "aaa", "ground_units"];
  const KIND_WORD = { aircraft: "Aircraft", sams: "SAM site", infantry_sams: "Infantry SAM", ewrs: "EWR",
    ccus: "CCU", aaa: "AAA", ground_units: "Ground unit" };
  const GROUND_TYPES = ["ground unit", "armour", "infantry", "headquarters", "forward air controller"];
  const TOOLS = [["select", "Select"], ["move", "Move selected"], ["aircraft", "Aircraft"], ["sams", "SAM site"],
    ["infantry_sams", "Infantry SAM"], ["ewrs", "EWR"], ["ccus", "CCU"], ["aaa", "AAA"],
    ["ground_units", "Ground unit"], ["terrain", "Terrain"], ["erase", "Erase"]];
  const EF = A.gsEditorFields;  /* gunslingers_editor_fields.js: the form without the page */
  /* shared with gunslingers_editor_panel.js and gunslingers_editor_victory.js, loaded before */
  const E = A.gsEditor = A.gsEditor || {};

  const $ = function (id) { return document.getElementById(id); };
  const mapBox = $("ed-map"), errorBox = $("ed-error"), statusBox = $("ed-status");

  let data = null;          // the scenario's content, as its TOML file holds it
  let problems = [];        // the server's last answer: {text, place, path, message}
  let selected = null;      // {kind, index}
  let tool = "select";
  let zoom = 1;
  let types = [];
  let served = null;        // what each field allows (GET /api/gunslingers/scenario/fields)
  const cards = {};         // type name -> its data card's values (null: not in the library)
  let checkTimer = null, checkSeq = 0;
  let svg = null;
  let dirty = false;        // changed since loaded or saved: leaving the page asks first
  const UNDO_STEPS = 50;
  let history = [];         // the content before each of the last changes, as JSON
  let current = null;       // the content as JSON after the last change

  // -- the scenario's content ------------------------------------------------------------

  function blank() {
    return { scenario: { name: "New scenario", turns: 6, library: true }, map: { radius: 15 },
      sides: [{ name: "Blue" }, { name: "Red" }] };
  }

  function units(kind) { return Array.isArray(data[kind]) ? data[kind] : []; }
  function radius() {
    const r = Number((data.map || {}).radius);
    const top = EF.bounds(served, "map", "radius");
    return Number.isInteger(r) && r >= top[0] && r <= top[1] ? r : 30;
  }
  function sideNames() {
    return (Array.isArray(data.sides) ? data.sides : []).map(function (s) { return s && s.name; })
      .filter(function (n) { return typeof n === "string"; });
  }
  function hexOf(u) {
    return Array.isArray(u.hex) && u.hex.length === 2 && u.hex.every(Number.isInteger) ? u.hex : null;
  }
  function sameHex(a, q, r) { return a && a[0] === q && a[1] === r; }
  function allIds() {
    const ids = new Set();
    UNIT_KINDS.forEach(function (k) { units(k).forEach(function (u) { if (u && u.id) ids.add(u.id); }); });
    return ids;
  }
  function freshId(base) {
    const ids = allIds();
    const stem = String(base).replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 34) || "Unit";
    for (let n = 1; ; n++) { if (!ids.has(stem + "-" + n)) return stem + "-" + n; }
  }
  function onMap(q, r) { const R = radius(); return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= R; }

  // -- the library of types ---------------------------------------------------------------

  function typeNames(kind) {
    const want = {
      aircraft: function (t) { return t.kind === "aircraft"; },
      sams: function (t) { return t.kind === "sams" && t.role === "sam"; },
      infantry_sams: function (t) { return t.kind === "sams" && t.role === "infantry"; },
      aaa: function (t) { return t.kind === "sams" && t.role === "aaa"; },
      ewrs: function (t) { return t.kind === "radars" && (t.role === "ewr" || t.role === "gci"); },
      ccus: function (t) { return t.kind === "radars" && (t.role === "gci" || t.role === "ewr"); },
    }[kind];
    if (kind === "ground_units") return GROUND_TYPES.slice();
    return want ? types.filter(want).map(function (t) { return t.name; }) : [];
  }

  /* The values a unit of this type takes from its data card (GS-60), fetched once. */
  function cardValues(name) {
    if (!name || !(data.scenario || {}).library) return null;
    if (cards[name] !== undefined) return cards[name];
    cards[name] = null;
    A.api("GET", "/api/gunslingers/types/" + encodeURIComponent(name)).then(function (card) {
      const values = { loads: [] };
      card.fields.forEach(function (f) {
        const m = /^loads\.([^.]+)\./.exec(f.field);
        if (m) { if (values.loads.indexOf(m[1]) < 0) values.loads.push(m[1]); } else if (!/[.[]/.test(f.field)) values[f.field] = f.value;
      });
      cards[name] = values;
      E.renderPanel(false);
    }).catch(function () { cards[name] = null; });
    return null;
  }

  // -- checking as you edit ---------------------------------------------------------------

  function changed(undoing) {
    const now = JSON.stringify(data);
    if (!undoing && current !== null && now !== current) {
      history.push(current);
      if (history.length > UNDO_STEPS) history.shift();
    }
    current = now;
    $("ed-undo").disabled = history.length === 0;
    dirty = true;
    draw();
    if (checkTimer) clearTimeout(checkTimer);
    statusBox.textContent = "checking…";
    document.body.dataset.checked = "no";
    checkTimer = setTimeout(check, DEBOUNCE_MS);
  }

  async function check() {
    checkTimer = null;
    const seq = ++checkSeq;
    try {
      const res = await A.api("POST", "/api/gunslingers/scenario/check", { scenario: data });
      if (seq !== checkSeq) return;
      problems = res.problems;
      errorBox.textContent = "";
      statusBox.textContent = res.ok ? "Checked: no problems; ready to save or play." :
        "Checked: " + (res.problems.length + res.more) + " problem" +
        (res.problems.length + res.more === 1 ? "" : "s") + ".";
    } catch (e) {
      if (seq !== checkSeq) return;
      problems = [];
      errorBox.textContent = e.message;
      statusBox.textContent = "";
    }
    document.body.dataset.checked = "yes";
    draw(); renderProblems(); E.renderPanel(false);
  }

  function problemsOf(kind, index) {
    return problems.filter(function (p) { return p.path[0] === kind && p.path[1] === index; });
  }
  function unitHasProblem(kind, index) { return problemsOf(kind, index).length > 0; }

  // -- the map ----------------------------------------------------------------------------

  function px(q, r) { return [SIZE * 1.5 * q, H * (r + q / 2)]; }
  function axial(x, y) {
    const q = x / (SIZE * 1.5), r = y / H - q / 2, s = -q - r;
    let rq = Math.round(q), rr = Math.round(r), rs = Math.round(s);
    const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
    return [rq, rr + 0];
  }
  function sideColor(side) {
    const i = sideNames().indexOf(side);
    return i >= 0 ? PALETTE[i % PALETTE.length] : "#555";
  }

  const grids = {};
  function gridPath(R) {
    if (grids[R]) return grids[R];
    const parts = [];
    const corner = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 3 * i;
      corner.push([SIZE * Math.cos(a), SIZE * Math.sin(a)]);
    }
    for (let q = -R; q <= R; q++) {
      for (let r = Math.max(-R, -q - R); r <= Math.min(R, -q + R); r++) {
        const c = px(q, r);
        let d = "M" + (c[0] + corner[0][0]).toFixed(1) + " " + (c[1] + corner[0][1]).toFixed(1);
        for (let i = 1; i < 6; i++) {
          d += "l" + (corner[i][0] - corner[i - 1][0]).toFixed(1) + " " + (corner[i][1] - corner[i - 1][1]).toFixed(1);
        }
        parts.push(d + "z");
      }
    }
    grids[R] = parts.join("");
    return grids[R];
  }

  function unitShape(kind, x, y, u, color) {
    const k = SIZE * 0.55;
    const label = (u.name || u.id || "?") + ": " + KIND_WORD[kind] + " " + (u.type || "") + " of " + (u.side || "?");
    let g;
    if (kind === "aircraft") {
      const heading = Number.isInteger(u.heading) ? u.heading : 0;
      g = S.plane(x, y, 30 * heading, SIZE * 1.3, color, label + ", heading " + heading +
        (u.altitude !== undefined ? ", altitude " + u.altitude : ""));
      return g;
    }
    let shape;
    if (kind === "sams") shape = S.el("polygon", { points: [x, y - k, x + k, y + k * 0.8, x - k, y + k * 0.8].join(" "), fill: color });
    else if (kind === "infantry_sams") shape = S.el("polygon", { points: [x, y - k * 0.7, x + k * 0.7, y + k * 0.6, x - k * 0.7, y + k * 0.6].join(" "), fill: "#fff", stroke: color, "stroke-width": 3 });
    else if (kind === "ewrs" || kind === "ccus") shape = S.el("circle", { cx: x, cy: y, r: k, fill: color });
    else if (kind === "aaa") shape = S.el("rect", { x: x - k * 0.8, y: y - k * 0.8, width: k * 1.6, height: k * 1.6, fill: color });
    else shape = S.el("rect", { x: x - k, y: y - k * 0.6, width: k * 2, height: k * 1.2, fill: "#fff", stroke: color, "stroke-width": 3 });
    const letter = { ewrs: "E", ccus: "C", aaa: "A" }[kind];
    g = S.el("g", { class: "ed-ground" }, [shape, letter ? S.el("text", { x: x, y: y + 4, "text-anchor": "middle",
      class: "ed-letter", text: letter }) : null]);
    S.title(g, label);
    return g;
  }

  function draw() {
    const left = mapBox.scrollLeft, top = mapBox.scrollTop;
    A.clear(mapBox);
    const R = radius();
    const w = SIZE * (3 * R + 2) + 8, h = H * (2 * R + 1) + 8;
    svg = S.root(w, h, "Scenario map, radius " + R + ": click a hex to use the tool");
    svg.setAttribute("viewBox", [-w / 2, -h / 2, w, h].join(" "));
    svg.id = "ed-svg";
    svg.style.width = (100 * zoom) + "%";
    svg.appendChild(S.el("path", { d: gridPath(R), class: "ed-grid" }));
    const terrain = Array.isArray((data.map || {}).terrain) ? data.map.terrain : [];
    terrain.forEach(function (t, i) {
      const hx = t && hexOf(t);
      if (!hx) return;
      const c = px(hx[0], hx[1]);
      const height = Number(t.height) || 0;
      const bad = problems.some(function (p) { return p.path[0] === "map" && p.path[1] === "terrain" && p.path[2] === i; });
      const poly = S.el("polygon", { points: S.hexPoints(c[0], c[1], SIZE), class: "ed-terrain" + (bad ? " ed-bad" : ""),
        "data-terrain": hx.join(","), "fill-opacity": Math.min(0.85, 0.25 + height / CEILING) });
      S.title(poly, "terrain at " + hx.join(", ") + ": height " + t.height);
      svg.appendChild(poly);
      svg.appendChild(S.el("text", { x: c[0], y: c[1] + 4, "text-anchor": "middle", class: "ed-height", text: String(t.height) }));
    });
    (Array.isArray(data.markers) ? data.markers : []).forEach(function (m) {
      const hx = m && hexOf(m);
      if (!hx) return;
      const c = px(hx[0], hx[1]), k = SIZE * 0.35, x = c[0] - SIZE * 0.45, y = c[1] - SIZE * 0.45;
      const mark = S.el("polygon", { points: [x, y - k, x + k, y, x, y + k, x - k, y].join(" "), class: "ed-marker",
        "data-marker": m.kind || "" });
      S.title(mark, "marker " + (m.kind || "?") + " at " + hx.join(", "));
      svg.appendChild(mark);
    });
    const perHex = {};
    UNIT_KINDS.forEach(function (kind) {
      units(kind).forEach(function (u, i) {
        const hx = u && hexOf(u);
        if (!hx) return;
        const key = hx.join(",");
        const n = perHex[key] = (perHex[key] || 0) + 1;
        const c = px(hx[0], hx[1]);
        const x = c[0] + (n - 1) * 5, y = c[1] + (n - 1) * 5;
        const sel = selected && selected.kind === kind && selected.index === i;
        const g = S.el("g", { class: "ed-unit" + (sel ? " selected" : ""), "data-kind": kind, "data-index": i,
          "data-unit": u.id || "" });
        if (unitHasProblem(kind, i)) g.appendChild(S.el("circle", { cx: x, cy: y, r: SIZE * 0.95, class: "ed-problem-ring" }));
        if (sel) g.appendChild(S.el("circle", { cx: x, cy: y, r: SIZE * 0.85, class: "ed-selected-ring" }));
        g.appendChild(unitShape(kind, x, y, u, sideColor(u.side)));
        g.appendChild(S.el("text", { x: x, y: y + SIZE * 0.95 + 6, "text-anchor": "middle", class: "ed-label",
          text: String(u.id || "?") }));
        svg.appendChild(g);
      });
    });
    svg.addEventListener("click", function (ev) {
      const hx = hexAtEvent(ev);
      if (hx) useTool(hx[0], hx[1]);
    });
    svg.addEventListener("mousemove", function (ev) {
      const hx = hexAtEvent(ev);
      $("ed-hover").textContent = hx ? "hex " + hx[0] + ", " + hx[1] + hoverNote(hx) : "hex –";
    });
    mapBox.appendChild(svg);
    mapBox.scrollLeft = left; mapBox.scrollTop = top;
  }

  function hoverNote(hx) {
    if (!onMap(hx[0], hx[1])) return " (off the map)";
    const t = (Array.isArray((data.map || {}).terrain) ? data.map.terrain : []).find(function (x) {
      return x && sameHex(hexOf(x), hx[0], hx[1]);
    });
    const here = unitsAt(hx[0], hx[1]).map(function (x) { return units(x.kind)[x.index].id; });
    return (t ? " · terrain height " + t.height : "") + (here.length ? " · " + here.join(", ") : "");
  }

  function hexAtEvent(ev) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = svg.createSVGPoint();
    p.x = ev.clientX; p.y = ev.clientY;
    const at = p.matrixTransform(m.inverse());
    return axial(at.x, at.y);
  }

  /* Where hex (q, r) is on the screen, brought into view first (the tests click there). */
  function screenOf(q, r) {
    const c = px(q, r);
    function at() {
      const p = svg.createSVGPoint();
      p.x = c[0]; p.y = c[1];
      return p.matrixTransform(svg.getScreenCTM());
    }
    let s = at();
    if (s.y < 40 || s.y > window.innerHeight - 40) { window.scrollBy(0, s.y - window.innerHeight / 2); s = at(); }
    const box = mapBox.getBoundingClientRect();
    if (s.x < box.left + 10 || s.x > box.right - 10) { mapBox.scrollLeft += s.x - (box.left + box.right) / 2; s = at(); }
    return { x: s.x, y: s.y };
  }

  // -- the tools --------------------------------------------------------------------------

  function unitsAt(q, r) {
    const found = [];
    UNIT_KINDS.forEach(function (kind) {
      units(kind).forEach(function (u, i) { if (u && sameHex(hexOf(u), q, r)) found.push({ kind: kind, index: i }); });
    });
    return found;
  }

  function newUnit(kind, q, r) {
    const side = $("ed-new-side").value || sideNames()[0] || "Blue";
    const type = $("ed-new-type").value;
    /* a new unit is named by its side alone (GS-68): the other side addresses a radar
       contact or an unidentified unit by its id, which must not tell its type or kind */
    const u = { id: freshId(kind === "aircraft" ? side : side + "-G"), side: side };
    if (type) u.type = type;
    u.hex = [q, r];
    if (kind === "aircraft") {
      u.heading = sideNames().indexOf(side) === 0 ? 2 : 8;
      u.altitude = 10;
      if (!type) u.type = "fighter";
    }
    if (!Array.isArray(data[kind])) data[kind] = [];
    data[kind].push(u);
    selected = { kind: kind, index: data[kind].length - 1 };
  }

  /* Terrain is a hex with a height, no kind (GS-69). */
  function setTerrain(q, r) {
    if (!data.map || typeof data.map !== "object") data.map = {};
    if (!Array.isArray(data.map.terrain)) data.map.terrain = [];
    const height = Number($("ed-height").value);
    const t = data.map.terrain.find(function (x) { return x && sameHex(hexOf(x), q, r); });
    const value = Number.isInteger(height) ? height : $("ed-height").value;
    if (t) t.height = value; else data.map.terrain.push({ hex: [q, r], height: value });
  }

  function erase(q, r) {
    const here = unitsAt(q, r);
    if (here.length) {
      const last = here[here.length - 1];
      data[last.kind].splice(last.index, 1);
      if (selected && selected.kind === last.kind) selected = null;
      return;
    }
    if (data.map && Array.isArray(data.map.terrain)) {
      data.map.terrain = data.map.terrain.filter(function (x) { return !(x && sameHex(hexOf(x), q, r)); });
      if (!data.map.terrain.length) delete data.map.terrain;
    }
  }

  function useTool(q, r) {
    if (tool === "select") {
      const here = unitsAt(q, r);
      if (!here.length) { selected = null; E.renderPanel(true); draw(); return; }
      // a second click on a hex with several units selects the next one
      const at = selected ? here.findIndex(function (x) { return x.kind === selected.kind && x.index === selected.index; }) : -1;
      selected = here[(at + 1) % here.length];
      E.renderPanel(true); renderUnitList(); draw();
      return;
    }
    if (tool === "move") {
      if (!selected) { errorBox.textContent = "Select a unit first, then click where it goes."; return; }
      data[selected.kind][selected.index].hex = [q, r];
    } else if (tool === "terrain") setTerrain(q, r);
    else if (tool === "erase") erase(q, r);
    else newUnit(tool, q, r);
    errorBox.textContent = "";
    renderAll();
    changed();
  }

  function chooseTool(name) {
    tool = name;
    document.querySelectorAll("#ed-tools input").forEach(function (i) { i.checked = i.value === name; });
    fillNewType();
  }

  function fillNewType() {
    const sel = $("ed-new-type");
    A.clear(sel);
    const names = UNIT_KINDS.indexOf(tool) >= 0 ? typeNames(tool) : [];
    if (tool === "aircraft" && !names.length) names.push("fighter");
    if (!names.length) sel.appendChild(A.el("option", { value: "", text: "(no type)" }));
    names.forEach(function (n) { sel.appendChild(A.el("option", { value: n, text: n })); });
    sel.disabled = UNIT_KINDS.indexOf(tool) < 0;
    const preferred = { aircraft: "F-16C", sams: "SA-2", ewrs: "Spoon Rest", ccus: "Bar Lock" }[tool];
    if (preferred && names.indexOf(preferred) >= 0) sel.value = preferred;
  }

  // -- the scenario's header and sides ------------------------------------------------------

  function setOrDrop(obj, key, value) { if (value === undefined || value === "") delete obj[key]; else obj[key] = value; }
  function intOrText(text) {
    const t = String(text).trim();
    if (t === "") return undefined;
    // a whole number JSON carries exactly; else the text, which the check names
    return /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t;
  }

  function renderUnitList() {
    const list = $("ed-units");
    A.clear(list);
    UNIT_KINDS.forEach(function (kind) {
      units(kind).forEach(function (u, i) {
        const bad = unitHasProblem(kind, i);
        const sel = selected && selected.kind === kind && selected.index === i;
        list.appendChild(A.el("li", { class: (bad ? "invalid" : "") + (sel ? " selected" : "") }, [
          A.el("button", { type: "button", class: "ed-unit-button", "data-unit": u && u.id || "",
            "aria-pressed": sel ? "true" : "false",
            text: KIND_WORD[kind] + " " + (u && u.id || "?") + " · " + (u && u.side || "?") + " · " +
              (u && Array.isArray(u.hex) ? u.hex.join(", ") : "?") + (bad ? " · has problems" : ""),
            onclick: function () {
              selected = { kind: kind, index: i }; E.renderPanel(true); renderUnitList(); draw(); centreOn(u && hexOf(u));
            } }),
        ]));
      });
    });
    if (!list.firstChild) list.appendChild(A.el("li", { class: "hint", text: "No units yet." }));
  }

  function renderProblems() {
    const list = $("ed-problems");
    A.clear(list);
    problems.forEach(function (p) {
      const isUnit = UNIT_KINDS.indexOf(p.path[0]) >= 0 && Number.isInteger(p.path[1]) && units(p.path[0])[p.path[1]];
      list.appendChild(A.el("li", { "data-place": p.place || "" }, [
        isUnit ? A.el("button", { type: "button", class: "small", text: "Show", "aria-label": "show " + (p.place || ""),
          onclick: function () { selected = { kind: p.path[0], index: p.path[1] }; E.renderPanel(true); renderUnitList(); draw(); } }) : null,
        " " + (p.words || p.text),
      ]));
    });
    if (!problems.length) list.appendChild(A.el("li", { class: "hint", text: "None." }));
    E.renderHeader(); E.renderSides(); E.renderVictory(); renderUnitList();
  }

  function renderExtra() {
    const extra = {};
    if (data.markers !== undefined) extra.markers = data.markers;
    if (data.outcomes !== undefined) extra.outcomes = data.outcomes;
    $("ed-extra").value = JSON.stringify(extra, null, 1);
  }

  function renderAll() { E.renderHeader(); E.renderSides(); E.renderVictory(); E.renderPanel(false); renderUnitList(); renderProblems(); draw(); }

  function loaded(scenario, note) {
    data = scenario;
    selected = null; problems = [];
    history = []; current = null;
    renderExtra(); renderAll();
    statusBox.textContent = note;
    changed();
    dirty = false;
  }

  // -- files: load, save, play ----------------------------------------------------------------

  function discardOk() {
    return !dirty || window.confirm("Discard the changes not saved?");
  }

  async function load(body, what) {
    if (!discardOk()) return;
    errorBox.textContent = "";
    try {
      const res = await A.api("POST", "/api/gunslingers/scenario/load", body);
      loaded(res.scenario, "Loaded " + (what || res.filename) + ".");
    } catch (e) { errorBox.textContent = e.message; }
  }

  async function tomlText() {
    if (checkTimer) { clearTimeout(checkTimer); await check(); }
    return A.api("POST", "/api/gunslingers/scenario/toml", { scenario: data });
  }

  async function save() {
    errorBox.textContent = "";
    try {
      const res = await tomlText();
      const link = $("ed-download");
      if (link.href && link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(new Blob([res.toml], { type: "application/toml" }));
      link.download = res.filename;
      link.textContent = "download " + res.filename + " again";
      link.hidden = false;
      link.click();
      dirty = false;
      statusBox.textContent = "Saved as " + res.filename + ".";
    } catch (e) { errorBox.textContent = "Not saved: " + e.message; }
  }

  /* A game is started on the new-game page, where each seat is given to a person here, a
     person on another browser or the automatic player: the scenario goes there in this
     tab's session storage (never to the server until Start). */
  async function play() {
    errorBox.textContent = "";
    try {
      const res = await tomlText();
      window.sessionStorage.setItem(HANDOFF, JSON.stringify({ name: res.filename, toml: res.toml }));
      dirty = false;  // the new-game page holds the scenario now
      window.location.href = A.url("/gunslingers?from=editor");
    } catch (e) { errorBox.textContent = "No game started: " + e.message; }
  }

  // -- wiring ---------------------------------------------------------------------------------

  TOOLS.forEach(function (t) {
    const id = "ed-tool-" + t[0];
    $("ed-tools").appendChild(A.el("label", { for: id, class: "ed-tool" }, [
      A.el("input", { type: "radio", name: "ed-tool", id: id, value: t[0], checked: t[0] === tool,
        onchange: function () { chooseTool(t[0]); } }), t[1]]));
  });
  ["ed-name", "ed-turns", "ed-sun", "ed-operational", "ed-radius", "ed-library"].forEach(function (id) { $(id).addEventListener("change", E.headerChanged); });
  $("ed-vic-own").addEventListener("change", function (e) {
    if (e.target.checked) data.victory = { marginal: 1 }; else delete data.victory;
    E.renderVictory(); changed();
  });
  $("ed-add-side").addEventListener("click", function () {
    if (!Array.isArray(data.sides)) data.sides = [];
    let n = data.sides.length + 1;
    while (sideNames().indexOf("Side-" + n) >= 0) n++;
    data.sides.push({ name: "Side-" + n });
    renderAll(); changed();
  });
  $("ed-apply").addEventListener("click", function () {
    const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec($("ed-at").value);
    if (!m) { errorBox.textContent = "Hex: give two whole numbers q, r (e.g. 3, -2)."; return; }
    useTool(Number(m[1]), Number(m[2]));
  });
  /* Zoom by `factor`, keeping the middle of the map's window where it is. */
  function zoomBy(factor) {
    const fx = (mapBox.scrollLeft + mapBox.clientWidth / 2) / Math.max(1, mapBox.scrollWidth);
    const fy = (mapBox.scrollTop + mapBox.clientHeight / 2) / Math.max(1, mapBox.scrollHeight);
    zoom = Math.min(8, Math.max(1, zoom * factor));
    draw();
    mapBox.scrollLeft = fx * mapBox.scrollWidth - mapBox.clientWidth / 2;
    mapBox.scrollTop = fy * mapBox.scrollHeight - mapBox.clientHeight / 2;
  }

  /* Scroll the map's window so that hex (q, r) is in its middle. */
  function centreOn(hx) {
    if (!hx || !svg) return;
    const c = px(hx[0], hx[1]);
    const vb = svg.viewBox.baseVal;
    const box = svg.getBoundingClientRect();
    mapBox.scrollLeft = (c[0] - vb.x) / vb.width * box.width - mapBox.clientWidth / 2;
    mapBox.scrollTop = (c[1] - vb.y) / vb.height * box.height - mapBox.clientHeight / 2;
  }

  $("ed-zoom-in").addEventListener("click", function () { zoomBy(1.5); });
  $("ed-zoom-out").addEventListener("click", function () { zoomBy(1 / 1.5); });
  $("ed-example").addEventListener("change", function (e) {
    if (e.target.value) load({ example: e.target.value });
    e.target.value = "";  // the same example can be loaded again
  });
  $("ed-file").addEventListener("change", function () {
    const f = $("ed-file").files[0];
    if (!f) return;
    const reader = new FileReader();
    reader.onload = function () { load({ scenario_toml: String(reader.result) }, f.name); $("ed-file").value = ""; };
    reader.readAsText(f);
  });
  $("ed-new").addEventListener("click", function () { if (discardOk()) loaded(blank(), "A new scenario."); });
  $("ed-save").addEventListener("click", save);
  $("ed-undo").addEventListener("click", function () {
    if (!history.length) return;
    data = JSON.parse(history.pop());
    if (selected && !units(selected.kind)[selected.index]) selected = null;
    renderExtra(); renderAll();
    changed(true);
    statusBox.textContent = "Undone.";
  });
  $("ed-play").addEventListener("click", play);
  $("ed-extra").addEventListener("change", function (e) {
    let parsed;
    try { parsed = JSON.parse(e.target.value || "{}"); } catch (err) {
      errorBox.textContent = "Markers and outcomes: not JSON (" + err.message + ")"; return;
    }
    errorBox.textContent = "";
    ["markers", "outcomes"].forEach(function (k) { if (parsed && parsed[k] !== undefined) data[k] = parsed[k]; else delete data[k]; });
    changed();
  });

  window.addEventListener("beforeunload", function (e) {
    if (!dirty) return;
    e.preventDefault();
    e.returnValue = "";
  });

  /* what the panel and victory modules share with this one */
  Object.assign(E, {
    screenOf: screenOf,
    data: function () { return data; },
    types: function () { return types; },
    served: function () { return served; },
    problems: function () { return problems; },
    selected: function () { return selected; },
    select: function (s) { selected = s; },
    units: units, radius: radius, sideNames: sideNames, typeNames: typeNames, cardValues: cardValues,
    changed: changed, problemsOf: problemsOf, setOrDrop: setOrDrop, intOrText: intOrText,
    renderUnitList: renderUnitList, renderAll: renderAll, draw: draw,
    centreOn: centreOn, hexOf: hexOf, KIND_WORD: KIND_WORD, UNIT_KINDS: UNIT_KINDS, errorBox: errorBox,
  });

  (async function () {
    try {
      const [examples, lib, fields] = await Promise.all([A.api("GET", "/api/gunslingers/examples"),
        A.api("GET", "/api/gunslingers/types"), A.api("GET", "/api/gunslingers/scenario/fields")]);
      types = lib;
      served = fields;
      examples.forEach(function (x) { $("ed-example").appendChild(A.el("option", { value: x.name, text: x.title + " (" + x.name + ")" })); });
    } catch (e) { errorBox.textContent = e.message; }
    data = blank();
    current = JSON.stringify(data);
    renderExtra(); renderAll(); fillNewType();
    await check();
    document.body.dataset.ready = "yes";
  })();
})(window.Airwar);
