"""Positions: a game set up directly, as a judge or a tester writes it (``docs/positions.md``).

A position (``junling-position/1``) names every card by name, in its area and order, from the two
registered decklists: each player's RESOURCE (top first, the first ``unseen`` cards shuffled), hand,
DISCARD and CASUALTY (bottom first), OUT OF GAME, command pool and COMMAND, the generals on the
battlefield with their zones, equipment and what they did this turn, the advantage card, and whose
turn it is. :func:`state_from_position` checks it against every invariant and gives the engine's
state, or raises :class:`PositionError` with the first rule it breaks (a message code with its
parameters, and the rule); :func:`position_from_state` writes a state back as a position.

    >>> from engine.cards import starter_database
    >>> from engine.game import Game
    >>> deck = {"resource": ["裴元绍", "何仪", "程远志", "邓茂"] * 3, "pool": [], "factions": ["黄巾"]}
    >>> pos = {"format": POSITION_FORMAT, "decks": [deck, deck], "turn": 3, "first": 0, "phase": "main",
    ...        "players": [{"resource": deck["resource"][1:], "hand": ["裴元绍"]},
    ...                    {"resource": deck["resource"]}]}
    >>> state = state_from_position(Game(starter_database()), pos)
    >>> state.active, len(state.hand[0]), len(state.resource[1])
    (0, 1, 12)
    >>> pos["players"][0]["hand"] = ["裴元绍", "裴元绍", "裴元绍", "裴元绍"]
    >>> state_from_position(Game(starter_database()), pos)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.game.position.PositionError: ruling D1: player 0's position places 裴元绍 more often than his ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.cards import CardType
from engine.errors import EngineError
from engine.game.actions import Action, EndTurn, Pass
from engine.game.decks import Deck, resolve_deck
from engine.game.errors import GameSetupError, LogError
from engine.game.state import STATE_FORMAT
from engine.game.terms import Phase, Zone
from engine.messages import Message, Reader, seat, term

if TYPE_CHECKING:
    from engine.game.state import Game, State

POSITION_FORMAT = "junling-position/1"
PILES = ("resource", "hand", "discard", "casualty", "out_of_game", "pool")
"""A player's piles in a position, each a list of card names (RESOURCE top first, DISCARD and CASUALTY
bottom first)."""
PLAYER_KEYS = frozenset({*PILES, "unseen", "command", "battlefield"})
GENERAL_KEYS = frozenset({"general", "zone", "equipment", "acted", "recruited", "moved", "attacked", "used"})
TOP_KEYS = frozenset(
    {"format", "database", "decks", "turn", "first", "active", "phase", "pending", "advantage", "players", "meta"}
)
PHASES = tuple(p.value for p in (Phase.MAIN, Phase.DRAW, Phase.UPKEEP, Phase.HAND_LIMIT, Phase.RESPONSE, Phase.CHOICE))
"""The phases a position may stand in (docs/positions.md "Phases"): the active player's main phase, his draw
phase (取), the upkeep (终, its face-down cards not yet revealed), the hand-limit discard, a response window
open on an action declared from the main phase, and a card text's choice after it."""
DECLARED = frozenset({Phase.RESPONSE.value, Phase.CHOICE.value})
"""Phases a position reaches by an action declared from its main phase (``pending``)."""
WRITTEN = frozenset({Phase.MAIN, Phase.DRAW, Phase.UPKEEP, Phase.HAND_LIMIT})
"""Phases :func:`position_from_state` writes (a window or a choice is written as its declaring moment)."""

Resolver = Callable[["State", Any, str], Action]
"""Reads a log entry's action (cards by name) against a state: ``engine.log.names.resolve_action``."""


