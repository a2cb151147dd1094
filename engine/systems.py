"""Game systems as plug-ins (issue 15): what each game of the family declares, in one table.

The site, the command line and the tasks ask this module what a game has; they never test a game's
name. Adding a game is one package in ``engine/`` plus one entry here.

    >>> [s.id for s in all_systems()]
    ['generals-order', 'sanguo-zhi', 'longhu', 'wenlu']
    >>> get_system("longhu").seats
    (2, 4)
    >>> get_system("wenlu").has_map, get_system("generals-order").has_cards
    (True, True)
    >>> get_system("sanguo-zhi").engine, get_system("sanguo-zhi").setup
    (None, 'engine.sanguozhi')
    >>> get_system("chess")
    Traceback (most recent call last):
    ...
    engine.systems.UnknownSystemError: unknown game system 'chess' (known: generals-order, sanguo-zhi, longhu, wenlu)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.boardgame.calcform import Layout

GENERALS_ORDER = "generals-order"
"""将军令 Generals' Order, the platform's primary game."""
SANGUO_ZHI = "sanguo-zhi"
"""三国智 Sanguo Zhi (seed 004), the second game of the family."""
DEFAULT_SYSTEM = GENERALS_ORDER
"""The game a page, a form or a command means when none is named."""


class UnknownSystemError(EngineError):
    """A game-system id that is not one of the known systems."""


@dataclass(frozen=True, slots=True)
class System:
    """What one game system has. Module paths are imported on demand (``module()``), so reading the
    table costs nothing and a game's engine is loaded only where it is used."""

    id: str
    name: str
    """The game's own (Chinese) name."""
    name_en: str
    rules: str
    """Which seed document holds its rules (``../shared/seeds/README.md``)."""
    seats: tuple[int, int]
    """Fewest and most players at one table."""
    has_cards: bool
    """Players bring decks built from a card database (deck rules apply)."""
    has_map: bool
    """A map (``engine.maps``) is imported as data and named by its hash."""
    engine: str | None
    """The package holding ``Game``/``State`` (legal_actions, apply, observation), or None."""
    game: str | None = None
    """The class implementing the one game interface (``engine.interface.Game``), as ``module.Name``; None:
    the engine package's own ``Game``."""
    battle_calculator: str | None = None
    """The module behind ``python -m engine battle <id>``, or None."""
    scoring: str = "win-loss"
    """How a finished game scores at an event: ``win-loss``, ``placement`` (pods, regions held) or
    ``vp-margin`` (two-sided wargame, victory-point margin)."""
    sides: tuple[str, ...] = ()
    """Fixed sides of an asymmetric game (empty: the seats are alike)."""
    game_data: str | None = None
    """The module reading the game's data file (``DATA_FORMAT``, ``parse_data(data, map)``), or None."""
    test_files: tuple[str, str] | None = None
    """The bundled test map and game data (file names in ``engine/data``), written for Junling from the
    rules' text, not the publisher's."""
    setup: str | None = None
    """The package of a setup checker and deck-to-table simulator (``check_setup``, ``Opening``) for a game whose
    pages stop before play (三国智: ``python -m engine sanguozhi``), or None."""
    ruleset: str | None = None
    """The deck rules (``engine.deckrules.RULESETS``) a card game's formats use, or None (no decks)."""
    fields: str | None = None
    """The module naming the keys of the game's input files (``CALCULATOR_FIELDS``, ``DATA_FIELDS``: key →
    English label marked for translation; ``VALUES``: field → value → label; ``KEYED_BY_DATA``), or None."""

    how_to_play: str | None = None
    """The module holding the game's short "how to play" (``HOW_TO_PLAY``: headings and points, each citing its
    rule), or None."""

    def _load(self, path: str | None, what: str) -> ModuleType:
        """The module at ``path``, or ``UnknownSystemError`` saying the game has no ``what``."""
        if path is None:
            raise UnknownSystemError(f"game system {self.id!r} has no {what}")
        return importlib.import_module(path)

    def setup_module(self) -> ModuleType:
        """The setup package (raises ``UnknownSystemError`` if the game has none)."""
        return self._load(self.setup, "setup simulator")

    def display_name(self, lang: str) -> str:
        """The game's name for a reader of ``lang`` (a language code): its own name for Chinese, else English.

        >>> get_system("wenlu").display_name("zh-hans"), get_system("wenlu").display_name("en")
        ('文禄朝鲜之役', 'Imjin War 1592–93')
        """
        return self.name if lang.lower().startswith("zh") else self.name_en

    def module(self) -> ModuleType:
        """The rules-engine package (raises ``UnknownSystemError`` if the game has none)."""
        return self._load(self.engine, "rules engine")

    def game_class(self) -> Any:
        """The class implementing ``engine.interface.Game`` (``UnknownSystemError`` if the game has no engine).

        >>> get_system("generals-order").game_class().__name__, get_system("wenlu").game_class().__module__
        ('CardGame', 'engine.wenlu.state')
        """
        if self.game is None:
            return self.module().Game
        path, name = self.game.rsplit(".", 1)
        return getattr(self._load(path, "rules engine"), name)

    def data_module(self) -> ModuleType:
        """The module reading the game's data file (raises ``UnknownSystemError`` if the game has none)."""
        return self._load(self.game_data, "game data")

    def calculator(self) -> ModuleType:
        """The battle calculator: ``calculate(spec, lang)`` and ``CalculatorError`` (``UnknownSystemError`` if none)."""
        return self._load(self.battle_calculator, "battle calculator")

    def field_labels(self, file: str) -> dict[str, str]:
        """The English labels of the keys of the game's ``calculator`` input or ``data`` file (key → label, to be
        translated by the reader's catalogue); empty if the game declares none.

        >>> get_system("wenlu").field_labels("calculator")["fa"], get_system("generals-order").field_labels("data")
        ('Field ability', {})
        """
        if self.fields is None:
            return {}
        module = importlib.import_module(self.fields)
        return dict({"calculator": module.CALCULATOR_FIELDS, "data": module.DATA_FIELDS}[file])

    def calculator_form(self) -> Layout:
        """The calculator's input as form fields (``engine.boardgame.calcform``); empty if the game declares none.

        >>> [s.key for s in get_system("longhu").calculator_form()][:2]
        ['attacker', 'defender']
        """
        if self.fields is None:
            return ()
        return tuple(getattr(importlib.import_module(self.fields), "CALCULATOR_FORM", ()))

    def how_to_play_text(self) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        """The game's short "how to play": (heading, ((point, rule cited), ...)), in English marked for
        translation; empty if the game has none.

        >>> get_system("wenlu").how_to_play_text()[0][1][-1][1]
        '§12.2'
        """
        if self.how_to_play is None:
            return ()
        return tuple(importlib.import_module(self.how_to_play).HOW_TO_PLAY)

    def value_labels(self) -> dict[str, dict[str, str]]:
        """The English labels of the words the input files' values are chosen from (field → value → label)."""
        return {} if self.fields is None else dict(importlib.import_module(self.fields).VALUES)

    def note_template(self, note: str) -> str:
        """The catalogue template (an English msgid) of a bundled file's ``note`` (the engine's
        ``messages.NOTES``), or "" for any other note (an imported file's, said as it is).

        >>> get_system("longhu").note_template("an organiser's own words")
        ''
        """
        if self.engine is None:
            return ""
        messages = getattr(self.module(), "messages", None)
        code = getattr(messages, "NOTES", {}).get(note)
        return str(messages.MESSAGES[code]) if code else ""  # type: ignore[union-attr]

    def keyed_by_data(self) -> frozenset[str]:
        """The keys whose object is keyed by data (names), not by fields."""
        return frozenset() if self.fields is None else importlib.import_module(self.fields).KEYED_BY_DATA


