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
