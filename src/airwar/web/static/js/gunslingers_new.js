/* Gunslingers: choose an example or upload a scenario, check it, assign the seats, start.
   By default nobody plays a side and the referee: the first side is the person here, the
   other sides people on other browsers, the referee automatic with no link (GS-70). A person
   referees only when chosen here, and the form says that the referee sees both sides.
   After Start, every seat's link with whose it is, and a button to copy it. */
"use strict";
(function (A) {
  const example = document.getElementById("gs-example");
  const file = document.getElementById("gs-file");
  const seatsBox = document.getElementById("gs-seats");
  const previewBox = document.getElementById("gs-preview");
  const errorBox = document.getElementById("gs-error");
  let uploaded = null;

  function kindText(kind, seat) {
    const referee = seat === "referee";
    if (kind === "human") return referee ? "me, here (I see both sides)" : "me, here";
    if (kind === "remote") return referee ? "a person on another browser, who sees both sides (its own link)" :
      "a second browser (its own link)";
    if (kind.indexOf("assist:") === 0) return "automatic, asks a person who sees both sides for " +
      "results no table gives (its own link)";
    if (kind === "ai:random") return "automatic: random choices";
    if (kind.indexOf("ai:") === 0) return referee ? "automatic: rolls every result, nobody sees both sides (no link)" :
      "automatic, never asks anyone";
    return kind;
  }

  function whose(l) {
    if (l.kind === "human") return "yours, here: open it to play";
    if (l.seat === "referee") return "send it to the referee" +
      (l.kind.indexOf("assist:") === 0 ? ", who is asked only for results the text leaves open" : "");
    return "send it to " + l.seat + "'s player";
  }

  function copyButton(url, seat) {
    const btn = A.el("button", { type: "button", class: "copy-link", "data-copy": seat, text: "Copy " + seat + "'s link" });
    btn.addEventListener("click", async function () {
      try {
        await navigator.clipboard.writeText(url);
        btn.textContent = "Copied " + seat + "'s link";
      } catch (e) {
        /* no clipboard (an insecure page): select the link for Ctrl-C */
        const a = document.querySelector("#gs-link-list a[data-seat='" + seat + "']");
        const range = document.createRange();
        range.selectNodeContents(a);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
        btn.textContent = "Selected: press Ctrl-C";
      }
    });
    return btn;
  }

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
        const options = (p.seat_kinds || {})[s] || ["human", "remote"];
        const dflt = (p.default_seats || {})[s] || options[0];
        seatsBox.appendChild(A.el("label", { for: "gs-seat-" + i }, [s === "referee" ? "referee (sees the whole map)" : s,
          A.el("select", { id: "gs-seat-" + i, "data-seat": s }, options.map(function (k) {
            return A.el("option", { value: k, selected: k === dflt ? true : null, text: kindText(k, s) });
          }))]));
      });
      seatsBox.appendChild(A.el("p", { class: "hint", id: "gs-referee-hint", text: "The referee sees both " +
        "sides: every unit and the whole log. Left automatic, nobody does. A person who referees " +
        "should play no side." }));
      document.body.dataset.ready = "yes";
    } catch (e) {
      errorBox.textContent = e.message;
      document.body.dataset.ready = "error";
    }
  }

  file.addEventListener("change", function () {
    const f = file.files[0];
    editorGone();
    if (!f) { uploaded = null; preview(); return; }
    const reader = new FileReader();
    reader.onload = function () { uploaded = String(reader.result); preview(); };
    reader.readAsText(f);
  });
  function editorGone() { document.getElementById("gs-from-editor").hidden = true; }
  example.addEventListener("change", function () { uploaded = null; file.value = ""; editorGone(); preview(); });

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
      const remote = made.links.filter(function (l) { return l.kind !== "human"; });
      if (mine.length && !remote.length) { window.location.href = mine[0].url; return; }
      const list = document.getElementById("gs-link-list");
      A.clear(list);
      made.links.forEach(function (l) {
        const full = window.location.origin + l.url;
        list.appendChild(A.el("li", { "data-seat": l.seat }, [
          A.el("strong", { text: l.seat + ": " }), whose(l) + ": ",
          A.el("a", { href: l.url, "data-seat": l.seat, text: full }), " ",
          copyButton(full, l.seat)]));
      });
      document.getElementById("gs-links").hidden = false;
    } catch (err) {
      errorBox.textContent = err.message;
    }
  });

  /* A scenario the editor sent here ("Start a game"): played as an upload of its text. */
  function fromEditor() {
    if (new URLSearchParams(window.location.search).get("from") !== "editor") return;
    let sent = null;
    try { sent = JSON.parse(window.sessionStorage.getItem("airwar.gunslingers.scenario") || "null"); } catch (e) { sent = null; }
    if (!sent || typeof sent.toml !== "string") {
      errorBox.textContent = "The editor's scenario is not here (it stays in the tab that edited it): choose one below.";
      return;
    }
    uploaded = sent.toml;
    const note = document.getElementById("gs-from-editor");
    note.textContent = "Scenario from the editor: " + (sent.name || "scenario.toml") + ". Choose another below to play that instead.";
    note.hidden = false;
  }

  (async function () {
    const list = await A.api("GET", "/api/gunslingers/examples");
    list.forEach(function (x) { example.appendChild(A.el("option", { value: x.name, text: x.title + " (" + x.name + ")" })); });
    fromEditor();
    preview();
  })();
})(window.Airwar);
