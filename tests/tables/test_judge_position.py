"""The judge's page takes a board-game position and a move (issue 30 item 5) and answers legal or illegal
with the rule, in the reader's language; an impossible position is refused with its rule and field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client

from engine.boardgame import default_game
from engine.boardgame.position import position_from_state
from junling.errors import NotAllowed
from tables import services
from tests.matches.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge() -> Any:
    user = UserFactory(username="judy")
    TournamentFactory(judges=[user])
    return user


def _position(system: str, seats: int = 2) -> tuple[dict[str, Any], Any]:
    s = default_game(system, seats).new_initial_state(3)
    rng = random.Random(3)
    while len(s.history) < 150 or not s.to_act():
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return json.loads(json.dumps(position_from_state(s))), s


def _post(client: Client, system: str, position: dict[str, Any], action: Any) -> Any:
    return client.post(
        "/tables/judge/",
        {"game": system, "position": json.dumps(position, ensure_ascii=False), "action": json.dumps(action)},
    )


def test_a_legal_move_in_a_wenlu_position_is_answered_legal_in_english(judge) -> None:
    position, s = _position("wenlu")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(judge)
    page = _post(client, "wenlu", position, s.legal_actions()[0].to_json())
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="position-legal"' in text and 'id="position-legal-actions"' in text


def test_an_illegal_move_in_a_longhu_position_is_answered_with_its_rule_in_chinese(judge) -> None:
    position, s = _position("longhu", 3)
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(judge)
    text = _post(client, "longhu", position, {"type": "roll", "value": 9}).content.decode()
    refusal = s.validate(default_game("longhu", 3).action_from_json({"type": "roll", "value": 9}))
    assert refusal is not None and refusal.rule
    assert "不合法。" in text and 'id="position-rule">' in text and "Illegal" not in text


def test_an_impossible_position_is_answered_with_the_rule_and_the_field(judge) -> None:
    position, _ = _position("longhu")
    country = next(iter(position["board"]["supply"]))
    position["board"]["supply"][country] += 3
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(judge)
    text = _post(client, "longhu", position, {"type": "pass"}).content.decode()
    assert 'id="position-impossible"' in text and f"board.supply.{country}" in text and "§4-4(6)" in text


def test_a_position_that_is_not_json_is_a_located_400_not_a_500(judge) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(judge)
    answer = client.post("/tables/judge/", {"game": "wenlu", "position": "{not json", "action": "{}"})
    assert answer.status_code == 400 and "not JSON" in answer.content.decode()


def test_a_position_naming_a_map_the_site_does_not_store_is_refused(judge) -> None:
    position, _ = _position("wenlu")
    position["map"] = "sha256:" + "0" * 64
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(judge)
    answer = _post(client, "wenlu", position, {"type": "pass"})
    assert answer.status_code >= 400 and "No stored map" in answer.content.decode()


def test_only_a_judge_may_ask_about_a_position() -> None:
    position, _ = _position("wenlu")
    with pytest.raises(NotAllowed):
        services.judge_position(UserFactory(username="nobody"), "wenlu", position, {"type": "pass"})
