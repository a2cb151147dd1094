"""The one module of the tables app that calls a game's rules engine (its public names only).

Every engine (``engine.systems``: here a system with a rules engine and a map) implements the one game
interface, ``engine.interface`` (``Game``: made by ``make_game`` from the map and game data, its bots by
name, its catalogue; ``State``: who acts, legal actions, checked ``apply``, chance, observations, the
noted steps, the result and a concession; refusals are ``engine.errors.IllegalAction``). This module
calls nothing else of an engine but its message templates (``MESSAGES``, ``messages.WORDS``), so that a
rename in the engines is a change here and nowhere else.

Texts: the engines say things as message codes with parameters; :func:`say` renders one in the
reader's language (the engine's catalogue, ``engine/locale``); so does :func:`prompt` (a pending decision's
question code) and :func:`label` (a player's action).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext

import engine.boardgame.position as position
import engine.boardgame.position_cli as position_cli
from engine import interface
from engine.boardgame import names as names_of
from engine.boardgame.errors import said_params, said_word
from engine.log.sealing import state_hash
from engine.systems import System, all_systems, get_system
from tables import gamedata

CHANCE = "chance"
"""The actor of a chance event (a die, a draw) in entries and logs."""
CONCESSION = "concession"
"""The ``termination`` of a game a seat conceded (``conceded``)."""
TIME = "time"
"""The ``termination`` of a game whose seat ran out of time (``lost_on_time``): scored as its concession."""
ABANDONMENT = "abandonment"
"""The ``termination`` of a game claimed because the seat to act was gone (``abandoned``): scored as its concession."""
SEAT_LOSSES = (CONCESSION, TIME, ABANDONMENT)
"""Ends where one seat loses outside the rules' own end: the game is scored as that seat's concession."""


def board_systems() -> list[System]:
    """The systems a table can be set up for: a rules engine and a map."""
    return [s for s in all_systems() if s.engine is not None and s.has_map and gamedata.choices(s.id)]


def system(system_id: str) -> System:
    return get_system(system_id)


def bots(system_id: str) -> list[str]:
    """The engine's bots, by name (empty: the seats are all human)."""
    return list(interface.game_class(system_id).bots())


def new_game(system_id: str, seats: int, map_hash: str, data_hash: str) -> interface.Game:
    data = gamedata.data_for(system_id, map_hash, data_hash)
    return interface.make_game(system_id, data.map, data, seats)


def initial_state(game: Any, seed: int) -> Any:
    return game.new_initial_state(seed)


def action_from_json(game: interface.Game, data: Any) -> Any:
    """The engine's action, or ``ValueError`` (the engine's LogError) saying what is wrong."""
    return game.action_from_json(data)


def actor(state: Any) -> int | str | None:
    """Who acts now: a seat, :data:`CHANCE`, or None when the game is over."""
    if state.is_terminal():
        return None
    if state.is_chance_node():
        return CHANCE
    return int(state.current_player())


def chance(state: Any) -> Any:
    """The committed chance outcome: from the state's own seed and step (never a generator)."""
    return state.sample_chance()


def bot_action(game: interface.Game, name: str, seed: int, state: Any) -> Any:
    """Bot ``name``'s choice, from a fresh bot seeded with ``seed`` (the same after a restart)."""
    return game.bot(name, seed).choose(state)


def legal(state: Any) -> list[Any]:
    return list(state.legal_actions())


def refusal(state: Any, action: Any) -> Any:
    """None if ``action`` is legal now, else the engine's IllegalAction (``code``, ``params``, ``rule``)."""
    return state.validate(action)


def apply(state: Any, action: Any) -> list[dict[str, Any]]:
    """Apply a legal action; returns the steps the engine noted meanwhile (``{"code", "rule", "params"}``)."""
    before = state.step_count()
    state.apply(action)
    return list(state.steps_since(before))


