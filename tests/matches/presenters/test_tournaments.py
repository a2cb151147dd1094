"""matches.presenters.tournaments: what the tournament pages show, built without writing anything."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from matches.models import Match, Round
from matches.presenters import tournaments as presenters
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from matches.services.standings import latest_snapshot
from tests.matches.factories import TournamentFactory, UserFactory, deck_version, play_round, running_tournament

pytestmark = pytest.mark.django_db


def test_the_tournament_page_gives_a_decklist_only_to_those_allowed(fmt, organiser):
    judge, player = UserFactory(), UserFactory()
    tournament = TournamentFactory(format=fmt, created_by=organiser, judges=[judge])
    registration_services.register_deck(player, tournament, deck_version(player, fmt))
    public = presenters.tournament_page(AnonymousUser(), tournament)
    assert [(r["can_view"], r["decklist"]) for r in public["rows"]] == [(False, "")]
    assert not public["is_organiser"] and not public["can_see_disputes"]
    own = presenters.tournament_page(player, tournament)
    assert own["rows"][0]["decklist"] and own["my_registration"].player == player
    assert own["my_versions"] and own["registration_open"]
    assert presenters.tournament_page(judge, tournament)["can_see_disputes"]


def test_the_admin_page_counts_tables_and_prefills_the_draft_for_hand_pairing():
    tournament, organiser, _people = running_tournament(5)
    draft = services.pair_next_round(tournament, organiser)
    page = presenters.admin_page(organiser, tournament)
    assert page["draft"] == draft and (page["players"], page["active_players"]) == (5, 5)
    [rnd] = page["rounds"]
    assert (rnd.tables, rnd.finished_tables, rnd.disputed) == (3, 1, 0)  # the bye is finished at once
    lines = page["pairs_text"].splitlines()
    assert len(lines) == 3 and lines[-1].endswith(" bye")
    assert presenters.admin_page(organiser, tournament, pairs_text="kept")["pairs_text"] == "kept"


def test_the_pairings_page_filters_by_name_and_shows_points_only_under_review():
    tournament, organiser, people = running_tournament(4, rounds=3)
    play_round(services.publish_round(services.pair_next_round(tournament, organiser), organiser), organiser)
    snapshot_standings(tournament.pk)
    draft = services.pair_next_round(tournament, organiser)
    page = presenters.pairings_page(organiser, tournament, draft, query="", page=None)
    assert page["points"] and page["is_organiser"] and len(page["page"]) == 2
    assert sorted(m.points_a + m.points_b for m in page["page"]) == [0, 6]  # winners meet winners
    name = people[0].username
    filtered = presenters.pairings_page(AnonymousUser(), tournament, draft, query=name, page=None)
    assert [m for m in filtered["page"] if name in (m.player_a.username, m.player_b.username)]
    assert len(filtered["page"]) == 1 and not filtered["is_organiser"]
    published = Round.objects.get(tournament=tournament, number=1)
    assert not presenters.pairings_page(organiser, tournament, published, query="", page=None)["points"]


def test_the_standings_page_filters_the_snapshot_rows():
    tournament, organiser, people = running_tournament(4)
    play_round(services.publish_round(services.pair_next_round(tournament, organiser), organiser), organiser)
    snapshot_standings(tournament.pk)
    assert len(presenters.standings_page(tournament, query="", page=None)["page"]) == 4
    only = presenters.standings_page(tournament, query=people[2].username.upper(), page=None)["page"]
    assert [r["name"] for r in only] == [people[2].username]


def test_exports_list_every_table_and_the_latest_standings():
    tournament, organiser, _people = running_tournament(3)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    rows = presenters.pairings_export(tournament, rnd)["pairings"]
    assert [r["table"] for r in rows] == [1, 2] and rows[-1]["bye"] and rows[-1]["player_b"] == ""
    play_round(rnd, organiser)
    snapshot_standings(tournament.pk)
    data = presenters.standings_export(tournament, latest_snapshot(tournament))
    assert data["round"] == 1 and len(data["standings"]) == 3
    assert presenters.standings_export(tournament, None) == {
        "tournament": tournament.pk,
        "round": 0,
        "computed_at": None,
        "standings": [],
        "placings": [],
        "champion": None,
    }


def test_a_players_match_is_his_latest_published_one():
    tournament, organiser, people = running_tournament(2, rounds=2)
    assert presenters.player_match(people[0], tournament) is None
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    match = presenters.player_match(people[0], tournament)
    assert match is not None and match.round == rnd
    assert presenters.player_match(AnonymousUser(), tournament) is None
    page = presenters.my_match_page(people[1], tournament, match)
    assert page["i_am_a"] is (match.player_a_id == people[1].pk) and page["registration"].player == people[1]


def test_the_judge_page_lists_disputed_matches():
    tournament, organiser, _people = running_tournament(2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    rnd.matches.update(status=Match.Status.DISPUTED)
    page = presenters.judge_page(organiser, tournament)
    assert len(page["disputed"]) == 1 and not page["is_judge"]
