"""Issue 13: the top cut reaches the final placings: bracket, champion, the top cut above the Swiss, round names."""

from __future__ import annotations

import pytest

from matches.models import Round
from matches.presenters.tournaments import bracket, round_title
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.matches.factories import play_round, running_tournament

pytestmark = pytest.mark.django_db


def _through_the_top_cut():
    tournament, organiser, people = running_tournament(8, rounds=2, top_cut=4)
    for _n in range(2):
        play_round(services.publish_round(services.pair_next_round(tournament, organiser), organiser), organiser)
    snapshot_standings(tournament.pk)
    semis = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(semis, organiser)
    final = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    return tournament, organiser, people, semis, final


def test_rounds_of_the_bracket_are_named_by_their_size():
    tournament, _organiser, _people, semis, final = _through_the_top_cut()
    assert semis.kind == Round.Kind.TOP_CUT
    assert round_title(semis, tournament) == "Semi-final"
    assert round_title(final, tournament) == "Final"
    assert round_title(tournament.rounds.get(number=1), tournament) == "Round 1"


def test_the_champion_and_final_placings_put_the_top_cut_above_the_swiss(client):
    tournament, organiser, _people, semis, final = _through_the_top_cut()
    assert bracket(tournament)["champion"] is None  # the final is not played yet
    play_round(final, organiser)
    snapshot_standings(tournament.pk)
    data = bracket(tournament)
    the_final = final.matches.get()
    assert data["champion"] == the_final.player_a  # play_round: player A wins 2–0
    places = data["placings"]
    assert [p["place"] for p in places] == list(range(1, 9))
    assert places[1]["player"] == the_final.player_b
    semi_losers = {m.player_b_id for m in semis.matches.all()}
    assert {places[2]["player"].pk, places[3]["player"].pk} == semi_losers
    assert all(p["stage"] == "Swiss" for p in places[4:])
    page = client.get(f"/tournaments/{tournament.pk}/bracket", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Champion: " + the_final.player_a.username in page and "Semi-final" in page
    standings = client.get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert standings.index("Final placings") < standings.index("Swiss standings")
