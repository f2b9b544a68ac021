/* Gunslingers scenario editor: a hex map on which tools place units and terrain, a panel that
   edits the selected unit's fields, the problems of the scenario shown where they are (checked
   by the server as you edit), saving as TOML, loading a file or an example, starting a game. */
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
  const STATES = ["active", "alerted", "shutdown"];
  const QUALITIES = ["veteran", "regular", "novice", "green"];

  const $ = function (id) { return document.getElementById(id); };
  const mapBox = $("ed-map"), errorBox = $("ed-error"), statusBox = $("ed-status");

  let data = null;          // the scenario's content, as its TOML file holds it
  let problems = [];        // the server's last answer: {text, place, path, message}
  let selected = null;      // {kind, index}
  let tool = "select";
  let zoom = 1;
  let types = [];
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
    return Number.isInteger(r) && r >= 1 && r <= 60 ? r : 30;
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
      renderPanel(false);
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
    draw(); renderProblems(); renderPanel(false);
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
      if (!here.length) { selected = null; renderPanel(true); draw(); return; }
      // a second click on a hex with several units selects the next one
      const at = selected ? here.findIndex(function (x) { return x.kind === selected.kind && x.index === selected.index; }) : -1;
      selected = here[(at + 1) % here.length];
      renderPanel(true); renderUnitList(); draw();
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

  function renderHeader() {
    const info = data.scenario && typeof data.scenario === "object" ? data.scenario : {};
    const put = function (id, v) { if (document.activeElement !== $(id)) $(id).value = v === undefined ? "" : String(v); };
    put("ed-name", info.name);
    put("ed-turns", info.turns);
    put("ed-sun", info.sun);
    put("ed-operational", info.operational_scale);
    put("ed-radius", (data.map || {}).radius);
    $("ed-library").checked = info.library === true;
    const box = $("ed-header-problems");
    A.clear(box);
    problems.filter(function (p) {
      return (p.path.length === 0 && !isVictory(p)) || p.path[0] === "scenario" || (p.path[0] === "map" && p.path[1] !== "terrain") ||
        (p.path[0] === "sides" && p.path.length === 1);
    }).forEach(function (p) { box.appendChild(A.el("p", { class: "field-problem", text: p.text })); });
  }

  function headerChanged() {
    if (!data.scenario || typeof data.scenario !== "object") data.scenario = {};
    setOrDrop(data.scenario, "name", $("ed-name").value);
    setOrDrop(data.scenario, "turns", intOrText($("ed-turns").value));
    setOrDrop(data.scenario, "sun", intOrText($("ed-sun").value));
    setOrDrop(data.scenario, "operational_scale", intOrText($("ed-operational").value));
    if ($("ed-library").checked) data.scenario.library = true; else delete data.scenario.library;
    if (!data.map || typeof data.map !== "object") data.map = {};
    setOrDrop(data.map, "radius", intOrText($("ed-radius").value));
    changed();
  }

  function renderSides() { keepFocus(buildSides); }

  function buildSides() {
    const list = $("ed-side-list");
    A.clear(list);
    (Array.isArray(data.sides) ? data.sides : []).forEach(function (s, i) {
      const nameId = "ed-side-name-" + i, trId = "ed-side-training-" + i;
      const mine = problems.filter(function (p) { return p.path[0] === "sides" && p.path[1] === i; });
      const row = A.el("div", { class: "ed-side", "data-side": i }, [
        A.el("label", { for: nameId }, ["Side " + (i + 1), A.el("input", { id: nameId, value: s.name || "", maxlength: 40,
          onchange: function (e) { renameSide(i, e.target.value.trim()); } })]),
        A.el("label", { for: trId }, ["training", A.el("select", { id: trId, onchange: function (e) {
          setOrDrop(s, "training", e.target.value); changed(); } },
        ["", "excellent", "good", "average", "limited", "poor"].map(function (t) {
          return A.el("option", { value: t, selected: (s.training || "") === t, text: t || "(average)" });
        }))]),
        sideExtra(s, i),
        A.el("button", { type: "button", class: "small", onclick: function () { data.sides.splice(i, 1); renderAll(); changed(); },
          text: "Remove side " + (s.name || i + 1) }),
      ]);
      mine.forEach(function (p) { row.appendChild(A.el("p", { class: "field-problem", text: p.text })); });
      list.appendChild(row);
    });
    fillSideSelect($("ed-new-side"), $("ed-new-side").value);
  }

  /* What a side knows as the game starts and its kills (GS-64), as JSON. */
  function sideExtra(s, i) {
    const id = "ed-side-extra-" + i;
    const rest = {};
    Object.keys(s).forEach(function (k) { if (k !== "name" && k !== "training") rest[k] = s[k]; });
    return A.el("label", { for: id }, ["sighted, identified, kills (JSON)",
      A.el("input", { id: id, value: Object.keys(rest).length ? JSON.stringify(rest) : "", placeholder: '{"sighted": ["id"]}',
        onchange: function (e) {
          let parsed;
          try { parsed = e.target.value.trim() ? JSON.parse(e.target.value) : {}; } catch (err) {
            errorBox.textContent = "Side " + (s.name || i + 1) + ": not JSON (" + err.message + ")"; return;
          }
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
            errorBox.textContent = "Side " + (s.name || i + 1) + ": must be a JSON object"; return;
          }
          errorBox.textContent = "";
          Object.keys(s).forEach(function (k) { if (k !== "name" && k !== "training") delete s[k]; });
          Object.keys(parsed).forEach(function (k) { if (k !== "name" && k !== "training") s[k] = parsed[k]; });
          changed();
        } })]);
  }

  function renameSide(i, name) {
    const old = data.sides[i].name;
    data.sides[i].name = name;
    UNIT_KINDS.forEach(function (k) { units(k).forEach(function (u) { if (u.side === old) u.side = name; }); });
    const v = victory();
    ["exits", "targets"].forEach(function (k) {
      if (v && Array.isArray(v[k])) v[k].forEach(function (x) { if (x && x.side === old) x.side = name; });
    });
    renderAll(); changed();
  }

  function fillSideSelect(sel, current) {
    A.clear(sel);
    const names = sideNames();
    if (current && names.indexOf(current) < 0) names.push(current);
    names.forEach(function (n) { sel.appendChild(A.el("option", { value: n, text: n })); });
    if (current) sel.value = current;
  }

  // -- the selected unit's fields -------------------------------------------------------------

  function spec(kind) {
    const R2 = 2 * radius();
    const common = [["id", "Id", "text"], ["name", "Name", "text"], ["side", "Side", "side"], ["type", "Type", "type"],
      ["hex", "Hex (q, r)", "hex"]];
    const more = {
      aircraft: [["heading", "Heading (0-11)", "int", 0, 11], ["altitude", "Altitude", "int", 0, CEILING],
        ["speed", "Speed", "int", 1, R2], ["climb", "Climb", "int", 0, CEILING], ["load", "Load (library)", "load"],
        ["crew", "Crew", "crew"], ["missiles", "Missiles", "missiles"], ["radar", "Radar", "aradar"],
        ["chaff", "Chaff", "int", 0, 2000], ["flares", "Flares", "int", 0, 2000], ["mini_jammers", "Mini jammers", "int", 0, 2000],
        ["djm", "DJM", "int", 0, 20], ["ajm", "AJM", "int", 0, 20], ["arms", "ARMs", "int", 0, 300],
        ["guns", "Guns", "bool"], ["vas", "VAS", "bool"], ["iff", "IFF", "bool"],
        ["status", "Status (comma-separated)", "list"], ["tailing", "Tailing", "ref", "aircraft"],
        ["fuel", "Fuel (turns)", "int", 1, 100]],
      sams: [["guidance", "Guidance", "choice", ["BR", "CG", "CW", "TVM", "OG", "LG", "IR"]],
        ["radar", "Radar state", "choice", STATES], ["ccu", "CCU", "ref", "ccus"], ["eccm", "ECCM", "int", 0, 20],
        ["rails", "Rails", "int", 0, 300], ["expended", "Expended", "int", 0, 300], ["range", "Range", "int", 1, R2],
        ["quick_reaction", "Quick reaction", "bool"], ["auto_reload", "Auto reload", "bool"]],
      infantry_sams: [["guidance", "Guidance", "choice", ["OG", "LG", "IR"]], ["ccu", "CCU", "ref", "ccus"],
        ["rails", "Rails", "int", 0, 300], ["expended", "Expended", "int", 0, 300], ["reloads", "Reloads", "int", 0, 300],
        ["range", "Range", "int", 1, R2]],
      ewrs: [["radar", "Radar state", "choice", STATES], ["eccm", "ECCM", "int", 0, 20], ["range", "Range", "int", 1, R2]],
      ccus: [["radar", "Radar state", "choice", STATES], ["eccm", "ECCM", "int", 0, 20], ["range", "Range", "int", 1, R2],
        ["operative", "Operative", "bool"]],
      aaa: [["fire", "Fire", "choice", ["plotted", "barrage"]], ["range", "Range", "int", 1, R2],
        ["max_altitude", "Max altitude", "int", 0, CEILING], ["out_of_ammo", "Out of ammo", "bool"]],
      ground_units: [["camouflaged", "Camouflaged", "bool"], ["fac", "FAC", "bool"], ["move", "Move", "int", 0, R2],
        ["sighting_range", "Sighting range", "int", 1, R2]],
    }[kind];
    return common.concat(more);
  }

  function fieldId(key) { return "ed-f-" + key; }

  function input(f, u, kind) {
    const key = f[0], widget = f[2], id = fieldId(key), v = u[key];
    const card = cardValues(u.type) || {};
    const fromType = card[key] !== undefined && typeof card[key] !== "object" ? "type: " + card[key] : null;
    const set = function (value) { setOrDrop(u, key, value); if (key === "id" || key === "side") renderUnitList(); changed(); };
    if (widget === "text") return A.el("input", { id: id, value: typeof v === "string" ? v : (v === undefined ? "" : JSON.stringify(v)),
      maxlength: 200, onchange: function (e) { set(e.target.value.trim()); } });
    if (widget === "int") return A.el("input", { id: id, type: "number", min: f[3], max: f[4], step: 1,
      placeholder: fromType, value: v === undefined ? "" : String(v), onchange: function (e) { set(intOrText(e.target.value)); } });
    if (widget === "load") {
      const loads = (card.loads || []).slice();
      if (typeof v === "string" && v && loads.indexOf(v) < 0) loads.unshift(v);
      return A.el("select", { id: id, onchange: function (e) { set(e.target.value); } },
        [A.el("option", { value: "", text: card.load ? "(the type's load: " + card.load + ")" : "(the type's load)" })]
          .concat(loads.map(function (n) { return A.el("option", { value: n, text: n, selected: n === v }); })));
    }
    if (widget === "hex") return A.el("input", { id: id, value: Array.isArray(v) ? v.join(", ") : (v === undefined ? "" : String(v)),
      onchange: function (e) {
        const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(e.target.value);
        set(m ? [Number(m[1]), Number(m[2])] : e.target.value.trim());
      } });
    if (widget === "side") { const s = A.el("select", { id: id, onchange: function (e) { set(e.target.value); } }); fillSideSelect(s, v); return s; }
    if (widget === "bool") return A.el("select", { id: id, onchange: function (e) {
      set(e.target.value === "" ? undefined : e.target.value === "yes"); } },
    [["", fromType ? "(" + fromType.replace("true", "yes").replace("false", "no") + ")" : "(from type or default)"],
      ["yes", "yes"], ["no", "no"]].map(function (o) {
      return A.el("option", { value: o[0], text: o[1], selected: (v === true ? "yes" : v === false ? "no" : "") === o[0] });
    }));
    if (widget === "choice" || widget === "type" || widget === "ref") {
      let names = widget === "choice" ? f[3] : widget === "type" ? typeNames(kind) :
        units(f[3]).map(function (x) { return x.id; }).filter(function (x) { return x && x !== u.id; });
      names = names.slice();
      if (typeof v === "string" && v && names.indexOf(v) < 0) names.unshift(v);
      const blank = widget === "type" || widget === "ref" ? "(none)" : fromType ? "(" + fromType + ")" : "(from type or default)";
      return A.el("select", { id: id, onchange: function (e) { set(e.target.value); } },
        [A.el("option", { value: "", text: blank })].concat(names.map(function (n) {
          return A.el("option", { value: n, text: n, selected: n === v });
        })));
    }
    if (widget === "list") return A.el("input", { id: id, value: Array.isArray(v) ? v.join(", ") : (v === undefined ? "" : String(v)),
      onchange: function (e) {
        const items = e.target.value.split(",").map(function (x) { return x.trim(); }).filter(Boolean);
        set(items.length ? items : undefined);
      } });
    if (widget === "aradar") {
      const mode = v === false ? "none" : (v && typeof v === "object") ? "own" : "";
      const sel = A.el("select", { id: id, onchange: function (e) {
        const m = e.target.value;
        set(m === "" ? undefined : m === "none" ? false : (v && typeof v === "object" ? v : { kind: "regular" }));
        renderPanel(false);
      } }, [["", card.radar ? "(the type's radar: " + card.radar + ")" : "(the type's radar)"], ["none", "no radar (radar = false)"],
        ["own", "values set here"]].map(function (o) {
        return A.el("option", { value: o[0], text: o[1], selected: o[0] === mode });
      }));
      if (mode !== "own") return sel;
      const kindSel = A.el("select", { id: id + "-kind", "aria-label": "radar kind", onchange: function (e) { v.kind = e.target.value; changed(); } },
        ["regular", "mtt", "tws", "limited_tws"].map(function (k) { return A.el("option", { value: k, text: k, selected: v.kind === k }); }));
      const rest = {};
      Object.keys(v).forEach(function (k) { if (k !== "kind") rest[k] = v[k]; });
      const more = A.el("input", { id: id + "-more", "aria-label": "the radar's other values (JSON), the rest from the type",
        placeholder: '{"eccm": 2, "range": 12}', value: Object.keys(rest).length ? JSON.stringify(rest) : "",
        onchange: function (e) {
          let parsed;
          try { parsed = e.target.value.trim() ? JSON.parse(e.target.value) : {}; } catch (err) {
            errorBox.textContent = "Radar: not JSON (" + err.message + ")"; return;
          }
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) { errorBox.textContent = "Radar: must be a JSON object"; return; }
          errorBox.textContent = "";
          Object.keys(v).forEach(function (k) { if (k !== "kind") delete v[k]; });
          Object.keys(parsed).forEach(function (k) { if (k !== "kind") v[k] = parsed[k]; });
          changed();
        } });
      return A.el("span", { class: "ed-inline" }, [sel, kindSel, more]);
    }
    if (widget === "crew") return crewEditor(u, id);
    if (widget === "missiles") return missileEditor(u, id);
    return A.el("span", { text: JSON.stringify(v) });
  }

  function crewEditor(u, id) {
    const crew = Array.isArray(u.crew) ? u.crew : null;
    const box = A.el("div", { class: "ed-rows", id: id, role: "group", "aria-label": "crew" });
    (crew || []).forEach(function (m, i) {
      box.appendChild(A.el("div", { class: "ed-row" }, [
        A.el("select", { id: id + "-" + i + "-quality", "aria-label": "crew member " + (i + 1) + " quality", onchange: function (e) { m.quality = e.target.value; changed(); } },
          QUALITIES.map(function (q) { return A.el("option", { value: q, text: q, selected: (m.quality || "regular") === q }); })),
        A.el("input", { id: id + "-" + i + "-attributes", "aria-label": "crew member " + (i + 1) + " attributes (comma-separated)",
          placeholder: "attributes",
          value: (m.attributes || []).join(", "), onchange: function (e) {
            const items = e.target.value.split(",").map(function (x) { return x.trim(); }).filter(Boolean);
            setOrDrop(m, "attributes", items.length ? items : undefined); changed();
          } }),
        A.el("button", { type: "button", class: "small", text: "Remove", "aria-label": "remove crew member " + (i + 1),
          onclick: function () { crew.splice(i, 1); if (!crew.length) delete u.crew; renderPanel(false); changed(); } }),
      ]));
    });
    box.appendChild(A.el("button", { type: "button", class: "small", text: crew ? "Add a crew member" : "Set the crew (else the type's)",
      onclick: function () { if (!Array.isArray(u.crew)) u.crew = []; u.crew.push({ quality: "regular" }); renderPanel(false); changed(); } }));
    return box;
  }

  function missileEditor(u, id) {
    const list = Array.isArray(u.missiles) ? u.missiles : null;
    const box = A.el("div", { class: "ed-rows", id: id, role: "group", "aria-label": "missiles" });
    const names = types.filter(function (t) { return t.kind === "weapons" && t.role === "aam"; }).map(function (t) { return t.name; });
    (list || []).forEach(function (m, i) {
      const opts = names.slice();
      if (m.type && opts.indexOf(m.type) < 0) opts.unshift(m.type);
      box.appendChild(A.el("div", { class: "ed-row" }, [
        A.el("select", { id: id + "-" + i + "-type", "aria-label": "missile " + (i + 1) + " type", onchange: function (e) { m.type = e.target.value; changed(); } },
          opts.map(function (n) { return A.el("option", { value: n, text: n, selected: n === m.type }); })),
        A.el("input", { id: id + "-" + i + "-count", type: "number", min: 0, max: 300, "aria-label": "missile " + (i + 1) + " count", value: m.count === undefined ? "" : String(m.count),
          onchange: function (e) { setOrDrop(m, "count", intOrText(e.target.value)); changed(); } }),
        A.el("button", { type: "button", class: "small", text: "Remove", "aria-label": "remove missile " + (i + 1),
          onclick: function () { list.splice(i, 1); renderPanel(false); changed(); } }),
      ]));
    });
    box.appendChild(A.el("button", { type: "button", class: "small", text: list ? "Add a missile load" : "Set the missiles (else the load's)",
      onclick: function () { if (!Array.isArray(u.missiles)) u.missiles = []; u.missiles.push({ type: names[0] || "AIM-9", count: 2 }); renderPanel(false); changed(); } }));
    if (list) box.appendChild(A.el("button", { type: "button", class: "small", text: "No missiles (missiles = [])",
      onclick: function () { u.missiles = []; renderPanel(false); changed(); } }));
    return box;
  }

  /* Run `render`, then put the focus (and any text typed but not yet taken) back. */
  function keepFocus(render) {
    const a = document.activeElement;
    const id = a && a.id, typed = a && a.tagName === "INPUT" ? a.value : null;
    render();
    const b = id ? $(id) : null;
    if (b && b !== a) {
      if (typed !== null && b.tagName === "INPUT") b.value = typed;
      b.focus({ preventScroll: true });
    }
  }

  function renderPanel(focusFirst) { keepFocus(function () { buildPanel(focusFirst); }); }

  function buildPanel(focusFirst) {
    const body = $("ed-unit-body");
    A.clear(body);
    if (!selected || !units(selected.kind)[selected.index]) {
      selected = null;
      $("ed-unit-title").textContent = "Selected unit";
      body.appendChild(A.el("p", { class: "hint", text: "Nothing selected: choose the Select tool and click a unit." }));
      return;
    }
    const kind = selected.kind, index = selected.index, u = units(kind)[index];
    $("ed-unit-title").textContent = KIND_WORD[kind] + " " + (u.id || "");
    const mine = problemsOf(kind, index);
    const fields = spec(kind);
    const known = new Set(fields.map(function (f) { return f[0]; }));
    const form = A.el("div", { class: "ed-fields", "data-kind": kind, "data-index": index });
    fields.forEach(function (f) {
      const here = mine.filter(function (p) { return p.path[2] === f[0]; });
      const control = input(f, u, kind);
      const pid = fieldId(f[0]) + "-problem";
      if (here.length) {
        const target = control.matches("input, select") ? control : control.querySelector("input, select");
        if (target) { target.setAttribute("aria-invalid", "true"); target.setAttribute("aria-describedby", pid); }
      }
      form.appendChild(A.el("div", { class: "ed-field" + (here.length ? " invalid" : "") }, [
        A.el("label", { for: control.matches("input, select") ? control.id : null, text: f[1] }), control,
        here.length ? A.el("p", { class: "field-problem", id: pid, "data-field": f[0],
          text: here.map(function (p) { return p.message; }).join("; ") }) : null,
      ]));
    });
    const rest = {};
    Object.keys(u).forEach(function (k) { if (!known.has(k)) rest[k] = u[k]; });
    const restProblems = mine.filter(function (p) { return !known.has(p.path[2]); });
    const restId = "ed-f-other";
    form.appendChild(A.el("div", { class: "ed-field" }, [
      A.el("label", { for: restId, text: "Other fields (JSON)" }),
      A.el("textarea", { id: restId, rows: 3, spellcheck: "false", onchange: function (e) {
        let parsed;
        try { parsed = e.target.value.trim() ? JSON.parse(e.target.value) : {}; } catch (err) {
          errorBox.textContent = "Other fields: not JSON (" + err.message + ")"; return;
        }
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) { errorBox.textContent = "Other fields: must be a JSON object"; return; }
        errorBox.textContent = "";
        Object.keys(u).forEach(function (k) { if (!known.has(k)) delete u[k]; });
        Object.assign(u, parsed);
        changed();
      } }, [Object.keys(rest).length ? JSON.stringify(rest) : ""]),
      restProblems.length ? A.el("p", { class: "field-problem", text: restProblems.map(function (p) { return p.text; }).join("; ") }) : null,
    ]));
    form.appendChild(A.el("button", { type: "button", id: "ed-delete", text: "Delete this unit", onclick: function () {
      data[kind].splice(index, 1); selected = null; renderAll(); changed();
    } }));
    body.appendChild(form);
    if (focusFirst) { const first = form.querySelector("input, select"); if (first) first.focus({ preventScroll: true }); }
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
              selected = { kind: kind, index: i }; renderPanel(true); renderUnitList(); draw(); centreOn(u && hexOf(u));
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
          onclick: function () { selected = { kind: p.path[0], index: p.path[1] }; renderPanel(true); renderUnitList(); draw(); } }) : null,
        " " + (p.words || p.text),
      ]));
    });
    if (!problems.length) list.appendChild(A.el("li", { class: "hint", text: "None." }));
    renderHeader(); renderSides(); renderVictory(); renderUnitList();
  }

  // -- victory (GS-85): the thresholds, points by unit, type or role, targets and exits ------

  const EDGES = ["any", "east", "west", "northeast", "northwest", "southeast", "southwest"];
  const ROLES = ["aircraft", "sam", "infantry", "aaa", "ewr", "ccu", "ground", "default"];

  /* a problem of [victory]: by its path, or its words when a key (a type's name) breaks the path */
  function isVictory(p) { return p.path[0] === "victory" || /^victory[.[]/.test(p.text); }

  function victory() { return data.victory && typeof data.victory === "object" ? data.victory : null; }

  function groundIds() {
    const ids = [];
    UNIT_KINDS.forEach(function (k) {
      if (k !== "aircraft") units(k).forEach(function (u) { if (u && u.id) ids.push(u.id); });
    });
    return ids;
  }

  function hexText(h) { return Array.isArray(h) ? h.join(", ") : ""; }
  function hexFrom(text) {
    const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
    return m ? [Number(m[1]), Number(m[2])] : undefined;
  }

  /* "EF-111A = 8, sam = 4" <-> { "EF-111A": 8, sam: 4 } */
  function killsText(k) {
    return k && typeof k === "object" ? Object.keys(k).map(function (x) { return x + " = " + k[x]; }).join(", ") : "";
  }
  function killsFrom(text) {
    const out = {};
    String(text).split(",").forEach(function (part) {
      const kv = part.split("=");
      if (kv.length === 2 && kv[0].trim()) out[kv[0].trim()] = intOrText(kv[1]);
    });
    return out;
  }

  function numberInput(id, value, onchange, min) {
    return A.el("input", { type: "number", id: id, min: min === undefined ? "0" : String(min),
      value: value === undefined ? "" : String(value), onchange: onchange });
  }

  function renderVictory() { keepFocus(buildVictory); }

  function buildVictory() {
    const v = victory();
    $("ed-vic-own").checked = !!v;
    const body = $("ed-vic-body");
    A.clear(body);
    const box = $("ed-vic-problems");
    A.clear(box);
    problems.filter(isVictory).forEach(function (p) {
      box.appendChild(A.el("p", { class: "field-problem", text: p.text }));
    });
    if (!v) return;
    const set = function (key, value) { setOrDrop(v, key, value); changed(); };
    body.appendChild(A.el("label", { for: "ed-vic-marginal" }, ["Lead for a marginal win (points)",
      numberInput("ed-vic-marginal", v.marginal, function (e) { set("marginal", intOrText(e.target.value)); }, 1)]));
    body.appendChild(A.el("label", { for: "ed-vic-decisive" }, ["Lead for a decisive win (blank: a third of the points at stake, GS-87)",
      numberInput("ed-vic-decisive", v.decisive, function (e) { set("decisive", intOrText(e.target.value)); }, 1)]));
    body.appendChild(A.el("label", { for: "ed-vic-ground" }, ["Every enemy ground unit scores too (else only the targets)",
      A.el("input", { type: "checkbox", id: "ed-vic-ground", checked: v.ground !== false,
        onchange: function (e) { if (e.target.checked) delete v.ground; else v.ground = false; changed(); } })]));
    body.appendChild(A.el("label", { for: "ed-vic-kills" }, ["Points of a unit destroyed, by id, type or role (" +
      ROLES.join(", ") + "); blank: its type's library points",
      A.el("input", { id: "ed-vic-kills", value: killsText(v.kills), placeholder: "EF-111A = 8, sam = 4",
        onchange: function (e) { const k = killsFrom(e.target.value); set("kills", Object.keys(k).length ? k : undefined); } })]));

    const targets = Array.isArray(v.targets) ? v.targets : [];
    body.appendChild(A.el("h3", { text: "Ground targets" }));
    const ids = groundIds();
    targets.forEach(function (t, i) {
      const pre = "ed-vic-target-" + i + "-";
      body.appendChild(A.el("div", { class: "ed-side", "data-target": i }, [
        A.el("label", { for: pre + "unit" }, ["unit", A.el("select", { id: pre + "unit",
          onchange: function (e) { t.unit = e.target.value; changed(); } },
        (ids.indexOf(t.unit) >= 0 ? ids : [t.unit].concat(ids)).map(function (u) {
          return A.el("option", { value: u, selected: u === t.unit, text: u }); }))]),
        A.el("label", { for: pre + "destroyed" }, ["destroyed",
          numberInput(pre + "destroyed", t.destroyed, function (e) { setOrDrop(t, "destroyed", intOrText(e.target.value)); changed(); })]),
        A.el("label", { for: pre + "suppressed" }, ["suppressed",
          numberInput(pre + "suppressed", t.suppressed, function (e) { setOrDrop(t, "suppressed", intOrText(e.target.value)); changed(); })]),
        A.el("button", { type: "button", class: "small", text: "Remove target " + t.unit,
          onclick: function () { targets.splice(i, 1); if (!targets.length) delete v.targets; renderVictory(); changed(); } }),
      ]));
    });
    body.appendChild(A.el("button", { type: "button", id: "ed-vic-add-target", text: "Add a target", disabled: !ids.length,
      onclick: function () {
        if (!Array.isArray(v.targets)) v.targets = [];
        v.targets.push({ unit: ids[0], destroyed: 5 }); renderVictory(); changed();
      } }));

    const exits = Array.isArray(v.exits) ? v.exits : [];
    body.appendChild(A.el("h3", { text: "Exits and objectives" }));
    exits.forEach(function (x, i) {
      const pre = "ed-vic-exit-" + i + "-";
      const where = x.zone ? "zone" : x.hex ? "hex" : "edge";
      const row = A.el("div", { class: "ed-side", "data-exit": i }, [
        A.el("label", { for: pre + "name" }, ["name", A.el("input", { id: pre + "name", value: x.name || "", maxlength: 80,
          onchange: function (e) { setOrDrop(x, "name", e.target.value.trim()); changed(); } })]),
        A.el("label", { for: pre + "side" }, ["side", A.el("select", { id: pre + "side",
          onchange: function (e) { x.side = e.target.value; changed(); } },
        sideNames().map(function (n) { return A.el("option", { value: n, selected: n === x.side, text: n }); }))]),
        A.el("label", { for: pre + "points" }, ["points each",
          numberInput(pre + "points", x.points, function (e) { x.points = intOrText(e.target.value); changed(); })]),
        A.el("label", { for: pre + "how" }, ["counts when it", A.el("select", { id: pre + "how",
          onchange: function (e) { if (e.target.value === "exit") delete x.how; else x.how = "reach"; changed(); } },
        [["exit", "leaves the map by"], ["reach", "ends a move in"]].map(function (o) {
          return A.el("option", { value: o[0], selected: (x.how || "exit") === o[0], text: o[1] }); }))]),
        A.el("label", { for: pre + "where" }, ["place", A.el("select", { id: pre + "where",
          onchange: function (e) {
            delete x.edge; delete x.hex; delete x.zone;
            if (e.target.value === "edge") x.edge = "any";
            else if (e.target.value === "hex") x.hex = [0, 0];
            else x.zone = { hex: [0, 0], radius: 2 };
            renderVictory(); changed();
          } },
        ["edge", "hex", "zone"].map(function (o) { return A.el("option", { value: o, selected: o === where, text: o }); }))]),
      ]);
      if (where === "edge") {
        row.appendChild(A.el("label", { for: pre + "edge" }, ["edge", A.el("select", { id: pre + "edge",
          onchange: function (e) { x.edge = e.target.value; changed(); } },
        EDGES.map(function (o) { return A.el("option", { value: o, selected: o === x.edge, text: o }); }))]));
      } else {
        const h = where === "hex" ? x.hex : (x.zone || {}).hex;
        row.appendChild(A.el("label", { for: pre + "hex" }, ["hex (q, r)", A.el("input", { id: pre + "hex", value: hexText(h),
          size: "8", onchange: function (e) {
            const got = hexFrom(e.target.value);
            if (!got) { errorBox.textContent = "A hex is written q, r (like 3, -2)"; return; }
            errorBox.textContent = "";
            if (where === "hex") x.hex = got; else x.zone.hex = got;
            changed();
          } })]));
        if (where === "zone") {
          row.appendChild(A.el("label", { for: pre + "radius" }, ["radius",
            numberInput(pre + "radius", x.zone.radius, function (e) { setOrDrop(x.zone, "radius", intOrText(e.target.value)); changed(); })]));
        }
      }
      row.appendChild(A.el("label", { for: pre + "after" }, ["only after a ground attack (bombs on target and home)",
        A.el("input", { type: "checkbox", id: pre + "after", checked: x.after_attack === true,
          onchange: function (e) { if (e.target.checked) x.after_attack = true; else delete x.after_attack; changed(); } })]));
      row.appendChild(A.el("button", { type: "button", class: "small", text: "Remove " + (x.name || "exit " + (i + 1)),
        onclick: function () { exits.splice(i, 1); if (!exits.length) delete v.exits; renderVictory(); changed(); } }));
      body.appendChild(row);
    });
    body.appendChild(A.el("button", { type: "button", id: "ed-vic-add-exit", text: "Add an exit or objective",
      disabled: !sideNames().length,
      onclick: function () {
        if (!Array.isArray(v.exits)) v.exits = [];
        v.exits.push({ name: "home", side: sideNames()[0], edge: "any", points: 2 }); renderVictory(); changed();
      } }));
  }

  function renderExtra() {
    const extra = {};
    if (data.markers !== undefined) extra.markers = data.markers;
    if (data.outcomes !== undefined) extra.outcomes = data.outcomes;
    $("ed-extra").value = JSON.stringify(extra, null, 1);
  }

  function renderAll() { renderHeader(); renderSides(); renderVictory(); renderPanel(false); renderUnitList(); renderProblems(); draw(); }

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
  ["ed-name", "ed-turns", "ed-sun", "ed-operational", "ed-radius", "ed-library"].forEach(function (id) { $(id).addEventListener("change", headerChanged); });
  $("ed-vic-own").addEventListener("change", function (e) {
    if (e.target.checked) data.victory = { marginal: 1 }; else delete data.victory;
    renderVictory(); changed();
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

  A.gsEditor = {
    screenOf: screenOf,
    data: function () { return data; },
  };

  (async function () {
    try {
      const [examples, lib] = await Promise.all([A.api("GET", "/api/gunslingers/examples"), A.api("GET", "/api/gunslingers/types")]);
      types = lib;
      examples.forEach(function (x) { $("ed-example").appendChild(A.el("option", { value: x.name, text: x.title + " (" + x.name + ")" })); });
    } catch (e) { errorBox.textContent = e.message; }
    data = blank();
    current = JSON.stringify(data);
    renderExtra(); renderAll(); fillNewType();
    await check();
    document.body.dataset.ready = "yes";
  })();
})(window.Airwar);
