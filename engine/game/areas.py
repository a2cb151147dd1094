"""Moves of cards between areas (§3.2, ruling G12) and the chance events they need.

RESOURCE is a list with its top at index 0. Its first ``hidden[p]`` cards are the shuffled part,
whose order nobody knows: they are kept sorted by id, and each card taken from there is a chance
event (:class:`~engine.game.actions.Reveal`) naming it. This "deferred" shuffle deals exactly like
a shuffled deck, and serves a referee's seeded generator and a paper log alike. Cards put into
RESOURCE go to its bottom (after the shuffled part) in a known order. DISCARD and CASUALTY have their
top at the end: new cards are appended, cards taken from DISCARD come from index 0 (its bottom).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import effects
from engine.game.errors import IllegalAction
from engine.game.terms import Area

if TYPE_CHECKING:
    from engine.game.state import State


def take_from_hand(s: State, player: int, cards: tuple[int, ...] | list[int]) -> None:
    """Remove cards from a hand (the caller puts them somewhere)."""
    hand = s.hand[player]
    for c in cards:
        hand.remove(c)


def pay(s: State, player: int, cards: tuple[int, ...]) -> None:
    """Pay a cost: the cards go from hand to DISCARD, face down, on top in the order given (§3.2.1)."""
    hand = s.hand[player]
    discard = s.discard[player]
    for c in cards:
        hand.remove(c)
        discard.append(c)


def to_discard(s: State, card: int) -> None:
    """Put a card on top of its owner's DISCARD (§3.2.5 4); an enemy-equip card goes to its owner's (§2.3.5)."""
    s.discard[s.owner[card]].append(card)


def to_resource_bottom(s: State, card: int) -> None:
    """Put a card at the bottom of its owner's RESOURCE (§3.2.5 3)."""
    s.resource[s.owner[card]].append(card)


def take_discard_bottom(s: State, player: int) -> int | None:
    """Take the bottom card of a DISCARD (§3.2.5 2), or None if it is empty."""
    discard = s.discard[player]
    return discard.pop(0) if discard else None


def leave_battlefield(s: State, general: int) -> None:
    """Take a general off the battlefield; its equipment goes to DISCARD (§2.3.1 5, §3.6.1 rule D)."""
    owner = s.owner[general]
    s.field[owner].remove(general)
    del s.zone[general]
    for e in s.gear.pop(general, ()):
        del s.carrier[e]
        to_discard(s, e)
    s.acted.discard(general)
    s.fresh.discard(general)


def to_casualty(s: State, general: int) -> None:
    """Send a general to its owner's CASUALTY, face up on top (§3.2.2); its equipment to DISCARD."""
    leave_battlefield(s, general)
    s.casualty[s.owner[general]].append(general)
    if s.listeners:
        effects.emit(s, "casualty", {"general": general})


def reveal_from_resource(s: State, player: int, count: int, dest: Area, then: str) -> None:
    """Take ``count`` cards from the top of a RESOURCE to ``dest`` (HAND or DISCARD), then go on with ``then``.

    The caller has checked that there are enough cards (G10). While cards of the shuffled part
    are to be taken, the state waits at a chance node; known cards move at once.
    """
    if s.chance is not None:  # a card text asked for a second reveal while one waits: a spec error
        raise RuntimeError(f"a reveal from RESOURCE is already pending ({s.chance}); see docs/engine.md")
    s.chance = [player, count, dest, then]
    _settle_reveal(s)


def apply_reveal(s: State, name: str) -> None:
    """Apply one :class:`Reveal` chance outcome (checked by :func:`check_reveal`)."""
    chance = s.chance
    assert chance is not None
    player = chance[0]
    resource = s.resource[player]
    names = s.names
    for i in range(s.hidden[player]):
        if names[resource[i]] == name:
            card = resource.pop(i)
            break
    s.hidden[player] -= 1
    _place(s, player, card, chance[2])
    chance[1] -= 1
    _settle_reveal(s)


def check_reveal(s: State, name: str) -> IllegalAction | None:
    """Whether ``name`` can be the next card revealed from the pending RESOURCE (ruling G12)."""
    chance = s.chance
    if chance is None:
        return IllegalAction("ruling G12", "no card is being taken from a RESOURCE now")
    player = chance[0]
    resource = s.resource[player]
    names = s.names
    for i in range(s.hidden[player]):
        if names[resource[i]] == name:
            return None
    return IllegalAction(
        "ruling G12", f"player {player}'s RESOURCE holds no unseen card named {name!r}: it cannot be the next card"
    )


def _place(s: State, player: int, card: int, dest: Area) -> None:
    if dest is Area.HAND:
        s.hand[player].append(card)
    else:
        s.discard[player].append(card)


def _settle_reveal(s: State) -> None:
    chance = s.chance
    assert chance is not None
    player, count, dest, then = chance
    if count and s.hidden[player]:
        return  # wait for the chance event
    resource = s.resource[player]
    for _ in range(count):
        _place(s, player, resource.pop(0), dest)
    s.chance = None
    CONTINUATIONS[then](s)


CONTINUATIONS: dict = {}
"""What happens once a reveal is done, by name (filled in by engine.game.turn)."""
