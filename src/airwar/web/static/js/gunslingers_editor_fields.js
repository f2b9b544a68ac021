/* Gunslingers scenario editor: the form of a selected unit, without the page. Which fields a
   kind of unit has, their bounds and their choices are the server's (GET
   /api/gunslingers/scenario/fields, read from the scenario's models); the editor adds only
   its words and widgets, and the order it shows them in. The editor page loads it before
   gunslingers_editor.js (as Airwar.gsEditorFields); Node requires it for tests/web/js. */
"use strict";
(function (root, make) {
  const m = make();
  if (typeof module === "object" && module.exports) module.exports = m;
  else { root.Airwar = root.Airwar || {}; root.Airwar.gsEditorFields = m; }
})(typeof self !== "undefined" ? self : this, function () {
  const COMMON = ["id", "name", "side", "type", "hex"];
  /* the order the form shows each kind's fields in (a field the server does not list for
     the kind is not shown) */
  const LAYOUT = {
    aircraft: ["heading", "altitude", "speed", "climb", "load", "crew", "missiles", "radar", "chaff", "flares",
      "mini_jammers", "djm", "ajm", "arms", "guns", "vas", "iff", "status", "tailing", "fuel"],
    sams: ["guidance", "radar", "ccu", "eccm", "rails", "expended", "range", "quick_reaction", "auto_reload"],
    infantry_sams: ["guidance", "ccu", "rails", "expended", "reloads", "range"],
    ewrs: ["radar", "eccm", "range"],
    ccus: ["radar", "eccm", "range", "operative"],
    aaa: ["fire", "range", "max_altitude", "out_of_ammo"],
    ground_units: ["camouflaged", "fac", "move", "sighting_range"],
  };
  /* a field's label, or [label, widget, what a reference names]; "kind.field" first */
  const WORDS = {
    id: ["Id", "text"], name: ["Name", "text"], side: ["Side", "side"], type: ["Type", "type"],
    hex: ["Hex (q, r)", "hex"], heading: "Heading", altitude: "Altitude", speed: "Speed", climb: "Climb",
    load: ["Load (library)", "load"], crew: ["Crew", "crew"], missiles: ["Missiles", "missiles"],
    "aircraft.radar": ["Radar", "aradar"], radar: "Radar state", chaff: "Chaff", flares: "Flares",
    mini_jammers: "Mini jammers", djm: "DJM", ajm: "AJM", arms: "ARMs", guns: "Guns", vas: "VAS", iff: "IFF",
    status: ["Status (comma-separated)", "list"], tailing: ["Tailing", "ref", "aircraft"], fuel: "Fuel (turns)",
    guidance: "Guidance", ccu: ["CCU", "ref", "ccus"], eccm: "ECCM", rails: "Rails", expended: "Expended",
    range: "Range", quick_reaction: "Quick reaction", auto_reload: "Auto reload", reloads: "Reloads",
    operative: "Operative", fire: "Fire", max_altitude: "Max altitude", out_of_ammo: "Out of ammo",
    camouflaged: "Camouflaged", fac: "FAC", move: "Move", sighting_range: "Sighting range",
  };
  const WIDGET = { integer: "int", choice: "choice", boolean: "bool" };

  /* An integer's range in the label when the field is a scale of its own (a heading 0-11). */
  const RANGE_IN_LABEL = { heading: true };

  /* The form of a unit of `kind`: [field, label, widget, ...] as the page's inputs take them
     (an integer: its min and max, a count of hexes at most the map's width, 2 × radius; a
     choice: its choices; a reference: the kind of unit it names). `served` is the
     server's answer. */
  function fieldSpec(kind, served, radius) {
    const fields = ((served || {}).units || {})[kind] || {};
    return COMMON.concat(LAYOUT[kind] || []).filter(function (key) { return fields[key]; }).map(function (key) {
      const info = fields[key];
      const words = WORDS[kind + "." + key] || WORDS[key] || key;
      const label = Array.isArray(words) ? words[0] : words;
      if (Array.isArray(words)) return [key, label].concat(words.slice(1));
      const widget = WIDGET[info.kind] || "text";
      if (widget === "int") {
        const max = info.max === null || info.max === undefined ? 2 * radius : info.max;
        return [key, RANGE_IN_LABEL[key] ? label + " (" + info.min + "-" + max + ")" : label, "int", info.min, max];
      }
      if (widget === "choice") return [key, label, "choice", info.choices.slice()];
      return [key, label, widget];
    });
  }

  /* The choices of a part's field (a crew member's quality, a radar's kind): the server's. */
  function partChoices(served, part, key) {
    const f = (((served || {}).parts || {})[part] || {})[key];
    return f && f.choices ? f.choices.slice() : [];
  }

  /* An integer field of a part or of the map: [min, max] as the server bounds it. */
  function bounds(served, where, key) {
    const table = where === "map" ? (served || {}).map : ((served || {}).parts || {})[where];
    const f = (table || {})[key];
    return f && f.kind === "integer" ? [f.min, f.max] : [null, null];
  }

  return { fieldSpec: fieldSpec, partChoices: partChoices, bounds: bounds, LAYOUT: LAYOUT, COMMON: COMMON };
});
