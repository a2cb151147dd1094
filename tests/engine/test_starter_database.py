"""The bundled starter card databases and starter decks against the rulebook's examples.

The starter sets are written for Junling from the rulebook (seed 000), the starter guide (seed 002)
and the 三国智 white paper (seed 004); these tests check that every card those documents name is
there with the numbers and texts they give, that the set covers the whole game, and that the
starter decks are legal.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.cards import (
    DATA_DIR,
    DATABASE_FORMAT,
    FACTIONS,
    GENERALS_ORDER,
    MARKS,
    SANGUO_ZHI,
    SANGUO_ZHI_TYPES,
    STARTER_FILES,
    SUBTYPES,
    TACTIC_SUBTYPES,
    Card,
    CardDatabase,
    CardType,
    load_database,
    starter_database,
)
from engine.decklist import DeckEntry, Decklist, parse_decklist

DECK_DIR = DATA_DIR / "decks"
GO_DECKS = ("shu_starter.txt", "wei_starter.txt", "wu_starter.txt")
SGZ_DECKS = ("sgz_starter.txt",)

# Every card the rulebook (seed 000), the starter guide (seed 002) or the brief names.
NAMED_CARDS = (
    "曹操 刘备 关羽 张飞 孙坚 简雍 夏侯渊 曹仁 太史慈 典韦 荀攸 夏侯恩 吕布 周仓 蔡文姬 程昱 李典 "
    "丈八蛇矛 青龙偃月刀 青釭剑 虎豹骑先锋部队 劫粮草 仁义之师 放火烧敌粮 弓箭手突袭 修补城墙 速攻 "
    "调虎离山 变节 内讧 制造敌民暴乱 掠夺 前后夹攻 犒赏军士 焚城 绕道袭 火箭队的突袭 水计淹敌 对策 "
    "诡计识破 特效失灵 实则虚之 大地震 沼泽 反军 束缚 逆境 军临天下"
).split()


def go() -> CardDatabase:
    return starter_database(GENERALS_ORDER)


def card(name: str) -> Card:
    found = go().lookup(name)
    assert found is not None, f"{name} is missing from the starter database"
    return found


def number_after(pattern: str, text: str) -> int:
    """The number a card text gives after ``pattern`` (a regular expression with one group)."""
    match = re.search(pattern, text)
    assert match is not None, f"{pattern!r} not found in {text!r}"
    return int(match.group(1))


def recruitment_cost(recruit: Card, own_battlefield: list[Card]) -> int:
    """Ruling G3: printed cost minus one per faction shared with each own general on the battlefield."""
    shared = sum(len(set(recruit.factions) & set(g.factions)) for g in own_battlefield)
    return max(0, (recruit.cost or 0) - shared)


# ---------------------------------------------------------------- the file


def test_starter_file_is_the_junling_cards_format_named_generals_order_starter_version_1_0():
    doc = json.loads(STARTER_FILES[GENERALS_ORDER].read_text(encoding="utf-8"))
    assert doc["format"] == DATABASE_FORMAT
    assert (doc["game"], doc["name"], doc["version"]) == (GENERALS_ORDER, "generals-order-starter", "1.0")
    db = go()
    assert (db.game, db.name, db.version) == (GENERALS_ORDER, "generals-order-starter", "1.0")


def test_starter_database_has_at_least_130_distinct_cards():
    db = go()
    assert len(db) >= 130
    assert len({c.name for c in db}) == len(db)


@pytest.mark.parametrize("name", NAMED_CARDS)
def test_every_card_the_rulebook_names_is_in_the_starter_database(name):
    assert card(name).name == name


def test_every_starter_card_has_an_english_name_text_in_both_languages_and_a_junling_starter_printing():
    numbers = []
    for c in go():
        assert c.name_en, c.name
        assert c.text and c.text_en, c.name
        assert len(c.printings) == 1 and c.printings[0].series == "Junling Starter", c.name
        assert re.fullmatch(r"JS-\d{3}", c.printings[0].number), c.name
        assert c.printings[0].rarity in ("C", "U", "R", "SR"), c.name
        numbers.append(c.printings[0].number)
    assert len(set(numbers)) == len(numbers)


def test_some_starter_cards_have_flavour_in_both_languages():
    flavoured = [c for c in go() if c.flavour]
    assert len(flavoured) >= 10
    assert all(c.flavour_en for c in flavoured)


def test_every_starter_card_with_a_text_has_a_valid_effect_spec_and_none_is_unsupported():
    from engine.effects import validate_effect_spec

    assert [c.name for c in go() if c.unsupported] == []
    assert [c.name for c in go() if c.text and not c.effect] == []
    assert {c.name: validate_effect_spec(dict(c.effect)) for c in go() if validate_effect_spec(dict(c.effect))} == {}


# ---------------------------------------------------------------- coverage of the game


def test_every_faction_has_enough_generals_for_a_one_or_two_faction_deck():
    generals = Counter(f for c in go() if c.is_general for f in c.factions)
    for faction in FACTIONS:
        # 7 names × 3 copies = 21 generals: half of a 40-card deck from one faction alone
        assert generals[faction] >= 7, faction


def faction_deck(faction: str) -> Decklist:
    """40 cards of one faction's starter cards: 3 of each of its generals, then its other cards and 无 cards."""
    db = go()
    own = [c for c in db if c.factions == (faction,) and c.type != CardType.COMMANDMENT]
    neutral = [c for c in db if not c.factions and c.type in (CardType.EQUIPMENT, CardType.STRATEGY)]
    entries: list[DeckEntry] = []
    size = 0
    for c in sorted(own, key=lambda c: not c.is_general) + neutral:
        count = min(3, 40 - size)
        if count == 0:
            break
        entries.append(DeckEntry(c.name, count))
        size += count
    return Decklist(entries=tuple(entries), declared_factions=(faction,))


