"""The game and its states: ``Game(data).new_initial_state(seed)``, as 龙虎三国志's (``engine/longhu/state.py``).

The rules run as one procedure (``rules.play``) that stops at every decision and chance event; a state is the
board plus that paused procedure. ``apply`` checks the action against what is pending and raises
:class:`IllegalAction` without changing anything, else resumes the procedure to the next stop. The serialised
state is the seed, the history and a snapshot of the board; reading it replays the history and checks it.
"""

from __future__ import annotations

import random
from typing import Any

import engine.wenlu.rules as rules
import engine.wenlu.turn as turn
from engine.maps import MapData, load_map
from engine.wenlu.actions import Action, Draw, Roll, action_from_json
from engine.wenlu.board import Board, Chance, Decision, Request
from engine.wenlu.data import GameData, load_data, load_default
from engine.wenlu.errors import IllegalAction, LogError
from engine.wenlu.terms import CHANCE, OFF_MAP, STATE_FORMAT, TERMINAL


class Game:
    """The fixed part of a game: the map and game data; two players, 0 the Japanese, 1 the Allies (§3.0)."""

    players = 2

    def __init__(self, data: GameData) -> None:
        self.data = data

    @classmethod
    def from_files(cls, map_path: str, data_path: str) -> Game:
        return cls(load_data(data_path, load_map(map_path)))

    @classmethod
    def default(cls) -> Game:
        """The bundled test map and data (not the publisher's)."""
        return cls(load_default())

    @property
    def map(self) -> MapData:
        return self.data.map

    def metadata(self) -> dict[str, Any]:
        return {
            "game": "wenlu",
            "players": 2,
            "map": {"id": self.data.map.id, "hash": self.data.map.hash},
            "data": {"id": self.data.id, "hash": self.data.hash},
            "turns": self.data.turns,
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
        self.board = Board(game.data)
        turn.place_counters(self.board)
        self.history: list[Action] = []
        self._proc = rules.play(self.board)
        self.pending: Request | None = None
        self._resume(None)

    def _resume(self, action: Action | None) -> None:
        try:
            self.pending = self._proc.send(action) if action is not None else next(self._proc)
        except StopIteration:
            self.pending = None

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

    def legal_actions(self) -> list[Action]:
        """The options of the pending decision (empty at a chance node and at the end)."""
        return list(self.pending.options) if isinstance(self.pending, Decision) else []

    def _pile(self, p: Chance) -> list[str]:
        b = self.board
        if p.kind == "cup":
            return sorted(b.cup)
        if p.kind.startswith("deck:"):
            return sorted(b.decks[p.kind[5:]])
        return [c.id for c in b.data.counters if b.loc.get(c.id) == "pool"]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        p = self.pending
        if not isinstance(p, Chance):
            return []
        if p.kind == "d6":
            return [(Roll(i), 1 / 6) for i in range(1, 7)]
        pile = self._pile(p)
        return [(Draw(x), 1 / len(pile)) for x in pile]

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A chance outcome from ``rng``, or by default from (seed, step) through splitmix64: a refereed game is
        a function of the seed and the players' actions (the committed dice)."""
        outcomes = self.chance_outcomes()
        n = len(outcomes)
        pick = rng.randrange(n) if rng is not None else _mix(self.seed, len(self.history)) % n
        return outcomes[pick][0]

    def validate(self, action: Action) -> IllegalAction | None:
        p = self.pending
        if p is None:
            return IllegalAction("wenlu.refusal.game_over", {}, "§12.1")
        if not isinstance(action, Action):
            return IllegalAction("wenlu.refusal.unknown_action", {"action": repr(action)}, "")
        if isinstance(p, Chance):
            if not action.is_chance:
                return IllegalAction("wenlu.refusal.chance_due", {"what": p.what}, p.rule)
            ok = (
                isinstance(action, Roll) and 1 <= action.value <= 6
                if p.kind == "d6"
                else isinstance(action, Draw) and action.piece in self._pile(p)
            )
            if not ok:
                return IllegalAction("wenlu.refusal.not_an_outcome", {"action": repr(action), "what": p.what}, p.rule)
            return None
        if action.is_chance:
            return IllegalAction("wenlu.refusal.not_chance", {"action": repr(action)}, p.rule)
        if action in p.options:
            return None
        return IllegalAction("wenlu.refusal.not_offered", {"action": repr(action), "what": p.what}, p.rule)

    def apply(self, action: Action) -> None:
        error = self.validate(action)
        if error is not None:
            raise error
        self.history.append(action)
        self._resume(action)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: the map is public; the other side's event cards only as a count, the decks
                as counts, 在野武将区 and 待机武将区 shown to the Japanese as one heap ``righteous`` (§2.4(5):
        the pool's number and contents stay hidden, and so does which generals may rise); a decision's options
        only to its player."""
        snap = board_json(self.board)
        me = "japan" if player == 0 else "allies"
        foe = "allies" if player == 0 else "japan"
        snap["hands"] = {me: snap["hands"][me], foe: len(snap["hands"][foe])}
        snap["decks"] = {s: len(v) for s, v in snap["decks"].items()}
        if player == 0:  # §2.4(5): which righteous generals wait in the pool, and which may rise, stays hidden
            snap["loc"] = {c: "righteous" if w in ("pool", "standby") else w for c, w in snap["loc"].items()}
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
            "seed": self.seed,
            "board": board_json(self.board),
        }
        if history:
            out["history"] = [a.to_json() for a in self.history]
        return out

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> State:
        """Replay ``data["history"]`` from the seed and check the snapshot; :class:`LogError` on any mismatch."""
        if data.get("format") != STATE_FORMAT:
            raise LogError(f"not a 文禄朝鲜之役 state: format {data.get('format')!r}")
        if data.get("data") != game.data.hash:
            raise LogError("the state was made with other game data")
        s = cls(game, int(data["seed"]))
        for i, entry in enumerate(data.get("history", [])):
            try:
                s.apply(action_from_json(entry))
            except IllegalAction as exc:
                raise LogError(f"history entry {i} ({entry}) is illegal: {exc}") from exc
        if "board" in data and board_json(s.board) != data["board"]:
            raise LogError("the board does not match the replayed history")
        return s

    def __repr__(self) -> str:
        return f"<wenlu State turn {self.board.turn} {self.board.phase} step {len(self.history)}>"


def replay_log(game: Game, seed: int, entries: list[Any]) -> dict[str, Any]:
    """A judge's replay: apply ``entries`` (actions' JSON) from ``seed`` until the first one that cannot be
    read or is illegal. Returns ``{"ok", "applied", "first_illegal", "error", "code", "rule", "state"}``.

    >>> v = replay_log(Game.default(), 1, [{"type": "roll", "value": 3}, {"type": "pick", "choice": "汉城"}])
    >>> v["ok"], v["applied"], v["first_illegal"]
    (False, 1, 1)
    """
    state = game.new_initial_state(seed)
    for i, entry in enumerate(entries):
        try:
            state.apply(action_from_json(entry))
        except (IllegalAction, LogError) as exc:
            code, rule = (exc.code, exc.rule) if isinstance(exc, IllegalAction) else ("", "")
            return {
                "ok": False,
                "applied": i,
                "first_illegal": i,
                "error": str(exc),
                "code": code,
                "rule": rule,
                "state": state,
            }
    return {
        "ok": True,
        "applied": len(entries),
        "first_illegal": None,
        "error": "",
        "code": "",
        "rule": "",
        "state": state,
    }


def board_json(b: Board) -> dict[str, Any]:
    """The board as JSON-ready data (sorted, so equal boards give equal dicts)."""
    return {
        "turn": b.turn,
        "peace": b.peace,
        "phase": b.phase,
        "active": b.active,
        "cup": sorted(b.cup),
        "drawn": list(b.drawn),
        "die": b.die,
        "points": b.points,
        "loc": dict(sorted(b.loc.items())),
        "reduced": sorted(b.reduced),
        "castle": sorted(b.castle),
        "promoted": sorted(b.promoted),
        "markers": sorted(b.markers),
        "cut": sorted(b.cut),
        "marched": sorted(b.marched),
        "hands": {s: sorted(v) for s, v in sorted(b.hands.items())},
        "decks": {s: sorted(v) for s, v in sorted(b.decks.items())},
        "spent": list(b.spent),
        "scored": list(b.scored),
        "yi_sun_sin": b.yi_sun_sin,
        "outcome": b.outcome,
    }


def check_pieces(b: Board) -> list[str]:
    """Every counter in exactly one place, every card in exactly one pile: problems found (empty when well)."""
    problems = []
    places = set(b.data.map.region_ids) | {x.id for x in b.data.map.boxes} | set(OFF_MAP)
    for c in b.data.counters:
        where = b.loc.get(c.id)
        if where not in places:
            problems.append(f"{c.id} is nowhere ({where!r})")
    if set(b.loc) != {c.id for c in b.data.counters}:
        problems.append("the board knows counters the data does not")
    for cid in b.castle:
        if not b.on_map(cid) or b.loc[cid] not in b.markers or b.c(cid).nation != "korea":
            problems.append(f"{cid} is in a castle it cannot be in")
    for cid in b.reduced:
        if b.c(cid).nation == "korea" or not b.on_map(cid):
            problems.append(f"{cid} is reduced off the map or Korean")
    for side in ("japan", "allies"):
        have = sorted(b.decks[side] + b.hands[side] + [x for x in b.spent if x in b.data.deck(side)])
        if have != sorted(b.data.deck(side)):
            problems.append(f"the {side} cards do not add up")
    return problems


_MASK = (1 << 64) - 1


def _mix(seed: int, step: int) -> int:
    """splitmix64 of (seed, step): the same on every machine."""
    z = (seed * 0x9E3779B97F4A7C15 + step * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 8
