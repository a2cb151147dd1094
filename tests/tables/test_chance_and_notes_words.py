"""No English in the Chinese pages of board games: what a die is rolled for (a chance event's ``what``) and the
bundled files' notes are message codes with params of the engine, said in the reader's language; the API
observation carries the code and the params."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from boards.models import GameData, GameMap
from engine.systems import get_system
from tables import engines, gamedata
from tests.tables.conftest import PLACEMENT, VP_MARGIN

ENGLISH = re.compile(r"[A-Za-z]{4,}")


def chance_requests(system: str, seats: int, seeds: range, limit: int = 1500) -> list[tuple[Any, dict[str, Any]]]:
    """Every chance event met in random games of ``system`` (its seeds): (the state there, its pending)."""
    choice = gamedata.choices(system)[0]
    seen: dict[str, tuple[Any, dict[str, Any]]] = {}
    for seed in seeds:
        rng = random.Random(seed)
        game = engines.new_game(system, seats, choice.map_hash, choice.data_hash)
        state = engines.initial_state(game, seed)
        for _ in range(limit):
            actor = engines.actor(state)
            if actor is None:
                break
            if actor == engines.CHANCE:
                pending = engines.observation(system, state, 0)["pending"]
                key = pending["code"] + json.dumps(pending["params"], sort_keys=True, ensure_ascii=False)
                seen.setdefault(key, (state.clone() if hasattr(state, "clone") else None, pending))
                state.apply(engines.chance(state))
            else:
                state.apply(rng.choice(engines.legal(state)))
    return list(seen.values())


@pytest.mark.parametrize(("system", "seats"), [(PLACEMENT, 3), (VP_MARGIN, 2)])
def test_what_a_die_is_rolled_for_is_a_code_with_params_said_in_the_readers_language(system, seats):
    with translation.override("zh-hans"):
        zh = chance_requests(system, seats, range(1))
    codes = {p["code"] for _s, p in zh}
    assert len(codes) >= 3, codes  # dice and draws of several kinds were met
    game = get_system(system).module().Game
    for _state, pending in zh:
        assert pending["code"] in get_system(system).module().MESSAGES and isinstance(pending["params"], dict)
        assert pending["what"] and not ENGLISH.search(pending["what"]), pending
        english = game.text(pending["code"], pending["params"], "en")
        assert english != pending["what"] and re.search(r"[A-Za-z]{3,}", english)


@pytest.mark.parametrize("system", [PLACEMENT, VP_MARGIN])
def test_every_chance_code_of_the_catalogue_is_translated(system):
    messages = get_system(system).module().MESSAGES
    codes = [c for c in messages if ".chance." in c or (c.startswith("chance_") and c != "chance_due")]
    assert len(codes) >= 8
    side = "japan" if system == VP_MARGIN else "魏"  # a side of the game: a word of its catalogue, or a country
    params = {"character": "关羽", "target": "张飞", "region": "洛阳", "side": side, "player": 1}
    params |= {"general": "小西行长", "place": "汉城"}
    with translation.override("zh-hans"):
        said = {c: engines.say(system, c, params) for c in codes}
    assert [s for s in said.values() if ENGLISH.search(s)] == []


def test_a_refusal_at_a_chance_event_names_it_in_the_readers_language():
    with translation.override("zh-hans"):
        [(state, pending), *_] = chance_requests(PLACEMENT, 3, range(1), limit=50)
        assert state is not None
        error = engines.refusal(state, get_system(PLACEMENT).module().Pass())
        assert error is not None and error.params["question"]["code"] == pending["code"]
        said = engines.say(PLACEMENT, error.code, error.params)
    assert pending["what"] in said and not ENGLISH.search(said)


@pytest.mark.parametrize("system", [PLACEMENT, VP_MARGIN])
def test_the_bundled_files_notes_are_said_in_the_readers_language(client, system):
    game_map = GameMap.objects.filter(system=system).order_by("pk").first()
    data = GameData.objects.filter(system=system).order_by("pk").first()
    assert game_map is not None and data is not None and game_map.note and data.note
    pages = [
        reverse("boards:map", args=[system, game_map.pk]),
        reverse("boards:data", args=[system, data.pk]),
        reverse("boards:battle", args=[system]),
    ]
    for url in pages:
        zh = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "NOT the publisher" not in zh and "not the publisher" not in zh, url
        assert "军令" in zh
        assert "publisher" in en, url
    answer = client.get(reverse("boards:api-maps") + f"?system={system}", HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    rows = answer["results"] if isinstance(answer, dict) else answer
    row = next(r for r in rows if r["content_hash"] == game_map.content_hash)
    assert row["note"] == game_map.note and not ENGLISH.search(row["note_text"].replace("FA", ""))


def test_the_api_observation_carries_the_question_code_and_params_and_says_it_in_the_readers_language(client, people):
    from tests.tables.conftest import seat_user, to_act, two_side_table

    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    seat = to_act(table)
    assert seat is not None
    client.force_login(seat_user(table, seat))
    url = reverse("tables:api-table", args=[table.pk])
    zh = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").json()["observation"]["pending"]
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["observation"]["pending"]
    assert zh["code"] == en["code"] and zh["params"] == en["params"]
    assert not ENGLISH.search(zh["what"]) and zh["what"] != en["what"]
