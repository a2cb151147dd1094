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
