"""``engine.systems`` is the one record of the games (issue 25, "Decide once"): the card games, the deck
rulesets and the default game are read from it, nowhere written out again."""

from __future__ import annotations

from engine import cards, formats
from engine.deckrules import RULESETS
from engine.systems import CARD_GAMES, DEFAULT_SYSTEM, RULESET_NAMES, all_systems, get_system


def test_the_card_games_are_the_systems_that_have_cards_and_the_card_databases_accept_exactly_them():
    assert CARD_GAMES == tuple(s.id for s in all_systems() if s.has_cards)
    assert cards.GAMES == CARD_GAMES


def test_every_ruleset_the_systems_name_is_implemented_and_every_implemented_one_is_named():
    assert set(RULESET_NAMES) == set(RULESETS)
    for system in all_systems():
        assert (system.ruleset is not None) == system.has_cards, system.id
        if system.ruleset:
            assert RULESETS[system.ruleset].game == system.id


def test_the_default_game_is_a_card_game_with_a_rules_engine_and_a_default_format():
    default = get_system(DEFAULT_SYSTEM)
    assert default.has_cards and default.engine is not None
    assert DEFAULT_SYSTEM in formats.DEFAULT_FORMAT
