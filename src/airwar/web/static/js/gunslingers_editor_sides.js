/* Gunslingers scenario editor: the scenario's header (name, turns, sun, map radius, the
   library) and its sides (names, training, what each knows as the game starts). The editor
   page loads it before gunslingers_editor.js, which holds the scenario (Airwar.gsEditor). */
"use strict";
(function (A) {
  const E = A.gsEditor = A.gsEditor || {};
  const $ = function (id) { return document.getElementById(id); };

  function renderHeader() {
    const info = E.data().scenario && typeof E.data().scenario === "object" ? E.data().scenario : {};
    const put = function (id, v) { if (document.activeElement !== $(id)) $(id).value = v === undefined ? "" : String(v); };
    put("ed-name", info.name);
    put("ed-turns", info.turns);
    put("ed-sun", info.sun);
    put("ed-operational", info.operational_scale);
    put("ed-radius", (E.data().map || {}).radius);
    $("ed-library").checked = info.library === true;
    const box = $("ed-header-problems");
    A.clear(box);
    E.problems().filter(function (p) {
      return (p.path.length === 0 && !E.isVictory(p)) || p.path[0] === "scenario" || (p.path[0] === "map" && p.path[1] !== "terrain") ||
        (p.path[0] === "sides" && p.path.length === 1);
    }).forEach(function (p) { box.appendChild(A.el("p", { class: "field-problem", text: p.text })); });
  }

  function headerChanged() {
    if (!E.data().scenario || typeof E.data().scenario !== "object") E.data().scenario = {};
    E.setOrDrop(E.data().scenario, "name", $("ed-name").value);
    E.setOrDrop(E.data().scenario, "turns", E.intOrText($("ed-turns").value));
    E.setOrDrop(E.data().scenario, "sun", E.intOrText($("ed-sun").value));
    E.setOrDrop(E.data().scenario, "operational_scale", E.intOrText($("ed-operational").value));
    if ($("ed-library").checked) E.data().scenario.library = true; else delete E.data().scenario.library;
    if (!E.data().map || typeof E.data().map !== "object") E.data().map = {};
    E.setOrDrop(E.data().map, "radius", E.intOrText($("ed-radius").value));
    E.changed();
  }

  function renderSides() { E.keepFocus(buildSides); }

  function buildSides() {
    const list = $("ed-side-list");
    A.clear(list);
    (Array.isArray(E.data().sides) ? E.data().sides : []).forEach(function (s, i) {
      const nameId = "ed-side-name-" + i, trId = "ed-side-training-" + i;
      const mine = E.problems().filter(function (p) { return p.path[0] === "sides" && p.path[1] === i; });
      const row = A.el("div", { class: "ed-side", "data-side": i }, [
        A.el("label", { for: nameId }, ["Side " + (i + 1), A.el("input", { id: nameId, value: s.name || "", maxlength: 40,
          onchange: function (e) { renameSide(i, e.target.value.trim()); } })]),
        A.el("label", { for: trId }, ["training", A.el("select", { id: trId, onchange: function (e) {
          E.setOrDrop(s, "training", e.target.value); E.changed(); } },
        ["", "excellent", "good", "average", "limited", "poor"].map(function (t) {
          return A.el("option", { value: t, selected: (s.training || "") === t, text: t || "(average)" });
        }))]),
        sideExtra(s, i),
        A.el("button", { type: "button", class: "small", onclick: function () { E.data().sides.splice(i, 1); E.renderAll(); E.changed(); },
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
            E.errorBox.textContent = "Side " + (s.name || i + 1) + ": not JSON (" + err.message + ")"; return;
          }
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
            E.errorBox.textContent = "Side " + (s.name || i + 1) + ": must be a JSON object"; return;
          }
          E.errorBox.textContent = "";
          Object.keys(s).forEach(function (k) { if (k !== "name" && k !== "training") delete s[k]; });
          Object.keys(parsed).forEach(function (k) { if (k !== "name" && k !== "training") s[k] = parsed[k]; });
          E.changed();
        } })]);
  }

  function renameSide(i, name) {
    const old = E.data().sides[i].name;
    E.data().sides[i].name = name;
    E.UNIT_KINDS.forEach(function (k) { E.units(k).forEach(function (u) { if (u.side === old) u.side = name; }); });
    const v = E.victory();
    ["exits", "targets"].forEach(function (k) {
      if (v && Array.isArray(v[k])) v[k].forEach(function (x) { if (x && x.side === old) x.side = name; });
    });
    E.renderAll(); E.changed();
  }

  function fillSideSelect(sel, current) {
    A.clear(sel);
    const names = E.sideNames();
    if (current && names.indexOf(current) < 0) names.push(current);
    names.forEach(function (n) { sel.appendChild(A.el("option", { value: n, text: n })); });
    if (current) sel.value = current;
  }

  Object.assign(E, { renderHeader: renderHeader, headerChanged: headerChanged, renderSides: renderSides,
    fillSideSelect: fillSideSelect });
})(window.Airwar);
