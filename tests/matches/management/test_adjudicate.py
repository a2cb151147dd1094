"""``manage.py adjudicate``: the verdict with the site's card databases, key and locked decklists."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from matches.services import adjudication as services
from tests.matches.adjudication_support import recorded_log, starter_version, tournament_game

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("adjudicate", *args, stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_a_log_signed_by_the_site_is_valid_with_the_sites_key_and_database(tmp_path):
    starter_version()
    path = tmp_path / "game.json"
    path.write_bytes(recorded_log(51))
    code, out = run(str(path), "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["signature"] == "valid" and verdict["database"] == "matches" and verdict["ok"]


def test_the_text_verdict_names_the_signature_and_the_result(tmp_path):
    starter_version()
    path = tmp_path / "game.json"
    path.write_bytes(recorded_log(52, key=b"not the site's key"))
    code, out = run(str(path))
    assert code == 3 and "signature: invalid" in out and "Result: player" in out


def test_with_match_the_locked_decklists_are_compared_and_differ_exit_5(tmp_path):
    raw = recorded_log(53)
    _t, match, _g, _o = tournament_game(raw, locked=("wei_starter", "shu_starter"))
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    code, out = run(str(path), "--json", "--match", str(match.pk))
    assert code == 5 and json.loads(out)["decklists"] == "mismatch"


def test_with_match_the_same_decklists_match(tmp_path):
    raw = recorded_log(54)
    _t, match, _g, _o = tournament_game(raw)
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    code, out = run(str(path), "--match", str(match.pk))
    assert code == 0 and "Decklists: match" in out


def test_a_log_naming_an_unknown_database_is_not_well_formed_exit_4(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(recorded_log(55))  # no CardDatabaseVersion stored
    code, out = run(str(path))
    assert code == 4 and "which this site does not have" in out


def test_a_truncated_log_exit_4_with_where(tmp_path):
    starter_version()
    raw = recorded_log(56)
    path = tmp_path / "game.json"
    path.write_bytes(raw[:100])
    code, out = run(str(path))
    assert code == 4 and "truncated" in out


def test_a_log_over_the_upload_limit_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (services.MAX_LOG_UPLOAD_BYTES + 1))
    code, out = run(str(path), "--json")
    assert code == 4 and json.loads(out)["problems"][0]["kind"] == "size"


def test_a_missing_file_or_match_is_a_command_error(tmp_path):
    with pytest.raises(CommandError):
        run(str(tmp_path / "nope.json"))
    path = tmp_path / "game.json"
    path.write_bytes(b"{}")
    with pytest.raises(CommandError):
        run(str(path), "--match", "999999")
