"""The composition root (engine/game/rules.py): every action kind, phase, answerable action, reveal
continuation and effect step is wired, and a variant of the rules can be played."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from engine import effects as grammar
from engine.game import Game, Phase
from engine.game import state as state_module
from engine.game.actions import ACTION_KINDS
from engine.game.rules import RULES
from engine.game.wiring import Rules
from tests.engine.game.conftest import make_db, shu_deck, wei_deck

GAME_DIR = Path(__file__).resolve().parents[3] / "engine" / "game"


def test_every_player_action_kind_has_a_check_a_do_and_a_phase():
    players = {cls for cls in ACTION_KINDS.values() if not cls.is_chance}
    chance = {cls for cls in ACTION_KINDS.values() if cls.is_chance}
    # the coin flip is dispatched like a player's action (its own phase); a reveal by the state itself
    assert set(RULES.actions) == players | {cls for cls in chance if cls.kind == "coin_flip"}
    for check, do, phase in RULES.actions.values():
        assert callable(check) and callable(do) and isinstance(phase, Phase)


def test_every_phase_of_an_action_kind_lists_its_legal_actions():
    phases = {phase for _check, _do, phase in RULES.actions.values()} - {Phase.COIN_FLIP}
    assert phases == set(RULES.legal)


def test_every_action_that_opens_a_response_window_has_a_resolver():
    assert {cls.kind for cls in RULES.resolvers} == {
        "equip",
        "event",
        "tactic",
        "advantage",
        "activate",
        "move",
        "melee",
        "siege",
    }


def test_every_continuation_and_builtin_named_in_the_areas_is_wired():
    text = "\n".join(p.read_text() for p in GAME_DIR.glob("*.py"))
    named = set(re.findall(r'reveal_from_(?:resource|hand)\([^)]*"(\w+)"\)', text))
    named |= set(re.findall(r'then="(\w+)"', text))
    assert {"main", "upkeep", "effects"} <= named <= set(RULES.continuations)
    builtins = set(re.findall(r'"(@\w+)"', text))
    assert builtins <= set(RULES.builtins)


def test_a_table_that_leaves_a_name_out_is_refused_when_defined():
    with pytest.raises(TypeError, match="leaves out"):

        class Incomplete(Rules):
            actions = RULES.actions


def test_the_effect_steps_and_conditions_are_the_grammars():
    assert set(RULES.handlers) == {k for k in grammar.STEPS if k != "test_record"}
    assert set(RULES.conditions) == set(grammar.CONDITIONS)


def test_a_game_and_its_states_carry_the_rules_and_clones_share_them(game):
    plain = Game(game.db)
    assert plain.rules is RULES
    state = plain.new_initial_state(*_decks(), seed=1)
    assert state.rules is RULES
    assert state.clone().rules is RULES
    assert copy.deepcopy(state).rules is RULES
    assert state_module.State.from_json(plain, state.to_json()).rules is RULES


def test_a_variant_of_the_rules_is_played_by_its_game():
    seen = []

    def legal_main(s):
        seen.append(s.turn)
        return RULES.legal[Phase.MAIN](s)

    class Variant(RULES):
        legal = {**RULES.legal, Phase.MAIN: legal_main}

    variant = Variant
    assert issubclass(variant, Rules)
    state = Game(make_db(), rules=variant).new_initial_state(*_decks(), seed=1)
    while state.is_chance_node() or state.phase is not Phase.MAIN:
        state.apply(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    state.legal_actions()
    assert seen == [state.turn]


def _decks():
    return shu_deck(), wei_deck()
