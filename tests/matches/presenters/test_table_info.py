"""The table's reading aids (matches/presenters/table_info.py): the turn banner, card texts, the enemy hand
简雍 and 沮授 showed, the cards each feed line names; none of them shows a card the seat may not see."""

from __future__ import annotations

import html
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.game import ActivateEffect
from matches.presenters.narration import Names, card_names_in
from matches.presenters.play import _board
from matches.presenters.table_info import banner, table_info
from tests.engine.game.cardtable import DB, pay, settle, table
from tests.engine.game.conftest import put, take


def _looked_state():
    """简雍 (seat 0) looks at the enemy hand holding 关羽; then the enemy takes 张飞 into it."""
    s = table(["简雍"], ["关羽", "张飞"])
    s.hand[1].append(take(s, 1, "关羽"))
    jian = put(s, 0, "简雍")
    s.apply(ActivateEffect(jian, pay(s, 0, 1)))
    settle(s)
    s.hand[1].append(take(s, 1, "张飞"))
    return s


def _table_html(s, seat: int, language: str) -> str:
    names = Names(DB, seat, ["alice", "bob"], language)
    obs = s.observation(seat)
    view = {
        "match": 1,
        "seat": seat,
        "opponent": "bob" if seat == 0 else "alice",
        "score": {"you": 0, "opponent": 0},
        "best_of": 1,
        "status": "playing",
        "games": [],
        "game": 1,
        "step": 9,
        "version": "1.9",
        "observation": obs,
        "board": _board(obs, seat, names),
        "feed": [],
        **table_info(obs, names, [], []),
    }
    with translation.override(language):
        return render_to_string(
            "matches/play/_table.html", {"match": SimpleNamespace(pk=1), "view": view, "live": True}
        )


def test_jian_yong_shows_its_player_the_enemy_hand_as_it_was_and_nothing_drawn_since():
    s = _looked_state()
    page = _table_html(s, 0, "zh-hans")
    seen = page.split('id="looked-at"', 1)[1].split("</div>", 1)[0]
    assert "关羽" in seen and "张飞" not in page  # 张飞 came into the hand after the look
    english = _table_html(s, 0, "en")
    assert DB["关羽"].name_en in english.split('id="looked-at"', 1)[1] and DB["张飞"].name_en not in english


def test_the_enemy_hand_seen_is_never_on_the_page_of_the_seat_who_was_looked_at_nor_its_texts_beyond_its_own():
    s = _looked_state()
    page = _table_html(s, 1, "zh-hans")
    assert 'id="looked-at"' not in page
    assert "简雍" in page  # on the battlefield, seen by both


def test_the_banner_says_the_turn_whose_turn_the_phase_and_both_hands_against_their_limits():
    s = _looked_state()
    with translation.override("en"):
        shown = banner(s.observation(1), Names(DB, 1, ["alice", "bob"], "en"))
    assert shown["turn"] == s.turn and shown["whose"] == "alice" and not shown["mine"]
    assert shown["phase"] == "main"
    assert [(h["mine"], h["held"], h["limit"]) for h in shown["hands"]] == [
        (True, len(s.hand[1]), s.rules.hand_limit(s, 1)),
        (False, len(s.hand[0]), s.rules.hand_limit(s, 0)),
    ]


def test_every_card_shown_has_its_text_in_the_readers_language():
    s = _looked_state()
    page = _table_html(s, 0, "en")
    texts = html.unescape(page.split('class="card-texts"', 1)[1])
    assert DB["简雍"].text_en in texts and DB["简雍"].text not in texts
    assert page.count('class="card-chip"') >= len(s.hand[0]) + 1


@pytest.mark.parametrize(
    ("entry", "found"),
    [
        ([["narrate.draw", {"player": {"seat": 0}, "card": {"card": 3, "name": "关羽"}}]], ["关羽"]),
        ([["narrate.draw_hidden", {"player": {"seat": 1}}]], []),
        ([["narrate.name_cards", {"player": {"seat": 1}, "names": {"cards": [{"name": "火计"}]}}]], ["火计"]),
        (["old line", {"list": ["张飞", "关羽"]}], ["张飞", "关羽"]),
    ],
)
def test_a_feed_line_names_the_cards_its_stored_entry_names_and_no_other(entry, found):
    assert card_names_in(entry) == found


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_card_panel_is_rendered_once_and_shows_the_cards_public_text_in_the_readers_language(language):
    """The panel is cached per card database, card and language: both seats' tables get the same object, and
    it holds the card's own text only (its name, type, numbers and rules text, escaped)."""
    from matches.presenters.table_info import card_text

    with translation.override(language):
        first = card_text("关羽", Names(DB, 0, ["alice", "bob"], language))
        second = card_text("关羽", Names(DB, 1, ["bob", "alice"], language))
    card = DB.lookup("关羽")
    assert first["panel"] is second["panel"]
    panel = str(first["panel"])
    assert panel.startswith(f"<strong>{html.escape(card.display_name(language))}</strong>")
    assert ("Might" in panel) == (language == "en") and ("alice" not in panel and "bob" not in panel)
    text = card.text_en if language == "en" and card.text_en else card.text
    assert html.escape(text.splitlines()[0]) in panel


def _card(shown: str) -> dict[str, str]:
    return {"name": shown, "shown": shown}


def test_a_feed_lines_parts_put_each_named_card_where_the_sentence_names_it_and_nowhere_else():
    from matches.presenters.table_info import line_parts

    guan, shu = _card("关羽"), _card("蜀将")
    parts = line_parts("你招募关羽至自城内（耗费 3），支付蜀将。", [guan, shu])
    assert parts == [
        {"text": "你招募"},
        {"card": guan},
        {"text": "至自城内（耗费 3），支付"},
        {"card": shu},
        {"text": "。"},
    ]


def test_a_name_inside_a_longer_name_of_the_same_line_does_not_take_the_longer_names_place():
    from matches.presenters.table_info import line_parts

    short, long = _card("张飞"), _card("张飞·燕人")
    parts = line_parts("张飞·燕人 meets 张飞.", [short, long])
    assert parts == [{"card": long}, {"text": " meets "}, {"card": short}, {"text": "."}]


def test_a_card_the_line_does_not_name_follows_the_line_once():
    from matches.presenters.table_info import line_parts

    ghost = _card("火计")
    assert line_parts("You draw a card.", [ghost]) == [{"text": "You draw a card."}, {"text": " "}, {"card": ghost}]


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_each_card_a_feed_line_names_is_rendered_once_as_its_button_in_the_sentence(language):
    """Issue 27: the feed repeated each card's name after its line (a screen reader heard it twice)."""
    s = table(["关羽"], [])
    names = Names(DB, 0, ["alice", "bob"], language)
    shown = names.card("关羽")
    line = f"alice plays {shown}."
    obs = s.observation(0)
    view = {
        "match": 1,
        "seat": 0,
        "opponent": "bob",
        "score": {"you": 0, "opponent": 0},
        "best_of": 1,
        "status": "playing",
        "games": [],
        "game": 1,
        "step": 9,
        "version": "1.9",
        "observation": obs,
        "board": _board(obs, 0, names),
        "feed": [line],
        **table_info(obs, names, [line], [["关羽"]]),
    }
    with translation.override(language):
        page = render_to_string("matches/play/_table.html", {"match": SimpleNamespace(pk=1), "view": view})
    feed = page.split('id="feed"', 1)[1].split("</ol>", 1)[0]
    assert feed.count(html.escape(shown)) == 1
    assert 'alice plays <button type="button" class="card-chip"' in feed
