"""The battle calculator's input as plain form fields, built from the game's declared layout
(``engine.boardgame.calcform``, ``System.calculator_form``): each side's forces a row a piece, the battle's own
fields, and back to the calculator's documented JSON input. No JSON to type; the JSON stays an import and an
export (``boards.forms.BattleForm``).

A row left blank is no piece; a field left empty leaves its key out (the calculator's default). Each list shows
the rows it holds and one blank row more (a page without JavaScript adds a piece by filling the blank row and
working the battle out again).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from engine.boardgame.calcform import Field, Layout, Rows, Section
from engine.systems import System

MAX_ROWS = 60
"""Rows a list may post (the largest side of the bundled games has 36 counters)."""
BLANK_ROWS = 1
MAX_TEXT = 100
SPLIT = re.compile(r"[\s,，、]+")
TOP = "battle"
"""The name prefix of the input's top-level keys."""


def _prefix(section: Section) -> str:
    return section.key or TOP


def field_name(section: Section, item: Field | Rows, row: int | None = None, field: Field | None = None) -> str:
    """The posted name of a field: ``attacker-home``, ``attacker-characters-0-name``, ``battle-region``."""
    if row is None or field is None:
        return f"{_prefix(section)}-{item.key}"
    return f"{_prefix(section)}-{item.key}-{row}-{field.key}"


def rows_name(section: Section, rows: Rows) -> str:
    """The hidden field carrying how many rows a list shows."""
    return f"{_prefix(section)}-{rows.key}-rows"


def _words(values: dict[str, dict[str, str]], field: Field) -> list[tuple[str, str]]:
    shown = values.get(field.key, {})
    return [(v, shown.get(v, v)) for v in field.choices]


def _django_field(field: Field, label: str, values: dict[str, dict[str, str]]) -> forms.Field:
    if field.kind == "int":
        return forms.IntegerField(label=label, required=False, min_value=-99, max_value=999)
    if field.kind == "bool":
        return forms.BooleanField(label=label, required=False)
    if field.kind == "yesno":
        return forms.ChoiceField(label=label, required=False, choices=[("", "—"), ("yes", _("yes")), ("no", _("no"))])
    if field.kind == "choice":
        return forms.ChoiceField(label=label, required=False, choices=[("", "—"), *_words(values, field)])
    if field.kind == "choices":
        return forms.MultipleChoiceField(
            label=label, required=False, choices=_words(values, field), widget=forms.CheckboxSelectMultiple
        )
    return forms.CharField(label=label, required=False, max_length=MAX_TEXT if field.kind == "text" else 2000)


