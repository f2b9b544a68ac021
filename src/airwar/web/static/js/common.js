/* Shared helpers of every airwar page: the JSON API, DOM building, rolls and log lines. */
"use strict";
window.Airwar = window.Airwar || {};
(function (A) {
  /* The path the app is served under: "" at the root, "/airwar" behind a proxy that
     mounts it there. A.url puts it before an app path ("/api/...", "/games/..."). */
  A.root = document.body.dataset.root || "";
  A.url = function (path) { return path.charAt(0) === "/" ? A.root + path : path; };

  A.api = async function (method, url, body) {
    const opts = { method: method, headers: { "Accept": "application/json" } };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(A.url(url), opts);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const err = new Error(A.problemText(data, res.status));
      err.status = res.status;
      throw err;
    }
    return data;
  };

  A.problemText = function (data, status) {
    if (!data || data.detail === undefined) return "request failed (" + status + ")";
    if (typeof data.detail === "string") return data.detail;
    if (Array.isArray(data.detail)) {
      const lines = data.detail.map(function (d) {
        if (d.text) return d.text;  /* the server's own words, the place said once */
        const place = A.placeWords(d.loc || []);
        const msg = String(d.msg || "");
        return place ? place + ": " + msg : msg.charAt(0).toUpperCase() + msg.slice(1);
      });
      return lines.filter(function (l, i) { return lines.indexOf(l) === i; }).join("; ");
    }
    return JSON.stringify(data.detail);
  };

  /* A problem's place in words: ["body", "shots", 0, "range_km"] -> "Shot 1, range km". */
  A.placeWords = function (loc) {
    const out = [];
    for (let i = 0; i < loc.length; i++) {
      const k = loc[i];
      if (i === 0 && (k === "body" || k === "query" || k === "path")) continue;
      if (typeof k === "number") { out.push("item " + (k + 1)); continue; }
      const word = String(k).replace(/_/g, " ");
      if (typeof loc[i + 1] === "number") {
        const one = word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
        out.push(one.charAt(0).toUpperCase() + one.slice(1) + " " + (loc[i + 1] + 1));
        i++;
      } else out.push(word);
    }
    const text = out.join(", ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  };

  A.el = function (tag, attrs, children) {
    const e = document.createElement(tag);
    Object.entries(attrs || {}).forEach(function (kv) {
      const k = kv[0], v = kv[1];
      if (v === undefined || v === null || v === false) return;
      if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      // through the style object: the page's Content-Security-Policy refuses style attributes
      else if (k === "style") e.style.cssText = v;
      else e.setAttribute(k, v === true ? "" : v);
    });
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return e;
  };

  A.clear = function (node) { while (node.firstChild) node.removeChild(node.firstChild); };

  A.param = function (name) { return new URLSearchParams(window.location.search).get(name); };

  A.pct = function (frac) {
    if (frac === undefined || frac === null) return "";
    const parts = String(frac).split("/");
    const v = parts.length === 2 ? Number(parts[0]) / Number(parts[1]) : Number(frac);
    return (100 * v).toFixed(1) + "%";
  };

  /* Odds in words: "1/6 (16.7%)"; none at all "never (cannot happen)"; sure "always". */
  A.oddsText = function (frac) {
    const parts = String(frac).split("/");
    if (parts.length === 2 && Number(parts[0]) === 0) return "never (cannot happen)";
    if (parts.length === 2 && parts[0] === parts[1]) return "always";
    return frac + " (" + A.pct(frac) + ")";
  };

  A.modText = function (m) {
    const v = m.value >= 0 ? "+" + m.value : String(m.value);
    return m.reason + " " + v + (m.rule ? " (" + m.rule + ")" : "");
  };

  /* A roll that no result of the dice can change (needs 1+ or 7+ on a d6): automatic, not a
     check. One whose modifiers make it a sum (movement points and the like) is told as a sum. */
  A.automaticRoll = function (ev) {
    return ev.type === "roll" && (ev.p_success === "0/1" ||
      (ev.p_success === "1/1" && !(ev.modifiers || []).length));
  };

  A.automaticRollItem = function (ev) {
    const sure = ev.p_success === "1/1";
    return A.el("li", { class: "automatic " + (sure ? "success" : "failure"), "data-seq": ev.seq,
      "data-automatic": sure ? "success" : "failure" }, [
      A.el("strong", { text: ev.name + (ev.rule ? " (" + ev.rule + ")" : "") }), " ",
      ev.dice + " rolled ", A.el("strong", { text: String(ev.roll) }),
      A.el("div", { class: "mods", text: sure ? "automatic: no roll can fail (not a check)" :
        "automatic failure: no roll can succeed (not a check)" }),
    ]);
  };

  /* A roll event explained: what it was for, the dice, the number, each modifier, the odds. */
  A.rollItem = function (ev) {
    if (A.automaticRoll(ev)) return A.automaticRollItem(ev);
    if (ev.p_success === "1/1" && (ev.modifiers || []).length) return A.plainRollItem(ev);
    const need = ev.comparison === "at_least" ? ev.target + "+" : ev.target + "-";
    const mods = (ev.modifiers || []).map(A.modText).join("; ");
    const outcome = ev.success ? "success" : "failure";
    return A.el("li", { class: outcome, "data-seq": ev.seq }, [
      A.el("strong", { text: ev.name + (ev.rule ? " (" + ev.rule + ")" : "") }), " ",
      ev.dice + ", needs " + need + (ev.effective_target !== undefined &&
        ev.effective_target !== ev.target ? " (natural " + ev.effective_target + ")" : ""),
      mods ? A.el("div", { class: "mods", text: "modifiers: " + mods }) : null,
      A.el("div", {}, [
        "chance ", A.el("span", { class: "odds", text: A.oddsText(ev.p_success) }),
        " · rolled ", A.el("strong", { text: String(ev.roll) }),
        ": " + (ev.outcome_text || (ev.success ? "success" : "failure")),
      ]),
    ]);
  };

  /* A roll that cannot fail (movement points and the like): the dice, modifiers and the sum. */
  A.plainRollItem = function (ev) {
    const mods = ev.modifiers || [];
    const total = mods.reduce(function (a, m) { return a + m.value; }, ev.roll);
    return A.el("li", { class: "success", "data-seq": ev.seq }, [
      A.el("strong", { text: ev.name + (ev.rule ? " (" + ev.rule + ")" : "") }), " ",
      ev.dice + " " + mods.map(function (m) { return (m.value >= 0 ? "+ " : "- ") + Math.abs(m.value) +
        " " + m.reason; }).join(" "),
      A.el("div", {}, ["rolled ", A.el("strong", { text: String(ev.roll) }), " = " + total]),
    ]);
  };

  /* One entry of the log: the game's own line when it narrates the event (the server adds
     it), otherwise its fields. */
  A.logText = function (ev) {
    if (ev.line) return ev.line;
    if (ev.text) return ev.text;
    if (ev.message) return ev.message;
    if (A.automaticRoll(ev)) {
      return ev.name + ": rolled " + ev.roll + " (automatic " +
        (ev.p_success === "1/1" ? "success" : "failure") + ")";
    }
    if (ev.type === "roll" && ev.p_success === "1/1" && (ev.modifiers || []).length) {
      const total = ev.modifiers.reduce(function (a, m) { return a + m.value; }, ev.roll);
      return ev.name + ": rolled " + ev.roll + ", total " + total;
    }
    if (ev.type === "roll") {
      return ev.name + ": rolled " + ev.roll + " (" + (ev.success ? "success" : "failure") +
        ", chance " + ev.p_success + ")";
    }
    const fields = Object.entries(ev).filter(function (kv) {
      return kv[0] !== "type" && kv[0] !== "seq";
    }).map(function (kv) {
      const v = kv[1];
      return kv[0] + "=" + (typeof v === "object" ? JSON.stringify(v) : v);
    });
    return ev.type.replace(/_/g, " ") + (fields.length ? ": " + fields.join(", ") : "");
  };

  /* A list that scrolls in its own box can be reached and scrolled with the keyboard. */
  A.scrollable = function (node, label) {
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
    if (!node.hasAttribute("aria-label")) node.setAttribute("aria-label", label);
  };

  A.renderLog = function (ol, events, append) {
    A.scrollable(ol, "Log");
    if (!append) A.clear(ol);
    events.forEach(function (ev) {
      /* a game's line may hold several (a roll told before and after): one per row */
      const rows = A.logText(ev).split("\n");
      ol.appendChild(A.el("li", { "data-seq": ev.seq, class: "ev-" + ev.type },
        rows.reduce(function (out, row, i) { return i ? out.concat([A.el("br"), row]) : [row]; }, [])));
    });
    ol.scrollTop = ol.scrollHeight;
  };

  /* The faces of one die written "1dN" (null for other dice). */
  A.dieFaces = function (dice) {
    const m = /^1d([0-9]+)$/.exec(String(dice || ""));
    return m && Number(m[1]) > 0 ? Number(m[1]) : null;
  };

  /* A plain roll (a "die" event: base initiative, roll-offs and the like): no number to
     reach, so its odds are those of each result; its modifiers and total when it has them. */
  A.dieItem = function (ev) {
    const mods = ev.modifiers || [];
    const faces = A.dieFaces(ev.dice);
    const total = ev.total !== undefined ? ev.total : mods.reduce(function (a, m) {
      return a + m.value; }, ev.roll);
    return A.el("li", { class: "plain", "data-seq": ev.seq, "data-kind": "die" }, [
      A.el("strong", { text: ev.purpose + (ev.rule ? " (" + ev.rule + ")" : "") }), " ",
      (ev.dice || "die") + ", no number to reach",
      mods.length ? A.el("div", { class: "mods", text: "modifiers: " +
        mods.map(A.modText).join("; ") }) : null,
      A.el("div", {}, [
        faces ? "each result " : "", faces ? A.el("span", { class: "odds",
          text: A.oddsText("1/" + faces) }) : null, faces ? " · " : "",
        "rolled ", A.el("strong", { text: String(ev.roll) }),
        mods.length ? " = " + total : "",
      ]),
    ]);
  };

  /* An aircraft's initiative number: its side's base roll plus its modifiers, each with its
     reason (low moves first within its category). */
  A.initiativeItem = function (ev) {
    const mods = ev.modifiers || [];
    return A.el("li", { class: "plain", "data-seq": ev.seq, "data-kind": "initiative" }, [
      A.el("strong", { text: "Initiative of " + ev.aircraft + (ev.rule ? " (" + ev.rule + ")" : "") }),
      " ", "side roll " + ev.side_roll + (ev.category ? " · " + ev.category : ""),
      A.el("div", { class: "mods", text: mods.length ? "modifiers: " + mods.map(A.modText).join("; ")
        : "no modifiers" }),
      A.el("div", {}, ["initiative number ", A.el("strong", { text: String(ev.number) }),
        " (low moves first)"]),
    ]);
  };

  /* Which events the Rolls panel shows, and how: checks ("roll"), plain rolls ("die") and
     the numbers made of a roll and its modifiers ("initiative"). A game may add its own. */
  A.rollRenderers = A.rollRenderers || {};
  A.rollRenderers.roll = A.rollRenderers.roll || function (ev) { return A.rollItem(ev); };
  A.rollRenderers.die = A.rollRenderers.die || function (ev) {
    return ev.purpose !== undefined && ev.roll !== undefined ? A.dieItem(ev) : null;
  };
  A.rollRenderers.initiative = A.rollRenderers.initiative || function (ev) {
    return ev.side_roll !== undefined && ev.number !== undefined ? A.initiativeItem(ev) : null;
  };

  A.renderRolls = function (ol, events, append) {
    A.scrollable(ol, "Rolls");
    if (!append) A.clear(ol);
    events.forEach(function (ev) {
      const render = Object.prototype.hasOwnProperty.call(A.rollRenderers, ev.type) ?
        A.rollRenderers[ev.type] : null;
      const item = render ? render(ev) : null;
      if (item) ol.appendChild(item);
    });
    ol.scrollTop = ol.scrollHeight;
  };

  A.renderers = A.renderers || {};
})(window.Airwar);
