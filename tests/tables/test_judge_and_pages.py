"""A judge's replay of a board-game log to its first illegal entry (the entry's index and the rule cited),
the table pages (set-up, joining, acting, a stale form) and the signed log's download."""

from __future__ import annotations

import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from junling.errors import NotAllowed
from tables import engines, services
from tables.models import Table
from tests.matches.factories import TournamentFactory, UserFactory
from tests.tables.conftest import (
    PLACEMENT,
    VP_MARGIN,
    play_to_the_end,
    seat_user,
    three_seat_table,
    to_act,
    two_side_table,
)

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs: the bots' tasks move in-process


@pytest.fixture
def judge():
    user = UserFactory(username="judy")
    TournamentFactory(judges=[user])
    return user


def finished(system: str, alice, bob) -> Table:
    table = three_seat_table(alice, bob) if system == PLACEMENT else two_side_table(alice, bob)
    return play_to_the_end(table, random.Random(9))


@pytest.mark.parametrize("system", [PLACEMENT, VP_MARGIN])
def test_a_judge_replays_a_finished_tables_signed_log_and_every_entry_stands(people, judge, system):
    alice, bob, _carol = people
    table = finished(system, alice, bob)
    verdict = services.judge_log(judge, table.log.encode())
    assert verdict.first_illegal is None and verdict.applied == table.steps
    assert verdict.signature_ok is True and verdict.problems == []


def _tampered(table: Table, index: int, action: dict) -> bytes:
    log = json.loads(table.log)
    log["entries"][index]["action"] = action
    return json.dumps(log, ensure_ascii=False).encode()


def test_a_tampered_players_entry_is_the_first_illegal_one_with_its_index_and_rule(people, judge):
    alice, bob, _carol = people
    table = finished(VP_MARGIN, alice, bob)
    log = json.loads(table.log)
    index = next(i for i, e in enumerate(log["entries"]) if isinstance(e["actor"], int) and i > 20)
    verdict = services.judge_log(judge, _tampered(table, index, {"type": "pick", "choice": "nowhere"}))
    assert verdict.first_illegal == index and verdict.applied == index
    assert verdict.rule.startswith("§") and verdict.reason
    assert "chain" in verdict.problems and "signature" in verdict.problems


def test_a_die_other_than_the_committed_seeds_is_the_first_illegal_entry(people, judge):
    alice, bob, _carol = people
    table = finished(PLACEMENT, alice, bob)
    log = json.loads(table.log)
    index, entry = next(
        (i, e) for i, e in enumerate(log["entries"]) if e["actor"] == "chance" and e["action"]["type"] == "roll"
    )
    other = {"type": "roll", "value": entry["action"]["value"] % 6 + 1}
    verdict = services.judge_log(judge, _tampered(table, index, other))
    assert verdict.first_illegal == index
    assert verdict.reason == "This chance outcome is not the one the committed seed gives."


def test_an_entry_by_the_wrong_seat_is_the_first_illegal_one(people, judge):
    alice, bob, _carol = people
    table = finished(VP_MARGIN, alice, bob)
    log = json.loads(table.log)
    index = next(i for i, e in enumerate(log["entries"]) if isinstance(e["actor"], int))
    log["entries"][index]["actor"] = 1 - log["entries"][index]["actor"]
    verdict = services.judge_log(judge, json.dumps(log).encode())
    assert verdict.first_illegal == index and "acted" in verdict.reason


def test_a_judge_replays_a_stored_game_in_play_from_its_seed(people, judge):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    verdict = services.judge_table(judge, table)
    assert verdict.first_illegal is None and verdict.applied == table.steps > 0


def test_only_judges_and_staff_replay_logs(people):
    alice, bob, _carol = people
    table = finished(VP_MARGIN, alice, bob)
    with pytest.raises(NotAllowed):
        services.judge_log(alice, table.log.encode())
    client = Client()
    client.force_login(alice)
    assert client.get("/tables/judge/").status_code == 403


def test_the_judge_page_shows_the_first_illegal_entry_with_its_index_and_rule_in_chinese(people, judge):
    alice, bob, _carol = people
    table = finished(VP_MARGIN, alice, bob)
    log = json.loads(table.log)
    index = next(i for i, e in enumerate(log["entries"]) if isinstance(e["actor"], int) and i > 20)
    upload = SimpleUploadedFile("log.json", _tampered(table, index, {"type": "pick", "choice": "nowhere"}))
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(judge)
    page = client.post("/tables/judge/", {"log": upload}).content.decode()
    assert f"第一条不合法的条目是第 {index} 条" in page and 'id="verdict-rule">§' in page
    stored = client.post("/tables/judge/", {"table": table.pk}).content.decode()
    assert "每一条都合法" in stored


def test_the_signed_log_downloads_for_the_players_after_the_game_and_for_nobody_else(people):
    alice, bob, carol = people
    table = finished(VP_MARGIN, alice, bob)
    for user, status in ((alice, 200), (bob, 200), (carol, 404)):
        client = Client()
        client.force_login(user)
        answer = client.get(f"/tables/{table.pk}/log/")
        assert answer.status_code == status
    client = Client()
    client.force_login(alice)
    assert json.loads(client.get(f"/tables/{table.pk}/log/").content)["header"]["format"] == "junling-table-log/1"
    playing = two_side_table(carol, UserFactory(username="dan"))
    client.force_login(carol)
    assert client.get(f"/tables/{playing.pk}/log/").status_code == 404


