"""文禄朝鲜之役 refereed (seed 003 §4–§7, §9–§13): set-up, activation, march, supply, control, cards, scores,
and property tests over random games (every counter in one place, replay, hidden information)."""

from __future__ import annotations

import pytest

import engine.wenlu.cards as cards
import engine.wenlu.march as march
import engine.wenlu.supply as supply
import engine.wenlu.victory as victory
from engine.boardgame.procedure import Chance
from engine.wenlu.actions import Draw, Pass, Pick, Roll
from engine.wenlu.board import command_groups
from engine.wenlu.bots import RandomBot
from engine.wenlu.errors import IllegalAction, LogError
from engine.wenlu.state import State, board_json, check_pieces, replay_log


def test_4_0_set_up(game, new_board):
    b = new_board()
    busan = b.here("釜山")
    assert len([c for c in busan if b.c(c).general]) == 7 and len(busan) == 7 + 3 + 4 + 5 + 1
    assert sorted(b.c(c).name for c in b.here("汉城")) == sorted(
        ["朝鲜国王", "金命元", "李镒", "申砬", "李阳君", "巡察使1", "朝鲜军", "朝鲜军"]
    )
    capitals = [r.id for r in game.map.regions if r.capital]
    assert len(capitals) == 15 and all(b.here(r, "allies") for r in capitals)
    assert sum(1 for c in game.data.counters if b.loc[c.id] == "pool") == 15
    assert sum(1 for c in game.data.counters if b.loc[c.id] == "turn-4") == 4
    assert sorted(b.cup) == ["japan", "japan", "korea", "korea"] and b.peace == 16
    assert len(b.decks["japan"]) == len(b.decks["allies"]) == 16  # §2.5


def test_13_1_the_first_activation_is_japanese_without_a_draw(game):
    s = game.new_initial_state(1)
    assert s.is_chance_node() and s.pending.kind == "d6" and s.board.active == "japan"
    assert s.board.drawn == ["japan"]


def test_7_1_example_turn_three_die_four_gives_six_points_to_morale_four_or_less(game, new_board):
    b = new_board()
    b.turn, b.die = 3, 4
    assert sum(v for v, _ in march.modifiers(b, "japan")) == 2
    ok = march.eligible(b, "japan", letter=False)
    assert ok and all(b.c(g).morale <= 4 for g in ok)
    b.die = 1
    assert march.eligible(b, "japan", letter=False) == []
    assert "小西行长" in march.eligible(b, "japan", letter=True)  # 秀吉的书信: every 战意 1 (ruling W4)


def test_7_1_korean_modifiers_hanseong_and_the_king(game, new_board):
    b = new_board()
    assert [v for v, _ in march.modifiers(b, "korea")] == [1, 1]
    b.loc["朝鲜国王"] = "out"
    assert [v for v, _ in march.modifiers(b, "korea")] == [1, -1]


def test_7_2_example_konishi_leads_eight(game, new_board):
    b = new_board()
    here = ["小西行长", "小西军1", "小西军2", "小西军3", "加藤清正", "加藤军1", "加藤军2", "加藤军3"]
    assert [sorted(g) for g in command_groups(b, here, only="小西行长")] == [sorted(here)]
    assert len(command_groups(b, [*here, "加藤军4"], only="小西行长")[0]) == 8  # §7.2(2)


def test_13_2_kato_leads_nabeshima_units_on_a_march(game, new_board):
    b = new_board()
    grp = command_groups(b, ["加藤清正", "锅岛军1", "锅岛军2"], only="加藤清正")[0]
    assert grp == ["加藤清正", "锅岛军1", "锅岛军2"]


def test_6_cut_supply_field_ability_minus_one_morale_plus_one(game, new_board):
    b = new_board()
    b.loc["小西行长"] = "忠州"
    supply.judge(b)
    assert b.cut == {"小西行长"}
    assert (b.fa("小西行长"), b.morale("小西行长")) == (game.data.counter("小西行长").fa - 1, 3)


def test_9_0_and_12_1_the_allies_score_their_capitals(game, new_board):
    b = new_board()
    assert victory.scores(b) == {"japan": 0, "allies": 16}  # 汉城 2 + 14 capitals
    b.loc["巡察使2"] = "out"
    b.loc["小西军1"] = "庆州"
    assert b.controller("庆州") == "japan" and victory.scores(b)["allies"] == 15


def test_11_1_a_province_taken_whole_gives_the_japanese_a_card_once(game, new_board):
    b = new_board()
    for cid in b.here("庆州") + b.here("尚州"):
        b.loc[cid] = "replacement" if b.c(cid).kind == "unit" else "out"
    b.loc["小西军1"], b.loc["小西军2"] = "庆州", "尚州"
    proc = victory.conquests(b)
    request = next(proc)
    assert isinstance(request, Chance) and request.kind == "deck:japan"
    with pytest.raises(StopIteration):
        proc.send(Draw("奇袭"))
    assert b.scored == ["庆尚道"] and b.hands["japan"] == ["奇袭"]
    assert list(victory.conquests(b)) == []  # each province once


