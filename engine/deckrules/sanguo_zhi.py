"""Deck rules of 三国智 Sanguo Zhi (seed 004 §1.1, ruling S1).

At least 50 cards, no maximum; at most 1 card of each name, except cards with no name (e.g. 兵权);
up to 5 event cards (事件) with distinct names, outside the deck count; grain (粮草) outside the
count, and so are formations (阵型, ruling S10); hand limit 7. Events may be listed in the deck or in the
second section (``事件:``/``令:``).
"""

from __future__ import annotations

from engine.cards import SANGUO_ZHI
from engine.deckrules.base import DeckView, Ruleset, RulesetReport, Violation, label_en

DECK_MIN = 50
COPY_LIMIT = 1
EVENT_MAX = 5
HAND_LIMIT = 7
EVENT = "事件"
GRAIN = "粮草"
FORMATION = "阵型"
OUTSIDE = (GRAIN, FORMATION)
"""Types outside the deck count besides events: grain cards record grain, formations stay in 阵型 (ruling S10)."""


def check(view: DeckView) -> RulesetReport:
    """The 三国智 checks of one resolved deck (ruling S1)."""
    violations: list[Violation] = []
    count = 0
    events: list[str] = []
    event_count = 0
    for e in view.deck:
        card = e.card
        if card is not None and card.type == EVENT:
            event_count += e.count
            events.append(e.name)
        elif card is None or card.type not in OUTSIDE:
            count += e.count
    for e in view.pool:
        card = e.card
        if card is None:
            continue
        if card.type == EVENT:
            event_count += e.count
            if e.name not in events:
                events.append(e.name)
        else:
            violations.append(
                Violation(
                    "pool-not-event",
                    "ruling S1",
                    (e.name,),
                    f"{label_en(card, e.name)} is a {card.type} card; only event cards (事件) go beside the deck",
                    f"{e.name} 是「{card.type}」卡；卡组之外只能准备事件卡",
                )
            )
    if count < DECK_MIN:
        violations.append(
            Violation(
                "deck-size",
                "ruling S1",
                (),
                f"the deck has {count} cards (events and grain not counted); it must have at least {DECK_MIN}",
                f"卡组有 {count} 张卡（事件卡与粮草卡不计）；至少需要 {DECK_MIN} 张",
            )
        )
    warnings: list[Violation] = []
    for name, n in view.copies.items():
        if n <= COPY_LIMIT:
            continue
        card = next((e.card for e in (*view.deck, *view.pool) if e.name == name), None)
        if card is not None and card.type == FORMATION:
            warnings.append(
                Violation(
                    "formation-repeated",
                    "ruling S13",
                    (name,),
                    f"{n} copies of the formation {label_en(card, name)}: these pages set no limit on formations",
                    f"阵型 {name} 有 {n} 张：这几页规则未限制阵型数量",
                )
            )
            continue
        if card is None or card.nameless or card.type in OUTSIDE:
            continue
        violations.append(
            Violation(
                "too-many-copies",
                "ruling S1",
                (name,),
                f"{n} copies of {label_en(card, name)}: at most {COPY_LIMIT} card of each name "
                "(cards with no name excepted; events must have distinct names)",
                f"{name} 有 {n} 张：同名卡最多 {COPY_LIMIT} 张（无名称的卡除外；事件卡名称必须各不相同）",
            )
        )
    if event_count > EVENT_MAX:
        violations.append(
            Violation(
                "event-count",
                "ruling S1",
                tuple(events),
                f"{event_count} event cards; at most {EVENT_MAX} per game",
                f"共 {event_count} 张事件卡；每盘游戏最多 {EVENT_MAX} 张",
            )
        )
    return RulesetReport(violations, warnings, count, HAND_LIMIT)


SANGUO_ZHI_RULESET = Ruleset(
    name="sanguo-zhi",
    game=SANGUO_ZHI,
    title="三国智 deck rules (seed 004 §1.1, ruling S1)",
    title_zh="三国智组卡规则（白皮书 1.1，裁定 S1）",
    check=check,
    copy_limit=COPY_LIMIT,
)
