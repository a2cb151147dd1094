"""The game and its states: ``Game(db).new_initial_state(deck_a, deck_b, seed=...)``.

A state is changed only by :meth:`State.apply`, which checks the action first (``validate`` never
changes anything) and raises :class:`IllegalAction` with the rule and a reason, leaving the state as
it was. Who acts is :meth:`State.current_player`: a player (0 or 1), ``CHANCE`` or ``TERMINAL``.
The rules themselves live in one module per rule area (see ``docs/engine.md``); this module holds the
data, the serialised form and the entry points, which dispatch through the state's :class:`Rules`
table (``engine.game.rules`` builds it: this module imports no rule area).
"""

from __future__ import annotations

import copy
import functools
import random
import struct
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from engine.cards import GENERALS_ORDER, NO_FACTION, Card, CardDatabase, CardType, deck_factions
from engine.game.actions import (
    ACTION_KINDS,
    Action,
    ActivateEffect,
    CoinFlip,
    LegalAction,
    Reveal,
    action_fields,
    action_from_json,
)
from engine.game.decks import Deck
from engine.game.errors import IllegalAction, LogError
from engine.game.terms import CHANCE, TERMINAL, Area, Outcome, Phase, Zone, hand_limit
from engine.game.wiring import Rules
from engine.messages import Message, card, seat
from engine.messages import card as card_ref

STATE_FORMAT = "junling-game/1"
_SEQUENCES = (list, tuple)
_STR = {str}


class Game:
    """The fixed part of a game: the card database and the rules (a :class:`Rules` table). Makes states.

    ``engine.game.Game(db)`` is this with the rules of Junling (``engine.game.rules.RULES``).
    A deck is ``(resource_names, pool_names, declared_factions)`` or an ``engine.decklist.Decklist``.
    """

    def __init__(self, db: CardDatabase, rules: type[Rules]) -> None:
        self.db = db
        self.rules = rules
        self._text_info: dict[str, tuple[Any, ...]] = {}
        self._indexes: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self._cards: dict[tuple[str, ...], tuple[Card, ...]] = {}
        self._decks: dict[tuple[tuple[str, ...], ...], Deck] = {}
        self._layouts: dict[tuple[Deck, ...], tuple[Any, ...]] = {}

    def text_info(self, card: Card) -> tuple[Any, ...]:
        """(whether the card's text reaches beyond itself on the battlefield, the events it listens to,
        its spec's keys, the flags it names, whether a static speaks of its own general, whether one
        reaches others); cached per card name."""
        info = self._text_info.get(card.name)
        if info is None:
            spec = card.effect or {}
            on = spec.get("on")
            flags = tuple(f if isinstance(f, str) else f["flag"] for f in spec.get("flags", ()))
            statics = spec.get("static", ())
            own = any(st.get("to", "self") == "self" for st in statics)
            others = any(st.get("to", "self") != "self" for st in statics)
            info = (_is_aura(card), tuple(on) if on else (), tuple(spec), flags, own, others)
            self._text_info[card.name] = info
        return info

    def new_initial_state(self, deck_a: Any, deck_b: Any, seed: int = 0) -> State:
        """A new game between deck_a (player 0) and deck_b (player 1), before the commandment choice."""
        return self.rules.new_state(self, self._deck(deck_a), self._deck(deck_b), seed)

    def _deck(self, deck: Any) -> Deck:
        """``rules.resolve_deck`` of ``deck``; a deck given as three lists of names (a log's header) is
        resolved once per game (a replay meets the same decks log after log)."""
        if type(deck) in _SEQUENCES and len(deck) == 3 and all(type(part) in _SEQUENCES for part in deck):
            types = set(map(type, deck[0]))
            types.update(map(type, deck[1]), map(type, deck[2]))
            if types <= _STR:  # only names: equal keys are the same deck (1 == True would not be)
                key = (tuple(deck[0]), tuple(deck[1]), tuple(deck[2]))
                resolved = self._decks.get(key)
                if resolved is None:
                    resolved = self.rules.resolve_deck(self.db, deck)
                    if len(self._decks) < 64:
                        self._decks[key] = resolved
                return resolved
        return self.rules.resolve_deck(self.db, deck)

    def unsupported_cards(self, deck: Any) -> list[tuple[str, str]]:
        """(name, reason) of every card of ``deck`` the engine cannot play (``Card.unsupported``).

        A refereed match refuses such a deck; deck legality does not depend on it.
        """
        d = self.rules.resolve_deck(self.db, deck)
        seen: dict[str, str] = {}
        for name in (*d.resource, *d.pool):
            reason = self.db[name].unsupported
            if reason and name not in seen:
                seen[name] = reason
        return list(seen.items())

    def state_from_json(self, data: dict[str, Any]) -> State:
        """The state serialised by :meth:`State.to_json` (exact round trip)."""
        return State.from_json(self, data)


