"""A seated player concedes a board table: only his own seat (another user, or another seat, is refused and
nothing is saved), the result by the system's scoring with him last, the log's end entry naming the concession,
an audit record and ``table_finished`` as any end."""

from __future__ import annotations

import json
import random

import pytest
from django.urls import reverse
from django.utils import translation

from junling.errors import NotAllowed
from junling.models import AuditEvent
from tables import engines, logs, services, signals
from tables.models import Table
from tests.tables.conftest import VP_MARGIN, play_moves, seat_user, three_seat_table, two_side_table


def nothing_saved(table: Table, steps: int) -> None:
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.steps == steps and not table.log and table.result is None
    assert not AuditEvent.objects.filter(verb="tables.concede").exists()


def end_entry(table: Table) -> dict:
    log = json.loads(table.log)
    return next(e for e in log["entries"] if e.get("actor") == "referee")


def test_a_user_not_seated_is_refused_clearly_and_nothing_is_saved(client, people):
    alice, bob, carol = people
    table = two_side_table(alice, bob)
    client.force_login(carol)
    answer = client.post(reverse("tables:concede", args=[table.pk]), {"confirm": "yes"})
    assert answer.status_code == 404  # a game in play is not shown to strangers at all
    with translation.override("en"), pytest.raises(NotAllowed) as refused:
        services.do_concede(carol, table)
    assert refused.value.code == "play.not_seated"
    assert "only a seat's player may concede" in str(refused.value.message)
    nothing_saved(table, table.steps)


def test_a_player_may_not_concede_another_seat(client, people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    client.force_login(alice)
    answer = client.post(
        reverse("tables:concede", args=[table.pk]), {"seat": 1, "confirm": "yes"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert answer.status_code == 403 and "only your own seat" in answer.content.decode()
    api = client.post(reverse("tables:api-concede", args=[table.pk]), {"seat": 1}, content_type="application/json")
    assert api.status_code == 403 and api.json()["error"]["code"] == "tables.not_your_seat"
    nothing_saved(table, table.steps)


def test_the_first_post_asks_and_changes_nothing_the_confirmed_one_concedes(client, people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    client.force_login(bob)
    page = client.get(reverse("tables:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'id="concede"' in page and "认输" in page
    asked = client.post(reverse("tables:concede", args=[table.pk]), {"seat": 1}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert asked.status_code == 200 and 'name="confirm" value="yes"' in asked.content.decode()
    nothing_saved(table, table.steps)
    done = client.post(reverse("tables:concede", args=[table.pk]), {"seat": 1, "confirm": "yes"})
    assert done.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    page = client.get(reverse("tables:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'id="ending"' in page and 'id="concede"' not in page


def test_a_two_sided_concession_is_a_loss_by_the_margin_or_one_point_logged_audited_and_reported(people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    play_moves(table, 6, random.Random(3))
    heard: list[int] = []

    def hear(sender, table, **kwargs):
        heard.append(table.pk)

    signals.table_finished.connect(hear, dispatch_uid="test-concession")
    try:
        services.do_concede(bob, table)  # the second side concedes
    finally:
        signals.table_finished.disconnect(dispatch_uid="test-concession")
    table.refresh_from_db()
    r = table.result
    assert table.status == Table.Status.FINISHED and heard == [table.pk]
    assert r["termination"] == engines.CONCESSION and r["winners"] == [0] and r["places"] == [1, 2]
    assert r["scores"][0] > r["scores"][1] and r["margin"] == r["scores"][0] - r["scores"][1] >= 1
    end = end_entry(table)
    assert end["action"]["result"]["termination"] == "concession"
    assert end["action"]["result"]["conceded_by"] == engines.system(table.system).sides[1]
    audit = AuditEvent.objects.get(verb="tables.concede")
    assert audit.actor == bob and audit.data["seat"] == 1
    read = logs.read_log(table.log.encode())
    assert read.chain_ok and read.signature_ok and read.problems == []
    replayed = engines.replay(
        table.system,
        engines.new_game(table.system, table.seats, table.map_hash, table.data_hash),
        read.seed,
        read.entries,
        committed=True,
    )
    assert replayed.first_illegal is None and replayed.applied == table.steps


def test_a_placement_concession_places_the_conceder_last_and_the_game_stops(client, people):
    alice, bob, _carol = people
    table = three_seat_table(alice, bob)
    services.do_concede(alice, table)
    table.refresh_from_db()
    r = table.result
    assert r["termination"] == "concession" and r["places"][0] == table.seats and 0 not in r["winners"]
    assert all(p < table.seats for p in r["places"][1:])
    assert end_entry(table)["action"]["result"]["conceded_by"] == 0
    steps = table.steps
    with pytest.raises(services.TableRefused):
        services.do_act(bob, table, {"type": "pass"}, steps)
    with pytest.raises(NotAllowed):
        services.do_concede(bob, table)
    assert services.do_play_bot_move(table.pk, steps) == services.STALE
    client.force_login(bob)
    with translation.override("zh-hans"):
        page = client.get(reverse("tables:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "认输" in page and 'id="controls"' not in page


def test_a_concession_at_an_events_tables_is_reported_to_the_pod_and_to_the_match():
    from matches.models import Match, Pod
    from matches.services import rounds
    from tests.matches.factories import pod_event

    tournament, organiser, _players = pod_event(3)
    rnd = rounds.publish_round(rounds.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.get()
    conceder = seat_user(pod.board_table, 1)
    services.do_concede(conceder, pod.board_table)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.FINISHED
    assert pod.seats.get(player=conceder).placement == 3  # last of three
    tournament, organiser, _players = pod_event(2, system=VP_MARGIN)
    rnd = rounds.publish_round(rounds.pair_next_round(tournament, organiser), organiser, on_tables=True)
    match = rnd.matches.exclude(board_table=None).get()
    table = match.board_table
    conceder = seat_user(table, 0)
    services.do_concede(conceder, table)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    mine, theirs = (match.vp_a, match.vp_b) if match.player_a_id == conceder.pk else (match.vp_b, match.vp_a)
    assert mine < theirs
