"""Board-game tables by their services: set-up, joining, the start when full, acting with the version check,
refusals with the rule, committed chance, bots, the end with the engine's result and the signed log."""

from __future__ import annotations

import json
import random

import pytest

from engine.log.sealing import commitment
from junling.errors import NotAllowed
from junling.models import AuditEvent
from tables import engines, services
from tables.models import Entry, Seat, Table
from tests.tables.conftest import (
    PLACEMENT,
    VP_MARGIN,
    play_moves,
    play_to_the_end,
    seat_user,
    three_seat_table,
    to_act,
    two_side_table,
)

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs: the bots' tasks move in-process


def test_a_table_waits_for_its_invited_player_and_starts_when_every_seat_is_filled(people):
    alice, bob, carol = people
    table = services.do_create_table(alice, PLACEMENT, 3, invited=[bob], bots=1, bot=engines.bots(PLACEMENT)[0])
    assert table.status == Table.Status.OPEN and table.seed is None and not Entry.objects.filter(table=table)
    with pytest.raises(services.TableRefused):
        services.do_join_table(carol, table)  # bob's seat is kept for him
    services.do_join_table(bob, table)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.commitment == commitment(table.seed, table.salt)
    assert [s.user or s.bot for s in Seat.objects.filter(table=table)] == [alice, bob, "random"]
    assert to_act(table) in (0, 1)  # chance and the bot ran on until a person is to act
    assert AuditEvent.objects.filter(verb="tables.start").count() == 1


def test_an_open_seat_is_taken_by_whoever_joins_first(people):
    alice, bob, carol = people
    table = services.do_create_table(alice, PLACEMENT, 2)
    services.do_join_table(carol, table)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and seat_user(table, 1) == carol
    with pytest.raises(services.TableRefused):
        services.do_join_table(bob, table)


def test_seat_count_outside_the_systems_range_is_refused(people):
    alice, _bob, _carol = people
    with pytest.raises(services.TableRefused):
        services.do_create_table(alice, VP_MARGIN, 3)
    with pytest.raises(services.TableRefused):
        services.do_create_table(alice, PLACEMENT, 5)


def test_the_same_form_sent_twice_applies_once_the_second_is_stale_and_changes_nothing(people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    state = services.load_state(table)
    seat = engines.actor(state)
    action = engines.legal(state)[0].to_json()
    step = table.steps
    services.do_act(seat_user(table, seat), table, action, step)
    table.refresh_from_db()
    after = (table.steps, Entry.objects.filter(table=table).count())
    with pytest.raises(services.TableRefused) as refused:
        services.do_act(seat_user(table, seat), table, action, step)
    assert refused.value.code == "play.stale"
    table.refresh_from_db()
    assert (table.steps, Entry.objects.filter(table=table).count()) == after


def test_acting_out_of_turn_is_refused(people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    waiting = 1 - to_act(table)
    state = services.load_state(table)
    with pytest.raises(services.TableRefused) as refused:
        services.do_act(seat_user(table, waiting), table, engines.legal(state)[0].to_json(), table.steps)
    assert refused.value.code == "play.not_your_turn"


def test_an_action_the_rules_do_not_offer_is_refused_with_the_rule_cited(people):
    alice, bob, _carol = people
    table = three_seat_table(alice, bob)
    seat = to_act(table)
    with pytest.raises(services.TableRefused) as refused:
        services.do_act(seat_user(table, seat), table, {"type": "pick", "choice": "nowhere"}, table.steps)
    assert refused.value.code == "play.illegal" and refused.value.params["rule"].startswith("§")


def test_a_player_cannot_send_a_chance_event_nor_act_at_a_table_he_does_not_play(people):
    alice, bob, carol = people
    table = two_side_table(alice, bob)
    seat = to_act(table)
    with pytest.raises(services.TableRefused) as refused:
        services.do_act(seat_user(table, seat), table, {"type": "roll", "value": 6}, table.steps)
    assert refused.value.code == "play.chance"
    with pytest.raises(NotAllowed):
        services.do_act(carol, table, {"type": "pass"}, table.steps)


def test_every_chance_entry_is_the_one_the_committed_seed_gives(people):
    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 12, random.Random(1))
    game = engines.new_game(table.system, table.seats, table.map_hash, table.data_hash)
    entries = [
        {"actor": a if a == "chance" else int(a), "action": x} for a, x in table.entries.values_list("actor", "action")
    ]
    assert any(e["actor"] == "chance" for e in entries)
    verdict = engines.replay(table.system, game, table.seed, entries, committed=True)
    assert verdict.first_illegal is None and verdict.applied == len(entries)


def test_the_bot_seat_acts_by_itself(people):
    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 30, random.Random(2))
    assert table.entries.filter(actor="2").exists()


