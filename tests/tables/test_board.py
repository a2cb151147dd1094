"""The drawn board (``tables/board.py``, ``templates/tables/_board.html``): every region placed and labelled,
borders and roads drawn by kind, control by colour and pattern and name, the pieces, and the reader's legal
actions on the place each names; a spectator gets the board without actions; pass is never on the board nor the
default of the drop-down."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.test import Client

from engine.maps import MAP_FORMAT, parse_map
from tables import board, engines, presenters, services
from tables.models import Table
from tests.matches.factories import UserFactory
from tests.tables.conftest import PLACEMENT, play_moves, seat_user, three_seat_table, to_act, two_side_table

pytestmark = pytest.mark.django_db


def _page(user: Any, table: Table, path: str = "/tables/{pk}/", lang: str = "zh-hans") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    if user is not None:
        client.force_login(user)
    response = client.get(path.format(pk=table.pk))
    assert response.status_code == 200
    return response.content.decode()


def _mover_view(table: Table) -> dict[str, Any]:
    seat = to_act(table)
    assert seat is not None
    return presenters.table_view(table, seat_user(table, seat), "zh-hans")


def test_every_region_of_the_map_is_a_focusable_place_on_the_drawn_board_of_both_games() -> None:
    alice, bob = UserFactory(), UserFactory()
    for table in (three_seat_table(alice, bob), two_side_table(UserFactory(), UserFactory())):
        html = _page(seat_user(table, 0), table)
        game_map = board.gamedata.data_for(table.system, table.map_hash, table.data_hash).map
        for region in game_map.regions:
            assert f'data-place="{region.id}"' in html
        assert html.count('role="button" aria-pressed="false"') >= len(game_map.regions)
        assert 'viewBox="' in html


def test_the_reader_to_act_finds_each_action_naming_a_place_on_that_place_and_never_pass() -> None:
    table = two_side_table(UserFactory(), UserFactory())
    rng = random.Random(4)
    for _ in range(40):
        view = _mover_view(table)
        placed = [o for s in view["board"].spots for o in s.options]
        assert all(json.loads(o.json)["type"] != "pass" for o in placed)
        if placed:
            break
        play_moves(table, 1, rng)
    assert placed, "some decision within 40 moves names a place"
    legal = {i["json"] for i in view["controls"]["items"]}
    assert {o.json for o in placed} <= legal


def test_a_march_target_is_highlighted_as_a_target() -> None:
    m = parse_map(
        {
            "format": MAP_FORMAT,
            "id": "t",
            "game": "wenlu",
            "name": "T",
            "regions": [{"id": "A"}, {"id": "B"}],
            "roads": [{"a": "A", "b": "B", "class": "secondary", "mountain": True}],
        }
    )
    drawn = board.build("wenlu", m, {"loc": {"将军": "A"}}, [{"type": "pass"}, {"type": "pick", "choice": "B"}])
    spots = {s.id: s for s in drawn.spots}
    assert spots["B"].target and len(spots["B"].options) == 1
    assert not spots["A"].target and not spots["A"].options
    assert [link.kind for link in drawn.links] == ["mountain-road"]
    assert spots["A"].pieces == ["将军"]


def test_an_action_on_a_piece_is_offered_where_the_piece_stands() -> None:
    m = parse_map(
        {"format": MAP_FORMAT, "id": "t", "game": "longhu", "name": "T", "regions": [{"id": "A"}, {"id": "B"}]}
    )
    obs = {"characters": {"关羽": ["B", "刘备"]}, "control": {"B": "刘备"}, "owner": {"刘备": 1}, "strength": {}}
    drawn = board.build("longhu", m, obs, [{"type": "lead", "character": "关羽"}])
    spots = {s.id: s for s in drawn.spots}
    assert len(spots["B"].options) == 1 and not spots["B"].target
    assert spots["B"].holder == "刘备" and spots["B"].pattern  # control: colour, pattern and the name


def test_pieces_are_listed_by_number_not_as_text() -> None:
    assert sorted(["明军10", "明军4", "明军11"], key=board.natural) == ["明军4", "明军10", "明军11"]


def test_a_spectator_sees_the_board_without_any_action() -> None:
    table = three_seat_table(UserFactory(), UserFactory())
    table.public = True
    table.save(update_fields=["public"])
    html = _page(None, table, "/tables/{pk}/watch/")
    assert 'id="board-svg"' in html
    assert "board-act" not in html


def test_the_drop_down_of_many_choices_starts_on_no_choice_not_on_pass() -> None:
    table = two_side_table(UserFactory(), UserFactory())
    rng = random.Random(2)
    for _ in range(200):
        view = _mover_view(table)
        if not view["controls"]["buttons"]:
            break
        play_moves(table, 1, rng)
    assert not view["controls"]["buttons"], "a decision of more than 10 choices comes within 200 moves"
    html = _page(seat_user(table, to_act(table)), table)  # type: ignore[arg-type]
    select = re.search(r'<select name="action" id="action-choice" required>(.*?)</select>', html, re.S)
    assert select is not None
    first = re.search(r"<option([^>]*)>", select.group(1))
    assert first is not None and 'value=""' in first.group(1) and "selected" in first.group(1)


def test_an_empty_choice_posted_is_refused_with_a_clear_error_and_nothing_played() -> None:
    table = two_side_table(UserFactory(), UserFactory())
    seat = to_act(table)
    assert seat is not None
    steps = table.steps
    client = Client()
    client.force_login(seat_user(table, seat))
    response = client.post(f"/tables/{table.pk}/act/", {"step": steps, "action": ""})
    assert response.status_code in (200, 400)
    table.refresh_from_db()
    assert table.steps == steps
    assert services.load_state(table) is not None


@pytest.mark.django_db(transaction=True)  # the bots move in a task after the commit
@pytest.mark.parametrize("seed", [1, 2])
def test_every_seats_page_of_a_four_seat_game_with_bots_draws_the_board_move_after_move(seed: int) -> None:
    alice, bob = UserFactory(), UserFactory()
    table = services.do_create_table(alice, PLACEMENT, 4, invited=[bob], bots=2, bot=engines.bots(PLACEMENT)[0])
    services.do_join_table(bob, table)
    table.refresh_from_db()
    rng = random.Random(seed)
    for _ in range(80):
        for user in (alice, bob):
            html = _page(user, table)
            assert 'id="board-svg"' in html
        table.refresh_from_db()
        if table.status != Table.Status.PLAYING:
            break
        seat = to_act(table)
        assert seat is not None and seat_user(table, seat) is not None, "the bots have moved"
        play_moves(table, 1, rng)
