"""The table through which one rule area calls another: :class:`Rules`, filled by ``engine.game.rules``.

A rule area (``turn.py``, ``combat.py``, ``effects.py``, …) imports values and primitives only, never
another area; what it needs from one it reaches as ``s.rules.might(s, general)``. The composition root
(``rules.py``) is the only module that imports the areas: it builds one :class:`Rules` and every
:class:`~engine.game.state.Game` and state carry it. Reaching a function through ``s.rules`` costs about
what ``module.function`` cost (an attribute load more), so the wiring adds little per action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.game.actions import LegalAction
from engine.game.errors import IllegalAction
from engine.game.terms import Phase

# The state comes first in every signature; it is ``Any`` here because the state's module imports this one.
State = Any

Handler = Callable[[State, int, Mapping[str, Any], dict[str, Any]], Any]
"""``handler(state, source_card, step_spec, context) -> None | STOP``; the source's owner is ``state.owner[source]``."""

Condition = Callable[[State, int, int, Mapping[str, Any], dict[str, Any]], bool]
"""``condition(state, subject, source, params, context) -> bool``."""

Builtin = Callable[[State, dict[str, Any]], None]
"""A step of the engine's own queued by name (``@close`` …): ``builtin(state, context)``."""

Check = Callable[[State, Any], IllegalAction | None]
Do = Callable[[State, Any], None]


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule areas' functions that other areas and the state call, and the tables of the dispatch.

    Built once by ``engine.game.rules`` (``RULES``); a test may make a variant with
    ``dataclasses.replace`` (an extra effect step, say) and pass it to ``Game(db, rules=...)``.
    """

    # --- dispatch: the state's entry points -----------------------------------------------------
    actions: Mapping[type, tuple[Check, Do, Phase]]
    """Each player action's (check, do, the phase it belongs to)."""
    legal: Mapping[Phase, Callable[[State], list[LegalAction]]]
    """The legal actions of each phase a player acts in."""
    main_legal: tuple[Callable[[State, list[LegalAction]], None], ...]
    """The main phase's areas, in the order their actions are listed."""
    resolvers: Mapping[type, Callable[[State, Any, bool], None]]
    """How each answerable action resolves once its window closes: ``resolve(state, action, negated)``."""
    continuations: Mapping[str, Callable[[State], None]]
    """What happens once a reveal from a RESOURCE or a hand is done, by name."""
    builtins: Mapping[str, Builtin]
    handlers: Mapping[str, Handler]
    """The handler of each effect step kind."""
    conditions: Mapping[str, Condition]
    """Each condition of the effect language by name."""
    check_reveal: Callable[[State, str], IllegalAction | None]
    apply_reveal: Callable[[State, str], None]
    check_respond: Check
    do_respond: Do
    observation: Callable[[State, int], dict[str, Any]]
    new_state: Callable[..., State]
    resolve_deck: Callable[..., Any]
    known_top: Callable[[State, int], int]

    # --- areas: card moves --------------------------------------------------------------------------
    pay: Callable[..., None]
    to_discard: Callable[..., None]
    to_casualty: Callable[..., None]
    leave_battlefield: Callable[..., None]
    take_discard_bottom: Callable[..., int | None]
    shuffle_resource: Callable[..., None]
    reveal_from_hand: Callable[..., None]
    reveal_from_resource: Callable[..., None]
    settle_reveal: Callable[[State], None]

    # --- costs, choices, setup, turn, victory ---------------------------------------------------------
    ability_cost: Callable[..., int]
    execution_cost: Callable[..., int]
    check_payment: Callable[..., IllegalAction | None]
    banned: Callable[..., bool]
    namer: Callable[[State], int | None]
    after_naming: Callable[[State], None]
    begin_turn: Callable[..., None]
    to_main: Callable[[State], None]
    hand_limit: Callable[[State, int], int]
    deplete: Callable[..., None]
    undeclared_faction: Callable[..., bool]
    end: Callable[..., None]
    recruitment_cost: Callable[..., int]

    # --- the response window, activation, equipment ---------------------------------------------------
    open_window: Callable[..., None]
    reveal_and_pay: Callable[..., bool]
    could_answer: Callable[..., bool]
    legal_respond: Callable[..., None]
    equip_problem: Callable[..., tuple[str, str] | None]

    # --- card texts ---------------------------------------------------------------------------------------
    queue: Callable[..., None]
    queue_builtin: Callable[..., None]
    holds_all: Callable[..., bool]
    emit: Callable[..., None]
    has_flag: Callable[..., bool]
    texts_on: Callable[..., list[int]]
    side_sum: Callable[..., int]
    proceed: Callable[[State], None]
    resume: Callable[[State], None]
    carrier_or_self: Callable[..., int | None]
    player_flag: Callable[..., bool]
    on_table_text: Callable[..., bool]
    stat_bonus: Callable[..., int]
    matches: Callable[..., bool]
    finish_choice: Callable[..., None]

    # --- generals ------------------------------------------------------------------------------------------
    might: Callable[[State, int], int]
    wit: Callable[[State, int], int]
    why_not_ready: Callable[..., tuple[str, str] | None]
    note_attack: Callable[..., None]
    facing: Callable[..., Any]
    may_attack: Callable[[State, int], bool]
    may_move: Callable[[State, int], bool]
    ready: Callable[[State, int], bool]
    enemies_in_zone: Callable[[State, int], list[int]]
    immune_to_tactic: Callable[..., bool]

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self  # a copied state plays by the same rules: the table is shared, never copied
