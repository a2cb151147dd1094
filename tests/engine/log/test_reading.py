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
