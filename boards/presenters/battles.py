"""A worked-out battle as the page shows it: each step with its rule, the outcome, the dice.

The outcome's fields are the calculators' documented output (``docs/longhu.md``, ``docs/wenlu.md``); their
names and the few words their values use are translated here, the rest (counter, region names) is data.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from boards.presenters.systems import said_note
from engine.systems import System

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "engine" / "data" / "battles"
FIELDS = {
    "winner": _("Winner"),
    "region": _("Region"),
    "active": _("Active side"),
    "attacker": _("Attacker"),
    "defender": _("Defender"),
    "rounds": _("Rounds"),
    "stalemate": _("Stalemate"),
    "losses": _("Losses"),
    "losses_by_side": _("Losses per side"),
    "retreat": _("Retreat"),
    "retreats": _("Retreats"),
    "captures": _("Captures"),
    "escapes": _("Escapes"),
    "siege": _("Siege"),
    "remaining": _("Left in the region"),
    "castle": _("In the castle"),
    "dice": _("Dice used"),
    "unused_dice": _("Dice not used"),
    "unused_decisions": _("Answers not used"),
}
WORDS = {
    "attacker": pgettext_lazy("battle", "attacker"),
    "defender": pgettext_lazy("battle", "defender"),
    "japan": pgettext_lazy("side", "Japan"),
    "allies": pgettext_lazy("side", "the Allies"),
    "reduced": _("reduced"),
    "removed": _("removed"),
    "replacement": _("to the replacement pool"),
    "defected": _("defected"),
    "beheaded": _("beheaded"),
    "character": _("character"),
    "counter": pgettext_lazy("piece", "counter"),
    "counters": _("counters"),
    "general": _("general"),
    "result": _("result"),
    "side": _("side"),
    "to": _("to"),
    "gone": _("out of the game"),
    "dead": _("dead"),
    "garrison_hits": _("garrison's hits"),
    "besieger_hits": _("besiegers' hits"),
    "garrison_losses": _("garrison's losses"),
    "garrison_left": _("garrison left"),
    "taken": _("taken"),
    "True": _("yes"),
    "False": _("no"),
}


def example_input(system: System) -> str:
    """The bundled example battle of ``system`` (``engine/data/battles/<id>_example.json``), as the form's start."""
    path = EXAMPLES / f"{system.id}_example.json"
    if not path.exists():
        return "{}"
    example = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(example.get("note"), str):
        example["note"] = said_note(system, example["note"])  # said to the reader; the calculator ignores it
    return json.dumps(example, ensure_ascii=False, indent=1)


RULING = re.compile(r"\bruling (?P<id>[A-Z]+\d+)")


def shown_steps(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's steps with each rule cited in the reader's language ("ruling W8" → "裁定 W8")."""
    return [
        {**step, "rule": RULING.sub(lambda m: gettext("ruling %(id)s") % {"id": m["id"]}, str(step.get("rule", "")))}
        for step in result.get("steps", [])
    ]


def outcome_rows(result: dict[str, Any]) -> list[tuple[str, str]]:
    """The result's fields other than the steps, as (label, readable value), in the engine's order."""
    return [(str(FIELDS.get(k, k)), _text(v)) for k, v in result.items() if k != "steps"]


def _text(value: Any) -> str:
    if value is None or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return str(WORDS[str(value)])
    if isinstance(value, str):
        return str(WORDS.get(value, value))
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list):
        return "; ".join(_text(v) for v in value)
    return ", ".join(f"{WORDS.get(k, k)}: {_text(v)}" for k, v in value.items())
