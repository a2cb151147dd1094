"""Step through a log for a judge's viewer: each entry in plain words (中文 and English) and the full state.

The judge sees everything, both hands included: the state is ``State.to_json(history=False)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.cards import CardDatabase
from engine.game import (
    Action,
    ActivateEffect,
    Choose,
    ChooseCommandment,
    CoinFlip,
    Discard,
    EndTurn,
    Equip,
    Game,
    IllegalAction,
    Melee,
    Move,
    NameCards,
    Pass,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
    State,
)
from engine.game.decks import resolve_deck
from engine.game.narrate import describe
from engine.game.terms import ZONE_ZH, Area, Zone
from engine.log import END, LogFormatError, load_log, resolve_action


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a log: its index, the action as written, what happened in words, the state after it.

    ``illegal`` holds ``(rule, reason)`` when the entry is the first one the rules do not allow (the
    replay stops there; ``state`` is then the state before it).
    """

    index: int
    action: dict[str, Any]
    text_en: str
    text_zh: str
    state: dict[str, Any] | None
    illegal: tuple[str, str] | None = None


def steps(log: Any, db: CardDatabase, *, indices: Iterable[int] | None = None) -> Iterator[Step]:
    """Replay ``log`` (bytes, text or dict; checked by ``adjudicate`` first) and yield its steps.

    ``indices``: only these entries carry the state (all of them by default; a full state costs
    about as much as a hundred actions). Raises :class:`engine.log.LogFormatError` on a log that
    cannot be replayed at all.
    """
    data = load_log(log)
    try:
        header, entries = data["header"], data["entries"]
        decks = [resolve_deck(db, (d["resource"], d["pool"], d["factions"])) for d in header["decks"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise LogFormatError("header", f"not a log that can be replayed: {exc}") from None
    seed = 0
    if entries and isinstance(entries[-1], dict):
        end = entries[-1].get("action")
        if isinstance(end, dict) and end.get("type") == END and isinstance(end.get("seed"), int):
            seed = end["seed"]
    state = Game(db).new_initial_state(decks[0], decks[1], seed=seed)
    wanted = None if indices is None else set(indices)
    for i, entry in enumerate(entries):
        raw = entry.get("action") if isinstance(entry, dict) else None
        if not isinstance(raw, dict):
            raise LogFormatError(f"entries[{i}].action", "missing, or not an object")
        if isinstance(raw, dict) and raw.get("type") == END:
            result = state.outcome
            en = "The referee closes the log" + (f": player {result.winner} wins ({result.reason})." if result else ".")
            zh = "裁判结束记录" + (f"：玩家 {result.winner} 获胜（{result.rule}）。" if result else "。")
            yield Step(i, raw, en, zh, state.to_json(history=False) if wanted is None or i in wanted else None)
            return
        try:
            action = resolve_action(state, raw, f"entries[{i}].action")
            error = state.validate(action)
            if error is not None:
                raise error
            text_en, text_zh = describe(state, action), describe_zh(state, action)
            state.apply(action)
        except IllegalAction as exc:
            yield Step(i, raw, f"Illegal: {exc}", f"违规：{exc}", state.to_json(history=False), (exc.rule, exc.reason))
            return
        except LogFormatError as exc:
            yield Step(i, raw, f"Unreadable: {exc}", f"无法读取：{exc}", state.to_json(history=False), ("", str(exc)))
            return
        yield Step(i, raw, text_en, text_zh, state.to_json(history=False) if wanted is None or i in wanted else None)


def states_at(log: Any, db: CardDatabase, indices: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The full state after each of ``indices`` (entries the replay did not reach are left out)."""
    wanted = set(indices)
    out: dict[int, dict[str, Any]] = {}
    for step in steps(log, db, indices=wanted):
        if step.index in wanted and step.state is not None and step.illegal is None:
            out[step.index] = step.state
    return out


def describe_zh(s: State, a: Action) -> str:
    """One sentence in Chinese for ``a`` about to be applied to ``s`` (omniscient, like ``describe``)."""
    p = s.current_player()
    who = f"玩家 {p}"
    n = s.names

    def paying(cards: tuple[int, ...]) -> str:
        return f"，支付 {len(cards)} 张（{'、'.join(n[c] for c in cards)}）" if cards else ""

    if isinstance(a, CoinFlip):
        return f"掷硬币：玩家 {a.first_player} 先手（ruling G1）。"
    if isinstance(a, Reveal):
        owner, dest = (s.chance[0], s.chance[2]) if s.chance is not None else (s.active, Area.HAND)
        if s.chance is not None and len(s.chance) > 4:  # at random from a hand
            return f"玩家 {owner} 的手牌 {a.card} 被随机弃置。"
        if dest is Area.RESOURCE:
            return f"玩家 {owner} 查看资源区顶的 {a.card}。"
        if dest is Area.HAND:
            return f"玩家 {owner} 抽到 {a.card}。"
        return f"玩家 {owner} 将资源区的 {a.card} 面朝下置入耗费区。"
    if isinstance(a, ChooseCommandment):
        return f"{who} 选择{'不放置军令' if a.card is None else n[a.card]}（游戏开始前面朝下）。"
    if isinstance(a, Recruit):
        return f"{who} 招募 {n[a.card]} 入{ZONE_ZH[a.to or Zone.FORTRESS]}{paying(a.payment)}。"
    if isinstance(a, Equip):
        return f"{who} 将 {n[a.card]} 装备给 {n[a.general]}{paying(a.payment)}。"
    if isinstance(a, PlayEvent):
        return f"{who} 执行事件 {n[a.card]}{paying(a.payment)}。"
    if isinstance(a, PlayTactic):
        return f"玩家 {p} 的 {n[a.executor]} 执行计略 {n[a.card]}{paying(a.payment)}。"
    if isinstance(a, PlayAdvantage):
        return f"{who} 放置优势卡 {n[a.card]}{paying(a.payment)}。"
    if isinstance(a, ActivateEffect):
        return f"{who} 发动 {n[a.source]} 的特效{paying(a.payment)}。"
    if isinstance(a, Move):
        here = ZONE_ZH[s.zone[a.general]] if a.general in s.zone else "?"
        return f"{who} 将 {n[a.general]} 从{here}移动到{ZONE_ZH[a.to]}。"
    if isinstance(a, Melee):
        return f"{n[a.attacker]} 对 {n[a.defender]} 发动武力攻击。"
    if isinstance(a, Siege):
        return f"{n[a.general]} 攻城：玩家 {1 - p} 须消耗资源。"
    if isinstance(a, EndTurn):
        return f"{who} 结束第 {s.turn} 回合。"
    if isinstance(a, PlayCounter):
        return f"{who} 以 {n[a.card]} 应对{paying(a.payment)}。"
    if isinstance(a, Pass):
        return f"{who} 不应对。"
    if isinstance(a, Discard):
        return f"{who} 弃至手牌上限，弃 {len(a.cards)} 张（{'、'.join(n[c] for c in a.cards) or '无'}）。"
    if isinstance(a, Choose):
        kind = s.choice["kind"] if s.choice is not None else ""
        if kind == "may":
            return f"{who} 选择{'不发动' if -1 in a.cards else '发动'}。"
        chosen = "、".join(n[c] if 0 <= c < len(n) else str(c) for c in a.cards) or "无"
        return f"{who} 选择 {chosen}（{_CHOICE_ZH.get(kind, kind)}）。"
    if isinstance(a, NameCards):
        return f"{who} 指定 {'、'.join(a.names)}：敌方不得使用这些牌。"
    return f"{who}：{a!r}"


_CHOICE_ZH = {
    "search": "找寻",
    "target": "指定目标",
    "discard": "弃牌",
    "order": "排列顺序",
    "payment": "支付",
    "to_resource": "置于资源区底",
}
"""Words for the kinds of choice a text asks for (``state.choice["kind"]``)."""
