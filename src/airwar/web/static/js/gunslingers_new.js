/* Gunslingers: choose an example or upload a scenario, check it, assign the seats, start. */
"use strict";
(function (A) {
  const example = document.getElementById("gs-example");
  const file = document.getElementById("gs-file");
  const seatsBox = document.getElementById("gs-seats");
  const previewBox = document.getElementById("gs-preview");
  const errorBox = document.getElementById("gs-error");
  let uploaded = null;

  function source() {
    return uploaded !== null ? { scenario_toml: uploaded } : { example: example.value };
  }

  async function preview() {
    errorBox.textContent = "";
    A.clear(previewBox); A.clear(seatsBox);
    seatsBox.appendChild(A.el("legend", { text: "Who plays each side" }));
    try {
      const p = await A.api("POST", "/api/gunslingers/preview", source());
      previewBox.appendChild(A.el("p", {}, [A.el("strong", { text: p.name }),
        " · " + p.turns + " turns · sides: " + p.sides.join(", ") + " · " + p.units.length + " units"]));
      p.seats.forEach(function (s, i) {
        const options = s === "referee" ? ["human", "remote"] : ["human", "remote", "ai:random"];
        const dflt = s === "referee" ? "human" : (i === 0 ? "human" : "ai:random");
        seatsBox.appendChild(A.el("label", { for: "gs-seat-" + i }, [s === "referee" ? "referee (results the text leaves open)" : s,
          A.el("select", { id: "gs-seat-" + i, "data-seat": s }, options.map(function (k) {
            return A.el("option", { value: k, selected: k === dflt ? true : null,
              text: k === "human" ? "me, here" : k === "remote" ? "a second browser (its own link)" : "AI: random" });
          }))]));
      });
      document.body.dataset.ready = "yes";
    } catch (e) {
      errorBox.textContent = e.message;
      document.body.dataset.ready = "error";
    }
  }

  file.addEventListener("change", function () {
    const f = file.files[0];
    if (!f) { uploaded = null; preview(); return; }
    const reader = new FileReader();
    reader.onload = function () { uploaded = String(reader.result); preview(); };
    reader.readAsText(f);
  });
  example.addEventListener("change", function () { uploaded = null; file.value = ""; preview(); });

  document.getElementById("gs-form").addEventListener("submit", async function (e) {
    e.preventDefault();
    errorBox.textContent = "";
    const body = Object.assign(source(), {
      seats: {},
      turns: Number(document.getElementById("gs-turns").value || 0),
    });
    // every rule option of the form: a checkbox sends true or false, a list its choice
    document.querySelectorAll("#gs-form [data-option]").forEach(function (o) {
      body[o.dataset.option] = o.type === "checkbox" ? o.checked : o.value;
    });
    seatsBox.querySelectorAll("select").forEach(function (s) { body.seats[s.dataset.seat] = s.value; });
    const seed = document.getElementById("gs-seed").value.trim();
    if (seed) body.seed = Number(seed);
    try {
      const made = await A.api("POST", "/api/gunslingers/games", body);
      const mine = made.links.filter(function (l) { return l.kind === "human"; });
      const remote = made.links.filter(function (l) { return l.kind === "remote"; });
      if (mine.length && !remote.length) { window.location.href = mine[0].url; return; }
      const list = document.getElementById("gs-link-list");
      A.clear(list);
      made.links.forEach(function (l) {
        list.appendChild(A.el("li", { class: "links" }, [A.el("strong", { text: l.seat + ": " }),
          A.el("a", { href: l.url, "data-seat": l.seat, text: window.location.origin + l.url })]));
      });
      document.getElementById("gs-links").hidden = false;
    } catch (err) {
      errorBox.textContent = err.message;
    }
  });

  (async function () {
    const list = await A.api("GET", "/api/gunslingers/examples");
    list.forEach(function (x) { example.appendChild(A.el("option", { value: x.name, text: x.title + " (" + x.name + ")" })); });
    preview();
  })();
})(window.Airwar);
