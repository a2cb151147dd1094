"""Properties over many games between random bots: they end, every card is in one area, observations hide
what is hidden, replay reproduces the game, serialisation round-trips, every listed action is legal."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine.game import Game, PaymentChoice, State, Zone
from engine.game.bots import RandomBot, play
from engine.game.terms import Area
from tests.engine.game.conftest import check_areas, shu_deck, wei_deck

GAMES = 10_000
"""The issue asks for 10,000 games; they take about 20 s on one core (see docs/benchmarks.md)."""


def random_game(game: Game, seed: int, on_action=None) -> State:
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=seed)
    return play(s, [RandomBot(seed), RandomBot(seed + 7919)], on_action=on_action)


@pytest.mark.slow
def test_10000_random_games_end_without_an_exception(game):
    ends = {}
    for seed in range(GAMES):
        s = random_game(game, seed)
        assert s.outcome is not None
        ends[s.outcome.termination] = ends.get(s.outcome.termination, 0) + 1
    assert sum(ends.values()) == GAMES
    assert len(ends) >= 3  # draws, upkeep and depletion all end games


def test_every_card_is_in_exactly_one_area_at_every_step(game):
    for seed in range(40):
        s = random_game(game, seed, on_action=lambda st, a: check_areas(st))
        check_areas(s)


def _visible(s: State, player: int) -> set[int]:
    seen = set(s.hand[player]) | set(s.pool[player]) | set(s.stack)
    for p in (0, 1):
        seen |= set(s.casualty[p])
        if s.command[p] is not None and (p == player or s.command_revealed):
            seen.add(s.command[p])
    seen |= set(s.zone) | set(s.carrier)
    if s.advantage is not None:
        seen.add(s.advantage)
    if s.pending is not None and s.active == player:
        seen |= set(getattr(s.pending, "payment", ()))
    looked = s.tmem.get("looked") if s.texts else None
    if looked:
        seen |= set(looked[player])
    if s.choice is not None and s.choice["player"] == player:
        seen |= set(s.choice["options"])
    return seen


def _ids(obj) -> list[int]:
    """Every card id an observation names: ``id`` fields, ``payment`` lists, keys of ``recruitment_costs``."""
    out: list[int] = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "id":
                out.append(value)
            elif key == "payment":
                out.extend(value)
            elif key == "recruitment_costs":
                out.extend(int(k) for k in value)
            else:
                out.extend(_ids(value))
    elif isinstance(obj, list):
        for item in obj:
            out.extend(_ids(item))
    return out


def test_no_observation_holds_a_hidden_card(game):
    def check(s: State, action) -> None:
        for player in (0, 1):
            obs = s.observation(player)
            json.dumps(obs)
            assert set(_ids(obs)) <= _visible(s, player)
            other = obs["sides"][1 - player]
            assert "hand" not in other and "pool" not in other and "recruitment_costs" not in other
            for side in obs["sides"]:
                assert "resource" not in side and "discard" not in side

    for seed in range(25):
        random_game(game, seed, on_action=check)


def test_opponent_hand_cards_never_appear_in_an_observation(game):
    s = random_game(game, 3)
    for player in (0, 1):
        hidden = set(s.hand[1 - player]) | set(s.resource[1 - player]) | set(s.discard[1 - player])
        assert not hidden & set(_ids(s.observation(player)))


def test_replaying_the_actions_reproduces_the_final_state(game):
    for seed in range(30):
        s = random_game(game, seed)
        again = game.new_initial_state(shu_deck(), wei_deck(), seed=seed)
        for action in s.history:
            again.apply(action)
        assert again == s
        assert again.outcome == s.outcome


def test_replaying_from_json_actions_reproduces_the_final_state(game):
    from engine.game import action_from_json

    s = random_game(game, 99)
    log = json.loads(json.dumps([a.to_json() for a in s.history]))
    again = game.new_initial_state(shu_deck(), wei_deck(), seed=99)
    for entry in log:
        again.apply(action_from_json(entry))
    assert again.to_json() == s.to_json()


def test_serialisation_round_trips_at_every_step(game):
    def check(s: State, action) -> None:
        data = json.loads(json.dumps(s.to_json()))
        copy = State.from_json(game, data)
        assert copy.to_json() == data
        copy.apply(action)  # the copy goes on exactly like the original

    for seed in range(12):
        random_game(game, seed, on_action=check)


def test_a_deserialised_state_plays_on_identically(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=5)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(150):
        action = s.sample_chance() if s.is_chance_node() else bots[s.current_player()].choose(s)
        s.apply(action)
    copy = State.from_json(game, json.loads(json.dumps(s.to_json())))
    a = play(s, [RandomBot(3), RandomBot(4)])
    b = play(copy, [RandomBot(3), RandomBot(4)])
    assert a == b


def test_every_listed_action_is_legal_and_validate_changes_nothing(game):
    rng = random.Random(0)

    def check(s: State, action) -> None:
        if s.is_chance_node():
            for outcome, p in s.chance_outcomes():
                assert p > 0 and s.validate(outcome) is None
            return
        before = s.to_json()
        for legal in s.legal_actions():
            concrete = legal.sample(rng) if isinstance(legal, PaymentChoice) else legal
            assert s.validate(concrete) is None, (concrete, s.validate(concrete))
        assert s.to_json() == before

    for seed in range(15):
        random_game(game, seed, on_action=check)


def test_chance_probabilities_sum_to_one(game):
    def check(s: State, action) -> None:
        if s.is_chance_node():
            assert abs(sum(p for _, p in s.chance_outcomes()) - 1.0) < 1e-9

    random_game(game, 1, on_action=check)


def test_a_game_with_the_same_seed_and_bots_is_the_same_game(game):
    assert random_game(game, 42) == random_game(game, 42)
    assert random_game(game, 42).to_json() != random_game(game, 43).to_json()


def test_cards_end_where_the_rules_put_them(game):
    s = random_game(game, 8)
    for c in s.casualty[0] + s.casualty[1]:
        assert s.cards[c].is_general
    assert {s.area_of(c) for c in range(len(s.names))} <= set(Area)


def _junk(rng: random.Random, n: int):
    """A value of a random kind: ids in and out of range, wrong types."""
    return rng.choice([rng.randrange(-3, n + 3), rng.randrange(n), "关羽", None, 2.5, True])


def test_any_malformed_action_is_refused_with_a_reason_and_changes_nothing(game):
    from engine.game.actions import ACTION_KINDS

    rng = random.Random(1)
    types = list(ACTION_KINDS.values())

    def fuzz(s: State, action) -> None:
        n = len(s.names)
        before = s.to_json()
        for _ in range(10):
            cls = rng.choice(types)
            fields = [f.name for f in dataclasses.fields(cls)]
            kwargs = {}
            for f in fields:
                if f in ("payment", "cards"):
                    kwargs[f] = tuple(_junk(rng, n) for _ in range(rng.randrange(4)))
                elif f == "to":
                    kwargs[f] = rng.choice(["enemy_fortress", *Zone])
                else:
                    kwargs[f] = _junk(rng, n)
            candidate = cls(**kwargs)
            error = s.validate(candidate)
            assert error is None or (error.rule and error.reason)
            assert s.to_json() == before

    for seed in range(6):
        random_game(game, seed, on_action=fuzz)


# --- the same properties with the bundled starter decks and their card texts in play (issue 5) ---------

STARTER_GAMES = 10_000
"""Random games between the bundled starter decks with every card text in play (about 25 s on one core)."""


@pytest.fixture(scope="module")
def starter():
    from engine.cards import starter_database
    from engine.game.cli import load_deck

    return Game(starter_database()), [load_deck(n) for n in ("shu_starter", "wei_starter", "wu_starter")]


def starter_game(starter, seed: int, on_action=None) -> State:
    game, decks = starter
    a, b = decks[seed % 3], decks[(seed + 1 + seed // 3) % 3]
    if a is b:
        b = decks[(seed + 2) % 3]
    s = game.new_initial_state(a, b, seed=seed)
    return play(s, [RandomBot(seed), RandomBot(seed + 7919)], on_action=on_action)


@pytest.mark.slow
def test_10000_starter_games_with_texts_end_without_an_exception(starter):
    ends = {}
    for seed in range(STARTER_GAMES):
        s = starter_game(starter, seed)
        assert s.outcome is not None
        ends[s.outcome.termination] = ends.get(s.outcome.termination, 0) + 1
    assert sum(ends.values()) == STARTER_GAMES and len(ends) >= 3


def test_starter_texts_every_card_in_one_area_and_no_observation_holds_a_hidden_card(starter):
    def check(s: State, action) -> None:
        check_areas(s)
        for player in (0, 1):
            obs = s.observation(player)
            json.dumps(obs)
            assert set(_ids(obs)) <= _visible(s, player)

    for seed in range(30):
        starter_game(starter, seed, on_action=check)


def test_starter_texts_replay_and_serialisation_reproduce_the_game(starter):
    game, _ = starter

    def check(s: State, action) -> None:
        data = json.loads(json.dumps(s.to_json()))
        copy = State.from_json(game, data)
        assert copy.to_json() == data
        copy.apply(action)

    for seed in range(12):
        s = starter_game(starter, seed, on_action=check)
        again = game.new_initial_state(*[deck_of_state(d) for d in s.decks], seed=seed)
        for action in s.history:
            again.apply(action)
        assert again == s


def deck_of_state(deck):
    """A State's deck as ``new_initial_state`` takes it."""
    return (list(deck.resource), list(deck.pool), list(deck.factions))


