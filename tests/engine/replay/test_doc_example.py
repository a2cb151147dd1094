"""docs/log-format.md's complete example log replays to the result it claims, and ``python -m engine
dbhash`` prints the hash a judge puts in a header."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from engine.cards import starter_database
from engine.replay import adjudicate

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "log-format.md"


def doc_example() -> dict:
    """The first ```json block of the doc that is a whole log."""
    for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        data = json.loads(block)
        if isinstance(data, dict) and "header" in data and "entries" in data:
            return data
    raise AssertionError("docs/log-format.md has no complete example log")


def dbhash(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "dbhash", *args], capture_output=True, text=True, timeout=120
    )


def test_the_doc_example_log_replays_legally_to_the_result_it_claims():
    log = doc_example()
    db = starter_database()
    verdict = adjudicate(log, db=db)
    assert verdict.database == "matches", "the example's hash is stale: put `python -m engine dbhash` in the doc"
    assert verdict.well_formed and verdict.legal and verdict.problems == (), verdict.problems
    assert verdict.result.finished and verdict.result.winner == 1
    assert verdict.result.termination == log["entries"][-1]["action"]["result"]["termination"] == "cannot_pay_upkeep"


def test_dbhash_prints_the_header_member_a_judge_writes():
    out = dbhash()
    assert out.returncode == 0, out.stderr
    member = json.loads(out.stdout)["database"]
    db = starter_database()
    assert member == {"hash": db.content_hash, "name": db.name, "version": db.version}
    assert doc_example()["header"]["database"] == member


def test_dbhash_of_a_file_alone_and_of_a_missing_file(tmp_path):
    out = dbhash("--hash", str(ROOT / "engine" / "data" / "sanguo_zhi_starter.json"))
    assert out.returncode == 0 and out.stdout.strip() == starter_database("sanguo-zhi").content_hash
    assert re.fullmatch(r"[0-9a-f]{64}", out.stdout.strip())
    missing = dbhash(str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "nope.json" in missing.stderr and not missing.stdout
