"""The game data file (docs/longhu.md "Game data"): checked as a whole against its map."""

from __future__ import annotations

import json

import pytest

from engine.longhu.data import DataError, parse_data
from engine.maps import load_map
from tests.engine.longhu.conftest import DATA, MAP


def raw():
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_the_test_data_is_labelled_and_its_hash_covers_the_map(game):
    assert "NOT the publisher" in game.data.note
    assert game.data.hash.startswith("sha256:") and game.data.map.hash != game.data.hash


def test_every_bad_row_is_reported_at_once():
    data = raw()
    data["characters"][0]["valour"] = -1
    data["characters"][1]["ability"] = "flight"
    data["characters"].append({"name": "曹操"})
    data["countries"][0]["warlord"] = "无名"
    data["strategy"] = [1, 2, 3]
    data["fate"]["grid"][0][0] = "plague"
    data["fate"]["start"] = [9, 9]
    data["barbarian_table"][2] = "大海"
    data["round_end"][0]["kind"] = "vanish"
    data["attrition"][1]["up_to"] = 1
    data["extra"] = 1
    with pytest.raises(DataError) as err:
        parse_data(data, load_map(MAP))
    where = {p.where for p in err.value.problems}
    assert {
        "data.extra",
        "characters[0].valour",
        "characters[1].ability",
        "countries[0].warlord",
        "strategy",
        "fate.grid[0][0]",
        "fate.start",
        "barbarian_table[2]",
        "round_end[0].kind",
        "attrition[1].up_to",
    } <= where
    assert any(p.why.startswith("duplicate character") for p in err.value.problems)
    assert isinstance(err.value, ValueError)


def test_data_for_another_map_is_refused():
    data = raw()
    data["map"] = "other-map"
    with pytest.raises(DataError, match="names map"):
        parse_data(data, load_map(MAP))


def test_attrition_table_rows_and_navy_column(game):
    assert game.data.attrition_loss(5, navy=False) == 1
    assert game.data.attrition_loss(9, navy=False) == 2
    assert game.data.attrition_loss(10, navy=True) == 1
    assert game.data.attrition_loss(1, navy=False) == 1  # never more than what crosses
