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
    const helpId = id + "-help";
    if (p.help) input.setAttribute("aria-describedby", helpId);
    /* the rule ids stay out of the way: on hover of the label, and in the "Rules" list */
    return A.el("div", { class: "opt", "data-option": p.name, "data-rule": p.rule || null }, [
      A.el("label", { for: id, title: p.rule ? "rule " + p.rule : null },
        [p.label || p.name.replace(/_/g, " ")]),
      input,
      p.help ? A.el("span", { class: "opt-help", id: helpId, text: p.help }) : null,
    ]);
  }

  /* Which rule each option comes from, folded away under the options. */
  function rulesList(g) {
    const ruled = g.parameters.filter(function (p) { return p.rule; });
    if (!ruled.length) return null;
    return A.el("details", { class: "opt-rules", id: "option-rules" }, [
      A.el("summary", { text: "Rules behind these options" }),
      A.el("ul", {}, ruled.map(function (p) {
        return A.el("li", { "data-option": p.name }, [
          (p.label || p.name.replace(/_/g, " ")) + ": ",
          A.el("span", { class: "opt-rule", text: p.rule }),
        ]);
      })),
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
    const rules = rulesList(g);
    if (rules) optionsBox.appendChild(rules);
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
    box.style.display = box.hidden ? "none" : "";  /* the form's labels are grids */
  }
  seatsBox.addEventListener("change", hintsChoice);

  /* -- saved games: the matchup, the result and the date; finished ones replay and analyse -- */
  function titleOf(name) {
    const g = catalog && catalog.games.find(function (x) { return x.name === name; });
    return g ? g.title : name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");
  }

  function playerText(kind, mine) {
    if (kind === "human") return mine ? "you" : "a person";
    if (kind === "remote") return mine ? "a second browser" : "a person";
    return "AI " + kind.replace(/^ai:/, "");
  }

  /* The seats in the game's own order (the store keeps them sorted by name). */
  function seatEntries(g) {
    const known = catalog && catalog.games.find(function (x) { return x.name === g.game; });
    const order = known ? known.seats : [];
    return Object.entries(g.seats).sort(function (a, b) {
      const i = order.indexOf(a[0]), j = order.indexOf(b[0]);
      return (i < 0 ? order.length : i) - (j < 0 ? order.length : j);
    });
  }

  function matchup(g) {
    return seatEntries(g).filter(function (kv) {
      return kv[0] !== "referee" || kv[1] !== "human";
    }).map(function (kv) { return kv[0] + " (" + playerText(kv[1], g.mine) + ")"; }).join(" vs ");
  }

  function sideName(name, g) {
    const match = Object.keys(g.seats).find(function (s) { return s.toLowerCase() === String(name).toLowerCase(); });
    return match || String(name);
  }

  /* A summary's per-side numbers, in the game's seat order. */
  function bySide(g, numbers) {
    const order = seatEntries(g).map(function (kv) { return kv[0].toLowerCase(); });
    return Object.entries(numbers).sort(function (a, b) {
      const i = order.indexOf(a[0].toLowerCase()), j = order.indexOf(b[0].toLowerCase());
      return (i < 0 ? order.length : i) - (j < 0 ? order.length : j);
    });
  }

  function scoreText(g) {
    const s = g.summary || {};
    const parts = [];
    if (s.scores && Object.keys(s.scores).length) {
      parts.push(bySide(g, s.scores).map(function (kv) { return sideName(kv[0], g) + " " + kv[1]; }).join(" – "));
    } else if (s.kills && Object.keys(s.kills).length) {
      parts.push(bySide(g, s.kills).map(function (kv) {
        return sideName(kv[0], g) + " " + kv[1] + (kv[1] === 1 ? " kill" : " kills");
      }).join(", "));
    }
    if (s.sortie && s.sorties_per_side) parts.push("sortie " + s.sortie + " of " + s.sorties_per_side);
    else if (s.turn) parts.push("turn " + s.turn);
    return parts.join(" · ");
  }

  /* Who won, from the game's own result, else from its returns (one per seat, in order). */
  function winnerText(g) {
    const s = g.summary || {};
    if (s.result === "draw") return "Draw";
    if (s.result) return sideName(s.result, g) + " won";
    if (Array.isArray(s.returns) && s.returns.length) {
      const best = Math.max.apply(null, s.returns);
      const top = s.returns.map(function (r, i) { return r === best ? i : -1; }).filter(function (i) { return i >= 0; });
      if (top.length !== 1) return "Draw";
      const name = seatEntries(g)[top[0]] && seatEntries(g)[top[0]][0];
      if (name) return name + " won";
    }
    return "Over";
  }

  function resultText(g) {
    const score = scoreText(g);
    if (g.status === "finished") return winnerText(g) + (score ? " · " + score : "");
    if (g.status === "corrupt") return "damaged record";
    const toAct = g.summary && g.summary.to_act ? g.summary.to_act + " to move" : "in progress";
    return toAct + (score ? " · " + score : "");
  }

  function dateText(iso) {
    const d = new Date(String(iso).replace(" ", "T"));
    if (isNaN(d.getTime())) return String(iso).slice(0, 16);
    return d.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric",
      hour: "2-digit", minute: "2-digit" });
  }

  function actionLinks(g) {
    const link = function (href, cls, text, label) {
      return A.el("a", { href: A.url(href), class: cls, text: text, "aria-label": text + ": " + label });
    };
    const label = g.title;
    const known = catalog && catalog.games.find(function (x) { return x.name === g.game; });
    if (g.status === "finished") {
      const replay = link("/games/" + g.id + "/replay", "replay", "Replay", label);
      /* only a kind of game with an exact analysis offers one */
      return known && known.analysis ? [replay, " · ",
        link("/games/" + g.id + "/replay#analyse", "analyse", "Analyse", label)] : [replay];
    }
    if (g.mine || g.joined) {
      return [link("/games/" + g.id + "/resume", "resume", "Resume", label), " · ",
        link("/games/" + g.id + "/replay", "replay", "Replay", label)];
    }
    return [link("/games/" + g.id, "watch", "Watch", label), " · ",
      link("/games/" + g.id + "/replay", "replay", "Replay", label)];
  }

  /* A title given at creation, with the game under it; a default title ("<game> (<seat> <kind>, ...)")
     only as the game's name, as the Players column says who plays in words. */
  function shownTitle(g) {
    const game = titleOf(g.game);
    const where = g.terminal ? "started at the terminal" : g.joined ? "joined from a link" : null;
    const tag = where ? A.el("div", { class: "mods origin", text: where }) : null;
    if (!g.title || g.title === game || g.title.indexOf(game + " (") === 0) {
      return [A.el("strong", { text: game }), tag];
    }
    return [A.el("strong", { text: g.title }), A.el("div", { class: "mods", text: game }), tag];
  }

  const PAGE = 100; // the most one page of GET /api/games holds

  async function loadSaved(offset) {
    offset = offset || 0;
    const tbody = document.querySelector("#saved-table tbody");
    const games = await A.api("GET", "/api/games?limit=" + PAGE + "&offset=" + offset);
    if (!offset) A.clear(tbody);
    const more = tbody.querySelector("tr.more-games");
    if (more) more.remove();
    if (!games.length && !offset) {
      tbody.appendChild(A.el("tr", {}, [A.el("td", { colspan: "5", text: "No saved games yet." })]));
    }
    games.forEach(function (g) {
      const started = g.created_at || g.updated_at;
      tbody.appendChild(A.el("tr", { "data-game-id": g.id, "data-status": g.status,
        "data-origin": g.terminal ? "terminal" : g.joined ? "joined" : g.mine ? "mine" : "public" }, [
        A.el("td", { "data-label": "Game" }, shownTitle(g)),
        A.el("td", { class: "matchup", "data-label": "Players", text: matchup(g) }),
        A.el("td", { class: "result-text", "data-label": "Result", text: resultText(g) }),
        A.el("td", { class: "date", "data-label": "Started" }, [
          A.el("time", { datetime: String(started).replace(" ", "T"), text: dateText(started) }),
          A.el("div", { class: "mods", text: g.decisions === null ? "decisions kept secret until the end" :
            g.decisions + (g.decisions === 1 ? " decision" : " decisions") }),
        ]),
        A.el("td", { class: "saved-actions" }, actionLinks(g)),
      ]));
    });
    if (games.length === PAGE) {
      const button = A.el("button", { type: "button", text: "Older games" });
      button.addEventListener("click", function () { loadSaved(offset + PAGE); });
      tbody.appendChild(A.el("tr", { class: "more-games" }, [A.el("td", { colspan: "5" }, [button])]));
    }
    document.body.dataset.ready = "yes";
  }

  form.addEventListener("submit", async function (e) {
    e.preventDefault();
    errorBox.textContent = "";
    const body = { game: select.value, options: {}, seats: {} };
    seatsBox.querySelectorAll("select[data-seat]").forEach(function (s) { body.seats[s.dataset.seat] = s.value; });
    optionsBox.querySelectorAll("input[name], select[name]").forEach(function (inp) {
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

  /* the saved games' words, for tests/web/js */
  A.savedGames = { matchup: matchup, scoreText: scoreText, winnerText: winnerText, resultText: resultText,
    playerText: playerText, titleOf: titleOf };

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
