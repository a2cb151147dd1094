"""matches.presenters.adjudication: the report's seats, the detail page's ruling form, the index lists."""

from __future__ import annotations

import pytest

from matches.models import Adjudication
from matches.presenters import adjudication as presenters
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_report_names_the_seats_from_the_verdicts_header():
    adjudication = Adjudication(verdict={"players": [{"name": "甲"}, "乙", {}]})
    assert presenters.report(adjudication)["seat_names"] == ["甲", "乙", "player 2"]
    assert presenters.report(Adjudication(verdict=None)) == {"verdict": {}, "seat_names": []}


def test_a_loose_logs_page_has_no_ruling_form():
    page = presenters.detail_page(Adjudication(verdict={}))
    assert "winner_choices" not in page and page["seat_names"] == []


def test_the_index_offers_upload_only_to_judges_and_staff():
    staff = UserFactory(is_staff=True)
    page = presenters.index_page(staff, error="why")
    assert page["can_upload"] and page["error"] == "why" and page["limit_mib"] == 16
    assert not presenters.index_page(UserFactory())["can_upload"]


@pytest.mark.django_db
def test_a_games_reason_is_shown_in_the_readers_language_with_the_players_names(setup):
    from django.utils import translation

    from matches.services.play import lifecycle
    from tests.matches.test_play_factories import human_match

    match = human_match(setup)
    lifecycle.do_concede(match, setup[1])
    game = match.games.get()
    with translation.override("en"):
        assert presenters.game_reason(game) == f"{setup[1].username} conceded"
    with translation.override("zh-hans"):
        shown = presenters.game_reason(game)
    assert setup[1].username in shown and shown != game.reason


@pytest.mark.django_db
def test_a_games_reason_without_a_message_is_the_stored_text(setup):
    from matches.services.play import lifecycle
    from tests.matches.test_play_factories import human_match

    match = human_match(setup)
    lifecycle.do_concede(match, setup[1])
    game = match.games.get()
    game.said, game.reason = None, "the judge's words"
    assert presenters.game_reason(game) == "the judge's words" and presenters.game_reason(None) == ""
