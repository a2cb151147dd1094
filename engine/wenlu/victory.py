"""§9 control, §11.1(1) the Japanese cards for conquests (ruling W21), §12 the end of the game and the
scores (ruling W22), §12.2 sudden victory."""

from __future__ import annotations

from typing import Any

from engine.boardgame.procedure import Chance, Proc
from engine.wenlu.actions import Draw
from engine.wenlu.board import Board

SUDDEN = 9


def draw_card(b: Board, side: str, rule: str) -> Proc:
    """One card from ``side``'s deck (a chance event); nothing if the deck is empty."""
    if not b.decks[side]:
        return None
    action = yield Chance(f"deck:{side}", "wenlu.chance.event_card", rule, {"side": side})
    card = action.piece if isinstance(action, Draw) else b.decks[side][0]
    b.decks[side].remove(card)
    b.hands[side].append(card)
    return card


def conquests(b: Board) -> Proc:
    """Ruling W21: the first time each province has all its capitals Japanese-controlled at once, the King
    out, the Prince out: one Japanese card each; the 9th wins at once (§12.2)."""
    capitals, royals = _conquerable(b)
    found = []
    for province, caps in capitals:
        if province not in b.scored and all(b.controller(r) == "japan" for r in caps):
            found.append(province)
    for cid, kind in royals:
        if kind not in b.scored and b.loc.get(cid) == "out":
            found.append(kind)
    for why in found:
        if b.outcome is not None:
            return
        b.scored.append(why)
        b.note("wenlu.step.card_gained", "§11.1(1), ruling W21", why=why)
        yield from draw_card(b, "japan", "§11.1(1)")
        if len(b.scored) >= SUDDEN:
            b.note("wenlu.step.sudden", "§12.2")
            b.outcome = outcome(b, "sudden")


_CONQUERABLE: dict[tuple[str, str], tuple[list[tuple[str, list[str]]], list[tuple[str, str]]]] = {}


def _conquerable(b: Board) -> tuple[list[tuple[str, list[str]]], list[tuple[str, str]]]:
    """The provinces with their capitals (map order) and the King and Prince counters, once per map and data."""
    key = (b.data.map.hash, b.data.hash)
    if key not in _CONQUERABLE:
        m = b.data.map
        capitals = [(p.id, [r.id for r in m.regions if r.province == p.id and r.capital]) for p in m.provinces]
        royals = [(c.id, c.kind) for c in b.data.counters if c.kind in ("king", "prince")]
        _CONQUERABLE[key] = ([(p, caps) for p, caps in capitals if caps], royals)
    return _CONQUERABLE[key]


def scores(b: Board) -> dict[str, int]:
    """§12.1, ruling W22: the Japanese score their cards gained; the Allies 2 for 汉城, 1 per other capital
    they control, 1 per removed Japanese 总大将, 1 per 4 removed Japanese 一般武将 (rounded down)."""
    allies = 0
    for r in b.data.map.regions:
        if r.capital and b.controller(r.id) == "allies":
            allies += 2 if r.id == b.data.hanseong else 1
    gone = [c for c in b.data.counters if c.nation == "japan" and c.general and b.loc.get(c.id) == "out"]
    allies += sum(1 for c in gone if c.cic) + sum(1 for c in gone if not c.cic) // 4
    return {"japan": len(b.scored), "allies": allies}


def outcome(b: Board, how: str) -> dict[str, Any]:
    s = scores(b)
    if how == "sudden":
        winner: str | None = "japan"
    else:
        winner = "japan" if s["japan"] > s["allies"] else "allies" if s["allies"] > s["japan"] else None
    return {"termination": how, "turn": b.turn, "scores": s, "winner": winner, "margin": s["japan"] - s["allies"]}


def conceded(b: Board, side: str) -> dict[str, Any]:
    """The result if ``side`` concedes now: the other side wins; the victory points stand as they are (the
    margin too: a table's scoring makes the winner lead, ``docs/tables.md``)."""
    s = scores(b)
    winner = "allies" if side == "japan" else "japan"
    return {
        "termination": "concession",
        "conceded_by": side,
        "turn": b.turn,
        "scores": s,
        "winner": winner,
        "margin": s["japan"] - s["allies"],
    }


def finish(b: Board) -> None:
    """§12.1: after the turn holding the peace marker, the game ends."""
    b.outcome = outcome(b, "peace")
    s = b.outcome["scores"]
    b.note("wenlu.step.end", "§12.1, ruling W22", japan=s["japan"], allies=s["allies"])
