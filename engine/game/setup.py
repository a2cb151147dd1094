"""Setup (§3.3, rulings G1, G2, D1): decks placed, factions declared, commandments chosen face down,
the coin flip, commandments revealed, both players draw 5; the first player skips his first draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType
from engine.game.actions import ChooseCommandment, CoinFlip, LegalAction
from engine.game.decks import Deck
from engine.game.errors import IllegalAction
from engine.game.state import State
from engine.game.terms import INITIAL_HAND, Area, Phase
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import Game


def new_state(game: Game, deck_a: Deck, deck_b: Deck, seed: int) -> State:
    """A new game waiting for the commandment choices (or the coin flip if neither pool holds any)."""
    s = State(game, (deck_a, deck_b), int(seed))
    s.phase = Phase.COMMANDMENT
    s.deciding = 0
    _next_chooser(s, 0)
    return s


def _next_chooser(s: State, player: int) -> None:
    """Let ``player`` (then the other) choose; a player with an empty pool has nothing to choose."""
    for p in range(player, 2):
        if s.pool[p]:
            s.deciding = p
            return
    s.phase = Phase.COIN_FLIP


def legal_commandments(s: State) -> list[LegalAction]:
    """No commandment, or any card of the pool (§2.6.1 2)."""
    return [ChooseCommandment(None), *(ChooseCommandment(c) for c in s.pool[s.deciding])]


def check_commandment(s: State, a: ChooseCommandment) -> IllegalAction | None:
    """The card must be a commandment of the chooser's own pool (ruling D1)."""
    if a.card is None:
        return None
    if a.card not in s.pool[s.deciding]:
        c = a.card
        if (
            isinstance(c, int)
            and 0 <= c < len(s.cards)
            and s.cards[c].type == CardType.COMMANDMENT
            and c in s.resource[s.deciding]
        ):
            return IllegalAction("refusal.commandment.from_deck", {"card": card(s.names, c)}, "ruling D5")
        return IllegalAction("refusal.commandment.not_in_pool", {"card": card(s.names, a.card)}, "ruling D1")
    if s.cards[a.card].type != CardType.COMMANDMENT:
        return IllegalAction("refusal.commandment.not_commandment", {"card": card(s.names, a.card)}, "§2.6.4")
    return None


def do_commandment(s: State, a: ChooseCommandment) -> None:
    """Place the chosen commandment face down in COMMAND; the others stay in the pool, outside the game."""
    player = s.deciding
    if a.card is not None:
        s.take_from_pool(player, a.card)
        s.command[player] = a.card
        s.index_commandment(a.card)
    _next_chooser(s, player + 1)


def check_coin_flip(s: State, a: CoinFlip) -> IllegalAction | None:
    """The coin names player 0 or 1."""
    if a.first_player not in (0, 1):
        return IllegalAction("refusal.coin.bad_player", {"value": repr(a.first_player)}, "ruling G1")
    return None


def do_coin_flip(s: State, a: CoinFlip) -> None:
    """The first player is known; commandments are revealed (§3.3.5); the first player draws 5."""
    s.first = a.first_player
    s.active = a.first_player
    s.command_revealed = True
    for p in (0, 1):
        c = s.command[p]
        if c is not None and s.rules.undeclared_faction(s, p, c):
            return
    after_naming(s)


def after_naming(s: State) -> None:
    """A revealed commandment that names cards (束缚) lets its owner name them first; then the draws."""
    p = s.rules.namer(s)
    if p is not None:
        s.phase = Phase.NAMING
        s.deciding = p
        return
    assert s.first is not None
    s.phase = Phase.INITIAL_DRAW
    _initial_draw(s, s.first, "initial_first")


def _initial_draw(s: State, player: int, then: str) -> None:
    # A deck shorter than 5 deals what it has: running out only loses at a turn's draw (G10).
    s.rules.reveal_from_resource(s, player, min(INITIAL_HAND, len(s.resource[player])), Area.HAND, then)


def after_initial_first(s: State) -> None:
    """The second player draws his 5."""
    assert s.first is not None
    _initial_draw(s, 1 - s.first, "initial_second")


def after_initial_second(s: State) -> None:
    """Turn 1 begins: the first player skips his draw (§3.3.6, ruling G1)."""
    assert s.first is not None
    s.rules.begin_turn(s, s.first, draw=False)
