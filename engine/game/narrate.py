"""Actions in plain words, as a referee would announce them (used by ``python -m engine play``)."""

from __future__ import annotations

from engine.game import generals, recruitment
from engine.game.actions import (
    Action,
    ActivateEffect,
    Choose,
    ChooseCommandment,
    CoinFlip,
    Discard,
    EndTurn,
    Equip,
    Melee,
    Move,
    NameCards,
    Pass,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
)
from engine.game.state import State
from engine.game.terms import ZONE_ZH, Area, Zone


def describe(s: State, a: Action) -> str:
    """One sentence for ``a`` about to be applied to ``s`` (omniscient: names every card)."""
    p = s.current_player()
    who = f"Player {p}"

    def names(cards: tuple[int, ...]) -> str:
        return ", ".join(s.names[c] for c in cards) if cards else "nothing"

    def paying(cards: tuple[int, ...]) -> str:
        return f", paying {len(cards)} ({names(cards)})" if cards else ""

    if isinstance(a, CoinFlip):
        return f"The coin falls: player {a.first_player} goes first (ruling G1)."
    if isinstance(a, Reveal):
        assert s.chance is not None
        owner, dest = s.chance[0], s.chance[2]
        if len(s.chance) > 4:
            return f"Player {owner} loses {a.card} from his hand at random, to DISCARD."
        if dest is Area.RESOURCE:
            return f"Player {owner} looks at {a.card} on top of his RESOURCE."
        if dest is Area.HAND:
            return f"Player {owner} draws {a.card}."
        return f"Player {owner} puts {a.card} from RESOURCE to DISCARD, face down."
    if isinstance(a, ChooseCommandment):
        chosen = "no commandment" if a.card is None else s.names[a.card]
        return f"{who} chooses {chosen} (face down until the game begins)."
    if isinstance(a, Recruit):
        cost = recruitment.recruitment_cost(s, p, a.card)
        where = ZONE_ZH[a.to or Zone.FORTRESS]
        return f"{who} recruits {s.names[a.card]} into {where} (cost {cost}){paying(a.payment)}."
    if isinstance(a, Equip):
        return f"{who} equips {s.names[a.card]} on {s.names[a.general]}{paying(a.payment)}."
    if isinstance(a, PlayEvent):
        return f"{who} plays the event {s.names[a.card]}{paying(a.payment)}."
    if isinstance(a, PlayTactic):
        return f"{s.names[a.executor]} of player {p} executes {s.names[a.card]}{paying(a.payment)}."
    if isinstance(a, PlayAdvantage):
        return f"{who} places the advantage {s.names[a.card]}{paying(a.payment)}."
    if isinstance(a, ActivateEffect):
        return f"{who} activates the effect of {s.names[a.source]}{paying(a.payment)}."
    if isinstance(a, Move):
        here = ZONE_ZH[s.zone[a.general]]
        return f"{who} moves {s.names[a.general]} from {here} to {ZONE_ZH[a.to]}."
    if isinstance(a, Melee):
        ma, md = generals.might(s, a.attacker), generals.might(s, a.defender)
        return f"{s.names[a.attacker]} (Might {ma}) attacks {s.names[a.defender]} (Might {md})."
    if isinstance(a, Siege):
        return f"{s.names[a.general]} besieges: player {1 - p} must deplete {generals.might(s, a.general)}."
    if isinstance(a, EndTurn):
        return f"{who} ends turn {s.turn}; upkeep {len(s.field[p])}."
    if isinstance(a, PlayCounter):
        assert s.pending is not None
        return f"{who} answers the {s.pending.kind} with {s.names[a.card]}{paying(a.payment)}."
    if isinstance(a, Pass):
        return f"{who} lets it resolve."
    if isinstance(a, Discard):
        return f"{who} discards {len(a.cards)} down to the hand limit ({names(a.cards)})."
    if isinstance(a, Choose) and s.choice is not None:
        if s.choice["kind"] == "may":
            return f"{who} says {'no' if -1 in a.cards else 'yes'}."
        return f"{who} chooses {names(a.cards)} ({s.choice['kind']})."
    if isinstance(a, NameCards):
        return f"{who} names {', '.join(a.names)}: the enemy may not use them."
    return f"{who}: {a!r}"
