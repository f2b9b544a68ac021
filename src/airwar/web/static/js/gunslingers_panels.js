/* Gunslingers play page: the panels beside the map: the legend, a unit's data card (the
   server's words), the turn stepper, the roster, the game's result. Loaded before
   gunslingers.js, which shares its helpers through Airwar.gsPage. */
"use strict";
(function (A) {
  const E = A.gsPage = A.gsPage || {};
  const S = A.svg;
  const G = A.gsMap;

  function legend(v, moving, sel) {
    const items = [];
    const sides = Object.keys(v.sides || {});
    sides.forEach(function (s) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-side-" + sides.indexOf(s) % E.PALETTE.length }), " " + s]));
    });
    if ((v.map && v.map.terrain || []).length) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-terrain" }), " terrain ▲N: blocks line of sight up to altitude N"]));
    }
    if ((v.last_seen || []).length) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-lost" }), " lost contact, where last seen (its turn and altitude)"]));
    }
    if (moving) {
      const sh = moving.shading;
      const used = new Set(Object.keys(sh.shade).map(function (k) { return sh.shade[k]; }));
      [1, 2, 3, 4].forEach(function (n) {
        if (!used.has(n)) return;
        let text = E.SHADES.allowed[n];
        if (sh.by === "distance") {
          const ks = Object.keys(sh.shade).filter(function (k) { return sh.shade[k] === n; });
          const d = ks.map(function (k) { return moveDistance(k, moving, sh); });
          const lo = Math.min.apply(null, d), hi = Math.max.apply(null, d);
          text = (lo === hi ? lo : lo + "–" + hi) + " hex" + (hi === 1 ? "" : "es") + " away";
        }
        items.push(A.el("li", { "data-shade": String(n) }, [A.el("span", { class: "key key-reach-" + n }), " " + text]));
      });
    }
    if (sel) {
      items.push(A.el("li", {}, [A.el("span", { class: "key key-radar" }), " radar arc"]));
      items.push(A.el("li", {}, [A.el("span", { class: "key key-jam" }), " jamming arc"]));
      items.push(A.el("li", {}, [A.el("span", { class: "key key-sun" }), " sun clutter arc"]));
      items.push(A.el("li", {}, [A.el("span", { class: "key key-blind" }), " blind arc"]));
    }
    return A.el("div", { class: "board-legend", id: "map-legend" }, [
      A.el("ul", {}, items),
      A.el("p", { text: "Labels: the unit and its status, then its heading as an arrow and in degrees (↗060°: " +
        "heading 2 of 12, each 30° clockwise from north), alt altitude, spd speed; point at a unit for all of it. " +
        "A counter with a number is a stack: press it for the list of its units. Coordinates: q along the top, " +
        "r down the left edge along its line (↘), both followed by faint guides; zoomed in, each hex shows its " +
        "q,r. Select a unit (click, or Tab and Enter) for its data card and arcs." + (moving ? " " +
        reachSummary(moving) : "") }),
    ]);
  }

  function moveDistance(k, moving, sh) {
    return sh.dist ? sh.dist[k] : 0;
  }

  /* What the hexes offered allow, in words: the same everywhere, or shaded by it. */
  function reachSummary(moving) {
    const keys = Object.keys(moving.allowed);
    const texts = new Set(keys.map(function (k) { return E.reachText(moving.allowed[k]); }));
    if (moving.shading.by === "distance" && texts.size === 1) {
      return "Every hex offered allows " + Array.from(texts)[0] + "; the shade is how far the hex is, the darker the further. " +
        "Point at a hex for what it allows.";
    }
    return "The hexes offered are shaded by how many heading and altitude pairs the move allows there, " +
      "the darker the more; point at one for its headings and altitudes.";
  }

  function showCard(node, u) {
    const box = node.querySelector("#unit-card");
    if (!box) return;
    A.clear(box);
    const head = A.el("h3", { text: (u.label || u.id) + (u.type ? " · " + u.type : "") });
    box.appendChild(head);
    /* where it is and how it flies, as the view gives it, in words */
    box.appendChild(A.el("p", { class: "unit-now", text: G.fullText(u) + (u.hex ? " · hex " + u.hex : "") }));
    const name = u.type && u.type !== "unidentified" ? u.type : null;
    if (!name) {
      box.appendChild(A.el("p", { class: "hint", text: u.radar_contact ? "A radar contact: no type, so no data card." :
        "Not identified: no data card." }));
      return;
    }
    const fill = function (card) {
      if (!box.isConnected || E.mapStore(node).selected !== u.id) return;
      if (card.error) { box.appendChild(A.el("p", { class: "hint", text: card.error })); return; }
      box.appendChild(A.el("p", { class: "hint", text: card.title + (card.role ? " (" + card.role + ")" : "") +
        (card.note ? ". " + card.note : "") }));
      /* a pilot's card: the server's sections in plain words with units (the terminal's
         too), each house value's reason on hover (GS-62) */
      const parts = [];
      card.sections.forEach(function (sec) {
        parts.push(A.el("tr", { class: "card-section" }, [A.el("th", { scope: "colgroup", colspan: "2", text: sec.title })]));
        sec.rows.forEach(function (r) {
          parts.push(A.el("tr", {}, [A.el("th", { scope: "row", text: r.label }),
            A.el("td", { text: r.value, title: r.house ? "house value: " + r.house : null })]));
        });
      });
      box.appendChild(A.el("div", { class: "table-scroll card-scroll", tabindex: "0", role: "region",
        "aria-label": "Data card of " + card.name }, [A.el("table", { class: "card" }, [A.el("tbody", {}, parts)])]));
    };
    if (E.cards[name]) { fill(E.cards[name]); return; }
    A.api("GET", "/api/gunslingers/types/" + encodeURIComponent(name)).then(function (c) {
      E.cards[name] = c; fill(c);
    }).catch(function (e) {
      E.cards[name] = { error: "No data card: " + e.message };
      fill(E.cards[name]);
    });
  }

  function stepper(v) {
    const box = A.el("div", { class: "panel", id: "stepper" });
    box.appendChild(A.el("h2", { text: "Turn " + v.turn + (v.terminal ? " (over)" : "") }));
    if (!E.sequence()) { box.appendChild(A.el("p", { text: v.phase + ", step " + v.step })); return box; }
    const ol = A.el("ol", { class: "phases" });
    E.sequence().forEach(function (p) {
      const here = p.name === v.phase;
      const li = A.el("li", { class: here ? "current" : "" }, [A.el(here ? "strong" : "span", { text: p.name })]);
      if (here) {
        li.appendChild(A.el("ol", {}, p.steps.map(function (t, i) {
          return A.el("li", { class: i + 1 === v.step ? "current-step" : "", "data-step": String(i + 1),
            text: t + (i + 1 === v.step ? "  ◀" : "") });
        })));
      }
      ol.appendChild(li);
    });
    box.appendChild(ol);
    return box;
  }

  function roster(v) {
    const box = A.el("div", { class: "panel", id: "roster" });
    box.appendChild(A.el("h2", { text: "Units" }));
    const rows = E.units(v).map(function (u) {
      const status = [];
      if (u.alive === false) status.push("lost");
      (u.status || []).forEach(function (s) { status.push(s); });
      if (u.sighted) status.push("sighted");
      if (u.radar_contact) status.push("radar contact");
      if (u.locks && u.locks.length) status.push("locked on " + u.locks.join(", "));
      if (u.padlocks && u.padlocks.length) status.push("padlock " + u.padlocks.join(", "));
      const stores = u.missiles ? Object.keys(u.missiles).map(function (k) { return k + "×" + u.missiles[k]; })
        .concat(u.chaff !== undefined ? ["chaff " + u.chaff, "flares " + u.flares] : []).join(", ") : "";
      return A.el("tr", { "data-unit": u.id }, [
        A.el("td", { text: u.id }), A.el("td", { text: u.type || u.kind.replace("_", " ") }),
        A.el("td", { class: "side", text: u.side || "?" }), A.el("td", { text: u.hex || "" }),
        A.el("td", { text: u.heading !== undefined && u.heading !== null ? G.heading(u.heading).arrow + " " +
          G.heading(u.heading).three + " (" + u.heading + ")" : "", title: u.heading !== undefined && u.heading !== null ?
          "heading " + u.heading + " of 12, " + G.heading(u.heading).words : null }),
        A.el("td", { text: u.altitude !== undefined ? String(u.altitude) : "" }),
        A.el("td", { text: u.speed !== undefined && u.speed !== null ? String(u.speed) : "" }),
        A.el("td", { text: status.join(", ") || "ok" }), A.el("td", { class: "mods", text: stores }),
      ]);
    });
    /* a phone scrolls the table inside its own box, never the page */
    box.appendChild(A.el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Units table" }, [
      A.el("table", {}, [
        A.el("thead", {}, [A.el("tr", {}, ["Unit", "Type", "Side", "Hex", "Heading", "Altitude", "Speed", "Status", "Stores"]
          .map(function (h) { return A.el("th", { scope: "col", text: h }); }))]),
        A.el("tbody", {}, rows)])]));
    const sides = v.sides || {};
    box.appendChild(A.el("p", { text: Object.keys(sides).map(function (s) {
      return s + ": " + sides[s].kills + " kills"; }).join(" · ") }));
    return box;
  }

  function replayUrl() {
    const g = document.getElementById("game");
    if (!g || !g.dataset.gameId) return null;
    const seat = A.param("seat");
    return A.url("/games/" + g.dataset.gameId + "/replay") + (seat ? "?seat=" + encodeURIComponent(seat) : "");
  }

  function extra(node, data) {
    A.clear(node);
    const vic = data.view.victory;
    if (vic && vic.over) node.appendChild(A.gunslingersResult.panel(vic, replayUrl()));
    node.appendChild(stepper(data.view));
    node.appendChild(roster(data.view));
    if (vic && !vic.over) node.appendChild(A.gunslingersResult.panel(vic, null));
  }

  /* the result panel: who won, how decisively, the points (GS-85) */
  function result(data) {
    const r = A.gunslingersResult.summary(data.view && data.view.victory);
    return r || { title: "Game over", detail: "" };
  }

  function label(word) {
    const m = /^h(\d+)$/.exec(word);
    if (m) return "heading " + m[1] + " (" + 30 * Number(m[1]) + "°)";
    const a = /^a(\d+)$/.exec(word);
    if (a) return "altitude " + a[1];
    return word;
  }

  Object.assign(E, {
    legend: legend, moveDistance: moveDistance, reachSummary: reachSummary, showCard: showCard,
    stepper: stepper, roster: roster, replayUrl: replayUrl, extra: extra, result: result,
    label: label,
  });
})(window.Airwar);