def test_starter_texts_every_listed_action_is_legal_and_validate_changes_nothing(starter):
    rng = random.Random(0)

    def check(s: State, action) -> None:
        if s.is_chance_node():
            assert abs(sum(p for _, p in s.chance_outcomes()) - 1.0) < 1e-9
            for outcome, _p in s.chance_outcomes():
                assert s.validate(outcome) is None
            return
        before = s.to_json()
        for legal in s.legal_actions():
            concrete = legal.sample(rng) if isinstance(legal, PaymentChoice) else legal
            assert s.validate(concrete) is None, (concrete, s.validate(concrete))
        assert s.to_json() == before

    for seed in range(10):
        starter_game(starter, seed, on_action=check)


def test_starter_texts_malformed_actions_are_refused_and_change_nothing(starter):
    from engine.game.actions import ACTION_KINDS

    rng = random.Random(2)
    types = list(ACTION_KINDS.values())

    def fuzz(s: State, action) -> None:
        n = len(s.names)
        before = s.to_json()
        for _ in range(6):
            cls = rng.choice(types)
            kwargs = {}
            for f in dataclasses.fields(cls):
                if f.name in ("payment", "cards", "names"):
                    kwargs[f.name] = tuple(_junk(rng, n) for _ in range(rng.randrange(4)))
                elif f.name == "to":
                    kwargs[f.name] = rng.choice(["enemy_fortress", None, *Zone])
                else:
                    kwargs[f.name] = _junk(rng, n)
            error = s.validate(cls(**kwargs))
            assert error is None or (error.rule and error.reason)
            assert s.to_json() == before

    for seed in range(4):
        starter_game(starter, seed, on_action=fuzz)


