/* The start page's "Play Gunslingers solo": a scenario, a side, one click. The other
   side is the strongest AI the server has, the referee automatic; the game's only link
   is the player's own, held by this browser. */
"use strict";
(function (A) {
  const form = document.getElementById("solo-form");
  if (!form) return;
  const scenario = document.getElementById("solo-scenario");
  const side = document.getElementById("solo-side");
  const errorBox = document.getElementById("solo-error");
  const button = document.getElementById("solo-play");

  let asked = 0;

  /* the sides of the scenario chosen; only the answer to the last choice is shown */
  async function showSides() {
    const mine = ++asked;
    A.clear(side);
    if (!scenario.value) return;
    try {
      const p = await A.api("POST", "/api/gunslingers/preview", { example: scenario.value });
      if (mine !== asked) return;
      A.clear(side);
      p.sides.forEach(function (s) { side.appendChild(A.el("option", { value: s, text: s })); });
      errorBox.textContent = "";
    } catch (e) {
      errorBox.textContent = e.message;
    }
  }

  A.api("GET", "/api/gunslingers/solo").then(function (info) {
    document.getElementById("solo-bot").textContent = info.bot;
    info.examples.forEach(function (x) {
      scenario.appendChild(A.el("option", { value: x.name, text: x.title }));
    });
    form.dataset.ready = "yes";
    return showSides();
  }).catch(function (e) { errorBox.textContent = e.message; });

  scenario.addEventListener("change", showSides);

  form.addEventListener("submit", async function (ev) {
    ev.preventDefault();
    errorBox.textContent = "";
    button.disabled = true;
    try {
      const made = await A.api("POST", "/api/gunslingers/solo", { example: scenario.value, side: side.value });
      const mine = made.links.filter(function (l) { return l.kind === "human"; })[0];
      window.location.assign(A.url(mine.url));
    } catch (e) {
      errorBox.textContent = e.message;
      button.disabled = false;
    }
  });
})(window.Airwar);