class PositionError(EngineError):
    """An impossible or unreadable position: the first rule it breaks (``message``, ``rule``, ``where``)."""

    def __init__(self, code: str, params: Mapping[str, Any] | None = None, rule: str = "", where: str = "") -> None:
        self.message = Message(code, dict(params or {}))
        self.rule = rule
        self.where = where
        super().__init__(code, params, rule)

    def __str__(self) -> str:
        text = Reader("en", ids=False).render(self.message)
        return f"{self.rule}: {text}" if self.rule else text

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``code``, ``params``, ``rule``, ``where`` and ``reason`` (English)."""
        return {
            "code": self.message.code,
            "params": dict(self.message.params),
            "rule": self.rule,
            "where": self.where,
            "reason": Reader("en", ids=False).render(self.message),
        }


def _shape(ok: bool, where: str, expected: str) -> None:
    if not ok:
        raise PositionError("position.shape", {"where": where, "expected": expected}, "", where)


def _names(value: Any, where: str) -> list[str]:
    _shape(type(value) is list and all(type(n) is str for n in value), where, "a list of card names")
    return list(value)


def _flag(g: Mapping[str, Any], key: str, where: str) -> bool:
    value = g.get(key, False)
    _shape(type(value) is bool, f"{where}.{key}", "true or false")
    return bool(value)


class _Ids:
    """Hands out each player's card ids by name: the lowest free id of that name in his decklist."""

    def __init__(self, game: Game, decks: list[Deck]) -> None:
        self.game = game
        self.names: list[str] = []
        self.owner: list[int] = []
        self.free: list[tuple[dict[str, list[int]], dict[str, list[int]]]] = []
        self.registered: list[dict[str, int]] = []
        for p, deck in enumerate(decks):
            res: dict[str, list[int]] = {}
            pool: dict[str, list[int]] = {}
            count: dict[str, int] = {}
            for part, names in ((res, deck.resource), (pool, deck.pool)):
                for n in names:
                    part.setdefault(n, []).append(len(self.names))
                    count[n] = count.get(n, 0) + 1
                    self.names.append(n)
                    self.owner.append(p)
            self.free.append((res, pool))
            self.registered.append(count)
        self.placed: list[dict[str, int]] = [{}, {}]

    def take(self, player: int, ref: str, where: str, *, pool_first: bool = False) -> int:
        known = self.game.db.lookup(ref)
        if known is None:
            raise PositionError("position.unknown_card", {"name": ref}, "", where)
        name = known.name
        placed = self.placed[player]
        placed[name] = placed.get(name, 0) + 1
        res, pool = self.free[player]
        for part in (pool, res) if pool_first else (res, pool):
            ids = part.get(name)
            if ids:
                return ids.pop(0)
        raise PositionError(
            "position.too_many",
            {
                "player": seat(player),
                "name": {"name": name},
                "placed": placed[name],
                "registered": self.registered[player].get(name, 0),
            },
            "ruling D1",
            where,
        )

    def check_all_placed(self) -> None:
        for p, (res, pool) in enumerate(self.free):
            for part in (res, pool):
                for name, ids in part.items():
                    if ids:
                        raise PositionError(
                            "position.missing",
                            {"player": seat(p), "name": {"name": name}, "count": len(ids)},
                            "§3.2",
                            f"players[{p}]",
                        )


