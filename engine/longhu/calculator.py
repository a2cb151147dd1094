"""The battle calculator (§5): forces, characters and the dice rolled (or a seed) in, the exact result out,
step by step with the rule cited at each step. Input format in ``docs/longhu.md``.

    >>> r = calculate({"attacker": {"strength": {"曹操": 3}, "characters": [{"name": "曹操", "command": 6}]},
    ...                "defender": {"strength": {"董卓": 2}, "neutral": True}, "dice": [1, 1, 1, 6, 6]})
    >>> r["winner"], r["losses"]
    ('attacker', {'董卓': 2})
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import engine.longhu.battle as battle_area
import engine.longhu.rules as rules
from engine.boardgame.errors import CalculatorError as BaseCalculatorError
from engine.boardgame.names import named
from engine.boardgame.procedure import Decision, drive
from engine.longhu.actions import Action, Pass, Pick, Split
from engine.longhu.board import Board
from engine.longhu.data import parse_data
from engine.longhu.messages import step_text, text
from engine.maps import parse_map
from engine.messages import N_

REGION = "battle"
DEFAULT_STRATEGY = [0, 1, 1, 2, 2, 3]
"""Used when the input names no strategy table: the Junling test data's, not the publisher's."""


class CalculatorError(BaseCalculatorError):
    """Input the calculator cannot use (what and where), as a code with params said in the reader's language."""

    MESSAGES: ClassVar[dict[str, str]] = {
        **BaseCalculatorError.MESSAGES,
        "calc_no_name": N_("{where}: a character needs at least a name"),
        "calc_side": N_("{key}: must be an object with a strength object (country → strength)"),
        "calc_strength": N_("strength of {country} must be a whole number"),
        "calc_not_a_choice": N_("answer {answer} is not a choice for {asked}: {options}"),
        "calc_not_object": N_("the input must be a JSON object"),
    }

    question = staticmethod(text)


def _char_row(row: Any, country: str, where: str) -> dict[str, Any]:
    if not isinstance(row, dict) or not isinstance(row.get("name"), str):
        raise CalculatorError("calc_no_name", {"where": where})
    keys = ("command", "valour", "diplomacy", "loyalty", "squares", "admin")
    out = {"name": row["name"], "country": row.get("country", country)}
    for k in keys:
        if k in row:
            out[k] = row[k]
    for k in ("strategist", "warlord", "navy"):
        if k in row:
            out[k] = row[k]
    return out


def build(spec: dict[str, Any]) -> tuple[Board, str]:
    """A board holding only the battle region (and the regions a side may retreat to)."""
    sides = []
    for key in ("attacker", "defender"):
        side = spec.get(key)
        if not isinstance(side, dict) or not isinstance(side.get("strength", {}), dict):
            raise CalculatorError("calc_side", {"key": key})
        sides.append(side)
    countries: dict[str, dict[str, Any]] = {}
    chars: list[dict[str, Any]] = []
    for key, side in zip(("attacker", "defender"), sides):
        names = list(side.get("strength", {})) or [side.get("country", key)]
        for c in names:
            countries[c] = {"id": c, "warlord": f"{c}·warlord", "traitor": bool(side.get("traitor", False))}
        for i, row in enumerate(side.get("characters", [])):
            chars.append(_char_row(row, names[0], f"{key}.characters[{i}]"))
    for c in countries:
        if not any(ch["name"] == countries[c]["warlord"] for ch in chars):
            wl = next((ch["name"] for ch in chars if ch["country"] == c and ch.get("warlord")), None)
            if wl:
                countries[c]["warlord"] = wl
            else:
                chars.append({"name": countries[c]["warlord"], "country": c, "warlord": True})
    retreat = sorted({r for s in sides for r in s.get("retreat_to", [])})
    map_json: dict[str, Any] = {
        "format": "junling-map/1",
        "id": "battle-calculator",
        "game": "longhu",
        "name": "battle",
        "regions": [{"id": REGION}, *({"id": r} for r in retreat)],
        "borders": [{"a": REGION, "b": r} for r in retreat],
    }
    data_json = {
        "format": "junling-longhu-data/1",
        "id": "battle-calculator",
        "map": "battle-calculator",
        "setup": "none",
        "countries": list(countries.values()),
        "characters": chars,
        "attrition": [{"up_to": 999, "loss": 0, "navy": 0}],
        "strategy": spec.get("strategy", DEFAULT_STRATEGY),
        "fate": {"grid": [[None]], "start": [0, 0], "moves": [[1, 0]] * 6},
        "warlord_table": [next(iter(countries))] * 6,
        "barbarian_table": [REGION] * 6,
        "emperor": {"start": REGION, "edict_regions": []},
    }
    map_json["setups"] = {"none": []}
    data = parse_data(data_json, parse_map(map_json))
    b = Board(data, 2)
    for c in countries:
        b.supply[c] = 10_000
        b.warlord[c] = countries[c]["warlord"]
    for ch in data.characters:
        b.loc[ch.name] = "reserve"
        b.allegiance[ch.name] = ch.country
    b.home = [None, None]
    for p, side in enumerate(sides):
        names = list(side.get("strength", {})) or [side.get("country", "")]
        for c in names:
            b.owner[c] = None if side.get("neutral") or side.get("traitor") else p
        if b.owner.get(names[0]) is not None:
            b.home[p] = side.get("home", names[0])
    # the defender is there first: it holds the control box
    for p in (1, 0):
        side = sides[p]
        for c, n in side.get("strength", {}).items():
            if not isinstance(n, int) or n < 0:
                raise CalculatorError("calc_strength", {"country": c})
            b.add(REGION, c, n)
        for row in side.get("characters", []):
            if data.is_char(row["name"]):
                b.move_char(row["name"], REGION)
    for c in countries:
        if not any(b.loc[ch.name] == REGION for ch in data.characters if ch.country == c):
            b.loc[b.warlord[c]] = "reserve"
    b.entered_from[REGION] = set(sides[0].get("retreat_to", []))
    b.turn_country = next(iter(sides[0].get("strength", {})), None)
    b.turn_player = 0
    return b, (list(sides[0].get("strength", {})) or [sides[0].get("country", "")])[0]


