"""The composition root of the rules engine: the one module that imports the rule areas and wires them.

Each rule area (``setup.py``, ``turn.py``, ``recruitment.py``, ``combat.py``, ``effects.py``, …) imports
values and primitives only (``terms``, ``errors``, ``actions``, ``engine.cards``, the ``State`` type) and
reaches another area through ``s.rules``, the :class:`~engine.game.wiring.Rules` table built here:
the dispatch of each action kind and phase, the resolution of answerable actions, the continuations
after a reveal, the effect steps, and the functions one area calls in another. Adding a rule area
means writing its module and entering its functions here; nothing else imports it.

    >>> RULES.actions[Move][2]
    <Phase.MAIN: 'main'>
    >>> RULES.resolvers[Melee] is combat.resolve_melee
    True
"""

from __future__ import annotations

import engine.game.activation as activation
import engine.game.advantage as advantage
import engine.game.areas as areas
import engine.game.choices as choices
import engine.game.combat as combat
import engine.game.costs as costs
import engine.game.counters as counters
import engine.game.effects as effects
import engine.game.effects_steps as effects_steps
import engine.game.equipment as equipment
import engine.game.generals as generals
import engine.game.movement as movement
import engine.game.observe as observe
import engine.game.recruitment as recruitment
import engine.game.setup as setup
import engine.game.state as _state
import engine.game.strategy as strategy
import engine.game.turn as turn
import engine.game.victory as victory
from engine.cards import CardDatabase
from engine.game.actions import (
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
    Siege,
)
from engine.game.decks import resolve_deck
from engine.game.terms import Phase
from engine.game.wiring import Rules


class JunlingRules(Rules):
    """The rules of Junling, wired: the one place that names every rule area's functions."""

    actions = {
        ChooseCommandment: (setup.check_commandment, setup.do_commandment, Phase.COMMANDMENT),
        CoinFlip: (setup.check_coin_flip, setup.do_coin_flip, Phase.COIN_FLIP),
        Recruit: (recruitment.check, recruitment.do, Phase.MAIN),
        Equip: (equipment.check, equipment.do, Phase.MAIN),
        PlayEvent: (strategy.check_event, strategy.do_event, Phase.MAIN),
        PlayTactic: (strategy.check_tactic, strategy.do_tactic, Phase.MAIN),
        PlayAdvantage: (advantage.check, advantage.do, Phase.MAIN),
        ActivateEffect: (activation.check, activation.do, Phase.MAIN),
        Move: (movement.check, movement.do, Phase.MAIN),
        Melee: (combat.check_melee, combat.do_melee, Phase.MAIN),
        Siege: (combat.check_siege, combat.do_siege, Phase.MAIN),
        EndTurn: (turn.check_end_turn, turn.do_end_turn, Phase.MAIN),
        PlayCounter: (counters.check, counters.do_counter, Phase.RESPONSE),
        Pass: (counters.check_pass, counters.do_pass, Phase.RESPONSE),
        Discard: (turn.check_discard, turn.do_discard, Phase.HAND_LIMIT),
        Choose: (choices.check_choose, choices.do_choose, Phase.CHOICE),
        NameCards: (choices.check_name_cards, choices.do_name_cards, Phase.NAMING),
    }
    legal = {
        Phase.MAIN: turn.legal_main,
        Phase.RESPONSE: counters.legal,
        Phase.HAND_LIMIT: turn.legal_discard,
        Phase.COMMANDMENT: setup.legal_commandments,
        Phase.CHOICE: choices.legal_choose,
        Phase.NAMING: choices.legal_name_cards,
    }
    main_legal = (
        recruitment.legal,
        equipment.legal,
        strategy.legal,
        advantage.legal,
        activation.legal,
        movement.legal,
        combat.legal,
    )
    resolvers = {
        Equip: equipment.resolve,
        PlayEvent: strategy.resolve_event,
        PlayTactic: strategy.resolve_tactic,
        PlayAdvantage: advantage.resolve,
        ActivateEffect: activation.resolve,
        Move: movement.resolve,
        Melee: combat.resolve_melee,
        Siege: combat.resolve_siege,
    }
    continuations = {
        "main": turn.main_then_texts,
        "effects": effects.resume,
        "upkeep": turn.after_upkeep,
        "initial_first": setup.after_initial_first,
        "initial_second": setup.after_initial_second,
    }
    builtins = {"@close": counters.close_builtin, **effects_steps.BUILTINS}
    handlers = effects_steps.HANDLERS
    conditions = effects_steps.CONDITIONS

    # the state's entry points
    check_reveal = areas.check_reveal
    apply_reveal = areas.apply_reveal
    reveal_at = areas.reveal_at
    check_respond = activation.check_respond
    do_respond = activation.do_respond
    observation = observe.observation
    new_state = setup.new_state
    resolve_deck = resolve_deck
    known_top = areas.known_top

    # areas: card moves
    pay = areas.pay
    to_discard = areas.to_discard
    to_casualty = areas.to_casualty
    leave_battlefield = areas.leave_battlefield
    take_discard_bottom = areas.take_discard_bottom
    shuffle_resource = areas.shuffle_resource
    reveal_from_hand = areas.reveal_from_hand
    reveal_from_resource = areas.reveal_from_resource
    settle_reveal = areas._settle_reveal

    # costs, choices, setup, turn, victory
    ability_cost = costs.ability_cost
    execution_cost = costs.execution_cost
    check_payment = costs.check_payment
    banned = choices.banned
    namer = choices.namer
    after_naming = setup.after_naming
    begin_turn = turn.begin_turn
    to_main = turn.to_main
    hand_limit = turn.hand_limit
    start_draw = turn.start_draw
    upkeep = turn.upkeep
    deplete = victory.deplete
    undeclared_faction = victory.undeclared_faction
    end = victory.end
    recruitment_cost = recruitment.recruitment_cost

    # the response window, activation, equipment
    open_window = counters.open_window
    reveal_and_pay = counters.reveal_and_pay
    could_answer = counters.could_answer
    legal_respond = activation.legal_respond
    equip_problem = equipment.problem

    # card texts
    queue = effects.queue
    queue_builtin = effects.queue_builtin
    holds_all = effects.holds_all
    emit = effects.emit
    has_flag = effects.has_flag
    texts_on = effects.texts_on
    side_sum = effects.side_sum
    proceed = effects.proceed
    resume = effects.resume
    carrier_or_self = effects.carrier_or_self
    player_flag = effects.player_flag
    on_table_text = effects.on_table_text
    stat_bonus = effects.stat_bonus
    matches = effects_steps.matches
    target_options = effects_steps.target_options
    check_target = effects_steps.check_target
    targets_for = effects_steps.targets_for
    target_pairs_for = effects_steps.target_pairs_for
    finish_choice = effects_steps.finish_choice

    # generals
    might = generals.might
    wit = generals.wit
    why_not_ready = generals.why_not_ready
    note_attack = generals.note_attack
    facing = generals.facing
    may_attack = generals.may_attack
    may_move = generals.may_move
    ready = generals.ready
    enemies_in_zone = generals.enemies_in_zone
    immune_to_tactic = generals.immune_to_tactic


RULES = JunlingRules
"""The rules of Junling (a class: see :class:`~engine.game.wiring.Rules`)."""


class Game(_state.Game):
    """A game of Junling: the card database with :data:`RULES` (or a subclass of them, for tests)."""

    def __init__(self, db: CardDatabase, rules: type[Rules] = RULES) -> None:
        super().__init__(db, rules)
