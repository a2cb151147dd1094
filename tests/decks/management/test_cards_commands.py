"""manage.py importcards / exportcards."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from decks.models import CardDatabaseVersion
from engine import cards as engine_cards
from tests.decks.cardfiles import SAMPLE_CARDS, write_json

pytestmark = pytest.mark.django_db
ROOT = str(Path(__file__).resolve().parents[3])


def test_importcards_prints_the_version_card_count_and_hash(tmp_path):
    path = write_json(tmp_path / "sample.json")
    out = io.StringIO()
    call_command("importcards", str(path), stdout=out)
    version = CardDatabaseVersion.objects.get()
    assert f"{version.card_count} cards" in out.getvalue()
    assert version.content_hash in out.getvalue() and version.version in out.getvalue()


def test_importcards_takes_the_database_name_and_version_label(tmp_path):
    path = write_json(tmp_path / "sample.json")
    call_command("importcards", str(path), "--database", "league", "--version", "2026.1", stdout=io.StringIO())
    version = CardDatabaseVersion.objects.get()
    assert (version.database.name, version.version) == ("league", "2026.1")


def test_importcards_prints_every_row_error_and_fails(tmp_path):
    path = write_json(
        tmp_path / "bad.json", [{"name": "坏卡", "type": "人"}, *SAMPLE_CARDS, {"name": "X", "type": "?"}]
    )
    err = io.StringIO()
    with pytest.raises(CommandError) as info:
        call_command("importcards", str(path), stderr=err)
    assert info.value.returncode == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("bad.json, row 1, field 'cost'")
    assert lines[1].startswith(f"bad.json, row {len(SAMPLE_CARDS) + 2}, field 'type'")
    assert CardDatabaseVersion.objects.count() == 0


def test_importcards_error_exit_shows_no_traceback(tmp_path):
    path = write_json(tmp_path / "bad.json", [{"name": "坏卡", "type": "人"}])
    env = {**os.environ, "JUNLING_VAR_DIR": str(tmp_path / "var")}
    result = subprocess.run(
        [sys.executable, "manage.py", "importcards", str(path)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "bad.json, row 1, field 'cost'" in result.stderr


def test_importcards_reports_a_missing_file(tmp_path):
    with pytest.raises(CommandError):
        call_command("importcards", str(tmp_path / "nope.json"), stderr=io.StringIO())


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_exportcards_writes_the_starter_database_by_default_and_round_trips(fmt):
    path = engine_cards.STARTER_FILES[engine_cards.GENERALS_ORDER]
    call_command("importcards", str(path), stdout=io.StringIO())
    out = io.StringIO()
    call_command("exportcards", "--format", fmt, stdout=out)
    exported = engine_cards.load_database(out.getvalue().encode("utf-8"), filename=f"x.{fmt}")
    assert exported.content_hash == CardDatabaseVersion.objects.get().content_hash


def test_exportcards_to_a_file_by_database_and_version(tmp_path):
    call_command("importcards", str(write_json(tmp_path / "a.json", version="7")), stdout=io.StringIO())
    target = tmp_path / "out.csv"
    call_command(
        "exportcards",
        "--format",
        "csv",
        "--database",
        "test-db",
        "--version",
        "7",
        "--output",
        str(target),
        stderr=io.StringIO(),
    )
    assert engine_cards.load_database(target).content_hash == CardDatabaseVersion.objects.get().content_hash


def test_exportcards_names_a_missing_database():
    with pytest.raises(CommandError, match="no stored card database nowhere"):
        call_command("exportcards", "--database", "nowhere")
