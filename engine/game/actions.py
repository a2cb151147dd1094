"""Actions: small frozen values that a log is a list of (``state.history``).

Cards are named by their id in the game (``State.card_name(id)`` gives the name); ids are fixed
when the game is set up: player 0's resource deck in list order, then his command pool, then
player 1's. Chance events name cards by *name*: which of several copies is meant never matters
while they are face down, so the engine takes the copy with the lowest id.

Each action kind is declared once, here: its class names its fields, and each field's metadata says
whether it names a card (by id or by name), where a log looks the card up, whether the opponent may not
see it, and what it means. The log, the JSON form, the replay and the site read :data:`ACTION_KINDS`
and :func:`action_fields`; a new kind is a class here, its rule area, and its line in ``rules.py``.

    >>> [(f.name, f.place, f.hidden) for f in action_fields("tactic")][1:]
    [('executor', 'own_general', False), ('payment', 'payment', True), ('target', 'enemy_general', False)]

Every action turns into a JSON-ready dict and back::

    >>> a = Recruit(card=3, payment=(7, 9))
    >>> a.to_json()
    {'type': 'recruit', 'card': 3, 'payment': [7, 9]}
    >>> action_from_json(a.to_json()) == a
    True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.game.errors import LogError
from engine.game.terms import Zone
from engine.messages import Message

# Where a log looks up the card a field names (docs/log-format.md "Card references").
HAND, POOL, PAY, OWN_GENERAL, ENEMY_GENERAL, ANY_GENERAL, TABLE, CHOICE = (
    "hand",
    "pool",
    "payment",
    "own_general",
    "enemy_general",
    "any_general",
    "table",
    "choice",
)
LIST_PLACES = frozenset({PAY, CHOICE})
"""Places whose field is a list of cards (each name skips the cards named before it in the action)."""


def _id(place: str, doc: str, *, hidden: bool = False) -> dict[str, Any]:
    """The metadata of a field naming a card (or cards) by id, looked up in ``place`` when a log names it."""
    return {"card": "id", "place": place, "hidden": hidden, "doc": doc}


def _meta(doc: str, *, card: str | None = None, hidden: bool = False) -> dict[str, Any]:
    """The metadata of a field that is not a card id (``card="name"``: it holds card names)."""
    return {"card": card, "place": None, "hidden": hidden, "doc": doc}


_PAYMENT = "hand cards paid, face down to DISCARD (§3.2.1)"


class Action:
    """Base of every action (player or chance)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    is_chance: ClassVar[bool] = False
    group: ClassVar[str] = ""
    """Where a player's table puts its controls (``group.<group>`` in the catalogue names the place);
    kinds taken at the same moment of a turn share one. Chance events have none."""
    optional: ClassVar[tuple[str, ...]] = ()
    """Fields added for card texts: left out of the JSON form while they hold their default."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``type`` plus the fields (tuples as lists, zones as text)."""
        out: dict[str, Any] = {"type": self.kind}
        for f in _FIELDS[type(self)]:
            value = getattr(self, f.name)
            if f.optional and value == f.default:
                continue
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Zone):
                value = value.value
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Read any action back from :meth:`to_json`; raises :class:`LogError` saying what is wrong."""
        return action_from_json(data)


# --- chance events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoinFlip(Action):
    """Chance: the coin flip names the first player (ruling G1)."""

    first_player: int = field(metadata=_meta("the player the coin names, 0 or 1"))
    kind: ClassVar[str] = "coin_flip"
    is_chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance: the name of the card taken from the top of a RESOURCE (a draw, a depletion, the upkeep).

    One event per card. Only cards whose order is still unknown (the shuffled part of RESOURCE)
    need one; cards put at the bottom later come out in their known order without a chance event.
    """

    card: str = field(metadata=_meta("the name of the card taken", card="name", hidden=True))
    kind: ClassVar[str] = "reveal"
    is_chance: ClassVar[bool] = True


ChanceOutcome = CoinFlip | Reveal
"""What ``state.apply`` takes at a chance node."""


# --- setup --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseCommandment(Action):
    """Place a commandment of one's command pool face down, or none (§2.6.4, ruling D1)."""

    card: int | None = field(metadata=_id(POOL, "the commandment chosen, or None", hidden=True))
    kind: ClassVar[str] = "choose_commandment"
    group: ClassVar[str] = "setup"


