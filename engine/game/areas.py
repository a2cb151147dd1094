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

from engine.game.errors import IllegalAction
from engine.game.terms import Area
from engine.messages import seat

if TYPE_CHECKING:
    from engine.game.state import State

# Members read once: on Python 3.11 ``Area.HAND`` goes through the enum class's ``__getattr__`` hook (about
# 65 ns a read), and a reveal reads its destination on every card
_HAND = Area.HAND
_DISCARD = Area.DISCARD
_RESOURCE = Area.RESOURCE


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
    if s.texts and "left" in s.hooks:
        s.rules.emit(s, "left", {"general": general})


def to_casualty(s: State, general: int, by: int | None = None) -> None:
    """Send a general to its owner's CASUALTY, face up on top (§3.2.2); its equipment to DISCARD.

    Replacements first: a general defeated by one whose text sends it out of the game (郭汜, 白起)
    goes there; a general whose text returns it to the hand once a game (孟获) goes there.
    """
    leave_battlefield(s, general)
    if s.texts:
        flagged = s.flagged
        if by is not None and "defeated_out_of_game" in flagged and s.rules.has_flag(s, by, "defeated_out_of_game"):
            s.put_out_of_game(s.owner[general], general)
            return
        if (
            "once_to_hand" in flagged
            and general in flagged["once_to_hand"]
            and general not in s.memory.get("once_to_hand", ())
        ):
            s.memory.setdefault("once_to_hand", []).append(general)
            s.hand[s.owner[general]].append(general)
            return
    s.casualty[s.owner[general]].append(general)
    if "casualty" in s.hooks:
        s.rules.emit(s, "casualty", {"general": general})


def shuffle_resource(s: State, player: int) -> None:
    """Shuffle a RESOURCE: all of it becomes the unseen part, kept sorted by id (G12)."""
    resource = s.resource[player]
    resource.sort()
    s.hidden[player] = len(resource)
    if s.top is not None:
        s.top[player] = 0


def reveal_from_hand(s: State, player: int, count: int, then: str) -> None:
    """Take ``count`` cards at random from ``player``'s hand to his DISCARD: one chance event each."""
    if s.chance is not None:
        raise RuntimeError(f"a chance event is already pending ({s.chance}); see docs/engine.md")
    s.chance = [player, count, _DISCARD, then, "hand"]


def reveal_from_resource(s: State, player: int, count: int, dest: Area, then: str) -> None:
    """Take ``count`` cards from the top of a RESOURCE to ``dest`` (HAND or DISCARD), then go on with ``then``.

    The caller has checked that there are enough cards (G10). While cards of the shuffled part
    are to be taken, the state waits at a chance node; known cards move at once.
    """
    if s.chance is not None:  # a card text asked for a second reveal while one waits: a spec error
        raise RuntimeError(f"a reveal from RESOURCE is already pending ({s.chance}); see docs/engine.md")
    s.chance = [player, count, dest, then]
    if s.top is None and count and s.hidden[player]:
        return  # unseen cards to take: wait for the chance event (what _settle_reveal does then, without the call)
    _settle_reveal(s)


def apply_reveal(s: State, name: str) -> None:
    """Apply one :class:`Reveal` chance outcome (checked by :func:`check_reveal`)."""
    chance = s.chance
    assert chance is not None
    player = chance[0]
    names = s.names
    if len(chance) > 4:  # at random from a hand
        hand = s.hand[player]
        card = min(c for c in hand if names[c] == name)
        hand.remove(card)
        s.discard[player].append(card)
        chance[1] -= 1
        if not chance[1] or not hand:
            s.chance = None
            s.rules.continuations[chance[3]](s)
        return
    resource = s.resource[player]
    tops = s.top
    top = tops[player] if tops is not None else 0
    for i in range(top, top + s.hidden[player]):
        if names[resource[i]] == name:
            break
    else:
        raise RuntimeError(f"no {name} in the unseen part of RESOURCE {player}: check_reveal first")
    reveal_at(s, i)


def reveal_at(s: State, index: int) -> None:
    """Apply the pending reveal from a RESOURCE whose card is the one at ``index`` of its unseen part (the first
    card of the revealed name there: :func:`apply_reveal` finds it by name; a seeded replay by id)."""
    chance = s.chance
    assert chance is not None
    player = chance[0]
    resource = s.resource[player]
    card = resource.pop(index)
    tops = s.top
    hidden = s.hidden
    hidden[player] -= 1
    if tops is not None:
        if chance[2] is _RESOURCE:  # looked at (郭嘉): stays on top, known to its owner
            resource.insert(tops[player], card)
            tops[player] += 1
        else:
            _place(s, player, card, chance[2])
    elif chance[2] is _HAND:  # _place, inline: a draw
        s.hand[player].append(card)
    else:
        s.discard[player].append(card)
    chance[1] -= 1
    if tops is None:  # what _settle_reveal does then, without the call in the commonest cases
        if chance[1]:
            if hidden[player]:
                return  # more to take, from the unseen part: wait for the next chance event
        else:  # all taken: the reveal is done
            s.chance = None
            s.rules.continuations[chance[3]](s)
            return
    _settle_reveal(s)


def known_top(s: State, player: int) -> int:
    """How many cards on top of a RESOURCE its owner has looked at (郭嘉); they come out before the unseen part."""
    return s.top[player] if s.top is not None else 0


def check_reveal(s: State, name: str) -> IllegalAction | None:
    """Whether ``name`` can be the next card revealed from the pending RESOURCE (ruling G12)."""
    chance = s.chance
    if chance is None:
        return IllegalAction("refusal.no_reveal_pending", {}, "ruling G12")
    player = chance[0]
    names = s.names
    if len(chance) > 4:
        if any(names[c] == name for c in s.hand[player]):
            return None
        return IllegalAction("refusal.reveal.not_in_hand", {"player": seat(player), "name": {"name": name}}, "§3.2")
    resource = s.resource[player]
    top = s.top[player] if s.top is not None else 0
    for i in range(top, top + s.hidden[player]):
        if names[resource[i]] == name:
            return None
    return IllegalAction(
        "refusal.reveal.not_in_resource", {"player": seat(player), "name": {"name": name}}, "ruling G12"
    )


def _place(s: State, player: int, card: int, dest: Area) -> None:
    if dest is _HAND:
        s.hand[player].append(card)
    else:
        s.discard[player].append(card)


def _settle_reveal(s: State) -> None:
    chance = s.chance
    assert chance is not None
    player, count, dest, then = chance
    resource = s.resource[player]
    if s.top is not None:  # a RESOURCE has been looked at (郭嘉)
        if _settle_looked(s, chance, player, count, dest, resource):
            return
        count = chance[1]
    if count and s.hidden[player]:
        return  # wait for the chance event
    for _ in range(count):
        _place(s, player, resource.pop(0), dest)
    s.chance = None
    s.rules.continuations[then](s)


def _settle_looked(s: State, chance: list, player: int, count: int, dest: Area, resource: list[int]) -> bool:
    """Cards looked at come out first, without a chance event; True if the reveal is done or waits."""
    assert s.top is not None
    if dest is _RESOURCE:  # looking at the top: only unseen cards are revealed, none move
        if count and s.hidden[player]:
            return True
        s.chance = None
        s.rules.continuations[chance[3]](s)
        return True
    top = s.top[player]
    if top and count:
        take = min(top, count)
        for _ in range(take):
            _place(s, player, resource.pop(0), dest)
        s.top[player] -= take
        chance[1] = count - take
    return False
