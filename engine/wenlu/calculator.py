"""The battle calculator (§8 field battle, §13.32 siege battle): counters, modifiers, cards and the dice rolled
(or a seed) in; the exact result out, step by step with the rule cited at each step. Input in ``docs/wenlu.md``.

The dice go through the same procedure as a refereed game's (``engine.wenlu.battle``): a die given in the
input is a transcribed chance event, a die rolled from the seed a committed one.

    >>> r = calculate({"active": "japan",
    ...     "japan": [{"id": "立花宗茂", "faction": "立花", "fa": 5}, {"id": "立花军", "faction": "立花"}],
    ...     "allies": [{"id": "朝鲜军", "nation": "korea"}], "dice": [6, 1, 5, 6]})
    >>> r["winner"], r["losses"]["allies"]
    ('japan', [{'counter': '朝鲜军', 'result': 'replacement'}])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import engine.wenlu.battle as battle_area
from engine.boardgame.errors import CalculatorError as BaseCalculatorError
from engine.boardgame.names import named
from engine.boardgame.procedure import Decision, drive
from engine.maps import MapError, parse_map
from engine.messages import N_
from engine.wenlu.actions import Action, Pass, Pick
from engine.wenlu.board import Board
from engine.wenlu.data import Counter, GameData
from engine.wenlu.messages import step_text, text
from engine.wenlu.terms import RANKS

CARDS = ("李舜臣出击", "伏兵", "奇袭")
_ROW = {"id", "kind", "nation", "faction", "rank", "fa", "morale", "reduced", "cut", "mountain", "from", "marched"}
_ROW |= {"castle", "count", "name"}
_TOP = {"region", "active", "japan", "allies", "cards", "roads", "siege", "dice", "seed", "decisions", "note"}


class CalculatorError(BaseCalculatorError):
    """Input the calculator cannot use (what and where), as a code with params said in the reader's language."""

    MESSAGES: ClassVar[dict[str, str]] = {
        **BaseCalculatorError.MESSAGES,
        "calc_whole": N_("{where}: must be a whole number {lo} to {hi}, not {value}"),
        "calc_side": N_("{side}: must be a non-empty list of counters"),
        "calc_no_id": N_("{where}: a counter needs an id"),
        "calc_unknown_fields": N_("{where}: unknown field(s) {fields}"),
        "calc_kind": N_("{where}.kind: must be general, unit, king or prince"),
        "calc_rank": N_("{where}.rank: must be cic or general"),
        "calc_faction": N_("{where}.faction: a Japanese counter names its house (派系)"),
        "calc_general_count": N_("{where}.count: a general is one counter"),
        "calc_not_object": N_("the input must be a JSON object"),
        "calc_unknown_top": N_("unknown field(s) {fields}"),
        "calc_active": N_("active: must be japan or allies (whose activation it is)"),
        "calc_twice": N_("counter id(s) given twice: {ids}"),
        "calc_roads": N_("roads: must be a list of {{to, class?, mountain?, enemy?, home?}}"),
        "calc_road_to": N_("roads[{i}]: needs to (a region name)"),
        "calc_came_from": N_("{id}: came from {road}, which is not one of the roads"),
        "calc_roads_map": N_("roads: {detail}"),
        "calc_cards": N_("cards: a list of {cards}"),
        "calc_korean_reduced": N_("{id}: Korean counters are never reduced (§8.1(5)②)"),
        "calc_castle_korean": N_("{id}: only Korean counters defend a castle (§13.31, ruling W16)"),
        "calc_castle_two": N_("at most 2 counters defend a castle (§13.31(3))"),
        "calc_nation_japan": N_("{where}.nation: must be japan"),
        "calc_nation_allies": N_("{where}.nation: must be korea or ming"),
        "calc_not_a_choice": N_("answer {answer} is not a choice for {asked} ({rule}): {options}"),
    }

    question = staticmethod(text)


def _whole(v: Any, where: str, lo: int = 0, hi: int = 99) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise CalculatorError("calc_whole", {"where": where, "lo": lo, "hi": hi, "value": repr(v)})
    return v


