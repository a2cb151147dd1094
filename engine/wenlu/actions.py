"""Actions of 文禄朝鲜之役: small frozen values; a log is the list of them (``state.history``).

Chance is an actor like the players: ``Roll(d)`` is a die, ``Draw(x)`` an activation marker (§5.2), an event
card (§11.1) or a righteous general (§5.3②) taken at random; ``Pick`` a counter, region, card or word
(``retreat``, ``field``) as the decision asks; ``Pass`` declines what is optional now (no card, no retreat,
end the march, end the step). All four are ``engine.boardgame``'s. A referee's seed and a table's
transcription go through the same ``apply``.

    >>> a = Pick("小西行长")
    >>> a.to_json()
    {'type': 'pick', 'choice': '小西行长'}
    >>> action_from_json(a.to_json()) == a
    True
"""

from __future__ import annotations

from engine.boardgame.actions import Action, ActionReader, Draw, Pass, Pick, Roll
from engine.wenlu.errors import LogError

ACTIONS: dict[str, type[Action]] = {cls.kind: cls for cls in (Roll, Draw, Pick, Pass)}

action_from_json = ActionReader("文禄朝鲜之役", ACTIONS.values(), LogError)
"""Read an action back; :class:`LogError` says what is wrong."""

__all__ = ["ACTIONS", "Action", "Draw", "Pass", "Pick", "Roll", "action_from_json"]
