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