def observation(
    system_id: str, state: Any, seat: int | None, table_names: dict[str, str] | None = None
) -> dict[str, Any]:
    """What ``seat`` may see (the engine decides; None: a spectator, public information only); of another
    seat's pending decision only whose it is: its question and its rule can name a hidden card (a card is
    offered only to the side that holds it). The question, or what a die is rolled for, is said in the
    reader's language (``what``, the names in it as ``table_names`` says them) beside its code and params."""
    obs = dict(state.observation(seat))
    pending = obs.get("pending")
    if isinstance(pending, dict) and "player" in pending and pending.get("player") != seat:
        obs["pending"] = {"player": pending["player"]}
    elif isinstance(pending, dict) and pending.get("code"):
        game = get_system(system_id).module().Game
        params = named(dict(pending.get("params") or {}), table_names)
        said = game.text(str(pending["code"]), params, reader_lang())
        obs["pending"] = {**pending, "what": str(said)}
    return obs


def outcome(state: Any) -> dict[str, Any] | None:
    """The engine's own end (``result()["detail"]``), None while the game runs."""
    result = state.result()
    return None if result is None else dict(result["detail"])


def conceded(state: Any, seat: int) -> dict[str, Any]:
    """The engine's outcome if ``seat`` concedes now (``termination`` ``concession``, ``conceded_by``)."""
    return dict(state.conceded(seat))


def lost_on_time(state: Any, seat: int) -> dict[str, Any]:
    """The outcome when ``seat``'s clock ran out: scored as the engine scores its concession (``conceded``), with
    ``termination`` ``time`` and ``out_of_time`` naming the seat (or its side, as ``conceded_by`` would)."""
    return _lost(state, seat, TIME)


def abandoned(state: Any, seat: int) -> dict[str, Any]:
    """The outcome when ``seat`` was claimed gone: scored as its concession, ``termination`` ``abandonment``,
    ``abandoned_by`` naming the seat (or its side)."""
    return _lost(state, seat, ABANDONMENT)


LOSER_KEYS = {CONCESSION: "conceded_by", TIME: "out_of_time", ABANDONMENT: "abandoned_by"}
"""The outcome's key naming the seat (or side) that lost, by termination."""


def _lost(state: Any, seat: int, termination: str) -> dict[str, Any]:
    out = dict(state.conceded(seat))
    out[LOSER_KEYS[termination]] = out.pop("conceded_by", seat)
    out["termination"] = termination
    return out


def state_digest(state: Any) -> str:
    return state_hash(state)


def log_metadata(game: Any) -> dict[str, Any]:
    return dict(game.metadata())


