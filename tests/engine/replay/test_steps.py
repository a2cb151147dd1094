"""steps / states_at: the judge's step-through, with both hands and plain words in two languages."""

from __future__ import annotations

from engine.game import Game
from engine.replay import states_at, steps
from tests.engine.replay.conftest import paper_game


def test_steps_give_every_entry_with_chinese_and_english_words_and_the_full_state(db):
    log = paper_game(db)
    got = list(steps(log, db))
    assert [s.index for s in got] == list(range(len(log["entries"])))
    assert got[0].text_en.startswith("The coin falls") and "先手" in got[0].text_zh
    assert got[11].text_zh == "玩家 0 招募 邓茂 进入自城内（费用 0）。"
    assert got[11].state["zone"] and got[11].state["hand"][1]  # the judge sees the opponent's hand too


def test_steps_stop_at_the_first_illegal_entry_with_its_rule(db):
    log = paper_game(db)
    log["entries"][12]["action"]["payment"] = ["何仪"]
    last = list(steps(log, db))[-1]
    assert last.index == 12 and last.illegal is not None and last.illegal[0] == "ruling G3"


def test_states_at_equal_the_engine_states_after_those_entries(db, decks, signed_recorder):
    wanted = [0, 17, 60]
    got = states_at(signed_recorder.dumps(), db, wanted)
    for i in wanted:
        state = Game(db).new_initial_state(*decks, seed=11)
        for action in signed_recorder.state.history[: i + 1]:
            state.apply(action)
        assert got[i] == state.to_json(history=False)
