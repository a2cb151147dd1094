"""The ruleset interface and the value types of a deck check.

A ruleset is a small record of plain functions (:class:`Ruleset`): ``check`` gets the deck
already resolved against the card database (:class:`DeckView`) and returns its own
violations, warnings and numbers (:class:`RulesetReport`). What every game shares (unknown
names, banned cards, the format's databases, copies per name, factions present, breakdowns)
is done once in :func:`engine.deckrules.check_deck`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.cards import Card, CardDatabase
from engine.formats import Format


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken deck rule (or, in ``CheckResult.warnings``, one thing worth knowing).

    ``code`` is stable (clients key on it); ``rule`` cites the rulebook or ruling ("§1.3", "ruling D2");
    ``cards`` are the canonical names of the cards involved (as written, for unknown names).
    """

    code: str
    rule: str
    cards: tuple[str, ...]
    message: str
    message_zh: str

    def to_dict(self) -> dict[str, Any]:
        """The violation as a JSON-ready dict."""
        return {
            "code": self.code,
            "rule": self.rule,
            "cards": list(self.cards),
            "message": self.message,
            "message_zh": self.message_zh,
        }

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ('en' or 'zh')."""
        return self.message_zh if lang.startswith("zh") else self.message


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on a deck: every violation at once (ruling D7), warnings, and facts about the deck."""

    legal: bool
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    count: int
    pool_count: int
    copies: dict[str, int]
    factions: tuple[str, ...]
    declared_factions: tuple[str, ...]
    hand_limit: int | None
    by_type: dict[str, int]
    by_faction: dict[str, int]
    cost_curve: dict[int, int]
    resolved: tuple[tuple[str, int], ...]
    resolved_pool: tuple[tuple[str, int], ...] = ()
    ruleset: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (cost-curve keys become strings, as JSON requires)."""
        return {
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "warnings": [w.to_dict() for w in self.warnings],
            "count": self.count,
            "pool_count": self.pool_count,
            "copies": dict(self.copies),
            "factions": list(self.factions),
            "declared_factions": list(self.declared_factions),
            "hand_limit": self.hand_limit,
            "by_type": dict(self.by_type),
            "by_faction": dict(self.by_faction),
            "cost_curve": {str(k): v for k, v in sorted(self.cost_curve.items())},
            "resolved": [[n, c] for n, c in self.resolved],
            "resolved_pool": [[n, c] for n, c in self.resolved_pool],
            "ruleset": self.ruleset,
        }


class ResolvedEntry(NamedTuple):
    """The lines of one section naming one card, added up; ``card`` is None for an unknown name.

    A named tuple rather than a dataclass: a check builds one per deck line, and this is faster.
    """

    name: str
    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose: the field reads naturally
    card: Card | None
    lines: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DeckView:
    """A decklist resolved against a card database, as a ruleset sees it.

    ``copies`` counts known cards by canonical name over deck and pool; ``factions`` are the factions
    of the known resource cards (无 excluded, a dual card adds both; ruling D3) in the order of
    ``engine.cards.FACTIONS`` (others after, sorted).
    """

    deck: tuple[ResolvedEntry, ...]
    pool: tuple[ResolvedEntry, ...]
    declared_factions: tuple[str, ...]
    copies: dict[str, int]
    factions: tuple[str, ...]
    db: CardDatabase
    fmt: Format


@dataclass(frozen=True, slots=True)
class RulesetReport:
    """What a ruleset found: its violations and warnings, the deck count it uses and the hand limit."""

    violations: list[Violation] = field(default_factory=list)
    warnings: list[Violation] = field(default_factory=list)
    count: int = 0
    hand_limit: int | None = None


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A game's deck-construction rules, plugged into ``RULESETS`` under ``name``."""

    name: str
    game: str
    title: str
    title_zh: str
    check: Callable[[DeckView], RulesetReport]
    copy_limit: int
    """The most copies of one name (for callers that build decks; the check enforces it itself)."""


def label_en(card: Card | None, name: str) -> str:
    """A card for an English message: "Guan Yu (关羽)", or the name alone."""
    if card is not None and card.name_en:
        return f"{card.name_en} ({card.name})"
    return card.name if card is not None else name


def join_en(items: list[str]) -> str:
    """ "a, b and c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
