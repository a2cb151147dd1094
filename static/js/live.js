// Live play: the table (#play-table, a seat's or a spectator's) is pushed over a websocket
// (matches/consumers.py). On every (re)connect the page sends the version it drew and gets what is
// missing; while the socket is open, the table's htmx polling sends nothing, and a seat's presence
// (abandonment claims) goes over the socket every 30 s instead of the page's presence POST. When the
// socket cannot open, or drops, the page polls and POSTs as before and reconnects with a growing pause.
// A seat's action (a control's form) goes over the open socket instead of its htmx POST: the answer is
// the player's table ("table") or the table with the refusal ("refused"); the opponent is pushed his.
(function () {
  "use strict";

  var socket = null;
  var open = false;
  var retry = 0;

  function table() { return document.getElementById("play-table"); }

  function socketUrl(el) {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + el.getAttribute("data-socket");
  }

  function swap(html) {
    var el = table();
    if (!el) return;
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var next = holder.firstElementChild;
    if (!next) return;
    el.replaceWith(next);
    if (window.htmx) window.htmx.process(next);
    document.dispatchEvent(new CustomEvent("junling:pushed", { detail: { version: next.getAttribute("data-version") } }));
    // play.js listens for htmx:afterSwap to set up payment checks; a pushed table needs the same.
    next.dispatchEvent(new CustomEvent("htmx:afterSwap", { bubbles: true }));
  }

  function onMessage(event) {
    var data;
    try { data = JSON.parse(event.data); } catch (e) { return; }
    var el = table();
    if (data.type === "table" && el && data.version !== el.getAttribute("data-version")) swap(data.html);
    if (data.type === "refused" && el) swap(data.html); // the same version, with the refusal said
    if (data.type === "error") poll(); // an action the socket could not take: redraw from the server
    if (el) el.setAttribute("data-live", "1");
  }

  function poll() {
    // Back to polling: redraw the table from the server (its fragment polls every few seconds).
    var el = table();
    if (!el || !window.htmx) return;
    window.htmx.ajax("GET", el.getAttribute("data-poll-url"), { target: "#play-table", swap: "outerHTML" });
  }

  function connect() {
    var el = table();
    if (!el || !el.getAttribute("data-socket") || !("WebSocket" in window)) return;
    try { socket = new WebSocket(socketUrl(el)); } catch (e) { return; }
    socket.onopen = function () {
      open = true;
      retry = 0;
      var current = table();
      socket.send(JSON.stringify({ type: "sync", version: current ? current.getAttribute("data-version") : null }));
    };
    socket.onmessage = onMessage;
    socket.onclose = function (event) {
      var wasOpen = open;
      open = false;
      var el = table();
      if (el) el.removeAttribute("data-live");
      if (event.code === 4403) return; // refused: this page polls (and shows what the server says)
      // 4503 (the channel layer unreachable): the page polls meanwhile and tries the socket again below
      if (wasOpen) poll();
      retry = Math.min(retry + 1, 6);
      window.setTimeout(connect, 1000 * Math.pow(2, retry - 1));
    };
  }

  // While the socket is open, the table's own polling requests are not sent, nor the presence POST
  // (#play-present, a seat's page only): the socket says the player is here.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var verb = event.detail && event.detail.requestConfig && event.detail.requestConfig.verb;
    if (open && elt && ((elt.id === "play-table" && verb === "get") || elt.id === "play-present")) {
      event.preventDefault();
    }
    if (open && elt && verb === "post" && elt.tagName === "FORM" && elt.classList.contains("control")) {
      event.preventDefault();
      sendAction(elt);
    }
  });

  function sendAction(form) {
    // The control's fields as the POST would carry them (the CSRF token aside: the socket is the player's own).
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    socket.send(JSON.stringify({ type: "act", form: fields }));
  }

  window.setInterval(function () {
    if (open && socket && document.getElementById("play-present")) socket.send(JSON.stringify({ type: "present" }));
  }, 30000);

  document.addEventListener("DOMContentLoaded", connect);
})();