@pytest.mark.parametrize("faction", FACTIONS)
def test_every_faction_can_field_a_legal_40_card_single_faction_deck_of_starter_cards(faction):
    from engine.deckrules import check_deck

    deck = faction_deck(faction)
    generals = sum(e.count for e in deck.entries if go()[e.name].is_general)
    assert deck.deck_size == 40 and generals >= 21
    result = check_deck(deck, go())
    assert result.legal, [v.message for v in result.violations]
    assert result.hand_limit == 10


def test_every_faction_has_cards_other_than_generals():
    others = Counter(f for c in go() if not c.is_general for f in c.factions)
    for faction in FACTIONS:
        assert others[faction] >= 1, faction


def test_every_card_type_and_subtype_of_section_2_1_1_is_covered():
    seen = {(c.type, c.subtype) for c in go()}
    for ctype, subtypes in SUBTYPES.items():
        for subtype in subtypes:
            assert (ctype, subtype) in seen, (ctype, subtype)


def test_every_special_mark_of_section_2_2_7_is_on_some_card():
    marks = Counter(m for c in go() for m in c.marks)
    for mark in MARKS:
        assert marks[mark] >= 1, mark


def test_generals_carry_only_the_marks_section_2_2_7_allows_and_equipment_only_those_of_2_3_5():
    for c in go():
        if c.type == CardType.CHARACTER:
            assert set(c.marks) <= {"反", "兽", "援"}, c.name
        if c.type == CardType.EQUIPMENT:
            assert set(c.marks) <= {"对", "敌", "援"}, c.name


def test_beast_generals_have_wit_zero_section_2_2_7():
    beasts = [c for c in go() if "兽" in c.marks]
    assert beasts
    assert all(c.is_general and c.wit == 0 for c in beasts)


def test_enemy_marked_equipment_says_it_equips_enemy_generals_and_weakens_them():
    enemy_equipment = [c for c in go() if "敌" in c.marks]
    assert enemy_equipment
    for c in enemy_equipment:
        assert c.type == CardType.EQUIPMENT and "敌方将领" in c.text and c.might_mod < 0


def test_a_dual_shu_yellow_turban_general_exists_as_in_the_section_3_5_notes():
    duals = [c for c in go() if c.is_general and set(c.factions) == {"蜀", "黄巾"}]
    assert len(duals) >= 2


def test_every_general_has_a_trait_or_an_active_effect_section_2_2_8():
    generals = [c for c in go() if c.is_general]
    assert all(c.ability_kind in ("trait", "effect") and c.ability_name and c.ability_name_en for c in generals)
    kinds = Counter(c.ability_kind for c in generals)
    assert kinds["trait"] >= 10 and kinds["effect"] >= 10


def test_every_active_effect_has_a_cost_and_no_trait_has_one():
    for c in go():
        if c.ability_kind == "effect":
            assert c.ability_cost.isdigit(), c.name
        else:
            assert c.ability_cost == "", c.name


