// Behaviour that the Content Security Policy keeps out of inline attributes:
// <select data-autosubmit> submits its form on change; <form data-confirm="..."> asks first.
document.addEventListener("change", (event) => {
  const el = event.target;
  if (el instanceof HTMLSelectElement && el.hasAttribute("data-autosubmit") && el.form) el.form.submit();
});
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
});
// A table wider than a phone scrolls in its own box (junling.css); such a box must be reachable by
// keyboard (WCAG 2.1.1), so it gets a tab stop while, and only while, it scrolls.
function markScrollableTables() {
  for (const table of document.querySelectorAll("table")) {
    if (table.scrollWidth > table.clientWidth + 1) table.tabIndex = 0;
    else table.removeAttribute("tabindex");
  }
}
window.addEventListener("load", markScrollableTables);
window.addEventListener("resize", markScrollableTables);
document.addEventListener("htmx:afterSettle", markScrollableTables);
// <button data-print> prints the page (the print stylesheet hides everything but the pairings or slips).
document.addEventListener("click", (event) => {
  const el = event.target;
  if (el instanceof HTMLElement && el.hasAttribute("data-print")) window.print();
});
// The round clock (<p class="round-clock" data-ends="ISO time">): the server writes the end time in words;
// this counts down to it, once a second. Without JavaScript the end time is still there.
function tickRoundClocks() {
  for (const clock of document.querySelectorAll(".round-clock[data-ends]")) {
    const out = clock.querySelector(".countdown");
    const ends = Date.parse(clock.dataset.ends);
    if (!out || Number.isNaN(ends)) continue;
    const left = Math.round((ends - Date.now()) / 1000);
    const sign = left < 0 ? "+" : "";
    const s = Math.abs(left);
    const text = `${sign}${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    if (out.textContent !== text) out.textContent = text;
    clock.classList.toggle("overtime", left < 0);
  }
}
window.addEventListener("load", () => {
  tickRoundClocks();
  if (document.querySelector(".round-clock")) setInterval(tickRoundClocks, 1000);
});
// The step viewer: ← and → go to the previous and next entry (the links fetch the step without a full page load).
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, textarea, select")) return;
  const id = event.key === "ArrowLeft" ? "step-prev" : event.key === "ArrowRight" ? "step-next" : null;
  const link = id && document.getElementById(id);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
// A file input's own button and "no file" text are in the browser's language, whatever the page's ("Choose File"
// in a Chinese page): each gets a button and a file name in the page's language (<body data-file-choose,
// data-file-none>). The input stays in its form and its label, out of sight (and out of the tab order: the button
// is the stop), so the form's checks and its label still work. Without JavaScript the browser's own control shows.
function localiseFileInputs() {
  const choose = document.body.dataset.fileChoose;
  const none = document.body.dataset.fileNone;
  if (!choose || !none) return;
  for (const input of document.querySelectorAll('input[type="file"]:not([data-localised])')) {
    input.dataset.localised = "1";
    const label = ((input.labels && input.labels[0] && input.labels[0].textContent) || input.getAttribute("aria-label") || "").trim();
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary file-choose";
    button.textContent = choose;
    if (label) button.setAttribute("aria-label", `${label} ${choose}`);
    const name = document.createElement("span");
    name.className = "file-name";
    name.setAttribute("aria-live", "polite");
    name.textContent = none;
    input.classList.add("visually-hidden");
    input.tabIndex = -1;
    input.after(button, name);
    button.addEventListener("click", () => input.click());
    input.addEventListener("change", () => {
      const files = input.files ? Array.from(input.files, (f) => f.name) : [];
      name.textContent = files.length ? files.join(", ") : none;
    });
  }
}
localiseFileInputs();
document.addEventListener("htmx:afterSettle", localiseFileInputs);
// A polled region holding a form (data-poll-pause: the judge's call queue, a player's call box) does not
// redraw while its reader is typing in it or has typed something not yet sent: that poll is skipped.
document.addEventListener("htmx:beforeRequest", (event) => {
  const el = event.detail && event.detail.elt;
  if (!(el instanceof HTMLElement) || !el.hasAttribute("data-poll-pause")) return;
  const active = document.activeElement;
  const typing = active instanceof HTMLElement && el.contains(active) && active.matches("input, textarea, select");
  const filled = Array.from(el.querySelectorAll("input:not([type=hidden]), textarea")).some((f) => f.value);
  if (typing || filled) event.preventDefault();
});
