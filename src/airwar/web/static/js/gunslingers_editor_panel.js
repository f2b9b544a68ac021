/* Gunslingers scenario editor: the selected unit's panel, a form of its fields (the server
   says which, with their bounds and choices: gunslingers_editor_fields.js), its crew and
   missiles, and the fields the form does not show as JSON. The editor page loads it after
   gunslingers_editor_fields.js and before gunslingers_editor.js, which holds the scenario
   (Airwar.gsEditor: the content, the selection, checking as you edit). */
"use strict";
(function (A) {
  const E = A.gsEditor = A.gsEditor || {};
  const EF = A.gsEditorFields;
  const $ = function (id) { return document.getElementById(id); };

  // -- the selected unit's fields -------------------------------------------------------------

  /* the selected unit's form: its fields, bounds and choices as the server gives them */
  function spec(kind) { return EF.fieldSpec(kind, E.served(), E.radius()); }

  function fieldId(key) { return "ed-f-" + key; }

  function input(f, u, kind) {
    const key = f[0], widget = f[2], id = fieldId(key), v = u[key];
    const card = E.cardValues(u.type) || {};
    const fromType = card[key] !== undefined && typeof card[key] !== "object" ? "type: " + card[key] : null;
    const set = function (value) { E.setOrDrop(u, key, value); if (key === "id" || key === "side") E.renderUnitList(); E.changed(); };
    if (widget === "text") return A.el("input", { id: id, value: typeof v === "string" ? v : (v === undefined ? "" : JSON.stringify(v)),
      maxlength: 200, onchange: function (e) { set(e.target.value.trim()); } });
    if (widget === "int") return A.el("input", { id: id, type: "number", min: f[3], max: f[4], step: 1,
      placeholder: fromType, value: v === undefined ? "" : String(v), onchange: function (e) { set(E.intOrText(e.target.value)); } });
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
    if (widget === "side") { const s = A.el("select", { id: id, onchange: function (e) { set(e.target.value); } }); E.fillSideSelect(s, v); return s; }
    if (widget === "bool") return A.el("select", { id: id, onchange: function (e) {
      set(e.target.value === "" ? undefined : e.target.value === "yes"); } },
    [["", fromType ? "(" + fromType.replace("true", "yes").replace("false", "no") + ")" : "(from type or default)"],
      ["yes", "yes"], ["no", "no"]].map(function (o) {
      return A.el("option", { value: o[0], text: o[1], selected: (v === true ? "yes" : v === false ? "no" : "") === o[0] });
    }));
    if (widget === "choice" || widget === "type" || widget === "ref") {
      let names = widget === "choice" ? f[3] : widget === "type" ? E.typeNames(kind) :
        E.units(f[3]).map(function (x) { return x.id; }).filter(function (x) { return x && x !== u.id; });
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
      const kindSel = A.el("select", { id: id + "-kind", "aria-label": "radar kind", onchange: function (e) { v.kind = e.target.value; E.changed(); } },
        EF.partChoices(E.served(), "radar", "kind").map(function (k) { return A.el("option", { value: k, text: k, selected: v.kind === k }); }));
      const rest = {};
      Object.keys(v).forEach(function (k) { if (k !== "kind") rest[k] = v[k]; });
      const more = A.el("input", { id: id + "-more", "aria-label": "the radar's other values (JSON), the rest from the type",
        placeholder: '{"eccm": 2, "range": 12}', value: Object.keys(rest).length ? JSON.stringify(rest) : "",
        onchange: function (e) {
          let parsed;
          try { parsed = e.target.value.trim() ? JSON.parse(e.target.value) : {}; } catch (err) {
            E.errorBox.textContent = "Radar: not JSON (" + err.message + ")"; return;
          }
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) { E.errorBox.textContent = "Radar: must be a JSON object"; return; }
          E.errorBox.textContent = "";
          Object.keys(v).forEach(function (k) { if (k !== "kind") delete v[k]; });
          Object.keys(parsed).forEach(function (k) { if (k !== "kind") v[k] = parsed[k]; });
          E.changed();
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
        A.el("select", { id: id + "-" + i + "-quality", "aria-label": "crew member " + (i + 1) + " quality", onchange: function (e) { m.quality = e.target.value; E.changed(); } },
          EF.partChoices(E.served(), "crew", "quality").map(function (q) { return A.el("option", { value: q, text: q, selected: (m.quality || "regular") === q }); })),
        A.el("input", { id: id + "-" + i + "-attributes", "aria-label": "crew member " + (i + 1) + " attributes (comma-separated)",
          placeholder: "attributes",
          value: (m.attributes || []).join(", "), onchange: function (e) {
            const items = e.target.value.split(",").map(function (x) { return x.trim(); }).filter(Boolean);
            E.setOrDrop(m, "attributes", items.length ? items : undefined); E.changed();
          } }),
        A.el("button", { type: "button", class: "small", text: "Remove", "aria-label": "remove crew member " + (i + 1),
          onclick: function () { crew.splice(i, 1); if (!crew.length) delete u.crew; renderPanel(false); E.changed(); } }),
      ]));
    });
    box.appendChild(A.el("button", { type: "button", class: "small", text: crew ? "Add a crew member" : "Set the crew (else the type's)",
      onclick: function () { if (!Array.isArray(u.crew)) u.crew = []; u.crew.push({ quality: "regular" }); renderPanel(false); E.changed(); } }));
    return box;
  }

  function missileEditor(u, id) {
    const list = Array.isArray(u.missiles) ? u.missiles : null;
    const box = A.el("div", { class: "ed-rows", id: id, role: "group", "aria-label": "missiles" });
    const names = E.types().filter(function (t) { return t.kind === "weapons" && t.role === "aam"; }).map(function (t) { return t.name; });
    (list || []).forEach(function (m, i) {
      const opts = names.slice();
      if (m.type && opts.indexOf(m.type) < 0) opts.unshift(m.type);
      box.appendChild(A.el("div", { class: "ed-row" }, [
        A.el("select", { id: id + "-" + i + "-type", "aria-label": "missile " + (i + 1) + " type", onchange: function (e) { m.type = e.target.value; E.changed(); } },
          opts.map(function (n) { return A.el("option", { value: n, text: n, selected: n === m.type }); })),
        A.el("input", { id: id + "-" + i + "-count", type: "number", min: EF.bounds(E.served(), "missile", "count")[0],
          max: EF.bounds(E.served(), "missile", "count")[1], "aria-label": "missile " + (i + 1) + " count", value: m.count === undefined ? "" : String(m.count),
          onchange: function (e) { E.setOrDrop(m, "count", E.intOrText(e.target.value)); E.changed(); } }),
        A.el("button", { type: "button", class: "small", text: "Remove", "aria-label": "remove missile " + (i + 1),
          onclick: function () { list.splice(i, 1); renderPanel(false); E.changed(); } }),
      ]));
    });
    box.appendChild(A.el("button", { type: "button", class: "small", text: list ? "Add a missile load" : "Set the missiles (else the load's)",
      onclick: function () { if (!Array.isArray(u.missiles)) u.missiles = []; u.missiles.push({ type: names[0] || "AIM-9", count: 2 }); renderPanel(false); E.changed(); } }));
    if (list) box.appendChild(A.el("button", { type: "button", class: "small", text: "No missiles (missiles = [])",
      onclick: function () { u.missiles = []; renderPanel(false); E.changed(); } }));
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
    if (!E.selected() || !E.units(E.selected().kind)[E.selected().index]) {
      E.select(null);
      $("ed-unit-title").textContent = "Selected unit";
      body.appendChild(A.el("p", { class: "hint", text: "Nothing selected: choose the Select tool and click a unit." }));
      return;
    }
    const kind = E.selected().kind, index = E.selected().index, u = E.units(kind)[index];
    $("ed-unit-title").textContent = E.KIND_WORD[kind] + " " + (u.id || "");
    const mine = E.problemsOf(kind, index);
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
          E.errorBox.textContent = "Other fields: not JSON (" + err.message + ")"; return;
        }
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) { E.errorBox.textContent = "Other fields: must be a JSON object"; return; }
        E.errorBox.textContent = "";
        Object.keys(u).forEach(function (k) { if (!known.has(k)) delete u[k]; });
        Object.assign(u, parsed);
        E.changed();
      } }, [Object.keys(rest).length ? JSON.stringify(rest) : ""]),
      restProblems.length ? A.el("p", { class: "field-problem", text: restProblems.map(function (p) { return p.text; }).join("; ") }) : null,
    ]));
    form.appendChild(A.el("button", { type: "button", id: "ed-delete", text: "Delete this unit", onclick: function () {
      E.data()[kind].splice(index, 1); E.select(null); E.renderAll(); E.changed();
    } }));
    body.appendChild(form);
    if (focusFirst) { const first = form.querySelector("input, select"); if (first) first.focus({ preventScroll: true }); }
  }

  E.renderPanel = renderPanel;
  E.keepFocus = keepFocus;
})(window.Airwar);