def _rows(spec: dict[str, Any], side: str) -> list[tuple[Counter, dict[str, Any]]]:
    rows = spec.get(side, [])
    if not isinstance(rows, list) or not rows:
        raise CalculatorError("calc_side", {"side": side})
    out = []
    for i, row in enumerate(rows):
        where = f"{side}[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not row["id"]:
            raise CalculatorError("calc_no_id", {"where": where})
        extra = set(row) - _ROW
        if extra:
            raise CalculatorError("calc_unknown_fields", {"where": where, "fields": sorted(extra)})
        nation = str(row.get("nation", "japan" if side == "japan" else ""))
        if (side == "japan" and nation != "japan") or (side == "allies" and nation not in ("korea", "ming")):
            raise CalculatorError("calc_nation_japan" if side == "japan" else "calc_nation_allies", {"where": where})
        general = "fa" in row or row.get("kind") == "general"
        kind = row.get("kind", "general" if general else "unit")
        if kind not in ("general", "unit", "king", "prince"):
            raise CalculatorError("calc_kind", {"where": where})
        rank = row.get("rank", "general" if kind == "general" else "")
        if kind == "general" and rank not in RANKS:
            raise CalculatorError("calc_rank", {"where": where})
        faction = row.get("faction", {"korea": "朝鲜", "ming": "明"}.get(nation))
        if not isinstance(faction, str):
            raise CalculatorError("calc_faction", {"where": where})
        if kind == "general" and row.get("count", 1) != 1:
            raise CalculatorError("calc_general_count", {"where": where})
        count = _whole(row.get("count", 1), f"{where}.count", 1, 40)
        for k in range(count):
            cid = row["id"] if count == 1 else f"{row['id']}{k + 1}"
            c = Counter(
                id=cid,
                name=str(row.get("name", row["id"])),
                nation=nation,
                faction=faction,
                kind=kind,
                rank=rank,
                fa=_whole(row.get("fa", 0), f"{where}.fa", 0, 9),
                morale=_whole(row.get("morale", 0), f"{where}.morale", 0, 9),
            )
            out.append((c, row))
    return out


def build(spec: dict[str, Any]) -> tuple[Board, str, bool]:
    """A board holding the battle region and the regions one road away (for retreats)."""
    if not isinstance(spec, dict):
        raise CalculatorError("calc_not_object")
    extra = set(spec) - _TOP
    if extra:
        raise CalculatorError("calc_unknown_top", {"fields": sorted(extra)})
    region = spec.get("region", "战场")
    active = spec.get("active", "japan")
    if active not in ("japan", "allies"):
        raise CalculatorError("calc_active")
    rows = _rows(spec, "japan") + _rows(spec, "allies")
    ids = [c.id for c, _ in rows]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise CalculatorError("calc_twice", {"ids": dup})
    roads = spec.get("roads", [])
    if not isinstance(roads, list):
        raise CalculatorError("calc_roads")
    regions: list[dict[str, Any]] = [{"id": region}]
    road_rows = []
    occupied: list[tuple[str, str]] = []
    for i, r in enumerate(roads):
        if not isinstance(r, dict) or not isinstance(r.get("to"), str):
            raise CalculatorError("calc_road_to", {"i": i})
        regions.append({"id": r["to"], **({"home_box": r["home"]} if r.get("home") else {})})
        road_rows.append({"a": region, "b": r["to"], "class": r.get("class", "primary")})
        if r.get("enemy") in ("japan", "allies"):
            occupied.append((r["to"], r["enemy"]))
    for c, row in rows:
        if "from" in row and not any(x["id"] == row["from"] for x in regions):
            raise CalculatorError("calc_came_from", {"id": c.id, "road": repr(row["from"])})
    try:
        m = parse_map(
            {
                "format": "junling-map/1",
                "id": "battle",
                "game": "wenlu",
                "name": "battle",
                "regions": regions,
                "roads": road_rows,
            }
        )
    except MapError as exc:
        raise CalculatorError("calc_roads_map", {"detail": str(exc)}) from exc
    dummies = [
        Counter(id=f"{to}·{side}", name=f"{to}·{side}", nation="japan" if side == "japan" else "korea", faction="-")
        for to, side in occupied
    ]
    counters = tuple(c for c, _ in rows) + tuple(dummies)
    data = GameData(id="battle", note="", map=m, counters=counters, start=(), cards=())
    b = Board(data)
    cards = spec.get("cards", [])
    if not isinstance(cards, list) or any(x not in CARDS for x in cards):
        raise CalculatorError("calc_cards", {"cards": list(CARDS)})
    b.yi_sun_sin, b.ambush, b.surprise = "李舜臣出击" in cards, "伏兵" in cards, "奇袭" in cards
    castle = 0
    for c, row in rows:
        b.loc[c.id] = region
        if row.get("reduced"):
            if c.nation == "korea":
                raise CalculatorError("calc_korean_reduced", {"id": c.id})
            b.reduced.add(c.id)
        if row.get("cut"):
            b.cut.add(c.id)
        if row.get("mountain"):
            b.mountain.add(c.id)
        if row.get("from"):
            b.origin[c.id] = row["from"]
        if row.get("marched", "from" in row):
            b.marched.add(c.id)
        if row.get("castle"):
            if c.nation != "korea":
                raise CalculatorError("calc_castle_korean", {"id": c.id})
            b.castle.add(c.id)
            castle += 1
    if castle > 2:
        raise CalculatorError("calc_castle_two")
    if castle:
        b.markers.add(region)
    for d in dummies:
        b.loc[d.id] = d.id.split("·")[0]
    b.active = "japan" if active == "japan" else "korea"
    return b, region, bool(spec.get("siege", castle > 0))


