"""三国智's setup (seed 004 §1.2, rulings S2–S12): a checker of a described opening table, and a seeded
deck-to-table simulator that stops at the one mulligan each player may take.

The checker answers with the first rule the table breaks, cited by section::

    >>> from engine.cards import SANGUO_ZHI, starter_database
    >>> from engine.decklist import parse_decklist
    >>> db = starter_database(SANGUO_ZHI)
    >>> deck = starter_deck(db)
    >>> opening = Opening([deck], db, seed=7)
    >>> opening.to_decide, len(opening.sides[0].hand), opening.sides[0].grain
    (0, 6, 30)
    >>> check_setup(deck, opening.sides[0].to_json(), db) is None
    True
    >>> table = opening.sides[0].to_json()
    >>> table["grain"] = 25
    >>> problem = check_setup(deck, table, db)
    >>> problem.code, problem.rule
    ('sanguozhi.setup.grain', '§1.2.5, ruling S6')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardDatabase
from engine.decklist import DeckEntry, Decklist
from engine.deckrules import check_deck
from engine.errors import EngineError
from engine.formats import get_format
from engine.sanguozhi.rules import COMMAND, COMMAND_TYPES, START, Split, split_deck
from engine.sanguozhi.table import Side

FORMAT = "sanguo-zhi-standard"
KEEP, MULLIGAN = "keep", "mulligan"
CHOICES = (KEEP, MULLIGAN)

DECK_SECTIONS = {
    "deck-size": "§1.1.1.4",
    "too-many-copies": "§1.1.1.1",
    "event-count": "§1.1.1.2",
    "pool-not-event": "§1.1.1.2",
}
"""The section each deck-rule violation breaks (its ``rule`` is ruling S1)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a setup is not legal: a message code with its parameters, the rule it breaks, and where."""

    code: str
    params: dict[str, Any]
    rule: str
    where: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "rule": self.rule, "where": self.where}


class SetupError(EngineError):
    """A deck the simulator cannot set up (its first :class:`Problem`)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code, problem.params, problem.rule)
        self.problem = problem


def starter_deck(db: CardDatabase) -> Decklist:
    """A legal deck of the bundled starter database (for examples and the site's empty state): every named
    camp card once, nameless 兵权 to 50, every event (at most 5) and formation."""
    named = [c for c in db if c.type not in ("事件", "阵型", "粮草") and not c.nameless]
    nameless = [c for c in db if c.type == COMMAND and c.nameless]
    entries = [DeckEntry(c.name, 1) for c in named]
    missing = max(0, 50 - len(named))
    for i, c in enumerate(nameless):
        n = missing // len(nameless) + (1 if i < missing % len(nameless) else 0)
        if n:
            entries.append(DeckEntry(c.name, n))
    entries += [DeckEntry(c.name, 1) for c in db if c.type == "阵型"]
    events = [DeckEntry(c.name, 1) for c in db if c.type == "事件"][:5]
    return Decklist(tuple(entries), tuple(events), ())


def deck_problem(decklist: Decklist, db: CardDatabase) -> Problem | None:
    """The deck's first broken deck rule (ruling S1, S10, S12), cited by section; None if legal."""
    split = split_deck(decklist, db)
    if split.unknown:
        return Problem("sanguozhi.setup.unknown_card", {"name": split.unknown[0]}, "§1.1.1", "deck")
    result = check_deck(decklist, db, get_format(FORMAT))
    if result.violations:
        v = result.violations[0]
        section = DECK_SECTIONS.get(v.code, "§1.1.1")
        reason = {"en": v.message, "zh": v.message_zh}
        return Problem("sanguozhi.setup.deck", {"reason": reason}, f"{section}, {v.rule}", "deck")
    return None


def _shape(ok: bool, where: str, expected: str) -> None:
    if not ok:
        raise SetupError(Problem("sanguozhi.setup.shape", {"where": where, "expected": expected}, "", where))


def _names(value: Any, where: str) -> list[str]:
    _shape(isinstance(value, list) and all(isinstance(n, str) for n in value), where, "a list of card names")
    return list(value)


def check_setup(decklist: Decklist, table: Any, db: CardDatabase, start: Any = START) -> Problem | None:
    """Whether ``table`` (one player's opening table, the JSON form of :class:`Side`) is a legal setup of
    ``decklist``: the first rule it breaks, or None. Checked in the order of the setup (§1.2)."""
    try:
        return _check(decklist, table, db, start)
    except SetupError as exc:
        return exc.problem


