// The drawn board (templates/tables/_board.html): choosing a place (a click, or Enter or Space on the focused
// place) shows its panel (who holds it, the pieces, the actions there as buttons that confirm them) and hides
// the others. Delegated from the document: the table is redrawn by every push and poll.
// On an editable board (the map page, for those who may import maps) a place is also dragged, or moved by the
// arrow keys (Shift: further); the positions moved go into the layout form's hidden field as {place: [x, y]}.
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
    // The panel's heading takes the focus, not its first action: the key that chose the place must not also
    // press the action (an action is confirmed by its own button, Tab then Enter).
    var heading = panel.querySelector("h3");
    if (heading) heading.focus({ preventScroll: true });
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
    var steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (spot && steps[event.key] && editable(spot)) {
      event.preventDefault();
      var by = event.shiftKey ? 50 : 10;
      var at = where(spot);
      move(spot, at[0] + steps[event.key][0] * by, at[1] + steps[event.key][1] * by);
    }
  });

  function editable(spot) {
    var board = spot.closest(".board-drawn");
    return board && board.getAttribute("data-editable") === "1";
  }

  function where(spot) {
    var moved = spot.getAttribute("data-moved");
    if (moved) return JSON.parse(moved);
    return [parseFloat(spot.getAttribute("data-x")), parseFloat(spot.getAttribute("data-y"))];
  }

  function move(spot, x, y) {
    // The place's shapes keep their drawn coordinates and are translated; the lines that end there follow.
    x = Math.round(Math.min(10000, Math.max(0, x)) * 10) / 10;
    y = Math.round(Math.min(10000, Math.max(0, y)) * 10) / 10;
    var x0 = parseFloat(spot.getAttribute("data-x"));
    var y0 = parseFloat(spot.getAttribute("data-y"));
    spot.setAttribute("transform", "translate(" + (x - x0) + " " + (y - y0) + ")");
    spot.setAttribute("data-moved", JSON.stringify([x, y]));
    var place = spot.getAttribute("data-place");
    var svg = spot.closest("svg");
    svg.querySelectorAll("line.link").forEach(function (line) {
      if (line.getAttribute("data-a") === place) { line.setAttribute("x1", x); line.setAttribute("y1", y); }
      if (line.getAttribute("data-b") === place) { line.setAttribute("x2", x); line.setAttribute("y2", y); }
    });
    var field = document.querySelector("#layout-form input[name=positions]");
    if (!field) return;
    var positions = field.value ? JSON.parse(field.value) : {};
    positions[place] = [x, y];
    field.value = JSON.stringify(positions);
  }

  var dragging = null;
  document.addEventListener("pointerdown", function (event) {
    var spot = event.target.closest && event.target.closest(".board-svg .spot");
    if (spot && editable(spot)) {
      dragging = spot;
      spot.setPointerCapture(event.pointerId);
    }
  });
  document.addEventListener("pointermove", function (event) {
    if (!dragging) return;
    var svg = dragging.closest("svg");
    var point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    var at = point.matrixTransform(svg.getScreenCTM().inverse());
    move(dragging, at.x, at.y);
  });
  document.addEventListener("pointerup", function () { dragging = null; });
})();
