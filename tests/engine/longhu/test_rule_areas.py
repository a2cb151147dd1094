"""One test per rule section or ruling, on hand-built boards (seed 001, RULINGS.md L)."""

from __future__ import annotations

from engine.longhu import diplomacy, fate, movement, order, production, roundend, rules, victory
from engine.longhu.actions import Diplomacy, Draw, Go, Lead, Leave, Pass, Pick, Split, Take
from tests.engine.longhu.script import Script, new_board

HOOKS = rules.Hooks()


def test_s4_4_points_per_group_of_controlled_regions_plus_administration_ruling_L10(game):
    b = new_board(game)
    assert production.pools(b, "曹操") == [(frozenset({"兖州"}), 2 + 2 + 2)]  # 兖州 2, 曹操 2, 荀彧 2
    b.add("许昌", "曹操", 1)  # adjacent: one group
    b.add("长沙", "曹操", 0)
    assert production.pools(b, "曹操") == [(frozenset({"兖州", "许昌"}), 8)]
    b.harvest = 3  # §10-3
    assert (frozenset({"兖州", "许昌"}), 3) in production.pools(b, "曹操")


def test_s4_4_6_production_stops_when_the_counters_run_out(game):
    b = new_board(game)
    b.supply["曹操"] = 2
    s = Script()
    s.run(production.production_phase(b, "曹操", 0))
    assert max(o.strength for o in s.asked[0].options if not isinstance(o, Pass)) == 2


def test_ruling_L11_a_stack_leaves_one_piece_of_its_country_behind(game):
    b = new_board(game)
    s = Script(answers=[Lead("刘备"), Take("关羽"), Take("张飞")])
    gen = movement.movement_phase(b, "刘备", 0, HOOKS)
    s.answers.append(Take("刘备", 9))
    s.answers.append(Go("兖州"))  # 曹操's: allied, the move may go on
    s.answers.append(Pass())
    s.run(gen)
    takes = [o for o in s.asked[3].options if isinstance(o, Take) and o.strength]
    assert max(t.strength for t in takes) == 9  # all three characters go: one strength must stay
    assert b.str_of("平原", "刘备") == 1 and b.str_of("兖州", "刘备") == 9


def test_s4_5_2_river_attrition_by_the_table_and_entering_an_enemy_region_stops(game):
    b = new_board(game)
    s = Script(answers=[Lead("刘备"), Take("刘备", 9), Go("渤海")])
    s.run(movement.movement_phase(b, "刘备", 0, HOOKS))
    attrition = next(st for st in b.steps if st["code"] == "step_losses")
    assert attrition["rule"] == "§4-5-2, ruling L12" and attrition["amount"] == 2  # 9 strength: 2
    assert not any(d.what == "ask_go_on" for d in s.asked)
    assert any(d.what == "ask_lead" for d in s.asked[3:])


def test_s4_5_2_navy_column_with_a_navy_character(game):
    b = new_board(game)
    s = Script(answers=[Lead("孙坚"), Take("孙坚", 10), Go("襄阳")])
    s.run(movement.movement_phase(b, "孙坚", 1, HOOKS))
    assert next(st for st in b.steps if st["code"] == "step_losses")["amount"] == 1  # 10 strength, navy column


def test_s4_5_4_pieces_may_be_left_on_the_way(game):
    b = new_board(game)
    answers = [Lead("刘备"), Take("关羽"), Take("刘备", 8), Go("兖州"), Leave("关羽"), Leave("刘备", 3), Pass()]
    Script(answers=answers).run(movement.movement_phase(b, "刘备", 0, HOOKS))
    assert b.loc["关羽"] == "兖州" and b.str_of("兖州", "刘备") == 8


def test_s4_3_1_a_neutral_becomes_an_ally_on_die_at_most_diplomacy(game):
    b = new_board(game)
    order.fill_cup(b)
    s = Script(dice=[3], answers=[Diplomacy("刘备", "马腾"), Pass()])
    s.run(diplomacy.diplomacy_phase(b, "刘备", 0, HOOKS))
    assert b.owner["马腾"] == 0 and "马腾" in b.cup


