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
    TABLE,
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
        # ASCII digits only: "²" is a digit to isdigit() but not to int() (a verdict said "internal" for it)
        if not (number.isascii() and number.isdigit()) or not 0 <= int(number) < len(names):
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
    quick = _resolved_before(state, data, where)
    if quick is not None:
        return quick
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
    elif len(data) == 1 and type(kind) is str and kind in _NO_FIELDS:  # a list or dict is no key (the reader says)
        return _NO_FIELDS[kind]
    elif kind == "name_cards" and type(data.get("names")) is list:
        return _build({**data, "names": _card_names(state, data["names"], f"{where}.names")}, where)
    fields = CARD_FIELDS.get(kind) if isinstance(kind, str) else None
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


def _resolved_before(state: State, data: dict[str, Any], where: str = "action") -> Action | None:
    """The common case of :func:`resolve_action`, by a short way: every card field a plain name of a card of
    the game found where its place says, every other field a string, an exact int or null (``card`` of
    ``choose_commandment`` null too). A name stands for the lowest id of that name in its place not named
    before in the action (``_find`` over ``_candidates``, in the order of the kind's fields), found through
    the ids of each name (``_name_ids``, one table per layout) instead of the names of a pile. The action
    is then the one built before for the same kind and fields (a table keyed by the kind and the resolved
    values in the kind's field order, absent fields marked: equal keys are equal actions), else
    ``_build``'s on the entry with the ids put in, as the long way builds it. A ``"name#id"`` as Junling
    writes it is that card (``_numbered``). None when anything is otherwise (a name elsewhere, an alias, an
    id, another type, an unknown field, ``name_cards``, ``reveal``): the long way then, which gives the
    refusals. ``tests/engine/replay/test_fast_paths_agree.py`` compares both ways on every entry of recorded
    games and on variants of each."""
    kind = data.get("type")
    quick = _QUICK.get(kind) if type(kind) is str else None
    if quick is None:
        return None
    cards, plain, one = quick
    index = _LAST_INDEX  # read once: another thread may replace it
    if state.outcome is None and state.chance is None and state.phase is not _COIN_FLIP:
        player = state.deciding  # state.current_player(), inline: a player, not chance nor the end
    else:
        player = state.active
    if one is not None and len(data) == one[0] and index[0] is state.names:
        # one card in one pile and every field written (move, siege, choose_commandment), built before: the
        # same look-up as below, straight (anything else, or not built yet, goes on below)
        _size, name, place, other = one
        ref = data.get(name)
        ids = index[1].get(ref) if type(ref) is str else None
        value = data.get(other) if other else None
        if ids is not None and (type(value) is str or not other):
            if place is _Q_OWN:
                pile: Any = state.field[player]
            elif place is _Q_HAND:
                pile = state.hand[player]
            elif place is _Q_ENEMY:
                pile = state.field[1 - player]
            else:
                pile = state.pool[player]
            for c in ids:
                if c in pile:
                    action = _BUILT.get((kind, value, c) if other else (kind, c))
                    if action is not None:
                        return action
                    break
    key: list[Any] = [kind]
    absent = 0
    for name in plain:
        ref = data.get(name, _BAD)
        if ref is _BAD:
            absent += 1
        elif ref is not None and type(ref) is not str and type(ref) is not int:
            return None
        key.append(ref)
    if cards:
        if index[0] is not state.names:
            index = _name_ids(state.names)
        ids_of = index[1]
        taken: list[int] = []
        for name, place in cards:
            ref = data.get(name, _BAD)
            if type(ref) is str:
                ids = ids_of.get(ref)
                if ids is None:
                    c = _numbered(state.names, ref)  # "name#id": that card, wherever it is
                    if c < 0:
                        return None
                    key.append(c)
                    taken.append(c)
                    continue
                if place is _Q_HAND:
                    pile = state.hand[player]
                elif place is _Q_OWN or place is _Q_ANY:
                    pile = state.field[player]
                elif place is _Q_ENEMY:
                    pile = state.field[1 - player]
                elif place is _Q_TABLE:  # the actor's generals, his equipment, then the opponent's (``_candidates``)
                    zone = state.zone
                    carrier = state.carrier
                    owner = state.owner
                    best = -1
                    rank = 4
                    for c in ids:
                        if c in zone:
                            r = 0
                        elif c in carrier:
                            r = 1
                        else:
                            continue
                        if owner[c] != player:
                            r += 2
                        if r < rank and c not in taken:
                            best = c
                            rank = r
                    if best < 0:
                        return None
                    key.append(best)
                    taken.append(best)
                    continue
                elif place is _Q_POOL or place is _Q_POOL_OR_NONE:
                    pile = state.pool[player]
                else:  # a list's place
                    return None
                for c in ids:
                    if c in pile and c not in taken:
                        break
                else:
                    if place is not _Q_ANY:
                        return None
                    pile = state.field[1 - player]
                    for c in ids:
                        if c in pile and c not in taken:
                            break
                    else:
                        return None
                key.append(c)
                taken.append(c)
            elif type(ref) is list:
                if place is _Q_PAY:
                    pile = state.hand[player]
                elif place is _Q_CHOICE:
                    choice = state.choice
                    if choice is None:
                        return None
                    pile = choice["options"]
                else:
                    return None
                chosen: list[int] = []
                for r in ref:
                    if type(r) is not str:
                        if place is _Q_CHOICE and type(r) is int and r == NO:
                            chosen.append(NO)
                            continue
                        return None
                    ids = ids_of.get(r)
                    if ids is None:
                        c = _numbered(state.names, r)
                        if c < 0:
                            return None
                    else:
                        for c in ids:
                            if c in pile and c not in taken:
                                break
                        else:
                            return None
                    chosen.append(c)
                    taken.append(c)
                key.append(tuple(chosen))
            elif ref is _BAD:
                absent += 1
                key.append(_BAD)
            elif ref is None and place is _Q_POOL_OR_NONE:
                key.append(None)
            else:
                return None
    if len(data) + absent != len(key):
        return None  # a field the kind does not have: the long way (the engine's reader says so)
    frozen = tuple(key)
    action = _BUILT.get(frozen)
    if action is None:
        out = dict(data)
        for (name, _place), value in zip(cards, frozen[1 + len(plain) :]):
            if value is not _BAD:
                out[name] = list(value) if type(value) is tuple else value
        action = _build(out, where)
        if len(_BUILT) >= _BUILT_SIZE:
            _BUILT.clear()
        _BUILT[frozen] = action
    return action