def state_from_position(game: Game, data: Any, resolve: Resolver | None = None) -> State:
    """The state a position describes, checked against every invariant; :class:`PositionError` otherwise.

    A position in a response window or a choice names the action declared (``pending``, as a log writes
    it), read by ``resolve`` (``engine.log.names.resolve_action``) and declared through the engine."""
    _shape(isinstance(data, Mapping), "", "a JSON object")
    for k in data:
        _shape(k in TOP_KEYS, k, f"one of {', '.join(sorted(TOP_KEYS))}")
    if data.get("format") != POSITION_FORMAT:
        raise PositionError("position.format", {"got": repr(data.get("format")), "want": POSITION_FORMAT}, "", "format")
    db = game.db
    database = data.get("database")
    if database is not None:
        _shape(isinstance(database, Mapping), "database", "an object with the card database's hash")
        if database.get("hash") != db.content_hash:
            raise PositionError("position.database", {"hash": str(database.get("hash"))[:12]}, "", "database.hash")
    specs = data.get("decks")
    _shape(type(specs) is list and len(specs) == 2, "decks", "two decklists")
    decks: list[Deck] = []
    for p, spec in enumerate(specs):
        _shape(isinstance(spec, Mapping), f"decks[{p}]", "an object: resource, pool, factions")
        try:
            decks.append(resolve_deck(db, (spec.get("resource"), spec.get("pool", []), spec.get("factions"))))
        except (GameSetupError, TypeError) as exc:
            said = exc.said if isinstance(exc, GameSetupError) else Message("text", {"text": str(exc)})
            raise PositionError(
                "position.deck", {"player": seat(p), "reason": said.param()}, "ruling D1", f"decks[{p}]"
            ) from None
    turn, first = data.get("turn"), data.get("first")
    _shape(type(turn) is int and turn >= 1, "turn", "a turn number from 1")
    _shape(first in (0, 1) and type(first) is int, "first", "0 or 1, the first player (ruling G1)")
    active = first if turn % 2 else 1 - first
    if "active" in data and data["active"] != active:
        raise PositionError(
            "position.turn_order", {"turn": turn, "first": seat(first), "active": seat(active)}, "ruling G1", "active"
        )
    phase = data.get("phase", Phase.MAIN.value)
    if phase not in PHASES:
        raise PositionError("position.phase_any", {"phase": repr(phase), "phases": ", ".join(PHASES)}, "", "phase")
    if ("pending" in data) != (phase in DECLARED):
        raise PositionError("position.pending_phase", {"phase": phase}, "ruling G11", "pending")
    players = data.get("players")
    _shape(type(players) is list and len(players) == 2, "players", "two players")

    ids = _Ids(game, decks)
    out: dict[str, Any] = {
        "format": STATE_FORMAT,
        "database": db.content_hash,
        "seed": 0,
        "decks": [d.to_json() for d in decks],
        "phase": Phase.MAIN.value,  # then the engine's own steps to the position's phase (_enter_phase)
        "turn": turn,
        "active": active,
        "first": first,
        "to_act": active,
        "stack": [],
        "chance": None,
        "pending": None,
        "modifiers": [],
        "outcome": None,
        "command_revealed": True,
        "advantage": None,
    }
    for name in (*PILES, "field"):
        out[name] = [[], []]
    out["hidden"] = [0, 0]
    out["command"] = [None, None]
    zone: list[list[Any]] = []
    gear: list[tuple[int, list[int]]] = []
    flags: dict[str, set[int]] = {k: set() for k in ("acted", "fresh", "activated", "moved", "attacked")}
    cards = [db[n] for n in ids.names]
    for p, pl in enumerate(players):
        where = f"players[{p}]"
        _shape(isinstance(pl, Mapping), where, "an object")
        for k in pl:
            _shape(k in PLAYER_KEYS, f"{where}.{k}", f"one of {', '.join(sorted(PLAYER_KEYS))}")
        for pile in PILES:
            names = _names(pl.get(pile, []), f"{where}.{pile}")
            out[pile][p] = [
                ids.take(p, n, f"{where}.{pile}[{i}]", pool_first=pile == "pool") for i, n in enumerate(names)
            ]
        unseen = pl.get("unseen", len(out["resource"][p]))
        _shape(
            type(unseen) is int and 0 <= unseen <= len(out["resource"][p]), f"{where}.unseen", "0 to the RESOURCE count"
        )
        out["hidden"][p] = unseen
        out["resource"][p][:unseen] = sorted(out["resource"][p][:unseen])  # the engine keeps the unseen part by id
        command = pl.get("command")
        if command is not None:
            _shape(type(command) is str, f"{where}.command", "a card name or null")
            c = ids.take(p, command, f"{where}.command", pool_first=True)
            if cards[c].type != CardType.COMMANDMENT:
                raise PositionError(
                    "position.not_commandment", {"name": {"name": cards[c].name}}, "§2.6.4", f"{where}.command"
                )
            out["command"][p] = c
        for c in out["casualty"][p]:
            if cards[c].type != CardType.CHARACTER:
                raise PositionError(
                    "position.casualty_not_general", {"name": {"name": cards[c].name}}, "§3.2.2", f"{where}.casualty"
                )
        battlefield = pl.get("battlefield", [])
        _shape(type(battlefield) is list, f"{where}.battlefield", "a list of generals")
        for i, g in enumerate(battlefield):
            gw = f"{where}.battlefield[{i}]"
            _shape(isinstance(g, Mapping) and type(g.get("general")) is str, gw, "an object with a general")
            for k in g:
                _shape(k in GENERAL_KEYS, f"{gw}.{k}", f"one of {', '.join(sorted(GENERAL_KEYS))}")
            c = ids.take(p, g["general"], f"{gw}.general")
            if cards[c].type != CardType.CHARACTER:
                raise PositionError(
                    "position.not_a_general", {"name": {"name": cards[c].name}}, "§3.5", f"{gw}.general"
                )
            z = g.get("zone", Zone.FORTRESS.value)
            if z == "enemy_fortress":
                raise PositionError(
                    "position.enemy_fortress", {"name": {"name": cards[c].name}}, "ruling G4", f"{gw}.zone"
                )
            _shape(z in {x.value for x in Zone}, f"{gw}.zone", "fortress, border or enemy_border")
            out["field"][p].append(c)
            zone.append([c, z])
            carried: list[int] = []
            for j, e in enumerate(_names(g.get("equipment", []), f"{gw}.equipment")):
                known = db.lookup(e)
                owner = 1 - p if known is not None and "敌" in known.marks else p
                ec = ids.take(owner, e, f"{gw}.equipment[{j}]")
                if cards[ec].type != CardType.EQUIPMENT:
                    raise PositionError(
                        "position.not_equipment", {"name": {"name": cards[ec].name}}, "§2.3", f"{gw}.equipment[{j}]"
                    )
                carried.append(ec)
            gear.append((c, carried))
            if _flag(g, "acted", gw):
                flags["acted"].add(c)
            if _flag(g, "recruited", gw):
                flags["fresh"].add(c)
            for key in ("moved", "attacked"):
                if _flag(g, key, gw):
                    flags[key].add(c)
                    flags["acted"].add(c)
            if (flags["acted"] | flags["fresh"]) & {c} and p != active:
                raise PositionError("position.flag_not_active", {"name": {"name": cards[c].name}}, "ruling G8", gw)
            for j, u in enumerate(_names(g.get("used", []), f"{gw}.used")):
                known = db.lookup(u)
                hit = [x for x in (c, *carried) if known is not None and cards[x].name == known.name]
                if not hit:
                    raise PositionError("position.used_not_here", {"name": {"name": u}}, "ruling G8", f"{gw}.used[{j}]")
                flags["activated"].add(hit[0])
    advantage = data.get("advantage")
    if advantage is not None:
        _shape(
            isinstance(advantage, Mapping) and type(advantage.get("card")) is str and advantage.get("owner") in (0, 1),
            "advantage",
            'an object {"card": name, "owner": 0 or 1}, or null',
        )
        c = ids.take(int(advantage["owner"]), advantage["card"], "advantage.card")
        if cards[c].type != CardType.ADVANTAGE:
            raise PositionError("position.not_advantage", {"name": {"name": cards[c].name}}, "§2.7", "advantage")
        out["advantage"] = c
    ids.check_all_placed()
    out["zone"] = zone
    out["gear"] = [[g, list(carried)] for g, carried in gear]
    out["acted"] = sorted(flags["acted"])
    out["fresh"] = sorted(flags["fresh"])
    out["activated"] = sorted(flags["activated"])
    if any(c.effect for c in cards):
        out["texts"] = {
            "moved": sorted(flags["moved"]),
            "attacked": sorted(flags["attacked"]),
            "frames": [],
            "choice": None,
            "memory": {},
            "turn": {},
        }
    _golden_rules(cards, ids.names, out)
    try:
        state = game.state_from_json(out)
    except LogError as exc:
        raise PositionError(exc.said.code, exc.said.params, "§3.2") from None
    state.gear.clear()
    state.carrier.clear()
    for general, carried in gear:  # equipment one piece at a time, as the rules let it on (G13, §2.3.5)
        for piece in carried:
            problem = state.rules.equip_problem(state, state.owner[piece], piece, general)
            if problem is not None:
                code, params, rule = problem
                raise PositionError(code, params, rule, "players")
            state.gear[general] = (*state.gear.get(general, ()), piece)
            state.carrier[piece] = general
    _enter_phase(state, phase, data.get("pending"), resolve)
    return state


