"""Reading a log's bytes and JSON (engine/log/reading.py)."""

from __future__ import annotations

import pytest

from engine.log import (
    MAX_LOG_BYTES,
    LogFormatError,
    load_log,
    read_log_bytes,
)
from tests.engine.replay.conftest import record


def test_read_log_bytes_refuses_a_file_over_the_limit_from_its_size(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_LOG_BYTES + 1)  # sparse: nothing is written, nothing should be read
    with pytest.raises(LogFormatError) as err:
        read_log_bytes(big)
    assert err.value.kind == "size" and "limit" in str(err.value)


def test_load_log_says_where_truncated_json_ends(db, decks):
    raw = record(db, decks, 12).dumps()
    with pytest.raises(LogFormatError) as err:
        load_log(raw[: len(raw) // 2])
    assert err.value.kind == "json" and "line" in str(err.value)


def test_a_log_that_cannot_be_read_says_why_as_a_code_with_params_and_in_english():
    with pytest.raises(LogFormatError) as err:
        load_log(b"[1]")
    assert err.value.said.code == "log.not_object" and err.value.said.params == {"type": "list"}
    assert str(err.value) == "a log is a JSON object, not list" == err.value.message


def test_a_log_error_reads_in_chinese_from_the_engines_catalogue():
    from engine.messages import render

    with pytest.raises(LogFormatError) as err:
        load_log(b"   ")
    assert render(err.value.said, "zh") == "记录为空" and str(err.value) == "the log is empty"


def test_the_verdict_on_an_unreadable_log_keeps_the_code_of_why():
    from engine.cards import starter_database
    from engine.replay import adjudicate

    problem = adjudicate(b"[1]", db=starter_database()).to_dict()["problems"][0]
    assert problem["code"] == "log.not_object" and problem["message"] == "a log is a JSON object, not list"