def random_starter_deck(db, rng: random.Random):
    """45 cards drawn from the whole starter database, its factions declared, up to 3 commandments."""
    cards = [c for c in db if c.type != "令"]
    commands = [c for c in db if c.type == "令"]
    names = [rng.choice(cards).name for _ in range(45)]
    factions = sorted({f for n in names for f in db[n].factions})
    pool = [c.name for c in rng.sample(commands, 3) if set(c.factions) <= set(factions)]
    return names, pool, factions


def test_every_starter_card_in_random_decks_keeps_the_invariants(starter):
    """Random decks over all 177 starter cards (not only the bundled decks' cards): every card in one
    area, every listed action legal, the state round-trips through JSON at every step."""
    game, _ = starter
    rng = random.Random(5)
    seen: set[str] = set()

    def check(s: State, action) -> None:
        check_areas(s)
        if not s.is_chance_node():
            for legal in s.legal_actions():
                concrete = legal.sample(rng) if isinstance(legal, PaymentChoice) else legal
                assert s.validate(concrete) is None, (concrete, s.validate(concrete))
        data = json.loads(json.dumps(s.to_json(history=False)))
        assert State.from_json(game, {**data, "history": []}).to_json(history=False) == data
        seen.add(action.kind)

    for seed in range(60):
        deck_rng = random.Random(seed)
        s = game.new_initial_state(
            random_starter_deck(game.db, deck_rng), random_starter_deck(game.db, deck_rng), seed=seed
        )
        play(s, [RandomBot(seed), RandomBot(seed + 1)], on_action=check)
        assert s.outcome is not None
    assert {"choose", "activate", "counter", "name_cards"} <= seen


@pytest.mark.slow
def test_3000_games_of_random_decks_over_every_starter_card_end_without_an_exception(starter):
    game, _ = starter
    for seed in range(3000):
        deck_rng = random.Random(seed)
        s = game.new_initial_state(
            random_starter_deck(game.db, deck_rng), random_starter_deck(game.db, deck_rng), seed=seed
        )
        play(s, [RandomBot(seed), RandomBot(seed + 1)])
        assert s.outcome is not None
