"""Losing and winning (§1.4, ruling G10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game.terms import Area, Outcome, Phase, Termination

if TYPE_CHECKING:
    from engine.game.state import State


def end(s: State, loser: int, termination: Termination, reason: str) -> None:
    """End the game: ``loser`` loses for ``termination``; ``reason`` is read aloud by the judge."""
    if s.outcome is not None:
        return
    s.outcome = Outcome(1 - loser, termination, reason)
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
            f"player {player} must deplete {amount} RESOURCE cards but has only {have}",
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
                f"player {player} played {s.names[card]} of the faction {f}, which he did not declare "
                f"(declared: {' '.join(declared) or 'none'})",
            )
            return True
    return False
