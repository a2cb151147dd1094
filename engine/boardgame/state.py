"""The state machinery every board game shares: a state is the board plus the paused rules procedure.

``apply`` checks the action against what is pending (the listed options, or the possible chance outcomes) and
raises the game's ``IllegalAction`` without changing anything, else resumes the procedure to its next stop.
The serialised state is the seed, the history and a snapshot of the board; reading it replays the history and
checks the snapshot. A game subclasses :class:`BoardState` (and :class:`BoardGame`) and fills in its board,
its piles of chance, its snapshot, what each seat may see, and its scoring.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Self

import engine.boardgame.position as position
from engine import interface
from engine.boardgame.actions import Action, ActionReader, Draw, Roll
from engine.boardgame.errors import IllegalAction, LogError
from engine.boardgame.pieces import Locations
from engine.boardgame.position import POSITION_FORMAT
from engine.boardgame.procedure import Chance, Decision, Mark, Proc, Request
from engine.maps import MapData, load_map, parse_map

CHANCE = -1
"""``current_player()`` at a chance event."""
TERMINAL = -2
"""``current_player()`` when the game is over."""


class BoardGame:
    """The fixed part of a game: the map and game data and the number of seats. A game sets ``system``,
    ``state_class``, ``reader`` (its ``action_from_json``) and ``players`` (an attribute or a property)."""

    system: ClassVar[str] = ""
    state_class: ClassVar[type[BoardState]]
    reader: ClassVar[ActionReader]
    default_files: ClassVar[tuple[Path, Path]]
    """The bundled test map and data (not the publisher's)."""
    data: Any
    players: int

    def __init_subclass__(cls, *, data: ModuleType | None = None, messages: ModuleType | None = None) -> None:
        """``class Game(BoardGame, data=<the game's data module>, messages=<its messages module>)`` takes the
        parser, loader and bundled test files (``parse_data``, ``load_data``, ``DEFAULT_MAP``, ``DEFAULT_DATA``)
        and the catalogue's ``text``, ``step_text`` and ``label`` from those modules."""
        super().__init_subclass__()
        if data is not None:
            cls.parse_data = staticmethod(data.parse_data)  # type: ignore[method-assign]
            cls.load_data = staticmethod(data.load_data)  # type: ignore[method-assign]
            cls.default_files = (data.DEFAULT_MAP, data.DEFAULT_DATA)
        if messages is not None:
            cls.text = staticmethod(messages.text)  # type: ignore[method-assign]
            cls.step_text = staticmethod(messages.step_text)  # type: ignore[method-assign]
            cls.label = staticmethod(messages.label)  # type: ignore[method-assign]

    @staticmethod
    def parse_data(data: Any, map_data: MapData) -> Any:
        """The game's data parser (``DataError`` lists every bad row)."""
        raise NotImplementedError

    @staticmethod
    def load_data(path: str | Path, map_data: MapData) -> Any:
        raise NotImplementedError

    @staticmethod
    def text(code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
        """A refusal's or a step's message ``code`` with ``params`` in ``en`` or ``zh`` (the game's catalogue)."""
        raise NotImplementedError

    @staticmethod
    def step_text(step: dict[str, Any], lang: str = "en") -> str:
        """One noted step of ``state.board.steps`` (the narration) as text."""
        raise NotImplementedError

    @staticmethod
    def label(action: dict[str, Any], lang: str = "en") -> str:
        """A player's action (its JSON) in words: the label of its button."""
        raise NotImplementedError

    @classmethod
    def for_seats(cls, data: Any, seats: int) -> Self:
        """The game with ``data`` for ``seats`` players (``ValueError`` for a number the game does not have)."""
        raise NotImplementedError

    @classmethod
    def from_files(cls, map_path: str | Path, data_path: str | Path, seats: int = 2) -> Self:
        return cls.for_seats(cls.load_data(data_path, load_map(map_path)), seats)

    @classmethod
    def from_data(cls, map_data: MapData | dict[str, Any], data: Any, seats: int) -> Self:
        """The game on a map (or its JSON) with game data (parsed, or its JSON) for ``seats`` players."""
        if isinstance(data, dict):
            data = cls.parse_data(data, map_data if isinstance(map_data, MapData) else parse_map(map_data))
        return cls.for_seats(data, seats)

    @classmethod
    def default(cls, seats: int = 2) -> Self:
        """The game on the bundled Junling test map and data (not the publisher's)."""
        return cls.from_files(*cls.default_files, seats)

    @property
    def map(self) -> Any:
        return self.data.map

    def new_initial_state(self, seed: int = 0) -> Any:
        return self.state_class(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> Any:
        return self.state_class.from_json(self, data)

    def state_from_position(self, data: Any) -> Any:
        """The state a position (``junling-board-position/1``) describes, or ``BoardPositionError``."""
        return position.state_from_position(self, data)

    def new_board(self) -> Any:
        """An empty board of the game (its data and seats, nothing placed): what a position fills."""
        raise NotImplementedError

    def position_board(self, board: Any) -> dict[str, Any]:
        """Every field of ``board`` as a position writes it (``engine.boardgame.position.encode_board``)."""
        return position.encode_board(board)

    def position_board_from(self, data: dict[str, Any]) -> Any:
        """A board read back from :meth:`position_board`'s JSON (``BoardPositionError`` for a bad field)."""
        return position.decode_board(self.new_board(), data, Locations)

    def check_board(self, board: Any) -> None:
        """Raise ``BoardPositionError`` with the first rule ``board`` breaks (the game's own checks)."""

    def action_from_json(self, data: Any) -> Action:
        """An action read back from its JSON; the game's ``LogError`` says what is wrong."""
        return self.reader(data)

    def log_from_json(self, entries: list[Any]) -> list[Action]:
        """A log (a list of actions' JSON) read back; ``LogError`` at the first unreadable entry."""
        return [self.action_from_json(e) for e in entries]

    def metadata(self) -> dict[str, Any]:
        """What a match records of the game (its system, seats, map and data with their hashes)."""
        raise NotImplementedError

    def replay(self, seed: int, entries: list[Any]) -> dict[str, Any]:
        """:func:`replay_log` of this game."""
        return replay_log(self, seed, entries)

    bot_classes: ClassVar[dict[str, Any]] = {}
    """The game's bots by name (``name(seed)`` makes one); a game sets its own (its ``bots.BOTS``)."""

    @classmethod
    def bots(cls) -> tuple[str, ...]:
        """The names of the game's bots."""
        return tuple(cls.bot_classes)

    def bot(self, name: str, seed: int) -> Any:
        """Bot ``name``, seeded (the same after a restart): ``choose(state)`` gives its action. ``KeyError`` for
        a name the game has no bot of."""
        return self.bot_classes[name](seed)


class BoardState:
    """One moment of a game; :meth:`apply` changes it in place."""

    GAME_NAME: ClassVar[str] = ""
    STATE_FORMAT: ClassVar[str] = ""
    CODES: ClassVar[str] = ""
    """Prefix of the refusal codes (``wenlu.refusal.``)."""
    GAME_OVER_RULE: ClassVar[str] = ""
    WRONG_DECISION: ClassVar[bool] = False
    """Tell an action of a type no option has (``wrong_decision``) from an option not offered."""
    illegal: ClassVar[type[IllegalAction]] = IllegalAction
    log_error: ClassVar[type[LogError]] = LogError

    board: Any
    history: list[Action]
    pending: Request | None
    marking: bool = True
    start: dict[str, Any] | None = None
    """The position the state started from (``{"point", "board"}``, ``engine.boardgame.position``), None for a
    game from its set-up: its history and log begin there."""
    POINTS: ClassVar[tuple[str, ...]] = ()
    """The marks of the game's procedure a position may stand at (``rules.play``)."""
    """Keep a copy of the board at each of the procedure's marks (what :meth:`clone` rebuilds from); the judge's
    replay turns it off while it replays (no clone is made then): a clone of such a state rebuilds from an
    earlier mark, the same way, only slower."""

    def __init__(self, game: Any, seed: int) -> None:
        """A game's state sets ``game``, ``seed`` and ``board``, places the pieces and calls :meth:`_start`."""
        self.game = game
        self.seed = seed

    def _start(self, resume: str | None = None) -> None:
        """Start the game's procedure on ``self.board`` (placed), to its first stop; ``resume`` (one of
        :attr:`POINTS`) goes on from a board standing at that mark instead (a position,
        ``engine.boardgame.position``)."""
        self.history = []
        self.pending = None
        self._fed = 0
        self._mark: tuple[Any, int, str | None] = (self.board.copy(), 0, resume)
        self._proc: Proc | None = self._procedure(self.board, mark=self._keep, resume=resume)
        self._resume(None)

    def _keep(self, board: Any, point: str) -> None:
        """The procedure is at ``point`` (between two turns, ...): keep a copy of the board there, with the
        actions fed so far (a mark with as many actions fed is kept: the procedure goes on from either the same
        way)."""
        if self.marking and self._mark[1] != self._fed:
            self._mark = (board.copy(), self._fed, point)

    def _resume(self, action: Action | None) -> None:
        proc = self._proc
        if proc is None:  # a clone's first action (already in the history)
            proc = self._rebuild(len(self.history) - (action is not None))
        try:
            if action is None:
                self.pending = next(proc)
            else:
                self._fed += 1
                self.pending = proc.send(action)
        except StopIteration:
            self.pending = None

    def _rebuild(self, upto: int) -> Proc:
        """A clone's paused procedure (a generator cannot be copied): resumed on a copy of the board kept at the
        last mark, fed the actions of the history since, up to ``upto`` (they were checked when applied); it
        drives that board, which is this state's board from now on."""
        board, fed, resume = self._mark
        board = board.copy()
        self._fed = fed
        proc = self._proc = self._procedure(board, mark=self._keep, resume=resume)
        next(proc)
        for action in self.history[fed:upto]:
            self._fed += 1
            proc.send(action)
        self.board = board
        return proc

    def clone(self) -> Self:
        """A state of its own at the same moment (what a searching bot copies thousands of times a move): the
        game (map and data) shared, the board copied (``Board.copy``), the history's list copied (its actions
        are frozen), the pending request with its own params. The paused procedure is rebuilt when the clone is
        first applied to, from the board kept between the last two turns (``_rebuild``): the clone pays for the
        entries since then, once.

        >>> from engine.longhu.state import Game
        >>> s = Game.default().new_initial_state(3)
        >>> c = s.clone()
        >>> c.apply(c.sample_chance())
        >>> len(c.history), len(s.history), c.board is not s.board
        (1, 0, True)
        """
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.board = self.board.copy()
        new.history = list(self.history)
        new._proc = None
        p = self.pending  # frozen, but not its params dict: the clone's own
        if p is not None:
            params = {k: list(v) if isinstance(v, list) else v for k, v in p.params.items()}
            if isinstance(p, Decision):
                new.pending = Decision(p.player, p.what, p.options, p.rule, params)
            else:
                new.pending = Chance(p.kind, p.what, p.rule, params)
        return new

    # --- what a game fills in -----------------------------------------------------------------

    def _procedure(self, board: Any, *, mark: Mark, resume: str | None) -> Proc:
        """The game's whole procedure on ``board`` (``rules.play``): calls ``mark(board, point)`` where all it
        goes on from is on the board; ``resume=point`` goes on from a board so marked (None: the game's start)."""
        raise NotImplementedError

    def _pile(self, p: Chance) -> list[str]:
        """What a draw of ``p.kind`` may take."""
        raise NotImplementedError

    def board_json(self) -> dict[str, Any]:
        """The board as JSON-ready data (sorted, so equal boards give equal dicts)."""
        raise NotImplementedError

    def _view(self, player: int | None) -> dict[str, Any]:
        """The board as ``player`` may see it (without the pending decision)."""
        raise NotImplementedError

    def _header(self) -> dict[str, Any]:
        """What a serialised state records besides the seed, the board and the history."""
        return {"format": self.STATE_FORMAT, "data": self.game.data.hash, "map": self.game.data.map.hash}

    @classmethod
    def _check_header(cls, game: Any, data: dict[str, Any]) -> None:
        """Raise ``LogError`` if ``data`` was made with other game data (or seats) than ``game``."""

    def result(self) -> dict[str, Any] | None:
        """The result with its scoring (``docs/boardgames.md``), None while the game runs."""
        raise NotImplementedError

    def conceded(self, player: int) -> dict[str, Any]:
        """The outcome (the game's own form, as ``outcome``) if ``player`` concedes now: scored by the game's
        scoring with the conceding seat last; ``termination`` is ``concession`` and ``conceded_by`` names the
        seat. The state is not changed (a concession is the table's end, not an action of the game)."""
        raise NotImplementedError

    AGREED_RULE: ClassVar[str] = ""
    """The ruling that lets the players end the game by agreement (``ruling L29``, ``ruling W26``)."""

    def agreement_seats(self) -> list[int]:
        """The seats whose agreement ends the game now (empty: no agreed end is possible now)."""
        return []

    def agreed_end(self) -> dict[str, Any] | None:
        """The outcome (the game's own form, as ``outcome``) if every seat of :meth:`agreement_seats` agrees
        to end the game now, or None when the rules allow no agreed end now. The state is not changed (as a
        concession, the agreement is the table's end, not an action of the game)."""
        return None

    # --- who acts ---------------------------------------------------------------------------

    def step_count(self) -> int:
        """How many steps (``{"code", "rule", "params"}``, the narration) the game has noted so far."""
        return len(self.board.steps)

    def steps_since(self, n: int) -> list[dict[str, Any]]:
        """The steps noted after the first ``n``, each as ``{"code", "rule", "params"}``."""
        return [_normal_step(step) for step in self.board.steps[n:]]

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.board.outcome if self.pending is None else None

    def current_player(self) -> int:
        if self.pending is None:
            return TERMINAL
        if isinstance(self.pending, Chance):
            return CHANCE
        return self.pending.player

    def to_act(self) -> list[int]:
        """The seats that must act now: one seat at a decision, none at a chance event or the end."""
        return [self.pending.player] if isinstance(self.pending, Decision) else []

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

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A chance outcome from ``rng``, or by default from (seed, step) through splitmix64: a refereed game is
        a function of the seed and the players' actions (the committed dice)."""
        outcomes = self.chance_outcomes()
        n = len(outcomes)
        pick = rng.randrange(n) if rng is not None else mix(self.seed, len(self.history)) % n
        return outcomes[pick][0]

    def validate(self, action: Action) -> IllegalAction | None:
        """None if ``action`` answers what is pending, else the refusal (code, params, rule)."""
        err, c = self.illegal, self.CODES
        p = self.pending
        if p is None:
            return err(c + "game_over", {}, self.GAME_OVER_RULE)
        if not isinstance(action, Action):
            return err(c + "unknown_action", {"action": repr(action)}, "")
        if isinstance(p, Chance):
            if not action.is_chance:
                return err(c + "chance_due", self._chance_params(p), p.rule)
            ok = (
                isinstance(action, Roll) and isinstance(action.value, int) and 1 <= action.value <= 6
                if p.kind == "d6"
                else isinstance(action, Draw) and action.piece in self._pile(p)
            )
            if not ok:
                return err(c + "not_an_outcome", {"action": repr(action), **self._chance_params(p)}, p.rule)
            return None
        if action.is_chance:
            return err(c + "not_chance", {"action": repr(action)}, p.rule)
        if action in p.options:
            return None
        if self.WRONG_DECISION and not any(type(o) is type(action) for o in p.options):
            return err(c + "wrong_decision", self._refused(action, p), p.rule)
        return err(c + "not_offered", self._refused(action, p), p.rule)

    def _refused(self, action: Action, p: Decision) -> dict[str, Any]:
        """A refusal's params: the action (``repr``, and ``option``: its JSON) and the question (``what`` in
        English, and ``question``: its code and params), so that each language says both."""
        question = {"code": p.what, "params": dict(p.params)}
        return {"action": repr(action), "what": self.question(p), "question": question, "option": action.to_json()}

    def _chance_params(self, p: Chance) -> dict[str, Any]:
        """A refusal's params naming a chance event: what it is for in English (``what``) and as its code with
        params (``question``), so that each language says it."""
        return {"what": self.chance_text(p), "question": {"code": p.what, "params": dict(p.params)}}

    def chance_text(self, chance: Chance, lang: str = "en") -> str:
        """What a chance event is for (its code and params) in ``en`` or ``zh``."""
        return str(self.game.text(chance.what, dict(chance.params), lang))

    def question(self, decision: Decision, lang: str = "en") -> str:
        """A decision's question (its code and params) in ``en`` or ``zh``."""
        return str(self.game.text(decision.what, dict(decision.params), lang))

    def apply(self, action: Action) -> None:
        """Apply ``action`` or raise the game's ``IllegalAction`` (the state unchanged)."""
        error = self.validate(action)
        if error is not None:
            raise error
        self.history.append(action)
        self._resume(action)

    # --- views ------------------------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: the game's view of the board; the pending decision (its question as a
        message ``code`` with ``params``, and in English as ``what``; a chance event's purpose the same way),
        its options only to its player; never the seed."""
        snap = self._view(player)
        p = self.pending
        if isinstance(p, Chance):
            snap["pending"] = {
                "chance": p.kind,
                "what": self.chance_text(p),
                "code": p.what,
                "params": dict(p.params),
                "rule": p.rule,
            }
        elif isinstance(p, Decision):
            snap["pending"] = {
                "player": p.player,
                "what": self.question(p),
                "code": p.what,
                "params": dict(p.params),
                "rule": p.rule,
            }
            if p.player == player:
                snap["pending"]["options"] = [o.to_json() for o in p.options]
        snap["you"] = player
        return snap

    def returns(self) -> list[float]:
        """Per seat at the end: the winners share 1 (a sole winner 1, a two-way draw ½ each), the others 0;
        all 0 while the game runs or when nobody wins."""
        result = self.result()
        out = [0.0] * self.game.players
        if result is not None and result["winners"]:
            for seat in result["winners"]:
                out[seat] = 1 / len(result["winners"])
        return out

    def log(self) -> list[dict[str, Any]]:
        """The history as JSON (``game.log_from_json`` reads it back)."""
        return [a.to_json() for a in self.history]

    def to_json(self, *, history: bool = True) -> dict[str, Any]:
        out = self._header()
        out["seed"] = self.seed
        if self.start is not None:
            out["start"] = self.start
        out["board"] = self.board_json()
        if history:
            out["history"] = self.log()
        return out

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> Self:
        """Replay ``data["history"]`` from the seed and check the snapshot; ``LogError`` on any mismatch,
        naming the first entry that cannot be applied."""
        if data.get("format") != cls.STATE_FORMAT:
            raise cls.log_error(f"not a {cls.GAME_NAME} state: format {data.get('format')!r}")
        cls._check_header(game, data)
        if isinstance(data.get("start"), dict):
            try:
                s = game.state_from_position({**data["start"], "format": POSITION_FORMAT, "seed": int(data["seed"])})
            except LogError as exc:
                raise cls.log_error(f"the state's starting position is impossible: {exc}") from exc
        else:
            s = cls(game, int(data["seed"]))
        for i, entry in enumerate(data.get("history", [])):
            try:
                s.apply(game.action_from_json(entry))
            except IllegalAction as exc:
                raise cls.log_error(f"history entry {i} ({entry}) is illegal: {exc}") from exc
        if "board" in data and s.board_json() != data["board"]:
            raise cls.log_error("the board does not match the replayed history")
        return s


def replay_log(game: BoardGame, seed: int, entries: list[Any]) -> dict[str, Any]:
    """A judge's replay (``engine.interface.replay_log``, the same for every game), without the marks a search's
    clone needs (``BoardState.marking``): no clone is made while a log replays."""
    state = game.new_initial_state(seed)
    state.marking = False
    try:
        return interface.replay_log(game, seed, entries, state=state)
    finally:
        state.marking = True


def _normal_step(step: dict[str, Any]) -> dict[str, Any]:
    """A noted step as ``{"code", "rule", "params"}`` (a game keeps the parameters nested or alongside)."""
    if "params" in step:
        return {"code": step["code"], "rule": step.get("rule", ""), "params": dict(step["params"])}
    return {
        "code": step["code"],
        "rule": step.get("rule", ""),
        "params": {k: v for k, v in step.items() if k not in ("code", "rule")},
    }


_MASK = (1 << 64) - 1


def mix(seed: int, step: int) -> int:
    """splitmix64 of (seed, step): the same on every machine."""
    z = (seed * 0x9E3779B97F4A7C15 + step * 0xD1B54A32D192ED03 + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 8
