"""Deck legality: :func:`check_deck` checks a decklist against a card database and a format.

Each game plugs its deck rules in as a :class:`Ruleset` in ``RULESETS`` (Generals' Order:
rulebook §1.3 and rulings D1–D7; 三国智: ruling S1). What all games share is done here:
names are resolved (D6: unknown names name the closest known cards), banned cards and the
format's allowed databases are checked, copies are counted by canonical name over deck and
pool (D2), and the deck's factions and breakdowns are computed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from engine.cards import FACTIONS, NO_FACTION, Card, CardDatabase, normalize_name
from engine.decklist import DeckEntry, Decklist
from engine.deckrules.base import (
    CheckResult,
    DeckView,
    ResolvedEntry,
    Ruleset,
    RulesetReport,
    Violation,
    join_en,
    label_en,
)
from engine.deckrules.generals_order import GENERALS_ORDER_RULESET
from engine.deckrules.sanguo_zhi import SANGUO_ZHI_RULESET
from engine.errors import EngineError
from engine.formats import Format, default_format

__all__ = [
    "RULESETS",
    "CheckResult",
    "DeckView",
    "ResolvedEntry",
    "Ruleset",
    "RulesetReport",
    "UnknownRulesetError",
    "Violation",
    "check_deck",
]

RULESETS: dict[str, Ruleset] = {r.name: r for r in (GENERALS_ORDER_RULESET, SANGUO_ZHI_RULESET)}
"""The deck rulesets by name; a Format's ``ruleset`` picks one (``engine.systems.RULESET_NAMES``, each card
game's ``System.ruleset``, names them: a test holds the two together)."""

MAX_SUGGESTIONS = 20
"""Unknown names get "closest known cards" only while fewer violations than this were found (each costs ~2 ms)."""

_FACTION_ORDER = {f: i for i, f in enumerate(FACTIONS)}


class UnknownRulesetError(EngineError):
    """A format names a ruleset that is not in ``RULESETS``."""


class _DbIndex:
    """What a check needs from one card database, memoised (the database is immutable)."""

    __slots__ = ("banned", "cards", "closest", "db")

    MAX_NAMES = 50_000

    def __init__(self, db: CardDatabase) -> None:
        self.db = db
        self.cards: dict[str, Card | None] = {}
        self.closest: dict[str, tuple[Card, ...]] = {}
        self.banned: dict[tuple[str, ...], frozenset[str]] = {}

    def card(self, name: str) -> Card | None:
        try:
            return self.cards[name]
        except KeyError:
            if len(self.cards) >= self.MAX_NAMES:
                self.cards.clear()  # written names come from users: keep the memo bounded
            card = self.cards[name] = self.db.lookup(name)
            return card

    def closest_to(self, name: str) -> tuple[Card, ...]:
        found = self.closest.get(name)
        if found is None:
            if len(self.closest) >= 1000:
                self.closest.clear()
            found = self.closest[name] = tuple(self.db.closest(name, 3))
        return found

    def banned_names(self, banlist: tuple[str, ...]) -> frozenset[str]:
        found = self.banned.get(banlist)
        if found is None:
            names = set()
            for written in banlist:
                card = self.db.lookup(written)
                names.add(card.name if card is not None else written)
            found = self.banned[banlist] = frozenset(names)
        return found


_MISSING: Any = object()
_INDEXES: OrderedDict[str, _DbIndex] = OrderedDict()


def _index(db: CardDatabase) -> _DbIndex:
    # Keyed by content hash: two databases with the same hash hold the same cards.
    index = _INDEXES.get(db.content_hash)
    if index is None:
        index = _INDEXES[db.content_hash] = _DbIndex(db)
        if len(_INDEXES) > 16:
            _INDEXES.popitem(last=False)
    return index


def _resolve(entries: Iterable[DeckEntry], index: _DbIndex) -> tuple[ResolvedEntry, ...]:
    memo = index.cards
    merged: dict[str, ResolvedEntry] = {}  # canonical (or written) name -> entry
    for entry in entries:
        name = entry.name
        card = memo.get(name, _MISSING)  # one read: another thread may clear the memo
        if card is _MISSING:
            card = index.card(name)
        key = card.name if card is not None else name
        old = merged.get(key)
        if old is None:
            merged[key] = ResolvedEntry(key, entry.count, card, (entry.line,))
        else:
            merged[key] = ResolvedEntry(key, old.count + entry.count, card, (*old.lines, entry.line))
    return tuple(merged.values())


