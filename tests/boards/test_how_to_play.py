"""Each board game's short "how to play" (issue 30, item 4): from its rules, each point citing its section, in
both languages, linked from /games/ and from the game's tables."""

from __future__ import annotations

import re

import pytest

from engine.systems import all_systems

pytestmark = pytest.mark.django_db
BOARD_GAMES = [s.id for s in all_systems() if s.how_to_play]


def test_every_board_game_with_a_rules_engine_has_a_how_to_play_page():
    assert sorted(BOARD_GAMES) == sorted(s.id for s in all_systems() if s.has_map and s.engine)


@pytest.mark.parametrize("system", BOARD_GAMES)
def test_the_how_to_play_page_cites_the_rules_in_english(client, system):
    page = client.get(f"/games/{system}/how-to-play/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h1>How to play" in page
    assert len(re.findall(r'<bdi translate="no">§', page)) >= 5


@pytest.mark.parametrize("system", BOARD_GAMES)
def test_the_how_to_play_page_reads_in_chinese_without_english_words(client, system):
    response = client.get(f"/games/{system}/how-to-play/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    main = response.content.decode().split("<main", 1)[1].split("</main>", 1)[0]
    text = re.sub(r"<[^>]+>", " ", main)
    assert response.status_code == 200 and "玩法简介" in text
    assert re.findall(r"[A-Za-z]{3,}", text) == []


def test_a_game_without_a_how_to_play_is_not_found(client):
    missing = next(s.id for s in all_systems() if not s.how_to_play)
    assert client.get(f"/games/{missing}/how-to-play/").status_code == 404
    assert client.get("/games/no-such-game/how-to-play/").status_code == 404


def test_the_games_page_links_each_how_to_play(client):
    page = client.get("/games/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for system in BOARD_GAMES:
        assert f'href="/games/{system}/how-to-play/"' in page
