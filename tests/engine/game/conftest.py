"""Test cards and tables for the rules engine, independent of the starter database's contents."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine import effects as grammar
from engine.cards import Card, CardDatabase
from engine.game import ChooseCommandment, CoinFlip, Game, Reveal, State, Zone
from engine.game.rules import RULES
from engine.game.terms import Phase

C = Card
TEST_CARDS = [
    C("关羽", "人", factions=("蜀",), cost=5, might=5, wit=3),
    C("张飞", "人", factions=("蜀",), cost=4, might=5, wit=1),
    C("刘备", "人", factions=("蜀",), cost=3, might=2, wit=4),
    C("赵云", "人", factions=("蜀",), cost=4, might=4, wit=3),
    C(
        "诸葛亮",
        "人",
        factions=("蜀",),
        cost=4,
        might=1,
        wit=7,
        ability_kind="effect",
        ability_cost="1",
        effect={"activate": [{"kind": "wit_bonus", "amount": 1}]},
    ),
    C("张角", "人", factions=("黄巾",), cost=3, might=2, wit=5),
    C("裴元绍", "人", factions=("黄巾",), cost=1, might=1, wit=1),
    C("周仓", "人", factions=("蜀", "黄巾"), cost=4, might=3, wit=2),
    C("廖化", "人", factions=("蜀", "黄巾"), cost=6, might=3, wit=3),
    C("小兵", "人", cost=2, might=1, wit=1),
    C("曹操", "人", factions=("魏",), cost=4, might=4, wit=5),
    C("许褚", "人", factions=("魏",), cost=3, might=5, wit=1),
    C("夏侯惇", "人", factions=("魏",), cost=3, might=4, wit=2),
    C("程昱", "人", factions=("魏",), cost=3, might=2, wit=6),
    C("丈八蛇矛", "物", subtype="宝物", cost=1, might_mod=1),
    C("青龙偃月刀", "物", subtype="宝物", factions=("蜀",), cost=2, might_mod=2),
    C("虎豹骑", "物", subtype="兵种", cost=1, might_mod=1),
    C("木牛流马", "物", subtype="兵种", cost=0, wit_mod=1),
    C("破甲", "物", subtype="宝物", cost=1, might_mod=-2, marks=("敌",)),
    C("仁义之师", "事", subtype="事件", cost=1, effect={"play": [{"kind": "might_bonus", "amount": 1}]}),
    C("放火烧敌粮", "事", subtype="事件", cost=2, effect={"play": [{"kind": "deplete", "amount": 3}]}),
    C("粮草", "事", subtype="事件", cost=0),
    C("火箭队的突袭", "事", subtype="火计", cost=1),
    C("水计淹敌", "事", subtype="水计", cost=2),
    C("诡计识破", "特", cost=1),
    C("实则虚之", "特", cost=0, effect={"answers": ["melee"]}),
    C("大地震", "优", subtype="地利", cost=0),
    C("沼泽", "优", subtype="地利", cost=0),
    C("反军", "令"),
    C("束缚", "令"),
    C("魏武", "令", factions=("魏",)),
    C(
        "太史慈",
        "人",
        factions=("吴",),
        cost=3,
        might=4,
        wit=3,
        ability_kind="trait",
        effect={"on": {"victory": [{"kind": "test_record"}]}},
    ),
]

TEST_CARDS += [
    C(
        "典韦",
        "人",
        factions=("魏",),
        cost=4,
        might=5,
        wit=1,
        ability_kind="trait",
        effect={"on": {"attack_victory": [{"kind": "test_record"}]}},
    ),
    C(
        "传国玉玺",
        "物",
        subtype="宝物",
        cost=0,
        ability_kind="effect",
        ability_cost="2",
        effect={"activate": [{"kind": "special_victory"}]},
    ),
    C(
        "孙权",
        "人",
        factions=("吴",),
        cost=3,
        might=3,
        wit=4,
        ability_kind="effect",
        ability_cost="0",
        effect={"activate": [{"kind": "draw", "amount": 2}]},
    ),
]

FILLER = "粮草"

RECORD: list[dict] = []
"""What the ``test_record`` effect step saw (the 太史慈 and 典韦 test cards listen with it)."""


def _record(s: State, source: int, step: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    RECORD.append({"source": source, **context})


grammar.STEPS.setdefault("test_record", None)  # a step kind of the tests only: any parameters


class TEST_RULES(RULES):
    """The rules with the ``test_record`` step."""

    handlers = {**RULES.handlers, "test_record": _record}


def make_db() -> CardDatabase:
    """The test card database."""
    return CardDatabase(TEST_CARDS, name="engine-tests", version="1")


def shu_deck() -> tuple[list[str], list[str], list[str]]:
    """A 蜀·黄巾 deck of 48 cards with a command pool of two."""
    names = [
        "关羽",
        "张飞",
        "刘备",
        "诸葛亮",
        "张角",
        "周仓",
        "丈八蛇矛",
        "青龙偃月刀",
        "虎豹骑",
        "木牛流马",
        "破甲",
        "仁义之师",
        "放火烧敌粮",
        "火箭队的突袭",
        "水计淹敌",
        "诡计识破",
        "实则虚之",
        "大地震",
    ]
    deck = [n for n in names for _ in range(3)][:48] + [FILLER] * 15
    return deck, ["反军", "束缚"], ["蜀", "黄巾"]


def wei_deck() -> tuple[list[str], list[str], list[str]]:
    """A 魏 deck of 45 cards with a command pool of one."""
    names = [
        "曹操",
        "许褚",
        "夏侯惇",
        "丈八蛇矛",
        "青龙偃月刀",
        "虎豹骑",
        "木牛流马",
        "破甲",
        "仁义之师",
        "放火烧敌粮",
        "火箭队的突袭",
        "水计淹敌",
        "诡计识破",
        "实则虚之",
        "沼泽",
    ]
    return [n for n in names for _ in range(3)] + [FILLER] * 15, ["魏武"], ["魏"]


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    return make_db()


@pytest.fixture(scope="session")
def game(db: CardDatabase) -> Game:
    return Game(db, rules=TEST_RULES)


def begin(
    game: Game,
    deck0: tuple,
    deck1: tuple,
    *,
    first: int = 0,
    hands: tuple[Iterable[str], Iterable[str]] = ((), ()),
    seed: int = 0,
) -> State:
    """A state at the first player's main phase; ``hands`` names the opening cards (the rest: fillers
    while the deck has them, so that named cards stay in RESOURCE for the test to place)."""
    s = game.new_initial_state(deck0, deck1, seed=seed)
    while s.phase is Phase.COMMANDMENT:
        s.apply(ChooseCommandment(None))
    s.apply(CoinFlip(first))
    wanted = {first: list(hands[first]), 1 - first: list(hands[1 - first])}
    while s.is_chance_node():
        player = s.chance[0]
        if wanted[player]:
            s.apply(Reveal(wanted[player].pop(0)))
        elif s.validate(Reveal(FILLER)) is None:
            s.apply(Reveal(FILLER))
        else:
            s.apply(s.sample_chance())
    assert s.phase is Phase.MAIN
    return s


def deck_of(*names: str, factions: Iterable[str] = (), filler: int = 40) -> tuple[list[str], list[str], list[str]]:
    """A deck of the given cards plus ``filler`` vanilla events."""
    return [*names, *([FILLER] * filler)], [], list(factions)


def take(s: State, player: int, name: str) -> int:
    """Take a card of ``name`` out of ``player``'s RESOURCE (test scaffolding), returning its id."""
    resource = s.resource[player]
    for i, c in enumerate(resource):
        if s.names[c] == name:
            resource.pop(i)
            if i < s.hidden[player]:
                s.hidden[player] -= 1
            return c
    raise AssertionError(f"no {name} left in player {player}'s RESOURCE")


