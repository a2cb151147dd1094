"""manage.py checkdeck: python -m engine checkdeck against the site's formats and card databases."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from decks.models import DeckVersion
from engine.decklist import parse_decklist
from engine.deckrules import check_deck
from engine.deckrules.cli import render
from tests.decks.factories import BAD_DECKLISTS, legal_text

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("checkdeck", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = int(exc.code)
    return code, out.getvalue(), err.getvalue()


def test_a_legal_deck_exits_0_with_the_engines_report(fmt, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(legal_text(), encoding="utf-8")
    code, out, _err = run(str(path), "--format", fmt.name)
    version = fmt.card_database_versions.get()
    expected = render(
        check_deck(parse_decklist(legal_text()), version.to_engine(), fmt.to_engine()),
        fmt.to_engine(),
        version.to_engine(),
    )
    assert code == 0
    assert out.strip() == expected.strip()
    assert not DeckVersion.objects.exists()


def test_an_illegal_deck_exits_1_and_json_lists_the_violations(fmt, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(legal_text(extra="1 关羽"), encoding="utf-8")
    code, out, _err = run(str(path), "--format", fmt.name, "--json")
    doc = json.loads(out)
    assert code == 1 and doc["legal"] is False and doc["format"] == fmt.name
    assert "too-many-copies" in {v["code"] for v in doc["violations"]}


@pytest.mark.parametrize("kind", ["empty", "binary", "zero-count", "hundred-thousand-lines"])
def test_an_unreadable_decklist_exits_2_with_the_reason(fmt, tmp_path, kind):
    path = tmp_path / "deck.txt"
    path.write_bytes(BAD_DECKLISTS[kind])
    code, out, _err = run(str(path), "--format", fmt.name, "--json")
    assert code == 2 and json.loads(out)["error"]


def test_an_unknown_format_exits_2(fmt, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(legal_text(), encoding="utf-8")
    code, _out, err = run(str(path), "--format", "no-such-format")
    assert code == 2 and "no-such-format" in err


def test_a_missing_file_exits_2(fmt, tmp_path):
    code, _out, err = run(str(tmp_path / "missing.txt"), "--format", fmt.name)
    assert code == 2 and "cannot read" in err
