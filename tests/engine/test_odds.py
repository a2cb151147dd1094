"""The exact opening-hand odds (engine/odds.py) against seeded simulations that deal through the games' own code:
将军令's rules engine (coin flip, both draw 5, the first player skips his first draw: §3.3.6, ruling G1) and
三国智's deck-to-table simulator (6 cards, one mulligan: §1.2.6, rulings S7–S8)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import odds
from engine.cards import GENERALS_ORDER, SANGUO_ZHI, Card, CardDatabase, starter_database
from engine.decklist import parse_decklist
from engine.game import ChooseCommandment, CoinFlip, Game
from engine.game.actions import EndTurn
from engine.game.terms import Phase
from engine.sanguozhi.rules import split_deck
from engine.sanguozhi.setup import MULLIGAN, opening_after, starter_deck

TRIALS = 4000
SHU_STARTER = Path(__file__).resolve().parents[2] / "engine" / "data" / "decks" / "shu_starter.txt"


def _agrees(exact: float, hits: int, trials: int) -> bool:
    """The simulated frequency is within 4.5 standard errors of the exact chance (about 1 in 150,000 by luck)."""
    spread = 4.5 * math.sqrt(max(exact * (1 - exact), 1e-4) / trials)
    return abs(hits / trials - exact) <= spread


@pytest.fixture(scope="module")
def go_db() -> CardDatabase:
    return starter_database(GENERALS_ORDER)


@pytest.fixture(scope="module")
def go_hands(go_db: CardDatabase) -> list[dict[tuple[bool, int], list[str]]]:
    """For each seed, each seat's hand at the main phase of its turns 1–3 (nothing played: the hand is all it saw),
    keyed by (went first, own turn); the opening hand is the first player's turn-1 hand."""
    decklist = parse_decklist(SHU_STARTER.read_text(encoding="utf-8"), kind="text")
    names = [go_db.lookup(e.name).name for e in decklist.entries for _ in range(e.count)]  # type: ignore[union-attr]
    deck: tuple[list[str], list[str], list[str]] = (names, [], list(decklist.declared_factions))
    game = Game(go_db)
    out = []
    for seed in range(TRIALS):
        s = game.new_initial_state(deck, deck, seed=seed)
        while s.phase is Phase.COMMANDMENT:
            s.apply(ChooseCommandment(None))
        s.apply(CoinFlip(seed % 2))
        hands: dict[tuple[bool, int], list[str]] = {}
        while s.turn <= 6:
            while s.is_chance_node():
                s.apply(s.sample_chance())
            assert s.phase is Phase.MAIN
            hands[(s.active == s.first, (s.turn + 1) // 2)] = [s.names[c] for c in s.hand[s.active]]
            s.apply(EndTurn())
        out.append(hands)
    return out


def _go_deck(go_db: CardDatabase) -> list[tuple[Card, int]]:
    decklist = parse_decklist(SHU_STARTER.read_text(encoding="utf-8"), kind="text")
    return [(go_db.lookup(e.name), e.count) for e in decklist.entries]  # type: ignore[misc]


QUESTIONS = [
    ("type", "人", 2),
    ("faction", "黄巾", 1),
    ("cost", "2", 2),
    ("name", "刘备", 1),
]


@pytest.mark.parametrize("kind,value,k", QUESTIONS)
@pytest.mark.parametrize("turn", [1, 2, 3])
@pytest.mark.parametrize("first", [True, False])
def test_3_3_6_generals_order_odds_by_turn_agree_with_the_rules_engines_deal(
    go_db, go_hands, kind, value, k, turn, first
):
    deck = _go_deck(go_db)
    size = sum(n for _, n in deck)
    hits = odds.count_hits(deck, kind, value)
    assert 0 < hits < size
    exact = float(odds.chance(odds.GENERALS_ORDER_DEAL, size, hits, k, turn=turn, first=first))
    card = {c.name: c for c, _ in deck}
    seats = [h[(first, turn)] for h in go_hands]
    assert all(len(h) == odds.seen(odds.GENERALS_ORDER_DEAL, turn, first=first) for h in seats)
    got = sum(1 for h in seats if sum(odds.matches(card[n], kind, value) for n in h) >= k)
    assert _agrees(exact, got, len(seats)), (exact, got / len(seats))


def test_ruling_g1_the_opening_hand_is_five_for_both_and_the_second_player_sees_one_more_by_his_first_turn():
    deal = odds.GENERALS_ORDER_DEAL
    assert odds.seen(deal, 0, first=True) == odds.seen(deal, 0, first=False) == 5
    assert odds.seen(deal, 1, first=True) == 5
    assert odds.seen(deal, 1, first=False) == 6


def _sgz_hand(db: CardDatabase, seed: int, wanted: Callable[[list[str]], bool]) -> list[str]:
    """三国智's simulator, the player taking his one mulligan when the first six miss the question."""
    deck = starter_deck(db)
    hand = list(opening_after([deck], db, seed).sides[0].hand)
    if wanted(hand):
        return hand
    return list(opening_after([deck], db, seed, [MULLIGAN]).sides[0].hand)


SGZ_QUESTIONS = [("type", "谋略", 2), ("type", "兵权", 1), ("faction", "蜀", 1), ("cost", "2", 3), ("name", "曹操", 1)]


@pytest.mark.parametrize("kind,value,k", SGZ_QUESTIONS)
def test_ruling_s8_sanguo_zhi_odds_with_the_one_mulligan_agree_with_the_setup_simulator(kind, value, k):
    db = starter_database(SANGUO_ZHI)
    camp = split_deck(starter_deck(db), db).camp
    cards = {n: db.lookup(n) for n in set(camp)}
    deck = [(cards[n], camp.count(n)) for n in cards]
    hits = odds.count_hits(deck, kind, value)  # type: ignore[arg-type]
    assert 0 < hits < len(camp)
    exact = float(odds.chance(odds.SANGUO_ZHI_DEAL, len(camp), hits, k))

    def wanted(hand: list[str]) -> bool:
        return sum(odds.matches(cards[n], kind, value) for n in hand) >= k  # type: ignore[arg-type]

    trials = 1500
    got = sum(1 for seed in range(trials) if wanted(_sgz_hand(db, seed, wanted)))
    assert _agrees(exact, got, trials), (exact, got / trials)
    assert exact > float(odds.at_least(len(camp), hits, 6, k))  # the mulligan helps


def test_sanguo_zhi_has_no_turns_in_the_rules_the_platform_reads_so_no_odds_by_turn():
    with pytest.raises(ValueError):
        odds.seen(odds.SANGUO_ZHI_DEAL, 2, first=True)


def test_at_least_sums_to_one_over_exact_counts():
    total = sum(odds.at_least(45, 9, 7, k) - odds.at_least(45, 9, 7, k + 1) for k in range(8))
    assert total == 1