def _check(decklist: Decklist, table: Any, db: CardDatabase, start: Any) -> Problem | None:
    _shape(isinstance(table, Mapping), "", "a JSON object (one player's table)")
    problem = deck_problem(decklist, db)
    if problem is not None:
        return problem
    split = split_deck(decklist, db)
    canon = _canonical(db)
    hand = [canon(n) for n in _names(table.get("hand", []), "hand")]
    camp_raw = table.get("camp", [])
    if isinstance(camp_raw, Mapping):  # a count only: the deck is face down (§1.3.1.2)
        _shape(isinstance(camp_raw.get("count"), int), "camp.count", "the number of cards in the camp")
        camp: list[str] | None = None
        camp_count = int(camp_raw["count"])
    else:
        camp = [canon(n) for n in _names(camp_raw, "camp")]
        camp_count = len(camp)
    mulligan = table.get("mulligan")
    _shape(mulligan in (None, "kept", "taken"), "mulligan", 'null (not confirmed), "kept" or "taken"')
    if len(hand) != start.hand_size:
        return Problem(
            "sanguozhi.setup.hand_size", {"held": len(hand), "size": start.hand_size}, "§1.2.6, ruling S7", "hand"
        )
    deck, used = Counter(split.camp), Counter[str]()
    for where, names in (("hand", hand), ("camp", camp or [])):
        for i, n in enumerate(names):
            used[n] += 1
            if used[n] > deck[n]:
                rule = "§1.2.2, ruling S12" if n in split.events else "§1.2.1, ruling S10"
                return Problem("sanguozhi.setup.not_in_camp", {"name": n}, rule, f"{where}[{i}]")
    if camp_count + len(hand) != len(split.camp):
        missing = len(split.camp) - camp_count - len(hand)
        return Problem(
            "sanguozhi.setup.camp_count",
            {"deck": len(split.camp), "camp": camp_count, "hand": len(hand), "missing": missing},
            "§1.2.3, ruling S10",
            "camp",
        )
    for key, want, section in (
        ("events", split.events, "§1.2.3, ruling S4, S12"),
        ("formations", split.formations, "§1.2.3, ruling S4"),
        ("granary", split.grain_cards, "§1.2.3, §1.1.1.3"),
    ):
        have = [canon(n) for n in _names(table.get(key, []), key)]
        if Counter(have) != Counter(want):
            return Problem(
                f"sanguozhi.setup.{key}",
                {"have": {"names": have}, "want": {"names": list(want)}},
                section,
                key,
            )
    graveyard = _names(table.get("graveyard", []), "graveyard")
    if graveyard:
        return Problem("sanguozhi.setup.graveyard", {"count": len(graveyard)}, "§1.2.3, ruling S2", "graveyard")
    slots = table.get("slots") or {}
    _shape(isinstance(slots, Mapping), "slots", "an object of slots")
    for key, count in (("lieutenants", 3), ("schemes", 5)):
        value = slots.get(key, [None] * count)
        _shape(isinstance(value, list), f"slots.{key}", "a list of slots")
        if len(value) != count:
            return Problem(
                "sanguozhi.setup.slot_count",
                {"slot": {"slot": key}, "have": len(value), "want": count},
                "§1.1.2, ruling S14",
                f"slots.{key}",
            )
    command = slots.get("command") or {}
    _shape(isinstance(command, Mapping), "slots.command", "an object: troop type → 兵权 cards")
    for t in command:
        if t not in COMMAND_TYPES:
            params = {"type": t, "types": "、".join(COMMAND_TYPES)}
            return Problem("sanguozhi.setup.command_type", params, "§1.3.6", "slots.command")
    filled = [("commander", slots.get("commander")), ("strategist", slots.get("strategist"))]
    filled += [("lieutenants", g) for g in slots.get("lieutenants", [])]
    filled += [("schemes", s) for s in slots.get("schemes", [])]
    filled += [(f"command:{t}", c) for t, cs in command.items() for c in (cs or [])]
    for key, card in filled:
        if card:
            return Problem(
                "sanguozhi.setup.slot_filled",
                {"slot": {"slot": key}, "name": str(card)},
                "§1.2.3, ruling S2",
                f"slots.{key.split(':')[0]}",
            )
    for key, want, section in (
        ("grain", start.grain, "§1.2.5, ruling S6"),
        ("grain_cap", start.grain_cap, "§1.2.5, ruling S6"),
        ("hand_limit", start.hand_limit, "§1.2.6.3, ruling S9"),
    ):
        have = table.get(key, want)
        if have != want:
            return Problem(f"sanguozhi.setup.{key}", {"have": have, "want": want}, section, key)
    return None


def _canonical(db: CardDatabase) -> Any:
    def canon(name: str) -> str:
        card = db.lookup(name)
        return card.name if card is not None else name

    return canon


# --- the simulator ----------------------------------------------------------------------------------------


