"""Card texts as data: the interpreter of effect specs (the language is in ``docs/effects.md``).

A card's ``effect`` (``Card.effect``, a JSON object checked by :func:`engine.effects.validate_effect_spec`)
says what its text does. Static parts (``static``, ``flags``, ``siege_mod``, ``cost_mod``, ``hand_limit``,
``upkeep_mod``, ``recruit_to``, ``armament_slots``…) are read by the rule modules through the queries at
the end of this module. Step lists (``play``, ``activate``, ``on`` events, ``respond``) are run by a small
interpreter whose state is in ``State.frames``, so that a text can stop for a chance event (a card taken
from a RESOURCE or a hand at random) or for a player's choice (``Phase.CHOICE``) and go on afterwards:

- a frame is ``[source, path, next_step, context]``; ``path`` names the step list in the source's spec
  ("play", "activate", "on.victory", …) or a builtin ("@close" finishes a response window);
- :func:`emit` queues a frame for every card on the table (or the card the event is about) listening to
  the event; the state runs the queue after each action (:func:`proceed`), and again after each chance
  event or choice that a step waited for;
- a step handler returns :data:`STOP` to abandon the rest of its list (no target: the text fizzles).

Each step's ``kind`` names a handler of ``s.rules.handlers`` (``effects_steps.py`` holds them; ``rules.py``
puts them in the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.game.terms import STOP, Phase

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_CHOICE, _MAIN, _NAMING = Phase.CHOICE, Phase.MAIN, Phase.NAMING

# --- the queue of step lists ---------------------------------------------------------------------


def steps_at(s: State, source: int, path: str) -> Any:
    """The step list at ``path`` ("play", "on.victory", …) of the source's spec."""
    spec: Any = s.cards[source].effect
    if "." not in path:
        return spec.get(path)
    for key in path.split("."):
        if not isinstance(spec, Mapping):
            return None
        spec = spec.get(key)
    return spec


def queue(s: State, source: int, path: str, context: Mapping[str, Any], *, first: bool = False) -> None:
    """Queue the step list ``path`` of ``source`` (``first``: right after the frame now running)."""
    frame = [source, path, 0, dict(context)]
    if first and s.frames:
        s.frames.insert(1, frame)
    else:
        s.frames.append(frame)


def queue_builtin(s: State, name: str, context: Mapping[str, Any]) -> None:
    """Queue a builtin step of the engine (``@close`` …) after the texts queued so far."""
    s.frames.append([-1, name, 0, dict(context)])


def run(s: State, source: int, steps: Any, context: Mapping[str, Any]) -> None:
    """Queue ``steps`` given inline (tests and old callers) — they run as the queue reaches them."""
    if steps:
        s.frames.append([source, "", 0, {**context, "_inline": list(steps)}])
        proceed(s)


def waiting(s: State) -> bool:
    """True while a chance event, a choice or the end of the game stops the queue."""
    return s.chance is not None or s.phase is _CHOICE or s.outcome is not None or s.phase is _NAMING


def proceed(s: State) -> None:
    """Run queued frames until the queue is empty or something must be waited for."""
    frames = s.frames
    rules = s.rules
    while frames and not waiting(s):
        frame = frames[0]
        source, path, index, ctx = frame
        if source == -1:
            frames.pop(0)
            rules.builtins[path](s, ctx)
            continue
        if not path:
            steps = ctx["_inline"]
        elif "." in path:
            steps = steps_at(s, source, path)
        else:  # "play", "activate": steps_at's first answer, one call less
            steps = s.cards[source].effect.get(path)
        if not steps or index >= len(steps):
            frames.pop(0)
            continue
        frame[2] = index + 1
        step = steps[index]
        cond = step.get("if")
        if cond is not None and not holds_all(s, cond, source, source, ctx):
            continue
        fn = rules.handlers.get(step.get("kind", ""))
        if fn is None:
            raise RuntimeError(f"{s.names[source]}: no handler for the effect step kind {step.get('kind')!r}")
        if fn(s, source, step, ctx) == STOP and frames and frames[0] is frame:
            frames.pop(0)
    if s.outcome is not None:
        frames.clear()


def resume(s: State) -> None:
    """After a chance event a text asked for: go on with the queue, then with the main phase."""
    if s.outcome is None and s.phase is not _CHOICE and s.phase is not _NAMING:
        s.phase = _MAIN
        s.deciding = s.active
    proceed(s)
    if not s.frames and s.outcome is None and s.phase is _MAIN:
        s.rules.to_main(s)