def test_peace_talks_move_the_marker_never_before_the_current_turn(game, new_board):
    b = new_board()
    b.points = 3
    b.loc["小西行长"] = "汉城"
    list(cards.effect(b, "讲和交涉8"))
    assert b.peace == 15 and b.points == 2
    b.turn = 15
    b.loc["朝鲜国王"] = b.loc["二王子"] = "out"
    list(cards.effect(b, "讲和交涉7"))
    assert b.peace == 15


def test_illegal_actions_are_refused_with_the_rule_and_change_nothing(game):
    s = game.new_initial_state(3)
    before = board_json(s.board)
    with pytest.raises(IllegalAction) as e:
        s.apply(Pick("汉城"))
    assert e.value.code == "wenlu.refusal.chance_due" and e.value.rule == "§7.1(1)"
    with pytest.raises(IllegalAction):
        s.apply(Roll(7))
    assert board_json(s.board) == before and s.history == []


def _random_game(game, seed, check_every=25):
    s = game.new_initial_state(seed)
    bots = [RandomBot(seed), RandomBot(seed + 100)]
    n = 0
    while not s.is_terminal():
        p = s.current_player()
        if n % check_every == 0:
            assert check_pieces(s.board) == [], n
            _hidden(s)
        s.apply(s.sample_chance() if p < 0 else bots[p].act(s))
        n += 1
    return s


def _hidden(s: State) -> None:
    for player, foe in ((0, "allies"), (1, "japan")):
        obs = s.observation(player)
        assert isinstance(obs["hands"][foe], int)
        assert all(isinstance(v, int) for v in obs["decks"].values())
        pending = obs.get("pending", {})
        if "options" in pending:
            assert pending["player"] == player
    assert not {"pool", "standby"} & set(s.observation(0)["loc"].values())
    assert s.observation(1)["loc"] == s.board.loc


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_games_keep_every_counter_in_one_place_and_replay(game, seed):
    s = _random_game(game, seed)
    assert s.outcome is not None and s.outcome["winner"] in ("japan", "allies", None)
    assert check_pieces(s.board) == []
    again = State.from_json(game, s.to_json())
    assert board_json(again.board) == board_json(s.board)
    assert board_json(game.new_initial_state(seed).board) != board_json(s.board)


def test_a_tampered_log_is_caught_at_its_entry(game):
    s = game.new_initial_state(4)
    s.apply(s.sample_chance())
    data = s.to_json()
    data["history"][0] = {"type": "pick", "choice": "汉城"}
    with pytest.raises(LogError, match="history entry 0"):
        State.from_json(game, data)


def test_a_judge_replays_to_the_first_illegal_entry(game):
    s = game.new_initial_state(6)
    for _ in range(30):
        p = s.current_player()
        s.apply(s.sample_chance() if p < 0 else s.legal_actions()[-1])
    log = [a.to_json() for a in s.history]
    assert replay_log(game, 6, log)["ok"]
    bad = [*log[:12], {"type": "roll", "value": 9}, *log[13:]]
    v = replay_log(game, 6, bad)
    assert (v["ok"], v["first_illegal"], v["applied"]) == (False, 12, 12)


def test_cli_play_prints_the_result_and_writes_a_log_that_replays(game, tmp_path, capsys):
    from engine.__main__ import main as engine_main

    log = tmp_path / "g.json"
    assert engine_main(["wenlu", "play", "--seed", "3", "--quiet", "--log", str(log)]) == 0
    assert "termination" in capsys.readouterr().out
    data = __import__("json").loads(log.read_text(encoding="utf-8"))
    assert State.from_json(game, data).is_terminal()


def test_7_1_3_a_march_costs_a_point_a_road_drops_counters_and_stops_at_the_enemy(game, new_board):
    b = new_board()
    b.active, b.die, b.points = "japan", 6, 3
    proc = march.marches(b, "japan")
    answers = [Pick("小西行长"), Pick("take:小西军1"), Pick("take:小西军2"), Pick("take:宗义智"), Pass()]
    answers += [Pick("leave:小西军1"), Pick("庆州")]
    request = next(proc)
    seen = []
    for a in answers:
        seen.append(request)
        assert a in request.options, (a, request)
        request = proc.send(a)
    assert b.loc["小西行长"] == "庆州" and b.loc["小西军1"] == "釜山" and b.loc["小西军2"] == "庆州"
    assert b.points == 2 and b.origin["小西行长"] == "釜山"
    marches_on = ("wenlu.ask.march_on", {"general": "小西行长"})
    assert not isinstance(request, Chance) and (request.what, request.params) != marches_on  # 庆州 holds the enemy
    assert b.loc["宗义智"] == "庆州" and b.loc["小西军3"] == "釜山" and "小西军3" not in b.marched
    assert {"小西行长", "小西军1", "小西军2", "宗义智"} <= b.marched
