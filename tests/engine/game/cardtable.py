"""A table for the card-text tests: the bundled starter database, decks of named cards plus a filler."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import starter_database
from engine.game import ChooseCommandment, CoinFlip, Game, NameCards, Pass, Reveal, State
from engine.game.terms import Phase
from tests.engine.game.conftest import take

DB = starter_database()
GAME = Game(DB)
FILLER = "孙子兵法"
"""A starter card whose text is its printed numbers only (Wit +2 equipment): it pays costs."""


def table(
    mine: Iterable[str] = (),
    theirs: Iterable[str] = (),
    *,
    factions: tuple[Iterable[str], Iterable[str]] = ((), ()),
    commands: tuple[str | None, str | None] = (None, None),
    first: int = 0,
    filler: int = 40,
) -> State:
    """Player 0's main phase of turn 1 (player ``first`` begins); both hands are 5 fillers."""
    decks = []
    for p, names in enumerate((mine, theirs)):
        pool = [commands[p]] if commands[p] else []
        fs = list(factions[p]) or sorted(
            {f for n in names for f in DB[n].factions} | set(DB[commands[p]].factions if commands[p] else ())
        )
        decks.append(([*names, *[FILLER] * filler], pool, fs))
    s = GAME.new_initial_state(decks[0], decks[1], seed=1)
    while s.phase is Phase.COMMANDMENT:
        p = s.deciding
        s.apply(ChooseCommandment(s.pool[p][0] if s.pool[p] else None))
    s.apply(CoinFlip(first))
    while s.phase is Phase.NAMING:
        s.apply(NameCards(("关羽", "放火烧敌粮")))
    while s.is_chance_node():
        s.apply(Reveal(FILLER))
    assert s.phase is Phase.MAIN
    return s


def pay(s: State, player: int, n: int) -> tuple[int, ...]:
    """``n`` filler cards for ``player`` to pay with (from his RESOURCE into his hand)."""
    out = []
    for _ in range(n):
        c = take(s, player, FILLER)
        s.hand[player].append(c)
        out.append(c)
    return tuple(out)


def settle(s: State) -> None:
    """Chance events revealing fillers where possible, the opponent passing, until a player decides."""
    while not s.is_terminal():
        if s.is_chance_node():
            ok = s.validate(Reveal(FILLER)) is None
            s.apply(Reveal(FILLER) if ok else s.sample_chance())
        elif s.phase is Phase.RESPONSE:
            s.apply(Pass())
        else:
            return


def next_turn(s: State) -> None:
    """End the turn; the other player's main phase (fillers revealed)."""
    from engine.game import EndTurn

    s.apply(EndTurn())
    settle(s)
    while s.phase is Phase.HAND_LIMIT:
        from engine.game import Discard
        from engine.game.turn import hand_limit

        hand = s.hand[s.active]
        s.apply(Discard(tuple(hand[: len(hand) - hand_limit(s, s.active)])))
        settle(s)