def give(s: State, player: int, name: str) -> int:
    """Put a card of ``name`` from RESOURCE into ``player``'s hand."""
    c = take(s, player, name)
    s.hand[player].append(c)
    return c


def put(s: State, player: int, name: str, zone: Zone = Zone.FORTRESS, *, fresh: bool = False) -> int:
    """Put a general of ``name`` from RESOURCE onto the battlefield in ``zone`` (not recruited this turn)."""
    c = take(s, player, name)
    s.field[player].append(c)
    s.zone[c] = zone
    if fresh:
        s.fresh.add(c)
    return c


def deploy(s: State, card: int, zone: Zone = Zone.FORTRESS) -> int:
    """Put a general from its owner's hand onto the battlefield (test scaffolding)."""
    s.hand[s.owner[card]].remove(card)
    s.field[s.owner[card]].append(card)
    s.zone[card] = zone
    return card


def arm(s: State, general: int, name: str, owner: int | None = None) -> int:
    """Put an equipment of ``name`` from RESOURCE onto ``general``."""
    c = take(s, s.owner[general] if owner is None else owner, name)
    s.gear.setdefault(general, []).append(c)
    s.carrier[c] = general
    return c


def in_hand(s: State, player: int, name: str) -> int:
    """The id of a card of ``name`` in ``player``'s hand."""
    for c in s.hand[player]:
        if s.names[c] == name:
            return c
    raise AssertionError(f"no {name} in player {player}'s hand")


def fillers(s: State, player: int, n: int) -> tuple[int, ...]:
    """``n`` hand cards of ``player`` to pay with, given from RESOURCE (vanilla events)."""
    return tuple(give(s, player, FILLER) for _ in range(n))


def settle(s: State) -> None:
    """Let chance happen (seeded) and the opponent pass until the active player decides again."""
    from engine.game import Pass

    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(s.sample_chance())
        elif s.phase is Phase.RESPONSE:
            s.apply(Pass())
        else:
            return


def check_areas(s: State) -> None:
    """Every card is in exactly one area."""
    seen: dict[int, str] = {}
    for area, piles in s._piles():
        for pile in piles:
            for c in pile:
                assert c not in seen, f"{s.label(c)} is in {seen[c]} and {area}"
                seen[c] = area
    assert sorted(seen) == list(range(len(s.names))), "some card is in no area"
