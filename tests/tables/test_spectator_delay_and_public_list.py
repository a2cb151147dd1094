"""An event's spectator delay at board tables (the page, its fragment, its socket's message and the API run
the organiser's delay behind; the event's overseers watch live), and ``/tables/`` read without a login."""

from __future__ import annotations

import datetime
import json
import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tables import access, consumers, engines, services
from tables.models import Entry, Table
from tests.matches.factories import MatchFactory, TournamentFactory, UserFactory
from tests.tables.conftest import store_random_play_until, two_side_table

pytestmark = pytest.mark.django_db(transaction=True)

DELAY = 60


@pytest.fixture
def event_table(frozen_clock):
    """A two-sided table of an event with a 60 s delay, its pairing featured (anyone watches); entries stored
    now, the first ``shown`` of them older than the delay; (table, organiser, shown, clock)."""
    alice, bob, organiser = UserFactory(), UserFactory(), UserFactory()
    table = two_side_table(alice, bob)
    store_random_play_until(table, lambda s: len(s.history) > 30, random.Random(3))
    table.refresh_from_db()
    tournament = TournamentFactory(organisers=[organiser], spectator_delay=DELAY, system=table.system)
    MatchFactory(tournament=tournament, player_a=alice, player_b=bob, board_table=table, featured=True)
    now = timezone.now()
    shown = table.steps - 5
    Entry.objects.filter(table=table).update(created_at=now)
    Entry.objects.filter(table=table, n__lt=shown).update(created_at=now - datetime.timedelta(seconds=DELAY + 10))
    frozen_clock.at = now
    return table, organiser, shown, frozen_clock


def test_an_events_spectator_sees_the_table_as_it_was_the_delay_ago_on_the_page_the_fragment_and_the_api(
    event_table,
):
    table, _organiser, shown, _clock = event_table
    stranger = UserFactory()
    assert access.can_spectate(table, stranger) and access.spectator_delay(table, stranger) == DELAY
    client = Client()
    api = client.get(reverse("tables:api-watch", args=[table.pk])).json()
    assert api["step"] == shown and api["delay"] == DELAY and api["step"] < table.steps
    assert all(line["n"] < shown for line in api["feed"])
    then = services.load_state(table, shown)
    public = engines.observation(table.system, then, None) | {"pending": api["observation"]["pending"]}
    assert api["observation"] == json.loads(json.dumps(public))
    page = client.get(reverse("tables:watch", args=[table.pk])).content.decode()
    assert 'id="spectator-delay"' in page and "60" in page
    fragment = client.get(reverse("tables:watch-fragment", args=[table.pk]), {"v": api["version"]})
    assert fragment.status_code == 204  # nothing older than the delay changed since


def test_the_events_organiser_watches_live_without_the_delay(event_table):
    table, organiser, _shown, _clock = event_table
    client = Client()
    client.force_login(organiser)
    api = client.get(reverse("tables:api-watch", args=[table.pk])).json()
    assert access.spectator_delay(table, organiser) == 0
    assert api["step"] == table.steps and api["delay"] == 0


def test_the_delayed_view_catches_up_once_the_entries_are_older_than_the_delay(event_table):
    table, _organiser, _shown, clock = event_table
    clock.at += datetime.timedelta(seconds=DELAY + 1)
    assert Client().get(reverse("tables:api-watch", args=[table.pk])).json()["step"] == table.steps


def test_a_finished_game_shows_no_result_nor_seed_to_a_delayed_spectator_until_its_end_is_old_enough(event_table):
    table, _organiser, shown, clock = event_table
    player = table.seat_rows.get(index=0).user
    services.do_concede(player, table)
    table.refresh_from_db()
    Table.objects.filter(pk=table.pk).update(finished_at=clock.at)
    api = Client().get(reverse("tables:api-watch", args=[table.pk])).json()
    assert api["status"] == "playing" and api["result"] is None and "seed" not in api and api["step"] == shown
    page = Client().get(reverse("tables:watch", args=[table.pk])).content.decode()
    assert 'id="result"' not in page and str(table.seed) not in page
    clock.at += datetime.timedelta(seconds=DELAY + 1)
    api = Client().get(reverse("tables:api-watch", args=[table.pk])).json()
    assert api["status"] == "finished" and api["result"] and api["seed"] == table.seed


