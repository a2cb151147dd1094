// The deck builder beside the editor's text box (templates/decks/decks/_builder.html).
// It only edits the decklist text: every click changes a line of the textarea and fires its
// "input" event, so the editor's live check (decks:check, the engine) answers with the verdict,
// the counts, the cost curve and the deck's lines. Saving posts the same textarea as without script.
(() => {
  const form = document.getElementById("deck-editor");
  const builder = document.getElementById("builder");
  if (!form || !builder) return;
  const area = form.querySelector("textarea[name=decklist]");
  const preview = document.getElementById("card-preview");
  const words = (attr) => new Set((builder.getAttribute(attr) || "").split(" ").filter(Boolean));
  const POOL = words("data-pool-headers");
  const DECK = words("data-deck-headers");
  const FACTIONS = words("data-faction-headers");
  const FACTION_WORD = builder.dataset.factionWord;
  const POOL_WORD = builder.dataset.poolWord;
  const HEADER = /^([^\d:：]{1,20})[:：](.*)$/;
  const PREFIX = /^(\d+)\s*(?:[x×*]\s*)?(.+)$/i;
  const SUFFIX = /^(.+?)\s*[x×*]\s*(\d+)$/i;
  let builderEdit = false; // the text was last changed by the builder: keep its faction line in step

  builder.hidden = false;
  // The verdict box now also holds the whole deck: a screen reader hears only the verdict line, from
  // a status line that stays in the page (a live region replaced at each check would not be heard).
  const verdict = document.getElementById("verdict");
  const status = document.getElementById("builder-status");
  if (verdict && status) verdict.removeAttribute("aria-live");

  const key = (name) => name.normalize("NFKC").toLowerCase().replace(/[\s\-_·・.'’]/g, "");

  // Each line of the text, read the way engine/decklist.py reads it (enough to find and edit a card's line).
  function readLines(text) {
    const lines = text.split("\n");
    let section = "deck";
    return lines.map((raw) => {
      const line = raw.normalize("NFKC").split("#", 1)[0].trim();
      const info = { raw, section, kind: "blank" };
      if (!line) return info;
      const header = HEADER.exec(line);
      if (header) {
        const word = key(header[1]);
        const rest = header[2].trim();
        if (FACTIONS.has(word)) return { raw, section, kind: "factions" };
        if (POOL.has(word) || DECK.has(word)) {
          section = POOL.has(word) ? "pool" : "deck";
          return { raw, section, kind: rest ? "header+card" : "header" };
        }
      }
      let match = PREFIX.exec(line);
      if (match) return { raw, section, kind: "card", count: Number(match[1]), name: match[2].trim() };
      match = SUFFIX.exec(line);
      if (match) return { raw, section, kind: "card", count: Number(match[2]), name: match[1].trim() };
      return { raw, section, kind: "card", count: 1, name: line };
    });
  }

  function write(lines) {
    area.value = lines.join("\n").replace(/\n{3,}/g, "\n\n").replace(/^\n+/, "");
    builderEdit = true;
    area.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function names(button) {
    return new Set((button.dataset.names || button.dataset.add || button.dataset.remove).split("|").map(key));
  }

  function addCard(button) {
    const canonical = button.dataset.add;
    const wanted = names(button);
    const section = button.dataset.section === "pool" ? "pool" : "deck";
    const info = readLines(area.value);
    const out = info.map((l) => l.raw);
    const same = info.findIndex((l) => l.kind === "card" && l.section === section && wanted.has(key(l.name)));
    if (same >= 0) {
      out[same] = `${info[same].count + 1} ${info[same].name}`;
      return write(out);
    }
    const lastOf = (pred) => info.reduce((last, l, i) => (pred(l) ? i : last), -1);
    const line = `1 ${canonical}`;
    if (section === "pool") {
      const at = lastOf((l) => l.section === "pool" && l.kind !== "blank");
      if (at >= 0) out.splice(at + 1, 0, line);
      else out.push("", `${POOL_WORD}:`, line);
      return write(out);
    }
    let at = lastOf((l) => l.section === "deck" && (l.kind === "card" || l.kind === "header" || l.kind === "header+card"));
    if (at < 0) at = lastOf((l) => l.kind === "factions" && l.section === "deck");
    if (at >= 0) out.splice(at + 1, 0, line);
    else {
      const pool = info.findIndex((l) => l.section === "pool");
      if (pool >= 0) out.splice(pool, 0, line);
      else if (out.length === 1 && out[0] === "") out[0] = line;
      else out.push(line);
    }
    write(out);
  }

  function removeCard(button) {
    const wanted = names(button);
    const info = readLines(area.value);
    const out = info.map((l) => l.raw);
    let at = -1;
    info.forEach((l, i) => {
      if (l.kind === "card" && wanted.has(key(l.name))) at = i;
    });
    if (at < 0) return;
    if (info[at].count > 1) out[at] = `${info[at].count - 1} ${info[at].name}`;
    else out.splice(at, 1);
    write(out);
  }

  // Ruling D3: the declared factions are the factions present; the check says which those are.
  function declareFactions(factions) {
    const info = readLines(area.value);
    const out = info.map((l) => l.raw);
    const at = info.findIndex((l) => l.kind === "factions");
    const line = `${FACTION_WORD}: ${factions}`;
    if (at >= 0 && factions) out[at] = line;
    else if (at >= 0) out.splice(at, 1);
    else if (factions) out.unshift(line);
    write(out);
  }

  function showPreview(button) {
    const detail = button && document.getElementById(button.getAttribute("aria-describedby") || "");
    if (detail && preview) preview.innerHTML = detail.innerHTML;
  }

  // The deck's counts on the card list's buttons, from the last verdict.
  function markCounts() {
    const counts = new Map();
    for (const li of document.querySelectorAll("#verdict [data-deck-card]")) {
      const name = li.dataset.deckCard;
      counts.set(name, (counts.get(name) || 0) + Number(li.dataset.count || 0));
    }
    for (const span of builder.querySelectorAll("[data-count-of]")) {
      const n = counts.get(span.dataset.countOf) || 0;
      span.textContent = n ? `×${n}` : "";
    }
  }

  // The deck panel is redrawn by each check: a keyboard user keeps his place on the same button.
  let refocus = null;
  function restoreFocus() {
    const active = document.activeElement;
    if (!refocus || (active && active !== document.body)) return;
    const selector = `#builder-deck button[${refocus.attr}="${CSS.escape(refocus.name)}"]`;
    const again = document.querySelector(selector) || document.querySelector("#builder-deck button.step");
    if (again) again.focus();
  }
  document.addEventListener("focusin", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest("#builder-deck")) refocus = null;
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button[data-add], button[data-remove], button.declare-factions") : null;
    if (!target || !form.contains(target)) return;
    event.preventDefault();
    if (target.closest("#builder-deck") && !target.classList.contains("declare-factions")) {
      const attr = target.dataset.add ? "data-add" : "data-remove";
      refocus = { attr, name: target.getAttribute(attr) };
    }
    if (target.classList.contains("declare-factions")) declareFactions(target.dataset.factions || "");
    else if (target.dataset.add) {
      addCard(target);
      if (target.classList.contains("bcard-add")) showPreview(target);
    } else removeCard(target);
  });
  // Typing in the text box is the player's own word: the builder stops declaring factions for him.
  area.addEventListener("input", (event) => {
    if (event.isTrusted) builderEdit = false;
  });
  builder.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches(".bcard-add")) showPreview(event.target);
  });
  builder.addEventListener("mouseover", (event) => {
    const button = event.target instanceof Element ? event.target.closest(".bcard-add") : null;
    if (button) showPreview(button);
  });
  // Enter in the builder's search filters the list; it must not save the deck.
  builder.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
  });
  // Another format may read another card database: the list follows it.
  const formatSelect = form.querySelector("select[name=format]");
  if (formatSelect && window.htmx) {
    formatSelect.addEventListener("change", () => window.htmx.trigger("#builder-filters", "change"));
  }
  document.addEventListener("htmx:afterSettle", (event) => {
    if (status && event.target && event.target.id === "verdict") {
      const line = verdict.querySelector(".verdict-line, .verdict");
      status.textContent = line ? line.textContent.replace(/\s+/g, " ").trim() : "";
    }
    const deck = document.getElementById("builder-deck");
    if (deck && builderEdit && event.target && event.target.id === "verdict") {
      const present = deck.dataset.presentFactions || "";
      if (present && present !== (deck.dataset.declaredFactions || "")) declareFactions(present);
    }
    markCounts();
    restoreFocus();
  });
  markCounts();
})();
