"""The game and its states: ``Game(data, players).new_initial_state(seed)``.

The rules run as one procedure (``rules.play``) that stops at every decision and chance event; a state is the
board plus that paused procedure. The machinery (apply, validate, chance, serialising, replay) is
``engine.boardgame.state``'s; this module gives it the board, the piles of chance, the snapshot, what a seat
sees and the scoring.
"""

from __future__ import annotations

from typing import Any

import engine.longhu.agreed as agreed
import engine.longhu.data as data_module
import engine.longhu.messages as messages
import engine.longhu.order as order
import engine.longhu.position as position
import engine.longhu.rules as rules
from engine.boardgame.procedure import Chance, Mark, Proc
from engine.boardgame.state import BoardGame, BoardState
from engine.boardgame.state import replay_log as base_replay
from engine.longhu.actions import action_from_json
from engine.longhu.board import OFF_MAP, Board
from engine.longhu.bots import BOTS
from engine.longhu.data import GameData
from engine.longhu.errors import IllegalAction, LogError
from engine.longhu.terms import STATE_FORMAT
from engine.longhu.victory import conceded, outcome


class Game(BoardGame, data=data_module, messages=messages):
    """The fixed part of a game: the map and game data, the number of players (2–4, §12)."""

    system = "longhu"
    reader = action_from_json
    bot_classes = BOTS

    def __init__(self, data: GameData, players: int = 2) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"龙虎三国志 has 2 to 4 players (§12), not {players}")
        self.data = data
        self.players = players

    def new_board(self) -> Board:
        """An empty board of this game (a position fills it, ``engine.boardgame.position``)."""
        return Board(self.data, self.players)

    def check_board(self, board: Board) -> None:
        """The first rule a position's board breaks (``longhu.position.check``)."""
        position.check(board)

    @classmethod
    def for_seats(cls, data: GameData, seats: int) -> Game:
        return cls(data, seats)

    def metadata(self) -> dict[str, Any]:
        """What a match records: the game system, the seats, the map and data with their hashes."""
        return {
            "game": "longhu",
            "players": self.players,
            "map": {"id": self.data.map.id, "hash": self.data.map.hash},
            "data": {"id": self.data.id, "hash": self.data.hash},
            "rounds": self.data.rounds,
        }


class State(BoardState):
    """One moment of a game; :meth:`apply` changes it in place."""

    GAME_NAME = "龙虎三国志"
    STATE_FORMAT = STATE_FORMAT
    POINTS = position.POINTS
    GAME_OVER_RULE = "§4-8"
    WRONG_DECISION = True
    illegal = IllegalAction
    log_error = LogError
    game: Game
    board: Board

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.board = Board(game.data, game.players)
        order.place_pieces(self.board)
        self._start()

    def _procedure(self, board: Board, *, mark: Mark, resume: str | None) -> Proc:
        return rules.play(board, rules.Hooks(), mark=mark, resume=resume)

    def _pile(self, p: Chance) -> list[str]:
        b = self.board
        if p.kind == "order":
            return list(b.cup)
        return [c.name for c in b.data.characters if b.loc[c.name] == "cup"]

    def board_json(self) -> dict[str, Any]:
        return board_json(self.board)

    def _view(self, player: int | None) -> dict[str, Any]:
        """The whole board (it is public), but of the free-retainer cup only its size (the counters are face
        down, §2-2(1)); never the seed."""
        snap = board_json(self.board)
        cup = snap.pop("characters")
        snap["characters"] = {n: v for n, v in cup.items() if v[0] != "cup"}
        snap["retainer_cup"] = sum(1 for v in cup.values() if v[0] == "cup")
        return snap

    def _header(self) -> dict[str, Any]:
        out = super()._header()
        out["players"] = self.game.players
        return out

    @classmethod
    def _check_header(cls, game: Game, data: dict[str, Any]) -> None:
        if data.get("data") != game.data.hash or data.get("players") != game.players:
            raise LogError("the state was made with other game data or another number of players")

    AGREED_RULE = agreed.RULE

    def agreement_seats(self) -> list[int]:
        """Ruling L29: every player still in the game, at any point between two actions."""
        return agreed.seats(self.board) if self.pending is not None else []

    def agreed_end(self) -> dict[str, Any] | None:
        """Ruling L29: scored at once as the last round's end (``longhu.agreed``); None once the game is over."""
        return agreed.agreed_end(self.board, outcome(self.board, "agreed")) if self.pending is not None else None

    def conceded(self, player: int) -> dict[str, Any]:
        """The outcome if seat ``player`` concedes now (``victory.conceded``): placed last, the others by §7."""
        return conceded(self.board, player)

    def result(self) -> dict[str, Any] | None:
        """Scored by placement and regions held (§7; production breaks ties), ``docs/boardgames.md``."""
        out = self.outcome
        if out is None:
            return None
        return {
            "system": "longhu",
            "termination": out["termination"],
            "winners": list(out["winners"]),
            "placement": list(out["placement"]),
            "scores": list(out["regions"]),
            "score": "regions",
            "margin": None,
            "detail": out,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<longhu State round {self.board.round} {self.board.phase} step {len(self.history)}>"


Game.state_class = State


def replay_log(game: Game, seed: int, entries: list[Any]) -> dict[str, Any]:
    """A judge's replay (``engine.boardgame.replay_log``): apply ``entries`` (actions' JSON) from ``seed`` until
    the first one that cannot be read or is illegal. Returns ``{"ok", "applied", "first_illegal", "error",
    "code", "params", "rule", "state"}``.

    >>> g = Game.default()
    >>> v = replay_log(g, 1, [{"type": "roll", "value": 3}, {"type": "roll", "value": 9}])
    >>> v["ok"], v["applied"], v["first_illegal"], v["rule"]
    (False, 1, 1, '§3-1(2)')
    """
    return base_replay(game, seed, entries)


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