class History(Sequence[Action]):
    """The actions applied to a game so far: a persistent, immutable list that clones share.

    ``EMPTY_HISTORY`` is the empty one; ``history.plus(action)`` is a new history one longer (O(1)); the old
    one is unchanged. Reads like a tuple (``len``, iteration, indexing, slicing; equal to a list or tuple of
    the same actions); the actions in order are built once per history, when first asked for.

    The class has no ``__init__``: ``History()`` is a bare node whose slots :meth:`plus` sets (a class
    without a Python ``__init__`` makes its objects fastest, and the replay makes one per action).
    """

    __slots__ = ("_items", "_last", "_len", "_prev")
    _prev: History | None
    _last: Action | None
    _len: int
    _items: tuple[Action, ...] | None

    @classmethod
    def of(cls, actions: Iterable[Action]) -> History:
        """A history of ``actions`` in order."""
        h = EMPTY_HISTORY
        for a in actions:
            h = h.plus(a)
        return h

    def plus(self, action: Action) -> History:
        """This history followed by ``action``."""
        node = History()
        node._prev = self
        node._last = action
        node._len = self._len + 1
        node._items = None
        return node

    def _tuple(self) -> tuple[Action, ...]:
        items = self._items
        if items is None:
            tail: list[Action] = []
            node: History = self
            while node._items is None:
                tail.append(node._last)  # type: ignore[arg-type]
                node = node._prev  # type: ignore[assignment]
            tail.reverse()
            items = self._items = node._items + tuple(tail)
        return items

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __iter__(self) -> Iterator[Action]:
        return iter(self._tuple())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return list(self._tuple()[index])
        if index == -1 and self._len:
            return self._last  # type: ignore[return-value]
        return self._tuple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self is other or (self._len == other._len and self._tuple() == other._tuple())
        if isinstance(other, (list, tuple)):
            return len(other) == self._len and list(self._tuple()) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> History:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self  # immutable (and a deep copy node by node would recurse once per action)

    def __reduce__(self) -> tuple[Any, ...]:
        # a module-level function, not the bound classmethod: some libraries (Twisted) replace how
        # bound methods pickle, process-wide
        return (_history_of, (self._tuple(),))

    def __repr__(self) -> str:
        return f"History({list(self._tuple())!r})"


def _empty_history() -> History:
    """The root of every history (made once: ``History()`` alone is a bare node)."""
    root = History()
    root._prev = root._last = None
    root._len = 0
    root._items = ()
    return root


EMPTY_HISTORY = _empty_history()