def test_generals_numbers_are_in_the_games_range():
    for c in go():
        if c.is_general:
            assert 0 <= (c.cost or 0) <= 7 and 1 <= (c.might or 0) <= 7 and 0 <= (c.wit or 0) <= 7, c.name


def test_advantage_cards_cost_zero_section_2_7_2_and_commandments_have_no_cost_section_2_6_1():
    for c in go():
        if c.type == CardType.ADVANTAGE:
            assert c.cost == 0, c.name
            assert c.text.startswith("发动条件："), c.name
        if c.type == CardType.COMMANDMENT:
            assert c.cost is None, c.name


def test_equipment_might_and_wit_changes_are_in_might_mod_and_wit_mod_as_their_texts_say():
    # only the unconditional "装备此…的将领[武]±N，[智]±M" sentence is a standing modifier
    unconditional = re.compile(r"装备此\S{1,2}的将领(?:\[武\]([+-]\d))?，?(?:\[智\]([+-]\d))?")
    with_mods = 0
    for c in go():
        if c.type != CardType.EQUIPMENT:
            continue
        might = wit = 0
        for sentence in re.split("[。；]", c.text):
            match = unconditional.match(sentence)
            if match:
                might += int(match.group(1) or 0)
                wit += int(match.group(2) or 0)
        assert (c.might_mod, c.wit_mod) == (might, wit), c.name
        with_mods += bool(might or wit)
    assert with_mods >= 20


def test_only_equipment_has_might_mod_or_wit_mod():
    assert all(c.type == CardType.EQUIPMENT for c in go() if c.might_mod or c.wit_mod)


def test_tactic_cards_say_how_the_plot_is_resolved_section_3_7_3():
    tactics = [c for c in go() if c.is_tactic]
    assert {c.subtype for c in tactics} == set(TACTIC_SUBTYPES)
    assert all(c.text.startswith("施计") for c in tactics)


def test_commandments_have_no_faction_or_one():
    for c in go():
        if c.type == CardType.COMMANDMENT:
            assert len(c.factions) <= 1, c.name


# ---------------------------------------------------------------- the rulebook's numbers


def test_cao_cao_costs_4_with_might_4_section_2_2_2():
    cao = card("曹操")
    assert (cao.cost, cao.might, cao.factions) == (4, 4, ("魏",))


def test_cao_cao_might_example_of_section_2_2_3_is_4_then_2_then_3_then_5():
    cao, spear = card("曹操"), card("丈八蛇矛")
    assert cao.ability_kind == "trait"
    penalty = number_after(r"如城外没有其他我方将领，此将领\[武\]-(\d)", cao.text)
    in_fortress = cao.might
    alone_outside = cao.might - penalty
    with_spear = alone_outside + spear.might_mod
    other_general_outside = cao.might + spear.might_mod  # the spear stays on him (§2.3.1 1)
    assert (in_fortress, alone_outside, with_spear, other_general_outside) == (4, 2, 3, 5)


def test_zhangba_serpent_spear_costs_1_and_gives_might_plus_1_section_2_3_2():
    spear = card("丈八蛇矛")
    assert (spear.type, spear.subtype, spear.cost, spear.might_mod) == ("物", "宝物", 1, 1)


def test_guan_yu_costs_5_with_might_5_section_3_5():
    guan = card("关羽")
    assert (guan.cost, guan.might, guan.factions) == (5, 5, ("蜀",))


def test_guan_yu_sieges_of_section_3_7_1_deplete_7_then_5_then_7_with_the_green_dragon_blade():
    guan, blade = card("关羽"), card("青龙偃月刀")
    first_bonus = number_after(r"第1次\[攻城\]时，\[武\]\+(\d)", guan.text)
    first = guan.might + first_bonus
    second = guan.might
    third_with_blade = guan.might + blade.might_mod
    assert (first, second, third_with_blade) == (7, 5, 7)
    assert (blade.type, blade.subtype, blade.might_mod) == ("物", "宝物", 2)


def test_liu_bei_costs_3_and_three_shu_generals_make_him_free_starter_guide_affiliation():
    liu = card("刘备")
    assert liu.cost == 3
    shu = [card("关羽"), card("张飞"), card("赵云")]
    assert recruitment_cost(liu, shu) == 0


