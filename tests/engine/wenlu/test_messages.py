"""文禄朝鲜之役 messages: codes with parameters, every one with a Chinese translation (engine catalogue)."""

from __future__ import annotations

import re

from engine.messages import catalogue
from engine.wenlu.bots import RandomBot, play
from engine.wenlu.messages import MESSAGES, WORDS, step_text, text
from engine.wenlu.state import Game


def test_every_template_and_word_has_a_chinese_translation_with_the_same_placeholders():
    zh = catalogue("zh")
    for template in [*MESSAGES.values(), *WORDS.values()]:
        got = zh.gettext(template)
        assert got != template, template
        assert sorted(re.findall(r"%\(\w+\)s", got)) == sorted(re.findall(r"%\(\w+\)s", template)), template


def test_every_step_of_a_game_is_a_known_code_and_reads_without_english_in_chinese():
    s = Game.default().new_initial_state(11)
    play(s, [RandomBot(1), RandomBot(2)])
    codes = {step["code"] for step in s.board.steps}
    assert codes <= set(MESSAGES), codes - set(MESSAGES)
    for step in s.board.steps:
        out = step_text(step, "zh")
        assert not re.search(r"\b(the|rolls|retreat|march)\b", out), out


def test_side_words_are_translated_inside_messages():
    assert text("wenlu.step.alone", {"side": "allies"}, "zh").startswith("明与朝鲜联军")
