"""junling.engine_text: the engine's messages in the reader's language, the adjudication verdict's log errors too."""

from __future__ import annotations

from django.utils import translation

from engine.cards import starter_database
from engine.replay import adjudicate
from junling.templatetags.engine_messages import engine_text_of


def test_a_verdict_problem_from_an_unreadable_log_is_shown_in_the_readers_language():
    problem = adjudicate(b"   ", db=starter_database()).to_dict()["problems"][0]
    with translation.override("zh-hans"):
        assert engine_text_of(problem) == "记录为空"
    with translation.override("en"):
        assert engine_text_of(problem) == "the log is empty"


def test_no_problem_of_a_malformed_log_is_english_prose_wrapped_as_text():
    problem = adjudicate(b'{"header": {}, "entries": "x"}', db=starter_database()).to_dict()["problems"]
    said = [p for p in problem if p["code"].startswith("log.") or p["code"].startswith("verdict.")]
    assert said  # every problem is a code, none is English prose wrapped as text
    assert all(p["code"] != "text" for p in problem)


def test_a_seat_the_site_names_by_number_is_counted_from_one_in_both_languages():
    from junling.engine_text import SiteReader

    with translation.override("en"):
        assert SiteReader().seat(0) == "player 1" and SiteReader().seat(1) == "player 2"
    with translation.override("zh-hans"):
        assert SiteReader().seat(0) == "玩家 1"
