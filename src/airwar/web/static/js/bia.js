/* The Bounce Into Action calculator: hit number, modifiers and exact odds as a bar. */
"use strict";
(function (A) {
  const form = document.getElementById("bia-form");
  const shotsBox = document.getElementById("shots");
  const out = document.getElementById("result-body");
  const errorBox = document.getElementById("bia-error");
  let choices = null;

  function opts(values, labels) {
    return values.map(function (v, i) { return A.el("option", { value: v, text: labels ? labels[i] : v }); });
  }

  function shotRow() {
    const n = shotsBox.children.length;
    const sys = A.el("select", { name: "system", "aria-label": "system " + (n + 1), class: "shot-system" },
      choices.systems.map(function (s) {
        return A.el("option", { value: s.key, text: s.name + " (" + s.dice + ", " + s.range + ")" });
      }));
    const firer = A.el("select", { name: "firer", "aria-label": "firer " + (n + 1), class: "shot-firer" },
      opts(choices.firers));
    const fs = A.el("select", { name: "firer_speed", "aria-label": "firer speed " + (n + 1), class: "shot-fs",
      title: "the speed the firing aircraft flies in its current posture (BIA-18)" },
      opts(choices.speeds));
    const fm = A.el("select", { name: "firer_manoeuvrability", "aria-label": "firer manoeuvrability " + (n + 1),
      class: "shot-fm" }, opts(choices.manoeuvrabilities));
    const rng = A.el("input", { type: "number", name: "range_km", step: "0.1", min: "0", placeholder: "range km",
      "aria-label": "range in km " + (n + 1), class: "shot-range" });
    const air = A.el("span", { class: "air", hidden: true }, [fs, fm]);
    firer.addEventListener("change", function () { air.hidden = firer.value !== "aircraft"; });
    const remove = A.el("button", { type: "button", text: "remove", onclick: function () {
      if (shotsBox.children.length > 1) row.remove();
    } });
    const row = A.el("div", { class: "row shot" }, [sys, firer, air, rng, remove]);
    shotsBox.appendChild(row);
  }

  function bar(p) {
    const parts = [["kill", "shot down", p.p_shot_down], ["damage", "damaged", p.p_damaged],
      ["miss", "miss", p.p_miss]];
    return A.el("div", { class: "bar", role: "img", "aria-label": parts.map(function (x) {
      return x[1] + " " + A.pct(x[2]); }).join(", ") },
    parts.map(function (x) {
      const w = A.pct(x[2]);
      return A.el("span", { class: x[0], style: "width:" + w, title: x[1] + ": " + A.oddsText(x[2]),
        text: parseFloat(w) >= 18 ? x[1] + " " + w : "" });
    }));
  }

  function oddsList(p) {
    return A.el("dl", { class: "kv" }, [
      A.el("dt", { text: "shot down" }), A.el("dd", { class: "odds p-shot-down", text: A.oddsText(p.p_shot_down) }),
      A.el("dt", { text: "damaged" }), A.el("dd", { class: "odds p-damaged", text: A.oddsText(p.p_damaged) }),
      A.el("dt", { text: "miss" }), A.el("dd", { class: "odds p-miss", text: A.oddsText(p.p_miss) }),
    ]);
  }

  /* Which natural rolls shoot the aircraft down, which damage it, which miss. */
  const ONE_ROLL = { "shot down": "shoots it down", damaged: "damages it", miss: "misses" };
  const ROLLS = { "shot down": "shoot it down", damaged: "damage it", miss: "miss" };
  function rollsText(rolls) {
    return rolls.map(function (r) {
      if (r.low === r.high) return r.low + " " + (ONE_ROLL[r.effect] || r.effect);
      return r.low + " to " + r.high + " " + (ROLLS[r.effect] || r.effect);
    }).join("; ");
  }

  function shotBlock(s, i, many) {
    return A.el("div", { class: "shot-result" }, [
      A.el("h3", { text: (many ? "Shot " + (i + 1) + ": " : "") + (s.name || s.system) + " (" + s.dice + ")" }),
      s.rolls && s.rolls.length ? A.el("p", { class: "roll-effects", text: "On " + s.dice + ": " +
        rollsText(s.rolls) + "." }) : null,
      A.el("p", {}, ["Hit number ", A.el("strong", { class: "hit-number", text: String(s.hit_number) }),
        ": hit chance ", A.el("span", { class: "odds", text: A.oddsText(s.p_hit) })]),
      A.el("ul", { class: "mods" }, s.modifiers.map(function (m) { return A.el("li", { text: A.modText(m) }); })),
      s.notes.length ? A.el("ul", {}, s.notes.map(function (n) { return A.el("li", { text: n }); })) : null,
      bar(s), oddsList(s),
    ]);
  }

  form.addEventListener("submit", async function (e) {
    e.preventDefault();
    errorBox.textContent = "";
    const target = {
      speed: document.getElementById("t-speed").value,
      manoeuvrability: document.getElementById("t-man").value,
      pilot: document.getElementById("t-pilot").value,
      first_pass: document.getElementById("t-first").checked,
      dogfighting: document.getElementById("t-dog").checked,
      passes: document.getElementById("t-passes").checked,
      loiter_turns: Number(document.getElementById("t-loiter").value || 0),
      pacifier: document.getElementById("t-pac").checked,
    };
    const shots = Array.from(shotsBox.querySelectorAll(".shot")).map(function (row) {
      const s = { system: row.querySelector(".shot-system").value, firer: row.querySelector(".shot-firer").value };
      if (s.firer === "aircraft") {
        s.firer_speed = row.querySelector(".shot-fs").value;
        s.firer_manoeuvrability = row.querySelector(".shot-fm").value;
      }
      const r = row.querySelector(".shot-range").value;
      if (r !== "") s.range_km = Number(r);
      return s;
    });
    const second = document.getElementById("o-second").checked;
    const allSpeeds = document.getElementById("o-all-speeds").checked;
    try {
      A.clear(out);
      if (shots.length === 1) {
        const body = Object.assign({ target: target, loiter_from_second_turn: second,
          first_pass_all_speeds: allSpeeds }, shots[0]);
        const r = await A.api("POST", "/api/bia/air-defence", body);
        out.appendChild(shotBlock(r, 0, false));
      } else {
        const r = await A.api("POST", "/api/bia/volley", { target: target, shots: shots,
          loiter_from_second_turn: second, first_pass_all_speeds: allSpeeds,
          damaged_twice_shot_down: document.getElementById("o-twice").checked });
        out.appendChild(A.el("h3", { text: "Volley of " + shots.length + " shots" }));
        out.appendChild(A.el("div", { id: "volley-result" }, [bar(r.volley), oddsList(r.volley)]));
        r.shots.forEach(function (s, i) { out.appendChild(shotBlock(s, i, true)); });
      }
    } catch (err) {
      errorBox.textContent = err.message;
      out.appendChild(A.el("p", { class: "hint", text: "Nothing was calculated." }));
    }
  });

  (async function () {
    choices = await A.api("GET", "/api/bia/choices");
    const sp = document.getElementById("t-speed"), mn = document.getElementById("t-man");
    opts(choices.speeds).forEach(function (o) { sp.appendChild(o); });
    opts(choices.manoeuvrabilities).forEach(function (o) { mn.appendChild(o); });
    const pilot = document.getElementById("t-pilot");
    Object.entries(choices.pilots).forEach(function (kv) {
      pilot.appendChild(A.el("option", { value: kv[0], selected: kv[1] === 0 ? true : null,
        text: kv[0] + " (" + (kv[1] >= 0 ? "+" : "") + kv[1] + " to the hit number)" }));
    });
    shotRow();
    document.getElementById("add-shot").addEventListener("click", shotRow);
    document.body.dataset.ready = "yes";
  })();
})(window.Airwar);