def _enter_phase(state: State, phase: str, pending: Any, resolve: Resolver | None) -> None:
    """From the main phase the position describes to its ``phase``, by the engine's own steps; a moment the
    rules never stop at is refused with the rule that passes it by."""
    p = state.active
    who = seat(p)
    if phase == Phase.DRAW.value:
        if state.acted or state.fresh or state.activated or state.moved or state.attacked:
            raise PositionError("position.draw_after_acts", {"player": who}, "§3.3", "players")
        if state.turn == 1:
            raise PositionError("position.draw_first_turn", {"player": who}, "§3.3.6, ruling G1", "phase")
        if not state.resource[p]:
            raise PositionError("position.draw_no_card", {"player": who}, "§1.4", f"players[{p}].resource")
        state.rules.start_draw(state, p)
    elif phase == Phase.UPKEEP.value:
        cost, have = state.rules.upkeep(state, p), len(state.resource[p])
        if cost > have:
            params = {"player": who, "cost": cost, "have": have}
            raise PositionError("position.upkeep_unpaid", params, "§3.8, ruling G9", f"players[{p}].resource")
        if min(cost, state.hidden[p]) == 0:
            raise PositionError("position.upkeep_not_waiting", {"player": who, "cost": cost}, "§3.8", "phase")
        state.apply(EndTurn())
        if state.phase is not Phase.UPKEEP:
            raise PositionError("position.upkeep_not_waiting", {"player": who, "cost": cost}, "§3.8", "phase")
    elif phase == Phase.HAND_LIMIT.value:
        held, limit = len(state.hand[p]), state.rules.hand_limit(state, p)
        if held <= limit:
            params = {"player": who, "held": held, "limit": limit}
            raise PositionError("position.hand_limit_not_due", params, "§2.2.5, ruling G9", f"players[{p}].hand")
        state.phase = Phase.HAND_LIMIT
        state.deciding = p
    elif phase in DECLARED:
        _declare(state, phase, pending, resolve)


