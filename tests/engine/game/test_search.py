"""The searching bot (ISMCTS, ``engine/game/search.py``) and its determinizations (``determinize.py``)."""

from __future__ import annotations

import random

import pytest

from engine.cards import starter_database
from engine.game import Game, PaymentChoice, State
from engine.game.bots import RandomBot, play
from engine.game.cli import load_deck
from engine.game.determinize import HIDDEN, determinize, information_set
from engine.game.search import LEVELS, ISMCTSBot, level
from tests.engine.game.conftest import check_areas, shu_deck, wei_deck


@pytest.fixture(scope="module")
def starter() -> tuple[Game, list]:
    """The bundled starter decks with their card texts in play."""
    return Game(starter_database()), [load_deck("shu_starter"), load_deck("wei_starter")]


def _decisions(game: Game, decks: list, seed: int, limit: int = 400):
    """The states of a random game where a player is to act (the same state object, moved on)."""
    s = game.new_initial_state(decks[0], decks[1], seed=seed)
    rng = random.Random(seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(limit):
        if s.is_terminal():
            return
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        yield s
        s.apply(bots[s.current_player()].choose(s))


def test_a_determinization_is_a_valid_state_with_the_players_observation(starter):
    game, decks = starter
    differs = 0
    for seed in range(6):
        for i, s in enumerate(_decisions(game, decks, seed)):
            me = s.current_player()
            info = information_set(s, me)
            d = determinize(game, info, random.Random(i))
            check_areas(d)
            assert d.observation(me) == s.observation(me)
            assert [str(a) for a in d.legal_actions()] == [str(a) for a in s.legal_actions()]
            assert game.state_from_json(d.to_json()) == d
            for p in (0, 1):
                assert len(d.resource[p]) == len(s.resource[p]) and len(d.discard[p]) == len(s.discard[p])
                top = d.top[p] if d.top is not None else 0
                unseen = d.resource[p][top : top + d.hidden[p]]
                assert unseen == sorted(unseen)  # the engine keeps RESOURCE's unseen part sorted by id
            differs += sorted(d.hand[1 - me]) != sorted(s.hand[1 - me])
    assert differs > 100  # the enemy hand is drawn, not copied


def _hidden_twin(s: State, me: int) -> State:
    """``s`` with the enemy's hidden cards shuffled among his hand, RESOURCE and DISCARD, and another seed."""
    data = s.to_json()
    enemy = 1 - me
    names = s.names
    hand, resource = data["hand"][enemy], data["resource"][enemy]
    i = next(i for i, c in enumerate(resource) if names[c] not in {names[h] for h in hand})
    hand[0], resource[i] = resource[i], hand[0]
    hidden = data["hidden"][enemy]
    resource[:hidden] = sorted(resource[:hidden])
    data["discard"][enemy].reverse()
    data["seed"] = s.seed + 12345
    data.pop("history")
    return s.game.state_from_json(data)


def test_states_the_player_cannot_tell_apart_give_the_same_information_and_the_same_action(starter):
    game, decks = starter
    checked = 0
    for s in _decisions(game, decks, 3):
        me = s.current_player()
        enemy = 1 - me
        if s.phase.value != "main" or not s.hand[enemy] or len(s.discard[enemy]) < 2 or s.turn < 4:
            continue
        twin = _hidden_twin(s, me)
        assert sorted(twin.hand[enemy]) != sorted(s.hand[enemy])
        assert twin.observation(me) == s.observation(me)
        assert information_set(twin, me) == information_set(s, me)
        assert ISMCTSBot(7, 40).choose(twin) == ISMCTSBot(7, 40).choose(s)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_information_set_hides_the_piles_the_seed_and_the_enemys_payment(starter):
    game, decks = starter
    for s in _decisions(game, decks, 5):
        if s.phase.value == "response" and getattr(s.pending, "payment", ()):
            break
    else:
        pytest.fail("no response window after a paid action")
    me = s.current_player()
    info = information_set(s, me)
    assert info["seed"] == 0 and "history" not in info
    assert info["hand"][1 - me] == {HIDDEN: len(s.hand[1 - me])}
    assert info["hand"][me] == s.hand[me]
    assert info["resource"] == [{HIDDEN: len(s.resource[0])}, {HIDDEN: len(s.resource[1])}]
    assert info["pending"]["payment"] == {HIDDEN: len(s.pending.payment)}  # type: ignore[union-attr]
    d = determinize(game, info, random.Random(0))
    assert set(d.pending.payment) <= set(d.discard[1 - me])  # type: ignore[union-attr]


def test_the_bot_plays_only_legal_concrete_actions_and_leaves_the_state_unchanged(starter):
    game, decks = starter
    bot = ISMCTSBot(1, 25)
    s = game.new_initial_state(decks[0], decks[1], seed=8)
    rng = random.Random(8)
    other = RandomBot(2)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        if s.current_player() == 1:
            s.apply(other.choose(s))
            continue
        before = s.to_json()
        action = bot.choose(s)
        assert not isinstance(action, PaymentChoice)
        assert s.to_json() == before
        assert s.validate(action) is None
        s.apply(action)


def test_the_bot_plays_the_same_game_with_the_same_seeds(starter):
    game, decks = starter

    def game_log(seed: int) -> list:
        s = game.new_initial_state(decks[0], decks[1], seed=11)
        play(s, [ISMCTSBot(seed, 20), RandomBot(3)], rng=random.Random(11))
        return [a.to_json() for a in s.history]

    assert game_log(4) == game_log(4)


def test_the_bot_beats_the_random_bot(starter):
    game, decks = starter
    wins = 0
    games = 8
    for g in range(games):
        seat = g % 2
        bots: list = [RandomBot(g), RandomBot(g)]
        bots[seat] = ISMCTSBot(g, 30)
        s = play(game.new_initial_state(decks[g // 2 % 2], decks[1 - g // 2 % 2], seed=g), bots)
        wins += s.outcome.winner == seat  # type: ignore[union-attr]
    # deterministic given the seeds; a fair coin wins 7 of 8 or more 3.5% of the time
    assert wins >= 7


def test_the_bot_plays_the_rules_alone_and_its_levels_are_named(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=2)
    bots = [level("ismcts-1", 0), RandomBot(1)]
    bots[0].iterations = 15
    play(s, bots)
    assert s.is_terminal() and bots[0].name == "ismcts-1"
    assert list(LEVELS) == ["ismcts-1", "ismcts-2", "ismcts-3"]


def test_determinizations_of_random_decks_over_every_starter_card(starter):
    """Every text in play (郭嘉 looking at RESOURCE, 找寻, cards taken from a hand, 束缚 …)."""
    from tests.engine.game.test_properties import random_starter_deck

    game, _ = starter
    for seed in range(25):
        deck_rng = random.Random(seed)
        decks = [random_starter_deck(game.db, deck_rng), random_starter_deck(game.db, deck_rng)]
        for i, s in enumerate(_decisions(game, decks, seed)):
            me = s.current_player()
            d = determinize(game, information_set(s, me), random.Random(i))
            check_areas(d)
            assert d.observation(me) == s.observation(me)
            assert [str(a) for a in d.legal_actions()] == [str(a) for a in s.legal_actions()]
    for seed in range(3):  # and the bot plays such games through (apply refuses an illegal action)
        deck_rng = random.Random(100 + seed)
        s = game.new_initial_state(
            random_starter_deck(game.db, deck_rng), random_starter_deck(game.db, deck_rng), seed=seed
        )
        assert play(s, [ISMCTSBot(seed, 8), ISMCTSBot(seed + 1, 8)]).is_terminal()


class _FakeClock:
    """A clock that moves ``step`` seconds each time it is read (the bot's budget, without timing anything)."""

    def __init__(self, step: float) -> None:
        self.t, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        now = self.t
        self.t += self.step
        self.reads += 1
        return now


def _a_decision(starter) -> State:
    game, decks = starter
    for s in _decisions(game, decks, seed=3):
        if len(ISMCTSBot(0).options(s, s.legal_actions())) > 1:
            return s
    raise AssertionError("no decision with a choice")


def test_the_time_budget_stops_the_search_when_the_injected_clock_says_it_is_spent(starter):
    """Read once for the deadline, then before each iteration after the first: a clock moving a second a
    read and a 2.5 s budget allow 3 iterations (at 1 s and 2 s the budget is not spent; at 3 s it is)."""
    s = _a_decision(starter)
    bot = ISMCTSBot(5, iterations=500, max_time=2.5, clock=_FakeClock(1.0))
    assert s.validate(bot.choose(s)) is None
    assert bot.last_iterations == 3
    unbounded = ISMCTSBot(5, iterations=40, clock=_FakeClock(1.0))
    unbounded.choose(s)
    assert unbounded.last_iterations == 40 and unbounded.clock.reads == 0  # no budget: the clock is never read


def test_the_budget_always_allows_one_iteration_and_the_top_level_has_one_second(starter):
    s = _a_decision(starter)
    bot = ISMCTSBot(5, iterations=500, max_time=0.0, clock=_FakeClock(10.0))
    assert s.validate(bot.choose(s)) is None and bot.last_iterations == 1
    assert level("ismcts-3").max_time == 1.0
    assert level("ismcts-3", max_time=None).max_time is None  # iterations only: reproducible (tests, benches)
    assert level("ismcts-1").max_time is None
