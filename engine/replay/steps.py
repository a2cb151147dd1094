"""Step through a log for a judge's viewer: each entry as message lines (any language) and the full state.

The judge sees everything, both hands included: the state is ``State.to_json(history=False)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.cards import CardDatabase
from engine.game import Action, IllegalAction, Reveal, State
from engine.game.decks import resolve_deck
from engine.game.narrate import describe
from engine.game.position import PositionError
from engine.log import END, LogFormatError, load_log, resolve_action
from engine.messages import Message, Reader, seat
from engine.replay.paper import PaperTable, face_down_due
from engine.replay.start import initial_state


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a log: its index, the action as written, what happened (message lines), the state after it.

    ``illegal`` holds ``(rule, message)`` when the entry is the first one the rules do not allow (the
    replay stops there; ``state`` is then the state before it). ``names`` are the game's card names,
    to render the lines (``text(lang)``).
    """

    index: int
    action: dict[str, Any]
    lines: tuple[Message, ...]
    state: dict[str, Any] | None
    illegal: tuple[str, Message] | None = None

    def text(self, lang: str = "en", **options: Any) -> str:
        """The lines in ``lang`` (see :class:`engine.messages.Reader` for the options)."""
        reader = Reader(lang, ids=False, **options)
        return " ".join(reader.render(m) for m in self.lines)

    @property
    def text_en(self) -> str:
        """The lines in English."""
        return self.text("en")

    @property
    def text_zh(self) -> str:
        """The lines in Chinese."""
        return self.text("zh")


def steps(log: Any, db: CardDatabase, *, indices: Iterable[int] | None = None) -> Iterator[Step]:
    """Replay ``log`` (bytes, text or dict; checked by ``adjudicate`` first) and yield its steps.

    ``indices``: only these entries carry the state (all of them by default; a full state costs
    about as much as a hundred actions). The lines are the omniscient narration (a judge sees both
    hands). Raises :class:`engine.log.LogFormatError` on a log that cannot be replayed at all.
    """
    data = load_log(log)
    try:
        header, entries = data["header"], data["entries"]
        for d in header["decks"]:  # readable decks, else the log cannot be replayed at all
            resolve_deck(db, (d["resource"], d["pool"], d["factions"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise LogFormatError("header", f"not a log that can be replayed: {exc}") from None
    seed = 0
    if entries and isinstance(entries[-1], dict):
        end = entries[-1].get("action")
        if isinstance(end, dict) and end.get("type") == END and isinstance(end.get("seed"), int):
            seed = end["seed"]
    try:
        state = initial_state(db, header, seed)
    except PositionError as exc:
        raise LogFormatError("header.position", str(exc)) from None
    randomness = header.get("randomness")
    paper = PaperTable() if isinstance(randomness, dict) and randomness.get("kind") == "transcribed" else None
    wanted = None if indices is None else set(indices)
    for i, entry in enumerate(entries):
        raw = entry.get("action") if isinstance(entry, dict) else None
        if not isinstance(raw, dict):
            raise LogFormatError(f"entries[{i}].action", "missing, or not an object")
        if isinstance(raw, dict) and raw.get("type") == END:
            closing_lines: list[Message] = []
            if paper is not None:  # the end entry closes what a paper log left open (ruling G18)
                try:
                    paper.before(state, raw, apply=_narrating(state, closing_lines))
                except IllegalAction as exc:
                    said = Message(
                        "narrate.illegal", {"rule": exc.rule, "reason": {"msg": exc.code, "params": exc.params}}
                    )
                    yield Step(i, raw, (said,), state.to_json(history=False), (exc.rule, exc.message))
                    return
            result = state.outcome
            if result is None:
                closing = Message("narrate.end_of_log")
            else:
                closing = Message(
                    "narrate.end_of_log_result", {"player": seat(result.winner), "reason": result.param()}
                )
            snapshot = state.to_json(history=False) if wanted is None or i in wanted else None
            yield Step(i, raw, (*closing_lines, closing), snapshot)
            return
        try:
            implied: list[Message] = []
            if paper is not None:  # ruling G18: what a paper log leaves implicit, narrated before the entry
                paper.before(state, raw, actor=entry.get("actor"), apply=_narrating(state, implied))
                action = paper.resolve(state, raw, f"entries[{i}].action")
            else:
                action = resolve_action(state, raw, f"entries[{i}].action")
            error = state.validate(action)
            if error is not None:
                raise error
            lines = (*implied, *_describe(state, action))
            state.apply(action)
            if paper is not None:
                paper.after(state)
        except IllegalAction as exc:
            said = Message("narrate.illegal", {"rule": exc.rule, "reason": {"msg": exc.code, "params": exc.params}})
            yield Step(i, raw, (said,), state.to_json(history=False), (exc.rule, exc.message))
            return
        except LogFormatError as exc:
            said = Message("narrate.unreadable", {"reason": str(exc)})
            yield Step(i, raw, (said,), state.to_json(history=False), ("", Message("text", {"text": str(exc)})))
            return
        yield Step(i, raw, lines, state.to_json(history=False) if wanted is None or i in wanted else None)


def _narrating(state: State, lines: list[Message]) -> Callable[[Action], None]:
    """Apply an action to ``state`` and add its narration to ``lines``."""

    def run(action: Action) -> None:
        lines.extend(_describe(state, action))
        state.apply(action)

    return run


def _describe(state: State, action: Action) -> list[Message]:
    """The narration of ``action``; a card going face down from RESOURCE unseen is not named (ruling G18:
    in a paper log the replay does not know which card it is, and nobody at the table does)."""
    player = face_down_due(state) if type(action) is Reveal else None
    if player is not None:
        return [Message("paper.face_down", {"player": seat(player)})]
    return list(describe(state, action))


def states_at(log: Any, db: CardDatabase, indices: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The full state after each of ``indices`` (entries the replay did not reach are left out)."""
    wanted = set(indices)
    out: dict[int, dict[str, Any]] = {}
    for step in steps(log, db, indices=wanted):
        if step.index in wanted and step.state is not None and step.illegal is None:
            out[step.index] = step.state
    return out
