"""``python -m engine checkdeck``: JSON output and exit codes, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import dump_json
from engine.decklist import format_decklist
from tests.engine.deckrules.conftest import go_db, sgz_db, sgz_deck, shu_deck

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "checkdeck", *args],
        cwd=ROOT,
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return proc


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(dump_json(go_db()), encoding="utf-8")
    return path


def test_checkdeck_json_of_a_legal_deck_exits_0(tmp_path, database):
    deck = tmp_path / "shu.txt"
    deck.write_text(format_decklist(shu_deck(40)), encoding="utf-8")
    proc = run(str(deck), "--database", str(database), "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["legal"] is True and doc["violations"] == [] and doc["count"] == 40
    assert doc["format"] == "generals-order-standard" and doc["hand_limit"] == 10 and doc["factions"] == ["蜀"]


def test_checkdeck_json_of_an_illegal_deck_exits_1_with_every_violation(tmp_path, database):
    deck = tmp_path / "bad.txt"
    deck.write_text("势力: 吴\n4 关羽\n", encoding="utf-8")
    proc = run(str(deck), "--database", str(database), "--json")
    assert proc.returncode == 1, proc.stderr
    codes = {v["code"] for v in json.loads(proc.stdout)["violations"]}
    assert codes == {"deck-size", "too-many-copies", "undeclared-faction", "extra-declared-faction"}


def test_checkdeck_parse_error_exits_2_and_names_the_line(tmp_path, database):
    deck = tmp_path / "broken.txt"
    deck.write_text("3 关羽\n0 曹操\n", encoding="utf-8")
    proc = run(str(deck), "--database", str(database))
    assert proc.returncode == 2
    assert "line 2" in proc.stderr and "Traceback" not in proc.stderr
    proc = run(str(deck), "--database", str(database), "--json")
    assert proc.returncode == 2 and json.loads(proc.stdout)["line"] == 2


def test_checkdeck_reads_stdin_for_dash_with_the_bundled_starter_database():
    proc = run("-", "--json", stdin="势力: 蜀\n3 关羽\n".encode())
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["count"] == 3 and [v["code"] for v in doc["violations"]] == ["deck-size"]


def test_checkdeck_plain_output_lists_verdict_violations_and_facts_in_chinese(tmp_path, database):
    deck = tmp_path / "shu.txt"
    deck.write_text(format_decklist(shu_deck(39)), encoding="utf-8")
    proc = run(str(deck), "--database", str(database), "--lang", "zh")
    assert proc.returncode == 1
    assert proc.stdout.startswith("不合法")
    assert "[deck-size]" in proc.stdout and "资源卡组有 39 张卡" in proc.stdout and "手牌上限: 10" in proc.stdout


def test_checkdeck_unknown_format_is_refused_by_the_argument_parser(tmp_path):
    proc = run("-", "--format", "nope", stdin="1 关羽\n".encode())
    assert proc.returncode == 2 and "nope" in proc.stderr


def test_checkdeck_missing_file_exits_2_with_a_message(tmp_path):
    proc = run(str(tmp_path / "missing.txt"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr and "Traceback" not in proc.stderr


def test_checkdeck_without_format_uses_the_default_format_of_the_database_game(tmp_path):
    path = tmp_path / "sgz.json"
    path.write_text(dump_json(sgz_db()), encoding="utf-8")
    deck = tmp_path / "sgz.txt"
    deck.write_text(format_decklist(sgz_deck(50, events=2)), encoding="utf-8")
    proc = run(str(deck), "--database", str(path), "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["format"] == "sanguo-zhi-standard" and doc["hand_limit"] == 7 and doc["count"] == 50


def test_checkdeck_says_why_a_decklist_cannot_be_read_in_the_language_asked_for(tmp_path):
    deck = tmp_path / "bad.txt"
    deck.write_text("3 关羽\n0 张飞\n", encoding="utf-8")
    zh = run(str(deck), "--lang", "zh")
    assert zh.returncode == 2 and f"{deck}，第 2 行：数量 0 超出范围（1 到 99）" in zh.stderr
    en = run(str(deck))
    assert en.returncode == 2 and f"{deck}, line 2: the count 0 is out of range (1 to 99)" in en.stderr