def test_s4_3_2_an_enemy_ally_is_neutralised_on_die_plus_one_and_ruling_L7_no_home(game):
    b = new_board(game)
    s = Script(dice=[2], answers=[Diplomacy("刘备", "袁术"), Pass()])
    s.run(diplomacy.diplomacy_phase(b, "刘备", 0, HOOKS))
    assert b.owner["袁术"] is None
    assert not any(isinstance(o, Diplomacy) and o.country == "袁绍" for o in s.asked[0].options)
    b2 = new_board(game)
    Script(dice=[3], answers=[Diplomacy("刘备", "袁术"), Pass()]).run(diplomacy.diplomacy_phase(b2, "刘备", 0, HOOKS))
    assert b2.owner["袁术"] == 1  # 3 + 1 > 3


def test_ruling_L9_edict_rerolls_a_failed_test_for_five_strength(game):
    b = new_board(game)
    b.turn_country = "刘备"
    b.emperor, b.emperor_ctrl = "洛阳", "刘备"
    s = Script(dice=[6, 1], answers=[Diplomacy("刘备", "马腾"), Pick("edict"), Pass()])
    s.run(diplomacy.diplomacy_phase(b, "刘备", 0, HOOKS))
    assert b.owner["马腾"] == 0 and b.str_of("平原", "刘备") == 5 and b.edict_used


def test_ruling_L6_a_six_is_rerolled_and_the_reroll_counts(game):
    b = new_board(game)
    s = Script(dice=[6, 4], answers=[Pick("渤海")])
    s.run(fate._uprising(b, 0, "§10-7"))
    assert b.str_of("渤海", "袁绍") == 6


def test_s10_6_famine_halves_the_largest_army_rounded_up_and_ends_the_turn(game):
    b = new_board(game)
    b.remove("兖州", "曹操", 1)  # 9 left
    assert Script().run(fate._famine(b, "曹操", 0, HOOKS)) == "famine"
    assert b.str_of("兖州", "曹操") == 4


def test_s10_2_a_drawn_retainer_joins_where_the_country_has_armies(game):
    b = new_board(game)
    Script(draws=["太史慈"]).run(fate.draw_retainer(b, "曹操", "§10-2"))
    assert b.loc["太史慈"] == "兖州" and b.allegiance["太史慈"] == "曹操"


def test_s4_8_1_dong_zhuo_becomes_li_jue_and_lu_bu_arrives_in_xuzhou(game):
    b = new_board(game)
    Script().run(roundend.round_end(b, 0, HOOKS))
    assert b.warlord["董卓"] == "李傕" and b.loc["李傕"] == "洛阳"
    assert b.loc["吕布(董卓军)"] == "gone"
    assert b.loc["吕布"] == "徐州" and b.str_of("徐州", "吕布") == 10 and b.loc["陈宫"] == "徐州"
    assert b.warlord["刘焉"] == "刘璋"


def test_s11_4_wu_returns_at_round_two_end_only_if_destroyed_in_battle(game):
    b = new_board(game)
    b.round = 2
    victory.destroy(b, "孙坚", in_battle=True)
    Script().run(roundend.round_end(b, 0, HOOKS))
    assert b.alive("孙坚") and b.warlord["孙坚"] == "孙策" and b.str_of("建业", "孙坚") == 10


def test_ruling_L21_a_destroyed_home_is_replaced_by_an_ally(game):
    b = new_board(game)
    victory.destroy(b, "曹操", in_battle=True)
    s = Script(answers=[Pick("公孙瓒")])
    s.run(victory.after_destruction(b))
    assert b.home[0] == "公孙瓒" and b.loc["曹操"] == "gone" and b.outcome is None


def test_ruling_L23_two_players_the_last_one_standing_wins(game):
    b = new_board(game)
    for c in ("袁绍", "袁术", "孙坚"):
        victory.destroy(b, c, in_battle=True)
    Script().run(victory.after_destruction(b))
    assert b.outcome["winners"] == [0] and b.outcome["termination"] == "conquest"


def test_ruling_L24_the_traitors_win_when_they_hold_more_than_every_player(game):
    b = new_board(game)
    for r in game.data.map.region_ids[:10]:
        b.control[r] = "董卓"
    assert victory.outcome(b, "rounds")["termination"] == "traitors"


def test_s7_3_equal_regions_then_production_decides(game):
    b = new_board(game)
    assert victory.outcome(b, "rounds")["termination"] == "traitors"  # 4 regions against 3 and 3 (§8(3))
    for r in ("洛阳", "长安", "安定", "汉中"):
        b.control.pop(r)
    out = victory.outcome(b, "rounds")
    assert out["regions"] == [3, 3] and out["production"] == [5, 5]
    assert out["termination"] == "draw" and out["placement"] == [1, 1]


