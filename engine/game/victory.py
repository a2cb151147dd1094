"""Losing and winning (§1.4, ruling G10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game.terms import Area, Outcome, Phase, Termination
from engine.messages import card as ref
from engine.messages import seat, term

if TYPE_CHECKING:
    from engine.game.state import State


def end(s: State, loser: int, termination: Termination, params: dict[str, Any]) -> None:
    """End the game: ``loser`` loses for ``termination``; ``params`` fill the message that says why."""
    if s.outcome is not None:
        return
    s.outcome = Outcome(1 - loser, termination, params)
    s.phase = Phase.OVER
    s.chance = None


def deplete(s: State, player: int, amount: int, then: str) -> None:
    """[消耗] ``amount`` cards of ``player``'s RESOURCE to his DISCARD; fewer than asked loses (G10, §1.4 2)).

    Reaching 0 cards is not a loss by itself (FAQ); having fewer than asked is.
    """
    have = len(s.resource[player])
    if amount > have:
        end(
            s,
            player,
            Termination.CANNOT_PAY_DEPLETION,
            {"player": seat(player), "amount": amount, "have": have},
        )
        return
    s.rules.reveal_from_resource(s, player, amount, Area.DISCARD, then)


def undeclared_faction(s: State, player: int, card: int) -> bool:
    """If ``card`` has a faction ``player`` did not declare, he loses at once (§1.4 5), G10); True then."""
    factions = s.cards[card].factions
    if not factions:
        return False
    declared = s.factions[player]
    for f in factions:
        if f not in declared:
            end(
                s,
                player,
                Termination.UNDECLARED_FACTION,
                {
                    "player": seat(player),
                    "card": ref(s.names, card),
                    "faction": f,
                    "declared": " ".join(declared) if declared else term("word.none"),
                },
            )
            return True
    return False
