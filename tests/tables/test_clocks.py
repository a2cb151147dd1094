"""Time controls at board tables: set up (by a player, or from an event), kept on the table's row (so they
survive a restart), the seat to act's clock running, the increment when a seat's turn ends; a clock that ran
out loses the game as that seat's concession would (termination ``time`` in the result and the signed log),
applied by another seat's claim (a POST), the flagged seat's next action or the sweep, never by a GET."""

from __future__ import annotations

import datetime
import json
import random

import pytest
from django.test import Client
from django.urls import reverse

from junling import clocks
from junling.errors import NotAllowed
from junling.models import AuditEvent
from tables import engines, services
from tables.models import Table
from tests.matches.factories import UserFactory
from tests.tables.conftest import PLACEMENT, VP_MARGIN, seat_user

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs: the bots' and the outbox's tasks too

T0 = datetime.datetime(2030, 1, 1, 12, tzinfo=datetime.UTC)


@pytest.fixture
def frozen(frozen_clock):
    frozen_clock.at = T0
    return frozen_clock


def clocked(system: str, seats: int, people: list, minutes: int = 10, increment: int = 5, **kw) -> Table:
    table = services.do_create_table(
        people[0], system, seats, clock_total=minutes * 60, clock_increment=increment, **kw
    )
    for user in people[1:]:
        services.do_join_table(user, table)
    table.refresh_from_db()
    return table


def end_entry(table: Table) -> dict:
    return next(e for e in json.loads(table.log)["entries"] if e.get("actor") == "referee")


def run_out(table: Table, frozen) -> int:
    """Move time past the running clock's end; the seat whose clock ran out."""
    table.refresh_from_db()
    frozen.at = clocks.flag_due(table) + datetime.timedelta(seconds=1)
    return table.clock_running


def test_a_table_set_up_with_a_time_control_gives_every_seat_the_total_and_runs_the_clock_of_the_seat_to_act(
    frozen,
):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    assert (table.clock_total, table.clock_increment) == (600, 5)
    assert table.clock_remaining == [600.0, 600.0]
    assert table.clock_running == engines.actor(services.load_state(table)) and table.clock_since == T0
    frozen.at = T0 + datetime.timedelta(seconds=90)
    left = clocks.remaining(table)
    assert left[table.clock_running] == 510.0 and left[1 - table.clock_running] == 600.0
    record = AuditEvent.objects.get(verb="tables.create", target_id=str(table.pk))
    assert record.data["clock"] == [600, 5]


def test_the_clocks_survive_a_restart_they_are_read_back_from_the_stored_row(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    services._STATES.clear()  # a new process: nothing remembered
    again = Table.objects.get(pk=table.pk)
    frozen.at = T0 + datetime.timedelta(seconds=30)
    assert clocks.remaining(again)[again.clock_running] == 570.0


def test_each_action_charges_the_clock_and_a_seat_whose_turn_ends_gains_the_increment(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob], increment=7)
    rng = random.Random(4)
    handed_over = 0
    for _ in range(300):
        table.refresh_from_db()
        seat, before = table.clock_running, list(table.clock_remaining)
        frozen.at += datetime.timedelta(seconds=10)
        state = services.load_state(table)
        services.do_act(seat_user(table, seat), table, rng.choice(engines.legal(state)).to_json(), table.steps)
        table.refresh_from_db()
        expected = list(before)
        expected[seat] = before[seat] - 10 + (7 if table.clock_running != seat else 0)
        assert table.clock_remaining == expected
        handed_over += table.clock_running != seat
        if handed_over >= 2:
            break
    assert handed_over >= 2, "no turn ended: the increment was never tested"


def test_a_time_control_out_of_bounds_is_refused_by_the_service_and_no_table_is_saved():
    alice = UserFactory()
    with pytest.raises(services.TableRefused) as refused:
        services.do_create_table(alice, VP_MARGIN, 2, clock_total=30)
    assert refused.value.code == "play.clock"
    with pytest.raises(services.TableRefused):
        services.do_create_table(alice, VP_MARGIN, 2, clock_total=600, clock_increment=601)
    assert not Table.objects.exists() and not AuditEvent.objects.filter(verb="tables.create").exists()


def test_the_new_table_form_refuses_a_time_control_out_of_bounds_in_chinese_and_saves_nothing():
    client = Client()
    client.force_login(UserFactory())
    answer = client.post(
        reverse("tables:create"),
        {"system": VP_MARGIN, "seats": 2, "my_seat": 1, "bots": 0, "clock_minutes": 999, "clock_increment": "x"},
    )
    assert answer.status_code == 400
    text = answer.content.decode()
    assert "每方分钟数" in text and "确保该值小于或等于180" in text.replace(" ", "")
    assert not Table.objects.exists()


