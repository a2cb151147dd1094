"""三国智's setup checker and deck-to-table simulator (seed 004 §1.1–§1.3, rulings S1–S15)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from dataclasses import replace

import pytest

from engine.cards import SANGUO_ZHI, starter_database
from engine.decklist import DeckEntry
from engine.deckrules import check_deck
from engine.sanguozhi import KEEP, MULLIGAN, SLOTS, Opening, SetupError, check_setup, opening_after, starter_deck
from engine.sanguozhi.messages import MESSAGES, text
from engine.systems import get_system

DB = starter_database(SANGUO_ZHI)
DECK = starter_deck(DB)


def table(seed: int = 1) -> dict:
    return Opening([DECK], DB, seed).sides[0].to_json()


def problem(t: dict):
    found = check_setup(DECK, t, DB)
    assert found is not None
    return found.code, found.rule


def test_s14_slots_row_by_row_as_section_1_1_2_lays_them_out():
    rows = {r: [s.name for s in SLOTS if s.row == r] for r in ("far", "middle", "near")}
    assert rows["far"] == ["墓地", "主将", "军师", "副将", "营地"]
    assert rows["middle"] == ["事件", "谋略", "阵型"]
    assert rows["near"] == ["步兵兵权", "弓兵兵权", "骑兵兵权", "谋士兵权", "粮仓"]
    assert sum(s.count for s in SLOTS if s.key in ("commander", "strategist", "lieutenant")) == 5  # §1.3.2


def test_s1_the_starter_deck_is_legal_with_formations_outside_the_count():
    result = check_deck(DECK, DB)
    assert result.legal, result.violations
    assert result.count == 50  # 6 formations and 5 events not counted (ruling S10)


def test_s13_a_repeated_formation_is_a_warning_not_a_violation():
    deck = replace(DECK, entries=(*DECK.entries, DeckEntry("鱼鳞阵", 1)))
    result = check_deck(deck, DB)
    assert result.legal and [w.code for w in result.warnings] == ["formation-repeated"]


def test_s2_a_simulated_opening_table_is_a_legal_setup():
    for seed in range(5):
        assert check_setup(DECK, table(seed), DB) is None


def test_1_2_6_a_hand_of_five_is_refused():
    t = table()
    t["camp"].append(t["hand"].pop())
    assert problem(t) == ("sanguozhi.setup.hand_size", "§1.2.6, ruling S7")


def test_s12_an_event_in_the_hand_is_refused():
    t = table()
    t["camp"].append(t["hand"].pop())
    t["hand"].append(t["events"].pop())
    assert problem(t) == ("sanguozhi.setup.not_in_camp", "§1.2.2, ruling S12")


def test_s10_a_card_missing_from_the_camp_is_refused():
    t = table()
    t["camp"].pop()
    code, rule = problem(t)
    assert (code, rule) == ("sanguozhi.setup.camp_count", "§1.2.3, ruling S10")


def test_s10_the_camp_may_be_described_by_its_count_only():
    t = table()
    t["camp"] = {"count": len(t["camp"])}
    assert check_setup(DECK, t, DB) is None
    t["camp"]["count"] -= 1
    assert problem(t)[0] == "sanguozhi.setup.camp_count"


def test_s4_events_face_down_in_the_event_slot():
    t = table()
    t["events"] = t["events"][:-1]
    assert problem(t) == ("sanguozhi.setup.events", "§1.2.3, ruling S4, S12")


def test_s4_formations_in_the_formation_slot():
    t = table()
    t["formations"] = []
    assert problem(t) == ("sanguozhi.setup.formations", "§1.2.3, ruling S4")


@pytest.mark.parametrize(
    ("slot", "value"),
    [
        ("commander", "曹操"),
        ("strategist", "郭嘉"),
        ("lieutenants", ["许褚", None, None]),
        ("schemes", ["火攻"] + [None] * 4),
    ],
)
def test_s2_general_and_scheme_slots_start_empty(slot, value):
    t = table()
    t["slots"][slot] = value
    assert problem(t) == ("sanguozhi.setup.slot_filled", "§1.2.3, ruling S2")


def test_s2_command_slots_start_empty_and_are_the_four_troop_types():
    t = table()
    t["slots"]["command"]["步兵"] = ["兵权·步兵"]
    assert problem(t) == ("sanguozhi.setup.slot_filled", "§1.2.3, ruling S2")
    t = table()
    t["slots"]["command"]["水军"] = []
    assert problem(t) == ("sanguozhi.setup.command_type", "§1.3.6")


def test_s14_four_lieutenant_slots_are_refused():
    t = table()
    t["slots"]["lieutenants"] = [None] * 4
    assert problem(t) == ("sanguozhi.setup.slot_count", "§1.1.2, ruling S14")


def test_s2_the_graveyard_starts_empty():
    t = table()
    t["graveyard"] = [t["camp"].pop()]
    assert problem(t)[0] in ("sanguozhi.setup.camp_count", "sanguozhi.setup.graveyard")
    t = table()
    t["graveyard"] = ["曹操"]
    t["camp"] = {"count": len(t["camp"])}
    assert problem(t) == ("sanguozhi.setup.graveyard", "§1.2.3, ruling S2")


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("grain", 25, "§1.2.5, ruling S6"),
        ("grain_cap", 40, "§1.2.5, ruling S6"),
        ("hand_limit", 8, "§1.2.6.3, ruling S9"),
    ],
)
def test_s6_s9_grain_its_cap_and_the_hand_limit_at_the_start(key, value, rule):
    t = table()
    t[key] = value
    assert problem(t) == (f"sanguozhi.setup.{key}", rule)


def test_s1_an_illegal_deck_is_refused_with_its_section():
    small = replace(DECK, entries=DECK.entries[:10])
    found = check_setup(small, table(), DB)
    assert (found.code, found.rule) == ("sanguozhi.setup.deck", "§1.1.1.4, ruling S1")
    assert "50" in text(found.code, found.params, "zh")
    with pytest.raises(SetupError):
        Opening([small], DB, 1)


def test_s3_the_simulator_is_seeded():
    a, b = Opening([DECK, DECK], DB, 42), Opening([DECK, DECK], DB, 42)
    assert a.sides[0].hand == b.sides[0].hand and a.order == b.order
    assert Opening([DECK, DECK], DB, 43).sides[0].hand != a.sides[0].hand or a.sides[1].hand != b.sides[1].hand


def test_s3_each_enemy_shuffles_once_or_passes():
    codes = [s["code"] for s in Opening([DECK, DECK], DB, 1).steps]
    assert codes.count("sanguozhi.step.shuffle") == 4
    passes = Opening([DECK, DECK], DB, 1, enemy_shuffles=False).steps
    assert [s["code"] for s in passes].count("sanguozhi.step.shuffle_pass") == 2


def test_s5_s7_order_rolled_then_six_cards_each():
    o = Opening([DECK, DECK], DB, 9)
    assert sorted(o.order) == [0, 1] and [len(s.hand) for s in o.sides] == [6, 6]
    assert all(len(s.camp) == 44 and s.grain == 30 and s.grain_cap == 30 for s in o.sides)
    assert o.to_decide == o.order[0] and o.choices() == (KEEP, MULLIGAN)


def test_s8_the_mulligan_is_a_choice_made_once_in_action_order():
    o = Opening([DECK, DECK], DB, 9)
    first, second = o.order
    before = list(o.sides[first].hand)
    with pytest.raises(SetupError) as exc:
        o.decide(second, KEEP)
    assert exc.value.problem.rule == "ruling S8"
    o.decide(first, MULLIGAN)
    side = o.sides[first]
    assert side.mulligan == "taken" and len(side.hand) == 6 and len(side.camp) == 44
    assert sorted(side.hand + side.camp) == sorted(before + Opening([DECK, DECK], DB, 9).sides[first].camp)
    assert o.to_decide == second
    o.decide(second, KEEP)
    assert o.to_decide is None and o.choices() == () and o.steps[-1]["code"] == "sanguozhi.step.ready"
    with pytest.raises(SetupError):
        o.decide(first, MULLIGAN)  # once only: his hand is final
    assert check_setup(DECK, side.to_json(), DB) is None


def test_s8_a_mulligan_hand_keeps_the_decks_cards():
    o = opening_after([DECK], DB, 3, [MULLIGAN])
    side = o.sides[0]
    assert sorted(side.hand + side.camp) == sorted(
        Opening([DECK], DB, 3).sides[0].camp + Opening([DECK], DB, 3).sides[0].hand
    )


def test_s15_a_player_sees_his_hand_and_events_not_the_enemys_nor_any_deck():
    o = Opening([DECK, DECK], DB, 5)
    seen = o.observation(0)
    mine, theirs = seen["sides"]
    assert mine["hand"] == o.sides[0].hand and "cards" not in mine["camp"]
    assert theirs["hand"] == {"count": 6} and theirs["events"] == {"count": 5} and theirs["formations"] == {"count": 6}
    assert theirs["camp"] == {"count": 44} and seen["seed"] is None
    assert not set(o.sides[1].hand) & set(json.dumps(theirs, ensure_ascii=False).split('"'))
    judge = o.observation(None)
    assert judge["sides"][1]["camp"]["cards"] == o.sides[1].camp


def test_every_setup_message_has_a_chinese_translation():
    missing = [code for code, en in MESSAGES.items() if text(code, {}, "zh") == en and en.isascii() and "%(" not in en]
    assert missing == []


def test_the_system_table_names_the_setup_package():
    system = get_system("sanguo-zhi")
    assert system.engine is None and system.setup_module().Opening is Opening


def test_cli_simulates_an_opening_in_chinese_and_json(tmp_path):
    deck = tmp_path / "deck.txt"
    lines = [f"{e.count} {e.name}" for e in DECK.entries] + ["事件:"] + [f"{e.count} {e.name}" for e in DECK.pool]
    deck.write_text("\n".join(lines), encoding="utf-8")
    run = [sys.executable, "-m", "engine", "sanguozhi"]
    zh = subprocess.run(
        [*run, "open", str(deck), str(deck), "--seed", "4", "--lang", "zh"], capture_output=True, text=True
    )
    assert zh.returncode == 0 and "重抓" not in zh.stdout and "抓 6 张卡" in zh.stdout
    out = subprocess.run(
        [*run, "open", str(deck), "--seed", "4", "--choose", "mulligan", "--player", "0", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(out.stdout)
    assert data["table"]["sides"][0]["mulligan"] == "taken" and data["table"]["to_decide"] is None
    t = copy.deepcopy(Opening([DECK], DB, 4).sides[0].to_json())
    t["grain"] = 20
    f = tmp_path / "table.json"
    f.write_text(json.dumps(t, ensure_ascii=False), encoding="utf-8")
    refused = subprocess.run([*run, "check", str(deck), str(f), "--json"], capture_output=True, text=True)
    assert refused.returncode == 1 and json.loads(refused.stdout)["error"]["rule"] == "§1.2.5, ruling S6"
    zh_refused = subprocess.run([*run, "check", str(deck), str(f), "--lang", "zh"], capture_output=True, text=True)
    assert "起始粮草为 30" in zh_refused.stdout


def test_the_opening_counts_the_players_from_one_as_every_page_does():
    from engine.sanguozhi.messages import text

    said = {lang: text("sanguozhi.step.shuffle", {"by": 1, "player": 0}, lang) for lang in ("en", "zh")}
    assert said["en"] == "player 2 shuffles player 1's deck"
    assert "玩家 0" not in said["zh"] and "玩家 1" in said["zh"] and "玩家 2" in said["zh"]
