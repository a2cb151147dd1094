"""Issue 29 point 1: each kind of forged log given to both games' judges (the card game's adjudication and the
board games' ``/tables/judge/``) is caught, and the trust line says it the same way (``engine.replay.verdict.
trust_of``): the signature stripped (the header still says signed), the same unsigned and re-chained, every hash
removed, the players swapped and re-chained, and a self-made game with its own seed and salt under a header copied
from a real game. An unsigned log that claims no stored game is "unverified", never "every entry is legal" alone.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from engine.log import dumps_log, entry_hash, header_hash, load_log, sign
from junling.signing import log_signing_key
from tables import services
from tables.models import Table
from tests.matches.adjudication_support import recorded_log
from tests.matches.factories import TournamentFactory, UserFactory
from tests.matches.services.test_records import claimed_match, upload  # noqa: F401 (the page's upload fixture)
from tests.tables.conftest import play_to_the_end, two_side_table

pytestmark = pytest.mark.django_db(transaction=True)

Log = dict[str, Any]


def rechained(log: Log, *, sign_it: bool = False) -> Log:
    """Every entry's hash computed again from the (changed) header: what a forger does; signed with the site's key
    only when ``sign_it`` (a forger has no key: he keeps the old signature or drops it)."""
    log = copy.deepcopy(log)
    prev = header_hash(log["header"])
    for entry in log["entries"]:
        entry.pop("hash", None)
        entry["hash"] = prev = entry_hash(prev, entry)
    if sign_it:
        log["signature"] = sign(log_signing_key(), prev)
    return log


def signature_stripped(log: Log, _other: Log) -> Log:
    log = copy.deepcopy(log)
    del log["signature"]  # the header still says "signed": true
    return log


def unsigned_rechained(log: Log, _other: Log) -> Log:
    log = copy.deepcopy(log)
    log["header"]["signed"] = False
    del log["signature"]
    return rechained(log)


def hashes_removed(log: Log, _other: Log) -> Log:
    log = copy.deepcopy(log)
    for entry in log["entries"]:
        entry.pop("hash", None)
    return log


def players_swapped(log: Log, _other: Log) -> Log:
    log = copy.deepcopy(log)
    players = log["header"]["players"]
    players[0]["name"], players[1]["name"] = players[1]["name"], players[0]["name"]
    return rechained(log)  # the old signature kept


def self_made_game(log: Log, other: Log) -> Log:
    """Another game, with its own seed and salt in its end entry, under the real game's header and signature."""
    forged = {"header": copy.deepcopy(log["header"]), "entries": copy.deepcopy(other["entries"])}
    forged["signature"] = log["signature"]
    return rechained(forged)


FORGERIES: dict[str, tuple[Callable[[Log, Log], Log], str]] = {
    "signature_stripped": (signature_stripped, "tampered"),
    "unsigned_rechained": (unsigned_rechained, "differs from record"),
    "hashes_removed": (hashes_removed, "tampered"),
    "players_swapped": (players_swapped, "tampered"),
    "self_made_game": (self_made_game, "tampered"),
}


@pytest.fixture
def judge():
    user = UserFactory(username="judy")
    TournamentFactory(judges=[user])  # a judge of an event replays board-game logs
    return user


def finished_table(first: str, second: str) -> Table:
    table = two_side_table(UserFactory(username=first), UserFactory(username=second))
    return play_to_the_end(table, random.Random(9))


def card_game_trust(upload, judge, forge: Callable[[Log, Log], Log]) -> tuple[str, bool]:  # noqa: F811
    _match, _game, raw = claimed_match(judges=[judge])
    real = load_log(raw)
    other = load_log(recorded_log(77, players=("alice", "bob"), meta=real["header"]["meta"]))
    adjudication = upload(judge, dumps_log(forge(real, other)))
    return adjudication.verdict["trust"], adjudication.ok


def board_game_trust(judge, forge: Callable[[Log, Log], Log]) -> tuple[str, bool, services.Verdict]:
    real_table = finished_table("tia", "tom")
    other_table = finished_table("uma", "ugo")
    real, other = json.loads(real_table.log), json.loads(other_table.log)
    assert real["entries"][-1]["action"]["seed"] != other["entries"][-1]["action"]["seed"]
    verdict = services.judge_log(judge, dumps_log(forge(real, other)))
    return verdict.trust, verdict.ok, verdict


@pytest.mark.parametrize("kind", sorted(FORGERIES))
def test_each_forgery_is_caught_by_both_judges_and_said_the_same_way(upload, judge, kind):  # noqa: F811
    forge, expected = FORGERIES[kind]
    card_trust, card_ok = card_game_trust(upload, judge, forge)
    board_trust, board_ok, _verdict = board_game_trust(judge, forge)
    assert (card_trust, card_ok) == (expected, False)
    assert (board_trust, board_ok) == (expected, False)


def test_the_real_logs_stand_with_both_judges_as_matching_their_records(upload, judge):  # noqa: F811
    card_trust, card_ok = card_game_trust(upload, judge, lambda log, _other: log)
    board_trust, board_ok, verdict = board_game_trust(judge, lambda log, _other: log)
    assert (card_trust, card_ok) == ("matches record", True)
    assert (board_trust, board_ok) == ("matches record", True)
    assert verdict.record is not None and verdict.record["differences"] == []


def test_an_unsigned_board_game_log_claiming_no_table_is_unverified_and_the_page_says_so_in_chinese(judge):
    table = finished_table("tia", "tom")
    log = json.loads(table.log)
    log["header"]["signed"] = False
    del log["signature"]
    del log["header"]["meta"]
    forged = dumps_log(rechained(log))
    verdict = services.judge_log(judge, forged)
    assert verdict.legal and verdict.trust == "unverified" and not verdict.ok and verdict.record is None
    assert (verdict.signature, verdict.chain, verdict.seed) == ("unsigned", "valid", "matches")
    client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
    client.force_login(judge)
    page = client.post("/tables/judge/", {"log": SimpleUploadedFile("log.json", forged)}).content.decode()
    assert 'id="v-unverified"' in page and "每一条都合法" in page
    assert "unverified" not in page.replace('id="v-unverified"', "")


def test_a_stripped_signature_is_named_among_the_board_game_verdicts_problems(judge):
    _trust, _ok, verdict = board_game_trust(judge, signature_stripped)
    assert verdict.signature == "invalid" and "signature_missing" in verdict.problems


def test_a_board_game_log_without_hashes_breaks_the_chain_at_its_first_entry(judge):
    _trust, _ok, verdict = board_game_trust(judge, hashes_removed)
    assert verdict.chain == "broken" and "entry_without_hash" in verdict.problems


def test_a_self_made_board_game_under_a_copied_header_fails_the_seed_commitment_and_differs_from_the_table(judge):
    _trust, _ok, verdict = board_game_trust(judge, self_made_game)
    assert verdict.seed == "mismatch" and "commitment" in verdict.problems
    assert verdict.record is not None and verdict.record["status"] == "differs"
    assert any(d["where"] == "result" or d["where"].startswith("entries[") for d in verdict.record["differences"])


def test_a_swapped_players_board_game_log_lists_the_names_against_the_stored_table(judge):
    _trust, _ok, verdict = board_game_trust(judge, players_swapped)
    assert verdict.record is not None
    wheres = [d["where"] for d in verdict.record["differences"]]
    assert "header.players[0].name" in wheres and "header.players[1].name" in wheres
