"""Issue 11 point 3: a log that claims a match of this site is compared with that match's stored log, players,
registered decks, card database and recorded result; every difference is listed (page and API), the verdict's
trust follows, and a claim the uploader may not check reveals nothing of the match."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from engine.log import dumps_log, entry_hash, header_hash, load_log
from matches.models import Adjudication, GameLog
from matches.services import adjudication as services
from tests.matches.adjudication_support import recorded_log, tournament_game
from tests.matches.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def claimed_match(*, judges=(), locked=("shu_starter", "wei_starter"), seed=41):
    """A tournament match whose game 1 holds the site's signed log naming that match (as the referee writes it);
    the game's recorded winner is the log's. Returns (match, game, the stored log's bytes)."""
    _tournament, match, game, _organiser = tournament_game(recorded_log(1), judges=judges, locked=locked)
    raw = recorded_log(seed, players=("alice", "bob"), meta={"match": match.pk, "game": 1, "refereed": True})
    log = GameLog.objects.create(
        sha256=hashlib.sha256(raw).hexdigest(), content=raw.decode(), size=len(raw), signed=True, source="refereed"
    )
    game.log = log
    game.winner = "ab"[load_log(raw)["entries"][-1]["action"]["result"]["winner"]]
    game.save()
    return match, game, raw


def unsigned(log: dict) -> bytes:
    """An unsigned copy, rechained: what a forger without the site's key writes."""
    log = copy.deepcopy(log)
    log["header"]["signed"] = False
    log.pop("signature", None)
    prev = header_hash(log["header"])
    for entry in log["entries"]:
        entry.pop("hash", None)
        entry["hash"] = prev = entry_hash(prev, entry)
    return dumps_log(log)


@pytest.fixture
def upload(client, django_capture_on_commit_callbacks):
    """``upload(user, raw)``: the page's upload as ``user`` (the replay runs in-process); the adjudication."""

    def run(user, raw: bytes) -> Adjudication:
        client.force_login(user)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("matches:adjudication-upload"), {"log": SimpleUploadedFile("g.json", raw)})
        assert response.status_code == 302, response.content[:500]
        return Adjudication.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))

    return run


def codes(adjudication: Adjudication) -> list[str]:
    return [d["code"] for d in adjudication.verdict["record"]["differences"]]


def test_the_stored_log_itself_matches_the_record(upload):
    judge = UserFactory()
    match, game, raw = claimed_match(judges=[judge])
    a = upload(judge, raw)
    record = a.verdict["record"]
    assert a.match_id == match.pk and a.game_id is None  # the claimed match's, never a ruling on its game
    assert record["status"] == "matches" and record["differences"] == [] and record["game"] == 1
    assert record["stored"] == game.log.sha256
    assert a.verdict["trust"] == "matches record" and a.ok


def test_an_unsigned_forgery_where_the_other_player_wins_lists_every_difference(upload):
    judge = UserFactory()
    _match, _game, raw = claimed_match(judges=[judge])
    log = load_log(raw)
    end = log["entries"][-1]
    end["action"]["result"]["winner"] ^= 1
    a = upload(judge, unsigned(log))
    found = codes(a)
    assert a.verdict["trust"] == "differs from record" and not a.ok
    assert "record.result_recorded" in found  # against the site's recorded result
    assert "record.result_differs" in found  # against the stored log's end
    assert "record.entry_differs" in found and "record.signature_differs" in found
    wheres = [d["where"] for d in a.verdict["record"]["differences"]]
    assert "header.signed" in wheres and f"entries[{len(log['entries']) - 1}]" in wheres


def test_a_player_who_is_not_in_the_match_is_listed(upload):
    judge = UserFactory()
    _match, _game, raw = claimed_match(judges=[judge])
    log = load_log(raw)
    log["header"]["players"][1]["name"] = "mallory"
    a = upload(judge, unsigned(log))
    player = [d for d in a.verdict["record"]["differences"] if d["code"] == "record.player_not_in_match"]
    assert player and player[0]["params"]["name"] == "mallory" and "bob" in player[0]["params"]["players"]


def test_decks_other_than_the_registered_ones_are_listed(upload):
    judge = UserFactory()
    # The stored game was played with 蜀 against 魏, but player B registered 蜀 as well.
    _match, _game, raw = claimed_match(judges=[judge], locked=("shu_starter", "shu_starter"))
    a = upload(judge, raw)
    record = a.verdict["record"]
    assert record["status"] == "differs" and a.verdict["trust"] == "differs from record"
    assert [d["kind"] for d in record["differences"]] == ["decklist"] * len(record["differences"])
    assert any(d["where"].startswith("header.decks[1]") for d in record["differences"])


def test_a_game_without_a_stored_log_is_listed(upload):
    judge = UserFactory()
    match, _game, _raw = claimed_match(judges=[judge])
    raw = recorded_log(43, players=("alice", "bob"), meta={"match": match.pk, "game": 2})
    a = upload(judge, raw)
    assert codes(a) == ["record.no_stored_log"]
    assert a.verdict["record"]["status"] == "differs" and not a.ok


def test_a_claim_of_no_such_match_says_so_and_compares_nothing(upload):
    judge = UserFactory()
    claimed_match(judges=[judge])
    a = upload(judge, recorded_log(44, meta={"match": 987654, "game": 1}))
    record = a.verdict["record"]
    assert record["status"] == "not compared" and codes(a) == ["record.unknown_match"]
    assert a.match_id is None and record["stored"] == ""
    assert a.verdict["trust"] == "authentic"  # signed by this site, but not checked against the record


