"""Deck rules of 将军令 Generals' Order: rulebook §1.3 and §2.2.5, rulings D1–D5."""

from __future__ import annotations

from engine.cards import FACTION_EN, GENERALS_ORDER, CardType, hand_limit
from engine.deckrules.base import DeckView, Ruleset, RulesetReport, Violation, join_en, label_en

DECK_MIN = 40
DECK_MAX = 60
POOL_MAX = 3
COPY_LIMIT = 3
COMMANDMENT = CardType.COMMANDMENT.value


__all__ = ["GENERALS_ORDER_RULESET", "check", "hand_limit"]
"""``hand_limit`` is :func:`engine.cards.hand_limit`, the one the game uses in play too (ruling G15)."""


def _factions_en(factions: list[str]) -> str:
    return join_en([f"{FACTION_EN.get(f, f)} ({f})" for f in factions])


def check(view: DeckView) -> RulesetReport:
    """The Generals' Order checks of one resolved deck (D1 size and pool, D2 copies, D3 factions, D5)."""
    violations: list[Violation] = []
    warnings: list[Violation] = []
    count = 0
    for e in view.deck:
        count += e.count
    # D1: 40 to 60 resource cards.
    if not DECK_MIN <= count <= DECK_MAX:
        violations.append(
            Violation(
                "deck-size",
                "ruling D1",
                (),
                f"the resource deck has {count} cards; it must have {DECK_MIN} to {DECK_MAX} (§1.3 1)",
                f"资源卡组有 {count} 张卡；必须为 {DECK_MIN} 至 {DECK_MAX} 张（§1.3 1）",
            )
        )
    # D2: at most 3 of one name over deck and pool.
    for name, n in view.copies.items():
        if n > COPY_LIMIT:
            violations.append(_too_many(view, name, n))
    # D1: the command pool holds 0 to 3 commandments with distinct names.
    pool_count = 0
    for e in view.pool:
        pool_count += e.count
        if e.card is not None and e.card.type != COMMANDMENT:
            label = label_en(e.card, e.name)
            violations.append(
                Violation(
                    "pool-not-commandment",
                    "ruling D1",
                    (e.name,),
                    f"{label} is a {e.card.type} card, not a commandment (令); "
                    "only commandments go in the command pool",
                    f"{e.name} 是「{e.card.type}」卡而不是「令」卡；军令池只能放令卡",
                )
            )
        if e.count > 1:
            label = label_en(e.card, e.name)
            violations.append(
                Violation(
                    "pool-duplicate",
                    "ruling D1",
                    (e.name,),
                    f"the command pool holds {e.count} copies of {label}; its commandments must have distinct names",
                    f"军令池中有 {e.count} 张 {e.name}；军令池中的令卡名称必须各不相同",
                )
            )
    if pool_count > POOL_MAX:
        violations.append(
            Violation(
                "pool-size",
                "ruling D1",
                tuple(e.name for e in view.pool),
                f"the command pool holds {pool_count} cards; at most {POOL_MAX} commandments",
                f"军令池有 {pool_count} 张卡；最多 {POOL_MAX} 张令卡",
            )
        )
    # D3: declared factions equal the factions present, exactly.
    present = view.factions
    declared = view.declared_factions
    missing = [f for f in present if f not in declared]
    if missing:
        involved = tuple(e.name for e in view.deck if e.card is not None and set(e.card.factions) & set(missing))
        violations.append(
            Violation(
                "undeclared-faction",
                "ruling D3",
                involved,
                f"the deck holds cards of {_factions_en(missing)} but does not declare "
                f"{'it' if len(missing) == 1 else 'them'} (§1.3 3); declared: "
                f"{_factions_en(list(declared)) if declared else 'none'}",
                f"卡组含有 {'、'.join(missing)} 势力的卡，但未宣布该势力（§1.3 3）；"
                f"已宣布：{'、'.join(declared) or '无'}",
            )
        )
    extra = [f for f in declared if f not in present]
    if extra:
        violations.append(
            Violation(
                "extra-declared-faction",
                "ruling D3",
                (),
                f"the deck declares {_factions_en(extra)} but holds no card of "
                f"{'it' if len(extra) == 1 else 'them'} (§1.3 3)",
                f"卡组宣布了 {'、'.join(extra)} 势力，但没有该势力的卡（§1.3 3）",
            )
        )
    for e in view.pool:
        card = e.card
        if card is None or card.type != COMMANDMENT:
            continue
        outside = [f for f in card.factions if f not in present]
        if outside:
            violations.append(
                Violation(
                    "commandment-faction",
                    "ruling D3",
                    (e.name,),
                    f"commandment {label_en(card, e.name)} is of {_factions_en(outside)}, "
                    "which is not among the deck's factions",
                    f"令卡 {e.name} 属于 {'、'.join(outside)} 势力，不在卡组的势力之中",
                )
            )
    # D5: a commandment in the resource deck is legal but can never be used.
    for e in view.deck:
        if e.card is not None and e.card.type == COMMANDMENT:
            warnings.append(
                Violation(
                    "commandment-in-deck",
                    "ruling D5",
                    (e.name,),
                    f"commandment {label_en(e.card, e.name)} is in the resource deck, where it can never be used; "
                    "put it in the command pool",
                    f"令卡 {e.name} 在资源卡组中，永远无法使用；请放入军令池",
                )
            )
    return RulesetReport(violations, warnings, count, hand_limit(len(present)))


def _too_many(view: DeckView, name: str, n: int) -> Violation:
    card = None
    parts_en = []
    parts_zh = []
    for entries, en, zh in ((view.deck, "deck", "资源卡组"), (view.pool, "pool", "军令池")):
        for e in entries:
            if e.name == name:
                card = e.card
                parts_en.append(f"{en} {e.count}")
                parts_zh.append(f"{zh} {e.count} 张")
    return Violation(
        "too-many-copies",
        "ruling D2",
        (name,),
        f"{n} copies of {label_en(card, name)} ({', '.join(parts_en)}): at most {COPY_LIMIT} cards of one name "
        "over deck and command pool (§1.3 2)",
        f"{name} 共 {n} 张（{'，'.join(parts_zh)}）：同名卡在资源卡组与军令池中合计最多 {COPY_LIMIT} 张（§1.3 2）",
    )


GENERALS_ORDER_RULESET = Ruleset(
    name="generals-order",
    game=GENERALS_ORDER,
    title="Generals' Order deck rules (§1.3, rulings D1–D7)",
    title_zh="将军令组牌规则（§1.3，裁定 D1–D7）",
    check=check,
    copy_limit=COPY_LIMIT,
)
