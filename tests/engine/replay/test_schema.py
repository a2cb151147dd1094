"""engine/data/log-schema.json: a valid draft 2020-12 schema that accepts every log the recorder writes."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from engine.cards import DATA_DIR
from engine.game.actions import ACTION_KINDS, action_fields
from engine.log import END, load_log
from tests.engine.replay.conftest import KEY, paper_game, record

SCHEMA = json.loads((DATA_DIR / "log-schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


def test_the_log_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize(
    ("seed", "options"),
    [(21, {}), (22, {"key": KEY}), (23, {"state_hash_every": 1}), (24, {"key": KEY, "players": ["甲", "乙"]})],
)
def test_the_schema_accepts_every_log_the_recorder_writes(db, decks, seed, options):
    log = load_log(record(db, decks, seed, **options).dumps())
    assert list(VALIDATOR.iter_errors(log)) == []


def test_the_schema_accepts_the_hand_written_transcribed_log(db):
    assert list(VALIDATOR.iter_errors(paper_game(db))) == []


def _broken(log: dict, change: str) -> dict:
    if change == "no header":
        del log["header"]
    elif change == "unknown action":
        log["entries"][3]["action"] = {"type": "fly"}
    elif change == "short hash":
        log["entries"][3]["hash"] = "abc"
    elif change == "extra entry field":
        log["entries"][3]["comment"] = "x"
    elif change == "three players":
        log["header"]["players"].append({"name": "C"})
    elif change == "wrong version":
        log["header"]["format"] = "junling-log/2"
    elif change == "move to enemy fortress":
        log["entries"][3]["action"] = {"type": "move", "general": "关羽", "to": "enemy_fortress"}
    elif change == "negative seed":
        log["entries"][-1]["action"]["seed"] = -1
    return log


@pytest.mark.parametrize(
    "change",
    [
        "no header",
        "unknown action",
        "short hash",
        "extra entry field",
        "three players",
        "wrong version",
        "move to enemy fortress",
        "negative seed",
    ],
)
def test_the_schema_rejects_a_broken_log(signed_log, change):
    assert list(VALIDATOR.iter_errors(_broken(signed_log, change)))


def test_the_schema_has_one_branch_per_declared_action_kind_with_its_fields():
    branches = {b["properties"]["type"]["const"]: b for b in SCHEMA["$defs"]["action"]["oneOf"]}
    assert set(branches) - {END} == set(ACTION_KINDS)
    for kind in ACTION_KINDS:
        fields = action_fields(kind)
        assert set(branches[kind]["properties"]) == {"type", *(f.name for f in fields)}, kind
        assert set(branches[kind].get("required", ())) == {"type", *(f.name for f in fields if f.required)}, kind
