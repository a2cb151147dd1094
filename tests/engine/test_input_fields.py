"""The vocabulary of the board games' input files (``engine/<game>/fields.py`` via ``engine.systems``): the site
labels the keys of the calculator's input and of the game-data file with it, never with the raw English keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine.longhu.data as longhu_data
import engine.wenlu.calculator as wenlu_calculator
from engine.messages import catalogue
from engine.systems import System, all_systems, get_system

DATA = Path(__file__).resolve().parent.parent.parent / "engine" / "data"
GAMES = [s for s in all_systems() if s.fields is not None]
ZH = catalogue("zh")


def _keys(value: Any, keyed: frozenset[str], parent: str = "") -> set[str]:
    """The field keys of a JSON document: every object key but those of objects keyed by data (names)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if parent not in keyed:
                out.add(k)
            out |= _keys(v, keyed, k)
    elif isinstance(value, list):
        for v in value:
            out |= _keys(v, keyed, parent)
    return out


def _values(value: Any, key: str) -> set[str]:
    """Every string value of ``key`` anywhere in a JSON document (lists of strings included)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k == key:
                flat = v if isinstance(v, list) else [v]
                for x in flat:
                    rows = x if isinstance(x, list) else [x]
                    out |= {r for r in rows if isinstance(r, str)}
            out |= _values(v, key)
    elif isinstance(value, list):
        for v in value:
            out |= _values(v, key)
    return out


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _files(system: System) -> dict[str, Any]:
    assert system.test_files is not None
    map_file, data_file = system.test_files
    return {
        "calculator": _load(f"battles/{system.id}_example.json"),
        "data": _load(data_file),
        "map": _load(map_file),
    }


def _untranslated(labels: list[str]) -> list[str]:
    return [label for label in labels if ZH.gettext(label) == label]


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_every_key_of_the_example_battle_and_the_bundled_data_file_has_a_label_translated_into_chinese(system):
    files = _files(system)
    for file in ("calculator", "data"):
        labels = system.field_labels(file)
        missing = sorted(_keys(files[file], system.keyed_by_data()) - set(labels))
        assert not missing, f"{system.id} {file}: keys without a label: {missing}"
        assert not _untranslated(list(labels.values())), f"{system.id} {file}: labels without a zh translation"


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_every_value_word_the_bundled_files_use_has_a_label_translated_into_chinese(system):
    files = _files(system)
    values = system.value_labels()
    for key, words in values.items():
        used = set().union(*(_values(doc, key) for doc in files.values()))
        if key == "tags":
            used = {t for region in files["map"]["regions"] for t in region.get("tags", [])}
        unknown = sorted(used - set(words))
        assert not unknown, f"{system.id}.{key}: values without a label: {unknown}"
        assert not _untranslated(list(words.values())), f"{system.id}.{key}: labels without a zh translation"


def test_a_game_without_input_files_has_no_labels_and_the_calculator_games_all_declare_them():
    for system in all_systems():
        assert (system.fields is not None) == (system.battle_calculator is not None or system.game_data is not None)
        if system.fields is None:
            assert system.field_labels("calculator") == {} and system.value_labels() == {}


def test_every_key_the_wenlu_calculator_and_the_longhu_data_reader_accept_has_a_label():
    roads = {"to", "class", "mountain", "enemy", "home"}
    accepted = wenlu_calculator._ROW | wenlu_calculator._TOP | roads
    assert not accepted - set(get_system("wenlu").field_labels("calculator"))
    assert not (longhu_data._TOP | longhu_data._CHAR) - set(get_system("longhu").field_labels("data"))


def _form_keys(system: System) -> set[str]:
    keys: set[str] = set()
    for section in system.calculator_form():
        if section.key:
            keys.add(section.key)
        for item in section.items:
            keys.add(item.key)
            keys |= {f.key for f in getattr(item, "fields", ())}
    return keys


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_every_key_of_the_calculators_form_layout_has_a_label_of_the_game(system):
    assert system.calculator_form(), f"{system.id} declares no calculator form"
    assert _form_keys(system) <= set(system.field_labels("calculator"))


@pytest.mark.parametrize("system", GAMES, ids=lambda s: s.id)
def test_the_calculators_form_layout_covers_every_key_of_the_bundled_example_but_dice_seed_and_note(system):
    example = json.loads((DATA / "battles" / f"{system.id}_example.json").read_text(encoding="utf-8"))
    keyed = frozenset(getattr(__import__(system.fields, fromlist=["KEYED_BY_DATA"]), "KEYED_BY_DATA", ()))
    assert _keys(example, keyed) - {"dice", "seed", "note"} <= _form_keys(system)


def test_the_cards_the_wenlu_form_offers_are_the_cards_its_calculator_reads():
    from engine.wenlu.fields import CARDS_IN_BATTLE

    assert CARDS_IN_BATTLE == wenlu_calculator.CARDS


@pytest.mark.parametrize("system", [s for s in all_systems() if s.has_map and s.engine], ids=lambda s: s.id)
def test_every_board_game_has_a_how_to_play_whose_every_point_cites_a_rule_and_reads_in_chinese(system):
    text = system.how_to_play_text()
    assert len(text) >= 3
    said = [heading for heading, _points in text] + [point for _heading, points in text for point, _rule in points]
    assert [t for t in said if ZH.gettext(t) == t] == []
    rules = [rule for heading, points in text[:-1] for _point, rule in points]  # the last part is about the site
    assert rules and all(rule.startswith("§") for rule in rules)
