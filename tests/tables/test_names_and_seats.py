"""Names in the reader's language and one way to count seats (issue 30 items 2 and 3): an English board table
names every region, country, character and counter in English (the files' ``name_en``), a Chinese one in
Chinese; the feed counts seats and entries from 1; pieces sort by their number; a feed line is a sentence."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from tables import engines, presenters
from tables.models import Entry
from tests.tables.conftest import (
    PLACEMENT,
    VP_MARGIN,
    reseed,
    store_random_play_until,
    three_seat_table,
    two_side_table,
)

HAN = re.compile(r"[\u3400-\u9fff]+")
GAME_NAMES = {"龙虎三国志", "文禄朝鲜之役"}
"""The games' own names, which English pages give (tests/browser/words.py ALLOWED_HAN)."""


def play_moves(table: Any, entries: int, rng: random.Random) -> Any:
    """The table with at least ``entries`` entries of random play stored (bots and dice included), stopped at a
    person's decision."""
    reseed(table, 30)
    store_random_play_until(table, lambda _state: table.steps >= entries, rng)
    table.refresh_from_db()
    return table


def page(user: Any, table: Any, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    answer = client.get(f"/tables/{table.pk}/")
    assert answer.status_code == 200
    return answer.content.decode()


def section(html: str, start: str, end: str) -> str:
    """The text of the page from the element ``start`` (an opening tag's beginning) to ``end``, tags removed."""
    at = html.index(start)
    return re.sub(r"<[^>]+>", " ", html[at : html.index(end, at)])


def han_words(text: str) -> set[str]:
    return set(HAN.findall(text)) - GAME_NAMES


@pytest.mark.parametrize("moves", [0, 25])
def test_an_english_longhu_table_names_every_region_country_and_character_in_english(people, moves):
    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), moves, random.Random(3))
    html = page(alice, table, "en")
    board = section(html, '<div class="board-table">', "</section>")
    feed = section(html, '<ol class="feed"', "</ol>")
    assert "Luoyang" in board and "Cao Cao" in board
    assert han_words(board) == set() and han_words(feed) == set()


def test_a_chinese_longhu_table_keeps_the_chinese_names(people):
    alice, bob, _carol = people
    html = page(alice, play_moves(three_seat_table(alice, bob), 10, random.Random(3)), "zh-hans")
    board = section(html, '<div class="board-table">', "</section>")
    assert "洛阳" in board and "曹操" in board and "Luoyang" not in board


def test_an_english_wenlu_table_names_places_and_counters_in_english_and_sorts_counters_by_number(people):
    alice, bob, _carol = people
    html = page(alice, two_side_table(alice, bob), "en")
    board = section(html, '<div class="board-table">', "</section>")
    assert "Busan" in board and "Konishi Yukinaga" in board
    assert han_words(board) <= _card_names()
    pool = re.search(r"Replacement pool\s*</th>\s*<td>(.*?)</td>", html, re.S)
    assert pool is not None
    numbers = [int(n) for n in re.findall(r"Korean army (\d+)", pool.group(1))]
    assert len(numbers) > 10 and numbers == sorted(numbers)


def _card_names() -> set[str]:
    """The event cards' names (the engine has no English form for them yet: a hand shows them as printed)."""
    from engine.wenlu import terms

    return {h for name in (*terms.JAPAN_CARDS, *terms.ALLIED_CARDS) for h in HAN.findall(name)}


def test_pieces_sort_by_the_number_that_ends_their_name():
    grouped = presenters.grouped({"loc": {"明军10": "汉城", "明军4": "汉城", "明军1": "汉城", "小西行长": "汉城"}})
    assert grouped["loc"]["汉城"] == ["小西行长", "明军1", "明军4", "明军10"]


