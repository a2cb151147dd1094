"""The game and its states: ``Game(data, players).new_initial_state(seed)``.

The rules run as one procedure (``rules.play``) that stops at every decision and chance event; a
state is the board plus that paused procedure. ``apply`` checks the action against what is pending
(the listed options, or the possible chance outcomes) and raises :class:`IllegalAction` without
changing anything, else resumes the procedure to the next stop. The serialised state is the seed,
the history and a snapshot of the board; reading it replays the history and checks the snapshot.
"""

from __future__ import annotations

import random
from typing import Any

import engine.longhu.order as order
import engine.longhu.rules as rules
from engine.longhu.actions import Action, Draw, Roll, action_from_json
from engine.longhu.board import OFF_MAP, Board, Chance, Decision, Request
from engine.longhu.data import GameData, load_data
from engine.longhu.errors import IllegalAction, LogError
from engine.longhu.terms import CHANCE, STATE_FORMAT, TERMINAL
from engine.maps import MapData, load_map


class Game:
    """The fixed part of a game: the map and game data, the number of players (2–4, §12)."""

    def __init__(self, data: GameData, players: int = 2) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"龙虎三国志 has 2 to 4 players (§12), not {players}")
        self.data = data
        self.players = players

    @classmethod
    def from_files(cls, map_path: str, data_path: str, players: int = 2) -> Game:
        return cls(load_data(data_path, load_map(map_path)), players)

    @property
    def map(self) -> MapData:
        return self.data.map

    def metadata(self) -> dict[str, Any]:
        """What a match records: the game system, the seats, the map and data with their hashes."""
        return {
            "game": "longhu",
            "players": self.players,
            "map": {"id": self.data.map.id, "hash": self.data.map.hash},
            "data": {"id": self.data.id, "hash": self.data.hash},
            "rounds": self.data.rounds,
        }

    def new_initial_state(self, seed: int = 0) -> State:
        return State(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return State.from_json(self, data)


class State:
    """One moment of a game; :meth:`apply` changes it in place."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.board = Board(game.data, game.players)
        order.place_pieces(self.board)
        self.history: list[Action] = []
        self._proc = rules.play(self.board, rules.Hooks())
        self.pending: Request | None = None
        self._resume(None)

    def _resume(self, action: Action | None) -> None:
        try:
            self.pending = self._proc.send(action) if action is not None else next(self._proc)
        except StopIteration:
            self.pending = None

    # --- who acts ---------------------------------------------------------------------------

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.board.outcome if self.pending is None else None

    def current_player(self) -> int:
        if self.pending is None:
            return TERMINAL
        if isinstance(self.pending, Chance):
            return CHANCE
        return self.pending.player

    def is_terminal(self) -> bool:
        return self.pending is None

    def is_chance_node(self) -> bool:
        return isinstance(self.pending, Chance)

    # --- actions ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The options of the pending decision (empty at a chance node and at the end)."""
        return list(self.pending.options) if isinstance(self.pending, Decision) else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        p = self.pending
        if not isinstance(p, Chance):
            return []
        if p.kind == "d6":
            return [(Roll(i), 1 / 6) for i in range(1, 7)]
        pile = self._pile(p)
        return [(Draw(x), 1 / len(pile)) for x in pile]

    def _pile(self, p: Chance) -> list[str]:
        b = self.board
        if p.kind == "order":
            return list(b.cup)
        return [c.name for c in b.data.characters if b.loc[c.name] == "cup"]

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A chance outcome from ``rng``, or by default from (seed, step) through splitmix64: a refereed game is
        a function of the seed and the players' actions."""
        outcomes = self.chance_outcomes()
        n = len(outcomes)
        pick = rng.randrange(n) if rng is not None else _mix(self.seed, len(self.history)) % n
        return outcomes[pick][0]

    def validate(self, action: Action) -> IllegalAction | None:
        """None if ``action`` answers what is pending, else the refusal (code, params, rule)."""
        p = self.pending
        if p is None:
            return IllegalAction("game_over", {}, "§4-8")
        if not isinstance(action, Action):
            return IllegalAction("unknown_action", {"action": repr(action)}, "")
        if isinstance(p, Chance):
            if not action.is_chance:
                return IllegalAction("chance_due", {"what": p.what}, p.rule)
            ok = (
                isinstance(action, Roll) and isinstance(action.value, int) and 1 <= action.value <= 6
                if p.kind == "d6"
                else isinstance(action, Draw) and action.piece in self._pile(p)
            )
            if not ok:
                return IllegalAction("not_an_outcome", {"action": repr(action), "what": p.what}, p.rule)
            return None
        if action.is_chance:
            return IllegalAction("not_chance", {"action": repr(action)}, p.rule)
        if action in p.options:
            return None
        if not any(type(o) is type(action) for o in p.options):
            return IllegalAction("wrong_decision", {"action": repr(action), "what": p.what}, p.rule)
        return IllegalAction("not_offered", {"action": repr(action), "what": p.what}, p.rule)

    def apply(self, action: Action) -> None:
        error = self.validate(action)
        if error is not None:
            raise error
        self.history.append(action)
        self._resume(action)

    # --- views ------------------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: the whole board (it is public), but of the free-retainer cup only its size
        (the counters are face down, §2-2(1)), and the options of a decision only to its player; never the seed."""
        snap = board_json(self.board)
        cup = snap.pop("characters")
        snap["characters"] = {n: v for n, v in cup.items() if v[0] != "cup"}
        snap["retainer_cup"] = sum(1 for v in cup.values() if v[0] == "cup")
        p = self.pending
        if isinstance(p, Chance):
            snap["pending"] = {"chance": p.kind, "what": p.what, "rule": p.rule}
        elif isinstance(p, Decision):
            snap["pending"] = {"player": p.player, "what": p.what, "rule": p.rule}
            if p.player == player:
                snap["pending"]["options"] = [o.to_json() for o in p.options]
        snap["you"] = player
        return snap

    def to_json(self, *, history: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": STATE_FORMAT,
            "data": self.game.data.hash,
            "map": self.game.data.map.hash,
            "players": self.game.players,
            "seed": self.seed,
            "board": board_json(self.board),
        }
        if history:
            out["history"] = [a.to_json() for a in self.history]
        return out

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> State:
        """Replay ``data["history"]`` from the seed and check the snapshot; :class:`LogError` on any mismatch,
        naming the first entry that cannot be applied."""
        if data.get("format") != STATE_FORMAT:
            raise LogError(f"not a 龙虎三国志 state: format {data.get('format')!r}")
        if data.get("data") != game.data.hash or data.get("players") != game.players:
            raise LogError("the state was made with other game data or another number of players")
        s = cls(game, int(data["seed"]))
        for i, entry in enumerate(data.get("history", [])):
            try:
                s.apply(action_from_json(entry))
            except IllegalAction as exc:
                raise LogError(f"history entry {i} ({entry}) is illegal: {exc}") from exc
        if "board" in data and board_json(s.board) != data["board"]:
            raise LogError("the board does not match the replayed history")
        return s

    def clone(self) -> State:
        return State.from_json(self.game, self.to_json())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<longhu State round {self.board.round} {self.board.phase} step {len(self.history)}>"


def replay_log(game: Game, seed: int, entries: list[Any]) -> dict[str, Any]:
    """A judge's replay: apply ``entries`` (actions' JSON) from ``seed`` until the first one that cannot be
    read or is illegal. Returns ``{"ok", "applied", "first_illegal", "error", "rule", "state"}``.

    >>> from engine.longhu.cli import DEFAULT_DATA, DEFAULT_MAP
    >>> g = Game.from_files(str(DEFAULT_MAP), str(DEFAULT_DATA))
    >>> v = replay_log(g, 1, [{"type": "roll", "value": 3}, {"type": "roll", "value": 9}])
    >>> v["ok"], v["applied"], v["first_illegal"], v["rule"]
    (False, 1, 1, '§3-1(2)')
    """
    state = game.new_initial_state(seed)
    for i, entry in enumerate(entries):
        try:
            state.apply(action_from_json(entry))
        except (IllegalAction, LogError) as exc:
            rule = exc.rule if isinstance(exc, IllegalAction) else ""
            return {"ok": False, "applied": i, "first_illegal": i, "error": str(exc), "rule": rule, "state": state}
    return {"ok": True, "applied": len(entries), "first_illegal": None, "error": "", "rule": "", "state": state}


def board_json(b: Board) -> dict[str, Any]:
    """The board as JSON-ready data (sorted, so equal boards give equal dicts)."""
    return {
        "round": b.round,
        "phase": b.phase,
        "fate": list(b.fate),
        "turn": {"country": b.turn_country, "player": b.turn_player, "player_marker": b.player_marker},
        "owner": {c: b.owner.get(c) for c in sorted(b.owner)},
        "home": list(b.home),
        "warlord": dict(sorted(b.warlord.items())),
        "destroyed": dict(sorted(b.destroyed.items())),
        "strength": {r: dict(sorted(v.items())) for r, v in sorted(b.strength.items())},
        "supply": dict(sorted(b.supply.items())),
        "control": dict(sorted(b.control.items())),
        "characters": {n: [b.loc[n], b.allegiance.get(n)] for n in sorted(b.loc)},
        "order_cup": list(b.cup),
        "drawn": list(b.drawn),
        "emperor": [b.emperor, b.emperor_ctrl],
        "out": sorted(b.out),
        "outcome": b.outcome,
    }


def check_pieces(b: Board) -> list[str]:
    """Every piece in exactly one place: problems found (empty when all is well)."""
    problems = []
    regions = set(b.data.map.region_ids)
    for ch in b.data.characters:
        where = b.loc.get(ch.name)
        if where not in regions and where not in OFF_MAP:
            problems.append(f"{ch.name} is nowhere ({where!r})")
        if where in regions and not b.allegiance.get(ch.name):
            problems.append(f"{ch.name} is on the map without a country")
    for c in b.data.countries:
        on_map = sum(here.get(c.id, 0) for here in b.strength.values())
        if on_map + b.supply[c.id] != c.supply or b.supply[c.id] < 0:
            problems.append(f"{c.id}: {on_map} on the map + {b.supply[c.id]} unused != {c.supply}")
    for r, holder in b.control.items():
        if not (b.str_of(r, holder) or b.chars_in(r, holder)):
            problems.append(f"{holder} holds {r}'s control box with no piece there")
    for r, here in b.strength.items():
        if any(v <= 0 for v in here.values()):
            problems.append(f"{r} has an empty army entry")
    return problems


_MASK = (1 << 64) - 1


def _mix(seed: int, step: int) -> int:
    """splitmix64 of (seed, step): the same on every machine."""
    z = (seed * 0x9E3779B97F4A7C15 + step * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 8
