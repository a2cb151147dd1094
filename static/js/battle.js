// The battle calculator's rows editor: every list of objects in the battle's JSON (the counters of each side,
// the characters, the roads) becomes a table of inputs, one row a piece, one column a field. The textarea
// stays the input the form sends (the calculator's documented JSON); the tables only edit it. Generic: it
// names no game and no field: the page gives the game's labels of the keys (a JSON script, key → label in the
// reader's language); a key without one shows as itself. Without JavaScript the textarea is the whole form.
(function () {
  const area = document.querySelector("textarea[data-rows-editor]");
  if (!area) return;
  const box = document.getElementById(area.dataset.rowsEditor);
  const text = { add: box.dataset.add, remove: box.dataset.remove, removeRow: box.dataset.removeRow, row: box.dataset.row };
  const script = (id) => { const s = document.getElementById(id || ""); return s ? JSON.parse(s.textContent) : {}; };
  const labels = script(box.dataset.labels);
  const words = script(box.dataset.values);
  const name = (key) => (Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : key);
  const title = (path) => path.map(name).join(" · ");
  const rowName = (path, i) => text.row.replace("{list}", title(path)).replace("{n}", String(i + 1));
  let data = null;

  function lists(value, path, out) {
    if (Array.isArray(value)) {
      if (value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) out.push(path);
    } else if (value && typeof value === "object") {
      for (const key of Object.keys(value)) lists(value[key], path.concat(key), out);
    }
    return out;
  }
  function at(path) { return path.reduce((v, k) => v[k], data); }
  function save() { area.value = JSON.stringify(data, null, 1); }
  function parse(raw, before) {
    if (typeof before === "number" || before === undefined) {
      const n = Number(raw);
      if (raw.trim() !== "" && !Number.isNaN(n)) return n;
    }
    if (before !== null && typeof before === "object") { try { return JSON.parse(raw); } catch (e) { return raw; } }
    return raw;
  }
  function cell(row, key, label, flag) {
    const td = document.createElement("td");
    td.dataset.key = key;
    td.dataset.label = name(key);
    const value = row[key];
    const input = document.createElement("input");
    input.setAttribute("aria-label", label);
    if (!flag && Object.prototype.hasOwnProperty.call(words, key) && typeof (value ?? "") === "string") {
      // a field whose values are the game's words: a choice of them, shown in the reader's language
      const choice = document.createElement("select");
      choice.setAttribute("aria-label", label);
      const options = [["", "—"], ...Object.entries(words[key])];
      if (value !== undefined && value !== "" && !(value in words[key])) options.push([value, value]);
      for (const [raw, shown] of options) choice.add(new Option(shown, raw, false, raw === (value ?? "")));
      choice.addEventListener("change", () => {
        if (choice.value === "") delete row[key];
        else row[key] = choice.value;
        save();
      });
      td.appendChild(choice);
      return td;
    }
    if (flag) {
      input.type = "checkbox";
      input.checked = value === true;
      input.addEventListener("change", () => { row[key] = input.checked; save(); });
    } else {
      input.type = "text";
      input.size = 8;
      input.value = value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
      input.addEventListener("input", () => {
        if (input.value === "") delete row[key];
        else row[key] = parse(input.value, value);
        save();
      });
    }
    td.appendChild(input);
    return td;
  }
  function render() {
    box.textContent = "";
    try { data = JSON.parse(area.value); } catch (e) { return; }
    for (const path of lists(data, [], [])) {
      const rows = at(path);
      const keys = [];
      const flags = new Set();
      for (const row of rows) {
        for (const k of Object.keys(row)) {
          if (!keys.includes(k)) keys.push(k);
          if (typeof row[k] === "boolean") flags.add(k);
        }
      }
      const set = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = title(path);
      set.appendChild(legend);
      const table = document.createElement("table");
      table.className = "stack rows-editor";
      const head = table.createTHead().insertRow();
      for (const k of keys.concat([""])) {
        const th = document.createElement("th");
        th.textContent = k ? name(k) : "";
        head.appendChild(th);
      }
      const body = table.createTBody();
      rows.forEach((row, i) => {
        const tr = body.insertRow();
        for (const k of keys) tr.appendChild(cell(row, k, `${rowName(path, i)}: ${name(k)}`, flags.has(k)));
        const td = document.createElement("td");
        const drop = document.createElement("button");
        drop.type = "button";
        drop.textContent = text.remove;
        drop.setAttribute("aria-label", text.removeRow.replace("{row}", rowName(path, i)));
        drop.addEventListener("click", () => { rows.splice(i, 1); save(); render(); });
        td.appendChild(drop);
        tr.appendChild(td);
      });
      set.appendChild(table);
      const add = document.createElement("button");
      add.type = "button";
      add.textContent = text.add.replace("{list}", title(path));
      add.addEventListener("click", () => {
        const last = rows[rows.length - 1] || {};
        const fresh = {};
        for (const k of Object.keys(last)) fresh[k] = typeof last[k] === "boolean" ? false : typeof last[k] === "number" ? 0 : "";
        rows.push(fresh);
        save();
        render();
      });
      set.appendChild(add);
      box.appendChild(set);
    }
  }
  area.addEventListener("change", render);
  render();
})();
