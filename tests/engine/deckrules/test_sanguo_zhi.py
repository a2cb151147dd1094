"""三国智 deck rules: ruling S1 (seed 004 §1.1)."""

from __future__ import annotations

import pytest

from engine.decklist import parse_decklist
from engine.deckrules import check_deck
from engine.formats import get_format
from tests.engine.deckrules.conftest import deck, sgz_db, sgz_deck

FMT = get_format("sanguo-zhi-standard")


@pytest.fixture
def db():
    return sgz_db()


def codes(result) -> list[str]:
    return [v.code for v in result.violations]


def test_s1_deck_of_50_distinct_cards_is_legal(db):
    result = check_deck(sgz_deck(50), db, FMT)
    assert result.legal, result.violations
    assert result.count == 50 and result.ruleset == "sanguo-zhi"


def test_s1_default_format_of_a_sanguo_zhi_database_is_sanguo_zhi_standard(db):
    assert check_deck(sgz_deck(50), db).ruleset == "sanguo-zhi"


def test_s1_deck_of_49_cards_is_a_deck_size_violation(db):
    result = check_deck(sgz_deck(49), db, FMT)
    assert codes(result) == ["deck-size"]
    assert result.violations[0].rule == "ruling S1" and "49" in result.violations[0].message


def test_s1_deck_has_no_maximum_size(db):
    decklist = deck(*[(f"将领{i}", 1) for i in range(1, 61)], ("步兵兵权", 99), ("步兵兵权", 99), factions=())
    result = check_deck(decklist, db, FMT)
    assert result.legal, result.violations
    assert result.count == 60 + 198


def test_s1_second_copy_of_a_name_is_a_too_many_copies_violation(db):
    decklist = deck(*[(f"将领{i}", 1) for i in range(1, 51)], ("Officer 7", 1), factions=())
    result = check_deck(decklist, db, FMT)
    assert codes(result) == ["too-many-copies"]
    assert result.violations[0].cards == ("将领7",) and result.violations[0].rule == "ruling S1"


def test_s1_nameless_cards_are_unlimited(db):
    decklist = deck(*[(f"将领{i}", 1) for i in range(1, 41)], ("步兵兵权", 10), factions=())
    result = check_deck(decklist, db, FMT)
    assert result.legal, result.violations
    assert result.count == 50


def test_s1_up_to_five_events_are_outside_the_deck_count(db):
    result = check_deck(sgz_deck(50, events=3, pool_events=2), db, FMT)
    assert result.legal, result.violations
    assert result.count == 50


def test_s1_events_do_not_make_up_a_short_deck(db):
    result = check_deck(sgz_deck(49, events=5), db, FMT)
    assert codes(result) == ["deck-size"]


def test_s1_six_events_is_an_event_count_violation(db):
    result = check_deck(sgz_deck(50, events=4, pool_events=2), db, FMT)
    assert codes(result) == ["event-count"]
    assert len(result.violations[0].cards) == 6


def test_s1_two_events_of_one_name_is_a_violation(db):
    result = check_deck(deck(*[(f"将领{i}", 1) for i in range(1, 51)], pool=[("事件1", 2)], factions=()), db, FMT)
    assert codes(result) == ["too-many-copies"]
    assert result.violations[0].cards == ("事件1",)


def test_s1_grain_cards_are_outside_the_count_and_unlimited(db):
    result = check_deck(deck(*[(f"将领{i}", 1) for i in range(1, 51)], ("粮草", 30), factions=()), db, FMT)
    assert result.legal, result.violations
    assert result.count == 50


def test_s1_non_event_card_beside_the_deck_is_a_violation(db):
    result = check_deck(deck(*[(f"将领{i}", 1) for i in range(1, 51)], pool=[("连环计", 1)], factions=()), db, FMT)
    assert codes(result) == ["pool-not-event"]


def test_s1_hand_limit_is_7(db):
    assert check_deck(sgz_deck(50), db, FMT).hand_limit == 7


def test_s1_events_section_header_reads_events_beside_the_deck(db):
    text = "\n".join(f"将领{i}" for i in range(1, 51)) + "\n事件:\n事件1\nEvent 2\n"
    result = check_deck(parse_decklist(text), db, FMT)
    assert result.legal, result.violations
    assert result.resolved_pool == (("事件1", 1), ("事件2", 1))
