"""The game systems as the pages show them: what each has, from ``engine.systems`` (never a game's name)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from boards.models import BattleLog, GameData, GameMap
from engine.systems import System, all_systems

SCORING = {
    "win-loss": _("Win or loss"),
    "placement": _("Placement in a pod of 3–4, then regions held"),
    "vp-margin": _("Victory-point margin (two sides)"),
}
SIDES = {
    "japan": pgettext_lazy("side", "Japan"),
    "ming": pgettext_lazy("side", "Ming"),
    "korea": pgettext_lazy("side", "Korea"),
    "allies": pgettext_lazy("side", "the Allies (Korea and Ming)"),
}


@dataclass(frozen=True)
class SystemRow:
    system: System
    name: str
    other_name: str
    seats: str
    rules: str
    scoring: str
    sides: list[str]
    maps: int
    data: int
    battle_logs: int
    maps_url: str
    battle_url: str
    cards_url: str
    how_to_play_url: str = ""


def display_name(system: System, lang: str) -> tuple[str, str]:
    """(the name in the reader's language, the other one)."""
    return (system.name_en, system.name) if lang.startswith("en") else (system.name, system.name_en)


def seats_text(system: System) -> str:
    low, high = system.seats
    return str(low) if low == high else f"{low}–{high}"


def system_rows(lang: str) -> list[SystemRow]:
    maps = dict(GameMap.objects.values_list("system").annotate(n=Count("id")).values_list("system", "n"))
    data = dict(GameData.objects.values_list("system").annotate(n=Count("id")).values_list("system", "n"))
    logs = dict(BattleLog.objects.values_list("system").annotate(n=Count("id")).values_list("system", "n"))
    rows = []
    for s in all_systems():
        name, other = display_name(s, lang)
        rows.append(
            SystemRow(
                system=s,
                name=name,
                other_name=other,
                seats=seats_text(s),
                rules=str(_("seed text %(number)s") % {"number": s.rules.split()[-1]}),
                scoring=str(SCORING.get(s.scoring, s.scoring)),
                sides=[str(SIDES.get(x, x)) for x in s.sides],
                maps=maps.get(s.id, 0),
                data=data.get(s.id, 0),
                battle_logs=logs.get(s.id, 0),
                maps_url=reverse("boards:maps", args=[s.id]) if s.has_map else "",
                battle_url=reverse("boards:battle", args=[s.id]) if s.battle_calculator else "",
                cards_url=reverse("cards:databases") if s.has_cards else "",
                how_to_play_url=reverse("boards:how-to-play", args=[s.id]) if s.how_to_play else "",
            )
        )
    return rows


def how_to_play(system: System) -> list[dict[str, Any]]:
    """The game's short "how to play" in the reader's language: each part's heading and points, with the rule
    each point cites."""
    return [
        {"heading": gettext(heading), "points": [{"text": gettext(text), "rule": rule} for text, rule in points]}
        for heading, points in system.how_to_play_text()
    ]


def field_labels(system: System, file: str) -> dict[str, str]:
    """The keys of the game's ``calculator`` input or ``data`` file in the reader's language (key → label)."""
    return {key: gettext(label) for key, label in system.field_labels(file).items()}


def value_labels(system: System) -> dict[str, dict[str, str]]:
    """The words the game's input files' values are chosen from, in the reader's language (field → value → label)."""
    return {key: {v: gettext(label) for v, label in words.items()} for key, words in system.value_labels().items()}


def said_note(system: System, note: str) -> str:
    """A map's, game data's or example's ``note`` in the reader's language: a bundled file's by its code in the
    engine's catalogue (the file keeps its English note: it is hashed), an imported file's as it was written."""
    template = system.note_template(note)
    return gettext(template) if template else note
