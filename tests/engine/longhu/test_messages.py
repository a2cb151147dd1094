"""龙虎三国志 messages: every code with a Chinese translation (engine catalogue), refusals and steps alike."""

from __future__ import annotations

import re

from engine.boardgame import RandomBot, play
from engine.longhu import Game, IllegalAction
from engine.longhu.messages import MESSAGES, WORDS, step_text, text
from engine.messages import catalogue


def test_every_template_has_a_chinese_translation_with_the_same_placeholders():
    zh = catalogue("zh")
    for template in [*MESSAGES.values(), *WORDS.values()]:
        got = zh.gettext(template)
        assert got != template, template
        assert sorted(re.findall(r"\{\w+\}", got)) == sorted(re.findall(r"\{\w+\}", template)), template


def test_every_step_of_a_game_is_a_known_code_and_reads_in_chinese_without_english_words():
    for seed in (11, 12):
        s = play(Game.default(4).new_initial_state(seed), [RandomBot(k) for k in range(4)])
        assert {step["code"] for step in s.board.steps} <= set(MESSAGES)
        for step in s.board.steps:
            out = step_text(step, "zh")
            assert not re.search(r"[A-Za-z]{3,}", out), out


def test_result_words_stay_english_in_the_log_and_are_translated_when_shown():
    step = {
        "code": "step_loyalty",
        "rule": "§5-7(3)",
        "character": "张辽",
        "loyalty": 2,
        "die": 5,
        "result": "joins 曹操",
    }
    assert step_text(step) == "张辽 (loyalty 2) rolls 5: joins 曹操"
    assert step_text(step, "zh") == "张辽（忠诚度 2）掷出 5：加入 曹操"


def test_a_refusal_reads_in_both_languages():
    err = IllegalAction("not_adjacent", {"a": "洛阳", "b": "成都"}, "§4-5")
    assert err.reason == "成都 does not border 洛阳"
    assert text(err.code, err.params, "zh") == "成都 与 洛阳 不相邻"