def test_a_claim_the_uploader_may_not_check_reveals_nothing_of_the_match(upload):
    """A judge of another tournament: the same answer as for no such match; nothing of the stored log is read."""
    outsider = UserFactory()
    claimed_match(judges=[UserFactory()])
    TournamentFactory(judges=[outsider])  # a judge elsewhere: he may upload loose logs
    match, game, raw = claimed_match(judges=[UserFactory()], seed=45)
    log = load_log(raw)
    stored_entries = [json.dumps(e["action"], ensure_ascii=False) for e in log["entries"]]
    log["entries"][-1]["action"]["result"]["winner"] ^= 1
    del log["entries"][5:-1]
    a = upload(outsider, unsigned(log))
    record = a.verdict["record"]
    assert record["status"] == "not compared" and codes(a) == ["record.unknown_match"]
    assert record["differences"][0]["params"] == {"match": match.pk}
    assert a.match_id is None and a.tournament_id is None
    text = json.dumps(a.verdict, ensure_ascii=False)
    assert game.log.sha256 not in text
    # The entries the forgery left out appear nowhere in what the outsider sees.
    hidden = [e for e in stored_entries[5:-1] if '"reveal"' in e]
    assert hidden and not any(e in text for e in hidden)
    assert a.verdict["trust"] != "matches record"


def test_the_page_lists_the_differences_in_chinese(upload, client):
    judge = UserFactory()
    _match, _game, raw = claimed_match(judges=[judge])
    log = load_log(raw)
    log["entries"][-1]["action"]["result"]["winner"] ^= 1
    a = upload(judge, unsigned(log))
    client.force_login(judge)
    html = client.get(reverse("matches:adjudication-detail", args=[a.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    text = html.content.decode()
    assert 'id="record-differences"' in text and 'id="v-differs"' in text
    assert "与存档记录不一致" in text and "存档日志" in text
    assert "the stored log" not in text


def test_the_api_answers_the_record_and_only_to_those_who_may_see_it(client):
    judge = UserFactory()
    match, _game, raw = claimed_match(judges=[judge])
    client.force_login(judge)
    response = client.post(reverse("matches:api-adjudication-upload"), {"log": SimpleUploadedFile("g.json", raw)})
    assert response.status_code == 201
    body = response.json()
    assert body["match"] == match.pk
    services.run_adjudication(body["id"])  # no broker in this test: run the replay here
    answer = client.get(reverse("matches:api-adjudication", args=[body["id"]])).json()
    assert answer["trust"] == "matches record" and answer["verdict"]["record"]["status"] == "matches"
    outsider = UserFactory()
    TournamentFactory(judges=[outsider])
    client.force_login(outsider)
    assert client.get(reverse("matches:api-adjudication", args=[body["id"]])).status_code == 404
    player = UserFactory()
    client.force_login(player)
    refused = client.post(reverse("matches:api-adjudication-upload"), {"log": SimpleUploadedFile("g.json", raw)})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "adjudication.not_judge"


def test_a_conceded_game_matches_the_result_the_site_recorded(upload):
    """The rules give a conceded game no winner; the header says who conceded, and the opponent won."""
    from engine.cards import starter_database
    from engine.game import Game
    from engine.game.bots import RandomBot
    from engine.game.cli import load_deck
    from engine.game.terms import CHANCE
    from engine.log import Recorder
    from junling.signing import log_signing_key

    judge = UserFactory()
    match, game, _raw = claimed_match(judges=[judge])
    state = Game(starter_database()).new_initial_state(load_deck("shu_starter"), load_deck("wei_starter"), seed=5)
    meta = {"match": match.pk, "game": 1, "refereed": True, "conceded_by": 0}
    rec = Recorder(state, players=["alice", "bob"], key=log_signing_key(), meta=meta)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(20):
        current = state.current_player()
        rec.apply(state.sample_chance() if current == CHANCE else bots[current].choose(state))
    rec.finish()
    raw = rec.dumps()
    stored = GameLog.objects.create(sha256=hashlib.sha256(raw).hexdigest(), content=raw.decode(), size=len(raw))
    game.log, game.winner = stored, "b"
    game.save()
    a = upload(judge, raw)
    assert a.verdict["record"]["status"] == "matches" and a.verdict["trust"] == "matches record"
    game.winner = "a"
    game.save()
    a.delete()  # (a stored verdict is reused for the same log and claim) compare again, now with A recorded
    again = upload(judge, raw)
    assert codes(again) == ["record.result_recorded"]


def test_a_games_own_log_is_not_compared_with_itself_so_its_replay_can_correct_the_result(
    django_capture_on_commit_callbacks,
):
    """Replaying a tournament sets an unruled game's result from its authentic, legal log: a recorded result
    that differs from the log's must not make that log read as differing from the record."""
    judge = UserFactory()
    _match, game, _raw = claimed_match(judges=[judge])
    game.winner = "b" if game.winner == "a" else "a"
    game.save()
    with django_capture_on_commit_callbacks(execute=True):
        a = services.adjudicate_game(judge, game)
    a.refresh_from_db()
    assert a.verdict["record"] is None and a.verdict["trust"] == "authentic" and a.ok
