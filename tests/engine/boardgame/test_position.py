"""engine.boardgame.position: board-game positions (``junling-board-position/1``, issue 30 item 5) for every
board game: written from any state, read back to the same state, refused with the first rule broken."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.boardgame import default_game
from engine.boardgame.position import (
    POSITION_FORMAT,
    BoardPositionError,
    position_from_state,
    state_from_position,
)
from engine.interface import replay_log
from engine.systems import all_systems

BOARD_GAMES = [s.id for s in all_systems() if s.has_map]
GAMES = [("longhu", 2), ("longhu", 4), ("wenlu", 2)]


def _play_to(system: str, seats: int, seed: int, steps: int) -> Any:
    game = default_game(system, seats)
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal() and len(s.history) < steps:
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def _roundtrip(game: Any, s: Any) -> None:
    pos = json.loads(json.dumps(position_from_state(s)))
    t = state_from_position(game, pos)
    assert t.board_json() == s.board_json()
    assert t.legal_actions() == s.legal_actions()
    assert t.current_player() == s.current_player()
    assert position_from_state(t) == pos
    data = json.loads(json.dumps(t.to_json()))
    assert game.state_from_json(data).to_json() == data


def test_every_board_game_is_covered_by_the_positions_property_test() -> None:
    assert sorted({g for g, _ in GAMES}) == sorted(BOARD_GAMES)


@pytest.mark.parametrize(("system", "seats", "seed"), [(g, n, seed) for g, n in GAMES for seed in (1, 2)])
def test_the_position_of_every_state_of_a_seeded_random_game_round_trips(system: str, seats: int, seed: int) -> None:
    """Property: for every state of the game, position → state → position is the identity, the state read back
    offers the same actions, and its serialised form (``to_json``, starting at the position) reads back."""
    game = default_game(system, seats)
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    _roundtrip(game, s)
    while not s.is_terminal():
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
        _roundtrip(game, s)


@pytest.mark.parametrize(("system", "seats"), GAMES)
def test_a_game_started_from_a_position_plays_on_as_the_original_does(system: str, seats: int) -> None:
    game = default_game(system, seats)
    s = _play_to(system, seats, 3, 300)
    t = state_from_position(game, position_from_state(s))
    rng = random.Random(9)
    while not s.is_terminal():
        a = s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply(a)
        t.apply(a)
        assert t.board_json() == s.board_json()
    assert t.result() == s.result()


def test_a_clone_of_a_state_started_from_a_position_plays_on_alike() -> None:
    game = default_game("wenlu", 2)
    t = state_from_position(game, position_from_state(_play_to("wenlu", 2, 5, 200)))
    c = t.clone()
    for _ in range(50):
        a = t.sample_chance() if t.is_chance_node() else t.legal_actions()[0]
        t.apply(a)
        c.apply(a)
    assert c.to_json() == t.to_json()


def test_the_set_up_is_the_position_without_a_board() -> None:
    game = default_game("longhu", 2)
    s = game.new_initial_state(7)
    pos = position_from_state(s)
    assert pos["format"] == POSITION_FORMAT and pos["point"] is None and pos["board"] is None
    assert state_from_position(game, pos).to_json() == s.to_json()


def _position(system: str = "longhu", seats: int = 2) -> dict[str, Any]:
    pos = position_from_state(_play_to(system, seats, 3, 120))
    assert pos["point"] is not None
    return json.loads(json.dumps(pos))


def _refusal(system: str, pos: dict[str, Any], seats: int = 2) -> BoardPositionError:
    with pytest.raises(BoardPositionError) as err:
        state_from_position(default_game(system, seats), pos)
    return err.value


def test_a_longhu_position_whose_strength_does_not_add_up_is_refused_citing_4_4_6() -> None:
    pos = _position()
    country = next(iter(pos["board"]["supply"]))
    pos["board"]["supply"][country] += 1
    err = _refusal("longhu", pos)
    assert (err.code, err.rule, err.where) == ("position.board.strength", "§4-4(6)", f"board.supply.{country}")
    assert err.params["country"] == country
    assert "战力" in err.text("zh") and "strength" not in err.text("zh")


def test_a_longhu_position_holding_control_without_a_piece_is_refused_citing_6_2() -> None:
    pos = _position()
    board = pos["board"]
    empty = next(
        r
        for r in default_game("longhu", 2).data.map.region_ids
        if not board["strength"].get(r) and not any(v == r for v in board["loc"].values())
    )
    board["control"][empty] = next(iter(board["supply"]))
    err = _refusal("longhu", pos)
    assert (err.code, err.rule, err.params["region"]) == ("position.board.control", "§6(2)", empty)


def test_a_wenlu_position_with_a_counter_nowhere_is_refused_with_where_it_stands() -> None:
    pos = _position("wenlu")
    cid = next(iter(pos["board"]["loc"]))
    pos["board"]["loc"][cid] = "大海"
    err = _refusal("wenlu", pos)
    assert (err.code, err.params, err.where) == (
        "position.board.nowhere",
        {"piece": cid, "where": "大海"},
        f"board.loc.{cid}",
    )


def test_a_wenlu_position_with_a_card_twice_is_refused_citing_2_5_and_11_2() -> None:
    pos = _position("wenlu")
    hands = pos["board"]["hands"]
    side = "japan" if pos["board"]["decks"]["japan"] else "allies"
    hands[side].append(pos["board"]["decks"][side][0])
    err = _refusal("wenlu", pos)
    assert (err.code, err.rule, err.params) == ("position.board.cards", "§2.5, §11.2", {"side": side})


def test_a_position_missing_a_board_field_names_the_field() -> None:
    pos = _position()
    del pos["board"]["cup"]
    err = _refusal("longhu", pos)
    assert (err.code, err.where) == ("position.board.shape", "board.cup")


def test_a_position_at_a_point_the_game_has_not_is_refused_listing_the_points() -> None:
    pos = _position()
    pos["point"] = "battle"
    err = _refusal("longhu", pos)
    assert err.code == "position.board.point" and err.params["points"] == "turn, lead"


def test_a_position_of_other_seats_is_refused() -> None:
    err = _refusal("longhu", _position(), seats=3)
    assert (err.code, err.params) == ("position.board.players", {"found": 2, "players": 3})


def test_an_illegal_action_after_the_position_is_refused_with_the_engines_rule() -> None:
    s = _play_to("wenlu", 2, 3, 120)
    while not s.is_chance_node():
        s.apply(s.legal_actions()[0])
    pos = position_from_state(s)
    pos["actions"].append({"type": "pass"})
    err = _refusal("wenlu", pos)
    assert err.code == "wenlu.refusal.chance_due" and err.rule and err.where == f"actions[{len(pos['actions']) - 1}]"


def test_a_judges_replay_from_a_position_stops_at_the_first_illegal_entry_with_its_rule() -> None:
    game = default_game("longhu", 2)
    s = _play_to("longhu", 2, 3, 200)
    pos = position_from_state(s)
    entries = []
    for _ in range(20):
        a = s.sample_chance() if s.is_chance_node() else s.legal_actions()[0]
        entries.append(a.to_json())
        s.apply(a)
    verdict = replay_log(game, 0, [*entries, {"type": "roll", "value": 9}], state=state_from_position(game, pos))
    assert verdict["first_illegal"] == len(entries) and verdict["rule"]
    assert verdict["state"].board_json() == s.board_json()