def test_ruling_L2_void_markers_and_L1_an_empty_cup_refills_with_the_valid_drawn(game):
    b = new_board(game)
    b.round, b.prev_runner = 2, 0
    b.cup, b.drawn = ["马腾", "刘备"], ["袁绍"]  # 马腾 is neutral: void
    got = Script(draws=["马腾", "刘备"]).run(order.draw_turn(b))
    assert got == ("刘备", 0, False) and b.drawn == ["袁绍", "刘备"]
    got = Script(draws=["袁绍"]).run(order.draw_turn(b))
    assert got == ("袁绍", 1, False) and b.cup == ["刘备"]


def test_s4_1_example_a_traitor_turn_is_run_by_the_opponent_of_the_previous_runner(game):
    b = new_board(game)
    b.round, b.prev_runner = 2, 0
    b.cup = ["奸贼1"]
    got = Script(draws=["奸贼1"], answers=[Pick("张鲁")]).run(order.draw_turn(b))
    assert got == ("张鲁", 1, False)
    b.prev_runner, b.cup = 1, ["奸贼2"]
    assert Script(draws=["奸贼2"], answers=[Pick("董卓")]).run(order.draw_turn(b)) == ("董卓", 0, False)


def test_s11_1_cao_cao_seeks_talent_on_one_or_two(game):
    b = new_board(game)
    Script(dice=[2], draws=["徐庶"]).run(fate.start_of_fate(b, "曹操", 0))
    assert b.allegiance["徐庶"] == "曹操"


def test_s11_6_zuo_ci_two_fate_dice_keep_one(game):
    b = new_board(game)
    b.allegiance["左慈"], b.loc["左慈"] = "曹操", "held"
    s = Script(dice=[1, 4], answers=[Pick("4")])
    s.run(fate.fate_phase(b, "曹操", 0, HOOKS))
    assert b.fate == (2, 3)  # die 4 moves one column right


def test_draws_are_chance_events(game):
    assert Draw("青龙").is_chance and not Pick("x").is_chance


def test_s10_5_revival_and_s11_3_guan_yu_and_zhang_fei_return_with_liu_bei_even_if_dead(game):
    b = new_board(game)
    b.move_char("关羽", "dead")
    victory.destroy(b, "刘备", in_battle=True)
    b.round = 2
    Script(answers=[Pick("许昌")]).run(fate._revival(b, "曹操", 0, HOOKS))  # the one candidate: not asked
    assert b.alive("刘备") and b.owner["刘备"] == 0
    assert b.loc["刘备"] == b.loc["关羽"] == b.loc["张飞"] == "许昌" and b.str_of("许昌", "刘备") == 10


def test_ruling_L26_no_revival_in_the_round_of_destruction_nor_of_dong_zhuo(game):
    b = new_board(game)
    victory.destroy(b, "董卓", in_battle=True)
    victory.destroy(b, "袁术", in_battle=True)
    s = Script()
    s.run(fate._revival(b, "曹操", 0, HOOKS))
    assert not b.alive("袁术") and not s.asked  # destroyed this round
    b.round = 2
    Script(answers=[Pick("南阳")]).run(fate._revival(b, "曹操", 0, HOOKS))
    assert b.alive("袁术") and not b.alive("董卓")  # 董卓 himself never returns


def test_s11_2_zhuge_liang_enters_in_xiangyang_from_round_four(game):
    b = new_board(game)
    b.move_char("刘备", "襄阳")
    b.round = 3
    assert not Script().run(fate.start_of_fate(b, "刘备", 0)) and b.loc["诸葛亮"] == "reserve"
    b.round = 4
    Script(answers=[Pick("诸葛亮")]).run(fate.start_of_fate(b, "刘备", 0))
    assert b.loc["诸葛亮"] == "襄阳" and b.allegiance["诸葛亮"] == "刘备"


def test_s11_6_4_zuo_ci_goes_back_to_the_cup_at_the_round_end(game):
    b = new_board(game)
    b.allegiance["左慈"], b.loc["左慈"] = "曹操", "held"
    Script().run(roundend.round_end(b, 0, HOOKS))
    assert b.loc["左慈"] == "cup" and b.allegiance["左慈"] is None


