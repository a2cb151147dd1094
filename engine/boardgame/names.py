"""Names in the reader's language: a parameter of a board game's message with every name in it said as a
``names`` mapping says it (``GameData.names(lang)``: id → name; ``docs/maps.md`` "Names").

>>> named("take:明军4", {"明军4": "Ming army 4"}), named("刘表 13, 孙坚 2", {"刘表": "Liu Biao", "孙坚": "Sun Jian"})
('take:Ming army 4', 'Liu Biao 13, Sun Jian 2')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_HAN = re.compile(r"[\u3400-\u9fff]")
_JOINED = re.compile(r"(, |\+| )")
"""How the engines join names into one parameter (a list, a side of allies, a name and its strength)."""


def named(value: Any, names: Mapping[str, str] | None) -> Any:
    """``value`` with every name in it said as ``names`` says it: a name, ``prefix:name`` (a pick), a list of
    them, a dict's values (not its keys), names the engine joined into one string ("刘表 13, 孙坚 2",
    "曹操+刘备"); anything else as it is."""
    if not names:
        return value
    if isinstance(value, str):
        if value in names:
            return names[value]
        prefix, sep, rest = value.partition(":")
        if sep and rest in names:
            return f"{prefix}{sep}{names[rest]}"
        if _HAN.search(value):
            return "".join(names.get(part, part) for part in _JOINED.split(value))
        return value
    if isinstance(value, (list, tuple)):
        return [named(v, names) for v in value]
    if isinstance(value, dict):
        return {k: named(v, names) for k, v in value.items()}
    return value
