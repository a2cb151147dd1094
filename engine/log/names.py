"""Card references: the engine names cards by id, a log by name (``docs/log-format.md`` "Card references").

:func:`resolve_action` turns an entry's action into the engine's action and :func:`entry_action` does the
reverse, both by the same rule, so that a judge can write a log by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.game import Action, Reveal, State, Zone, action_from_json
from engine.game.actions import (
    ACTION_KINDS,
    ANY_GENERAL,
    CHOICE,
    ENEMY_GENERAL,
    HAND,
    LIST_PLACES,
    OWN_GENERAL,
    PAY,
    POOL,
    action_fields,
)
from engine.game.errors import LogError
from engine.game.terms import Phase
from engine.log.format import LogFormatError
from engine.messages import Message

NO = -1
"""In a ``choose`` entry: "no" to a text's "可以" (``may``): the engine's option -1, written as -1."""
CARD_FIELDS: dict[str, dict[str, str]] = {
    kind: {f.name: f.place for f in action_fields(kind) if f.place is not None} for kind in ACTION_KINDS
}
"""For each action type: its card fields and where their names are looked up."""


def _candidates(state: State, player: int, place: str) -> list[int]:
    """The ids a name in ``place`` may stand for, in order of preference."""
    if place == HAND or place == PAY:
        return sorted(state.hand[player])
    if place == POOL:
        return sorted(state.pool[player])
    if place == CHOICE:  # the cards the waiting text offers (state.choice["options"]), whoever holds them
        choice = state.choice
        return sorted(c for c in choice["options"] if c >= 0) if choice is not None else []
    other = 1 - player
    if place == OWN_GENERAL:
        return sorted(state.field[player])
    if place == ENEMY_GENERAL:
        return sorted(state.field[other])
    if place == ANY_GENERAL:
        return sorted(state.field[player]) + sorted(state.field[other])
    # TABLE: generals and the equipment they carry, the actor's own cards first
    owner = state.owner
    table = sorted(state.zone) + sorted(state.carrier)
    return [c for c in table if owner[c] == player] + [c for c in table if owner[c] != player]


def _by_name(state: State, name: str, candidates: Iterable[int], taken: Sequence[int] = ()) -> int | None:
    names = state.names
    for c in candidates:
        if names[c] == name and c not in taken:
            return c
    return None


def _find(state: State, name: str, player: int, place: str, taken: Sequence[int]) -> int | None:
    """The lowest id named ``name`` in ``place`` and not ``taken`` (the same as ``_by_name`` over ``_candidates``)."""
    pile: Sequence[int]
    if place == HAND or place == PAY:
        pile = state.hand[player]
    elif place == POOL:
        pile = state.pool[player]
    elif place == OWN_GENERAL:
        pile = state.field[player]
    elif place == ENEMY_GENERAL:
        pile = state.field[1 - player]
    else:
        return _by_name(state, name, _candidates(state, player, place), taken)
    names = state.names
    best = -1
    for c in pile:
        if names[c] == name and (best < 0 or c < best) and c not in taken:
            best = c
    return None if best < 0 else best


class _Unresolved(Exception):
    """A card reference that stands for no card: what, and the kind of :class:`LogFormatError` it becomes
    (raised without a place; the caller, which knows the field, says where)."""

    def __init__(self, said: Message, kind: str = "format") -> None:
        super().__init__(said)
        self.said = said
        self.kind = kind


def _ref_to_id(state: State, ref: Any, player: int, place: str, taken: Sequence[int]) -> int:
    """The id of one card reference: a name, ``"name#id"`` or an integer id (rules in docs/log-format.md).

    Raises :class:`_Unresolved` when it stands for no card."""
    names = state.names
    if isinstance(ref, bool) or not isinstance(ref, (str, int)):
        raise _Unresolved(Message("log.card_ref_type", {"ref": repr(ref)}))
    if isinstance(ref, int):
        if not 0 <= ref < len(names):
            raise _Unresolved(Message("log.no_such_id", {"id": ref, "last": len(names) - 1}))
        return ref
    if "#" not in ref:
        found = _find(state, ref, player, place, taken)
        if found is None:  # another spelling ("Guan Yu", traditional characters, an alias): its canonical name
            known = state.game.db.lookup(ref)
            if known is not None and known.name != ref:
                found = _find(state, known.name, player, place, taken)
        if found is not None:
            return found
    name, sep, number = ref.partition("#")
    if sep:
        if not number.isdigit() or not 0 <= int(number) < len(names):
            raise _Unresolved(Message("log.ref_no_such_id", {"ref": repr(ref), "id": number, "last": len(names) - 1}))
        card = int(number)
        if names[card] != name and state.game.db.lookup(name) is not state.cards[card]:
            raise _Unresolved(
                Message("log.ref_wrong_name", {"ref": repr(ref), "id": card, "is": names[card], "name": name})
            )
        return card
    # Not where the action needs it: any card of that name (the actor's first), so that the engine says why.
    known = state.game.db.lookup(name)
    canonical_name = known.name if known is not None else name
    owner = state.owner
    every = range(len(names))
    found = _by_name(state, canonical_name, [c for c in every if owner[c] == player], taken)
    if found is None:
        found = _by_name(state, canonical_name, every, taken)
    if found is None:
        if known is None:
            raise _Unresolved(Message("log.unknown_card", {"name": repr(name)}), "card")
        raise _Unresolved(Message("log.absent_card", {"name": canonical_name}), "absent")
    return found


def resolve_action(state: State, data: Any, where: str = "action") -> Action:
    """The engine action an entry's ``action`` stands for in ``state`` (names resolved to ids).

    Raises :class:`LogFormatError` when it cannot stand for any action (unknown type or card,
    bad field); whether the action is legal is the engine's business (``state.apply``).
    """
    if type(data) is not dict:
        raise LogFormatError(where, Message("log.entry_not_object", {"type": type(data).__name__}))
    kind = data.get("type")
    if kind == "reveal" and type(data.get("card")) is str:  # half of all entries: the short way
        known = state.game.db.lookup(data["card"])
        if known is None:
            raise LogFormatError(
                f"{where}.card", Message("log.unknown_card", {"name": repr(data["card"])}), kind="card"
            )
        if len(data) == 2:
            return Reveal(known.name)
        data = {**data, "card": known.name}
    elif len(data) == 1 and kind in _NO_FIELDS:
        return _NO_FIELDS[kind]
    elif kind == "name_cards" and type(data.get("names")) is list:
        return _build({**data, "names": _card_names(state, data["names"], f"{where}.names")}, where)
    fields = CARD_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields:
        known_action = _resolved_before(state, data, kind, fields)
        if known_action is not None:
            return known_action
    if not fields:  # no card fields (or a type unknown here): the engine reads it as it is
        if fields is None:
            try:
                return action_from_json(data)
            except LogError as exc:
                raise LogFormatError(where, exc.said) from None
        return _build(data, where)
    player = state.current_player()
    if player < 0:
        player = state.active
    out = dict(data)
    taken: list[int] = []
    for name, place in fields.items():
        if name not in data:
            continue  # a missing field is the engine's to report
        ref = data[name]
        if place in LIST_PLACES:
            if type(ref) is not list:
                raise LogFormatError(f"{where}.{name}", Message("log.card_list_expected", {"ref": repr(ref)}))
            ids = []
            for i, r in enumerate(ref):
                if place == CHOICE and type(r) is int and r == NO:
                    ids.append(NO)
                    continue
                try:
                    c = _ref_to_id(state, r, player, place, taken)
                except _Unresolved as exc:
                    raise LogFormatError(f"{where}.{name}[{i}]", exc.said, kind=exc.kind) from None
                ids.append(c)
                taken.append(c)
            out[name] = ids
        elif ref is None and kind == "choose_commandment":
            out[name] = None
        else:
            try:
                c = _ref_to_id(state, ref, player, place, taken)
            except _Unresolved as exc:
                raise LogFormatError(f"{where}.{name}", exc.said, kind=exc.kind) from None
            out[name] = c
            taken.append(c)
    return _build(out, where)


def _resolved_before(state: State, data: dict[str, Any], kind: Any, fields: dict[str, str]) -> Action | None:
    """The common case of :func:`resolve_action`, when it has built the same action before: every card field a
    plain name (no ``#``) found where its place says (the lowest id of that name there, as ``_find``; the
    actor's generals before the opponent's for ``any_general``; payments from the hand), every other field a
    string or null; the action from ``_build``'s table under the key ``_build`` makes of the resolved fields
    (exact types only, so a hit is the action the long way builds). None when anything is otherwise (a
    name elsewhere, an alias, an id, another type, a kind with a card on the table or a choice, or not
    built yet): the long way then."""
    places = _QUICK.get(kind)
    if places is None:
        return None
    if state.outcome is None and state.chance is None and state.phase is not Phase.COIN_FLIP:
        player = state.to_act  # state.current_player(), inline: a player, not chance nor the end
    else:
        player = state.active
    names = state.names
    ids: dict[str, Any] = {}
    taken: list[int] = []
    for name, place in places:
        ref = data.get(name, _BAD)
        if ref is _BAD:
            continue
        if place is _Q_PAY:
            if type(ref) is not list:
                return None
            hand = state.hand[player]
            paid = []
            for r in ref:
                if type(r) is not str or "#" in r:
                    return None
                best = -1
                for c in hand:
                    if names[c] == r and (best < 0 or c < best) and c not in taken:
                        best = c
                if best < 0:
                    return None
                paid.append(best)
                taken.append(best)
            ids[name] = tuple(paid)
            continue
        if type(ref) is not str or "#" in ref:
            return None
        if place is _Q_HAND:
            pile = state.hand[player]
        elif place is _Q_ENEMY:
            pile = state.field[1 - player]
        elif place is _Q_POOL:
            pile = state.pool[player]
        else:  # the actor's generals (own_general; any_general first)
            pile = state.field[player]
        best = -1
        for c in pile:
            if names[c] == ref and (best < 0 or c < best) and c not in taken:
                best = c
        if best < 0 and place is _Q_ANY:
            for c in state.field[1 - player]:
                if names[c] == ref and (best < 0 or c < best) and c not in taken:
                    best = c
        if best < 0:
            return None
        ids[name] = best
        taken.append(best)
    key: list[Any] = [_SPECS[kind][0]]
    for k, v in data.items():
        if k == "type":
            continue
        if k in ids:
            v = ids[k]
        elif v is not None and type(v) is not str:
            return None
        key.append(k)
        key.append(v)
    return _BUILT.get(tuple(key))


def _card_names(state: State, names: list[Any], where: str) -> list[Any]:
    """The canonical names of the cards a ``name_cards`` entry names (any spelling the database knows)."""
    out: list[Any] = []
    lookup = state.game.db.lookup
    for i, name in enumerate(names):
        if type(name) is not str:
            out.append(name)  # the engine says what is wrong with it
            continue
        known = lookup(name)
        if known is None:
            raise LogFormatError(f"{where}[{i}]", Message("log.unknown_card", {"name": repr(name)}), kind="card")
        out.append(known.name)
    return out


def _build(data: dict[str, Any], where: str) -> Action:
    """The engine action of a JSON form whose card fields are ids; the engine's own reader on anything unusual
    (it gives the message)."""
    spec = _SPECS.get(data["type"])
    if spec is not None:
        cls, required, convert = spec
        kwargs: dict[str, Any] = {}
        key: list[Any] = [cls]
        for k, v in data.items():
            if k == "type":
                continue
            conv = convert.get(k)
            if conv is None:
                break
            value = conv(v)
            if value is _BAD:
                break
            kwargs[k] = value
            key.append(k)
            key.append(value if type(v) is list else v)  # exact ints, strings, None, tuples of them
        else:
            if required <= kwargs.keys():
                # the same object for the same fields: actions are immutable values, and building a frozen
                # dataclass costs more than looking one up (a replay meets the same moves of the same cards
                # again). The fields' readers take exact types only (1 and True never both reach here), so
                # equal keys (the class, then each field's name and value as written, a list as its tuple)
                # are equal actions.
                frozen = tuple(key)
                action = _BUILT.get(frozen)
                if action is None:
                    action = cls(**kwargs)
                    if len(_BUILT) >= _BUILT_SIZE:
                        _BUILT.clear()
                    _BUILT[frozen] = action
                return action
    try:
        return action_from_json(data)
    except LogError as exc:
        raise LogFormatError(where, exc.said) from None


_BAD = object()
_BUILT: dict[tuple[Any, ...], Action] = {}
"""Actions built by ``_build``, by their fields (cleared when full)."""
_BUILT_SIZE = 4096


def _id(v: Any) -> Any:
    return v if type(v) is int else _BAD


def _ids(v: Any) -> Any:
    return tuple(v) if type(v) is list and all(type(c) is int for c in v) else _BAD


def _text(v: Any) -> Any:
    return v if type(v) is str else _BAD


def _texts(v: Any) -> Any:
    return tuple(v) if type(v) is list and all(type(c) is str for c in v) else _BAD


def _id_or_none(v: Any) -> Any:
    return v if v is None or type(v) is int else _BAD


_ZONES = {z.value: z for z in Zone}


def _zone(v: Any) -> Any:
    return _ZONES.get(v, _BAD) if type(v) is str else _BAD


_CONVERT: dict[str, Callable[[Any], Any]] = {
    "int": _id,
    "int | None": _id_or_none,
    "str": _text,
    "tuple[int, ...]": _ids,
    "tuple[str, ...]": _texts,
    "Zone": _zone,
    "Zone | None": _zone,
}
"""The quick reader of each field type (anything else goes to the engine's own reader)."""


def _specs() -> dict[str, tuple[type, frozenset[str], dict[str, Callable[[Any], Any]]]]:
    specs = {}
    for kind, cls in ACTION_KINDS.items():
        fields = action_fields(kind)
        required = frozenset(f.name for f in fields if f.required)
        specs[kind] = (cls, required, {f.name: _CONVERT[f.type] for f in fields})
    return specs


_Q_HAND, _Q_OWN, _Q_ANY, _Q_ENEMY, _Q_POOL, _Q_PAY = (object() for _ in range(6))
_QUICK_PLACE = {
    HAND: _Q_HAND,
    OWN_GENERAL: _Q_OWN,
    ANY_GENERAL: _Q_ANY,
    ENEMY_GENERAL: _Q_ENEMY,
    POOL: _Q_POOL,
    PAY: _Q_PAY,
}
_QUICK: dict[str, tuple[tuple[str, object], ...]] = {
    kind: tuple((name, _QUICK_PLACE[place]) for name, place in fields.items())
    for kind, fields in CARD_FIELDS.items()
    if fields and all(place in _QUICK_PLACE for place in fields.values())
}
"""For ``_resolved_before``: each kind's card fields in order, with where the name is looked up; kinds with a
card on the table (``activate``) or a choice (``choose``) are left to the long way."""

ACTION_CLASSES: tuple[type[Action], ...] = tuple(ACTION_KINDS.values())
"""Every engine action type, from the engine's declaration (``engine.game.actions.ACTION_KINDS``)."""
_SPECS = _specs()
_NO_FIELDS: dict[str, Action] = {kind: cls() for kind, cls in ACTION_KINDS.items() if not action_fields(kind)}
NO_FIELD_ACTIONS = _NO_FIELDS
"""Each kind without fields (end_turn, pass, …) and what :func:`resolve_action` gives for ``{"type": kind}``."""


def entry_action(state: State, action: Action) -> dict[str, Any]:
    """The log form of ``action`` about to be applied to ``state``: card names where they resolve back to
    the same card, else ``"name#id"``. ``resolve_action(state, entry_action(state, a)) == a`` always.
    """
    data = action.to_json()
    fields = CARD_FIELDS.get(action.kind)
    if not fields:
        return data
    player = state.current_player()
    if player < 0:
        player = state.active
    names = state.names
    taken: list[int] = []

    def ref(card: int, place: str) -> str | int:
        if card == NO and place == CHOICE:
            return NO
        name = names[card]
        same = _by_name(state, name, _candidates(state, player, place), taken) == card
        taken.append(card)
        return name if same else f"{name}#{card}"

    for name, place in fields.items():
        value = data.get(name)
        if value is None:
            continue
        data[name] = [ref(c, place) for c in value] if place in LIST_PLACES else ref(value, place)
    return data