# --- results ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A finished game, per seat: ``place`` (1 first), ``score`` (regions held or victory points), the winners
    (empty: nobody won), the margin (victory-point systems) and how it ended."""

    winners: list[int]
    places: list[int]
    scores: list[int]
    margin: int | None
    termination: str

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": self.winners,
            "places": self.places,
            "scores": self.scores,
            "margin": self.margin,
            "termination": self.termination,
        }


def result(system_id: str, seats: int, out: dict[str, Any]) -> Result:
    """The engine's outcome in the system's scoring (``System.scoring``): placement, or victory-point margin."""
    s = get_system(system_id)
    termination = str(out.get("termination", ""))
    if s.scoring == "vp-margin" and s.sides:
        scores = [int(out.get("scores", {}).get(side, 0)) for side in s.sides]
        winner = out.get("winner")
        winners = [s.sides.index(winner)] if winner in s.sides else []
        margin = out.get("margin")
        if termination in SEAT_LOSSES and winners:
            # a concession (or a loss on time) is a loss: the winner leads by his points or by one, whichever is more
            won = winners[0]
            scores[won] = max(scores[won], scores[1 - won] + 1)
            margin = scores[0] - scores[1]
        places = [1 + sum(1 for q in scores if q > p) for p in scores]
        return Result(winners, places, scores, int(margin) if margin is not None else None, termination)
    if s.scoring == "win-loss":
        winners = [int(w) for w in out.get("winners", [])]
        places = [1 if seat in winners else 2 for seat in range(seats)] if winners else [1] * seats
        return Result(winners, places, [0] * seats, None, termination)
    scores = [int(x) for x in out.get("regions", [0] * seats)]
    places = [int(x) for x in out.get("placement", [1] * seats)]
    return Result([int(w) for w in out.get("winners", [])], places, scores, None, termination)


# --- words --------------------------------------------------------------------------------------------------------


def _template(text: str) -> str:
    """An engine template as a catalogue msgid: ``{name}`` fields become ``%(name)s``."""
    return re.sub(r"\{(\w+)\}", r"%(\1)s", text)


def _words(system_id: str) -> dict[str, str]:
    messages = getattr(get_system(system_id).module(), "messages", None)
    return dict(getattr(messages, "WORDS", {}))


def _patterns(system_id: str) -> tuple[Any, ...]:
    messages = getattr(get_system(system_id).module(), "messages", None)
    return tuple(getattr(messages, "PATTERNS", ()))


def names(system_id: str, map_hash: str, data_hash: str) -> dict[str, str]:
    """Every name of a table's map and game data (regions, boxes, provinces, countries, characters, counters:
    their ids) → as the active language reads it (``GameData.names``: the files' ``name_en`` for an English
    reader); {} for data no longer stored."""
    try:
        data = gamedata.data_for(system_id, map_hash, data_hash)
    except gamedata.UnknownMap:
        return {}
    table_names = getattr(data, "names", None)
    return dict(table_names(reader_lang())) if table_names is not None else {}


def named(value: Any, table_names: dict[str, str] | None) -> Any:
    """``value`` with every name in it said as ``table_names`` says it (``engine.boardgame.names.named``: a
    name, ``prefix:name``, a list, a dict's values, names joined into one string)."""
    return names_of.named(value, table_names)


SEAT_KEYS = frozenset({"player"})
"""Parameters of the board engines' messages that hold a seat index (0-based): said as the seat's label."""


def say(
    system_id: str, code: str, params: dict[str, Any] | None = None, table_names: dict[str, str] | None = None
) -> str:
    """The engine's message ``code`` with ``params`` in the active language; the names in it as ``table_names``
    says them (:func:`names`), a seat by its label (seat 1..N, as the seats are listed)."""
    module = get_system(system_id).module()
    templates = module.MESSAGES
    reword = getattr(getattr(module, "messages", None), "reworded", None)
    if reword is not None:
        code, params = reword(code, dict(params or {}), reader_lang())
    said = said_params(params, reader_lang(), module.Game.text, module.Game.label)  # a refusal's question
    values = {}
    for k, v in said.items():
        if k in SEAT_KEYS and isinstance(v, int) and not isinstance(v, bool):
            values[k] = seat_label(system_id, v)
        else:
            values[k] = _said(system_id, named(v, table_names))
    template = _template(templates.get(code, code))
    try:
        return gettext(template) % values
    except (KeyError, ValueError, TypeError):
        try:
            return template % values
        except (KeyError, ValueError, TypeError):
            return template


def _said(system_id: str, value: Any) -> Any:
    """A parameter as shown: a word or pattern of the game's (``messages.WORDS``, ``PATTERNS``: a result, "3
    damage") or a lower-case English word of the engine's translated, a list joined, anything else as it is."""
    said = word(system_id, value)
    if said is not value:
        return said
    if isinstance(value, str) and re.fullmatch(r"[a-z_ ]+", value):
        return gettext(value)
    return _plain(value)


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return (
            "、".join(str(v) for v in value) if translation.get_language() == "zh-hans" else ", ".join(map(str, value))
        )
    return value


def word(system_id: str, value: Any) -> Any:
    """A word of the game (``messages.WORDS``: a side, a nation; ``PATTERNS``: "3 damage") in the active
    language; else ``value`` itself."""
    return said_word(value, gettext, _words(system_id), _patterns(system_id))


def piece_sides(data: Any) -> dict[str, str]:
    """Piece → its side, where the game data says it (文禄朝鲜之役's counters); empty otherwise."""
    return dict(getattr(data, "side_of", None) or {})


def seat_label(system_id: str, seat: int) -> str:
    """A seat as the table names it: the side of an asymmetric game, else its number."""
    s = get_system(system_id)
    if s.sides and seat < len(s.sides):
        side = s.sides[seat]
        words = _words(system_id)
        return gettext(words[side]) if side in words else side
    return gettext("Seat %(n)s") % {"n": seat + 1}


def label(system_id: str, action_json: dict[str, Any], table_names: dict[str, str] | None = None) -> str:
    """A player's action in words of the active language (the label of its button): the engine's label code
    with its parameters (the names in them as ``table_names`` says them), rendered by the game's catalogue."""
    shown = {k: v if k == "type" else named(v, table_names) for k, v in action_json.items()}
    return str(get_system(system_id).module().Game.label(shown, reader_lang()))


def reader_lang() -> str:
    """The engines' language for the active one: ``zh`` for Chinese, else ``en``."""
    return "zh" if (translation.get_language() or "").startswith("zh") else "en"


def prompt(system_id: str, pending: dict[str, Any], table_names: dict[str, str] | None = None) -> str:
    """What a pending decision asks, in the active language: the engine's question code with its parameters
    (``observation()["pending"]``: ``code``, ``params``; the names in them as ``table_names`` says them),
    rendered by the game's catalogue."""
    code = pending.get("code")
    if not code:
        return gettext("Your decision")
    game = get_system(system_id).module().Game
    return str(game.text(str(code), named(dict(pending.get("params") or {}), table_names), reader_lang()))


# --- a judge's replay ----------------------------------------------------------------------------------------------


@dataclass
class Replay:
    """How far a log replays: ``applied`` entries stood; ``first_illegal`` (None: all stood) with the rule
    and the reason (a message code with parameters, rendered by :func:`say`, or a plain text)."""

    applied: int
    first_illegal: int | None = None
    rule: str = ""
    code: str = ""
    params: dict[str, Any] | None = None
    reason: str = ""
    state: Any = None


def replay(
    system_id: str, game: Any, seed: int | None, entries: Iterable[dict[str, Any]], *, committed: bool
) -> Replay:
    """Apply ``entries`` (``{"actor", "action"}``) from ``seed`` until the first that cannot stand: not an
    action of the game, not the actor due, illegal by the rules, or (``committed``) a chance outcome other
    than the one the seed gives."""
    state = game.new_initial_state(seed or 0)
    applied = 0
    for n, entry in enumerate(entries):
        action_data = entry.get("action") if isinstance(entry, dict) else None
        try:
            action = action_from_json(game, action_data)
        except ValueError as exc:
            return Replay(n, n, "", "tables.replay.unreadable", None, str(exc), state)
        due = actor(state)
        said = entry.get("actor")
        if due is not None and said is not None and said != due:
            return Replay(n, n, "", "tables.replay.wrong_actor", {"said": said, "due": due}, "", state)
        error = refusal(state, action)
        if error is not None:
            return Replay(n, n, error.rule, error.code, dict(error.params), "", state)
        if committed and due == CHANCE and action != chance(state):
            return Replay(n, n, "", "tables.replay.not_committed", {"action": action_data}, "", state)
        state.apply(action)
        applied = n + 1
    return Replay(applied, None, state=state)


@dataclass(frozen=True)
class PositionVerdict:
    """A judge's question on a board-game position (``docs/positions.md`` "Board games"): whether the position
    is possible and the move legal there, with the rule and the reason in the reader's language."""

    system: str
    possible: bool
    legal: bool
    rule: str
    where: str
    reason: str
    to_act: str
    """Who is to act in the position (a seat's label, or empty at chance or the end)."""
    legal_actions: list[str]


def judge_position(system_id: str, data: dict[str, Any], action: Any) -> PositionVerdict:
    """Check ``data`` (a ``junling-board-position/1``) on the stored map and data its header names, then
    ``action`` (an action's JSON) against it. ``gamedata.UnknownMap`` if they are not stored; a position's
    seats it does not have are the position's own refusal."""
    lang = reader_lang()
    seats = data.get("players")
    players = seats if isinstance(seats, int) else get_system(system_id).seats[0]
    try:
        game = new_game(system_id, players, str(data.get("map")), str(data.get("data")))
    except ValueError:
        game = new_game(system_id, get_system(system_id).seats[0], str(data.get("map")), str(data.get("data")))
    try:
        state = position.state_from_position(game, data)
    except position.BoardPositionError as exc:
        said = exc.text(lang)
        return PositionVerdict(system_id, False, False, exc.rule, exc.where, said, "", [])
    legal = [label(system_id, a.to_json()) for a in state.legal_actions()]
    who = seat_label(system_id, state.current_player()) if state.to_act() else ""
    verdict = position_cli.check_action(game, state, action, lang)
    reason = "" if verdict["legal"] else str(verdict["reason"])
    return PositionVerdict(system_id, True, bool(verdict["legal"]), verdict.get("rule", ""), "", reason, who, legal)
