"""Bad logs get a verdict that says what is wrong and where, never an exception."""

from __future__ import annotations

import json

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.log import MAX_ENTRIES, dumps_log
from engine.replay import adjudicate
from tests.engine.replay.conftest import KEY, paper_game


def test_truncated_log_is_not_well_formed_and_says_where_it_stops(db, signed_recorder):
    raw = signed_recorder.dumps()
    verdict = adjudicate(raw[: len(raw) - 200], db=db, key=KEY)
    assert not verdict.well_formed and verdict.problems[0].kind == "json"
    assert "truncated" in verdict.problems[0].message and verdict.exit_code == 4


@pytest.mark.parametrize(
    "raw",
    [b"", b"   ", b"not json", b'{"header": }', b"[1, 2]", b'"text"', b"\xff\xfe\x00", b"[" * 5000 + b"]" * 5000],
    ids=["empty", "blank", "words", "syntax", "list", "string", "binary", "deep"],
)
def test_invalid_json_is_a_verdict_not_an_exception(db, raw):
    verdict = adjudicate(raw, db=db)
    assert not verdict.well_formed and verdict.legal is None and verdict.problems


def test_unknown_format_version_is_named(db, signed_log):
    signed_log["header"]["format"] = "junling-log/9"
    verdict = adjudicate(signed_log, db=db)
    assert not verdict.well_formed and verdict.problems[0].where == "header.format"
    assert "junling-log/9" in verdict.problems[0].message


def test_missing_header_fields_are_each_named(db, signed_log):
    del signed_log["header"]["decks"]
    del signed_log["header"]["randomness"]
    verdict = adjudicate(signed_log, db=db)
    assert {p.where for p in verdict.problems} == {"header.decks", "header.randomness"}


def test_unknown_card_in_a_deck_names_the_card_and_the_deck(db):
    log = paper_game(db)
    log["header"]["decks"][1]["resource"][2] = "不存在的将军"
    verdict = adjudicate(log, db=db)
    assert not verdict.well_formed
    assert verdict.problems[0].where == "header.decks[1]" and "不存在的将军" in verdict.problems[0].message


def test_unknown_card_in_an_entry_is_not_well_formed_at_that_index(db):
    log = paper_game(db)
    log["entries"][3]["action"]["card"] = "不存在的将军"
    verdict = adjudicate(log, db=db)
    assert not verdict.well_formed and verdict.legal is None
    assert (verdict.problems[0].kind, verdict.problems[0].index) == ("card", 3)


def test_unknown_action_type_is_not_well_formed_at_that_index(db):
    log = paper_game(db)
    log["entries"][12]["action"] = {"type": "fly", "card": "邓茂"}
    verdict = adjudicate(log, db=db)
    assert not verdict.well_formed and verdict.problems[0].index == 12 and "fly" in verdict.problems[0].message


def test_entry_that_is_not_an_object_and_unknown_entry_fields_are_named(db):
    log = paper_game(db)
    log["entries"][2] = ["reveal", "邓茂"]
    log["entries"][4]["note"] = "?"
    verdict = adjudicate(log, db=db)
    assert {p.where for p in verdict.problems} == {"entries[2]", "entries[4].note"}


def test_end_entry_that_is_not_the_last_is_not_well_formed(db):
    log = paper_game(db)
    log["entries"].insert(5, {"action": {"type": "end"}})
    verdict = adjudicate(log, db=db)
    assert any(p.where == "entries[5].action" and "last" in p.message for p in verdict.problems)


def test_chained_log_with_an_entry_missing_its_hash_is_broken_there(db, signed_log):
    del signed_log["entries"][7]["hash"]
    verdict = adjudicate(signed_log, db=db)
    assert verdict.chain == "broken" and verdict.problems[0].index == 7


def test_a_hundred_megabyte_file_is_refused_by_its_size_on_the_command_line(tmp_path):
    import subprocess
    import sys

    big = tmp_path / "huge.json"
    with open(big, "wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: reading it whole would be the bug
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(big), "--json"], capture_output=True, text=True, timeout=120
    )
    verdict = json.loads(out.stdout)
    assert (
        out.returncode == 4
        and verdict["problems"][0]["kind"] == "size"
        and "limit" in verdict["problems"][0]["message"]
    )


def test_bytes_over_the_limit_are_refused_before_parsing(db):
    verdict = adjudicate(b"{" + b" " * 2000, db=db, max_bytes=1000)
    assert verdict.problems[0].kind == "size"


def test_a_million_entries_is_refused_with_the_limit_not_a_crash(db, signed_log):
    entry = b'{"action":{"type":"pass"}}'
    raw = b'{"header":' + orjson.dumps(signed_log["header"]) + b',"entries":[' + b",".join([entry] * 1_000_000) + b"]}"
    verdict = adjudicate(raw, db=db)
    assert verdict.entries == 1_000_000 and not verdict.well_formed
    assert verdict.problems[0].kind == "entries" and f"{MAX_ENTRIES:,}" in verdict.problems[0].message


def test_many_bad_entries_list_the_first_twenty_problems_and_count_them_all(db):
    log = paper_game(db)
    log["entries"] = [{"action": {"type": "pass"}, "extra": i} for i in range(50)]
    verdict = adjudicate(log, db=db)
    assert len(verdict.problems) == 20 and verdict.problem_count == 50


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_mutation_of_a_log_gives_a_verdict_never_an_exception(db, signed_recorder, data):
    raw = bytearray(signed_recorder.dumps())
    for _ in range(data.draw(st.integers(1, 5))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    verdict = adjudicate(bytes(raw), db=db, key=KEY)
    assert verdict.problems or verdict.ok  # a change is caught, or landed in insignificant whitespace
    assert isinstance(verdict.to_dict(), dict)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3),
    )
)
def test_any_json_value_in_place_of_an_entry_gives_a_verdict(db, value):
    log = paper_game(db)
    log["entries"][12] = value
    verdict = adjudicate(dumps_log(log) if isinstance(value, dict) else log, db=db)
    assert not verdict.ok or value == paper_game(db)["entries"][12]