def test_a_bot_seats_move_is_a_task_enqueued_on_commit_with_the_table_and_its_step(people):
    from junling.models import OutboxMessage

    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 30, random.Random(2))
    sent = list(OutboxMessage.objects.filter(task=services.PLAY_BOT_MOVE).values_list("args", flat=True))
    moves = table.entries.filter(actor="2").values_list("n", flat=True)
    assert sent and all(args[0] == table.pk for args in sent)
    assert sorted(args[1] for args in sent) == sorted(moves)  # one task a move, at the step it was due
    assert AuditEvent.objects.filter(verb="tables.bot_move", target_id=str(table.pk)).count() == len(moves)


def test_a_bot_task_delivered_again_or_after_the_game_moved_on_does_nothing(people):
    from junling.models import OutboxMessage

    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 30, random.Random(2))
    steps = table.steps
    for args in OutboxMessage.objects.filter(task=services.PLAY_BOT_MOVE).values_list("args", flat=True):
        assert services.do_play_bot_move(*args) == services.STALE
    table.refresh_from_db()
    assert table.steps == steps


def test_a_table_waiting_too_long_for_its_bots_lost_task_gets_it_again(people):
    import datetime

    from django.utils import timezone

    from junling.models import OutboxMessage

    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 30, random.Random(2))
    assert services.do_sweep_table_bots() == []  # a person is to act, or nothing waited long
    state = services.load_state(table)
    while engines.actor(state) != 2:  # store the people's moves (no task runs) until the bot is to act
        assert engines.actor(state) is not None
        action = engines.chance(state) if engines.actor(state) == engines.CHANCE else engines.legal(state)[0]
        Entry.objects.create(table=table, n=table.steps, actor=str(engines.actor(state)), action=action.to_json())
        state.apply(action)
        table.steps += 1
    table.save(update_fields=["steps"])
    later = timezone.now() + datetime.timedelta(seconds=services.STALL_SECONDS + 1)
    OutboxMessage.objects.all().delete()
    step = table.steps
    assert services.do_sweep_table_bots(at=later) == [table.pk]
    assert list(OutboxMessage.objects.values_list("args", flat=True))[:1] == [[table.pk, step]]
    assert Entry.objects.filter(table=table, n=step, actor="2").exists()  # the task ran on commit: it moved


def test_a_bot_task_at_a_cancelled_table_does_nothing(people):
    alice, bob, _carol = people
    table = services.do_create_table(alice, PLACEMENT, 3, invited=[bob], bots=1, bot=engines.bots(PLACEMENT)[0])
    services.do_cancel_table(alice, table)
    assert services.do_play_bot_move(table.pk, 0) == services.STALE


@pytest.mark.parametrize("system", [PLACEMENT, VP_MARGIN])
def test_the_last_action_ends_the_game_with_the_engines_result_and_a_signed_log(people, system):
    alice, bob, _carol = people
    table = three_seat_table(alice, bob) if system == PLACEMENT else two_side_table(alice, bob)
    table = play_to_the_end(table, random.Random(3))
    assert table.status == Table.Status.FINISHED and table.outcome
    result = table.result
    assert sorted(result["places"])[0] == 1 and len(result["scores"]) == table.seats
    if system == VP_MARGIN:
        assert result["margin"] == table.outcome["margin"]
    log = json.loads(table.log)
    assert log["header"]["randomness"]["commitment"] == table.commitment
    assert log["entries"][-1]["action"]["seed"] == table.seed and "signature" in log
    assert len(log["entries"]) == table.steps + 1
    with pytest.raises(services.TableRefused):
        services.do_act(alice, table, {"type": "pass"}, table.steps)