# --- main phase ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """兵: put a general from hand into 自城内, paying the recruitment cost with hand cards (§3.5, G3)."""

    card: int = field(metadata=_id(HAND, "the general recruited"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    to: Zone | None = field(default=None, metadata=_meta("the zone it enters"))
    """Where the recruit enters when its text allows another zone than 自城内 (夏侯渊); None: 自城内."""
    kind: ClassVar[str] = "recruit"
    group: ClassVar[str] = "recruit"
    optional: ClassVar[tuple[str, ...]] = ("to",)


@dataclass(frozen=True, slots=True)
class Equip(Action):
    """Equip an armament or troop on a general, paying its execution cost (§3.6.1)."""

    card: int = field(metadata=_id(HAND, "the equipment"))
    general: int = field(metadata=_id(ANY_GENERAL, "the general that carries it"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    kind: ClassVar[str] = "equip"
    group: ClassVar[str] = "cards"


@dataclass(frozen=True, slots=True)
class PlayEvent(Action):
    """Play an event (事件, incl. 三十六计), paying its execution cost (§3.6.2)."""

    card: int = field(metadata=_id(HAND, "the event"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    target: int | None = field(
        default=None,
        metadata=_id(
            ANY_GENERAL, "the general its text targets, named when played (ruling G17); None if it targets none"
        ),
    )
    """The general the event's text targets, named before the window opens (ruling G17)."""
    target2: int | None = field(
        default=None,
        metadata=_id(
            ENEMY_GENERAL,
            "the second general of a text that names two (借刀杀人, 内讧), named with target when played "
            "(ruling G17); None otherwise",
        ),
    )
    """The other general of a pair the event's text names (借刀杀人, 内讧), named with ``target`` (ruling G17)."""
    kind: ClassVar[str] = "event"
    group: ClassVar[str] = "cards"
    optional: ClassVar[tuple[str, ...]] = ("target", "target2")


@dataclass(frozen=True, slots=True)
class PlayTactic(Action):
    """Tactical strike: a 计略 executed through one of one's generals (§3.7.3, ruling G6)."""

    card: int = field(metadata=_id(HAND, "the tactic"))
    executor: int = field(metadata=_id(OWN_GENERAL, "the general who executes it"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    target: int | None = field(
        default=None,
        metadata=_id(
            ENEMY_GENERAL,
            "the enemy general attacked, named when executed (ruling G17); None: every enemy in the zone",
        ),
    )
    """The enemy general a single-target tactic attacks, named before the window opens (§3.7.3 step 3, ruling G17)."""
    kind: ClassVar[str] = "tactic"
    group: ClassVar[str] = "cards"
    optional: ClassVar[tuple[str, ...]] = ("target",)


@dataclass(frozen=True, slots=True)
class PlayAdvantage(Action):
    """Place an advantage card, replacing the one on the table (§2.7, §3.6.3)."""

    card: int = field(metadata=_id(HAND, "the advantage card"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    kind: ClassVar[str] = "advantage"
    group: ClassVar[str] = "cards"


@dataclass(frozen=True, slots=True)
class ActivateEffect(Action):
    """Activate the active effect (特效) of a general or of an equipment it carries (§3.6.4, G8)."""

    source: int = field(metadata=_id(TABLE, "the general, equipment or table card whose effect is activated"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    target: int | None = field(
        default=None,
        metadata=_id(
            ANY_GENERAL, "the general its text targets, named when played (ruling G17); None if it targets none"
        ),
    )
    """The general the effect targets, named before the window opens (ruling G17)."""
    kind: ClassVar[str] = "activate"
    group: ClassVar[str] = "activate"
    optional: ClassVar[tuple[str, ...]] = ("target",)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a general to another zone (§3.6.5, ruling G4)."""

    general: int = field(metadata=_id(OWN_GENERAL, "the general moving"))
    to: Zone = field(metadata=_meta("the zone it moves to"))
    kind: ClassVar[str] = "move"
    group: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Melee(Action):
    """[武力攻击]: a general attacks an enemy general in the same zone (§3.7.2, ruling G5)."""

    attacker: int = field(metadata=_id(OWN_GENERAL, "the attacking general"))
    defender: int = field(metadata=_id(ENEMY_GENERAL, "the enemy general attacked"))
    kind: ClassVar[str] = "melee"
    group: ClassVar[str] = "attack"


@dataclass(frozen=True, slots=True)
class Siege(Action):
    """[攻城]: a general in 敌城外 depletes the enemy RESOURCE by its Might (§3.7.1, ruling G7)."""

    general: int = field(metadata=_id(OWN_GENERAL, "the besieging general"))
    kind: ClassVar[str] = "siege"
    group: ClassVar[str] = "attack"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """终: end the main phase; upkeep and the hand limit follow (§3.8, ruling G9)."""

    kind: ClassVar[str] = "end_turn"
    group: ClassVar[str] = "end"


# --- the opponent's response window and the end phase ------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCounter(Action):
    """Answer the pending action with a counter card (特), paying its cost (§2.5.5, ruling G11)."""

    card: int = field(metadata=_id(HAND, "the counter card"))
    payment: tuple[int, ...] = field(default=(), metadata=_id(PAY, _PAYMENT, hidden=True))
    target: int | None = field(
        default=None,
        metadata=_id(
            ANY_GENERAL, "the general its text targets, named when played (ruling G17); None if it targets none"
        ),
    )
    """The general the counter's text targets (援军's defender, 伏兵's mover), named when played (ruling G17)."""
    kind: ClassVar[str] = "counter"
    group: ClassVar[str] = "respond"
    optional: ClassVar[tuple[str, ...]] = ("target",)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the pending action resolve without answering it (ruling G11)."""

    kind: ClassVar[str] = "pass"
    group: ClassVar[str] = "respond"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard hand cards of one's choice down to the hand limit (§2.2.5, ruling G9)."""

    cards: tuple[int, ...] = field(metadata=_id(PAY, "the hand cards discarded, face down", hidden=True))
    kind: ClassVar[str] = "discard"
    group: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose cards a card text asks for (targets, a card found by 找寻, cards to give up) (``Phase.CHOICE``)."""

    cards: tuple[int, ...] = field(metadata=_id(CHOICE, "the cards chosen among the options (-1: no)", hidden=True))
    kind: ClassVar[str] = "choose"
    group: ClassVar[str] = "choice"


@dataclass(frozen=True, slots=True)
class NameCards(Action):
    """Name cards when a commandment that asks for it is revealed (束缚) (``Phase.NAMING``)."""

    names: tuple[str, ...] = field(metadata=_meta("the card names named", card="name"))
    kind: ClassVar[str] = "name_cards"
    group: ClassVar[str] = "choice"


ACTION_KINDS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        CoinFlip,
        Reveal,
        ChooseCommandment,
        Recruit,
        Equip,
        PlayEvent,
        PlayTactic,
        PlayAdvantage,
        ActivateEffect,
        Move,
        Melee,
        Siege,
        EndTurn,
        PlayCounter,
        Pass,
        Discard,
        Choose,
        NameCards,
    )
}
"""Every action kind (``Action.kind``) and its class: the one list of them."""

ACTION_TYPES = ACTION_KINDS
"""The former name of :data:`ACTION_KINDS`."""


@dataclass(frozen=True, slots=True)
class FieldInfo:
    """One field of an action kind, as the log, the JSON form, the replay and the site's forms read it."""

    name: str
    type: str
    """The annotation as written: ``int``, ``int | None``, ``str``, ``Zone``, ``Zone | None``, ``tuple[int, ...]``…"""
    card: str | None
    """``"id"``: it names cards by id; ``"name"``: by name; None: it names no card."""
    place: str | None
    """For a card id: where a log's name for it is looked up (:data:`HAND`, :data:`PAY`, …)."""
    hidden: bool
    """It may name a card the opponent does not see (paid or discarded face down, taken into a hand)."""
    required: bool
    optional: bool
    """Left out of the JSON form while it holds its default (fields added for card texts)."""
    default: Any
    doc: str

    @property
    def is_list(self) -> bool:
        """The field holds a tuple (a list in JSON)."""
        return self.type.startswith("tuple")


def _field_infos(cls: type[Action]) -> tuple[FieldInfo, ...]:
    out = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        meta = f.metadata
        required = f.default is dataclasses.MISSING
        out.append(
            FieldInfo(
                f.name,
                str(f.type),
                meta.get("card"),
                meta.get("place"),
                bool(meta.get("hidden")),
                required,
                f.name in cls.optional,
                None if required else f.default,
                meta.get("doc", ""),
            )
        )
    return tuple(out)


_FIELDS: dict[type[Action], tuple[FieldInfo, ...]] = {cls: _field_infos(cls) for cls in ACTION_KINDS.values()}


def action_fields(kind: str | type[Action]) -> tuple[FieldInfo, ...]:
    """The fields of an action kind (its ``kind`` string or its class), in order; KeyError if unknown."""
    return _FIELDS[ACTION_KINDS[kind] if isinstance(kind, str) else kind]


def chosen_field(kind: str | type[Action]) -> FieldInfo | None:
    """The field of a kind that a player fills by choosing cards (its one list field), if any; None for an
    unknown kind.

    >>> chosen_field("recruit").name, chosen_field("name_cards").card, chosen_field("move")
    ('payment', 'name', None)
    """
    cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else kind
    if cls is None:
        return None
    name = _CHOSEN.get(cls)
    return next((f for f in _FIELDS[cls] if f.name == name), None)


def action_from_json(data: Any) -> Action:
    """Read an action from its :meth:`Action.to_json` form; :class:`LogError` if malformed."""
    if not isinstance(data, dict):
        raise LogError(Message("log.action_not_object", {"type": type(data).__name__}))
    kind = data.get("type")
    cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise LogError(Message("log.unknown_action_type", {"kind": repr(kind), "kinds": ", ".join(ACTION_KINDS)}))
    kwargs: dict[str, Any] = {}
    fields = _FIELDS[cls]
    for f in fields:
        if f.name not in data:
            if not f.required:
                continue
            raise LogError(Message("log.missing_field", {"kind": kind, "field": repr(f.name)}))
        value = data[f.name]
        try:
            kwargs[f.name] = _convert(f.type, value)
        except (TypeError, ValueError):
            raise LogError(
                Message("log.bad_value", {"kind": kind, "field": repr(f.name), "value": repr(value)})
            ) from None
    extra = set(data) - {"type"} - {f.name for f in fields}
    if extra:
        raise LogError(Message("log.unknown_field", {"kind": kind, "field": repr(sorted(extra)[0])}))
    return cls(**kwargs)


def _convert(annotation: str, value: Any) -> Any:
    if annotation == "Zone":
        return Zone(value)
    if annotation == "Zone | None":
        return None if value is None else Zone(value)
    if annotation == "tuple[str, ...]":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise TypeError(annotation)
        return tuple(value)
    if annotation == "str":
        if not isinstance(value, str):
            raise TypeError(annotation)
        return value
    if annotation.startswith("tuple"):
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise TypeError(annotation)
        return tuple(value)
    if value is None and annotation == "int | None":
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(annotation)
    return value


@dataclass(frozen=True, slots=True)
class PaymentChoice:
    """A legal action whose cards are chosen by the player: "``template`` paying any ``count`` of ``choices``".

    ``legal_actions()`` describes such choices instead of listing every combination; the concrete
    action names the cards::

        >>> choice = PaymentChoice(Recruit(card=1), 2, (4, 5, 6))
        >>> choice.complete((4, 6))
        Recruit(card=1, payment=(4, 6), to=None)
    """

    template: Action
    count: int
    choices: tuple[Any, ...]

    @property
    def field(self) -> str:
        """The field of the template the chosen cards go into (its one list field)."""
        return _CHOSEN[type(self.template)]

    @property
    def pays(self) -> bool:
        """The chosen cards pay a cost (face down to DISCARD, §3.2.1) rather than answer a choice."""
        return self.field == "payment"

    def complete(self, cards: Sequence[int]) -> Action:
        """The concrete action paying with ``cards`` (checked when applied, not here)."""
        return dataclasses.replace(self.template, **{self.field: tuple(cards)})  # type: ignore[type-var]

    def sample(self, rng: random.Random) -> Action:
        """A concrete action with ``count`` cards chosen uniformly at random."""
        return self.complete(tuple(rng.sample(self.choices, self.count)))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description."""
        return {"template": self.template.to_json(), "count": self.count, "choices": list(self.choices)}


LegalAction = Action | PaymentChoice
"""An entry of ``state.legal_actions()``."""


_CHOSEN: dict[type[Action], str] = {cls: f.name for cls, fields in _FIELDS.items() for f in fields if f.is_list}
"""The list field of each kind that has one: what a :class:`PaymentChoice` fills."""