def test_liu_bei_trait_affects_only_shu_generals_section_2_2_5():
    assert "[蜀]" in card("刘备").text


def test_recruitment_cost_examples_of_section_3_5_for_guan_yu():
    guan, zhang, liu, sun, jian = (card(n) for n in ("关羽", "张飞", "刘备", "孙坚", "简雍"))
    assert zhang.factions == ("蜀",) and liu.factions == ("蜀",) and jian.factions == ("蜀",)
    assert "蜀" not in sun.factions
    assert recruitment_cost(guan, []) == 5
    assert recruitment_cost(guan, [zhang]) == 4
    assert recruitment_cost(guan, [zhang, liu]) == 3
    # 4) an enemy 刘备 does not count; 5) 孙坚 is of another faction; 6) 简雍 in CASUALTY does not count
    assert recruitment_cost(guan, [zhang, liu, sun]) == 3


def test_dual_faction_recruitment_notes_of_section_3_5_and_ruling_g3():
    shu, yellow = card("刘备"), card("张角")
    dual, other_dual = (c for c in go() if c.is_general and set(c.factions) == {"蜀", "黄巾"})
    assert recruitment_cost(dual, [shu, yellow]) == dual.cost - 2
    assert recruitment_cost(dual, [other_dual]) == dual.cost - 2
    assert recruitment_cost(dual, [shu, yellow, other_dual]) == max(0, dual.cost - 4)


def test_xiahou_yuan_may_be_recruited_outside_and_cao_ren_may_attack_when_recruited_section_3_5():
    xiahou, cao_ren = card("夏侯渊"), card("曹仁")
    assert xiahou.factions == ("魏",) and "招募到自城外或敌城外" in xiahou.text
    assert cao_ren.factions == ("魏",) and "刚招募" in cao_ren.text and "攻击" in cao_ren.text


def test_taishi_ci_trait_is_the_text_of_section_3_7_1_rule_e():
    assert card("太史慈").text == "此将领[战胜]1名敌方将领时，将我方资源区的2张卡放入我方手牌。"
    assert card("太史慈").ability_kind == "trait"


def test_dian_wei_trait_is_the_text_of_section_3_7_1_rule_f():
    assert card("典韦").text == "敌方将领[武力攻击][战胜]此将领时，将双方将领放入各自的阵亡区。"
    assert card("典韦").ability_kind == "trait"


def test_three_burn_the_enemys_grain_from_six_hand_cards_deplete_15_section_3_6_2():
    burn = card("放火烧敌粮")
    assert (burn.type, burn.subtype) == ("事", "事件")
    assert 3 * (1 + (burn.cost or 0)) <= 6
    assert 3 * number_after(r"\[消耗\]敌方资源区(\d+)张卡", burn.text) == 15


def test_three_army_of_benevolence_stack_to_might_plus_3_section_3_6_2():
    benevolence = card("仁义之师")
    assert (benevolence.type, benevolence.subtype) == ("事", "事件")
    assert 3 * number_after(r"所有我方将领\[武\]\+(\d)", benevolence.text) == 3
    assert "重叠" in benevolence.text


def test_archers_surprise_attack_costs_1_section_2_4_2():
    assert card("弓箭手突袭").cost == 1


def test_feint_within_a_feint_moves_the_attacked_general_and_voids_the_melee_section_3_7_2():
    feint = card("实则虚之")
    assert feint.type == CardType.COUNTER
    assert "[武力攻击]" in feint.text and "移动" in feint.text and "无效" in feint.text and "已攻击" in feint.text


def test_see_through_the_ruse_voids_a_tactical_strike_section_3_7_3():
    ruse = card("诡计识破")
    assert ruse.type == CardType.COUNTER and "计略" in ruse.text and "无效" in ruse.text


def test_effect_failure_voids_an_active_effect_section_3_6_4():
    failure = card("特效失灵")
    assert failure.type == CardType.COUNTER and "特效" in failure.text and "无效" in failure.text


def test_countermeasure_lets_a_counter_marked_card_be_used_in_the_enemys_turn_section_2_3_5():
    counter = card("对策")
    assert counter.type == CardType.COUNTER and "“对”标志" in counter.text
    assert any("对" in c.marks and c.type == CardType.EQUIPMENT for c in go())
    assert any("对" in c.marks and c.type == CardType.STRATEGY for c in go())
    assert "《对策》" in card("荀攸").text


