"""The feed is said to its reader (junling.second_person): "You draw 关羽.", the opponent by his name."""

from __future__ import annotations

import re

from django.utils import translation

from engine.messages import MESSAGES
from junling.engine_text import SiteReader
from junling.second_person import SECOND_PERSON


def test_every_sentence_of_the_feed_about_a_player_has_its_second_person():
    about_a_player = {
        code
        for code, text in MESSAGES.items()
        if code.startswith(("narrate.", "termination.", "outcome.")) and "%(player)s" in text
    }
    assert about_a_player == set(SECOND_PERSON)


def test_the_second_person_keeps_every_other_parameter_of_the_engines_sentence():
    for code, text in SECOND_PERSON.items():
        assert set(re.findall(r"%\((\w+)\)s", text)) == set(re.findall(r"%\((\w+)\)s", MESSAGES[code])) - {"player"}


def test_the_reader_hears_you_and_the_opponent_by_name_in_both_languages():
    draw = ["narrate.draw_hidden", {"player": {"seat": 0}}]
    theirs = ["narrate.draw_hidden", {"player": {"seat": 1}}]
    with translation.override("en"):
        reader = SiteReader(viewer=0, players=["alice", "bob"], you=True)
        assert reader.render(draw) == "You draw a card." and reader.render(theirs) == "bob draws a card."
    with translation.override("zh-hans"):
        reader = SiteReader(viewer=0, players=["alice", "bob"], you=True)
        assert reader.render(draw) == "你抽一张牌。" and reader.render(theirs).startswith("bob")
        assert "alice" not in reader.render(["narrate.pass", {"player": {"seat": 0}}])
