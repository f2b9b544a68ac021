/* The scenario editor (static/js/gunslingers_editor*.js, loaded in the page's order) under
   Node: it starts from what the server says each field allows, and the selected unit's form
   takes its bounds and choices from that answer. */
import test from "node:test";
import assert from "node:assert/strict";
import { page } from "./page.mjs";

const FIELDS = {
  units: {
    aircraft: { id: { kind: "other" }, name: { kind: "other" }, side: { kind: "other" }, type: { kind: "other" },
      hex: { kind: "other" }, heading: { kind: "integer", min: 0, max: 11 }, speed: { kind: "integer", min: 1, max: null },
      chaff: { kind: "integer", min: 0, max: 2000 }, guns: { kind: "boolean" } },
    sams: { id: { kind: "other" }, side: { kind: "other" }, hex: { kind: "other" },
      guidance: { kind: "choice", choices: ["CG", "IR"] }, eccm: { kind: "integer", min: 0, max: 20 } },
  },
  parts: { crew: { quality: { kind: "choice", choices: ["regular"] } }, radar: { kind: { kind: "choice", choices: ["regular"] } },
    missile: { count: { kind: "integer", min: 0, max: 300 } } },
  map: { radius: { kind: "integer", min: 1, max: 60 } },
};

async function editor() {
  const p = page(["common.js", "svg.js", "gunslingers_editor_fields.js", "gunslingers_editor_sides.js",
    "gunslingers_editor_panel.js", "gunslingers_editor_victory.js", "gunslingers_editor.js"], {
    answers: { "/api/gunslingers/examples": [], "/api/gunslingers/types": [],
      "/api/gunslingers/scenario/fields": FIELDS,
      "/api/gunslingers/scenario/check": { ok: true, problems: [], more: 0 } },
  });
  for (let i = 0; i < 20 && p.document.body.dataset.ready !== "yes"; i++) await new Promise((r) => setTimeout(r, 5));
  return p;
}

test("the editor is ready once the server has said what each field allows", async () => {
  const { document, A } = await editor();
  assert.equal(document.body.dataset.ready, "yes");
  assert.deepEqual(Object.keys(A.gsEditor.served().units), ["aircraft", "sams"]);
});

test("a selected unit's form has the server's bounds and choices", async () => {
  const { document, A } = await editor();
  const E = A.gsEditor;
  E.data().map.radius = 12;
  E.data().aircraft = [{ id: "Viper-1", side: "Blue", type: "F-16C", hex: [0, 0], heading: 2 }];
  E.data().sams = [{ id: "SA-2-1", side: "Red", hex: [3, 0], guidance: "CG" }];
  E.select({ kind: "aircraft", index: 0 });
  E.renderPanel(false);
  const heading = document.getElementById("ed-f-heading");
  assert.deepEqual([heading.getAttribute("min"), heading.getAttribute("max"), heading.getAttribute("value")], ["0", "11", "2"]);
  assert.equal(document.getElementById("ed-f-speed").getAttribute("max"), "24");  // 2 × radius
  assert.equal(document.getElementById("ed-f-chaff").getAttribute("max"), "2000");
  assert.equal(document.querySelector("#ed-unit-body").querySelectorAll("[id=ed-f-eccm]").length, 0);
  E.select({ kind: "sams", index: 0 });
  E.renderPanel(false);
  const guidance = document.getElementById("ed-f-guidance");
  assert.deepEqual(guidance.querySelectorAll("option").map((o) => o.getAttribute("value")), ["", "CG", "IR"]);
  assert.equal(document.getElementById("ed-f-eccm").getAttribute("max"), "20");
});