class BattleFieldsForm(forms.Form):
    """The battle of ``system`` as fields (``system.calculator_form()``); ``spec()`` is the calculator's input."""

    def __init__(self, *args: Any, system: System, rows: dict[str, int] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # a label above its input: no colon
        super().__init__(*args, **kwargs)
        self.system = system
        self.layout: Layout = system.calculator_form()
        labels = {k: _(v) for k, v in system.field_labels("calculator").items()}
        self.labels = labels
        values = {k: {v: _(w) for v, w in words.items()} for k, words in system.value_labels().items()}
        self.counts: dict[str, int] = {}
        for section in self.layout:
            for item in section.items:
                if isinstance(item, Field):
                    self.fields[field_name(section, item)] = _django_field(item, labels.get(item.key, item.key), values)
                    continue
                name = rows_name(section, item)
                count = self._count(name, rows)
                self.counts[name] = count  # posted as a hidden input the page writes (a bad count reads as 0)
                for i in range(count):
                    for f in item.fields:
                        label = labels.get(f.key, f.key)
                        self.fields[field_name(section, item, i, f)] = _django_field(f, label, values)

    def _count(self, name: str, rows: dict[str, int] | None) -> int:
        if rows is not None and name in rows:
            return min(rows[name], MAX_ROWS)
        if self.is_bound:
            try:
                return max(0, min(int(self.data.get(name) or 0), MAX_ROWS))
            except ValueError:
                return 0
        return BLANK_ROWS

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for section in self.layout:
            for item in section.items:
                if isinstance(item, Field) and item.kind in ("texts", "ints"):
                    self._split(data, field_name(section, item), item)
                elif isinstance(item, Rows):
                    for i in range(self.counts[rows_name(section, item)]):
                        for f in item.fields:
                            if f.kind in ("texts", "ints"):
                                self._split(data, field_name(section, item, i, f), f)
                    if item.keyed:
                        self._check_keyed(data, section, item)
        return data

    def _split(self, data: dict[str, Any], name: str, field: Field) -> None:
        if name not in data:
            return
        words = [w for w in SPLIT.split(data[name] or "") if w]
        if field.kind == "ints":
            bad = [w for w in words if not re.fullmatch(r"-?\d{1,3}", w)]
            if bad:
                self.add_error(name, _("A whole number, not %(value)s.") % {"value": bad[0][:10]})
                return
            data[name] = [int(w) for w in words]
        else:
            data[name] = words

    def _check_keyed(self, data: dict[str, Any], section: Section, rows: Rows) -> None:
        assert rows.keyed is not None
        key_field, value_field = (next(f for f in rows.fields if f.key == k) for k in rows.keyed)
        seen: set[str] = set()
        for i in range(self.counts[rows_name(section, rows)]):
            name = data.get(field_name(section, rows, i, key_field))
            value_at = field_name(section, rows, i, value_field)
            if name and data.get(value_at) is None and value_at not in self.errors:
                self.add_error(value_at, _("Give %(what)s a number.") % {"what": name})
            elif not name and data.get(value_at) is not None:
                self.add_error(
                    field_name(section, rows, i, key_field),
                    _("Name what this %(what)s is of.") % {"what": self.labels.get(value_field.key, value_field.key)},
                )
            elif name in seen:
                self.add_error(field_name(section, rows, i, key_field), _("%(name)s is named twice.") % {"name": name})
            if name:
                seen.add(name)

    def spec(self) -> dict[str, Any]:
        """The calculator's input from the cleaned fields (``is_valid()`` first)."""
        out: dict[str, Any] = {}
        for section in self.layout:
            target = out if section.key is None else out.setdefault(section.key, {})
            for item in section.items:
                if isinstance(item, Field):
                    value = _value(item, self.cleaned_data.get(field_name(section, item)))
                    if value is not None:
                        target[item.key] = value
                    continue
                rows = []
                for i in range(self.counts[rows_name(section, item)]):
                    row = {}
                    for f in item.fields:
                        value = _value(f, self.cleaned_data.get(field_name(section, item, i, f)))
                        if value is not None:
                            row[f.key] = value
                    if row:
                        rows.append(row)
                if item.keyed:
                    name, value_key = item.keyed
                    target[item.key] = {r[name]: r[value_key] for r in rows if name in r and value_key in r}
                elif rows:
                    target[item.key] = rows
        return out

    def sections(self) -> list[dict[str, Any]]:
        """What the page draws: each section with its legend, its fields and its lists, a row each."""
        drawn = []
        for section in self.layout:
            fields, lists = [], []
            for item in section.items:
                if isinstance(item, Field):
                    fields.append(self[field_name(section, item)])
                    continue
                count = self.counts[rows_name(section, item)]
                label = self.labels.get(item.key, item.key)
                lists.append(
                    {
                        "id": f"{_prefix(section)}-{item.key}",
                        "label": label,
                        "count_name": rows_name(section, item),
                        "count": count,
                        "rows": [
                            {
                                "legend": _("%(list)s, row %(n)d") % {"list": label, "n": i + 1},
                                "fields": [self[field_name(section, item, i, f)] for f in item.fields],
                            }
                            for i in range(count)
                        ],
                    }
                )
            legend = self.labels.get(section.key, section.key) if section.key else ""
            drawn.append({"legend": legend, "fields": fields, "lists": lists})
        return drawn


def _value(field: Field, value: Any) -> Any:
    """The input's value of a cleaned field, or None to leave the key out."""
    if field.kind == "bool":
        return True if value else None
    if field.kind == "yesno":
        return {"yes": True, "no": False}.get(value or "")
    if value in (None, "", []):
        return None
    return value


def initial_from_spec(layout: Layout, spec: dict[str, Any]) -> tuple[dict[str, Any], dict[str, int], list[str]]:
    """The fields' initial values from a calculator input (the JSON import, the bundled example), the rows each
        list shows, and where the input holds what no field can (``dice`` and ``seed`` are the page's own fields and
    ``note`` is not read)."""
    initial: dict[str, Any] = {}
    counts: dict[str, int] = {}
    known_top = {"dice", "seed", "note"}
    left_out: list[str] = []
    for section in layout:
        source: Any = spec if section.key is None else spec.get(section.key)
        if section.key is not None:
            known_top.add(section.key)
            if not isinstance(source, dict):
                if source is not None:
                    left_out.append(section.key)
                source = {}
        where = "" if section.key is None else f"{section.key}."
        known = {item.key for item in section.items}
        if section.key is None:
            known_top |= known
        else:
            left_out += [f"{where}{k}" for k in source if k not in known]
        for item in section.items:
            value = source.get(item.key)
            if isinstance(item, Field):
                if value is not None:
                    shown = _initial(item, value)
                    if shown is None:
                        left_out.append(f"{where}{item.key}")
                    else:
                        initial[field_name(section, item)] = shown
                continue
            rows = _rows_of(item, value)
            if rows is None:
                left_out.append(f"{where}{item.key}")
                rows = []
            if len(rows) > MAX_ROWS - BLANK_ROWS:
                left_out.append(f"{where}{item.key}[{MAX_ROWS - BLANK_ROWS}:]")
            by_key = {f.key: f for f in item.fields}
            for i, row in enumerate(rows[: MAX_ROWS - BLANK_ROWS]):
                for k, v in row.items():
                    f = by_key.get(k)
                    shown = _initial(f, v) if f is not None else None
                    if shown is None:
                        left_out.append(f"{where}{item.key}[{i}].{k}")
                    else:
                        initial[field_name(section, item, i, f)] = shown
            counts[rows_name(section, item)] = min(len(rows) + BLANK_ROWS, MAX_ROWS)
    left_out += [k for k in spec if k not in known_top]
    return initial, counts, left_out


def _rows_of(rows: Rows, value: Any) -> list[dict[str, Any]] | None:
    if value is None:
        return []
    if rows.keyed:
        if not isinstance(value, dict):
            return None
        name, number = rows.keyed
        return [{name: k, number: v} for k, v in value.items()]
    if not isinstance(value, list) or not all(isinstance(r, dict) for r in value):
        return None
    return value


def _initial(field: Field, value: Any) -> Any:
    """A field's initial value from the input's, or None if the field cannot hold it."""
    if field.kind == "bool":
        return value if isinstance(value, bool) else None
    if field.kind == "yesno":
        return {True: "yes", False: "no"}.get(value) if isinstance(value, bool) else None
    if field.kind == "int":
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    if field.kind == "choices":
        ok = isinstance(value, list) and all(v in field.choices for v in value)
        return value if ok else None
    if field.kind in ("texts", "ints"):
        kind = str if field.kind == "texts" else int
        ok = isinstance(value, list) and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)
        return " ".join(map(str, value)) if ok else None
    if field.kind == "choice":
        return value if value in field.choices else None
    return value if isinstance(value, str) else None
