// The drawn board (templates/tables/_board.html): choosing a place (a click, or Enter or Space on the focused
// place) shows its panel (who holds it, the pieces, the actions there as buttons that confirm them) and hides
// the others. Delegated from the document: the table is redrawn by every push and poll.
(function () {
  "use strict";

  function choose(spot) {
    var board = spot.closest(".board-drawn");
    if (!board) return;
    board.querySelectorAll(".spot").forEach(function (s) {
      s.classList.remove("selected");
      s.setAttribute("aria-pressed", "false");
    });
    board.querySelectorAll(".board-panel").forEach(function (p) { p.hidden = true; });
    spot.classList.add("selected");
    spot.setAttribute("aria-pressed", "true");
    var panel = document.getElementById(spot.getAttribute("data-panel"));
    if (!panel) return;
    panel.hidden = false;
    var first = panel.querySelector("button");
    if (first) first.focus({ preventScroll: true });
    panel.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("click", function (event) {
    var spot = event.target.closest && event.target.closest(".board-svg .spot");
    if (spot) choose(spot);
  });
  document.addEventListener("keydown", function (event) {
    var spot = event.target.closest && event.target.closest(".board-svg .spot");
    if (spot && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choose(spot);
    }
  });
})();
