"""The rules as a procedure: rule areas are generator functions (``Proc``) that ``yield`` a :class:`Decision`
or a :class:`Chance` and receive the action that answers it. The helpers here (``ask``, ``roll``, ``picked``)
are what every rule area of every board game uses; :func:`drive` runs a procedure with given dice and answers
(the battle calculators).

    >>> class B:
    ...     rolls: list[int] = []
    >>> def fight(b):
    ...     first = yield from roll(b, "attack die", "§5-4")
    ...     act = yield from ask(b, 0, "retreat?", [Pick("retreat"), Pass()], "§5-5")
    ...     return first, picked(act)
    >>> drive(fight(B()), [4], None, lambda request: request.options[0])
    ((4, 'retreat'), [4])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.boardgame.actions import Action, Pass, Pick, Roll
from engine.boardgame.errors import CalculatorError


@dataclass(frozen=True, slots=True)
class Decision:
    """A player must choose one of ``options`` (``rule`` says why he is asked). The question is a message
    code of the game's catalogue (``what``) with its ``params``: ``game.text(what, params, lang)`` says it."""

    player: int
    what: str
    options: tuple[Action, ...]
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance event: ``d6`` (a die), or a draw from a cup, deck or pool the game names in ``kind``. What it
    is for is a message code of the game's catalogue (``what``) with its ``params``, as a decision's question:
    ``game.text(what, params, lang)`` says it ("uprising in 洛阳" / "洛阳 民变")."""

    kind: str
    what: str
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)


Request = Decision | Chance
Proc = Generator[Request, Action, Any]
Mark = Callable[[Any, str], None]
"""Called by a game's whole procedure with its board and a point's name where everything it goes on from is on
the board (between two turns, ...): ``BoardState`` keeps a copy there to rebuild the paused procedure of a clone
from, resuming the procedure at that point."""


class Step(dict[str, Any]):
    """A noted step of the narration (``board.steps``): a dict that cannot be changed once noted, so that a
    board's copy shares its steps with the board it was copied from (``Board.copy``).

    >>> s = Step(code="step_turn", rule="§4-1")
    >>> s == {"code": "step_turn", "rule": "§4-1"}
    True
    >>> s["code"] = "x"
    Traceback (most recent call last):
    TypeError: a noted step is not changed
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a noted step is not changed")

    __setitem__ = __delitem__ = setdefault = pop = popitem = clear = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[Step], tuple[dict[str, Any]]]:
        return Step, (dict(self),)

    def __copy__(self) -> Step:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self


class Rolls(Protocol):
    """What :func:`roll` needs of a board: the dice rolled so far."""

    rolls: list[int]


def ask(
    b: object,
    player: int | None,
    what: str,
    options: Iterable[Action],
    rule: str,
    *,
    params: Mapping[str, Any] | None = None,
    auto: Callable[[list[Action]], Action] | None = None,
) -> Proc:
    """Ask ``player`` the question ``what`` (a message code, with ``params``) to choose; a lone option that
    is not a pass is taken without asking, and a side the rules run (``player`` None) takes ``auto(options)``
    or the first option."""
    opts = list(options)
    if not opts:
        return Pass()
    if player is None:
        return auto(opts) if auto else opts[0]
    if len(opts) == 1 and not isinstance(opts[0], Pass):
        return opts[0]
    answer = yield Decision(player, what, tuple(opts), rule, dict(params or {}))
    return answer


def roll(b: Rolls, what: str, rule: str, **params: Any) -> Proc:
    """One die, as a chance event (``what``: a message code, with ``params``)."""
    action = yield Chance("d6", what, rule, params)
    value = int(action.value)  # type: ignore[attr-defined]
    b.rolls.append(value)
    return value


def picked(action: Action) -> str:
    """The text of a :class:`Pick` (empty for a pass)."""
    return action.choice if isinstance(action, Pick) else ""


class DiceError(CalculatorError):
    """A die that is not 1–6, or no die left and no seed to roll one."""


def drive(
    proc: Proc,
    dice: list[Any],
    rng: random.Random | None,
    answer: Callable[[Decision], Action],
    *,
    error: type[CalculatorError] = DiceError,
    say: Callable[[str, dict[str, Any]], str] | None = None,
) -> tuple[Any, list[int]]:
    """Run ``proc`` to its end: each die from ``dice`` (consumed in place), then from ``rng`` (None: more dice
    are an ``error`` naming what the die is for, said by ``say(code, params)`` if given), each decision by
    ``answer``. Returns the procedure's result and the dice rolled."""
    rolled: list[int] = []
    action: Action | None = None
    try:
        while True:
            request = proc.send(action) if action is not None else next(proc)
            if isinstance(request, Chance):
                if dice:
                    value = dice.pop(0)
                    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                        raise error("calc_bad_die", {"value": repr(value)})
                elif rng is not None:
                    value = rng.randint(1, 6)
                else:
                    what = say(request.what, dict(request.params)) if say else request.what
                    raise error("calc_more_dice", {"what": what, "rule": request.rule})
                rolled.append(value)
                action = Roll(value)
            else:
                action = answer(request)
    except StopIteration as stop:
        return stop.value, rolled
