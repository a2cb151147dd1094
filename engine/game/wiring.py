"""The table through which one rule area calls another: :class:`Rules`, filled by ``engine.game.rules``.

A rule area (``turn.py``, ``combat.py``, ``effects.py``, …) imports values and primitives only, never
another area; what it needs from one it reaches as ``s.rules.might(s, general)``. The composition root
(``rules.py``) is the only module that imports the areas: it fills :class:`Rules` in (a subclass,
``RULES``) and every :class:`~engine.game.state.Game` and state carry it.

The table is a class, never instantiated: read through a class, a function stays a plain function, and
Python calls it as fast as one read from a module (an instance's slot would cost about half as much
again per call, and the areas make many). A variant of the rules is a subclass of ``RULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

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


class Rules:
    """The rule areas' functions that other areas and the state call, and the tables of the dispatch.

    ``engine.game.rules.RULES`` fills every name in; a test may subclass it (an extra effect step, say)
    and pass the subclass to ``Game(db, rules=...)``. Never instantiated: ``s.rules`` is the class.
    """

    # --- dispatch: the state's entry points -----------------------------------------------------
    actions: ClassVar[Mapping[type, tuple[Check, Do, Phase]]]
    """Each player action's (check, do, the phase it belongs to)."""
    legal: ClassVar[Mapping[Phase, Callable[[State], list[LegalAction]]]]
    """The legal actions of each phase a player acts in."""
    main_legal: ClassVar[tuple[Callable[[State, list[LegalAction]], None], ...]]
    """The main phase's areas, in the order their actions are listed."""
    resolvers: ClassVar[Mapping[type, Callable[[State, Any, bool], None]]]
    """How each answerable action resolves once its window closes: ``resolve(state, action, negated)``."""
    continuations: ClassVar[Mapping[str, Callable[[State], None]]]
    """What happens once a reveal from a RESOURCE or a hand is done, by name."""
    builtins: ClassVar[Mapping[str, Builtin]]
    handlers: ClassVar[Mapping[str, Handler]]
    """The handler of each effect step kind."""
    conditions: ClassVar[Mapping[str, Condition]]
    """Each condition of the effect language by name."""
    check_reveal: ClassVar[Callable[[State, str], IllegalAction | None]]
    apply_reveal: ClassVar[Callable[[State, str], None]]
    reveal_at: ClassVar[Callable[[State, int], None]]
    check_respond: ClassVar[Check]
    do_respond: ClassVar[Do]
    observation: ClassVar[Callable[[State, int], dict[str, Any]]]
    new_state: ClassVar[Callable[..., State]]
    resolve_deck: ClassVar[Callable[..., Any]]
    known_top: ClassVar[Callable[[State, int], int]]

    # --- areas: card moves --------------------------------------------------------------------------
    pay: ClassVar[Callable[..., None]]
    to_discard: ClassVar[Callable[..., None]]
    to_casualty: ClassVar[Callable[..., None]]
    leave_battlefield: ClassVar[Callable[..., None]]
    take_discard_bottom: ClassVar[Callable[..., int | None]]
    shuffle_resource: ClassVar[Callable[..., None]]
    reveal_from_hand: ClassVar[Callable[..., None]]
    reveal_from_resource: ClassVar[Callable[..., None]]
    settle_reveal: ClassVar[Callable[[State], None]]

    # --- costs, choices, setup, turn, victory ---------------------------------------------------------
    ability_cost: ClassVar[Callable[..., int]]
    execution_cost: ClassVar[Callable[..., int]]
    check_payment: ClassVar[Callable[..., IllegalAction | None]]
    banned: ClassVar[Callable[..., bool]]
    namer: ClassVar[Callable[[State], int | None]]
    after_naming: ClassVar[Callable[[State], None]]
    begin_turn: ClassVar[Callable[..., None]]
    to_main: ClassVar[Callable[[State], None]]
    hand_limit: ClassVar[Callable[[State, int], int]]
    start_draw: ClassVar[Callable[[State, int], None]]
    upkeep: ClassVar[Callable[[State, int], int]]
    deplete: ClassVar[Callable[..., None]]
    undeclared_faction: ClassVar[Callable[..., bool]]
    end: ClassVar[Callable[..., None]]
    recruitment_cost: ClassVar[Callable[..., int]]

    # --- the response window, activation, equipment ---------------------------------------------------
    open_window: ClassVar[Callable[..., None]]
    reveal_and_pay: ClassVar[Callable[..., bool]]
    could_answer: ClassVar[Callable[..., bool]]
    legal_respond: ClassVar[Callable[..., None]]
    equip_problem: ClassVar[Callable[..., tuple[str, dict[str, Any], str] | None]]

    # --- card texts ---------------------------------------------------------------------------------------
    queue: ClassVar[Callable[..., None]]
    queue_builtin: ClassVar[Callable[..., None]]
    holds_all: ClassVar[Callable[..., bool]]
    emit: ClassVar[Callable[..., None]]
    has_flag: ClassVar[Callable[..., bool]]
    texts_on: ClassVar[Callable[..., list[int]]]
    side_sum: ClassVar[Callable[..., int]]
    proceed: ClassVar[Callable[[State], None]]
    resume: ClassVar[Callable[[State], None]]
    carrier_or_self: ClassVar[Callable[..., int | None]]
    player_flag: ClassVar[Callable[..., bool]]
    on_table_text: ClassVar[Callable[..., bool]]
    stat_bonus: ClassVar[Callable[..., int]]
    matches: ClassVar[Callable[..., bool]]
    target_options: ClassVar[Callable[..., tuple[list[int], int] | None]]
    check_target: ClassVar[Callable[..., IllegalAction | None]]
    targets_for: ClassVar[Callable[..., list[int | None]]]
    target_pairs_for: ClassVar[Callable[..., list[tuple[int | None, int | None]]]]
    finish_choice: ClassVar[Callable[..., None]]

    # --- generals ------------------------------------------------------------------------------------------
    might: ClassVar[Callable[[State, int], int]]
    wit: ClassVar[Callable[[State, int], int]]
    why_not_ready: ClassVar[Callable[..., tuple[str, dict[str, Any], str] | None]]
    note_attack: ClassVar[Callable[..., None]]
    facing: ClassVar[Callable[..., Any]]
    may_attack: ClassVar[Callable[[State, int], bool]]
    may_move: ClassVar[Callable[[State, int], bool]]
    ready: ClassVar[Callable[[State, int], bool]]
    enemies_in_zone: ClassVar[Callable[[State, int], list[int]]]
    immune_to_tactic: ClassVar[Callable[..., bool]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in Rules.__annotations__ if not hasattr(cls, name)]
        if missing:
            raise TypeError(f"{cls.__name__} leaves out {', '.join(missing)}")