def test_s3_3_the_standard_set_up_places_what_the_text_names(game):
    b = new_board(game)
    starts = {
        "曹操": "兖州",
        "刘备": "平原",
        "公孙瓒": "幽州",
        "袁绍": "渤海",
        "袁术": "南阳",
        "马腾": "凉州",
        "孙坚": "长沙",
        "刘表": "襄阳",
        "刘焉": "成都",
        "张鲁": "汉中",
    }
    for warlord, region in starts.items():  # §3-3-1
        assert b.loc[warlord] == region and b.str_of(region, warlord) == 10  # §3-3(1)
    for region, who in (("洛阳", "董卓"), ("长安", "李儒"), ("安定", "华雄")):  # §3-3(3)
        assert b.loc[who] == region and b.str_of(region, "董卓") == 5
    assert b.loc["吕布"] == b.loc["诸葛亮"] == b.loc["孙策"] == "reserve"  # §3-3(1), §3-3(3)
    assert b.emperor == "洛阳" and b.emperor_ctrl == "董卓"  # §3-4(5), §9(1)
    assert all(b.loc[c.name] == "cup" for c in game.data.characters if c.country is None)  # §3-4(2)


def test_s4_5_3_a_player_marker_moves_an_ally_along_only_with_its_own_leader(game):
    b = new_board(game)
    b.player_marker = True
    b.add("兖州", "刘备", 3)
    s = Script(answers=[Lead("曹操")])
    s.run(movement.movement_phase(b, "曹操", 0, HOOKS))
    assert not any(isinstance(o, Take) and o.piece == "刘备" for o in s.asked[1].options)
    b = new_board(game)
    b.player_marker = True
    b.add("兖州", "刘备", 3)
    b.move_char("关羽", "兖州")
    s = Script(answers=[Lead("曹操"), Take("关羽"), Take("刘备", 2), Take("曹操", 5), Go("许昌"), Pass()])
    s.run(movement.movement_phase(b, "曹操", 0, HOOKS))
    assert Take("刘备", 3) not in s.asked[2].options  # ruling L11: one 刘备 piece stays in 兖州
    assert b.str_of("许昌", "刘备") == 2 and b.str_of("许昌", "曹操") == 5 and b.loc["关羽"] == "许昌"


def test_s4_5_3_2_attrition_of_a_mixed_stack_is_summed_and_split_by_the_player(game):
    b = new_board(game)
    b.player_marker = True
    b.add("兖州", "刘备", 3)
    b.move_char("关羽", "兖州")
    answers = [Lead("曹操"), Take("关羽"), Take("刘备", 2), Take("曹操", 10), Go("渤海"), Split((1, 2))]
    s = Script(answers=answers)
    s.run(movement.movement_phase(b, "曹操", 0, HOOKS))
    split = next(d for d in s.asked if d.what == "ask_split")
    assert split.rule == "§4-5-2, ruling L12" and Split((1, 2)) in split.options  # 12 crossing: 3 lost
    assert b.str_of("渤海", "刘备") + b.str_of("渤海", "曹操") <= 9


def test_s4_8_3_at_round_end_one_country_keeps_a_shared_region_the_others_go_home(game):
    b = new_board(game)
    b.add("兖州", "刘备", 3)
    s = Script(answers=[Pick("曹操")])  # 平原 is 刘备's only region: not asked
    s.run(roundend.round_end(b, 0, HOOKS))
    assert b.str_of("兖州", "刘备") == 0 and b.str_of("平原", "刘备") == 13
    assert s.asked[0].rule == "§4-8-3, ruling L22"


def test_s4_8_4_a_player_may_change_his_home_at_round_end(game):
    b = new_board(game)
    Script(answers=[Pick("刘备")]).run(roundend.round_end(b, 0, HOOKS))
    assert b.home[0] == "刘备"


def test_s9_5_the_winner_of_a_battle_in_the_emperors_region_controls_it(game):
    b = new_board(game)
    b.add("洛阳", "曹操", 20)
    b.move_char("夏侯惇", "洛阳")
    b.control["洛阳"] = "董卓"
    Script(dice=[1] * 5 + [6] * 5).run(HOOKS.battle(b, "洛阳", "曹操"))
    assert b.emperor == "洛阳" and b.emperor_ctrl == "曹操" and b.control["洛阳"] == "曹操"


def test_s10_4_the_emperor_flees_to_another_player(game):
    b = new_board(game)
    b.emperor_ctrl = "曹操"
    Script(answers=[Pick("孙坚")]).run(fate._emperor_flees(b, "曹操", 0, HOOKS))
    assert b.emperor == "长沙" and b.emperor_ctrl == "孙坚"
