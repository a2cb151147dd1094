"""Choices a card text asks a player for (``Phase.CHOICE``: targets, a card found by 找寻, cards to
give up) and the naming of cards by a commandment when it is revealed (``Phase.NAMING``, 束缚)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType
from engine.game.actions import Choose, LegalAction, NameCards, PaymentChoice
from engine.game.errors import IllegalAction
from engine.game.terms import Phase

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
    what = {"search": "找寻 (§4.1 item 23)", "discard": "a text", "target": "a text"}.get(ch["kind"], "a text")
    if len(a.cards) != ch["count"]:
        return IllegalAction("§2.1", f"{what} asks for {ch['count']} card(s); {len(a.cards)} were chosen")
    if len(set(a.cards)) != len(a.cards):
        return IllegalAction("§2.1", "a card was chosen twice")
    for c in a.cards:
        if c not in ch["options"]:
            return IllegalAction("§2.1", f"{s.label(c)} is not one of the cards {what} lets you choose")
    return None


def do_choose(s: State, a: Choose) -> None:
    """Store the choice in the waiting text, go back to where the game stood; the text goes on."""
    ch = s.choice
    assert ch is not None
    s.choice = None
    s.phase = Phase(ch["phase"])
    s.to_act = ch["to_act"]
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
    c = s.command[s.to_act]
    assert c is not None
    n = int(s.cards[c].effect["name_cards"])
    names = tuple(card.name for card in s.game.db if card.type != CardType.COMMANDMENT)
    return [PaymentChoice(NameCards(()), n, names)]


def check_name_cards(s: State, a: NameCards) -> IllegalAction | None:
    """``name_cards`` distinct names of cards of the database."""
    c = s.command[s.to_act]
    assert c is not None
    n = int(s.cards[c].effect["name_cards"])
    if not isinstance(a.names, tuple) or len(a.names) != n or len(set(a.names)) != n:
        return IllegalAction("§2.6", f"{s.names[c]} names {n} different cards; {len(a.names)} were given")
    for name in a.names:
        if not isinstance(name, str):
            return IllegalAction("§2.6", f"{name!r} is not a card name")
        found = s.game.db.lookup(name)
        if found is None or found.name != name:
            return IllegalAction("§2.6", f"{name!r} is not a card of this game's card database")
    return None


def do_name_cards(s: State, a: NameCards) -> None:
    """The enemy may not use cards of these names for the rest of the game; setup goes on."""
    banned = s.memory.setdefault("banned", [None, None])
    banned[1 - s.to_act] = list(a.names)
    s.rules.after_naming(s)


def banned(s: State, player: int, card: int) -> bool:
    """Whether ``player`` may not use ``card`` because the enemy's commandment named it (束缚)."""
    b = s.memory.get("banned")
    return b is not None and b[player] is not None and s.names[card] in b[player]