class State:
    """One moment of a game. Mutable: :meth:`apply` changes it in place (use :meth:`clone` to branch)."""

    __slots__ = (
        "acted",
        "activated",
        "active",
        "advantage",
        "alike",
        "attacked",
        "auras",
        "cards",
        "carrier",
        "casualty",
        "chance",
        "choice",
        "command",
        "command_revealed",
        "deciding",
        "decks",
        "discard",
        "factions",
        "field",
        "first",
        "flagged",
        "frames",
        "fresh",
        "game",
        "gear",
        "hand",
        "hidden",
        "history",
        "hooks",
        "keyed",
        "limit",
        "listeners",
        "memory",
        "modifiers",
        "moved",
        "names",
        "now",
        "out_of_game",
        "outcome",
        "owner",
        "pending",
        "phase",
        "pool",
        "resource",
        "rules",
        "seed",
        "self_static",
        "stack",
        "table_static",
        "texts",
        "tmem",
        "top",
        "turn",
        "zone",
    )

    def __init__(self, game: Game, decks: Sequence[Deck], seed: int) -> None:
        self.game = game
        self.rules = game.rules
        self.seed = seed
        self.decks = tuple(decks)
        layout = game._layouts.get(self.decks)
        if layout is None:
            layout = _layout(game, self.decks)
            if len(game._layouts) < 64:
                game._layouts[self.decks] = layout
        # fixed for the whole game, immutable, shared by clones (a replay meets the same decks log after log)
        self.names, self.owner, resource, self.pool, self.cards, self.factions, self.limit, self.texts, self.alike = (
            layout
        )
        self.resource: list[list[int]] = [list(resource[0]), list(resource[1])]
        self.listeners: list[int] = []
        self.auras: set[int] = set()
        self.hooks: dict[str, list[int]] = {}
        self.keyed: dict[str, list[int]] = {}
        self.self_static: set[int] = set()
        self.table_static: list[int] = []
        self.flagged: dict[str, list[int]] = {}
        if self.texts:
            key = (self.names, len(self.resource[0]), len(self.pool[0]))
            cached = game._indexes.get(key)
            if cached is None:
                in_pool = {c for pile in self.pool for c in pile}
                for i in range(len(self.cards)):
                    if i not in in_pool:  # a commandment is indexed once it is placed in COMMAND
                        self._index(i)
                cached = (
                    self.auras,
                    self.listeners,
                    self.hooks,
                    self.keyed,
                    self.flagged,
                    self.self_static,
                    self.table_static,
                )
                if len(game._indexes) < 64:
                    game._indexes[key] = cached
            # shared between states of the same decks: index_commandment copies before it adds
            (
                self.auras,
                self.listeners,
                self.hooks,
                self.keyed,
                self.flagged,
                self.self_static,
                self.table_static,
            ) = cached
        self.hidden = [len(self.resource[0]), len(self.resource[1])]
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.casualty: list[list[int]] = [[], []]
        self.out_of_game: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        """Immutable, shared by clones (:meth:`put_out_of_game`)."""
        self.command: list[int | None] = [None, None]
        self.command_revealed = False
        self.advantage: int | None = None
        self.field: list[list[int]] = [[], []]
        self.zone: dict[int, Zone] = {}
        self.gear: dict[int, tuple[int, ...]] = {}
        """Each general's equipment, as tuples (replaced, never changed in place: clones share them)."""
        self.carrier: dict[int, int] = {}
        self.stack: list[int] = []
        self.turn = 0
        self.active = 0
        self.first: int | None = None
        self.phase = Phase.COMMANDMENT
        self.deciding = 0
        self.pending: Action | None = None
        self.chance: list[Any] | None = None
        self.acted: set[int] = set()
        self.fresh: set[int] = set()
        self.activated: set[int] = set()
        self.modifiers: list[list[Any]] = []
        self.moved: set[int] = set()
        self.attacked: set[int] = set()
        self.frames: list[list[Any]] = []
        self.choice: dict[str, Any] | None = None
        self.memory: dict[str, Any] = {}
        self.tmem: dict[str, Any] = {}
        self.now: dict[str, Any] = {}
        self.top: list[int] | None = None
        """Cards looked at on top of each RESOURCE (郭嘉); the same list as ``memory["top"]``."""
        self.outcome: Outcome | None = None
        self.history: History = EMPTY_HISTORY

    def _index(self, i: int) -> None:
        """Add card ``i`` to the indexes of texts (in place: only while the state is being built)."""
        aura, events, keys, flags, own_static, other_static = self.game.text_info(self.cards[i])
        if aura:
            self.auras.add(i)
        if events:
            self.listeners.append(i)
            for e in events:
                self.hooks.setdefault(e, []).append(i)
        for k in keys:
            self.keyed.setdefault(k, []).append(i)
        if own_static:
            self.self_static.add(i)
        if other_static:
            self.table_static.append(i)
        for f in flags:
            self.flagged.setdefault(f, []).append(i)

    def index_commandment(self, card: int) -> None:
        """A commandment placed in COMMAND joins the indexes of texts; the indexes are copied first
        because clones share them."""
        if not self.texts or not self.cards[card].effect:
            return
        self.auras = set(self.auras)
        self.listeners = list(self.listeners)
        self.hooks = {k: list(v) for k, v in self.hooks.items()}
        self.keyed = {k: list(v) for k, v in self.keyed.items()}
        self.flagged = {k: list(v) for k, v in self.flagged.items()}
        self.self_static = set(self.self_static)
        self.table_static = list(self.table_static)
        self._index(card)

    def take_from_pool(self, player: int, card: int) -> None:
        """Take ``card`` out of ``player``'s commandment pool. The piles are tuples, replaced, never changed
        in place: clones share them (the pool changes once a game)."""
        pile = list(self.pool[player])
        pile.remove(card)
        self.pool = (tuple(pile), self.pool[1]) if player == 0 else (self.pool[0], tuple(pile))

    def put_out_of_game(self, player: int, card: int) -> None:
        """Put ``card`` in ``player``'s OUT OF GAME. The piles are tuples, replaced, never changed in
        place: clones share them (cards rarely go there)."""
        a, b = self.out_of_game
        self.out_of_game = ((*a, card), b) if player == 0 else (a, (*b, card))

    # --- who acts ---------------------------------------------------------------------------

    def current_player(self) -> int:
        """0 or 1, ``CHANCE`` (-1) when a chance event is due, ``TERMINAL`` (-2) when the game is over."""
        if self.outcome is not None:
            return TERMINAL
        if self.chance is not None or self.phase is _COIN_FLIP:
            return CHANCE
        return self.deciding

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.outcome is not None

    def is_chance_node(self) -> bool:
        """True when the next action is a chance event."""
        return self.outcome is None and (self.chance is not None or self.phase is _COIN_FLIP)

    # --- actions ----------------------------------------------------------------------------

    def validate(self, action: Action) -> IllegalAction | None:
        """None if ``action`` is legal now, else the :class:`IllegalAction` saying why. Never changes the state."""
        if self.outcome is not None:
            return IllegalAction("refusal.game_over", {"reason": self.outcome.param()}, "§1.4")
        rule = self.rules.actions.get(type(action))
        if self.chance is not None:
            if type(action) is Reveal:
                return self.rules.check_reveal(self, action.card)
            return IllegalAction("refusal.chance_due", {}, "ruling G12")
        if rule is None:
            if type(action) is Reveal:
                if self.turn == 1 and self.active == self.first and self.phase is Phase.MAIN:
                    # the first player's draw on turn 1: he skips it (§3.3.6, ruling G1)
                    return IllegalAction(
                        "refusal.first_player_no_draw", {"player": seat(self.active)}, "§3.3.6, ruling G1"
                    )
                return IllegalAction("refusal.no_reveal_pending", {}, "ruling G12")
            return IllegalAction("refusal.unknown_action", {"action": repr(action)}, "§3.9")
        check, _do, phase = rule
        if type(action) is ActivateEffect and self.phase is _RESPONSE:
            return self.rules.check_respond(self, action)
        if phase is not self.phase:
            if self.phase is Phase.RESPONSE:
                return IllegalAction("refusal.window_open", self.open_window(action), "ruling G11")
            if self.phase in (Phase.CHOICE, Phase.NAMING):
                return IllegalAction(
                    "refusal.choice_waits",
                    {"phase": {"term": f"phase.{self.phase}"}, "kind": {"term": f"action.{action.kind}"}},
                    _PHASE_RULE[self.phase],
                )
            if self.phase is Phase.HAND_LIMIT:
                return IllegalAction("refusal.hand_limit_due", self.hand_limit_due(action), "§2.2.5")
            rule_of = _PHASE_RULE[phase]
            return IllegalAction(
                "refusal.wrong_phase",
                {"kind": {"term": f"action.{action.kind}"}, "phase": {"term": f"phase.{self.phase}"}},
                rule_of,
            )
        if type(action) in _PLAYS_FROM_HAND and self._commandment_from_deck(action):
            c = action.card  # type: ignore[attr-defined]
            return IllegalAction("refusal.commandment.from_deck", {"card": card(self.names, c)}, "ruling D5")
        result: IllegalAction | None = check(self, action)
        return result

    def _commandment_from_deck(self, action: Action) -> bool:
        """Whether ``action`` (a kind that plays a card from hand) plays a commandment in hand: one drawn from
        the resource deck, never used (ruling D5)."""
        c = action.card  # type: ignore[attr-defined]
        return (
            isinstance(c, int)
            and 0 <= c < len(self.cards)
            and self.cards[c].type == _COMMANDMENT
            and c in self.hand[self.deciding]
        )

    def open_window(self, action: Action | None = None) -> dict[str, Any]:
        """The open response window as message parameters: who answers, the action answered and its card."""
        pending = self.pending
        params: dict[str, Any] = {"player": seat(self.deciding)}
        if pending is not None:
            params["pending"] = {"term": f"action.{pending.kind}"}
            main = next((getattr(pending, f) for f in _MAIN_CARD if getattr(pending, f, None) is not None), None)
            params["card"] = card(self.names, main) if main is not None else {"term": "word.none"}
        if action is not None:
            params["kind"] = {"term": f"action.{action.kind}"}
        return params

    def hand_limit_due(self, action: Action | None = None) -> dict[str, Any]:
        """The hand-limit discard due as message parameters: who, how many held, the limit, the excess."""
        p = self.deciding
        limit = self.rules.hand_limit(self, p)
        held = len(self.hand[p])
        params: dict[str, Any] = {"player": seat(p), "held": held, "limit": limit, "excess": held - limit}
        if action is not None:
            params["kind"] = {"term": f"action.{action.kind}"}
        return params

    def apply(self, action: Action) -> None:
        """Apply a legal action (player or chance) in place; raise :class:`IllegalAction` otherwise."""
        rules = self.rules
        kind = type(action)
        rule = rules.actions.get(kind)
        if (
            rule is not None
            and rule[2] is self.phase
            and self.outcome is None
            and self.chance is None
            and (kind not in _PLAYS_FROM_HAND or not self._commandment_from_deck(action))
        ):
            # the commonest case, what validate then the dispatch below do in it: the action's own check, then it
            error = rule[0](self, action)
            if error is not None:
                raise error
            # self.history.plus(action), inline: a new node, its slots set as plus sets them
            node = History()
            node._prev = prev = self.history
            node._last = action
            node._len = prev._len + 1
            node._items = None
            self.history = node
            rule[1](self, action)
            if self.frames:
                rules.proceed(self)
            return
        self.apply_checked(action)

    def apply_checked(self, action: Action) -> None:
        """:meth:`apply` the long way, right in every case: :meth:`validate`, then the dispatch (``apply``'s
        short way does the same for its commonest case; tests compare the two)."""
        error = self.validate(action)
        if error is not None:
            raise error
        self.history = self.history.plus(action)
        rules = self.rules
        if type(action) is Reveal:
            rules.apply_reveal(self, action.card)
        elif type(action) is ActivateEffect and self.phase is _RESPONSE:
            rules.do_respond(self, action)
        else:
            rules.actions[type(action)][1](self, action)
        if self.frames:
            rules.proceed(self)

    def apply_drawn_reveal(self, action: Reveal) -> None:
        """Apply the chance outcome :meth:`sample_chance` gave on this state (a checked replay's reveal whose
        name is the seed's own draw), without validating it again: drawn from the very cards
        ``check_reveal`` accepts, it is legal. Anything else goes through :meth:`apply`."""
        self.history = self.history.plus(action)
        rules = self.rules
        rules.apply_reveal(self, action.card)
        if self.frames:
            rules.proceed(self)

    def apply_seed_reveal(self, action: Reveal) -> bool:
        """Apply ``action`` (a :class:`Reveal`) if its card is the one the seed draws from the pending RESOURCE
        now (what :meth:`drawn_name` gives, then :meth:`apply_drawn_reveal`, in one call: a checked replay's
        commonest entry); True if applied. False, the state untouched, for anything else (no reveal pending, a reveal
        from a hand, another name): the caller then goes the long way (``drawn_name``, ``apply``)."""
        chance = self.chance
        if chance is None or len(chance) > 4:
            return False
        player = chance[0]
        tops = self.top
        top = tops[player] if tops is not None else 0  # known_top, inline
        # _mix(seed, step), read from the _LANES steps from the last one computed together for the last seed seen
        # (one tuple read and replaced whole: threads replaying other logs never see a seed with another's values)
        global _MIXED
        seed = self.seed
        history = self.history
        step = history._len
        mixed = _MIXED
        lane = step - mixed[1]
        if mixed[0] is not seed or not 0 <= lane < _LANES:
            mixed = _MIXED = (seed, step, _mixes(seed, step))
            lane = 0
        at = top + mixed[2][lane] % self.hidden[player]
        resource = self.resource[player]
        card = resource[at]
        if self.names[card] != action.card:
            return False
        # the card taken is the first of that name in the unseen part, which is sorted by id (what apply_reveal's
        # scan by name finds): the lowest id of the name still there, the drawn card itself if none lower is
        below, run = self.alike[card]
        for lower in below:  # rare: copies not next to this one (another deck's, say)
            i = bisect_left(resource, lower, top, at)
            if resource[i] == lower:
                at = i
                break
        else:  # the cards just before it from run on have its name (a deck holds few copies: a step or two back)
            while at > top and resource[at - 1] >= run:
                at -= 1
        node = History()  # self.history.plus(action), inline as in apply
        node._prev = history
        node._last = action
        node._len = step + 1
        node._items = None
        self.history = node
        rules = self.rules
        rules.reveal_at(self, at)
        if self.frames:
            rules.proceed(self)
        return True

    def legal_actions(self) -> list[LegalAction]:
        """What the player to act may do: concrete actions and :class:`PaymentChoice` descriptors.

        Empty at a chance node (see :meth:`chance_outcomes`) and at the end.
        """
        if self.outcome is not None or self.chance is not None:
            return []
        legal = self.rules.legal.get(self.phase)
        return legal(self) if legal is not None else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (distinct card names of the unseen part)."""
        if self.outcome is not None:
            return []
        if self.phase is _COIN_FLIP and self.chance is None:
            return [(CoinFlip(0), 0.5), (CoinFlip(1), 0.5)]
        if self.chance is None:
            return []
        player = self.chance[0]
        top = self.rules.known_top(self, player)
        pile = self.hand[player] if len(self.chance) > 4 else self.resource[player][top : top + self.hidden[player]]
        hidden = len(pile)
        counts: dict[str, int] = {}
        for c in pile:
            name = self.names[c]
            counts[name] = counts.get(name, 0) + 1
        return [(Reveal(name), n / hidden) for name, n in counts.items()]

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A chance outcome drawn from ``rng``, or by default from (seed, step) through a fixed hash.

        The default makes a refereed game a function of the decks, the seed and the players' actions,
        and needs no generator state in the serialised game.
        """
        if self.chance is None:
            n = 2
        else:
            if rng is None:
                return Reveal(self.drawn_name())  # type: ignore[arg-type]
            player = self.chance[0]
            pile = self.hand[player] if len(self.chance) > 4 else self.resource[player]
            n = len(pile) if len(self.chance) > 4 else self.hidden[player]
            offset = 0 if len(self.chance) > 4 else self.rules.known_top(self, player)
        pick = rng.randrange(n) if rng is not None else _mix(self.seed, len(self.history)) % n
        if self.chance is None:
            return CoinFlip(pick)
        return Reveal(self.names[pile[offset + pick]])

    def drawn_name(self) -> str | None:
        """The name of the card the seed draws at the pending reveal: the ``card`` of :meth:`sample_chance`
        without a generator, without building the action (a checked replay compares it with the log's);
        None when no reveal is pending (a coin flip, or no chance event)."""
        chance = self.chance
        if chance is None:
            return None
        player = chance[0]
        if len(chance) > 4:  # at random from a hand
            pile = self.hand[player]
            return self.names[pile[_mix(self.seed, self.history._len) % len(pile)]]
        offset = self.rules.known_top(self, player)
        return self.names[self.resource[player][offset + _mix(self.seed, self.history._len) % self.hidden[player]]]

    # --- looking at the table -----------------------------------------------------------------

    def card_name(self, card: int) -> str:
        """The name of the card with id ``card``."""
        return self.names[card]

    def label(self, card: int) -> str:
        """A card as a judge says it: name and id."""
        if isinstance(card, int) and 0 <= card < len(self.names):
            return f"{self.names[card]} (#{card})"
        return f"card #{card!r}"

    def on_table(self, card: int) -> bool:
        """True if the card is on the battlefield (a general or equipment), in COMMAND or in ADVANTAGE."""
        return card in self.zone or card in self.carrier or card == self.advantage or card in self.command

    def area_of(self, card: int) -> Area:
        """The area a card is in (slow: for tests and tools)."""
        for area, piles in self._piles():
            if any(card in pile for pile in piles):
                return area
        raise KeyError(card)

    def _piles(self) -> list[tuple[Area, Sequence[Sequence[int]]]]:
        cmd = [[c] for c in self.command if c is not None]
        return [
            (Area.RESOURCE, self.resource),
            (Area.HAND, self.hand),
            (Area.DISCARD, self.discard),
            (Area.CASUALTY, self.casualty),
            (Area.BATTLEFIELD, [list(self.zone), list(self.carrier)]),
            (Area.COMMAND, cmd),
            (Area.ADVANTAGE, [[self.advantage]] if self.advantage is not None else []),
            (Area.STACK, [self.stack]),
            (Area.POOL, self.pool),
            (Area.OUT_OF_GAME, self.out_of_game),
        ]

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as a JSON-ready dict (hidden cards appear as counts only)."""
        return self.rules.observation(self, player)

    # --- the one game interface (engine.interface.State) ----------------------------------------

    def to_act(self) -> list[int]:
        """The players who must act now: one, or none at a chance event and at the end."""
        current = self.current_player()
        return [current] if current >= 0 else []

    def result(self) -> dict[str, Any] | None:
        """The result as every game states it (``winners``, ``placement``, ``scores``, ``termination``; the
        card game has no score), None while the game runs.

        >>> from engine.interface import default_game, play
        >>> game = default_game("generals-order")
        >>> end = play(game.new_initial_state(5), [game.bot("random", 1), game.bot("random", 2)])
        >>> r = end.result()
        >>> r["winners"] == [end.outcome.winner], sorted(r["placement"]), r["scores"]
        (True, [1, 2], [0, 0])
        """
        if self.outcome is None:
            return None
        winner = self.outcome.winner
        return {
            "system": GENERALS_ORDER,
            "winners": [winner],
            "placement": [1 if p == winner else 2 for p in (0, 1)],
            "scores": [0, 0],
            "termination": str(self.outcome.to_json()["termination"]),
            "detail": self.outcome.to_json(),
        }

    def conceded(self, player: int) -> dict[str, Any]:
        """The result if ``player`` concedes now (the match's end, not an action of the game: the state is not
        changed): the other player wins, ``termination`` ``concession``, ``conceded_by`` names the seat."""
        winner = 1 - player
        return {
            "system": GENERALS_ORDER,
            "winners": [winner],
            "placement": [1 if p == winner else 2 for p in (0, 1)],
            "scores": [0, 0],
            "termination": "concession",
            "conceded_by": player,
        }

    def returns(self) -> list[float]:
        """Per player at the end: 1 to the winner, 0 to the loser; all 0 while the game runs."""
        out = [0.0, 0.0]
        if self.outcome is not None:
            out[self.outcome.winner] = 1.0
        return out

    def step_count(self) -> int:
        """The card game notes no steps of its own: its feed is told from each action (``engine.game.narrate``)."""
        return 0

    def steps_since(self, n: int) -> list[dict[str, Any]]:
        """No noted steps (see :meth:`step_count`)."""
        return []

    def log(self) -> list[dict[str, Any]]:
        """The history as actions' JSON (``Game.log_from_json`` reads it back; the signed log of a match is
        ``engine.log``'s, which names cards)."""
        return [a.to_json() for a in self.history]

    # --- copying and serialising ---------------------------------------------------------------

    def clone(self) -> State:
        """An independent copy (for look-ahead); cheap: what never changes is shared (the game, the
        cards, the decks, the history, which is persistent: :class:`History`), the rest is copied,
        empty containers made anew and card texts' JSON-like bookkeeping copied only when not empty."""
        new = _new_state(State)
        new.game = self.game
        new.rules = self.rules
        new.seed = self.seed
        new.decks = self.decks
        new.names = self.names
        new.alike = self.alike
        new.owner = self.owner
        new.cards = self.cards
        new.texts = self.texts
        new.listeners = self.listeners  # the text indexes are shared: index_commandment copies first
        new.auras = self.auras
        new.hooks = self.hooks
        new.keyed = self.keyed
        new.flagged = self.flagged
        new.self_static = self.self_static
        new.table_static = self.table_static
        new.factions = self.factions
        new.limit = self.limit
        new.command_revealed = self.command_revealed
        new.advantage = self.advantage
        new.turn = self.turn
        new.active = self.active
        new.first = self.first
        new.phase = self.phase
        new.deciding = self.deciding
        new.pending = self.pending
        new.outcome = self.outcome
        new.history = self.history
        new.pool = self.pool  # tuples: take_from_pool replaces them
        new.out_of_game = self.out_of_game  # likewise: put_out_of_game
        a, b = self.resource
        new.resource = [a[:], b[:]]
        a, b = self.hand
        new.hand = [a[:], b[:]]
        a, b = self.discard
        new.discard = [a[:], b[:]]
        a, b = self.casualty
        new.casualty = [a[:], b[:]]
        a, b = self.field
        new.field = [a[:], b[:]]
        new.hidden = self.hidden[:]
        new.command = self.command[:]
        new.zone = self.zone.copy()
        new.gear = self.gear.copy()
        new.carrier = self.carrier.copy()
        new.stack = self.stack[:]
        chance = self.chance
        new.chance = chance[:] if chance is not None else None
        new.acted = self.acted.copy()
        new.fresh = self.fresh.copy()
        new.activated = self.activated.copy()
        mods = self.modifiers
        new.modifiers = [m[:] for m in mods] if mods else []
        new.moved = self.moved.copy()
        new.attacked = self.attacked.copy()
        frames = self.frames
        new.frames = _copy_json(frames) if frames else []
        choice = self.choice
        new.choice = _copy_json(choice) if choice is not None else None
        memory = self.memory
        if memory:
            new.memory = memory = _copy_json(memory)
            new.top = memory.get("top")
        else:
            new.memory = {}
            new.top = None
        tmem = self.tmem
        new.tmem = _copy_json(tmem) if tmem else {}
        now = self.now
        new.now = _copy_json(now) if now else {}
        return new

    def to_json(self, *, history: bool = True) -> dict[str, Any]:
        """The whole state as a JSON-ready dict; :meth:`from_json` reads it back exactly."""
        out: dict[str, Any] = {
            "format": STATE_FORMAT,
            "database": self.game.db.content_hash,
            "seed": self.seed,
            "decks": [d.to_json() for d in self.decks],
            "phase": self.phase.value,
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "to_act": self.deciding,
        }
        for name in _LISTS2:
            a, b = getattr(self, name)
            out[name] = [list(a), list(b)]
        out["hidden"] = list(self.hidden)
        out["command"] = list(self.command)
        out["command_revealed"] = self.command_revealed
        out["advantage"] = self.advantage
        out["zone"] = [[g, z.value] for g, z in self.zone.items()]
        out["gear"] = [[g, list(e)] for g, e in self.gear.items()]
        out["stack"] = list(self.stack)
        out["chance"] = None if self.chance is None else [*self.chance[:2], self.chance[2].value, *self.chance[3:]]
        out["pending"] = None if self.pending is None else self.pending.to_json()
        out["acted"] = sorted(self.acted)
        out["fresh"] = sorted(self.fresh)
        out["activated"] = sorted(self.activated)
        out["modifiers"] = [list(m) for m in self.modifiers]
        out["outcome"] = None if self.outcome is None else self.outcome.to_json()
        if self.texts:  # card texts' own bookkeeping (absent while no card has a text)
            out["texts"] = {
                "moved": sorted(self.moved),
                "attacked": sorted(self.attacked),
                "frames": _copy_json(self.frames),
                "choice": _copy_json(self.choice),
                "memory": _copy_json(self.memory),
                "turn": _copy_json(self.tmem),
            }
        if history:
            out["history"] = [a.to_json() for a in self.history]
        return out

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> State:
        """Read a state written by :meth:`to_json`; :class:`LogError` if it does not fit ``game``."""
        try:
            if data.get("format") != STATE_FORMAT:
                raise LogError(Message("log.state_format", {"got": repr(data.get("format")), "want": STATE_FORMAT}))
            if data.get("database") != game.db.content_hash:
                raise LogError(Message("log.state_other_database"))
            decks = [Deck.from_json(d) for d in data["decks"]]
            s = cls(game, decks, int(data["seed"]))
            s.phase = Phase(data["phase"])
            s.turn = int(data["turn"])
            s.active = int(data["active"])
            s.first = data["first"]
            s.deciding = int(data["to_act"])
            for name in _LISTS2:
                a, b = data[name]
                setattr(s, name, (tuple(a), tuple(b)) if name in _TUPLES2 else [list(a), list(b)])
            s.hidden = list(data["hidden"])
            s.command = list(data["command"])
            for c in s.command:
                if c is not None:
                    s.index_commandment(c)
            s.command_revealed = bool(data["command_revealed"])
            s.advantage = data["advantage"]
            s.zone = {int(g): Zone(z) for g, z in data["zone"]}
            s.gear = {int(g): tuple(e) for g, e in data["gear"]}
            s.carrier = {e: g for g, es in s.gear.items() for e in es}
            s.stack = list(data["stack"])
            ch = data["chance"]
            s.chance = None if ch is None else [int(ch[0]), int(ch[1]), Area(ch[2]), *(str(x) for x in ch[3:])]
            s.pending = None if data["pending"] is None else action_from_json(data["pending"])
            s.acted = set(data["acted"])
            s.fresh = set(data["fresh"])
            s.activated = set(data["activated"])
            s.modifiers = [list(m) for m in data["modifiers"]]
            s.outcome = None if data["outcome"] is None else Outcome.from_json(data["outcome"])
            texts = data.get("texts")
            if texts:
                s.moved = set(texts["moved"])
                s.attacked = set(texts["attacked"])
                s.frames = copy.deepcopy(texts["frames"])
                s.choice = copy.deepcopy(texts["choice"])
                s.memory = copy.deepcopy(texts["memory"])
                s.tmem = copy.deepcopy(texts["turn"])
                s.top = s.memory.get("top")
            s.history = History.of(action_from_json(a) for a in data.get("history", []))
            _check_one_area(s)
        except LogError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise LogError(Message("log.state_malformed", {"error": type(exc).__name__, "detail": str(exc)})) from None
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<State turn {self.turn} {self.phase} to_act {self.current_player()} after {len(self.history)} actions>"