def test_a_table_is_set_up_by_the_form_and_joined_from_its_page(people):
    alice, bob, _carol = people
    client = Client()
    client.force_login(alice)
    answer = client.post("/tables/new/", {"system": PLACEMENT, "seats": 3, "my_seat": 1, "invite": "", "bots": 1})
    table = Table.objects.get()
    assert answer.status_code == 302 and table.seats == 3 and table.status == Table.Status.OPEN
    other = Client()
    other.force_login(bob)
    assert f"/tables/{table.pk}/" in other.get("/tables/").content.decode()
    other.post(f"/tables/{table.pk}/join/", {"seat": 1})
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_a_stranger_does_not_see_a_game_in_play(people):
    alice, bob, carol = people
    table = two_side_table(alice, bob)
    client = Client()
    client.force_login(carol)
    assert client.get(f"/tables/{table.pk}/").status_code == 404
    assert client.get(f"/api/tables/{table.pk}/").status_code == 404


def test_a_form_sent_twice_shows_that_the_game_moved_on_and_applies_nothing(people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    seat = to_act(table)
    user = seat_user(table, seat)
    action = json.dumps(engines.legal(services.load_state(table))[0].to_json())
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    step = table.steps
    assert client.post(f"/tables/{table.pk}/act/", {"action": action, "step": step}).status_code == 302
    table.refresh_from_db()
    after = table.steps
    again = client.post(f"/tables/{table.pk}/act/", {"action": action, "step": step})
    assert again.status_code == 400 and "moved on" in again.content.decode()
    table.refresh_from_db()
    assert table.steps == after


def test_the_api_acts_and_answers_the_seats_new_view(people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    seat = to_act(table)
    client = Client()
    client.force_login(seat_user(table, seat))
    view = client.get(f"/api/tables/{table.pk}/").json()
    action = view["legal_actions"][0]["action"]
    answer = client.post(
        f"/api/tables/{table.pk}/actions/", {"action": action, "step": view["step"]}, content_type="application/json"
    )
    assert answer.status_code == 200 and answer.json()["step"] > view["step"]
    stale = client.post(
        f"/api/tables/{table.pk}/actions/", {"action": action, "step": view["step"]}, content_type="application/json"
    )
    assert stale.status_code == 400 and stale.json()["error"]["code"] == "play.stale"


def test_every_action_label_and_question_of_a_random_game_is_chinese_in_the_chinese_ui():
    from django.utils import translation

    rng = random.Random(11)
    for system in (PLACEMENT, VP_MARGIN):
        game = engines.new_game(system, 3 if system == PLACEMENT else 2, *_hashes(system))
        state = game.new_initial_state(3)
        english = set()
        with translation.override("zh-hans"):
            while engines.actor(state) is not None:
                if engines.actor(state) != engines.CHANCE:
                    for a in engines.legal(state):
                        if any(c.isascii() and c.isalpha() for c in engines.label(system, a.to_json())):
                            english.add(engines.label(system, a.to_json()))
                    asked = engines.prompt(system, state.observation(state.current_player())["pending"])
                    english |= {asked} if any(c.isascii() and c.isalpha() for c in asked) else set()
                    state.apply(rng.choice(engines.legal(state)))
                else:
                    state.apply(engines.chance(state))
        assert not english, sorted(english)[:20]


def _hashes(system: str) -> tuple[str, str]:
    from tables import gamedata

    c = gamedata.choices(system)[0]
    return c.map_hash, c.data_hash


@pytest.mark.parametrize("system", [PLACEMENT, VP_MARGIN])
def test_the_feed_narrates_the_same_game_in_each_readers_language(people, system):
    import re

    from django.utils import translation

    from tables import presenters

    alice, bob, _carol = people
    table = three_seat_table(alice, bob) if system == PLACEMENT else two_side_table(alice, bob)
    from tests.tables.conftest import play_moves

    play_moves(table, 8, random.Random(12))
    with translation.override("zh-hans"):
        zh = [line["text"] for line in presenters.feed(table)]
    with translation.override("en"):
        en = [line["text"] for line in presenters.feed(table)]
    assert len(zh) == len(en) > 0 and zh != en
    english = [t for t in zh if re.search(r"[A-Za-z]{4,}", t)]
    assert english == []


@pytest.mark.parametrize(
    ("lang", "expected"), [("zh-hans", "马超（武勇 5）掷出 1：1 点损失"), ("en", "马超 (valour 5) rolls 1: 1 damage")]
)
def test_a_step_whose_result_keeps_a_number_is_said_in_the_readers_language(lang, expected):
    # "1 damage" is one of longhu's PATTERNS (a number kept inside a word): a game may only roll it now and then
    from django.utils import translation

    with translation.override(lang):
        said = engines.say(PLACEMENT, "step_valour", {"character": "马超", "valour": 5, "die": 1, "result": "1 damage"})
    assert said == expected
