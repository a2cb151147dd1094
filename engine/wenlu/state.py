"""文禄朝鲜之役's game and states on the shared machinery (``engine.boardgame.state``): the counters' board, the
piles of chance (cup, decks, pool), the snapshot, the hidden hands and pool, and the victory-point result.
"""

from __future__ import annotations

from typing import Any

import engine.wenlu.agreed as agreed
import engine.wenlu.data as data_module
import engine.wenlu.messages as messages
import engine.wenlu.position as position
import engine.wenlu.rules as rules
import engine.wenlu.turn as turn
from engine.boardgame.procedure import Chance, Mark, Proc
from engine.boardgame.state import BoardGame, BoardState
from engine.boardgame.state import replay_log as base_replay
from engine.wenlu.actions import action_from_json
from engine.wenlu.board import Board
from engine.wenlu.bots import BOTS
from engine.wenlu.data import GameData
from engine.wenlu.errors import IllegalAction, LogError
from engine.wenlu.terms import OFF_MAP, STATE_FORMAT
from engine.wenlu.victory import conceded, scores


class Game(BoardGame, data=data_module, messages=messages):
    """The fixed part of a game: the map and game data; two players, 0 the Japanese, 1 the Allies (§3.0)."""

    system = "wenlu"
    players = 2
    reader = action_from_json
    bot_classes = BOTS

    def __init__(self, data: GameData) -> None:
        self.data = data

    def new_board(self) -> Board:
        """An empty board of this game (a position fills it, ``engine.boardgame.position``)."""
        return Board(self.data)

    def check_board(self, board: Board) -> None:
        """The first rule a position's board breaks (``wenlu.position.check``)."""
        position.check(board)

    @classmethod
    def for_seats(cls, data: GameData, seats: int = 2) -> Game:
        if seats != 2:
            raise ValueError(f"文禄朝鲜之役 has 2 players (§3.0), not {seats}")
        return cls(data)

    def metadata(self) -> dict[str, Any]:
        return {
            "game": "wenlu",
            "players": 2,
            "map": {"id": self.data.map.id, "hash": self.data.map.hash},
            "data": {"id": self.data.id, "hash": self.data.hash},
            "turns": self.data.turns,
        }


SEAT_SIDES = ("japan", "allies")
"""Seat 0 plays the Japanese, seat 1 the Allies (§3.0)."""


class State(BoardState):
    """One moment of a game; :meth:`apply` changes it in place."""

    GAME_NAME = "文禄朝鲜之役"
    STATE_FORMAT = STATE_FORMAT
    POINTS = position.POINTS
    CODES = "wenlu.refusal."
    GAME_OVER_RULE = "§12.1"
    illegal = IllegalAction
    log_error = LogError
    game: Game
    board: Board

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.board = Board(game.data)
        turn.place_counters(self.board)
        self._start()

    def _procedure(self, board: Board, *, mark: Mark, resume: str | None) -> Proc:
        return rules.play(board, mark=mark, resume=resume)

    def _pile(self, p: Chance) -> list[str]:
        b = self.board
        if p.kind == "cup":
            return sorted(b.cup)
        if p.kind.startswith("deck:"):
            return sorted(b.decks[p.kind[5:]])
        return [c.id for c in b.data.counters if b.loc.get(c.id) == "pool"]

    def board_json(self) -> dict[str, Any]:
        return board_json(self.board)

    def _view(self, player: int | None) -> dict[str, Any]:
        """The map is public; the other side's event cards only as a count (a spectator's view, ``player``
        None, counts both hands), the decks as counts, 在野武将区 and 待机武将区 shown to all but the Allies as
        one heap ``righteous`` (§2.4(5): the pool's number and contents stay hidden, and so does which
        generals may rise)."""
        snap = board_json(self.board)
        snap["hands"] = {s: v if s == _side(player) else len(v) for s, v in snap["hands"].items()}
        snap["decks"] = {s: len(v) for s, v in snap["decks"].items()}
        if player != 1:  # §2.4(5): which righteous generals wait in the pool, and which may rise, stays hidden
            snap["loc"] = {c: "righteous" if w in ("pool", "standby") else w for c, w in snap["loc"].items()}
        return snap

    @classmethod
    def _check_header(cls, game: Game, data: dict[str, Any]) -> None:
        if data.get("data") != game.data.hash:
            raise LogError("the state was made with other game data")

    AGREED_RULE = agreed.RULE

    def _between_activations(self) -> bool:
        p = self.pending
        return agreed.between_activations(self.board, p.kind if isinstance(p, Chance) else None)

    def agreement_seats(self) -> list[int]:
        """Ruling W26: both players, between two activations only."""
        return [0, 1] if self._between_activations() else []

    def agreed_end(self) -> dict[str, Any] | None:
        """Ruling W26: the agreed draw (``wenlu.agreed``), between two activations; else None."""
        return agreed.agreed_end(self.board, scores(self.board)) if self._between_activations() else None

    def conceded(self, player: int) -> dict[str, Any]:
        """The outcome if seat ``player``'s side concedes now (``victory.conceded``): the other side wins."""
        return conceded(self.board, SEAT_SIDES[player])

    def result(self) -> dict[str, Any] | None:
        """Scored by victory points and their margin (§12.1, ruling W22), ``docs/boardgames.md``."""
        out = self.outcome
        if out is None:
            return None
        scores = [out["scores"][s] for s in SEAT_SIDES]
        winners = [SEAT_SIDES.index(out["winner"])] if out["winner"] else [0, 1]
        return {
            "system": "wenlu",
            "termination": out["termination"],
            "winners": winners,
            "placement": [1 if seat in winners else 2 for seat in (0, 1)],
            "scores": scores,
            "score": "victory points",
            "margin": [scores[0] - scores[1], scores[1] - scores[0]],
            "detail": out,
        }

    def __repr__(self) -> str:
        return f"<wenlu State turn {self.board.turn} {self.board.phase} step {len(self.history)}>"


Game.state_class = State


def _side(player: int | None) -> str | None:
    return SEAT_SIDES[player] if player in (0, 1) else None


def replay_log(game: Game, seed: int, entries: list[Any]) -> dict[str, Any]:
    """A judge's replay (``engine.boardgame.replay_log``): apply ``entries`` (actions' JSON) from ``seed`` until
    the first one that cannot be read or is illegal. Returns ``{"ok", "applied", "first_illegal", "error",
    "code", "params", "rule", "state"}``.

    >>> v = replay_log(Game.default(), 1, [{"type": "roll", "value": 3}, {"type": "pick", "choice": "汉城"}])
    >>> v["ok"], v["applied"], v["first_illegal"]
    (False, 1, 1)
    """
    return base_replay(game, seed, entries)


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