def check_deck(decklist: Decklist, db: CardDatabase, fmt: Format | None = None) -> CheckResult:
    """Check a decklist against a card database under a format; every violation is reported at once.

    ``fmt`` None means the default format of ``db.game``; ``fmt.ruleset`` picks the ruleset.

    >>> from engine.cards import Card, CardDatabase
    >>> from engine.decklist import parse_decklist
    >>> db = CardDatabase([Card("关羽", "人", name_en="Guan Yu", factions=("蜀",), cost=5, might=5, wit=3)])
    >>> result = check_deck(parse_decklist("势力: 蜀\\n4 关羽"), db)
    >>> result.legal, result.count, result.hand_limit
    (False, 4, 10)
    >>> [(v.code, v.rule) for v in result.violations]
    [('deck-size', 'ruling D1'), ('too-many-copies', 'ruling D2')]
    >>> print(result.violations[1].message)
    4 copies of Guan Yu (关羽) (deck 4): at most 3 cards of one name over deck and command pool (§1.3 2)
    """
    if fmt is None:
        fmt = default_format(db.game)
    ruleset = RULESETS.get(fmt.ruleset)
    if ruleset is None:
        raise UnknownRulesetError(
            f"format {fmt.name!r} names unknown ruleset {fmt.ruleset!r} (known: {', '.join(RULESETS)})"
        )
    index = _index(db)
    violations: list[Violation] = []
    if fmt.game != db.game:
        violations.append(
            Violation(
                "wrong-game",
                "ruling D6",
                (),
                f"the card database is of {db.game}, but format {fmt.name} is for {fmt.game}",
                f"卡库属于 {db.game}，而赛制 {fmt.name} 用于 {fmt.game}",
            )
        )
    elif not fmt.allows_database(db.content_hash):
        violations.append(
            Violation(
                "database-not-allowed",
                "ruling D6",
                (),
                f"format {fmt.name} does not allow card database {db.name or '?'} {db.version} "
                f"(content hash {db.content_hash[:12]})",
                f"赛制 {fmt.name} 不允许使用卡库 {db.name or '?'} {db.version}（内容哈希 {db.content_hash[:12]}）",
            )
        )
    deck = _resolve(decklist.entries, index)
    pool = _resolve(decklist.pool, index)

    # One pass over the deck: unknown names (ruling D6), copies (D2), factions present (D3), breakdowns.
    copies: dict[str, int] = {}
    present: set[str] = set()
    by_type: dict[str, int] = {}
    by_faction: dict[str, int] = {}
    cost_curve: dict[int, int] = {}
    for e in deck:
        card = e.card
        if card is None:
            violations.append(_unknown(e, "deck", index, len(violations) < MAX_SUGGESTIONS))
            continue
        n = e.count
        copies[e.name] = n  # names are unique within a resolved section
        ctype = card.type
        by_type[ctype] = by_type.get(ctype, 0) + n
        if card.factions:
            for f in card.factions:
                present.add(f)
                by_faction[f] = by_faction.get(f, 0) + n
        else:
            by_faction[NO_FACTION] = by_faction.get(NO_FACTION, 0) + n
        cost = card.cost
        if cost is not None:
            cost_curve[cost] = cost_curve.get(cost, 0) + n
    for e in pool:
        if e.card is None:
            violations.append(_unknown(e, "pool", index, len(violations) < MAX_SUGGESTIONS))
        else:
            copies[e.name] = copies.get(e.name, 0) + e.count
    if fmt.banlist:
        banned = index.banned_names(fmt.banlist)
        for name in copies:
            if name in banned:
                violations.append(_banned(name, index.card(name), fmt))
    if len(present) < 2:
        factions = tuple(present)
    else:
        factions = tuple(sorted(present, key=lambda f: (_FACTION_ORDER.get(f, len(_FACTION_ORDER)), f)))

    view = DeckView(deck, pool, decklist.declared_factions, copies, factions, db, fmt)
    report = ruleset.check(view)
    violations.extend(report.violations)
    return CheckResult(
        legal=not violations,
        violations=tuple(violations),
        warnings=tuple(report.warnings),
        count=report.count,
        pool_count=sum(e.count for e in pool),
        copies=copies,
        factions=factions,
        declared_factions=decklist.declared_factions,
        hand_limit=report.hand_limit,
        by_type=by_type,
        by_faction=by_faction,
        cost_curve=cost_curve,
        resolved=tuple((e.name, e.count) for e in deck),
        resolved_pool=tuple((e.name, e.count) for e in pool),
        ruleset=ruleset.name,
    )


def _banned(name: str, card: Card | None, fmt: Format) -> Violation:
    return Violation(
        "banned-card",
        "ruling D6",
        (name,),
        f"{label_en(card, name)} is banned in format {fmt.name}",
        f"{name} 在赛制 {fmt.name} 中被禁用",
    )


def _unknown(entry: ResolvedEntry, section: str, index: _DbIndex, suggest: bool) -> Violation:
    near = index.closest_to(entry.name) if suggest else ()
    lines = ", ".join(str(n) for n in entry.lines if n)
    where = f" (line {lines})" if lines else ""
    where_zh = f"（第 {lines} 行）" if lines else ""
    place = "command pool" if section == "pool" else "deck"
    place_zh = "军令池" if section == "pool" else "资源卡组"
    if near:
        hint = f"; closest known: {join_en([label_en(c, c.name) for c in near])}"
        hint_zh = f"；最接近的卡：{'、'.join(c.name for c in near)}"
    elif not suggest:
        hint = f"; no suggestions after the first {MAX_SUGGESTIONS} problems"
        hint_zh = f"；前 {MAX_SUGGESTIONS} 个问题之后不再提供建议"
    else:
        hint = hint_zh = ""
    key = normalize_name(entry.name)
    return Violation(
        "unknown-card",
        "ruling D6",
        (entry.name,),
        f"unknown card {entry.name!r} in the {place}{where}{hint}" + ("" if key else " (not a card name)"),
        f"{place_zh}中的未知卡「{entry.name}」{where_zh}{hint_zh}",
    )