def test_xiahou_en_presents_the_qinggang_sword_as_an_active_effect_section_3_6_4():
    xiahou_en = card("夏侯恩")
    assert xiahou_en.ability_kind == "effect" and xiahou_en.ability_name == "献青釭剑"
    assert "《青釭剑》" in xiahou_en.text and card("青釭剑").type == CardType.EQUIPMENT


def test_a_general_whose_effect_she_shen_qu_yi_works_in_the_opponents_turn_section_3_3_4():
    sacrificers = [c for c in go() if c.ability_name == "舍身取义"]
    assert len(sacrificers) == 1
    assert sacrificers[0].ability_kind == "effect" and "敌方回合" in sacrificers[0].text


def test_defection_and_infighting_target_defector_generals_section_2_2_7():
    assert "“反”" in card("变节").text and "“反”" in card("内讧").text
    assert any("反" in c.marks for c in go() if c.is_general)


def test_incite_a_riot_handles_the_enemys_cards_section_1_5():
    assert "敌方手牌" in card("制造敌民暴乱").text


def test_seize_the_supplies_and_repair_the_walls_recycle_discard_into_resource_section_3_1_6():
    for name in ("劫粮草", "修补城墙"):
        assert "耗费区" in card(name).text and "资源区" in card(name).text


def test_swift_strike_lets_a_general_attack_again_section_3_7_1_rule_c():
    assert "再进行1次攻击" in card("速攻").text


def test_tiger_and_leopard_cavalry_vanguard_is_a_troop_section_3_6_1():
    vanguard = card("虎豹骑先锋部队")
    assert (vanguard.type, vanguard.subtype) == ("物", "兵种")


def test_fire_arrow_raid_is_a_fire_tactic_and_drown_the_enemy_a_water_tactic_section_3_7_3():
    assert card("火箭队的突袭").subtype == "火计"
    assert card("水计淹敌").subtype == "水计"


def test_binding_names_two_cards_and_adversity_stops_a_special_victory_section_2_6_3():
    assert card("束缚").type == CardType.COMMANDMENT and "2个卡名称" in card("束缚").text
    assert card("逆境").type == CardType.COMMANDMENT and "特殊胜利" in card("逆境").text
    assert card("军临天下").type == CardType.COMMANDMENT and "特殊胜利" in card("军临天下").text
    assert card("反军").type == CardType.COMMANDMENT and "“反”" in card("反军").text


def test_great_earthquake_and_marsh_are_advantages_section_2_7_1():
    assert card("大地震").type == CardType.ADVANTAGE and card("沼泽").type == CardType.ADVANTAGE


def test_lu_bu_of_the_faq_is_found_by_the_guides_spelling_and_may_carry_two_armaments_section_2_3_1():
    lu_bu = go().lookup("Lu Bu")
    assert lu_bu is not None and lu_bu.name == "吕布"
    assert "2个宝物" in lu_bu.text


# ---------------------------------------------------------------- 三国智


def sgz() -> CardDatabase:
    return starter_database(SANGUO_ZHI)


def test_sanguo_zhi_starter_has_60_to_80_cards_of_every_type_of_seed_004():
    db = sgz()
    assert (db.game, db.name, db.version) == (SANGUO_ZHI, "sanguo-zhi-starter", "1.0")
    assert 60 <= len(db) <= 80
    assert {c.type for c in db} == set(SANGUO_ZHI_TYPES)


def test_sanguo_zhi_nameless_military_power_cards_have_an_identity_name_ruling_s1():
    nameless = [c for c in sgz() if c.nameless and c.type == "兵权"]
    assert {c.subtype for c in nameless} == {"步兵", "弓兵", "骑兵", "谋士"}
    assert all(c.name.startswith("兵权·") for c in nameless)
    assert any(c.type == "兵权" and not c.nameless for c in sgz())


def test_sanguo_zhi_starter_has_events_and_grain_cards_ruling_s1():
    types = Counter(c.type for c in sgz())
    assert types["事件"] >= 6 and types["粮草"] >= 1
    assert all(c.nameless for c in sgz() if c.type == "粮草")


def test_sanguo_zhi_cards_seed_004_names_are_there():
    for name in ("刘馥", "祝公道", "忠信旗", "玩物丧志", "临阵换将", "夺其所好", "乌巢之覆"):
        assert sgz().lookup(name) is not None, name
    assert "粮草上限+10" in sgz()["刘馥"].text
    assert "只能为副将" in sgz()["祝公道"].text
    assert "粮草上限-10" in sgz()["乌巢之覆"].text


