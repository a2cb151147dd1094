"""A paper log as a table writes it (ruling G18): unseen face-down cards and unanswered windows.

A judge transcribing a game from score sheets writes what the table saw. Two things the engine needs
are then missing, and :class:`PaperTable` supplies them while a transcribed log is replayed:

- **Unknown face-down cards.** The cards an upkeep, a siege or a text puts from the top of a RESOURCE
  into DISCARD face down are seen by nobody (§3.2.3). A log may leave them out (the next entry is not
  a ``reveal``) or write ``{"type": "reveal", "card": null}`` for each. The replay then places one of
  the unseen cards of that RESOURCE (the lowest id: any will do) and keeps it as an *unknown* card: a
  stand-in whose name is not known. When a later entry names a card that only an unknown card can
  be (a ``reveal`` of a card no longer in the unseen part of RESOURCE, a hand card the hand holds only
  as an unknown, e.g. one recycled from DISCARD and drawn back), the stand-in is exchanged with a card
  of that name from the unknowns of that player; if none of them can have that name the entry is
  refused under ruling G18.
- **Unanswered response windows.** A window in which nothing was played needs no ``pass``: an entry
  that is not an answer in that window (``counter``, ``pass``, or ``activate`` by the answering
  player) closes it as a pass, then is read as usual.

The replay calls :meth:`PaperTable.before` before it reads each entry, :meth:`PaperTable.resolve`
instead of ``engine.log.resolve_action``, and :meth:`PaperTable.after` once the entry is applied.

    >>> from engine.cards import starter_database
    >>> from engine.game import Game
    >>> deck = (["裴元绍", "何仪", "程远志", "邓茂"] * 3, [], ["黄巾"])
    >>> state = Game(starter_database()).new_initial_state(deck, deck)
    >>> paper = PaperTable()
    >>> paper.unknown
    set()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.game import Action, IllegalAction, Pass, Reveal, State
from engine.game.actions import HAND, PAY
from engine.game.terms import Area, Phase
from engine.log import CARD_FIELDS, LogFormatError, resolve_action
from engine.messages import seat

RULE = "ruling G18"
ANSWERS = frozenset({"counter", "pass"})
"""Entry types that always answer in a response window (``activate`` may be either)."""


def face_down_due(state: State) -> int | None:
    """The player whose RESOURCE owes cards to DISCARD face down (upkeep, depletion, a text), or None."""
    chance = state.chance
    if chance is None or len(chance) > 4 or chance[2] is not Area.DISCARD:
        return None
    return int(chance[0])


class PaperTable:
    """The unknown cards of a transcribed log being replayed, and the implicit steps (ruling G18)."""

    def __init__(self) -> None:
        self.unknown: set[int] = set()
        """Ids of cards placed face down without a name (outside the unseen part of RESOURCE)."""
        self._placing: int | None = None

    # --- the three calls of the replay -------------------------------------------------------------

    def before(
        self, state: State, raw: Any, *, actor: Any = None, apply: Callable[[Action], None] | None = None
    ) -> list[Action]:
        """Apply what the entry ``raw`` (by ``actor``, if the log says) implies happened before it; the
        actions applied, in order.

        Fills face-down cards left out and closes unanswered windows (as passes), then makes the cards
        the entry names available among the unknown ones. Raises :class:`IllegalAction` (ruling G18)
        when the entry names a card none of the unknowns can be, or writes an unknown card where no
        card goes face down.
        """
        run = apply or state.apply
        done: list[Action] = []
        kind = raw.get("type") if type(raw) is dict else None
        while True:
            player = face_down_due(state)
            if player is not None and kind != "reveal":
                done.append(self._fill(state, player, run))
                continue
            if state.phase is Phase.RESPONSE and state.chance is None and not self._answers(state, raw, kind, actor):
                run(Pass())
                done.append(Pass())
                continue
            break
        if kind == "reveal":
            if raw.get("card") is None:
                if face_down_due(state) is None:
                    raise IllegalAction("paper.unknown_not_face_down", {}, RULE)
            else:
                self._name_reveal(state, raw["card"])
        elif kind in CARD_FIELDS and self.unknown:
            self._name_in_hand(state, raw, kind)
        return done

    def resolve(self, state: State, raw: Any, where: str = "action") -> Action:
        """The engine action of ``raw`` (``engine.log.resolve_action``), an unknown face-down card included."""
        if type(raw) is dict and raw.get("type") == "reveal" and raw.get("card") is None and len(raw) == 2:
            player = face_down_due(state)
            if player is not None:
                card = self._next_unseen(state, player)
                self._placing = card
                return Reveal(state.names[card])
        return resolve_action(state, raw, where)

    def after(self, state: State) -> None:
        """The entry was applied: an unknown card it placed is now kept as such."""
        if self._placing is not None:
            card, self._placing = self._placing, None
            if card in state.discard[state.owner[card]]:
                self.unknown.add(card)

    # --- inside ---------------------------------------------------------------------------------------

    @staticmethod
    def _next_unseen(state: State, player: int) -> int:
        top = state.rules.known_top(state, player)
        return state.resource[player][top]

    def _fill(self, state: State, player: int, run: Callable[[Action], None]) -> Action:
        card = self._next_unseen(state, player)
        action = Reveal(state.names[card])
        run(action)
        self.unknown.add(card)
        return action

    @staticmethod
    def _answers(state: State, raw: Any, kind: Any, actor: Any) -> bool:
        if kind in ANSWERS:
            return True
        if kind != "activate":
            return False
        if actor in (0, 1) and type(actor) is int:
            return bool(actor == state.deciding)
        try:
            action = resolve_action(state, raw)
        except LogFormatError:  # not readable as an answer: the entry is read after the window
            return False
        return state.validate(action) is None

    def _unknowns_of(self, state: State, player: int) -> list[int]:
        """The cards of ``player`` whose names the table does not know: the unseen part of RESOURCE, the
        unknown ones."""
        top = state.rules.known_top(state, player)
        hidden = state.resource[player][top : top + state.hidden[player]]
        return hidden + [c for c in self._stand_ins(state, player) if c not in hidden]

    def _stand_ins(self, state: State, player: int) -> list[int]:
        """The unknown cards of ``player`` still face down or in his hand (a card played since is named)."""
        places = (state.discard[player], state.out_of_game[player], state.resource[player], state.hand[player])
        return sorted(c for c in self.unknown if state.owner[c] == player and any(c in pile for pile in places))

    def _canonical(self, state: State, name: Any) -> str | None:
        if type(name) is not str or "#" in name:
            return None
        known = state.game.db.lookup(name)
        return known.name if known is not None else None

    def _refuse(self, state: State, player: int, name: str) -> IllegalAction:
        count = len(self._stand_ins(state, player))
        return IllegalAction(
            "paper.cannot_be_unknown", {"player": seat(player), "name": {"name": name}, "count": count}, RULE
        )

    def _name_reveal(self, state: State, ref: Any) -> None:
        """A reveal from RESOURCE names a card: if only an unknown card can be it, exchange them."""
        chance = state.chance
        name = self._canonical(state, ref)
        if chance is None or len(chance) > 4 or name is None:
            return
        player = int(chance[0])
        names = state.names
        top = state.rules.known_top(state, player)
        hidden = state.resource[player][top : top + state.hidden[player]]
        if any(names[c] == name for c in hidden) or not hidden:
            return
        stand_ins = self._stand_ins(state, player)
        stand_in = next((c for c in stand_ins if names[c] == name), None)
        if stand_in is None:
            if stand_ins:
                raise self._refuse(state, player, name)
            return  # nothing unknown: the engine says why
        self._swap(state, stand_in, hidden[0])

    def _name_in_hand(self, state: State, raw: dict[str, Any], kind: str) -> None:
        """Hand cards the entry names that the hand holds only as unknown cards become those cards."""
        player = state.current_player()
        if player not in (0, 1):
            return
        hand = state.hand[player]
        stand_ins = [c for c in hand if c in self.unknown]
        if not stand_ins:
            return
        wanted: Counter[str] = Counter()
        for field, place in CARD_FIELDS[kind].items():
            if place not in (HAND, PAY) or field not in raw:
                continue
            refs = raw[field] if type(raw[field]) is list else [raw[field]]
            for ref in refs:
                name = self._canonical(state, ref)
                if name is not None:
                    wanted[name] += 1
        names = state.names
        have = Counter(names[c] for c in hand if c not in self.unknown)
        for name, need in sorted(wanted.items()):
            for _ in range(need - have[name]):
                if not stand_ins:
                    return  # more than the hand holds: the engine says why
                stand_in = stand_ins.pop(0)
                if names[stand_in] == name:
                    self.unknown.discard(stand_in)
                    continue
                other = next((c for c in self._unknowns_of(state, player) if names[c] == name and c not in hand), None)
                if other is None:
                    raise self._refuse(state, player, name)
                self._swap(state, stand_in, other)
                self.unknown.discard(other)

    def _swap(self, state: State, a: int, b: int) -> None:
        """Exchange two cards of one player in the face-down piles (their names were not known)."""
        player = state.owner[a]
        gone = list(state.out_of_game[player])  # a tuple shared by clones: swapped in a copy, then replaced
        where: dict[int, tuple[list[int], int]] = {}
        for pile in (state.resource[player], state.hand[player], state.discard[player], gone):
            for i, c in enumerate(pile):
                if c == a or c == b:
                    where[c] = (pile, i)
        if len(where) != 2:
            return
        (pa, ia), (pb, ib) = where[a], where[b]
        pa[ia], pb[ib] = b, a
        if gone != list(state.out_of_game[player]):
            pair = list(state.out_of_game)
            pair[player] = tuple(gone)
            state.out_of_game = (pair[0], pair[1])
        top = state.rules.known_top(state, player)
        hidden = state.resource[player][top : top + state.hidden[player]]
        state.resource[player][top : top + state.hidden[player]] = sorted(hidden)
        for card in (a, b):  # a card in the unseen part of RESOURCE needs no mark; one outside it does
            if card in hidden:
                self.unknown.discard(card)
            else:
                self.unknown.add(card)