def _declare(state: State, phase: str, pending: Any, resolve: Resolver | None) -> None:
    """The action ``pending`` declared from the main phase, checked as any action; then its window is open
    (``response``), or, once it resolves unanswered, a card text waits for a choice (``choice``)."""
    _shape(isinstance(pending, Mapping) and resolve is not None, "pending", "an action as a log writes it")
    assert resolve is not None
    try:
        action = resolve(state, dict(pending), "pending")
    except LogError as exc:
        raise PositionError(exc.said.code, exc.said.params, "", "pending") from None
    why = state.validate(action)
    if why is not None:
        raise PositionError(why.code, why.params, why.rule, "pending")
    state.apply(action)
    if phase == Phase.CHOICE.value and state.phase is Phase.RESPONSE:
        state.apply(Pass())
    want = Phase(phase)
    if state.phase is not want or state.is_chance_node():
        code = "position.no_window" if want is Phase.RESPONSE else "position.no_choice"
        rule = "ruling G11" if want is Phase.RESPONSE else ""
        raise PositionError(code, {"kind": term(f"action.{action.kind}")}, rule, "pending")


def _golden_rules(cards: list[Any], names: list[str], out: dict[str, Any]) -> None:
    """No two own generals of one name across the battlefield and CASUALTY (§1.2.1, ruling G13)."""
    for p in (0, 1):
        seen: set[str] = set()
        for c in (*out["field"][p], *out["casualty"][p]):
            if names[c] in seen:
                raise PositionError(
                    "position.general_twice", {"player": seat(p), "name": {"name": names[c]}}, "ruling G13"
                )
            seen.add(names[c])


def position_from_state(state: State) -> dict[str, Any]:
    """The position of ``state`` (a main phase, a draw phase, an upkeep or a hand-limit discard): every card
    by name in its area and order. A window or a choice is written as the main phase it was declared from
    with its ``pending`` action (docs/positions.md): :class:`PositionError` for those."""
    if state.phase not in WRITTEN:
        raise PositionError("position.phase_unwritten", {"phase": state.phase.value}, "", "phase")
    names = state.names
    players = []
    for p in (0, 1):
        pl: dict[str, Any] = {pile: [names[c] for c in getattr(state, pile)[p]] for pile in PILES}
        pl["unseen"] = state.hidden[p]
        command = state.command[p]
        pl["command"] = None if command is None else names[command]
        battlefield = []
        for g in state.field[p]:
            entry: dict[str, Any] = {"general": names[g], "zone": state.zone[g].value}
            gear = state.gear.get(g, ())
            if gear:
                entry["equipment"] = [names[e] for e in gear]
            if g in state.fresh:
                entry["recruited"] = True
            if g in state.moved:
                entry["moved"] = True
            if g in state.attacked:
                entry["attacked"] = True
            if g in state.acted and g not in state.moved and g not in state.attacked:
                entry["acted"] = True
            used = [names[x] for x in (g, *gear) if x in state.activated]
            if used:
                entry["used"] = used
            battlefield.append(entry)
        pl["battlefield"] = battlefield
        players.append(pl)
    adv = state.advantage
    return {
        "format": POSITION_FORMAT,
        "database": {"hash": state.game.db.content_hash},
        "decks": [d.to_json() for d in state.decks],
        "turn": state.turn,
        "first": state.first,
        "active": state.active,
        "phase": state.phase.value,
        "advantage": None if adv is None else {"card": names[adv], "owner": state.owner[adv]},
        "players": players,
    }


def player_view(position: dict[str, Any], player: int) -> dict[str, Any]:
    """What ``player`` sees of a position: the other's hand and pool, both RESOURCEs and DISCARDs,
    OUT OF GAME as counts (``{"hidden": n}``); his own hand in full."""
    view = dict(position)
    view["players"] = []
    for p, pl in enumerate(position["players"]):
        seen = dict(pl)
        hidden = ["resource", "discard", "out_of_game"] + ([] if p == player else ["hand", "pool"])
        for pile in hidden:
            seen[pile] = {"hidden": len(pl.get(pile, []))}
        seen.pop("unseen", None)
        view["players"].append(seen)
    view["view"] = player
    return view