# ---------------------------------------------------------------- starter decks


def deck_text(filename: str) -> str:
    return (DECK_DIR / filename).read_text(encoding="utf-8")


def test_the_decks_readme_lists_every_starter_deck():
    readme = (DECK_DIR / "README.md").read_text(encoding="utf-8")
    files = sorted(p.name for p in DECK_DIR.glob("*.txt"))
    assert sorted(GO_DECKS + SGZ_DECKS) == files
    for name in files:
        assert f"`{name}`" in readme


@pytest.mark.parametrize("filename", GO_DECKS)
def test_generals_order_starter_deck_has_40_to_45_cards_and_at_most_3_of_a_name_over_deck_and_pool_d2(filename):
    db = go()
    deck = parse_decklist(deck_text(filename), filename=filename)
    assert 40 <= sum(e.count for e in deck.entries) <= 45
    copies: Counter[str] = Counter()
    for e in (*deck.entries, *deck.pool):
        resolved = db.lookup(e.name)
        assert resolved is not None, e.name
        copies[resolved.name] += e.count
    assert max(copies.values()) <= 3


@pytest.mark.parametrize("filename", GO_DECKS)
def test_generals_order_starter_deck_declares_exactly_its_factions_ruling_d3(filename):
    db = go()
    deck = parse_decklist(deck_text(filename), filename=filename)
    present = {f for e in deck.entries for f in db[e.name].factions}
    assert set(deck.declared_factions) == present
    assert 1 <= len(present) <= 2


@pytest.mark.parametrize("filename", GO_DECKS)
def test_generals_order_starter_deck_pool_holds_distinct_commandments_of_its_factions_ruling_d1_d3(filename):
    db = go()
    deck = parse_decklist(deck_text(filename), filename=filename)
    names = [db[e.name].name for e in deck.pool]
    assert len(names) == len(set(names)) <= 3
    assert all(e.count == 1 for e in deck.pool)
    for e in deck.pool:
        c = db[e.name]
        assert c.type == CardType.COMMANDMENT
        assert set(c.factions) <= set(deck.declared_factions)


@pytest.mark.parametrize("filename", GO_DECKS)
def test_generals_order_starter_deck_is_mostly_generals_and_equipment_with_few_counters(filename):
    db = go()
    deck = parse_decklist(deck_text(filename), filename=filename)
    by_type: Counter[str] = Counter()
    for e in deck.entries:
        by_type[db[e.name].type] += e.count
    total = sum(by_type.values())
    assert by_type["人"] + by_type["物"] >= 0.75 * total
    assert by_type["特"] <= 2
    assert by_type["令"] == 0


@pytest.mark.parametrize("filename", GO_DECKS + SGZ_DECKS)
def test_starter_deck_is_legal_by_the_deck_rules_of_its_game(filename):
    from engine.deckrules import check_deck
    from engine.formats import get_format

    game = SANGUO_ZHI if filename in SGZ_DECKS else GENERALS_ORDER
    fmt = get_format("sanguo-zhi-standard" if game == SANGUO_ZHI else "generals-order-standard")
    result = check_deck(parse_decklist(deck_text(filename), filename=filename), starter_database(game), fmt)
    assert result.legal, [v.message for v in result.violations]
    assert result.warnings == ()


def test_sanguo_zhi_starter_deck_follows_ruling_s1():
    db = sgz()
    deck = parse_decklist(deck_text("sgz_starter.txt"), filename="sgz_starter.txt")
    counted = 0
    events: list[str] = []
    named: Counter[str] = Counter()
    for e in (*deck.entries, *deck.pool):
        c = db[e.name]
        if c.type == "事件":
            events.extend([c.name] * e.count)
        elif c.type != "粮草":
            counted += e.count
        if not c.nameless:
            named[c.name] += e.count
    assert counted >= 50
    assert max(named.values()) == 1
    assert len(events) == len(set(events)) <= 5
    assert any(db[e.name].nameless and e.count > 1 for e in deck.entries)


def test_starter_files_load_from_their_paths_like_any_imported_database():
    for game, path in STARTER_FILES.items():
        db = load_database(Path(path))
        assert db.game == game
        assert db.content_hash == starter_database(game).content_hash