def test_the_feed_counts_seats_from_one_and_never_says_player_0(people):
    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 30, random.Random(5))
    for language, seat_words in (("en", r"Seat [1-3]"), ("zh-hans", r"[1-3] 号座")):
        with translation.override(language):
            lines = [line["text"] for line in presenters.feed(table, names={})]
        turns = [t for t in lines if re.search(r"\((" + seat_words + r")\)|（(" + seat_words + r")）", t)]
        assert turns, lines
        assert not any(re.search(r"player 0|玩家 0|Seat 0|0 号座", t) for t in lines)


def test_the_feed_shows_each_lines_entry_number_counted_from_one(people):
    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), 12, random.Random(5))
    html = page(alice, table, "en")
    numbers = [int(n) for n in re.findall(r'<span class="entry-n">(\d+)\.</span>', html)]
    told = {n + 1 for n in Entry.objects.filter(table=table).values_list("n", flat=True)}
    assert numbers and set(numbers) <= told and min(numbers) >= 1


def test_a_character_who_escapes_off_the_map_is_a_sentence_in_both_languages(people):
    alice, bob, _carol = people
    table = three_seat_table(alice, bob)
    names = {}
    for language in ("en", "zh-hans"):
        with translation.override(language):
            names[language] = engines.names(PLACEMENT, table.map_hash, table.data_hash)
    params = {"character": "公孙瓒", "to": "out of the game"}
    with translation.override("en"):
        assert engines.say(PLACEMENT, "step_escape", params, names["en"]) == "Gongsun Zan leaves the game"
        dead = engines.say(PLACEMENT, "step_escape", {"character": "公孙瓒", "to": "the dead pool"}, names["en"])
        assert dead == "Gongsun Zan goes to the dead pool"
    with translation.override("zh-hans"):
        assert engines.say(PLACEMENT, "step_escape", params, names["zh-hans"]) == "公孙瓒 退出游戏"


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "+2 §7.1(1)① game turns 1–8"), ("zh-hans", "+2 §7.1(1)① 第 1–8 回合")]
)
def test_the_wenlu_march_modifiers_are_said_in_the_readers_language(language, expected):
    params = {"die": 3, "mods": "+2 mod.early_turns, +1 mod.hanseong", "points": 5}
    with translation.override(language):
        said = engines.say(VP_MARGIN, "wenlu.step.march_points", params)
    assert expected in said
    if language == "en":
        assert not HAN.search(said)


def test_a_played_wenlu_games_march_points_name_no_chinese_reason_in_english(people):
    alice, bob, _carol = people
    table = play_moves(two_side_table(alice, bob), 40, random.Random(2))
    steps = [s for row in Entry.objects.filter(table=table).values_list("steps", flat=True) for s in row or []]
    marches = [s for s in steps if s["code"] == "wenlu.step.march_points"]
    assert marches
    with translation.override("en"):
        said = [engines.say(VP_MARGIN, s["code"], s.get("params")) for s in marches]
    assert not any(HAN.search(t) for t in said), said


def drawn_board(html: str) -> str:
    """The drawn board as a reader meets it (labels, titles, accessible names, panels, the off-map pieces):
    its HTML without the ids and the actions' JSON that the page posts back (data, not words)."""
    html = html[html.index('<div class="board-drawn"') : html.index('<div class="board-table">')]
    return re.sub(r'\s(?:data-[a-z-]+|value|id|for|href|aria-controls|aria-labelledby)="[^"]*"', "", html)


@pytest.mark.parametrize("moves", [0, 25])
def test_the_drawn_longhu_board_names_places_pieces_and_actions_in_the_readers_language(people, moves):
    alice, bob, _carol = people
    table = play_moves(three_seat_table(alice, bob), moves, random.Random(3))
    english = drawn_board(page(alice, table, "en"))
    assert "Luoyang" in english and han_words(english) == set()
    chinese = drawn_board(page(alice, table, "zh-hans"))
    assert "洛阳" in chinese and "Luoyang" not in chinese


def test_the_drawn_wenlu_board_names_places_and_counters_in_english(people):
    alice, bob, _carol = people
    english = drawn_board(page(alice, two_side_table(alice, bob), "en"))
    assert "Busan" in english and han_words(english) <= _card_names()
