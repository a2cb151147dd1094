"""The board games' bot levels on the site: the table set-up offers what ``game.bots()`` gives, each named in
the reader's language, and a table with a searching bot plays its moves."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from tables import engines, services
from tables.models import Seat, Table
from tests.tables.conftest import VP_MARGIN, play_moves, to_act

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs: the bots' tasks move in-process


@pytest.mark.parametrize(("lang", "label"), [("en", "Searching bot, easy"), ("zh-hans", "搜索型机器人（入门）")])
def test_the_table_form_offers_the_search_level_in_the_readers_language(people, lang, label):
    alice, _bob, _carol = people
    client = Client(headers={"accept-language": lang})
    client.force_login(alice)
    page = client.get("/tables/").content.decode()  # the set-up form is on the tables page
    assert 'value="search-1"' in page and label in page
    assert 'value="search-2"' not in page  # measured no stronger than search-1: not offered


def test_a_two_side_table_with_the_strongest_search_bot_plays_its_moves(people):
    alice, _bob, _carol = people
    top = engines.bots(VP_MARGIN)[-1]
    assert top.startswith("search-")
    table = services.do_create_table(alice, VP_MARGIN, 2, my_seat=1, bots=1, bot=top)
    assert [s.bot for s in Seat.objects.filter(table=table).order_by("index")] == [top, ""]
    rng = random.Random(3)
    for _ in range(6):  # the bot (the first side) never keeps the table waiting: its tasks run on commit
        table.refresh_from_db()
        assert table.status == Table.Status.PLAYING and to_act(table) == 1
        play_moves(table, 1, rng)
    assert table.steps > 6
