"""Setup (§3.3, rulings G1, G2, D1): decks placed, factions declared, commandments chosen face down,
the coin flip, commandments revealed, both players draw 5; the first player skips his first draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import CardDatabase, CardType
from engine.game import areas, victory
from engine.game.actions import ChooseCommandment, CoinFlip, LegalAction
from engine.game.errors import GameSetupError, IllegalAction
from engine.game.terms import INITIAL_HAND, Area, Phase
from engine.messages import Message, card

if TYPE_CHECKING:
    from engine.game.state import Game, State


@dataclass(frozen=True, slots=True)
class Deck:
    """A player's registration as the engine uses it: canonical card names, in order, and declared factions."""

    resource: tuple[str, ...]
    pool: tuple[str, ...]
    factions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"resource": list(self.resource), "pool": list(self.pool), "factions": list(self.factions)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck:
        """The inverse of :meth:`to_json`."""
        return cls(tuple(data["resource"]), tuple(data["pool"]), tuple(data["factions"]))


def resolve_deck(db: CardDatabase, deck: Any) -> Deck:
    """A :class:`Deck` from ``(resource_names, pool_names, factions)`` or a ``Decklist`` (entries with counts).

    Names may be any form ``db.lookup`` knows; an unknown name raises :class:`GameSetupError`.
    """
    if isinstance(deck, Deck):
        resource, pool, factions = deck.resource, deck.pool, deck.factions
    elif hasattr(deck, "entries") and hasattr(deck, "pool"):
        resource = tuple(e.name for e in deck.entries for _ in range(e.count))
        pool = tuple(e.name for e in deck.pool for _ in range(e.count))
        factions = tuple(getattr(deck, "declared_factions", ()))
    else:
        try:
            resource, pool, factions = deck
        except (TypeError, ValueError):
            raise GameSetupError(
                f"a deck is (resource_names, pool_names, declared_factions) or a Decklist, not {type(deck).__name__}"
            ) from None
    names: list[list[str]] = [[], []]
    unknown: list[str] = []
    for i, group in enumerate((resource, pool)):
        if isinstance(group, str):
            raise GameSetupError(Message("setup.names_expected"))
        for name in group:
            card = db.lookup(name) if isinstance(name, str) else None
            if card is None:
                unknown.append(str(name))
            else:
                names[i].append(card.name)
    if unknown:
        unknown_names = {"cards": [{"name": n} for n in sorted(set(unknown))]}
        raise GameSetupError(Message("setup.unknown_cards", {"names": unknown_names}))
    if isinstance(factions, str):
        factions = (factions,)
    return Deck(tuple(names[0]), tuple(names[1]), tuple(str(f) for f in factions))


def new_state(game: Game, deck_a: Deck, deck_b: Deck, seed: int) -> State:
    """A new game waiting for the commandment choices (or the coin flip if neither pool holds any)."""
    from engine.game.state import State

    s = State(game, (deck_a, deck_b), int(seed))
    s.phase = Phase.COMMANDMENT
    s.to_act = 0
    _next_chooser(s, 0)
    return s


def _next_chooser(s: State, player: int) -> None:
    """Let ``player`` (then the other) choose; a player with an empty pool has nothing to choose."""
    for p in range(player, 2):
        if s.pool[p]:
            s.to_act = p
            return
    s.phase = Phase.COIN_FLIP


def legal_commandments(s: State) -> list[LegalAction]:
    """No commandment, or any card of the pool (§2.6.1 2)."""
    return [ChooseCommandment(None), *(ChooseCommandment(c) for c in s.pool[s.to_act])]


def check_commandment(s: State, a: ChooseCommandment) -> IllegalAction | None:
    """The card must be a commandment of the chooser's own pool (ruling D1)."""
    if a.card is None:
        return None
    if a.card not in s.pool[s.to_act]:
        return IllegalAction("refusal.commandment.not_in_pool", {"card": card(s.names, a.card)}, "ruling D1")
    if s.cards[a.card].type != CardType.COMMANDMENT:
        return IllegalAction("refusal.commandment.not_commandment", {"card": card(s.names, a.card)}, "§2.6.4")
    return None


def do_commandment(s: State, a: ChooseCommandment) -> None:
    """Place the chosen commandment face down in COMMAND; the others stay in the pool, outside the game."""
    player = s.to_act
    if a.card is not None:
        s.pool[player].remove(a.card)
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
        if c is not None and victory.undeclared_faction(s, p, c):
            return
    after_naming(s)


def after_naming(s: State) -> None:
    """A revealed commandment that names cards (束缚) lets its owner name them first; then the draws."""
    from engine.game import choices

    p = choices.namer(s)
    if p is not None:
        s.phase = Phase.NAMING
        s.to_act = p
        return
    assert s.first is not None
    s.phase = Phase.INITIAL_DRAW
    _initial_draw(s, s.first, "initial_first")


def _initial_draw(s: State, player: int, then: str) -> None:
    # A deck shorter than 5 deals what it has: running out only loses at a turn's draw (G10).
    areas.reveal_from_resource(s, player, min(INITIAL_HAND, len(s.resource[player])), Area.HAND, then)


def after_initial_first(s: State) -> None:
    """The second player draws his 5."""
    assert s.first is not None
    _initial_draw(s, 1 - s.first, "initial_second")


def after_initial_second(s: State) -> None:
    """Turn 1 begins: the first player skips his draw (§3.3.6, ruling G1)."""
    from engine.game import turn

    assert s.first is not None
    turn.begin_turn(s, s.first, draw=False)


areas.CONTINUATIONS["initial_first"] = after_initial_first
areas.CONTINUATIONS["initial_second"] = after_initial_second
