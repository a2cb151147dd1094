"""The vocabulary of 龙虎三国志's input files: each JSON key of the battle calculator's input
(``engine.longhu.calculator``, ``docs/longhu.md``) and of the game-data file (``engine.longhu.data``) →
an English label marked for translation (``N_``; Chinese in ``engine/locale/zh_Hans/LC_MESSAGES/django.po``).

The site shows these labels instead of the raw keys (the calculator's rows editor, the game-data page);
the files themselves keep their keys. A test checks that every key the bundled example battle and data
file use is here, with a Chinese translation.
"""

from __future__ import annotations

from engine.boardgame.calcform import Field, Layout, Rows, Section
from engine.longhu.data import EVENTS
from engine.longhu.messages import WORDS
from engine.messages import N_

CALCULATOR_FIELDS: dict[str, str] = {
    "attacker": N_("Attacker"),
    "defender": N_("Defender"),
    "strength": N_("Strength"),
    "characters": N_("Characters"),
    "name": N_("Name"),
    "country": N_("Country"),
    "warlord": N_("Warlord"),
    "command": N_("Command"),
    "strategist": N_("Strategist"),
    "squares": N_("Red squares"),
    "valour": N_("Valour"),
    "admin": N_("Administration"),
    "diplomacy": N_("Diplomacy"),
    "loyalty": N_("Loyalty"),
    "navy": N_("Navy"),
    "home": N_("Home country"),
    "neutral": N_("Neutral"),
    "traitor": N_("Traitor"),
    "retreat_to": N_("May retreat to"),
    "strategy": N_("Strategy table"),
    "no_retreat": N_("No retreat"),
    "dice": N_("Dice"),
    "seed": N_("Seed"),
    "decisions": N_("Answers to decisions"),
    "note": N_("Note"),
}
"""Every key of the calculator's input (``docs/longhu.md`` "Battle calculator")."""

DATA_FIELDS: dict[str, str] = {
    "format": N_("File format"),
    "id": N_("Id"),
    "note": N_("Note"),
    "map": N_("Map"),
    "setup": N_("Set-up"),
    "rounds": N_("Number of rounds"),
    "countries": N_("Countries"),
    "characters": N_("Characters"),
    "attrition": N_("Attrition table"),
    "strategy": N_("Strategy table"),
    "fate": N_("Fate track"),
    "warlord_table": N_("Warlord table"),
    "barbarian_table": N_("Barbarian table"),
    "emperor": N_("Emperor"),
    "round_end": N_("Round-end events"),
    # a country
    "warlord": N_("Warlord"),
    "traitor": N_("Traitor"),
    "supply": N_("Supply"),
    # a character
    "name": N_("Name"),
    "name_en": N_("English or pinyin name"),
    "country": N_("Country"),
    "command": N_("Command"),
    "strategist": N_("Strategist"),
    "squares": N_("Red squares"),
    "valour": N_("Valour"),
    "admin": N_("Administration"),
    "diplomacy": N_("Diplomacy"),
    "loyalty": N_("Loyalty"),
    "navy": N_("Navy"),
    "ability": N_("Ability"),
    "enters": N_("Enters in round"),
    # attrition, fate, emperor, round-end rows
    "up_to": N_("Up to"),
    "loss": N_("Loss"),
    "grid": N_("Grid"),
    "start": N_("Starting point"),
    "moves": N_("Moves"),
    "edict_regions": N_("Edict regions"),
    "round": N_("In round"),
    "kind": N_("Kind"),
    "character": N_("Character"),
    "to": N_("Becomes"),
    "region": N_("Region"),
    "strength": N_("Strength"),
}
"""Every key of the game-data file (``DATA_FORMAT``, ``docs/longhu.md`` "Game data")."""

VALUES: dict[str, dict[str, str]] = {
    "ability": {
        "seek_talent": N_("Seek talent (Cao Cao)"),
        "three_visits": N_("Three visits (Liu Bei)"),
        "peach_garden": N_("Peach garden oath"),
        "five_pecks": N_("Five pecks of rice (Zhang Lu)"),
        "sorcery": N_("Sorcery (Zuo Ci)"),
    },
    "kind": {
        "flip": N_("flips to"),
        "arrive": N_("arrives"),
        "succeed": N_("succeeded by"),
        "restore": N_("restored"),
    },
    "setup": {"standard": N_("standard")},
    "grid": {event: WORDS[event] for event in EVENTS},
    "tags": {"three_visits": N_("Three visits (Liu Bei enters here)"), "frontier": N_("Frontier")},
}
"""Words the input files' values are chosen from (field → value → label; ``tags``: the map's region tags the
rules read); other values are data (names)."""

KEYED_BY_DATA: frozenset[str] = frozenset({"strength"})
"""Keys whose object (in either file) is keyed by data, not by fields: a side's ``strength`` (country → strength)."""

_SIDE = (
    Rows("strength", (Field("country"), Field("strength", "int")), keyed=("country", "strength")),
    Rows(
        "characters",
        (
            Field("name"),
            Field("country"),
            Field("warlord", "bool"),
            Field("strategist", "bool"),
            Field("navy", "bool"),
            Field("command", "int"),
            Field("valour", "int"),
            Field("diplomacy", "int"),
            Field("loyalty", "int"),
            Field("squares", "int"),
            Field("admin", "int"),
        ),
    ),
    Field("home"),
    Field("retreat_to", "texts"),
    Field("neutral", "bool"),
    Field("traitor", "bool"),
)

CALCULATOR_FORM: Layout = (
    Section("attacker", _SIDE),
    Section("defender", _SIDE),
    Section(None, (Field("strategy", "ints"), Field("no_retreat", "bool"), Field("decisions", "texts"))),
)
"""The calculator's input as form fields (``engine.boardgame.calcform``): each side's strength by country and
its characters, then the strategy table and the answers. ``dice`` and ``seed`` are the page's own fields."""