@dataclass
class Opening:
    """A seeded opening (§1.2, ruling S2): each deck fixed and shuffled by its owner, then once by each enemy
    in turn (S3); placed (S4); the order rolled with a d6 each, ties among the highest rerolled (S5); grain
    set (S6); every player draws 6 at once (S7); then, in action order, each keeps or takes the one
    mulligan (S8). ``steps`` is the log of what happened, as message codes with parameters.

    One deck is a solitaire opening: no enemy shuffles it and no order is rolled."""

    decks: Sequence[Decklist]
    db: CardDatabase
    seed: int = 0
    enemy_shuffles: bool = True
    start: Any = START
    sides: list[Side] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    to_decide: int | None = None
    """The player whose mulligan choice is due, None once every hand is confirmed (§1.2.7)."""

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        self.rng = rng
        players = len(self.decks)
        splits: list[Split] = []
        for p, deck in enumerate(self.decks):
            problem = deck_problem(deck, self.db)
            if problem is not None:
                raise SetupError(Problem(problem.code, problem.params, problem.rule, f"decks[{p}]"))
            splits.append(split_deck(deck, self.db))
            self._say("sanguozhi.step.fix", player=p, count=len(splits[p].camp), events=len(splits[p].events))
        for p, split in enumerate(splits):
            side = Side(p, camp=list(split.camp), grain=self.start.grain, grain_cap=self.start.grain_cap)
            side.hand_limit = self.start.hand_limit
            self.sides.append(side)
        for p in range(players):
            self._shuffle(p)
        for p, split in enumerate(splits):
            side = self.sides[p]
            side.events, side.formations = list(split.events), list(split.formations)
            side.granary = list(split.grain_cards)
            self._say(
                "sanguozhi.step.place",
                player=p,
                camp=len(side.camp),
                events=len(side.events),
                formations=len(side.formations),
                grain_cards=len(side.granary),
            )
        self.order = self._roll_order() if players > 1 else [0]
        for side in self.sides:
            self._say("sanguozhi.step.grain", player=side.player, grain=side.grain, cap=side.grain_cap)
        for side in self.sides:
            self._draw(side)
        self.to_decide = self.order[0]

    def _say(self, code: str, **params: Any) -> None:
        self.steps.append({"code": code, "params": params})

    def _shuffle(self, p: int) -> None:
        """The owner shuffles, then each enemy in turn shuffles once (ruling S3): one fresh permutation each."""
        camp = self.sides[p].camp
        self.rng.shuffle(camp)
        self._say("sanguozhi.step.shuffle", player=p, by=p)
        for enemy in range(len(self.sides)):
            if enemy == p:
                continue
            if self.enemy_shuffles:
                self.rng.shuffle(camp)
                self._say("sanguozhi.step.shuffle", player=p, by=enemy)
            else:
                self._say("sanguozhi.step.shuffle_pass", player=p, by=enemy)

    def _roll_order(self) -> list[int]:
        """Each player rolls a d6; the tied highest reroll; the highest goes first (ruling S5). With more than
        two players he would pick the direction (§1.2.4): the simulator goes clockwise, by seat."""
        rolling = list(range(len(self.sides)))
        while True:
            rolls = {p: self.rng.randint(1, 6) for p in rolling}
            self._say("sanguozhi.step.roll", rolls=", ".join(f"{p}: {r}" for p, r in rolls.items()))
            top = max(rolls.values())
            rolling = [p for p, r in rolls.items() if r == top]
            if len(rolling) == 1:
                first = rolling[0]
                n = len(self.sides)
                order = [(first + i) % n for i in range(n)]
                self._say("sanguozhi.step.order", first=first, order=", ".join(map(str, order)))
                return order

    def _draw(self, side: Side) -> None:
        n = self.start.hand_size
        side.hand, side.camp = side.camp[:n], side.camp[n:]
        self._say("sanguozhi.step.draw", player=side.player, count=len(side.hand))

    def choices(self) -> tuple[str, ...]:
        """What the player due may do now: keep, or take the one mulligan (§1.2.6.1–2)."""
        return () if self.to_decide is None else CHOICES

    def decide(self, player: int, choice: str) -> None:
        """``player`` keeps his hand (and announces it) or takes his mulligan: all 6 back, the owner shuffles,
        each enemy may shuffle (S3), 6 drawn; that hand is final (ruling S8). ValueError if not his to make."""
        if player != self.to_decide:
            raise SetupError(
                Problem("sanguozhi.refusal.not_your_choice", {"player": player, "due": self.to_decide}, "ruling S8")
            )
        if choice not in CHOICES:
            raise SetupError(Problem("sanguozhi.refusal.choice", {"choice": choice}, "§1.2.6.1"))
        side = self.sides[player]
        if choice == KEEP:
            side.mulligan = "kept"
            self._say("sanguozhi.step.keep", player=player)
        else:
            side.camp = side.hand + side.camp
            side.hand = []
            self._say("sanguozhi.step.mulligan", player=player)
            self._shuffle(player)
            self._draw(side)
            side.mulligan = "taken"
        later = [p for p in self.order if self.sides[p].mulligan is None]
        self.to_decide = later[0] if later else None
        if self.to_decide is None:
            self._say("sanguozhi.step.ready")

    def observation(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a player, or None for a judge) sees of the table (ruling S15)."""
        return {
            "seed": self.seed if viewer is None else None,
            "order": list(self.order),
            "to_decide": self.to_decide,
            "choices": list(self.choices()) if viewer in (None, self.to_decide) else [],
            "sides": [s.view(viewer) for s in self.sides],
        }


def opening_after(
    decks: Sequence[Decklist], db: CardDatabase, seed: int, choices: Sequence[str] = (), **options: Any
) -> Opening:
    """The opening of ``decks`` with ``seed``, after the mulligan ``choices`` in action order."""
    opening = Opening(decks, db, seed, **options)
    for choice in choices:
        if opening.to_decide is None:
            break
        opening.decide(opening.to_decide, choice)
    return opening