def _answer(decision: Decision, answers: list[Any]) -> Action:
    if not answers:
        if decision.what == "wenlu.ask.group":  # ruling W25: unasked, a retreating general takes all he may lead
            return next((o for o in decision.options if not isinstance(o, Pass)), decision.options[0])
        return next((o for o in decision.options if isinstance(o, Pass)), decision.options[0])
    raw = answers.pop(0)
    action: Action = Pass() if raw == "pass" else Pick(str(raw))
    if action not in decision.options:
        shown = ["pass" if isinstance(o, Pass) else o.choice for o in decision.options]  # type: ignore[attr-defined]
        asked = {"code": decision.what, "params": dict(decision.params)}
        raise CalculatorError(
            "calc_not_a_choice", {"answer": repr(raw), "asked": asked, "rule": decision.rule, "options": shown}
        )
    return action


def calculate(spec: dict[str, Any], lang: str = "en", names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Fight the battle of ``spec``; returns winner, losses, retreats, captures, the siege and the steps (their text
    in ``lang``, the names in it as ``names``, ``GameData.names(lang)``, says them)."""
    b, region, with_siege = build(spec)
    dice = list(spec.get("dice", []))
    if "seed" in spec:
        _whole(spec["seed"], "seed", 0, 2**63 - 1)
    rng = random.Random(spec.get("seed", 0))
    answers = list(spec.get("decisions", []))
    active = spec.get("active", "japan")
    result = battle_area.new_result(region, active)

    def fight() -> Any:
        if b.field(region, "japan") and b.field(region, "allies"):
            yield from battle_area.battle(b, region, active, result)
        elif b.garrison(region) and b.field(region, "japan"):
            result["winner"] = "japan"
        if with_siege and not b.field(region, "allies") and b.garrison(region):
            yield from battle_area.siege(b, region, result)
        return result

    proc = fight()
    seeded = rng if "seed" in spec else None
    ask, say = (lambda request: _answer(request, answers)), (lambda code, params: text(code, params, lang))
    _, rolled = drive(proc, dice, seeded, ask, error=CalculatorError, say=say)
    steps = [{**s, "text": step_text({**s, "params": named(s.get("params", {}), names)}, lang)} for s in b.steps]
    return {
        "region": region,
        "active": active,
        "winner": result["winner"],
        "rounds": result["rounds"],
        "stalemate": result["stalemate"],
        "losses": result["losses"],
        "losses_by_side": {s: len(v) for s, v in result["losses"].items()},
        "retreats": result["retreats"],
        "captures": result["captures"],
        "siege": result["siege"],
        "remaining": {s: b.field(region, s) for s in ("japan", "allies")},
        "castle": b.garrison(region),
        "dice": rolled,
        "unused_dice": dice,
        "unused_decisions": answers,
        "steps": steps,
    }
