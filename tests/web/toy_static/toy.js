/* The renderer of the test-only game "toy-web", served from its own package's folder
   (tests/web/test_parts.py): the generic renderer, with the game's own status line. */
"use strict";
(function (A) {
  A.renderers["toy-web"] = Object.assign({}, A.genericRenderer, {
    status: function (data) {
      return data.status === "finished" ? "Toy over." : "Toy total " + data.view.total;
    },
  });
})(window.Airwar);