def _numbered(names: tuple[str, ...], ref: str) -> int:
    """The id a ``"name#id"`` reference stands for when it is as Junling writes it (a card of that very name),
    else -1 (the long way reads it: an alias, an id out of range, no digits)."""
    name, sep, number = ref.partition("#")
    if sep and number.isascii() and number.isdigit() and len(number) < 10:
        card = int(number)
        if card < len(names) and names[card] == name:
            return card
    return -1


def _name_ids(names: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, tuple[int, ...]]]:
    """Each name of a layout's cards and its ids, ascending (names with ``#`` left out: the long way reads
    them); kept for the last layout met (a replay meets one, log after log), when it is a tuple (it cannot
    change under the table; ``State`` holds its layout's)."""
    global _LAST_INDEX
    ids: dict[str, list[int]] = {}
    for c, name in enumerate(names):
        if "#" not in name:
            ids.setdefault(name, []).append(c)
    index = (names, {name: tuple(cs) for name, cs in ids.items()})
    if type(names) is tuple:
        _LAST_INDEX = index
    return index


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
"""Actions built by ``_build``, by their fields, and by ``_resolved_before``'s keys (the kind, then the
resolved fields): cleared when full."""
_BUILT_SIZE = 8192


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


_Q_HAND, _Q_OWN, _Q_ANY, _Q_ENEMY, _Q_POOL, _Q_POOL_OR_NONE, _Q_PAY, _Q_TABLE, _Q_CHOICE = (object() for _ in range(9))
_QUICK_PLACE = {
    HAND: _Q_HAND,
    OWN_GENERAL: _Q_OWN,
    ANY_GENERAL: _Q_ANY,
    ENEMY_GENERAL: _Q_ENEMY,
    POOL: _Q_POOL,
    PAY: _Q_PAY,
    TABLE: _Q_TABLE,
    CHOICE: _Q_CHOICE,
}


_Quick = tuple[tuple[tuple[str, object], ...], tuple[str, ...], tuple[int, str, object, str] | None]


def _quick_fields(kind: str) -> _Quick:
    places = CARD_FIELDS[kind]
    cards = []
    for name, place in places.items():
        code = _QUICK_PLACE[place]
        if code is _Q_POOL and kind == "choose_commandment":
            code = _Q_POOL_OR_NONE  # null: none chosen (the long way's one null card field)
        cards.append((name, code))
    plain = tuple(f.name for f in action_fields(kind) if f.name not in places)
    one = None
    if len(cards) == 1 and len(plain) <= 1 and cards[0][1] in (_Q_HAND, _Q_OWN, _Q_ENEMY, _Q_POOL, _Q_POOL_OR_NONE):
        one = (2 + len(plain), cards[0][0], cards[0][1], plain[0] if plain else "")
    return tuple(cards), plain, one


_QUICK: dict[str, _Quick] = {kind: _quick_fields(kind) for kind in ACTION_KINDS if kind not in ("reveal", "name_cards")}
"""For ``_resolved_before``: each kind (but ``reveal`` and ``name_cards``, whose names are not cards of the
game), its card fields in order with where their names are looked up, its other fields, and for a kind with
one card in one pile and at most one other field (move, siege, choose_commandment): the number of fields,
the card field, its place and the other field ("" for none)."""
_LAST_INDEX: tuple[Any, dict[str, tuple[int, ...]]] = ((), {})
_COIN_FLIP = Phase.COIN_FLIP

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