def _check_one_area(s: State) -> None:
    """Every card of the game is in exactly one area, once (§3.2, ``Area``); generals and zones agree.

    :class:`LogError` names the first card found twice (or nowhere) and its areas.
    """
    n = len(s.names)
    every = [*s.field[0], *s.field[1], *s.carrier, *s.stack]
    for pair in (s.resource, s.pool, s.hand, s.discard, s.casualty, s.out_of_game):
        every += pair[0]
        every += pair[1]
    every += [c for c in s.command if c is not None]
    if s.advantage is not None:
        every.append(s.advantage)
    if len(every) == n and set(every) == _all_ids(n) and s.zone.keys() == set(s.field[0]) | set(s.field[1]):
        return  # the usual case, quickly; else find what is wrong, to say it
    seen: dict[int, str] = {}
    piles: list[tuple[str, Sequence[int]]] = []
    for area, pair in (
        (Area.RESOURCE, s.resource),
        (Area.POOL, s.pool),
        (Area.HAND, s.hand),
        (Area.DISCARD, s.discard),
        (Area.CASUALTY, s.casualty),
        (Area.OUT_OF_GAME, s.out_of_game),
    ):
        piles += [(area.value, pair[0]), (area.value, pair[1])]
    piles += [(Area.BATTLEFIELD.value, s.field[0] + s.field[1] + list(s.carrier))]
    piles += [(Area.COMMAND.value, [c for c in s.command if c is not None]), (Area.STACK.value, s.stack)]
    if s.advantage is not None:
        piles.append((Area.ADVANTAGE.value, [s.advantage]))
    for where, pile in piles:
        for c in pile:
            if type(c) is not int or not 0 <= c < n:
                raise LogError(Message("log.state_no_card", {"card": repr(c), "area": where, "last": n - 1}))
            if c in seen:
                raise LogError(
                    Message("log.state_card_twice", {"card": card_ref(s.names, c), "areas": f"{seen[c]}, {where}"})
                )
            seen[c] = where
    if len(seen) != n:
        c = next(i for i in range(n) if i not in seen)
        raise LogError(Message("log.state_card_nowhere", {"card": card_ref(s.names, c)}))
    if set(s.zone) != set(s.field[0]) | set(s.field[1]):
        raise LogError(Message("log.state_zones"))


