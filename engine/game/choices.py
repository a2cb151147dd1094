"""Choices a card text asks a player for (``Phase.CHOICE``: targets, a card found by 找寻, cards to
give up) and the naming of cards by a commandment when it is revealed (``Phase.NAMING``, 束缚)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType
from engine.game.actions import Choose, LegalAction, NameCards, PaymentChoice
from engine.game.errors import IllegalAction
from engine.game.terms import Phase
from engine.messages import card, term

if TYPE_CHECKING:
    from engine.game.state import State


def legal_choose(s: State) -> list[LegalAction]:
    """Any ``count`` of the options."""
    ch = s.choice
    assert ch is not None
    return [PaymentChoice(Choose(()), ch["count"], tuple(ch["options"]))]


def check_choose(s: State, a: Choose) -> IllegalAction | None:
    """Exactly ``count`` distinct cards among the options the text offers."""
    ch = s.choice
    assert ch is not None
    what = term("what.search" if ch["kind"] == "search" else "what.text")
    if len(a.cards) != ch["count"]:
        return IllegalAction(
            "refusal.choose.count", {"what": what, "count": ch["count"], "given": len(a.cards)}, "§2.1"
        )
    if len(set(a.cards)) != len(a.cards):
        return IllegalAction("refusal.choose.twice", {}, "§2.1")
    for c in a.cards:
        if c not in ch["options"]:
            return IllegalAction("refusal.choose.not_offered", {"card": card(s.names, c), "what": what}, "§2.1")
    return None


def do_choose(s: State, a: Choose) -> None:
    """Store the choice in the waiting text, go back to where the game stood; the text goes on."""
    ch = s.choice
    assert ch is not None
    s.choice = None
    s.phase = Phase(ch["phase"])
    s.deciding = ch["to_act"]
    ctx = s.frames[0][3] if s.frames else {}
    s.rules.finish_choice(s, ch["player"], list(a.cards), ch["as"], ctx, ch["after"])


# --- 束缚: naming cards when the commandment is revealed --------------------------------------------


def namer(s: State) -> int | None:
    """The player whose revealed commandment still has to name cards, player 0 first."""
    named = s.memory.get("banned")
    for p in (0, 1):
        c = s.command[p]
        if c is None:
            continue
        n = s.cards[c].effect.get("name_cards") if s.cards[c].effect else None
        if n and (named is None or named[1 - p] is None):
            return p
    return None


def legal_name_cards(s: State) -> list[LegalAction]:
    """Any ``name_cards`` names of the card database (commandments excluded)."""
    c = s.command[s.deciding]
    assert c is not None
    n = int(s.cards[c].effect["name_cards"])
    names = tuple(card.name for card in s.game.db if card.type != CardType.COMMANDMENT)
    return [PaymentChoice(NameCards(()), n, names)]


def check_name_cards(s: State, a: NameCards) -> IllegalAction | None:
    """``name_cards`` distinct names of cards of the database."""
    c = s.command[s.deciding]
    assert c is not None
    n = int(s.cards[c].effect["name_cards"])
    if not isinstance(a.names, tuple) or len(a.names) != n or len(set(a.names)) != n:
        return IllegalAction(
            "refusal.name_cards.count",
            {"card": card(s.names, c), "count": n, "given": len(a.names) if isinstance(a.names, tuple) else 0},
            "§2.6",
        )
    for name in a.names:
        if not isinstance(name, str):
            return IllegalAction("refusal.name_cards.not_a_name", {"name": repr(name)}, "§2.6")
        found = s.game.db.lookup(name)
        if found is None or found.name != name:
            return IllegalAction("refusal.name_cards.unknown", {"name": repr(name)}, "§2.6")
    return None


def do_name_cards(s: State, a: NameCards) -> None:
    """The enemy may not use cards of these names for the rest of the game; setup goes on."""
    banned = s.memory.setdefault("banned", [None, None])
    banned[1 - s.deciding] = list(a.names)
    s.rules.after_naming(s)


def banned(s: State, player: int, card: int) -> bool:
    """Whether ``player`` may not use ``card`` because the enemy's commandment named it (束缚)."""
    b = s.memory.get("banned")
    return b is not None and b[player] is not None and s.names[card] in b[player]