def emit(s: State, event: str, context: Mapping[str, Any]) -> None:
    """Queue the texts of every card on the table listening to ``event``; a card the event is about
    (``general``, ``loser``, ``defender``) listens too even if it has just left the battlefield (典韦, 何仪, 毒蛇)."""
    cards = s.hooks.get(event)
    if not cards:
        return
    about: tuple[Any, ...] | None = None  # the cards the event is about, read only for a card off the table
    path = "on." + event
    for card in cards:
        if not s.on_table(card):
            if about is None:
                about = (context.get("general"), context.get("loser"), context.get("defender"))
            if card not in about:
                continue
        steps = s.cards[card].effect["on"][event]
        ctx = dict(context)
        # a trait whose every step is conditional and none holds now is not queued (the same
        # conditions are checked again when the steps run); loops, not all/any of generators
        for st in steps:
            if "if" not in st:
                break
        else:
            for st in steps:
                if holds_all(s, st["if"], card, card, ctx):
                    break
            else:
                continue
        s.frames.append([card, path, 0, ctx])


# --- conditions ------------------------------------------------------------------------------------

_NO_PARAMS: Mapping[str, Any] = MappingProxyType({})
"""The params of a condition given by name: none (one read-only mapping, not a new dict at every condition)."""


def holds(s: State, cond: Any, subject: int, source: int, ctx: dict[str, Any]) -> bool:
    """Whether one condition (a name, or ``{"is": name, …params}``, or ``{"not": cond}``) holds."""
    if isinstance(cond, str):
        return s.rules.conditions[cond](s, subject, source, _NO_PARAMS, ctx)
    if "not" in cond:
        return not holds(s, cond["not"], subject, source, ctx)
    return s.rules.conditions[cond["is"]](s, subject, source, cond, ctx)


def holds_all(s: State, conds: Any, subject: int, source: int, ctx: dict[str, Any]) -> bool:
    """Whether every condition of a list holds."""
    for c in conds:
        if not holds(s, c, subject, source, ctx):
            return False
    return True


# --- static queries used by the rule modules -----------------------------------------------------------


def carrier_or_self(s: State, source: int) -> int | None:
    """The general a text speaks of as "this general": the source itself, or the one carrying it."""
    if source in s.zone:
        return source
    return s.carrier.get(source)


def texts_on(s: State, general: int) -> list[int]:
    """The general and the equipment it carries (whose texts speak of it)."""
    gear = s.gear.get(general)
    return [general, *gear] if gear else [general]


def table_texts(s: State) -> list[int]:
    """Cards on the table whose texts reach beyond themselves: auras on the battlefield, COMMAND, ADVANTAGE."""
    zone, carrier = s.zone, s.carrier
    out = sorted(c for c in s.auras if c in zone or c in carrier) if s.auras else []
    if s.command_revealed:
        for c in s.command:
            if c is not None and s.cards[c].effect:
                out.append(c)
    adv = s.advantage
    if adv is not None and s.cards[adv].effect and advantage_on(s, adv):
        out.append(adv)
    return out


def advantage_on(s: State, card: int) -> bool:
    """Whether an advantage card's activation condition (发动条件) is met now (§3.6.3 3)."""
    cond = s.cards[card].effect.get("condition")
    if not cond:
        return True
    if isinstance(cond, Mapping) and "discard" in cond:
        return card in s.memory.get("fulfilled", ())
    return holds_all(s, cond if isinstance(cond, list) else [cond], -1, card, {})


def _applies(s: State, to: Any, general: int, source: int, ctx: dict[str, Any]) -> bool:
    owner = s.owner[source]
    if to == "self":
        return carrier_or_self(s, source) == general
    if to == "own":
        return s.owner[general] == owner
    if to == "other_own":
        return s.owner[general] == owner and general != carrier_or_self(s, source)
    if to == "enemy":
        return s.owner[general] != owner
    if to == "all":
        return True
    if isinstance(to, Mapping) and "name" in to:
        return s.owner[general] == owner and s.names[general] == to["name"]
    return False


_TABLE_TYPES = ("令", "优")


def on_table_text(s: State, src: int) -> bool:
    """Whether a text is in play: its card on the battlefield, a revealed commandment, an active advantage."""
    if src in s.zone or src in s.carrier:
        return True
    if src == s.advantage:
        return advantage_on(s, src)
    return s.command_revealed and (src == s.command[0] or src == s.command[1])