@functools.lru_cache(maxsize=16)
def _all_ids(n: int) -> frozenset[int]:
    return frozenset(range(n))


_MASK = (1 << 64) - 1

# Members read once: on Python 3.11 ``Phase.MAIN`` goes through the enum class's ``__getattr__`` hook (about
# 65 ns a read), and who acts is asked at every step
_COIN_FLIP = Phase.COIN_FLIP
_RESPONSE = Phase.RESPONSE
_COMMANDMENT = CardType.COMMANDMENT

_AURA_KEYS = ("hand_limit", "upkeep_mod", "siege_mod_side", "cost_mod", "draw_mod")


def _is_aura(card: Card) -> bool:
    """A card on the battlefield whose text reaches other generals or a whole side."""
    spec = card.effect
    if not spec or card.type in ("令", "优"):
        return False
    if any(k in spec for k in _AURA_KEYS):
        return True
    if any(st.get("to", "self") != "self" for st in spec.get("static", ())):
        return True
    return any(isinstance(f, dict) and (f.get("to", "self") != "self" or f.get("side")) for f in spec.get("flags", ()))


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, sets, tuples of them; anything else is immutable and
    shared): the card texts' bookkeeping. Several times faster than ``copy.deepcopy``, which keeps a memo."""
    t = type(value)
    if t is dict:
        return {k: _copy_json(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if t is list:
        return [_copy_json(v) if type(v) in _CONTAINERS else v for v in value]
    if t is set:
        return set(value)
    if t is tuple:
        return tuple(_copy_json(v) if type(v) in _CONTAINERS else v for v in value)
    return value


_CONTAINERS = frozenset({dict, list, set, tuple})
_new_state = object.__new__


def _layout(game: Game, decks: tuple[Deck, ...]) -> tuple[Any, ...]:
    """What a new state of ``decks`` fixes for the whole game: the card names by id, their owners, each
    RESOURCE's ids in order, each command pool, the cards, the declared factions, the hand limits and
    whether any card has a text."""
    names: list[str] = []
    owner: list[int] = []
    resource: list[list[int]] = [[], []]
    pool: list[list[int]] = [[], []]
    for player, deck in enumerate(decks):
        for name in deck.resource:
            resource[player].append(len(names))
            names.append(name)
            owner.append(player)
        for name in deck.pool:
            pool[player].append(len(names))
            names.append(name)
            owner.append(player)
    key = tuple(names)
    cards = game._cards.get(key)
    if cards is None:
        cards = tuple(game.db[n] for n in names)
        if len(game._cards) < 64:
            game._cards[key] = cards
    # 无 in a declaration is not a faction; the hand limit comes from the resource cards' factions,
    # whatever was declared, as checkdeck computes it (§2.2.5 note 1, rulings D3, D4, G15)
    factions = tuple(tuple(f for f in d.factions if f != NO_FACTION) for d in decks)
    limit = tuple(hand_limit(len(deck_factions(cards[c] for c in resource[p]))) for p in (0, 1))
    # for each card, the lower ids with its name (any pile, any owner: whatever a RESOURCE may come to hold), as
    # (those apart from it, ascending; the first id of its run: the ids just below it that all have its name, as
    # a deck's copies of a card). The unseen part is kept sorted by id, so the first card of a name there is the
    # first of those apart still in it (found by bisection), else the first of its run there (the cards just
    # before it), else the card itself
    same: dict[str, list[int]] = {}
    alike: list[tuple[tuple[int, ...], int]] = []
    for c, name in enumerate(names):
        lower = same.setdefault(name, [])
        run = alike[c - 1][1] if lower and lower[-1] == c - 1 else c
        alike.append((tuple(x for x in lower if x < run), run))
        lower.append(c)
    return (
        key,
        tuple(owner),
        (tuple(resource[0]), tuple(resource[1])),
        (tuple(pool[0]), tuple(pool[1])),
        cards,
        factions,
        limit,
        any(c.effect for c in cards),
        tuple(alike),
    )


def _mix(seed: int, step: int) -> int:
    """splitmix64 of (seed, step): a uniform 64-bit number, the same on every machine."""
    z = (seed * 0x9E3779B97F4A7C15 + step * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 8


_LANES = 32
"""How many steps :func:`_mixes` computes together."""
_LANE_ONES = sum(1 << 128 * i for i in range(_LANES))
_LANE_LOW = _LANE_ONES * _MASK
_LANE_STEPS = sum(i << 128 * i for i in range(_LANES)) * 0xD1B54A32D192ED03
_LANE_VALUES = struct.Struct("<" + "Q8x" * _LANES).unpack
_MIXED: tuple[Any, int, tuple[int, ...]] = (None, 0, ())
"""The last seed :meth:`State.apply_seed_reveal` met, a step, and ``_mixes(seed, step)``."""


def _mixes(seed: int, first: int) -> tuple[int, ...]:
    """``_mix(seed, first + i)`` for each i below ``_LANES``, computed together, each in its 128 bits of one long int
    (its lane: a 64-bit value times a 64-bit constant fits there; what a shift brings in from the next lane is
    masked off before a product): a few operations on a long int cost about a quarter of ``_LANES`` times as many
    on short ones, and a checked replay wants about every other step's."""
    base = (seed * 0x9E3779B97F4A7C15 + first * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & _MASK
    z = (base * _LANE_ONES + _LANE_STEPS) & _LANE_LOW
    z = (((z ^ (z >> 30)) & _LANE_LOW) * 0xBF58476D1CE4E5B9) & _LANE_LOW
    z = (((z ^ (z >> 27)) & _LANE_LOW) * 0x94D049BB133111EB) & _LANE_LOW
    return _LANE_VALUES(((z ^ (z >> 31)) >> 8).to_bytes(16 * _LANES, "little"))


_LISTS2 = ("resource", "pool", "hand", "discard", "casualty", "out_of_game", "field")
_TUPLES2 = ("pool", "out_of_game")

_PLAYS_FROM_HAND = frozenset(
    cls for cls in ACTION_KINDS.values() for f in action_fields(cls) if f.name == "card" and f.place == "hand"
)
"""The kinds that play a card from hand (its ``card`` field): a commandment among them is refused (ruling D5)."""

_MAIN_CARD = ("card", "attacker", "general", "source")
"""The field naming the card of a pending action (the card played, the attacker, the mover or besieger, the source)."""

_PHASE_RULE = {
    Phase.COMMANDMENT: "§2.6.4",
    Phase.COIN_FLIP: "ruling G1",
    Phase.MAIN: "§3.9",
    Phase.RESPONSE: "ruling G11",
    Phase.HAND_LIMIT: "ruling G9",
    Phase.OVER: "§1.4",
    Phase.CHOICE: "§2.1",
    Phase.NAMING: "§2.6",
}


def _history_of(actions: Iterable[Action]) -> History:
    """Unpickle a :class:`History` (its ``__reduce__``)."""
    return History.of(actions)
