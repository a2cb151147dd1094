"""The engine's map and game-data problems (``engine.maps.Problem``: where, why) in the reader's language.

The engine writes each ``why`` as an English sentence with the values in it; this table reads the
sentence back into a template and its values and gives the template to gettext, so a Chinese reader sees
Chinese. A sentence the table does not know is shown as the engine wrote it (``tests/boards`` checks that
every problem the bundled bad files cause is known).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from engine.maps import Problem

_V = r"(?P<value>.+)"
PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), t)
    for p, t in [
        (r"^cannot be read as UTF-8 JSON: (?P<error>.+)$", N_("cannot be read as UTF-8 JSON: %(error)s")),
        # engine/jsonsafe.py's refusals (the engine's messages json.*)
        (r"^must be a list of placements, not null$", N_("must be a list of placements, not null")),
        (
            r"^has (?P<count>\d+) rows; the limit is (?P<limit>\d+)$",
            N_("has %(count)s rows; the limit is %(limit)s"),
        ),
        (r"^not valid JSON$", N_("not valid JSON")),
        (
            r"^not valid JSON \(line (?P<line>\d+), column (?P<column>\d+)\)$",
            N_("not valid JSON (line %(line)s, column %(column)s)"),
        ),
        (r"^not UTF-8 text$", N_("not UTF-8 text")),
        (
            r"^nested deeper than (?P<depth>\d+) levels at (?P<where>.+)$",
            N_("nested deeper than %(depth)s levels at %(where)s"),
        ),
        (r"^a number out of range at (?P<where>.+)$", N_("a number out of range at %(where)s")),
        (r"^a NUL character in the text at (?P<where>.+)$", N_("a NUL character in the text at %(where)s")),
        (r"^a NUL character in a key at (?P<where>.+)$", N_("a NUL character in a key at %(where)s")),
        (r"^must be an object, not (?P<value>.+)$", N_("must be an object, not %(value)s")),
        (r"^unknown field$", N_("unknown field")),
        (r"^is missing$", N_("is missing")),
        (r"^must be a non-empty string, not " + _V + "$", N_("must be a non-empty string, not %(value)s")),
        (
            r"^must be a whole number (?P<min>-?\d+) or more, not " + _V + "$",
            N_("must be a whole number %(min)s or more, not %(value)s"),
        ),
        (
            r"^must be a whole number (?P<min>-?\d+) to (?P<max>-?\d+), not " + _V + "$",
            N_("must be a whole number %(min)s to %(max)s, not %(value)s"),
        ),
        (r"^must be true or false, not " + _V + "$", N_("must be true or false, not %(value)s")),
        (r"^must be a list$", N_("must be a list")),
        # a map's positions (``layout``)
        (
            r"^must be an object of region or box id → position$",
            N_("must be an object of region or box id → position"),
        ),
        (
            r"^must be a number from (?P<min>\d+) to (?P<max>\d+), not " + _V + "$",
            N_("must be a number from %(min)s to %(max)s, not %(value)s"),
        ),
        (
            r"^must be a list of 3 to (?P<max>\d+) points \[x, y\]$",
            N_("must be a list of 3 to %(max)s points [x, y]"),
        ),
        (r"^must be a point \[x, y\], not " + _V + "$", N_("must be a point [x, y], not %(value)s")),
        (r"^must be (?P<expected>'[^']*'), not " + _V + "$", N_("must be %(expected)s, not %(value)s")),
        (r"^must be (?P<expected>'[^']*')$", N_("must be %(expected)s")),
        (r"^must be one of (?P<choices>.+), not " + _V + "$", N_("must be one of %(choices)s, not %(value)s")),
        (r"^must be one of (?P<choices>.+)$", N_("must be one of %(choices)s")),
        (
            r"^must be null or one of (?P<choices>.+), not " + _V + "$",
            N_("must be empty or one of %(choices)s, not %(value)s"),
        ),
        (r"^duplicate province " + _V + "$", N_("duplicate province %(value)s")),
        (r"^duplicate box " + _V + "$", N_("duplicate box %(value)s")),
        (r"^duplicate region or box " + _V + "$", N_("duplicate region or box %(value)s")),
        (r"^duplicate character " + _V + "$", N_("duplicate character %(value)s")),
        (r"^duplicate country " + _V + "$", N_("duplicate country %(value)s")),
        (r"^a map needs at least one region$", N_("a map needs at least one region")),
        (r"^unknown province " + _V + "$", N_("unknown province %(value)s")),
        (r"^unknown region or box " + _V + "$", N_("unknown region or box %(value)s")),
        (r"^unknown region " + _V + "$", N_("unknown region %(value)s")),
        (r"^unknown character " + _V + "$", N_("unknown character %(value)s")),
        (r"^unknown country " + _V + "$", N_("unknown country %(value)s")),
        (r"^must be a list of non-empty strings$", N_("must be a list of non-empty strings")),
        (r"^a region cannot border itself \(" + _V + r"\)$", N_("a region cannot border itself (%(value)s)")),
        (r"^duplicate border (?P<a>.+)–(?P<b>.+)$", N_("duplicate border %(a)s–%(b)s")),
        (r"^a road cannot join " + _V + " to itself$", N_("a road cannot join %(value)s to itself")),
        (r"^duplicate road (?P<a>.+)–(?P<b>.+)$", N_("duplicate road %(a)s–%(b)s")),
        (r"^must be an object of set-up name → rows$", N_("must be an object of set-up name → rows")),
        (
            r"^names map (?P<named>.+), but the map given is (?P<given>.+)$",
            N_("names map %(named)s, but the map given is %(given)s"),
        ),
        (
            r"^names map (?P<named>.+), not the loaded map (?P<given>.+)$",
            N_("names map %(named)s, but the map given is %(given)s"),
        ),
        (
            r"^names map (?P<named>.+), but no map of that name is stored$",
            N_("names map %(named)s, but no map of that name is stored"),
        ),
        (
            r"^must be at most (?P<max>\d+) bytes, not (?P<value>\d+)$",
            N_("must be at most %(max)s bytes, not %(value)s"),
        ),
        (
            r"^already stored as version (?P<version>'.*') \((?P<hash>.+)\)$",
            N_("already stored as version %(version)s (%(hash)s)"),
        ),
        (
            r"^(?P<name>'.*') version (?P<version>'.*') already exists with other content$",
            N_("%(name)s version %(version)s already exists with other content"),
        ),
        (r"^rows must go up in strength$", N_("rows must go up in strength")),
        (r"^needs at least one row$", N_("needs at least one row")),
        (
            r"^must be a list of 6 entries, one per die face 1–6$",
            N_("must be a list of 6 entries, one per die face 1–6"),
        ),
        (r"^must be a non-empty list of cells$", N_("must be a non-empty list of cells")),
        (r"^must be \[row, column\]$", N_("must be [row, column]")),
        (r"^" + _V + " is not a cell of the grid$", N_("%(value)s is not a cell of the grid")),
        (r"^must be a non-zero \[row step, column step\]$", N_("must be a non-zero [row step, column step]")),
        (r"^the map has no set-up " + _V + "$", N_("the map has no set-up %(value)s")),
        (r"^not a region: " + _V + "$", N_("not a region: %(value)s")),
        (r"^a (?P<kind>\w+) needs the counter's other face$", N_("a %(kind)s needs the counter's other face")),
        (r"^a succession needs the new warlord$", N_("a succession needs the new warlord")),
        (r"^a (?P<kind>\w+) needs a country and a region$", N_("a %(kind)s needs a country and a region")),
        (r"^game data is a JSON object$", N_("game data must be a JSON object")),
        (r"^counter " + _V + " given twice$", N_("counter %(value)s given twice")),
        (
            r"^" + _V + " is neither a region nor a box of the map$",
            N_("%(value)s is neither a region nor a box of the map"),
        ),
        (r"^a general needs an id$", N_("a general needs an id")),
        (r"^" + _V + " is not a province of the map$", N_("%(value)s is not a province of the map")),
        (
            r"^a unit row needs a type and a start object \(place → count\)$",
            N_("a unit row needs a type and a start object (place → count)"),
        ),
        (r"^must be unit, king or prince$", N_("must be unit, king or prince")),
        (r"^must be an object \(card → copies\)$", N_("must be an object (card → copies)")),
        (
            r"^not a card of the (?P<side>\w+) \(one of (?P<choices>.+)\)$",
            N_("not a card of the %(side)s (one of %(choices)s)"),
        ),
        (r"^copies must be a whole number$", N_("copies must be a whole number")),
        (r"^" + _V + " is not a region of the map$", N_("%(value)s is not a region of the map")),
        (
            r"^the map has no (?P<side>\w+) home box region \(home_box: (?P<value>.+)\)$",
            N_("the map has no home box region of %(side)s (home_box: %(value)s)"),
        ),
    ]
]


@dataclass(frozen=True)
class ShownProblem:
    """One bad row as a page or the API shows it: where (a JSON path) and why (in the reader's language)."""

    where: str
    why: str
    why_en: str


def translate(why: str) -> str:
    """The engine's English sentence ``why`` in the active language (unchanged if unknown)."""
    for pattern, template in PATTERNS:
        match = pattern.match(why)
        if match:
            return _(template) % match.groupdict()
    return why


def known(why: str) -> bool:
    """Whether the table reads this sentence (tests)."""
    return any(p.match(why) for p, _t in PATTERNS)


def shown(problems: list[Problem]) -> list[ShownProblem]:
    return [ShownProblem(p.where, translate(p.why), p.why) for p in problems]
