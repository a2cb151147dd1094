"""Determinizations: whole states a player cannot tell apart from the real one.

A searching bot must not look at cards it cannot see. :func:`information_set` is the one function that
reads the real state: it keeps what ``player`` may know and turns every hidden pile into a count.
:func:`determinize` then fills those counts with cards drawn at random from the cards not seen and
builds a :class:`~engine.game.state.State` of it through ``Game.state_from_json``, so the result is a
state like any other (its own invariants hold, its observation for ``player`` is the real one).

What ``player`` is taken to know (beside his observation, ``observe.py``):

- both registered decklists (open decklists): the cards not seen are drawn from them, and card ids follow
  from them (docs/engine.md "Card ids"), so an id seen face up always names the same card;
- the public bookkeeping of the rules and texts: the phase and whose turn, the pending chance event,
  generals that acted, moved, attacked or were activated, modifiers, the texts' queue and memory (they
  name generals, cards played face up, counts and named cards, all seen by both players).

What is hidden and resampled: the RESOURCE piles (order and content), DISCARD and OUT OF GAME (face down),
the opponent's hand and command pool, his commandment before the coin flip, the cards he paid for a
pending action, and the game's seed (it decides the referee's future chance events).

    >>> import random
    >>> from engine.cards import Card, CardDatabase
    >>> from engine.game import Game
    >>> db = CardDatabase([Card("关羽", "人", factions=("蜀",), cost=2, might=5, wit=3),
    ...                    Card("粮草", "事", subtype="事件", cost=0)])
    >>> deck = (["关羽"] * 3 + ["粮草"] * 7, [], ["蜀"])
    >>> state = Game(db).new_initial_state(deck, deck, seed=7)
    >>> while state.is_chance_node():
    ...     state.apply(state.sample_chance())
    >>> me = state.current_player()
    >>> guess = determinize(state.game, information_set(state, me), random.Random(1))
    >>> guess.observation(me) == state.observation(me)
    True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.cards import CardType

if TYPE_CHECKING:
    from engine.game.state import Game, State

HIDDEN = "hidden"
"""The value an information set puts where a pile's cards are not known: ``{"hidden": count}``."""


def information_set(state: State, player: int) -> dict[str, Any]:
    """What ``player`` knows of ``state``: its serialised form (``State.to_json``) with every hidden
    pile replaced by ``{"hidden": count}``, no history and no seed.

    Two states ``player`` cannot tell apart give equal information sets.
    """
    if player not in (0, 1):
        raise ValueError(f"player is 0 or 1, not {player!r}")
    data = state.to_json(history=False)
    enemy = 1 - player
    data["seed"] = 0
    for pile in ("resource", "discard", "out_of_game"):
        data[pile] = [{HIDDEN: len(cards)} for cards in data[pile]]
    data["hand"][enemy] = {HIDDEN: len(data["hand"][enemy])}
    data["pool"][enemy] = {HIDDEN: len(data["pool"][enemy])}
    if not data["command_revealed"] and data["command"][enemy] is not None:
        data["command"][enemy] = {HIDDEN: 1}
    pending = data["pending"]
    if pending is not None and "payment" in pending and state.active != player:
        pending["payment"] = {HIDDEN: len(pending["payment"])}
    choice = data.get("texts", {}).get("choice")
    if choice is not None and choice["player"] != player:  # the chooser alone sees the options
        choice["options"] = {HIDDEN: len(choice["options"])}
    return data


def _blocks(data: dict[str, Any]) -> list[tuple[int, list[int], list[int]]]:
    """(owner, resource-deck ids, pool ids) of each player, from the decklists (docs/engine.md "Card ids")."""
    out = []
    start = 0
    for p, deck in enumerate(data["decks"]):
        n_res, n_pool = len(deck["resource"]), len(deck["pool"])
        out.append((p, list(range(start, start + n_res)), list(range(start + n_res, start + n_res + n_pool))))
        start += n_res + n_pool
    return out


