"""Tournament running pages: organiser admin, pairings, standings, my match, judge page, exports, ratings;
who may see and do what; nothing shows a decklist."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from junling.models import AuditEvent
from junling.pages import PAGE_SIZE
from matches import access
from matches.models import Match, Round, Tournament
from matches.services import rounds as services
from matches.services.results import report_result
from matches.services.scoring import snapshot_standings
from tests.matches.factories import (
    FormatFactory,
    UserFactory,
    play_round,
    published_round_in_bulk,
    running_tournament,
)

pytestmark = pytest.mark.django_db


def _published(players=4, **kw):
    tournament, organiser, people = running_tournament(players, **kw)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    return tournament, organiser, people, rnd


def test_creating_a_tournament_with_a_structure_from_the_page(client):
    fmt = FormatFactory()
    organiser = UserFactory()
    client.force_login(organiser)
    form = {"name": "Spring Cup", "format": fmt.pk, "best_of": "3", "structure": "swiss", "planned_rounds": "4"}
    response = client.post("/tournaments/new", {**form, "top_cut": "8"})
    tournament = Tournament.objects.get(name="Spring Cup")
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tournament.pk}/admin"
    assert (tournament.structure, tournament.planned_rounds, tournament.top_cut) == ("swiss", 4, 8)
    assert access.can_organise(organiser, tournament)


@pytest.mark.parametrize(
    "bad", [{"top_cut": "5"}, {"structure": "ladder"}, {"planned_rounds": "x"}, {"format": "999999"}, {"name": ""}]
)
def test_creating_a_tournament_with_bad_input_is_400_and_saves_nothing(client, bad):
    fmt = FormatFactory()
    client.force_login(UserFactory())
    form = {
        "name": "Cup",
        "format": fmt.pk,
        "best_of": "3",
        "structure": "swiss",
        "planned_rounds": "0",
        "top_cut": "0",
    }
    response = client.post("/tournaments/new", {**form, **bad}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_admin_page_and_its_actions_are_for_organisers_only(client):
    tournament, _organiser, people = running_tournament(2)
    client.force_login(people[0])
    assert client.get(f"/tournaments/{tournament.pk}/admin").status_code == 403
    assert client.post(f"/tournaments/{tournament.pk}/admin/pair").status_code == 403
    assert not Round.objects.exists()


def test_the_organiser_pairs_reviews_and_publishes_from_the_admin_page(client):
    tournament, organiser, _people = running_tournament(4)
    client.force_login(organiser)
    assert client.post(f"/tournaments/{tournament.pk}/admin/pair").status_code == 302
    rnd = Round.objects.get()
    page = client.get(f"/tournaments/{tournament.pk}/admin").content.decode()
    assert "draft-round" in page and 'name="pairs"' in page
    assert client.post(f"/tournaments/{tournament.pk}/admin/publish").status_code == 302
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED


def test_an_admin_action_that_breaks_the_state_is_a_400_with_the_message(client):
    tournament, organiser, _people = running_tournament(2)
    client.force_login(organiser)
    response = client.post(f"/tournaments/{tournament.pk}/admin/publish", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "There is no draft round." in response.content.decode()


def test_hand_pairing_on_the_page_shows_every_warning_and_saves_only_when_confirmed(client):
    tournament, organiser, _people = running_tournament(4, rounds=3)
    r1 = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(r1, organiser)
    text = "\n".join(f"{m.player_a.username} {m.player_b.username}" for m in r1.matches.order_by("table"))
    client.force_login(organiser)
    url = f"/tournaments/{tournament.pk}/admin/hand"
    response = client.post(url, {"pairs": text}, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 400 and html.count('data-problem="rematch"') == 2 and 'name="confirm"' in html
    assert not tournament.rounds.filter(number=2).exists()
    assert client.post(url, {"pairs": text, "confirm": "on"}).status_code == 302
    assert tournament.rounds.get(number=2).matches.count() == 2


def test_in_chinese_hand_pairing_warnings_and_the_round_notes_name_the_players_in_chinese(client):
    tournament, organiser, _people = running_tournament(4, rounds=3)
    r1 = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(r1, organiser)
    first = r1.matches.order_by("table").first()
    a, b = first.player_a, first.player_b
    text = "\n".join(f"{m.player_a.username} {m.player_b.username}" for m in r1.matches.order_by("table"))
    client.force_login(organiser)
    url = f"/tournaments/{tournament.pk}/admin/hand"
    html = client.post(url, {"pairs": text}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    said = f"第 1 桌：{a.username} 与 {b.username} 已经交过手"
    assert said in html and f"{a.pk!r} and" not in html
    client.post(url, {"pairs": text, "confirm": "on"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    page = client.get(f"/tournaments/{tournament.pk}/admin", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert said in page
    english = client.get(f"/tournaments/{tournament.pk}/admin", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"table 1: {a.username} and {b.username} have already played" in english


def test_hand_pairing_naming_an_unregistered_player_says_which_line(client):
    tournament, organiser, people = running_tournament(2)
    client.force_login(organiser)
    response = client.post(
        f"/tournaments/{tournament.pk}/admin/hand",
        {"pairs": f"{people[0].username} {people[1].username}\nnobody bye"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400 and "Line 2: nobody is not registered" in response.content.decode()


def test_a_draft_round_is_hidden_from_players_and_shown_to_organisers_with_points(client):
    tournament, organiser, people = running_tournament(4)
    services.pair_next_round(tournament, organiser)
    client.force_login(people[0])
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.csv").status_code == 404
    client.force_login(organiser)
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/").status_code == 200


def test_the_pairings_page_lists_every_table_and_paginates(client):
    tournament, _o, people, rnd = _published(4)
    html = client.get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert all(p.username in html for p in people)
    assert html.count("data-match=") == rnd.matches.count()


def test_a_player_reports_on_my_match_and_the_opponents_same_report_finishes_it(client):
    tournament, _o, _people, rnd = _published(2)
    match = rnd.matches.get()
    a, b = match.player_a, match.player_b
    client.force_login(a)
    page = client.get(f"/tournaments/{tournament.pk}/my-match").content.decode()
    assert b.username in page and 'name="games_won_a"' in page
    assert (
        client.post(f"/tournaments/{tournament.pk}/my-match", {"games_won_a": 2, "games_won_b": 1}).status_code == 302
    )
    client.force_login(b)
    client.post(f"/tournaments/{tournament.pk}/my-match", {"games_won_a": 2, "games_won_b": 1, "games_drawn": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result_source == Match.Source.REPORTED


def test_an_impossible_report_on_my_match_is_400_with_the_reason(client):
    tournament, _o, _people, rnd = _published(2)
    client.force_login(rnd.matches.get().player_a)
    response = client.post(
        f"/tournaments/{tournament.pk}/my-match", {"games_won_a": 5, "games_won_b": 0}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400 and "at most 2 games" in response.content.decode()


def test_the_judge_page_lists_disputes_for_judges_and_a_judge_resolves_one(client):
    judge = UserFactory()
    tournament, _o, _people, rnd = _published(2)
    tournament.judges.add(judge)
    match = rnd.matches.get()
    report_result(match, match.player_a, 2, 0)
    report_result(match, match.player_b, 0, 2)
    client.force_login(match.player_a)
    assert client.get(f"/tournaments/{tournament.pk}/judge").status_code == 403
    client.force_login(judge)
    html = client.get(f"/tournaments/{tournament.pk}/judge").content.decode()
    assert f'data-match="{match.pk}"' in html
    client.post(f"/matches/{match.pk}/resolve", {"games_won_a": 2, "games_won_b": 1, "note": "video"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result_source == Match.Source.JUDGE


def test_an_organiser_overrides_from_the_pairings_page_with_an_audit_record(client):
    tournament, organiser, _people, rnd = _published(2)
    match = rnd.matches.get()
    client.force_login(organiser)
    response = client.post(
        f"/matches/{match.pk}/override",
        {"games_won_a": 0, "games_won_b": 2, "next": f"/tournaments/{tournament.pk}/rounds/1/"},
    )
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tournament.pk}/rounds/1/"
    assert AuditEvent.objects.filter(verb="match.override", target_id=str(match.pk), actor=organiser).exists()


def test_a_player_cannot_override_from_the_page(client):
    _t, _o, _people, rnd = _published(2)
    match = rnd.matches.get()
    client.force_login(match.player_a)
    assert client.post(f"/matches/{match.pk}/override", {"games_won_a": 2, "games_won_b": 0}).status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_standings_page_shows_the_latest_snapshot_and_polls_with_htmx(client):
    tournament, organiser, _people, rnd = _published(4)
    play_round(rnd, organiser)
    snapshot_standings(tournament.pk)
    html = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert 'hx-trigger="every 5s"' in html and html.count('class="points"') == 4
    partial = client.get(f"/tournaments/{tournament.pk}/standings/", HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and partial.count('class="points"') == 4


def test_pairings_csv_and_json_exports_carry_every_table(client):
    tournament, organiser, _people, rnd = _published(5)
    play_round(rnd, organiser)
    response = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert response["Content-Type"].startswith("text/csv") and len(rows) == 3
    assert [r["bye"] for r in rows].count("True") == 1
    data = json.loads(client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.json").content)
    assert data["round"] == 1 and len(data["pairings"]) == 3
    assert {r["player_a"] for r in data["pairings"]} == {r["player_a"] for r in rows}


def test_standings_csv_and_json_exports_match_the_snapshot(client):
    tournament, organiser, _people, rnd = _published(4)
    play_round(rnd, organiser)
    snapshot = snapshot_standings(tournament.pk)
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"/tournaments/{tournament.pk}/standings.csv").content.decode("utf-8-sig"))
        )
    )
    assert [r["name"] for r in rows] == [r["name"] for r in snapshot.rows]
    data = json.loads(client.get(f"/tournaments/{tournament.pk}/standings.json").content)
    swiss = [{k: v for k, v in r.items() if k not in ("final_place", "reached")} for r in data["standings"]]
    assert swiss == snapshot.rows


def test_no_tournament_page_shows_a_decklist_to_the_public(client):
    tournament, organiser, _people, rnd = _published(2)
    play_round(rnd, organiser)
    snapshot_standings(tournament.pk)
    for url in (
        f"/tournaments/{tournament.pk}/rounds/1/",
        f"/tournaments/{tournament.pk}/standings/",
        f"/tournaments/{tournament.pk}/standings.json",
        f"/tournaments/{tournament.pk}/rounds/1/pairings.json",
    ):
        assert "关羽" not in client.get(url).content.decode(), url


def test_the_ratings_leaderboard_and_a_players_history_chart(client, django_capture_on_commit_callbacks):
    tournament, organiser, _people, rnd = _published(2, rounds=1)
    play_round(rnd, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        services.finish_tournament(tournament, organiser)
    winner = rnd.matches.get().player_a
    board = client.get("/ratings/").content.decode()
    assert board.index(winner.username) < board.index(rnd.matches.get().player_b.username)
    history = client.get(f"/ratings/{winner.username}/").content.decode()
    assert "<svg" in history and tournament.name in history
    assert client.get("/ratings/nobody-at-all/").status_code == 404


def test_the_organiser_invites_from_the_admin_page_and_the_player_enters_with_his_own_deck(client):
    from matches.models import Invitation

    tournament, organiser, _people, rnd = _published(4)
    play_round(rnd, organiser)
    late = UserFactory()
    from tests.decks.factories import make_deck

    version = make_deck(late, tournament.format).latest_version()
    client.force_login(organiser)
    assert client.post(f"/tournaments/{tournament.pk}/admin/invite", {"player": late.username}).status_code == 302
    assert not Match.objects.filter(player_a=late).exists()  # invited, not entered
    invitation = Invitation.objects.get(player=late, status=Invitation.Status.PENDING)
    assert client.post(f"/invitations/{invitation.pk}/accept", {"deck_version": version.pk}).status_code == 404
    client.force_login(late)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f"/invitations/{invitation.pk}/accept" in page
    assert client.post(f"/invitations/{invitation.pk}/accept", {"deck_version": version.pk}).status_code == 302
    assert Match.objects.get(player_a=late).result_source == Match.Source.MISSED
    assert tournament.registrations.get(player=late).registered_by == late


def test_the_old_organiser_late_entry_action_is_gone(client):
    tournament, organiser, _people, _rnd = _published(2)
    late = UserFactory()
    client.force_login(organiser)
    response = client.post(f"/tournaments/{tournament.pk}/admin/late", {"player": late.username})
    assert response.status_code == 404
    assert not tournament.registrations.filter(player=late).exists()


def test_a_player_drops_from_my_match(client):
    tournament, _o, people, _rnd = _published(2)
    client.force_login(people[0])
    asked = client.post(f"/tournaments/{tournament.pk}/drop")
    assert asked.status_code == 200 and 'name="confirm" value="yes"' in asked.content.decode()
    assert not tournament.registrations.get(player=people[0]).dropped  # asked first, nothing changed
    assert client.post(f"/tournaments/{tournament.pk}/drop", {"confirm": "yes"}).status_code == 302
    assert tournament.registrations.get(player=people[0]).dropped


def test_an_unknown_admin_action_is_404(client):
    tournament, organiser, _people = running_tournament(2)
    client.force_login(organiser)
    assert client.post(f"/tournaments/{tournament.pk}/admin/explode").status_code == 404


@pytest.mark.parametrize(
    "action,data,message",
    [
        ("structure", {"structure": "swiss", "planned_rounds": "x"}, "Swiss rounds"),
        ("structure", {"structure": "ladder"}, "Structure"),
        ("drop", {"player": ""}, "Player"),
        ("drop", {"player": "nobody"}, "There is no player named nobody."),
        ("invite", {"player": "nobody"}, "There is no player named nobody."),
        ("hand", {"pairs": ""}, "Pairings"),
        ("hand", {"pairs": "a b c"}, "Line 1"),
    ],
)
def test_bad_input_to_an_admin_action_is_a_400_naming_the_field_and_changes_nothing(client, action, data, message):
    tournament, organiser, _people = running_tournament(2)
    client.force_login(organiser)
    before = AuditEvent.objects.count()
    response = client.post(f"/tournaments/{tournament.pk}/admin/{action}", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and message in response.content.decode()
    assert AuditEvent.objects.count() == before and not Round.objects.exists()


@pytest.mark.parametrize(
    "data", [{}, {"games_won_a": "x", "games_won_b": "0"}, {"games_won_a": "3", "games_won_b": "0"}]
)
def test_a_bad_override_is_shown_back_and_saves_nothing(client, data):
    _tournament, organiser, _people, rnd = _published(2)
    match = rnd.matches.get()
    client.force_login(organiser)
    response = client.post(f"/matches/{match.pk}/override", data, HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert response.status_code == 200 and response.redirect_chain[0][1] == 302
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_only_judges_resolve_and_only_organisers_override(client):
    _tournament, _organiser, people, rnd = _published(2)
    match = rnd.matches.get()
    client.force_login(people[0])
    assert client.post(f"/matches/{match.pk}/override", {"games_won_a": 2, "games_won_b": 0}).status_code == 403
    assert client.post(f"/matches/{match.pk}/resolve", {"games_won_a": 2, "games_won_b": 0}).status_code == 403
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_a_bad_report_on_my_match_is_a_400_naming_the_field(client):
    tournament, _o, _people, rnd = _published(2)
    client.force_login(rnd.matches.get().player_a)
    response = client.post(f"/tournaments/{tournament.pk}/my-match", {"games_won_a": "two"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and "Games won by player A" in response.content.decode()
    assert not rnd.matches.get().reports.exists()


def test_the_ratings_page_does_not_tell_whether_an_unrated_user_name_exists(client, django_user_model):
    django_user_model.objects.create_user("quiet-player")
    known = client.get("/ratings/quiet-player/")
    unknown = client.get("/ratings/nobody-at-all/")
    assert known.status_code == unknown.status_code == 404

    def main(response, name: str) -> str:
        html = response.content.decode().replace(name, "")
        return html[html.index("<main") : html.index("</main>")]

    assert main(known, "quiet-player") == main(unknown, "nobody-at-all")


def test_the_leaderboard_shows_one_game_at_a_time_and_names_an_unknown_game(client, django_user_model):
    from matches.models import Rating

    card, board = (
        django_user_model.objects.create(username="cardplayer"),
        django_user_model.objects.create(username="boardplayer"),
    )
    Rating.objects.create(player=card, mu=25.0, sigma=8.0, ordinal=1.0, matches=1)
    Rating.objects.create(player=board, system="longhu", mu=25.0, sigma=8.0, ordinal=1.0, matches=1)
    default = client.get("/ratings/").content.decode()
    longhu = client.get("/ratings/?game=longhu").content.decode()
    assert "cardplayer" in default and "boardplayer" not in default
    assert "boardplayer" in longhu and "cardplayer" not in longhu and 'aria-current="page">龙虎三国志' in longhu
    unknown = client.get("/ratings/?game=chess")
    assert unknown.status_code == 404 and "chess" in unknown.content.decode()
    both = client.get("/ratings/boardplayer/").content.decode()
    assert 'id="rating-longhu"' in both and 'id="rating-generals-order"' not in both  # only his games


def _pairings_page_queries(client, players, organiser):
    tournament, rnd = published_round_in_bulk(players, organiser)
    client.force_login(organiser)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/tournaments/{tournament.pk}/rounds/{rnd.number}/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    html = response.content.decode()
    shown = min(players // 2, PAGE_SIZE)
    assert html.count("data-match=") == shown and len(set(re.findall(r"显名\d{5}", html))) == 2 * shown
    return len(queries)


def test_the_pairings_page_makes_as_many_queries_at_1000_players_as_at_10_issue_28(client, organiser):
    """The players' profiles come in the matches' query (no query a player shown, the N+1 of issue 28)."""
    assert _pairings_page_queries(client, 10, organiser) == _pairings_page_queries(client, 1000, organiser)


def _champion_decided(players: int = 4):
    """A single-elimination event of ``players`` played to its final (player A wins every match)."""
    tournament, organiser, people, rnd = _published(players, structure=Tournament.Structure.SINGLE_ELIMINATION)
    while True:
        play_round(rnd, organiser)
        snapshot_standings(tournament.pk)
        if rnd.matches.count() == 1:
            return tournament, organiser, people, rnd
        rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)


def test_the_standings_csv_carries_each_players_final_place_and_the_stage_he_reached(client):
    tournament, _organiser, _people, final = _champion_decided(4)
    winner = final.matches.get().player_a.username
    rows = list(
        csv.DictReader(
            io.StringIO(
                client.get(f"/tournaments/{tournament.pk}/standings.csv", HTTP_ACCEPT_LANGUAGE="en").content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    assert sorted(int(r["final_place"]) for r in rows) == [1, 2, 3, 4]
    assert next(r for r in rows if r["final_place"] == "1")["name"] == winner
    assert next(r for r in rows if r["final_place"] == "1")["reached"] == "Champion"


def test_the_standings_json_names_the_champion_and_lists_the_final_placings_in_order(client):
    tournament, _organiser, people, final = _champion_decided(4)
    data = json.loads(client.get(f"/tournaments/{tournament.pk}/standings.json").content)
    assert data["champion"] == final.matches.get().player_a.username
    assert [p["place"] for p in data["placings"]] == [1, 2, 3, 4]
    assert data["placings"][1]["name"] == final.matches.get().player_b.username
    assert {p["name"] for p in data["placings"]} == {u.username for u in people}


def test_the_standings_api_names_the_champion_and_lists_the_final_placings_as_the_export_does(client):
    tournament, _organiser, _people, final = _champion_decided(4)
    api = client.get(f"/api/tournaments/{tournament.pk}/standings", HTTP_ACCEPT_LANGUAGE="en").json()
    export = json.loads(client.get(f"/tournaments/{tournament.pk}/standings.json").content)
    assert api["champion"] == final.matches.get().player_a.username == export["champion"]
    assert [(p["place"], p["name"]) for p in api["placings"]] == [(p["place"], p["name"]) for p in export["placings"]]
    assert api["placings"][0]["reached"] == "Champion"


def test_a_swiss_without_a_bracket_exports_no_champion_and_empty_final_places(client):
    tournament, organiser, _people, rnd = _published(4)
    play_round(rnd, organiser)
    snapshot_standings(tournament.pk)
    data = json.loads(client.get(f"/tournaments/{tournament.pk}/standings.json").content)
    assert data["champion"] is None and data["placings"] == []
    assert all(r["final_place"] is None for r in data["standings"])


def test_every_name_in_the_standings_and_the_final_placings_opens_the_players_page_even_unrated(client):
    tournament, _organiser, people, _final = _champion_decided(4)
    Tournament.objects.filter(pk=tournament.pk).update(rated=False)
    page = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert "/ratings/player" not in page
    for user in people:
        link = f'href="/players/{user.username}/"'
        assert page.count(link) == 2, user.username  # the final placings and the Swiss table
        assert client.get(f"/players/{user.username}/").status_code == 200


@pytest.mark.parametrize("rated", [True, False])
def test_finishing_says_ratings_are_updated_only_for_a_rated_event(client, rated):
    tournament, organiser, _people, rnd = _published(2, rated=rated)
    play_round(rnd, organiser)
    client.force_login(organiser)
    response = client.post(
        f"/tournaments/{tournament.pk}/admin/finish", {"confirm": "yes"}, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    page = response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    assert ("ratings are being updated" in page) is rated
    assert ("It was unrated: no rating changes." in page) is not rated


def test_player_b_reads_his_own_report_from_his_side_not_as_a_and_b(client):
    tournament, _o, _people, rnd = _published(2)
    match = rnd.matches.get()
    report_result(match, match.player_b, 0, 2)  # B won both
    client.force_login(match.player_b)
    page = client.get(f"/tournaments/{tournament.pk}/my-match", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "You reported: you won 2, your opponent won 0, 0 drawn" in page
    assert "A–B–drawn" not in page


def test_the_admin_page_offers_the_top_cut_in_words_not_bare_numbers(client):
    from matches.services import registration

    organiser = UserFactory()
    tournament = registration.create_tournament(organiser, name="Cup", format=FormatFactory())
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/admin", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    select = page.split('name="top_cut"')[1].split("</select>")[0]
    assert "No top cut" in select and "Top 4" in select and "Top 8" in select
    assert ">0<" not in select and ">4<" not in select
