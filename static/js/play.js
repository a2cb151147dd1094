// The refereed match table: response-window countdowns and the payment count check.
// The table itself is redrawn by htmx (polling and after each action); everything here is delegated.
(function () {
  "use strict";

  function tick() {
    document.querySelectorAll(".countdown[data-seconds]").forEach(function (el) {
      var left = parseInt(el.getAttribute("data-seconds"), 10);
      if (isNaN(left)) return;
      left = Math.max(0, left - 1);
      el.setAttribute("data-seconds", String(left));
      el.textContent = String(left);
    });
  }
  setInterval(tick, 1000);

  // The running chess clock counts down between redraws (the server's figure wins at each redraw).
  function clockText(s) {
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    var mm = h ? (m < 10 ? "0" + m : String(m)) : String(m);
    return (h ? h + ":" : "") + mm + ":" + (sec < 10 ? "0" + sec : String(sec));
  }
  setInterval(function () {
    document.querySelectorAll(".clock-time[data-clock]").forEach(function (el) {
      var left = parseInt(el.getAttribute("data-clock"), 10);
      if (isNaN(left)) return;
      left = Math.max(0, left - 1);
      el.setAttribute("data-clock", String(left));
      el.textContent = clockText(left);
    });
  }, 1000);

  function checkPayment(form) {
    var need = parseInt(form.getAttribute("data-count"), 10);
    if (isNaN(need)) return;
    // The ticked boxes carry the name of the action field they fill (data-field, PaymentChoice.field).
    var field = form.getAttribute("data-field") || "payment";
    var chosen = form.querySelectorAll('input[type=checkbox][name="' + field + '"]:checked').length;
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = chosen !== need;
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.control[data-count]");
    if (form) checkPayment(form);
  });

  function initPayments(root) {
    (root || document).querySelectorAll("form.control[data-count]").forEach(checkPayment);
  }
  document.addEventListener("DOMContentLoaded", function () { initPayments(document); });
  document.addEventListener("htmx:afterSwap", function () { initPayments(document); });
})();

// Card texts: a card's name on the table (hand, battlefield, feed, the enemy hand seen) is a button; its text
// shows on hover, on keyboard focus and on tap (a tap or Enter pins it, Escape or a tap elsewhere hides it).
// The texts are in the table (.card-texts, hidden); the panel lives outside it, so a redraw keeps it pinned.
(function () {
  "use strict";

  var shown = null;   // the chip whose text is shown
  var pinned = false;

  function panel() { return document.getElementById("card-panel"); }

  function textOf(name) {
    var found = null;
    document.querySelectorAll("#play-table [data-card-text]").forEach(function (el) {
      if (!found && el.getAttribute("data-card-text") === name) found = el;
    });
    return found;
  }

  // A chip is described by its card's text without the name (the chip's own words): heard once.
  function link() {
    document.querySelectorAll("#play-table .card-chip").forEach(function (chip) {
      var text = textOf(chip.getAttribute("data-card"));
      if (!text) return;
      var about = text.querySelector(".card-about") || text;
      if (about !== text && !about.id) about.id = text.id + "-about";
      chip.setAttribute("aria-describedby", about.id);
    });
  }

  function place(chip, box) {
    var r = chip.getBoundingClientRect();
    box.style.left = "0px";
    box.style.top = "0px";
    var width = box.offsetWidth;
    var room = document.documentElement.clientWidth;
    var left = Math.max(8, Math.min(r.left, room - width - 8));
    box.style.left = (left + window.scrollX) + "px";
    box.style.top = (r.bottom + window.scrollY + 4) + "px";
  }

  function show(chip) {
    var box = panel();
    var text = textOf(chip.getAttribute("data-card"));
    if (!box || !text) return;
    if (shown && shown !== chip) shown.setAttribute("aria-expanded", "false");
    box.innerHTML = text.innerHTML;
    box.hidden = false;
    place(chip, box);
    chip.setAttribute("aria-expanded", "true");
    shown = chip;
  }

  function hide() {
    var box = panel();
    if (box) box.hidden = true;
    if (shown) shown.setAttribute("aria-expanded", "false");
    shown = null;
    pinned = false;
  }

  function chipOf(target) { return target && target.closest ? target.closest("#play-table .card-chip") : null; }

  document.addEventListener("mouseover", function (e) { var c = chipOf(e.target); if (c && !pinned) show(c); });
  document.addEventListener("mouseout", function (e) { if (chipOf(e.target) && !pinned) hide(); });
  document.addEventListener("focusin", function (e) { var c = chipOf(e.target); if (c && !pinned) show(c); });
  document.addEventListener("focusout", function (e) { if (chipOf(e.target) && !pinned) hide(); });
  document.addEventListener("click", function (e) {
    var c = chipOf(e.target);
    if (c) {
      if (pinned && shown === c) { hide(); return; }
      show(c);
      pinned = true;
    } else if (pinned && !(e.target.closest && e.target.closest("#card-panel"))) {
      hide();
    }
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape" && shown) hide(); });

  function redrawn() {
    link();
    if (!shown) return;
    // The table was redrawn: show the same card's text again at its new button, if it is still there.
    var name = shown.getAttribute("data-card"), keep = pinned, again = null;
    document.querySelectorAll("#play-table .card-chip").forEach(function (c) {
      if (!again && c.getAttribute("data-card") === name) again = c;
    });
    hide();
    if (again && keep) { show(again); pinned = true; }
  }
  document.addEventListener("DOMContentLoaded", link);
  document.addEventListener("htmx:afterSwap", redrawn);
})();
