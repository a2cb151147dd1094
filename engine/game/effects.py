"""Card texts as data: effect specs on cards, interpreted by a registry of handlers.

A card's ``effect`` (``Card.effect``, a JSON object in the card database) says what its text does::

    {"play":     [{"kind": "might_bonus", "amount": 1}]}          # an event: 仁义之师-like
    {"activate": [{"kind": "deplete", "amount": 2}]}              # an active effect (特效), G8
    {"on": {"victory": [{"kind": "draw", "amount": 2}]}}          # a trait (特点) listening to [战胜]
    {"answers": ["melee", "tactic"]}                              # a counter: which actions it answers
    {"armament_slots": 2}                                         # a general that carries two armaments

Each step's ``kind`` names a handler registered with :func:`handler`; card texts of a later issue
add handlers and specs, not engine code. The engine emits events texts can listen to (``on``):
``victory`` ([战胜], G5: winner, loser, attack = whether the winner declared a [武力攻击]),
``attack_victory`` ([武力攻击][战胜]: only when the winner declared the attack, §3.7.1 F),
``casualty``, ``recruited``, ``equipped``, ``siege``, ``turn_start``, ``turn_end``.

A step that needs a chance event (``deplete``, ``draw``) must be the last of its list and may only run
while the active player's main phase resolves an action (the turn goes on in the main phase once the
cards are revealed). Two reveals cannot wait at once: asking for a second raises ``RuntimeError``, a
loud spec error rather than a silently wrong game; a queue of continuations is for the texts issue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game.state import State

Handler = Callable[["State", int, Mapping[str, Any], Mapping[str, Any]], None]
"""``handler(state, source_card, step_spec, context)``; the source's owner is ``state.owner[source]``."""

HANDLERS: dict[str, Handler] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    """Register the handler of effect steps of ``kind``."""

    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return register


def run(s: State, source: int, steps: Any, context: Mapping[str, Any]) -> None:
    """Run the steps of an effect spec, in order, for the card ``source``."""
    if not steps:
        return
    for step in steps:
        if s.outcome is not None:
            return
        fn = HANDLERS.get(step.get("kind", ""))
        if fn is not None:  # an unknown kind is a text not yet supported: it does nothing
            fn(s, source, step, context)


def emit(s: State, event: str, context: Mapping[str, Any]) -> None:
    """Tell every listening card on the table that ``event`` happened."""
    for card in list(s.listeners):
        if not s.on_table(card):
            continue
        steps = s.cards[card].effect.get("on", {}).get(event)
        if steps:
            run(s, card, steps, context)


# --- plain handlers, enough to show the mechanism and to test it --------------------------------


@handler("might_bonus")
def _might_bonus(s: State, source: int, step: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """All own generals get +amount Might until the end of the turn (stacks, §3.6.2 note)."""
    s.modifiers.append([s.owner[source], "might", int(step.get("amount", 1))])


@handler("wit_bonus")
def _wit_bonus(s: State, source: int, step: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """All own generals get +amount Wit until the end of the turn."""
    s.modifiers.append([s.owner[source], "wit", int(step.get("amount", 1))])


@handler("deplete")
def _deplete(s: State, source: int, step: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """[消耗]: the enemy puts ``amount`` RESOURCE cards to DISCARD; fewer than that loses (G10)."""
    from engine.game import victory

    victory.deplete(s, 1 - s.owner[source], int(step.get("amount", 1)), then="main")


@handler("draw")
def _draw(s: State, source: int, step: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """The owner takes ``amount`` cards from the top of his RESOURCE into his hand (as many as there are)."""
    from engine.game import areas
    from engine.game.terms import Area

    owner = s.owner[source]
    amount = min(int(step.get("amount", 1)), len(s.resource[owner]))
    if amount:
        areas.reveal_from_resource(s, owner, amount, Area.HAND, "main")


@handler("special_victory")
def _special_victory(s: State, source: int, step: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """The owner wins at once (§1.4 4)."""
    from engine.game import victory
    from engine.game.terms import Termination

    owner = s.owner[source]
    victory.end(s, 1 - owner, Termination.SPECIAL_VICTORY, f"{s.names[source]} fulfilled its special victory")
