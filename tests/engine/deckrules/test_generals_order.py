"""Generals' Order deck rules: rulebook §1.3, §2.2.5 and rulings D1–D7."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import SANGUO_ZHI, Card, CardDatabase
from engine.decklist import DeckEntry, Decklist, parse_decklist
from engine.deckrules import RULESETS, UnknownRulesetError, check_deck
from engine.formats import Format, get_format
from tests.engine.deckrules.conftest import SHU, deck, go_db, shu_deck


def codes(result) -> list[str]:
    return [v.code for v in result.violations]


def test_shu_deck_of_40_with_one_commandment_is_legal(db):
    result = check_deck(shu_deck(40), db)
    assert result.legal, result.violations
    assert result.violations == () and result.warnings == ()
    assert (result.count, result.pool_count) == (40, 1)


# D1: 40 to 60 resource cards; 0 to 3 commandments with distinct names in the pool.


@pytest.mark.parametrize("size", [40, 41, 59, 60])
def test_d1_deck_of_40_to_60_cards_is_legal(db, size):
    assert check_deck(shu_deck(size), db).legal


@pytest.mark.parametrize("size", [1, 39, 61])
def test_d1_deck_outside_40_to_60_cards_is_a_deck_size_violation(db, size):
    pairs = [(name, 3) for name in SHU] + [("宝物1", 1)]  # 61 cards available
    total = 0
    chosen = []
    for name, n in pairs:
        take = min(n, size - total)
        if take <= 0:
            break
        chosen.append((name, take))
        total += take
    result = check_deck(deck(*chosen), db)
    assert codes(result) == ["deck-size"]
    v = result.violations[0]
    assert v.rule == "ruling D1" and str(size) in v.message and str(size) in v.message_zh
    assert result.count == size


def test_d1_command_pool_is_not_counted_in_the_deck_size(db):
    result = check_deck(shu_deck(40, pool=[("反军", 1), ("军令甲", 1), ("军令乙", 1)]), db)
    assert result.legal, result.violations
    assert (result.count, result.pool_count) == (40, 3)


def test_d1_empty_command_pool_is_legal(db):
    assert check_deck(shu_deck(40, pool=()), db).legal


def test_d1_pool_of_four_commandments_is_a_pool_size_violation(db):
    pool = [("军令甲", 1), ("军令乙", 1), ("军令丙", 1), ("军令丁", 1)]
    result = check_deck(shu_deck(40, pool=pool), db)
    assert codes(result) == ["pool-size"]
    assert set(result.violations[0].cards) == {"军令甲", "军令乙", "军令丙", "军令丁"}


def test_d1_two_copies_of_one_commandment_in_the_pool_is_a_pool_duplicate_violation(db):
    result = check_deck(shu_deck(40, pool=[("反军", 1), ("Rebel Army", 1)]), db)
    assert codes(result) == ["pool-duplicate"]
    assert result.violations[0].cards == ("反军",)


def test_d1_non_commandment_in_the_pool_is_a_violation(db):
    result = check_deck(shu_deck(40, pool=[("宝物1", 1)]), db)
    assert codes(result) == ["pool-not-commandment"]
    assert result.violations[0].cards == ("宝物1",) and result.violations[0].rule == "ruling D1"


# D2: at most 3 of one name over deck and pool, by canonical name.


def test_d2_fourth_copy_in_the_deck_is_a_too_many_copies_violation(db):
    result = check_deck(deck(("关羽", 4), *[(n, 3) for n in SHU[:12]]), db)
    assert codes(result) == ["too-many-copies"]
    v = result.violations[0]
    assert v.cards == ("关羽",) and v.rule == "ruling D2" and "4" in v.message
    assert result.copies["关羽"] == 4


def test_d2_fourth_copy_across_deck_and_pool_is_a_violation(db):
    result = check_deck(deck(("反军", 3), *[(n, 3) for n in SHU[:13]], pool=[("反军", 1)]), db)
    assert "too-many-copies" in codes(result)
    assert result.copies["反军"] == 4
    assert [w.code for w in result.warnings] == ["commandment-in-deck"]


def test_d2_copies_add_up_across_simplified_traditional_english_and_alias_names(db):
    lines = "势力: 蜀\n1 关羽\n1 關羽\n1 Guan Yu\n1 关云长\n" + "\n".join(f"3 {n}" for n in SHU[:12])
    result = check_deck(parse_decklist(lines), db)
    assert codes(result) == ["too-many-copies"]
    assert result.copies["关羽"] == 4
    assert ("关羽", 4) in result.resolved


def test_d2_three_copies_of_a_name_is_legal(db):
    result = check_deck(deck(("关羽", 3), *[(n, 3) for n in SHU[:12]], ("宝物1", 1)), db)
    assert result.legal, result.violations


# D3: declared factions equal the factions present.


def test_d3_undeclared_faction_is_a_violation_naming_the_faction_and_its_cards(db):
    result = check_deck(deck(("曹操", 1), *[(n, 3) for n in SHU[:13]]), db)
    assert codes(result) == ["undeclared-faction"]
    v = result.violations[0]
    assert v.cards == ("曹操",) and "魏" in v.message and "Wei" in v.message and "魏" in v.message_zh


def test_d3_extra_declared_faction_is_a_violation_naming_the_faction(db):
    result = check_deck(deck(*[(n, 3) for n in SHU[:13]], ("宝物1", 1), factions=("蜀", "吴")), db)
    assert codes(result) == ["extra-declared-faction"]
    assert "吴" in result.violations[0].message and "Wu" in result.violations[0].message


def test_d3_missing_and_extra_factions_are_each_a_violation(db):
    result = check_deck(deck(("曹操", 1), *[(n, 3) for n in SHU[:13]], factions=("吴",)), db)
    assert codes(result) == ["undeclared-faction", "extra-declared-faction"]
    assert "蜀" in result.violations[0].message and "魏" in result.violations[0].message


def test_d3_dual_faction_card_adds_both_of_its_factions(db):
    result = check_deck(deck(("刘辟", 1), *[(n, 3) for n in SHU[:13]], factions=("蜀", "黄巾")), db)
    assert result.legal, result.violations
    assert result.factions == ("蜀", "黄巾")
    assert result.by_faction["黄巾"] == 1 and result.by_faction["蜀"] == 40


def test_d3_no_faction_cards_add_no_faction(db):
    result = check_deck(deck(*[(n, 3) for n in SHU[:12]], ("宝物1", 3), ("火攻", 1)), db)
    assert result.legal, result.violations
    assert result.factions == ("蜀",)
    assert result.by_faction["无"] == 4


def test_d3_commandment_of_a_faction_outside_the_deck_is_a_violation(db):
    result = check_deck(shu_deck(40, pool=[("魏令", 1)]), db)
    assert codes(result) == ["commandment-faction"]
    assert result.violations[0].cards == ("魏令",) and "魏" in result.violations[0].message


def test_d3_commandment_without_faction_is_legal_with_any_factions(db):
    assert check_deck(shu_deck(40, pool=[("军令甲", 1)]), db).legal


def test_d3_no_factions_line_with_faction_cards_is_an_undeclared_faction_violation(db):
    result = check_deck(deck(*[(n, 3) for n in SHU[:13]], ("宝物1", 1), factions=()), db)
    assert codes(result) == ["undeclared-faction"]


# §2.2.5 / D4: hand limit from the number of factions.


@pytest.mark.parametrize(
    ("extra", "declared", "limit"),
    [
        ([("宝物1", 3)], (), 10),
        ([("关羽", 3)], ("蜀",), 10),
        ([("曹操", 3)], ("蜀", "魏"), 8),
        ([("刘辟", 3)], ("蜀", "黄巾"), 8),
        ([("曹操", 1), ("孙权", 2)], ("蜀", "魏", "吴"), 6),
        ([("曹操", 1), ("孙权", 1), ("张角", 1)], ("蜀", "魏", "吴", "黄巾"), 6),
    ],
)
def test_2_2_5_hand_limit_follows_the_number_of_factions_ruling_d4(db, extra, declared, limit):
    base = [(n, 3) for n in SHU[:12]] if declared else [(n, 3) for n in ("宝物2", "宝物3", "宝物4")]
    if not declared:
        base += [("火攻", 3)] + [(f"宝物{i}", 3) for i in range(5, 11)]
    pairs = [*base, *extra]
    result = check_deck(deck(*pairs, factions=declared), db)
    assert result.hand_limit == limit
    assert len(result.factions) == len(declared)


def test_2_2_5_hand_limit_of_a_deck_with_no_faction_cards_only_is_10(db):
    pairs = [(f"宝物{i}", 3) for i in range(1, 11)] + [("火攻", 3)]
    result = check_deck(deck(*pairs, factions=()), db)
    assert result.factions == () and result.hand_limit == 10


# D5: a commandment in the resource deck is a warning.


def test_d5_commandment_in_the_resource_deck_is_a_warning_not_a_violation(db):
    result = check_deck(deck(*[(n, 3) for n in SHU[:13]], ("军令甲", 1), factions=("蜀",)), db)
    assert result.legal
    assert [(w.code, w.rule, w.cards) for w in result.warnings] == [("commandment-in-deck", "ruling D5", ("军令甲",))]


# D6: banned cards, unknown names, the format's databases.


def test_d6_banned_card_is_a_violation_whatever_spelling_the_banlist_uses(db):
    fmt = Format("test-ban", "generals-order", "generals-order", banlist=("Guan Yu",))
    result = check_deck(deck(("關羽", 1), *[(n, 3) for n in SHU[:13]]), db, fmt)
    assert codes(result) == ["banned-card"]
    assert result.violations[0].cards == ("关羽",) and "test-ban" in result.violations[0].message


def test_d6_unknown_name_is_a_violation_naming_the_three_closest_known_cards(db):
    result = check_deck(deck(("关于", 1), *[(n, 3) for n in SHU[:13]]), db)
    assert codes(result) == ["unknown-card"]
    v = result.violations[0]
    closest = [c.name for c in db.closest("关于", 3)]
    assert len(closest) == 3
    assert v.cards == ("关于",)
    assert all(name in v.message and name in v.message_zh for name in closest)
    assert "line 1" in v.message


def test_d6_database_not_allowed_by_the_format_is_a_violation(db):
    fmt = Format("test-db", "generals-order", "generals-order", card_databases=("0" * 64,))
    result = check_deck(shu_deck(40), db, fmt)
    assert codes(result) == ["database-not-allowed"]


def test_d6_database_listed_by_the_format_is_allowed(db):
    fmt = Format("test-db", "generals-order", "generals-order", card_databases=(db.content_hash,))
    assert check_deck(shu_deck(40), db, fmt).legal


def test_d6_format_of_another_game_is_a_wrong_game_violation(db):
    result = check_deck(shu_deck(40), db, get_format("sanguo-zhi-standard"))
    assert "wrong-game" in codes(result)


# D7: every violation at once, each with code, rule, cards and both messages.


def test_d7_every_violation_is_reported_at_once(db):
    fmt = Format("test-ban", "generals-order", "generals-order", banlist=("孙权",))
    decklist = deck(("关羽", 4), ("孙权", 1), ("无此卡", 2), pool=[("宝物1", 1), ("魏令", 1)], factions=("蜀", "黄巾"))
    result = check_deck(decklist, db, fmt)
    assert not result.legal
    assert set(codes(result)) == {
        "unknown-card",
        "banned-card",
        "deck-size",
        "too-many-copies",
        "pool-not-commandment",
        "undeclared-faction",
        "extra-declared-faction",
        "commandment-faction",
    }


def test_d7_each_violation_has_a_stable_code_a_rule_cards_and_english_and_chinese_messages(db):
    result = check_deck(deck(("关羽", 4), ("曹操", 1), factions=("吴",)), db)
    for v in result.violations:
        d = v.to_dict()
        assert set(d) == {"code", "rule", "cards", "message", "message_zh"}
        assert v.rule.startswith(("ruling D", "§"))
        assert re.search(r"[a-z]{3} [a-z]{2,}", v.message)  # English prose (it may quote Chinese names)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in v.message_zh)
    assert result.to_dict()["legal"] is False


# Facts.


def test_facts_count_copies_breakdown_by_type_and_faction_and_cost_curve(db):
    result = check_deck(deck(*[(n, 3) for n in SHU[:12]], ("宝物1", 2), ("火攻", 2), pool=[("反军", 1)]), db)
    assert result.legal, result.violations
    assert result.count == 40 and result.pool_count == 1
    assert result.by_type == {"人": 36, "物": 2, "事": 2}
    assert result.by_faction == {"蜀": 36, "无": 4}
    expected_curve: dict[int, int] = {}
    for i in range(1, 13):
        expected_curve[i % 6] = expected_curve.get(i % 6, 0) + 3
    expected_curve[1] += 2  # 火攻 costs 1
    assert result.cost_curve == expected_curve
    assert result.copies["反军"] == 1 and result.copies[SHU[0]] == 3
    assert result.resolved_pool == (("反军", 1),)
    d = result.to_dict()
    assert d["cost_curve"] == {str(k): v for k, v in sorted(expected_curve.items())}
    assert d["hand_limit"] == 10 and d["factions"] == ["蜀"]


def test_check_deck_without_a_format_uses_the_default_format_of_the_database_game(db):
    assert check_deck(shu_deck(40), db).ruleset == "generals-order"


def test_a_format_naming_an_unknown_ruleset_raises_a_value_error(db):
    with pytest.raises(UnknownRulesetError, match="nope"):
        check_deck(shu_deck(40), db, Format("x", "generals-order", "nope"))


def test_rulesets_hold_generals_order_and_sanguo_zhi():
    assert set(RULESETS) == {"generals-order", "sanguo-zhi"}
    assert RULESETS["sanguo-zhi"].game == SANGUO_ZHI


def test_results_stay_correct_for_two_databases_with_different_cards(db):
    other = CardDatabase([Card("关羽", "人", factions=("魏",), cost=1, might=1, wit=1)], name="other")
    first = check_deck(deck(("关羽", 1), factions=("蜀",)), db)
    second = check_deck(deck(("关羽", 1), factions=("蜀",)), other)
    assert first.factions == ("蜀",) and second.factions == ("魏",)


# Property: a legal deck plus a fourth copy of one name has exactly that one violation.

SPELLINGS = {name: (name, f"Shu General {i}", f"shu  general {i}") for i, name in enumerate(SHU, start=1)}


@st.composite
def legal_decks(draw):
    names = draw(st.lists(st.sampled_from(SHU), min_size=14, max_size=20, unique=True))
    target = draw(st.integers(40, min(59, 3 * len(names))))
    counts = [3] * len(names)
    i = len(names) - 1
    while sum(counts) > target:  # down to 1 copy from the end; the first name keeps 3 (3 + 13 < 40)
        counts[i] -= 1
        if counts[i] == 1:
            i -= 1
    pairs = list(zip(names, counts))
    pool = draw(st.lists(st.sampled_from(["反军", "军令甲", "军令乙", "军令丙"]), max_size=3, unique=True))
    return pairs, pool


_DB = go_db()


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(legal_decks(), st.data())
def test_d2_legal_deck_with_a_fourth_copy_of_one_name_added_is_illegal_with_exactly_that_violation(built, data):
    pairs, pool = built
    decklist = deck(*pairs, pool=[(p, 1) for p in pool])
    assert check_deck(decklist, _DB).legal
    full = [n for n, c in pairs if c == 3]
    name = data.draw(st.sampled_from(full))
    spelling = data.draw(st.sampled_from(SPELLINGS[name]))
    bigger = Decklist((*decklist.entries, DeckEntry(spelling, 1, 99)), decklist.pool, decklist.declared_factions)
    result = check_deck(bigger, _DB)
    assert not result.legal
    assert [(v.code, v.cards) for v in result.violations] == [("too-many-copies", (name,))]


def test_d6_unknown_names_beyond_the_first_twenty_problems_are_reported_without_suggestions(db):
    from engine.deckrules import MAX_SUGGESTIONS

    decklist = deck(*[(f"无此卡{i}", 1) for i in range(MAX_SUGGESTIONS + 5)], factions=())
    unknown = [v for v in check_deck(decklist, db).violations if v.code == "unknown-card"]
    assert len(unknown) == MAX_SUGGESTIONS + 5  # every one is still reported (ruling D7)
    assert all("closest known" in v.message for v in unknown[:MAX_SUGGESTIONS])
    assert all("no suggestions" in v.message for v in unknown[MAX_SUGGESTIONS:])