def stat_bonus(s: State, general: int, stat: str, base: int) -> int:
    """The value of ``stat`` after the ``static`` texts that reach ``general`` (before the floor at 0).

    The general's own text and its equipment's speak of it ("to": "self", the default); texts on the
    table (auras, COMMAND, an active ADVANTAGE) reach others through an explicit "to".
    """
    sources = s.keyed.get("static")
    if not sources:
        return base
    gear = s.gear.get(general)
    mine = s.self_static
    candidates = [general] if general in mine else []
    if gear:
        for e in gear:
            if e in mine:
                candidates.append(e)
    if s.table_static:
        zone, carrier, command, advantage, revealed = s.zone, s.carrier, s.command, s.advantage, s.command_revealed
        for c in s.table_static:
            if (c in zone or c in carrier or c == advantage or (revealed and c in command)) and c not in candidates:
                candidates.append(c)
    if not candidates:
        return base
    value = base
    forced: int | None = None
    cards = s.cards
    ctx: dict[str, Any] = {}
    for src in candidates:
        own = src == general or (gear is not None and src in gear)
        in_play: bool | None = None
        for st in cards[src].effect["static"]:
            if st["stat"] != stat:
                continue
            to = st.get("to", "self")
            if to == "self":
                if not own:
                    continue
            else:
                if in_play is None:
                    in_play = on_table_text(s, src)
                if not in_play or not _applies(s, to, general, src, ctx):
                    continue
            cond = st.get("if")
            if cond and not holds_all(s, cond, general, src, ctx):
                continue
            if "set" in st:
                forced = int(st["set"])
                continue
            amount = st.get("amount", 0)
            if type(amount) is dict:
                amount = count_of(s, amount, src, general) // int(amount.get("div", 1))
            value += amount
    return forced if forced is not None else value


def count_of(s: State, spec: Mapping[str, Any], source: int, subject: int) -> int:
    """A count a text speaks of: generals in own CASUALTY (of a faction), own generals on the field, …"""
    what = spec["per"]
    owner = s.owner[source]
    faction = spec.get("faction")
    cards = s.cards
    if what == "own_casualty":
        pile = s.casualty[owner]
    elif what == "own_field":
        pile = s.field[owner]
    else:
        raise RuntimeError(f"unknown count {what!r}")
    return sum(1 for c in pile if cards[c].is_general and (faction is None or faction in cards[c].factions))


def has_flag(s: State, general: int, flag: str) -> bool:
    """Whether a permission or replacement ``flag`` holds for ``general``: its own texts and its
    equipment's (a plain string, or ``{"flag", "if"}``), texts on the table that reach it
    (``{"flag", "to", "if"}``) and this turn's grants."""
    sources = s.flagged.get(flag)
    if sources:
        carrier = s.carrier
        auras = s.auras
        for src in sources:
            if (src == general or carrier.get(src) == general) and _flag_in(s, src, general, flag, True):
                return True
            if (src in auras or s.cards[src].type in _TABLE_TYPES) and on_table_text(s, src):
                if _flag_in(s, src, general, flag, False):
                    return True
    grants = s.tmem.get("grants")
    if grants:
        for player, f, g in grants:
            if f == flag and (g == general or (g == -1 and player == s.owner[general])):
                return True
    return False


def _flag_in(s: State, src: int, general: int, flag: str, own_text: bool) -> bool:
    spec = s.cards[src].effect
    flags = spec.get("flags") if spec else None
    if not flags:
        return False
    for f in flags:
        if isinstance(f, str):
            if f == flag and own_text:
                return True
            continue
        if f["flag"] != flag or f.get("side"):
            continue
        to = f.get("to", "self")
        if (to == "self") is not own_text or not _applies(s, to, general, src, {}):
            continue
        cond = f.get("if")
        if cond and not holds_all(s, cond, general, src, {}):
            continue
        return True
    return False


def player_flag(s: State, player: int, flag: str) -> bool:
    """A flag of a player's side (commandments, advantage, generals' side-wide texts): ``{"flag", "side"}``."""
    for src in s.flagged.get(flag, ()):
        if not on_table_text(s, src):
            continue
        for f in s.cards[src].effect.get("flags", ()):
            if type(f) is dict and f["flag"] == flag and f.get("side"):
                side = s.owner[src] if f["side"] == "own" else 1 - s.owner[src]
                if f["side"] == "all" or side == player:
                    return True
    return False


def side_sum(s: State, player: int, key: str) -> int:
    """The sum of ``{key: {"own": n, "enemy": m}}`` numbers of texts in play that reach ``player``'s side
    (hand limit, upkeep, siege, draw)."""
    sources = s.keyed.get(key)
    if not sources:
        return 0
    total = 0
    for src in sources:
        if not on_table_text(s, src):
            continue
        spec = s.cards[src].effect
        mod = spec[key]
        if type(mod) is not dict:
            continue
        total += mod.get("own", 0) if s.owner[src] == player else mod.get("enemy", 0)
    return total
