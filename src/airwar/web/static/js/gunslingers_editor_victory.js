/* Gunslingers scenario editor: the victory section (GS-85), its thresholds, points by unit,
   type or role, targets and exits. The editor page loads it before gunslingers_editor.js,
   which holds the scenario (Airwar.gsEditor). */
"use strict";
(function (A) {
  const E = A.gsEditor = A.gsEditor || {};
  const $ = function (id) { return document.getElementById(id); };

  // -- victory (GS-85): the thresholds, points by unit, type or role, targets and exits ------

  const EDGES = ["any", "east", "west", "northeast", "northwest", "southeast", "southwest"];
  const ROLES = ["aircraft", "sam", "infantry", "aaa", "ewr", "ccu", "ground", "default"];

  /* a problem of [victory]: by its path, or its words when a key (a type's name) breaks the path */
  function isVictory(p) { return p.path[0] === "victory" || /^victory[.[]/.test(p.text); }

  function victory() { return E.data().victory && typeof E.data().victory === "object" ? E.data().victory : null; }

  function groundIds() {
    const ids = [];
    E.UNIT_KINDS.forEach(function (k) {
      if (k !== "aircraft") E.units(k).forEach(function (u) { if (u && u.id) ids.push(u.id); });
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
      if (kv.length === 2 && kv[0].trim()) out[kv[0].trim()] = E.intOrText(kv[1]);
    });
    return out;
  }

  function numberInput(id, value, onchange, min) {
    return A.el("input", { type: "number", id: id, min: min === undefined ? "0" : String(min),
      value: value === undefined ? "" : String(value), onchange: onchange });
  }

  function renderVictory() { E.keepFocus(buildVictory); }

  function buildVictory() {
    const v = victory();
    $("ed-vic-own").checked = !!v;
    const body = $("ed-vic-body");
    A.clear(body);
    const box = $("ed-vic-problems");
    A.clear(box);
    E.problems().filter(isVictory).forEach(function (p) {
      box.appendChild(A.el("p", { class: "field-problem", text: p.text }));
    });
    if (!v) return;
    const set = function (key, value) { E.setOrDrop(v, key, value); E.changed(); };
    body.appendChild(A.el("label", { for: "ed-vic-marginal" }, ["Lead for a marginal win (points)",
      numberInput("ed-vic-marginal", v.marginal, function (e) { set("marginal", E.intOrText(e.target.value)); }, 1)]));
    body.appendChild(A.el("label", { for: "ed-vic-decisive" }, ["Lead for a decisive win (blank: a third of the points at stake, GS-87)",
      numberInput("ed-vic-decisive", v.decisive, function (e) { set("decisive", E.intOrText(e.target.value)); }, 1)]));
    body.appendChild(A.el("label", { for: "ed-vic-ground" }, ["Every enemy ground unit scores too (else only the targets)",
      A.el("input", { type: "checkbox", id: "ed-vic-ground", checked: v.ground !== false,
        onchange: function (e) { if (e.target.checked) delete v.ground; else v.ground = false; E.changed(); } })]));
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
          onchange: function (e) { t.unit = e.target.value; E.changed(); } },
        (ids.indexOf(t.unit) >= 0 ? ids : [t.unit].concat(ids)).map(function (u) {
          return A.el("option", { value: u, selected: u === t.unit, text: u }); }))]),
        A.el("label", { for: pre + "destroyed" }, ["destroyed",
          numberInput(pre + "destroyed", t.destroyed, function (e) { E.setOrDrop(t, "destroyed", E.intOrText(e.target.value)); E.changed(); })]),
        A.el("label", { for: pre + "suppressed" }, ["suppressed",
          numberInput(pre + "suppressed", t.suppressed, function (e) { E.setOrDrop(t, "suppressed", E.intOrText(e.target.value)); E.changed(); })]),
        A.el("button", { type: "button", class: "small", text: "Remove target " + t.unit,
          onclick: function () { targets.splice(i, 1); if (!targets.length) delete v.targets; renderVictory(); E.changed(); } }),
      ]));
    });
    body.appendChild(A.el("button", { type: "button", id: "ed-vic-add-target", text: "Add a target", disabled: !ids.length,
      onclick: function () {
        if (!Array.isArray(v.targets)) v.targets = [];
        v.targets.push({ unit: ids[0], destroyed: 5 }); renderVictory(); E.changed();
      } }));

    const exits = Array.isArray(v.exits) ? v.exits : [];
    body.appendChild(A.el("h3", { text: "Exits and objectives" }));
    exits.forEach(function (x, i) {
      const pre = "ed-vic-exit-" + i + "-";
      const where = x.zone ? "zone" : x.hex ? "hex" : "edge";
      const row = A.el("div", { class: "ed-side", "data-exit": i }, [
        A.el("label", { for: pre + "name" }, ["name", A.el("input", { id: pre + "name", value: x.name || "", maxlength: 80,
          onchange: function (e) { E.setOrDrop(x, "name", e.target.value.trim()); E.changed(); } })]),
        A.el("label", { for: pre + "side" }, ["side", A.el("select", { id: pre + "side",
          onchange: function (e) { x.side = e.target.value; E.changed(); } },
        E.sideNames().map(function (n) { return A.el("option", { value: n, selected: n === x.side, text: n }); }))]),
        A.el("label", { for: pre + "points" }, ["points each",
          numberInput(pre + "points", x.points, function (e) { x.points = E.intOrText(e.target.value); E.changed(); })]),
        A.el("label", { for: pre + "how" }, ["counts when it", A.el("select", { id: pre + "how",
          onchange: function (e) { if (e.target.value === "exit") delete x.how; else x.how = "reach"; E.changed(); } },
        [["exit", "leaves the map by"], ["reach", "ends a move in"]].map(function (o) {
          return A.el("option", { value: o[0], selected: (x.how || "exit") === o[0], text: o[1] }); }))]),
        A.el("label", { for: pre + "where" }, ["place", A.el("select", { id: pre + "where",
          onchange: function (e) {
            delete x.edge; delete x.hex; delete x.zone;
            if (e.target.value === "edge") x.edge = "any";
            else if (e.target.value === "hex") x.hex = [0, 0];
            else x.zone = { hex: [0, 0], radius: 2 };
            renderVictory(); E.changed();
          } },
        ["edge", "hex", "zone"].map(function (o) { return A.el("option", { value: o, selected: o === where, text: o }); }))]),
      ]);
      if (where === "edge") {
        row.appendChild(A.el("label", { for: pre + "edge" }, ["edge", A.el("select", { id: pre + "edge",
          onchange: function (e) { x.edge = e.target.value; E.changed(); } },
        EDGES.map(function (o) { return A.el("option", { value: o, selected: o === x.edge, text: o }); }))]));
      } else {
        const h = where === "hex" ? x.hex : (x.zone || {}).hex;
        row.appendChild(A.el("label", { for: pre + "hex" }, ["hex (q, r)", A.el("input", { id: pre + "hex", value: hexText(h),
          size: "8", onchange: function (e) {
            const got = hexFrom(e.target.value);
            if (!got) { E.errorBox.textContent = "A hex is written q, r (like 3, -2)"; return; }
            E.errorBox.textContent = "";
            if (where === "hex") x.hex = got; else x.zone.hex = got;
            E.changed();
          } })]));
        if (where === "zone") {
          row.appendChild(A.el("label", { for: pre + "radius" }, ["radius",
            numberInput(pre + "radius", x.zone.radius, function (e) { E.setOrDrop(x.zone, "radius", E.intOrText(e.target.value)); E.changed(); })]));
        }
      }
      row.appendChild(A.el("label", { for: pre + "after" }, ["only after a ground attack (bombs on target and home)",
        A.el("input", { type: "checkbox", id: pre + "after", checked: x.after_attack === true,
          onchange: function (e) { if (e.target.checked) x.after_attack = true; else delete x.after_attack; E.changed(); } })]));
      row.appendChild(A.el("button", { type: "button", class: "small", text: "Remove " + (x.name || "exit " + (i + 1)),
        onclick: function () { exits.splice(i, 1); if (!exits.length) delete v.exits; renderVictory(); E.changed(); } }));
      body.appendChild(row);
    });
    body.appendChild(A.el("button", { type: "button", id: "ed-vic-add-exit", text: "Add an exit or objective",
      disabled: !E.sideNames().length,
      onclick: function () {
        if (!Array.isArray(v.exits)) v.exits = [];
        v.exits.push({ name: "home", side: E.sideNames()[0], edge: "any", points: 2 }); renderVictory(); E.changed();
      } }));
  }

  E.renderVictory = renderVictory;
  E.victory = victory;
  E.isVictory = isVictory;
})(window.Airwar);