SYSTEMS: dict[str, System] = {
    s.id: s
    for s in (
        System(
            id=GENERALS_ORDER,
            name="将军令",
            name_en="Generals' Order",
            rules="seed 000",
            seats=(2, 2),
            has_cards=True,
            has_map=False,
            engine="engine.game",
            game="engine.game.interface.CardGame",
            ruleset=GENERALS_ORDER,
        ),
        System(
            id=SANGUO_ZHI,
            name="三国智",
            name_en="Sanguo Zhi",
            rules="seed 004",
            seats=(2, 2),
            has_cards=True,
            has_map=False,
            engine=None,
            setup="engine.sanguozhi",
            ruleset=SANGUO_ZHI,
        ),
        System(
            id="longhu",
            name="龙虎三国志",
            name_en="Dragon and Tiger: Three Kingdoms",
            rules="seed 001",
            seats=(2, 4),
            has_cards=False,
            has_map=True,
            engine="engine.longhu",
            battle_calculator="engine.longhu.calculator",
            scoring="placement",
            game_data="engine.longhu.data",
            test_files=("longhu_test_map.json", "longhu_test_data.json"),
            fields="engine.longhu.fields",
            how_to_play="engine.longhu.howto",
        ),
        System(
            id="wenlu",
            name="文禄朝鲜之役",
            name_en="Imjin War 1592–93",
            rules="seed 003",
            seats=(2, 2),
            has_cards=False,
            has_map=True,
            engine="engine.wenlu",
            battle_calculator="engine.wenlu.calculator",
            scoring="vp-margin",
            sides=("japan", "allies"),
            game_data="engine.wenlu.data",
            test_files=("wenlu_test_map.json", "wenlu_test_data.json"),
            fields="engine.wenlu.fields",
            how_to_play="engine.wenlu.howto",
        ),
    )
}
"""Every game system, in the order the site lists them."""


def all_systems() -> tuple[System, ...]:
    """Every game system, in listing order."""
    return tuple(SYSTEMS.values())


CARD_GAMES: tuple[str, ...] = tuple(s.id for s in SYSTEMS.values() if s.has_cards)
"""The games played with a card database and decks (a database's ``game``, a format's ``game``).

    >>> CARD_GAMES
    ('generals-order', 'sanguo-zhi')
"""

RULESET_NAMES: tuple[str, ...] = tuple(s.ruleset for s in SYSTEMS.values() if s.ruleset)
"""The deck rulesets' names (``engine.deckrules.RULESETS`` holds one :class:`Ruleset` each)."""


def get_system(system_id: str) -> System:
    """The system with this id, or ``UnknownSystemError`` naming the known ones."""
    try:
        return SYSTEMS[system_id]
    except KeyError:
        raise UnknownSystemError(f"unknown game system {system_id!r} (known: {', '.join(SYSTEMS)})") from None
