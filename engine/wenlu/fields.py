"""The vocabulary of 文禄朝鲜之役's input files: each JSON key of the battle calculator's input
(``engine.wenlu.calculator``, ``docs/wenlu.md``) and of the game-data file (``engine.wenlu.data``) → an
English label marked for translation (``N_``; Chinese in ``engine/locale/zh_Hans/LC_MESSAGES/django.po``).

The site shows these labels instead of the raw keys (the calculator's rows editor, the game-data page);
the files themselves keep their keys. A test checks that every key the bundled example battle and data
file use is here, with a Chinese translation.
"""

from __future__ import annotations

from engine.boardgame.calcform import Field, Layout, Rows, Section
from engine.messages import N_

CALCULATOR_FIELDS: dict[str, str] = {
    "region": N_("Battle region"),
    "active": N_("Active side"),
    "japan": N_("Japan"),
    "allies": N_("Allies"),
    "cards": N_("Cards"),
    "roads": N_("Roads out"),
    "siege": N_("Siege"),
    "dice": N_("Dice"),
    "seed": N_("Seed"),
    "decisions": N_("Answers to decisions"),
    "note": N_("Note"),
    # a counter
    "id": N_("Id"),
    "name": N_("Name"),
    "kind": N_("Kind"),
    "nation": N_("Nation"),
    "faction": N_("House (faction)"),
    "rank": N_("Military rank"),
    "fa": N_("Field ability"),
    "morale": N_("Morale"),
    "count": N_("Count"),
    "reduced": N_("Reduced"),
    "cut": N_("Supply cut"),
    "mountain": N_("Crossed a mountain road"),
    "from": N_("Came from"),
    "marched": N_("Marched"),
    "castle": N_("In the castle"),
    # a road
    "to": N_("To"),
    "class": N_("Road class"),
    "enemy": N_("Held by"),
    "home": N_("Home box of"),
}
"""Every key of the calculator's input (``docs/wenlu.md`` "Battle calculator")."""

DATA_FIELDS: dict[str, str] = {
    "format": N_("File format"),
    "id": N_("Id"),
    "map": N_("Map"),
    "note": N_("Note"),
    "turns": N_("Turns"),
    "peace_turn": N_("Peace turn"),
    "hanseong": N_("Hanseong's region"),
    "konishi": N_("Konishi's counter"),
    "kato": N_("Katō's counter"),
    "kato_province": N_("Katō's province"),
    "generals": N_("Generals"),
    "units": N_("Units"),
    "cards": N_("Cards"),
    "japan": N_("Japan"),
    "allies": N_("Allies"),
    # a general or a unit row
    "name": N_("Name"),
    "name_en": N_("English or pinyin name"),
    "type": N_("Counter type"),
    "nation": N_("Nation"),
    "faction": N_("House (faction)"),
    "kind": N_("Kind"),
    "rank": N_("Military rank"),
    "fa": N_("Field ability"),
    "morale": N_("Morale"),
    "start": N_("Starts at"),
    "area": N_("Rises in"),
    "righteous": N_("Righteous army"),
    "also_commands": N_("Also commands"),
}
"""Every key of the game-data file (``DATA_FORMAT``, ``docs/wenlu.md`` "Game data")."""

VALUES: dict[str, dict[str, str]] = {
    "nation": {"japan": N_("Japan"), "korea": N_("Korea"), "ming": N_("Ming")},
    "active": {"japan": N_("Japan"), "allies": N_("Allies")},
    "enemy": {"japan": N_("Japan"), "allies": N_("Allies")},
    "home": {"japan": N_("Japan"), "ming": N_("Ming")},
    "rank": {"cic": N_("Commander-in-chief"), "general": N_("General")},
    "kind": {"general": N_("General"), "unit": N_("Unit"), "king": N_("King"), "prince": N_("Prince")},
    "class": {"primary": N_("Primary road"), "secondary": N_("Secondary road")},
    "tags": {"hanseong": N_("Hanseong")},
}
"""Words the input files' values are chosen from (field → value → label; ``tags``: the map's region tags the
rules read); other values are data (names, and places named by the map)."""

KEYED_BY_DATA: frozenset[str] = frozenset({"japan", "allies", "start"})
"""Keys whose object (in either file) is keyed by data, not by fields: a side's cards (card → copies), a
unit row's ``start`` (place → count)."""

_COUNTER = (
    Field("id"),
    Field("nation", "choice", ("japan", "korea", "ming")),
    Field("faction"),
    Field("kind", "choice", ("general", "unit", "king", "prince")),
    Field("rank", "choice", ("general", "cic")),
    Field("fa", "int"),
    Field("morale", "int"),
    Field("count", "int"),
    Field("from"),
    Field("reduced", "bool"),
    Field("cut", "bool"),
    Field("mountain", "bool"),
    Field("marched", "bool"),
    Field("castle", "bool"),
)

CARDS_IN_BATTLE = ("李舜臣出击", "伏兵", "奇袭")
"""The cards the calculator reads (``engine.wenlu.calculator.CARDS``: Japanese FA −1, Japanese FA +1, round 1
a surprise; a test checks they agree)."""

CALCULATOR_FORM: Layout = (
    Section(
        None,
        (
            Field("region"),
            Field("active", "choice", ("japan", "allies")),
            Field("cards", "choices", CARDS_IN_BATTLE),
            Field("siege", "yesno"),
        ),
    ),
    Section(None, (Rows("japan", _COUNTER),)),
    Section(None, (Rows("allies", _COUNTER),)),
    Section(
        None,
        (
            Rows(
                "roads",
                (
                    Field("to"),
                    Field("class", "choice", ("primary", "secondary")),
                    Field("enemy", "choice", ("japan", "allies")),
                    Field("home", "choice", ("japan", "ming")),
                ),
            ),
            Field("decisions", "texts"),
        ),
    ),
)
"""The calculator's input as form fields (``engine.boardgame.calcform``): the battle's region, whose
activation, the cards and the siege; each side's counters; the roads out and the answers. ``dice`` and
``seed`` are the page's own fields."""