def _answer(decision: Decision, answers: list[Any]) -> Action:
    if not answers:
        return next((o for o in decision.options if isinstance(o, Pass)), decision.options[0])
    raw = answers.pop(0)
    if raw == "pass":
        action: Action = Pass()
    elif isinstance(raw, list):
        action = Split(tuple(raw))
    else:
        action = Pick(str(raw))
    if action not in decision.options:
        asked = {"code": decision.what, "params": dict(decision.params)}
        raise CalculatorError(
            "calc_not_a_choice", {"answer": repr(raw), "asked": asked, "options": list(map(str, decision.options))}
        )
    return action


def _named_region(step: dict[str, Any], where: str) -> dict[str, Any]:
    """A step whose ``region`` is the calculator's battle region, saying ``where`` instead (other regions: as named).

    >>> _named_region({"code": "step_result", "region": REGION}, "the contested region")["region"]
    'the contested region'
    """
    return {**step, "region": where} if step.get("region") == REGION else step


def calculate(spec: dict[str, Any], lang: str = "en", names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Fight the battle of ``spec``; returns winner, losses, retreat, captures and the steps.

    ``lang`` (``en`` or ``zh``) is the language of the steps' text (``engine.longhu.messages.step_text``);
    ``names`` (``GameData.names(lang)``) says the names in it in that language."""
    if not isinstance(spec, dict):
        raise CalculatorError("calc_not_object")
    b, attacker = build(spec)
    dice = list(spec.get("dice", []))
    rng = random.Random(spec.get("seed", 0))
    answers = list(spec.get("decisions", []))
    proc = battle_area.battle(b, REGION, attacker, rules.BattleOnlyHooks(), no_retreat=bool(spec.get("no_retreat")))
    seeded = rng if "seed" in spec else None
    ask, say = (lambda request: _answer(request, answers)), (lambda code, params: text(code, params, lang))
    result, rolled = drive(proc, dice, seeded, ask, error=CalculatorError, say=say)
    # The calculator's one region is named by a word of the reader's language, not by its id.
    where = text("calc_region", {}, lang)
    steps = [
        {"rule": s["rule"], "code": s["code"], "text": step_text(named(_named_region(s, where), names), lang)}
        for s in b.steps
    ]
    return {
        "winner": result["winner"],
        "attacker": result["attacker"],
        "defender": result["defender"],
        "losses": result["losses"],
        "losses_by_side": {
            key: sum(n for c, n in result["losses"].items() if c in result[key]) for key in ("attacker", "defender")
        },
        "retreat": result["retreat"],
        "captures": result["captures"],
        "escapes": result["escapes"],
        "dice": rolled,
        "unused_dice": dice,
        "steps": steps,
    }
