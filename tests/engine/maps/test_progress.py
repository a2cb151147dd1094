"""A long map or data check reports its progress (issue 29 item 8): rows checked, every PROGRESS_EVERY rows, and
the same result as without a listener."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.maps import PROGRESS_EVERY, count_rows, parse_map

DATA = Path(__file__).resolve().parent.parent.parent.parent / "engine" / "data"


def _large_map(extra: int) -> dict[str, Any]:
    data = json.loads((DATA / "longhu_test_map.json").read_text(encoding="utf-8"))
    first = data["regions"][0]["id"]
    for i in range(extra):
        data["regions"].append({"id": f"R{i}", "name": f"R{i}", "production": 1})
        data["borders"].append({"a": f"R{i - 1}" if i else first, "b": f"R{i}", "terrain": "plain"})
    return data


def test_parse_map_tells_its_listener_the_rows_checked_every_hundred_rows():
    seen: list[int] = []
    data = _large_map(400)
    parsed = parse_map(data, seen.append)
    assert len(seen) >= 8 and seen == [PROGRESS_EVERY * (i + 1) for i in range(len(seen))]
    assert parsed.hash == parse_map(data).hash


def test_count_rows_counts_the_lists_of_the_top_level_and_of_its_objects():
    data = _large_map(10)
    assert count_rows(data) == len(data["regions"]) + len(data["borders"]) + sum(
        len(v) for v in data["setups"].values() if isinstance(v, list)
    )
    assert count_rows([1, 2, 3]) == 0