def test_a_delayed_spectators_socket_message_is_the_delayed_table(event_table):
    table, _organiser, shown, _clock = event_table
    consumer = consumers.TableWatchConsumer()
    consumer.match_id, consumer.user, consumer.language = table.pk, UserFactory(), "en"
    assert consumer.allowed() and consumer.delay == DELAY
    message = consumer.message(None)
    assert message is not None and message["step"] == shown and message["version"].endswith(".delayed")
    assert consumer.message(message["version"]) is None  # nothing newer to show yet


def test_a_public_table_of_no_event_has_no_delay():
    table = two_side_table(UserFactory(), UserFactory())
    Table.objects.filter(pk=table.pk).update(public=True)
    table.refresh_from_db()
    assert access.spectator_delay(table, None) == 0
    assert Client().get(reverse("tables:api-watch", args=[table.pk])).json()["step"] == table.steps


# --- /tables/ without a login ---------------------------------------------------------------------------------


def test_anyone_reads_the_tables_page_and_finds_the_public_tables_live_and_finished_but_no_private_one():
    live = two_side_table(UserFactory(), UserFactory())
    done = two_side_table(UserFactory(), UserFactory())
    private = two_side_table(UserFactory(), UserFactory())
    Table.objects.filter(pk__in=[live.pk, done.pk]).update(public=True)
    services.do_concede(done.seat_rows.get(index=0).user, done)
    answer = Client().get(reverse("tables:list"))
    assert answer.status_code == 200
    page = answer.content.decode()
    assert f'id="watch-row-{live.pk}"' in page and f'id="watch-row-{done.pk}"' in page
    assert f'id="watch-row-{private.pk}"' not in page
    assert 'id="create-form"' not in page and 'id="login-to-play"' in page and "登录后即可开桌或入座" in page


def test_setting_up_or_joining_a_table_still_needs_a_login_and_saves_nothing():
    table = services.do_create_table(UserFactory(), engines.board_systems()[0].id, 2)
    client = Client()
    answer = client.post(reverse("tables:create"), {"system": table.system, "seats": 2, "my_seat": 1, "bots": 0})
    assert answer.status_code == 302 and "login" in answer["Location"]
    answer = client.post(reverse("tables:join", args=[table.pk]), {"seat": 1})
    assert answer.status_code == 302 and "login" in answer["Location"]
    assert Table.objects.count() == 1 and table.seat_rows.filter(user__isnull=False).count() == 1


def test_a_signed_in_player_still_sees_the_new_table_form_and_the_open_tables():
    open_table = services.do_create_table(UserFactory(), engines.board_systems()[0].id, 2)
    client = Client()
    client.force_login(UserFactory())
    page = client.get(reverse("tables:list")).content.decode()
    assert 'id="create-form"' in page and f'id="table-row-{open_table.pk}"' in page and 'name="clock_minutes"' in page


def test_an_events_feature_table_reads_your_events_only_to_its_overseers_not_to_an_anonymous_visitor(event_table):
    """Issue 29 point 9: anonymous visitors read "your event's" on event tables in ``/tables/``."""
    table, organiser, _shown, _clock = event_table
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en").get("/tables/").content.decode()
    row = anonymous[anonymous.index(f'id="watch-row-{table.pk}"') :].split("</tr>")[0]
    assert "an event's feature table" in row and "your event" not in row
    overseer = Client(HTTP_ACCEPT_LANGUAGE="en")
    overseer.force_login(organiser)
    page = overseer.get("/tables/").content.decode()
    row = page[page.index(f'id="watch-row-{table.pk}"') :].split("</tr>")[0]
    assert "your event's" in row