def _seen(data: dict[str, Any]) -> set[int]:
    """Every card id the information set places (outside the hidden piles)."""
    seen: set[int] = set()
    for pile in ("hand", "pool", "casualty", "field"):
        for cards in data[pile]:
            if isinstance(cards, list):
                seen.update(cards)
    seen.update(c for c in data["command"] if isinstance(c, int))
    seen.update(int(g) for g, _z in data["zone"])
    for _g, gear in data["gear"]:
        seen.update(gear)
    seen.update(data["stack"])
    if data["advantage"] is not None:
        seen.add(data["advantage"])
    return seen


def determinize(game: Game, info: dict[str, Any], rng: random.Random) -> State:
    """A state consistent with the information set ``info``: the hidden piles filled at random with
    the cards not seen (each player's own cards, in the counts ``info`` gives), RESOURCE's unseen part
    kept sorted by id as the engine keeps it, a new seed from ``rng``.

    Raises ``ValueError`` if the counts cannot be met from the decklists.
    """
    data = dict(info)
    choice = data.get("texts", {}).get("choice")
    if choice is not None and isinstance(choice["options"], dict):
        raise ValueError("the other player is choosing: his options are not known")
    names = [n for deck in data["decks"] for n in (*deck["resource"], *deck["pool"])]
    seen = _seen(data)
    texts = data.get("texts")
    memory = texts["memory"] if texts else {}
    top = memory.get("top") or [0, 0]
    pending = data["pending"]
    own_paid: list[int] = []
    if pending is not None and isinstance(pending.get("payment"), list):
        own_paid = list(pending["payment"])  # the viewer's own payment: on top of his DISCARD
    for key in ("resource", "discard", "out_of_game", "hand", "pool", "command"):
        data[key] = list(data[key])
    for p, res_ids, pool_ids in _blocks(data):
        unseen = [c for c in res_ids if c not in seen and c not in own_paid]
        unseen_pool = [c for c in pool_ids if c not in seen]
        rng.shuffle(unseen)
        rng.shuffle(unseen_pool)
        if isinstance(data["command"][p], dict):  # placed face down before the coin flip
            pick = next((c for c in unseen_pool if game.db[names[c]].type == CardType.COMMANDMENT), None)
            if pick is None:
                raise ValueError(f"player {p} placed a commandment but his pool holds none")
            unseen_pool.remove(pick)
            data["command"][p] = pick
        if isinstance(data["pool"][p], dict):
            data["pool"][p] = sorted(unseen_pool)
            unseen_pool = []
        unseen += unseen_pool  # a commandment played from the deck (D5) is a resource-deck card anyway

        def take(n: int, p: int = p, unseen: list[int] = unseen) -> list[int]:
            if n > len(unseen):
                raise ValueError(f"player {p}: {n} hidden cards asked for, {len(unseen)} not seen")
            out = unseen[:n]
            del unseen[:n]
            return out

        if isinstance(data["hand"][p], dict):
            data["hand"][p] = take(data["hand"][p][HIDDEN])
        paid = own_paid if own_paid and data["active"] == p else []
        data["discard"][p] = take(data["discard"][p][HIDDEN] - len(paid)) + paid
        data["out_of_game"][p] = take(data["out_of_game"][p][HIDDEN])
        resource = take(data["resource"][p][HIDDEN])
        known, hidden = top[p], data["hidden"][p]
        resource[known : known + hidden] = sorted(resource[known : known + hidden])
        data["resource"][p] = resource
        if unseen:
            raise ValueError(f"player {p}: {len(unseen)} cards not seen have no place")
    if pending is not None and isinstance(pending.get("payment"), dict):  # the enemy's: on top of his DISCARD
        n = pending["payment"][HIDDEN]
        pile = data["discard"][data["active"]]
        pending = dict(pending, payment=pile[len(pile) - n :] if n else [])
        data["pending"] = pending
    data["seed"] = rng.getrandbits(32)
    return game.state_from_json(data)
