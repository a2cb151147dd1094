"""Spectators (matches.access.can_spectate, matches.presenters.watch, matches.views_watch): anyone watches a
public game, a tournament's feature tables are listed, organisers and judges watch every table of their
event, and a tournament's spectator delay shows only entries older than it (a set clock, no sleeping)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from junling.models import AuditEvent
from matches import access
from matches.models import Match, RefereedEntry
from matches.presenters import watch
from matches.services.play import acting
from tests.matches.factories import TournamentFactory, UserFactory
from tests.matches.test_play_factories import human_match, state_of, winning_step

pytestmark = pytest.mark.django_db


def english() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def play(match, setup, n: int) -> None:
    for _ in range(n):
        state = state_of(match)
        seat = state.current_player()
        acting.do_act(match, setup[1] if seat == 0 else setup[2], winning_step(state, seat))


@pytest.fixture
def event_match(setup, organiser, judge):
    """A refereed match at table 3 of a tournament organised by ``organiser``, judged by ``judge``."""
    match = human_match(setup)
    tournament = TournamentFactory(format=setup[0], created_by=organiser, judges=[judge])
    tournament.organisers.add(organiser)
    Match.objects.filter(pk=match.pk).update(tournament=tournament, table=3)
    match.refresh_from_db()
    return match


def test_anyone_watches_a_public_game_and_sees_no_hand(setup):
    match = human_match(setup)
    play(match, setup, 6)
    state = state_of(match)
    for client in (english(), Client()):
        page = client.get(f"/watch/matches/{match.pk}/")
        assert page.status_code == 200
    html = english().get(f"/watch/matches/{match.pk}/").content.decode()
    assert 'data-socket="/ws/watch/matches/' in html and "alice" in html and "bob" in html
    assert "Your hand" not in html
    view = watch.spectator_view(match, None, "en")
    for side in view["observation"]["sides"]:
        assert "hand" not in side and "pool" not in side
    assert [s["hand_size"] for s in view["observation"]["sides"]] == [len(state.hand[0]), len(state.hand[1])]
    assert view["feed"]  # the public feed: draws are "draws a card"
    assert all("draws" not in line or "a card" in line for line in view["feed"])
    listed = english().get("/watch/").content.decode()
    assert f"/watch/matches/{match.pk}/" in listed


def test_a_tournament_table_is_watched_by_its_organisers_and_judges_and_by_anyone_once_featured(
    event_match, organiser, judge
):
    match = event_match
    stranger = UserFactory(username="stranger")
    assert not access.can_spectate(match, None) and not access.can_spectate(match, stranger)
    assert access.can_spectate(match, organiser) and access.can_spectate(match, judge)
    assert english().get(f"/watch/matches/{match.pk}/").status_code == 404
    client = english()
    client.force_login(judge)
    assert client.get(f"/watch/matches/{match.pk}/").status_code == 200
    assert f"/watch/matches/{match.pk}/" in client.get("/watch/").content.decode()
    assert f"/watch/matches/{match.pk}/" not in english().get("/watch/").content.decode()
    # the organiser features it: anyone may watch it, and it is listed as a feature table
    client.force_login(organiser)
    page = client.get(f"/tournaments/{match.tournament_id}/spectators")
    assert page.status_code == 200 and f"/spectators/feature/{match.pk}" in page.content.decode()
    response = client.post(f"/tournaments/{match.tournament_id}/spectators/feature/{match.pk}", {"featured": "1"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.featured and AuditEvent.objects.filter(verb="match.feature").exists()
    assert english().get(f"/watch/matches/{match.pk}/").status_code == 200
    listed = english().get("/watch/").content.decode()
    assert f"/watch/matches/{match.pk}/" in listed and "feature table" in listed


def test_only_organisers_change_the_spectator_settings_and_bad_input_is_a_clear_400(event_match, organiser, judge):
    match = event_match
    tid = match.tournament_id
    client = english()
    client.force_login(judge)
    assert client.post(f"/tournaments/{tid}/spectators/delay", {"spectator_delay": "30"}).status_code == 403
    assert client.post(f"/tournaments/{tid}/spectators/feature/{match.pk}", {"featured": "1"}).status_code == 403
    client.force_login(organiser)
    for bad in ("-1", "x", "99999", ""):
        response = client.post(f"/tournaments/{tid}/spectators/delay", {"spectator_delay": bad})
        assert response.status_code == 400 and "delay" in response.content.decode()
    assert client.post(f"/tournaments/{tid}/spectators/delay", {"spectator_delay": "45"}).status_code == 302
    match.tournament.refresh_from_db()
    assert match.tournament.spectator_delay == 45


def test_a_delayed_spectator_sees_only_entries_older_than_the_delay(event_match, setup, organiser, frozen_clock):
    match = event_match
    Match.objects.filter(pk=match.pk).update(featured=True)
    match.tournament.spectator_delay = 60
    match.tournament.save()
    match.refresh_from_db()
    play(match, setup, 4)
    row_entries = list(RefereedEntry.objects.filter(game__refereed_match__match=match).order_by("n"))
    start = row_entries[0].created_at
    # Entries 0..k-1 are "old": move them back 2 minutes; the rest were made now.
    k = len(row_entries) - 3
    RefereedEntry.objects.filter(pk__in=[e.pk for e in row_entries[:k]]).update(
        created_at=start - datetime.timedelta(minutes=2)
    )
    from matches.models import RefereedGame

    RefereedGame.objects.filter(refereed_match__match=match).update(created_at=start - datetime.timedelta(minutes=3))
    frozen_clock.at = start + datetime.timedelta(seconds=1)
    assert access.spectator_delay(match, None) == 60 and access.spectator_delay(match, organiser) == 0
    delayed = watch.spectator_view(match, None, "en")
    assert delayed["step"] == k and delayed["delay"] == 60
    live = watch.spectator_view(match, organiser, "en")
    assert live["step"] == len(row_entries) and live["delay"] == 0
    assert "60 seconds late" in english().get(f"/watch/matches/{match.pk}/").content.decode()
    # a minute later, everything is old enough
    frozen_clock.at = start + datetime.timedelta(seconds=61)
    assert watch.spectator_view(match, None, "en")["step"] == len(row_entries)


def test_the_watch_table_fragment_answers_204_while_nothing_changed(setup):
    match = human_match(setup)
    client = english()
    version = watch.spectator_view(match, None, "en")["version"]
    assert client.get(f"/watch/matches/{match.pk}/table?v={version}").status_code == 204
    play(match, setup, 1)
    assert client.get(f"/watch/matches/{match.pk}/table?v={version}").status_code == 200


def test_a_public_line_is_what_both_seats_heard_or_the_one_that_names_no_card():
    same = [["narrate.end_turn", {"player": {"seat": 0}}]]
    assert watch.public_line([same, same]) == same
    mine = [["narrate.draw", {"player": {"seat": 0}, "card": {"card": 12}}]]
    theirs = [["narrate.draw", {"player": {"seat": 0}}]]
    assert watch.public_line([mine, theirs]) == theirs
    assert watch.public_line([theirs, mine]) == theirs
    assert watch.public_line([mine, [["x", {"cards": {"cards": [3]}}]]]) is None