def test_the_new_table_form_sets_up_a_clocked_table_in_minutes_and_seconds():
    client = Client()
    alice = UserFactory()
    client.force_login(alice)
    answer = client.post(
        reverse("tables:create"),
        {"system": VP_MARGIN, "seats": 2, "my_seat": 1, "bots": 0, "clock_minutes": 15, "clock_increment": 10},
    )
    assert answer.status_code == 302
    table = Table.objects.get()
    assert (table.clock_total, table.clock_increment, table.clock_remaining) == (900, 10, None)  # not started


def test_every_seat_and_the_spectator_see_the_clocks(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob], public=True)
    for user in (alice, bob):
        client = Client()
        client.force_login(user)
        page = client.get(reverse("tables:table", args=[table.pk])).content.decode()
        assert 'id="clocks"' in page and "10+5" in page and "10:00" in page and "data-clock=" in page
    watch = Client().get(reverse("tables:watch", args=[table.pk])).content.decode()
    assert 'id="clocks"' in watch and "10:00" in watch
    api = Client().get(reverse("tables:api-watch", args=[table.pk])).json()
    assert api["clock"]["control"] == "10+5" and len(api["clock"]["seats"]) == 2


def test_reading_the_page_after_a_clock_ran_out_writes_nothing_and_offers_the_claim_to_the_other_seat(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    out = run_out(table, frozen)
    audits = AuditEvent.objects.count()
    other, flagged = Client(), Client()
    other.force_login(seat_user(table, 1 - out))
    flagged.force_login(seat_user(table, out))
    page = other.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert 'id="claim"' in page and 'id="flagged"' in page
    assert 'id="claim"' not in flagged.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert other.get(reverse("tables:api-table", args=[table.pk])).json()["clock"]["can_claim"] is True
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and AuditEvent.objects.count() == audits


def test_another_seat_claims_the_game_on_time_and_the_flagged_side_loses_by_at_least_one_point(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    out = run_out(table, frozen)
    claimer = Client()
    claimer.force_login(seat_user(table, 1 - out))
    assert claimer.post(reverse("tables:claim", args=[table.pk])).status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.clock_running is None
    assert table.result["termination"] == "time" and table.result["winners"] == [1 - out]
    assert table.result["scores"][1 - out] > table.result["scores"][out]
    side = engines.system(VP_MARGIN).sides[out]
    assert end_entry(table)["action"]["result"]["out_of_time"] == side
    assert end_entry(table)["action"]["result"]["termination"] == "time"
    assert AuditEvent.objects.filter(verb="tables.claim_time", target_id=str(table.pk)).count() == 1
    assert AuditEvent.objects.get(verb="tables.flagged", target_id=str(table.pk)).data["seat"] == out
    page = claimer.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert "超时" in page


def test_a_seat_out_of_time_at_a_table_scored_by_placement_is_placed_last(frozen):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    table = clocked(PLACEMENT, 3, [alice, bob, carol])
    out = run_out(table, frozen)
    others = [s for s in range(3) if s != out]
    services.do_claim(seat_user(table, others[0]), table)
    table.refresh_from_db()
    assert table.result["places"][out] == 3 and out not in table.result["winners"]
    assert table.outcome["out_of_time"] == out and "conceded_by" not in table.outcome


def test_a_claim_while_every_clock_has_time_left_is_refused_and_changes_nothing(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    waiting = seat_user(table, 1 - table.clock_running)
    with pytest.raises(services.TableRefused) as refused:
        services.do_claim(waiting, table)
    assert refused.value.code == "play.nothing_to_claim"
    client = Client()
    client.force_login(waiting)
    answer = client.post(reverse("tables:api-claim", args=[table.pk]))
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "play.nothing_to_claim"
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and not AuditEvent.objects.filter(verb="tables.claim_time").exists()


def test_the_flagged_seat_cannot_claim_its_own_loss_and_a_stranger_may_not_claim_at_all(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    out = run_out(table, frozen)
    with pytest.raises(services.TableRefused):
        services.do_claim(seat_user(table, out), table)
    with pytest.raises(NotAllowed) as refused:
        services.do_claim(UserFactory(), table)
    assert refused.value.code == "play.not_seated"
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_the_flagged_seats_next_action_ends_the_game_on_time_and_is_refused(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = clocked(VP_MARGIN, 2, [alice, bob])
    out = run_out(table, frozen)
    steps = table.steps
    action = engines.legal(services.load_state(table))[0].to_json()
    with pytest.raises(services.TableRefused) as refused:
        services.do_act(seat_user(table, out), table, action, steps)
    assert refused.value.code == "tables.flagged"
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.steps == steps
    assert table.result["termination"] == "time" and table.result["winners"] == [1 - out]


def test_the_sweep_ends_every_table_whose_clock_ran_out_and_leaves_the_others(frozen):
    alice, bob, carol, dan = (UserFactory() for _ in range(4))
    late = clocked(VP_MARGIN, 2, [alice, bob], minutes=1)
    fine = clocked(VP_MARGIN, 2, [carol, dan], minutes=10)
    frozen.at = T0 + datetime.timedelta(seconds=120)
    assert services.do_sweep_table_clocks() == [late.pk]  # the outbox runs tables.flag_table on commit
    late.refresh_from_db()
    fine.refresh_from_db()
    assert late.status == Table.Status.FINISHED and late.result["termination"] == "time"
    assert fine.status == Table.Status.PLAYING
    assert services.do_flag_table(late.pk) == services.OVER  # idempotent
    assert services.do_flag_table(fine.pk) == services.NOT_DUE


def test_a_bot_whose_clock_ran_out_loses_on_time_when_its_task_runs(frozen):
    alice = UserFactory()
    bot = engines.bots(PLACEMENT)[0]
    table = services.do_create_table(alice, PLACEMENT, 2, bots=1, bot=bot, clock_total=60)
    table.refresh_from_db()
    rng = random.Random(2)
    for _ in range(200):  # play until the bot is to act, then stop its task from running in time
        table.refresh_from_db()
        if table.clock_running == 1 or table.status != Table.Status.PLAYING:
            break
        state = services.load_state(table)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(services.outbox, "enqueue", lambda *a, **k: None)  # the task is "lost"
            services.do_act(alice, table, rng.choice(engines.legal(state)).to_json(), table.steps)
    table.refresh_from_db()
    assert table.clock_running == 1 and table.status == Table.Status.PLAYING
    run_out(table, frozen)
    assert services.do_play_bot_move(table.pk, table.steps) == services.STALE
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.result["places"][1] == 2


def test_an_event_round_on_tables_takes_the_events_time_control():
    from matches.models import Tournament
    from matches.services import rounds
    from tests.matches.factories import pod_event

    tournament, organiser, _players = pod_event(3)
    Tournament.objects.filter(pk=tournament.pk).update(clock_total=1200, clock_increment=3)
    tournament.refresh_from_db()
    rnd = rounds.publish_round(rounds.pair_next_round(tournament, organiser), organiser, on_tables=True)
    table = rnd.pods.get().board_table
    assert (table.clock_total, table.clock_increment) == (1200, 3)
    assert table.clock_remaining == [1200.0] * 3 and table.clock_running is not None


# --- abandonment: the seat to act gone ------------------------------------------------------------------------


def test_another_seat_claims_the_game_when_the_seat_to_act_has_been_gone_and_it_loses_as_abandoned(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = two_seats_without_clock(alice, bob)
    gone = services.gone_seat  # read only: nobody is gone yet
    assert gone(table) is None
    to_act = engines.actor(services.load_state(table))
    frozen.at = T0 + datetime.timedelta(seconds=clocks.ABANDON_SECONDS)
    assert gone(table) == to_act
    claimer = Client()
    claimer.force_login(seat_user(table, 1 - to_act))
    page = claimer.get(reverse("tables:table", args=[table.pk])).content.decode()
    assert 'id="claim"' in page and "离开" in page
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING  # the GET wrote nothing
    assert claimer.post(reverse("tables:claim", args=[table.pk])).status_code == 302
    table.refresh_from_db()
    assert table.result["termination"] == "abandonment" and table.result["winners"] == [1 - to_act]
    side = engines.system(VP_MARGIN).sides[to_act]
    assert end_entry(table)["action"]["result"]["abandoned_by"] == side
    assert AuditEvent.objects.get(verb="tables.claim_abandonment", target_id=str(table.pk)).data["gone"] == to_act


def test_a_seat_that_said_it_is_here_cannot_be_claimed_as_gone(frozen):
    alice, bob = UserFactory(), UserFactory()
    table = two_seats_without_clock(alice, bob)
    to_act = engines.actor(services.load_state(table))
    frozen.at = T0 + datetime.timedelta(seconds=clocks.ABANDON_SECONDS - 1)
    here = Client()
    here.force_login(seat_user(table, to_act))
    assert here.post(reverse("tables:present", args=[table.pk])).status_code == 204
    frozen.at = T0 + datetime.timedelta(seconds=clocks.ABANDON_SECONDS + 10)
    assert services.gone_seat(table) is None
    with pytest.raises(services.TableRefused) as refused:
        services.do_claim(seat_user(table, 1 - to_act), table)
    assert refused.value.code == "play.nothing_to_claim"
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_a_seat_not_to_act_is_never_claimed_as_gone_and_a_bot_never_leaves(frozen):
    alice = UserFactory()
    table = services.do_create_table(alice, PLACEMENT, 2, bots=1, bot=engines.bots(PLACEMENT)[0])
    table.refresh_from_db()
    frozen.at = T0 + datetime.timedelta(days=1)
    if engines.actor(services.load_state(table)) == 0:  # alice is to act: she is gone, but no other person claims
        assert services.gone_seat(table) == 0
        with pytest.raises(services.TableRefused):
            services.do_claim(alice, table)
    else:
        assert services.gone_seat(table) is None


def two_seats_without_clock(alice, bob) -> Table:
    table = services.do_create_table(alice, VP_MARGIN, 2)
    services.do_join_table(bob, table)
    table.refresh_from_db()
    return table
