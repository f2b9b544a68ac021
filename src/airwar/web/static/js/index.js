/* The start page: a new game with every option and each seat, and the saved games. */
"use strict";
(function (A) {
  const select = document.getElementById("game-select");
  const seatsBox = document.getElementById("seats");
  const optionsBox = document.getElementById("options");
  const form = document.getElementById("new-game-form");
  const errorBox = document.getElementById("new-game-error");
  let catalog = null;

  const KIND_LABEL = { human: "me, here", remote: "a second browser (its own link)" };

  function kindLabel(kind) {
    if (KIND_LABEL[kind]) return KIND_LABEL[kind];
    return "AI: " + kind.replace(/^ai:/, "");
  }

  function optionInput(p) {
    const id = "opt-" + p.name;
    let input;
    if (p.kind === "bool") {
      input = A.el("input", { type: "checkbox", id: id, name: p.name, checked: p.default ? true : null });
    } else if (p.choices) {
      input = A.el("select", { id: id, name: p.name }, p.choices.map(function (c) {
        return A.el("option", { value: String(c), selected: c === p.default ? true : null,
          text: String(c) === "" ? "(none)" : String(c) });
      }));
    } else if (p.kind === "int") {
      input = A.el("input", { type: "number", id: id, name: p.name, value: String(p.default),
        min: p.minimum !== null ? String(p.minimum) : null, max: p.maximum !== null ? String(p.maximum) : null,
        step: "1" });
    } else {
      input = A.el("input", { type: "text", id: id, name: p.name, value: String(p.default) });
    }
    input.dataset.kind = p.kind;
    return A.el("label", { for: id }, [
      p.name.replace(/_/g, " ") + (p.rule ? " (" + p.rule + ")" : ""), input,
      A.el("span", { class: "opt-help", text: p.help }),
    ]);
  }

  function showGame() {
    const g = catalog.games.find(function (x) { return x.name === select.value; });
    A.clear(seatsBox); A.clear(optionsBox);
    seatsBox.appendChild(A.el("legend", { text: "Who plays each side" }));
    optionsBox.appendChild(A.el("legend", { text: "Options" }));
    if (!g) return;
    g.seats.forEach(function (s, i) {
      const id = "seat-" + i;
      const kinds = g.seat_kinds;
      const dflt = i === g.seats.length - 1 ? "human" : (kinds.find(function (k) { return k === "ai:heuristic"; }) ||
        kinds.find(function (k) { return k.startsWith("ai:"); }) || "human");
      seatsBox.appendChild(A.el("label", { for: id }, [s,
        A.el("select", { id: id, name: "seat:" + s, "data-seat": s }, kinds.map(function (k) {
          return A.el("option", { value: k, selected: k === dflt ? true : null, text: kindLabel(k) });
        }))]));
    });
    g.parameters.forEach(function (p) { optionsBox.appendChild(optionInput(p)); });
    hintsChoice();
  }

  /* Hints (the solver's values, kill chances, best move) are the player's choice in a game
     against the AI only: off, after my move, or always. Off in every game between people. */
  function hintsChoice() {
    let box = document.getElementById("hints-choice");
    if (!box) {
      box = A.el("label", { for: "hints", id: "hints-choice" }, ["Hints for me against the AI",
        A.el("select", { id: "hints", name: "hints" }, [
          A.el("option", { value: "off", text: "off" }),
          A.el("option", { value: "after", text: "after my move" }),
          A.el("option", { value: "always", text: "always" })]),
        A.el("span", { class: "opt-help", text: "the solver's value, kill chances and best move" })]);
      seatsBox.appendChild(box);
    }
    const kinds = Array.prototype.map.call(seatsBox.querySelectorAll("select[data-seat]"),
      function (s) { return s.value; });
    const people = kinds.filter(function (k) { return !k.startsWith("ai:"); });
    box.hidden = !(people.length === 1 && people[0] === "human");
  }
  seatsBox.addEventListener("change", hintsChoice);

  async function loadSaved() {
    const tbody = document.querySelector("#saved-table tbody");
    const games = await A.api("GET", "/api/games");
    A.clear(tbody);
    if (!games.length) {
      tbody.appendChild(A.el("tr", {}, [A.el("td", { colspan: "6", text: "No saved games yet." })]));
    }
    games.forEach(function (g) {
      tbody.appendChild(A.el("tr", { "data-game-id": g.id }, [
        A.el("td", { text: g.title }), A.el("td", { text: g.game }), A.el("td", { text: g.status }),
        A.el("td", { text: String(g.decisions) }), A.el("td", { text: g.updated_at.replace("T", " ").slice(0, 19) }),
        A.el("td", {}, g.mine ? [
          A.el("a", { href: A.url("/games/" + g.id + "/resume"), class: "resume", text: "resume" }), " · ",
          A.el("a", { href: A.url("/games/" + g.id + "/resume?to=replay"), class: "replay", text: "replay" }),
        ] : [
          A.el("a", { href: A.url("/games/" + g.id), class: "watch", text: "watch" }), " · ",
          A.el("a", { href: A.url("/games/" + g.id + "/replay"), class: "replay", text: "replay" }),
        ]),
      ]));
    });
  }

  form.addEventListener("submit", async function (e) {
    e.preventDefault();
    errorBox.textContent = "";
    const body = { game: select.value, options: {}, seats: {} };
    seatsBox.querySelectorAll("select").forEach(function (s) { body.seats[s.dataset.seat] = s.value; });
    optionsBox.querySelectorAll("input, select").forEach(function (inp) {
      const kind = inp.dataset.kind;
      if (kind === "bool") body.options[inp.name] = inp.checked;
      else if (kind === "int") body.options[inp.name] = inp.value === "" ? inp.value : Number(inp.value);
      else body.options[inp.name] = inp.value;
    });
    const title = document.getElementById("title").value.trim();
    if (title) body.title = title;
    const seed = document.getElementById("seed").value.trim();
    if (seed) body.seed = Number(seed);
    const hints = document.getElementById("hints-choice");
    if (hints && !hints.hidden && document.getElementById("hints").value !== "off") {
      const me = Array.prototype.filter.call(seatsBox.querySelectorAll("select[data-seat]"),
        function (s) { return s.value === "human"; })[0];
      if (me) body.hints = { [me.dataset.seat]: document.getElementById("hints").value };
    }
    const start = document.getElementById("start");
    if (start.disabled) return;
    start.disabled = true;
    start.textContent = "Starting\u2026";
    try {
      const made = await A.api("POST", "/api/games", body);
      const mine = made.links.filter(function (l) { return l.kind === "human"; });
      const remote = made.links.filter(function (l) { return l.kind === "remote"; });
      if (mine.length && !remote.length) { window.location.href = mine[0].url; return; }
      const list = document.getElementById("link-list");
      A.clear(list);
      made.links.forEach(function (l) {
        const abs = window.location.origin + l.url;
        list.appendChild(A.el("li", { class: "links" }, [
          A.el("strong", { text: l.seat + " (" + kindLabel(l.kind) + "): " }),
          A.el("a", { href: l.url, "data-seat": l.seat, text: abs }),
        ]));
      });
      document.getElementById("links").hidden = false;
      loadSaved();
      start.disabled = false;
      start.textContent = "Start";
    } catch (err) {
      errorBox.textContent = err.message;
      start.disabled = false;
      start.textContent = "Start";
    }
  });

  (async function () {
    catalog = await A.api("GET", "/api/catalog");
    catalog.games.forEach(function (g) {
      select.appendChild(A.el("option", { value: g.name, text: g.title }));
    });
    const wanted = A.param("game");
    if (wanted) select.value = wanted;
    select.addEventListener("change", showGame);
    showGame();
    loadSaved();
  })();
})(window.Airwar);
