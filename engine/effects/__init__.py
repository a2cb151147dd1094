"""The effect language's grammar: :func:`validate_effect_spec` checks a card's ``effect`` spec.

Pure data checks, standard library only, importing nothing from ``engine.game`` (``engine.cards``
calls it while loading a card database; the rules engine in ``engine/game/effects.py`` interprets
specs that pass). ``docs/effects.md`` describes every construct with an example::

    >>> validate_effect_spec({"play": [{"kind": "deplete", "amount": 5}]})
    []
    >>> validate_effect_spec({"play": [{"kind": "deplete", "amont": 5}]})
    ["play[0]: unknown parameter 'amont' of a 'deplete' step (allowed: amount, if, who)"]
    >>> validate_effect_spec({"static": [{"stat": "might", "amount": 1, "if": ["in_castle"]}]})
    ["static[0].if[0]: unknown condition 'in_castle'"]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ZONES = ("fortress", "border", "enemy_border")
STATS = ("might", "wit")
UNTIL = ("turn", "contest", "game")
CHOOSE_FROM = ("enemy_generals", "own_generals", "enemy_hand", "own_hand")
EVENTS = (
    "victory",
    "attack_victory",
    "casualty",
    "recruited",
    "equipped",
    "siege",
    "sieged",
    "moved",
    "contest_end",
    "left",
    "turn_start",
    "turn_end",
)
"""Events a trait may listen to (``on``)."""

ANSWERABLE = ("equip", "event", "tactic", "advantage", "activate", "melee", "siege", "move")
"""Actions a counter (or a text used in the enemy's turn) may answer."""

FLAGS = (
    "attack_when_fresh",
    "move_when_fresh",
    "attack_after_move",
    "attack_after_advance",
    "retreat_again",
    "unblocked",
    "no_siege",
    "siege_through",
    "melee_from_fortress",
    "immune_melee",
    "immune_enemy_tactic",
    "defeated_out_of_game",
    "once_to_hand",
    "upkeep_free",
    "void_defender_armaments",
    "dui_as_counter",
    "no_special_victory",
    "no_leap",
)
"""Permissions and replacements a text may give (``flags``)."""

# parameter kinds: int, str, bool, var (a context name), zone, stat, until, from, match, conds, bonus, filter
_COMMON = {"if": "conds"}
STEPS: dict[str, dict[str, str] | None] = {
    "modify": {"stat": "stat", "amount": "int", "who": "var", "until": "until", "filter": "filter"},
    "might_bonus": {"amount": "int"},
    "wit_bonus": {"amount": "int"},
    "deplete": {"amount": "int", "who": "side"},
    "draw": {"amount": "int"},
    "recycle": {"amount": "int"},
    "discard_top_out": {"amount": "int"},
    "search": {"match": "match", "as": "var"},
    "discard_random": {"amount": "int"},
    "forced_discard": {"count": "int", "down_to": "int"},
    "hand_to_resource": {"count": "int"},
    "look_hand": {},
    "look_top": {"amount": "int"},
    "discard_card": {"card": "var"},
    "to_casualty": {"who": "var", "by": "var"},
    "to_hand": {"who": "var"},
    "to_out_of_game": {"who": "var"},
    "move": {"who": "var", "to": "zone", "no_more_moves": "bool"},
    "equip_free": {"card": "var", "who": "var"},
    "duel": {"a": "var", "b": "var", "same_zone": "bool", "mark": "str"},
    "joint_attack": {"own": "var", "target": "var"},
    "extra_attack": {"who": "var"},
    "grant": {"flag": "flag", "who": "var"},
    "upkeep_mod": {"amount": "int"},
    "siege_reduce": {"amount": "int"},
    "remember": {"key": "str"},
    "special_victory": {},
    "strike": {"target": "var", "bonus": "bonus"},
    "choose": {"from": "from", "where": "conds", "count": "int", "as": "var", "best": "str"},
    "use_dui": {"card": "var"},
    "may": {"as": "var"},
}
"""Step kinds and their parameters (every step may also have ``if``: conditions); ``None``: any parameters.
A new kind needs its handler in ``engine/game/effects_steps.py`` and its entry here."""

REQUIRED: dict[str, tuple[str, ...]] = {
    "modify": ("amount",),
    "recycle": ("amount",),
    "move": ("to",),
    "grant": ("flag",),
    "upkeep_mod": ("amount",),
    "siege_reduce": ("amount",),
    "remember": ("key",),
    "choose": ("from",),
}

CONDITIONS: dict[str, dict[str, str]] = {
    "outside": {},
    "in_border": {},
    "in_enemy_border": {},
    "in_fortress": {},
    "has_mark": {"mark": "str"},
    "has_faction": {"faction": "str"},
    "named": {"name": "str"},
    "own_turn": {},
    "enemy": {},
    "is_self": {},
    "wit_at_most": {"n": "int"},
    "might_at_least": {"n": "int"},
    "attacked_this_turn": {},
    "own_resource_below": {"n": "int"},
    "own_casualty_at_least": {"n": "int"},
    "fewer_generals": {},
    "own_border_occupied": {},
    "alone_outside": {},
    "same_zone_as": {"var": "var"},
    "same_zone_pair": {},
    "has_troop": {},
    "other_own_faction_on_field": {"faction": "str"},
    "own_faction_count": {"faction": "str", "min": "int"},
    "same_faction_count": {"min": "int"},
    "name_on_field": {"name": "str"},
    "attacking": {"mark": "str"},
    "attacked": {},
    "attacked_by_self": {},
    "sieging": {},
    "first_siege": {},
    "executing": {"subtype": "str"},
    "tactic_target": {"subtype": "str"},
    "context_is_self": {"key": "str"},
    "context_own_other": {"key": "str", "faction": "str"},
    "context_enemy": {"key": "str"},
    "context_true": {"key": "str"},
    "retreat_home": {},
    "not_remembered": {"key": "str"},
    "army_at_least": {"min": "int", "far": "int"},
    "pending_melee_on_other_own": {},
    "pending_attacker": {},
    "pending_defender": {},
    "can_equip": {"var": "var"},
    "may_attack": {},
    "faced_by": {"min": "int"},
    "chose_yes": {"var": "var"},
}
"""Conditions (a name, or ``{"is": name, …}``, or ``{"not": condition}``) and their parameters."""

TOP: dict[str, str] = {
    "printed": "bool",
    "play": "steps",
    "activate": "steps",
    "on": "on",
    "respond": "respond",
    "answers": "answers",
    "answers_if": "conds",
    "negates": "bool",
    "static": "statics",
    "flags": "flags",
    "recruit_to": "zones",
    "armament_slots": "int",
    "siege_mod": "int",
    "siege_mod_side": "sides",
    "hand_limit": "sides",
    "upkeep_mod": "sides",
    "draw_mod": "sides",
    "cost_mod": "cost_mods",
    "condition": "condition",
    "name_cards": "int",
}
"""Top-level keys of a spec and what each holds."""


def validate_effect_spec(spec: Any) -> list[str]:
    """Every problem of an effect spec, each naming its path inside the spec (empty: the spec is valid)."""
    problems: list[str] = []
    if not isinstance(spec, Mapping):
        return ["(spec): must be a JSON object"]
    for key, value in spec.items():
        kind = TOP.get(key)
        if kind is None:
            problems.append(f"{key}: unknown key (one of {', '.join(TOP)})")
            continue
        _CHECK[kind](value, key, problems)
    return problems


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _value(kind: str, v: Any, path: str, out: list[str]) -> None:
    if kind == "int":
        if not _is_int(v):
            out.append(f"{path}: must be a whole number")
    elif kind in ("str", "var"):
        if not isinstance(v, str) or not v:
            out.append(f"{path}: must be text")
    elif kind == "bool":
        if not isinstance(v, bool):
            out.append(f"{path}: must be true or false")
    elif kind == "zone":
        if v not in ZONES:
            out.append(f"{path}: must be a zone ({', '.join(ZONES)})")
    elif kind == "stat":
        if v not in STATS:
            out.append(f"{path}: must be might or wit")
    elif kind == "until":
        if v not in UNTIL:
            out.append(f"{path}: must be one of {', '.join(UNTIL)}")
    elif kind == "side":
        if v not in ("own", "enemy"):
            out.append(f"{path}: must be own or enemy")
    elif kind == "from":
        if v not in CHOOSE_FROM:
            out.append(f"{path}: must be one of {', '.join(CHOOSE_FROM)}")
    elif kind == "flag":
        if v not in FLAGS:
            out.append(f"{path}: unknown flag {v!r}")
    elif kind == "filter":
        if not isinstance(v, str) or (v and v.partition(":")[0] not in ("faction", "zone", "outside")):
            out.append(f"{path}: must be 'faction:X', 'zone:Z' or 'outside'")
    elif kind == "match":
        if not isinstance(v, Mapping):
            out.append(f"{path}: must be an object")
        else:
            for k in v:
                if k not in ("name", "type", "subtypes", "faction", "mark", "count"):
                    out.append(f"{path}.{k}: unknown filter (name, type, subtypes, faction, mark)")
    elif kind == "conds":
        _conds(v, path, out)
    elif kind == "bonus":
        if not isinstance(v, list):
            out.append(f"{path}: must be a list")
        else:
            for i, b in enumerate(v):
                if not isinstance(b, Mapping) or not _is_int(b.get("amount")):
                    out.append(f"{path}[{i}]: must be an object with a whole-number amount")
                else:
                    _conds(b.get("if", []), f"{path}[{i}].if", out)


def _conds(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list):
        out.append(f"{path}: must be a list of conditions")
        return
    for i, c in enumerate(v):
        _cond(c, f"{path}[{i}]", out)


def _cond(c: Any, path: str, out: list[str]) -> None:
    if isinstance(c, str):
        name, params = c, {}
    elif isinstance(c, Mapping) and "not" in c:
        _cond(c["not"], f"{path}.not", out)
        return
    elif isinstance(c, Mapping) and isinstance(c.get("is"), str):
        name, params = c["is"], {k: v for k, v in c.items() if k != "is"}
    else:
        out.append(f"{path}: a condition is a name, {{'is': name, …}} or {{'not': condition}}")
        return
    allowed = CONDITIONS.get(name)
    if allowed is None:
        out.append(f"{path}: unknown condition {name!r}")
        return
    for k, v in params.items():
        if k not in allowed:
            out.append(f"{path}: unknown parameter {k!r} of the condition {name!r}")
        else:
            _value(allowed[k], v, f"{path}.{k}", out)


def _steps(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list) or not v:
        out.append(f"{path}: must be a non-empty list of steps")
        return
    for i, step in enumerate(v):
        where = f"{path}[{i}]"
        if not isinstance(step, Mapping):
            out.append(f"{where}: a step is an object with a kind")
            continue
        kind = step.get("kind")
        if not isinstance(kind, str) or kind not in STEPS:
            out.append(f"{where}: unknown step kind {kind!r}")
            continue
        params = STEPS[kind]
        if params is None:  # a kind with free parameters
            continue
        for k, value in step.items():
            if k == "kind":
                continue
            if k == "if":
                _conds(value, f"{where}.if", out)
            elif k not in params:
                allowed = ", ".join(sorted([*params, "if"]))
                out.append(f"{where}: unknown parameter {k!r} of a {kind!r} step (allowed: {allowed})")
            else:
                _value(params[k], value, f"{where}.{k}", out)
        for k in REQUIRED.get(kind, ()):
            if k not in step:
                out.append(f"{where}: a {kind!r} step needs {k!r}")


def _on(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, Mapping):
        out.append(f"{path}: must map events to steps")
        return
    for event, steps in v.items():
        if event not in EVENTS:
            out.append(f"{path}.{event}: unknown event (one of {', '.join(EVENTS)})")
        else:
            _steps(steps, f"{path}.{event}", out)


def _respond(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, Mapping):
        out.append(f"{path}: must be an object with answers and do")
        return
    for k, value in v.items():
        if k == "answers":
            _answers(value, f"{path}.answers", out)
        elif k == "if":
            _conds(value, f"{path}.if", out)
        elif k == "negates":
            _value("bool", value, f"{path}.negates", out)
        elif k == "do":
            _steps(value, f"{path}.do", out)
        else:
            out.append(f"{path}.{k}: unknown key (answers, if, negates, do)")


def _answers(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list) or not v:
        out.append(f"{path}: must be a list of action kinds")
        return
    for i, a in enumerate(v):
        if a not in ANSWERABLE:
            out.append(f"{path}[{i}]: {a!r} is not an action a counter answers ({', '.join(ANSWERABLE)})")


def _statics(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list):
        out.append(f"{path}: must be a list")
        return
    for i, st in enumerate(v):
        where = f"{path}[{i}]"
        if not isinstance(st, Mapping):
            out.append(f"{where}: must be an object")
            continue
        for k, value in st.items():
            if k == "stat":
                _value("stat", value, f"{where}.stat", out)
            elif k == "amount":
                if isinstance(value, Mapping):
                    if value.get("per") not in ("own_casualty", "own_field"):
                        out.append(f"{where}.amount.per: must be own_casualty or own_field")
                    for pk in value:
                        if pk not in ("per", "faction", "div"):
                            out.append(f"{where}.amount.{pk}: unknown key (per, faction, div)")
                else:
                    _value("int", value, f"{where}.amount", out)
            elif k == "set":
                _value("int", value, f"{where}.set", out)
            elif k == "to":
                _to(value, f"{where}.to", out)
            elif k == "if":
                _conds(value, f"{where}.if", out)
            else:
                out.append(f"{where}.{k}: unknown key (stat, amount, set, to, if)")
        if "stat" not in st or ("amount" not in st and "set" not in st):
            out.append(f"{where}: needs stat and amount (or set)")


def _to(v: Any, path: str, out: list[str]) -> None:
    if isinstance(v, Mapping):
        if set(v) != {"name"} or not isinstance(v["name"], str):
            out.append(f"{path}: must be self, own, other_own, enemy, all or {{'name': …}}")
    elif v not in ("self", "own", "other_own", "enemy", "all"):
        out.append(f"{path}: must be self, own, other_own, enemy, all or {{'name': …}}")


def _flags(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list):
        out.append(f"{path}: must be a list")
        return
    for i, f in enumerate(v):
        where = f"{path}[{i}]"
        if isinstance(f, str):
            _value("flag", f, where, out)
        elif isinstance(f, Mapping):
            for k, value in f.items():
                if k == "flag":
                    _value("flag", value, f"{where}.flag", out)
                elif k == "to":
                    _to(value, f"{where}.to", out)
                elif k == "if":
                    _conds(value, f"{where}.if", out)
                elif k == "side":
                    if value not in ("own", "enemy", "all"):
                        out.append(f"{where}.side: must be own, enemy or all")
                else:
                    out.append(f"{where}.{k}: unknown key (flag, to, if, side)")
            if "flag" not in f:
                out.append(f"{where}: needs flag")
        else:
            out.append(f"{where}: a flag is a name or an object")


def _zones(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list):
        out.append(f"{path}: must be a list of zones")
        return
    for i, z in enumerate(v):
        _value("zone", z, f"{path}[{i}]", out)


def _sides(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, Mapping) or not v:
        out.append(f"{path}: must be an object with own and/or enemy numbers")
        return
    for k, value in v.items():
        if k not in ("own", "enemy"):
            out.append(f"{path}.{k}: must be own or enemy")
        else:
            _value("int", value, f"{path}.{k}", out)


def _cost_mods(v: Any, path: str, out: list[str]) -> None:
    if not isinstance(v, list):
        out.append(f"{path}: must be a list")
        return
    allowed = {
        "what": "str",
        "amount": "int",
        "subtype": "str",
        "via_self": "bool",
        "names": "names",
        "faction": "str",
        "first_per_turn": "bool",
    }
    for i, m in enumerate(v):
        where = f"{path}[{i}]"
        if not isinstance(m, Mapping) or m.get("what") not in ("recruit", "tactic") or "amount" not in m:
            out.append(f"{where}: needs what (recruit or tactic) and amount")
            continue
        for k, value in m.items():
            kind = allowed.get(k)
            if kind is None:
                out.append(f"{where}.{k}: unknown key ({', '.join(allowed)})")
            elif kind == "names":
                if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
                    out.append(f"{where}.names: must be a list of card names")
            else:
                _value(kind, value, f"{where}.{k}", out)
        if m.get("first_per_turn") and "faction" not in m:
            out.append(f"{where}: first_per_turn needs a faction")


def _condition(v: Any, path: str, out: list[str]) -> None:
    if isinstance(v, Mapping) and set(v) == {"discard"}:
        _value("match", v["discard"], f"{path}.discard", out)
        return
    _conds(v, path, out)


_CHECK = {
    "bool": lambda v, p, o: _value("bool", v, p, o),
    "int": lambda v, p, o: _value("int", v, p, o),
    "steps": _steps,
    "on": _on,
    "respond": _respond,
    "answers": _answers,
    "conds": _conds,
    "statics": _statics,
    "flags": _flags,
    "zones": _zones,
    "sides": _sides,
    "cost_mods": _cost_mods,
    "condition": _condition,
}
