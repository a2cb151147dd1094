"""Adjudication pages: bad logs through the upload page get a verdict or a clear refusal (never a 500), the
report, the progress partial, the step-through viewer, rulings, and who may see what."""

from __future__ import annotations

import copy
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from engine.log import dumps_log, entry_hash, header_hash, sign
from matches.models import Adjudication, GameLog
from matches.services import adjudication as services
from tests.matches.adjudication_support import parsed, recorded_log, starter_version, tournament_game
from tests.matches.factories import FormatFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge_client(client, any_judge):
    client.force_login(any_judge)
    return client


@pytest.fixture
def upload(judge_client, django_capture_on_commit_callbacks):
    """Upload bytes through the page (the replay task runs in-process on commit); the response, followed."""

    def run(raw: bytes, name: str = "game.json"):
        with django_capture_on_commit_callbacks(execute=True):
            response = judge_client.post(reverse("matches:adjudication-upload"), {"log": SimpleUploadedFile(name, raw)})
        if response.status_code == 302:
            return judge_client.get(response["Location"])
        return response

    return run


def resigned(log: dict) -> bytes:
    """Rechain and sign with the site's key: what the site itself would have written."""
    log = copy.deepcopy(log)
    prev = header_hash(log["header"])
    for entry in log["entries"]:
        entry.pop("hash", None)
        entry["hash"] = prev = entry_hash(prev, entry)
    log["signature"] = sign(services.log_signing_key(), prev)
    return dumps_log(log)


def verdict_of(response) -> dict:
    return response.context["a"].verdict


def test_a_good_log_gets_a_report_saying_authentic_and_legal(upload):
    response = upload(recorded_log(31))
    assert response.status_code == 200
    verdict = verdict_of(response)
    assert verdict["ok"] and verdict["signature"] == "valid"
    assert 'id="step-through"' in response.content.decode()


def test_a_truncated_log_gets_a_verdict_saying_where_it_ends(upload):
    raw = recorded_log(32)
    response = upload(raw[: len(raw) // 2])
    assert response.status_code == 200
    problem = verdict_of(response)["problems"][0]
    assert problem["kind"] == "json" and "truncated" in problem["message"]
    assert "truncated" in response.content.decode()


def test_invalid_json_gets_a_verdict_with_line_and_column(upload):
    response = upload(b'{"header": {"format": "junling-log/1",,}}')
    problem = verdict_of(response)["problems"][0]
    assert problem["kind"] == "json" and "line 1, column" in problem["message"]


def test_an_unknown_log_format_version_is_named_in_the_verdict(upload):
    log = parsed(recorded_log(33))
    log["header"]["format"] = "junling-log/9"
    response = upload(dumps_log(log))
    problem = verdict_of(response)["problems"][0]
    assert problem["where"] == "header.format" and "junling-log/9" in problem["message"]


def test_an_unknown_card_in_an_entry_is_named_with_its_entry(upload):
    log = parsed(recorded_log(34))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "recruit")
    log["entries"][i]["action"]["card"] = "不存在的武将"
    response = upload(resigned(log))
    verdict = verdict_of(response)
    problem = verdict["problems"][0]
    assert problem["kind"] == "card" and problem["index"] == i and "不存在的武将" in problem["message"]
    assert verdict["well_formed"] is False


def test_entries_out_of_order_break_the_chain_where_they_were_swapped(upload):
    log = parsed(recorded_log(35))
    log["entries"][5], log["entries"][6] = log["entries"][6], log["entries"][5]
    verdict = verdict_of(upload(dumps_log(log)))
    assert verdict["chain"] == "broken" and verdict["authentic"] is False
    assert any(p["where"] == "entries[5].n" for p in verdict["problems"])


def test_a_tampered_entry_breaks_the_hash_chain_at_that_entry(upload):
    log = parsed(recorded_log(36))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "move")
    log["entries"][i]["action"]["to"] = "fortress" if log["entries"][i]["action"]["to"] != "fortress" else "border"
    verdict = verdict_of(upload(dumps_log(log)))
    assert verdict["chain"] == "broken" and verdict["ok"] is False
    assert any(p["kind"] == "chain" and p["index"] == i for p in verdict["problems"])


def test_a_hundred_megabyte_upload_is_refused_with_the_limit(upload):
    response = upload(b" " * (100 * 1024 * 1024))
    assert response.status_code == 413
    text = response.content.decode()
    assert f"{services.MAX_LOG_UPLOAD_BYTES:,}" in text and "104,857," in text  # the limit and the size
    assert not GameLog.objects.exists()


def test_an_upload_just_over_the_limit_is_refused(upload):
    response = upload(b" " * (services.MAX_LOG_UPLOAD_BYTES + 1))
    assert response.status_code == 413 and not GameLog.objects.exists()


def test_a_million_entries_get_a_verdict_naming_the_entry_limit(upload):
    log = parsed(recorded_log(37))
    head = dumps_log({"header": log["header"], "entries": []})
    raw = head.replace(b'"entries":[]', b'"entries":[' + b",".join([b"{}"] * 1_000_000) + b"]")
    verdict = verdict_of(upload(raw))
    problem = verdict["problems"][0]
    assert problem["where"] == "entries" and "1,000,000" in problem["message"] and not verdict["well_formed"]


def test_a_file_that_is_not_utf8_is_refused_with_the_byte(upload):
    response = upload(b'{"header": "\xff\xfe"}')
    assert response.status_code == 400 and "UTF-8" in response.content.decode()
    assert not Adjudication.objects.exists()


def test_an_empty_upload_is_refused(upload):
    response = upload(b"")
    assert response.status_code == 400 and not Adjudication.objects.exists()


def test_the_progress_partial_polls_until_done(judge_client, any_judge):
    judge = any_judge
    starter_version()
    log = services.store_log(recorded_log(38), judge)
    adjudication = services.request_adjudication(judge, log)  # not committed: still queued
    url = reverse("matches:adjudication-progress", args=[adjudication.pk])
    response = judge_client.get(url, HTTP_HX_REQUEST="true")
    assert 'hx-trigger="every 1s"' in response.content.decode() and "HX-Refresh" not in response
    services.run_adjudication(adjudication.pk)
    response = judge_client.get(url, HTTP_HX_REQUEST="true")
    assert response["HX-Refresh"] == "true" and "every 1s" not in response.content.decode()


def test_the_step_viewer_shows_the_entry_in_both_languages_and_both_hands(upload, judge_client):
    adjudication = upload(recorded_log(39)).context["a"]
    url = reverse("matches:adjudication-step", args=[adjudication.pk])
    response = judge_client.get(url, {"n": 12})
    text = response.content.decode()
    assert response.status_code == 200 and response.context["view"].index == 12
    assert 'id="seat-0"' in text and 'id="seat-1"' in text and 'id="current-entry"' in text
    assert "?n=11" in text and "?n=13" in text
    for bad in ("-5", "abc", "99999999"):
        assert judge_client.get(url, {"n": bad}).status_code == 200


def test_the_first_illegal_entry_is_shown_with_its_rule(upload):
    log = parsed(recorded_log(40))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "end_turn")
    log["entries"].insert(i + 1, {"n": i + 1, "actor": log["entries"][i]["actor"], "action": {"type": "end_turn"}})
    for n, entry in enumerate(log["entries"]):
        entry["n"] = n
    response = upload(resigned(log))
    illegal = verdict_of(response)["first_illegal"]
    assert illegal is not None and illegal["index"] == i + 1 and illegal["rule"]
    assert 'id="first-illegal"' in response.content.decode()


def test_in_chinese_the_verdict_says_why_an_entry_is_illegal_and_how_the_game_stands_in_chinese(upload):
    log = parsed(recorded_log(40))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "end_turn")
    log["entries"].insert(i + 1, {"n": i + 1, "actor": log["entries"][i]["actor"], "action": {"type": "end_turn"}})
    for n, entry in enumerate(log["entries"]):
        entry["n"] = n
    log["entries"][3]["state"] = "0" * 64  # and a problem: a state hash the replay does not reach
    response = upload(resigned(log))
    assert response.wsgi_request.LANGUAGE_CODE == "zh-hans"
    html = response.content.decode()
    section = html[html.index('<section id="verdict"') : html.index("</section>", html.index('<section id="verdict"'))]
    assert 'id="first-illegal"' in section and 'id="problems"' in section
    words = re.sub(r"<code>.*?</code>|<[^>]+>", " ", section, flags=re.S)
    assert "原因：现在应进行随机事件" in words and "未结束" in words and "状态哈希与重放得到的状态不符" in words
    assert re.findall(r"[A-Za-z]{3,}", words) == []


def test_a_judge_rules_from_the_report_page_and_the_trail_shows_it(client, django_capture_on_commit_callbacks):
    judge = UserFactory(username="judge")
    _t, match, game, _o = tournament_game(recorded_log(41), judges=[judge])
    client.force_login(judge)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("matches:adjudication-game", args=[game.pk]))
    detail = response["Location"]
    adjudication = client.get(detail).context["a"]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("matches:adjudication-ruling", args=[adjudication.pk]), {"winner": "b", "reason": "slow play"}
        )
    page = client.get(detail).content.decode()
    match.refresh_from_db()
    assert match.games_won_b == 1 and 'id="rulings"' in page and "slow play" in page


def test_players_and_strangers_get_404_on_an_adjudication(client, django_capture_on_commit_callbacks):
    judge = UserFactory(username="judge")
    _t, match, game, _o = tournament_game(recorded_log(42), judges=[judge])
    with django_capture_on_commit_callbacks(execute=True):
        adjudication = services.adjudicate_game(judge, game)
    for user in (match.player_a, match.player_b, UserFactory()):
        client.force_login(user)
        for name in ("adjudication-detail", "adjudication-step", "adjudication-progress"):
            assert client.get(reverse(f"matches:{name}", args=[adjudication.pk])).status_code == 404
        assert client.get(reverse("matches:adjudication-index")).status_code == 404


def test_an_organiser_who_is_no_judge_cannot_upload_a_loose_log(client):
    organiser = UserFactory()
    TournamentFactory(format=FormatFactory(versions=[starter_version()]), created_by=organiser)
    client.force_login(organiser)
    assert client.get(reverse("matches:adjudication-index")).status_code == 200
    response = client.post(reverse("matches:adjudication-upload"), {"log": SimpleUploadedFile("g.json", b"{}")})
    assert response.status_code == 403 and not GameLog.objects.exists()


def test_a_judge_replays_every_log_of_his_tournament_from_the_page(client, django_capture_on_commit_callbacks):
    judge = UserFactory(username="judge")
    tournament, _match, game, _o = tournament_game(recorded_log(43), judges=[judge])
    client.force_login(judge)
    assert (
        f'adjudications/tournament/{tournament.pk}"'
        in client.get(reverse("matches:adjudication-index")).content.decode()
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("matches:adjudication-tournament", args=[tournament.pk]))
    assert response.status_code == 302
    adjudication = Adjudication.objects.get(game=game)
    assert adjudication.is_done and adjudication.ok
    game.refresh_from_db()
    assert game.winner == services.suggested_winner(adjudication)


def test_a_judge_of_another_tournament_cannot_replay_this_one(client, any_judge):
    judge = any_judge
    tournament, _m, _g, _o = tournament_game(recorded_log(44))
    client.force_login(judge)
    assert client.post(reverse("matches:adjudication-tournament", args=[tournament.pk])).status_code == 404
    assert not Adjudication.objects.exists()


def test_the_step_viewer_of_a_log_that_is_not_well_formed_says_so(upload, judge_client):
    adjudication = upload(b'{"header": {').context["a"]
    response = judge_client.get(reverse("matches:adjudication-step", args=[adjudication.pk]), {"n": 3})
    assert response.status_code == 200 and response.context["view"].error and response.context["players"] is None


def test_an_unsigned_copy_of_a_real_log_is_shown_as_unverified_never_authentic(upload):
    """Issue 11 point 3: the page says "unverified" when the log is not signed with the site's key."""
    log = parsed(recorded_log(34))
    log["header"]["signed"] = False
    log.pop("signature", None)
    prev = header_hash(log["header"])
    for entry in log["entries"]:
        entry.pop("hash", None)
        entry["hash"] = prev = entry_hash(prev, entry)
    response = upload(dumps_log(log))
    verdict = verdict_of(response)
    assert verdict["authentic"] is False and verdict["trust"] == "unverified" and not verdict["ok"]
    html = response.content.decode()
    assert 'id="v-unverified"' in html and "authentic and legal" not in html


# --- The verdict and the step viewer read as sentences (issue 27): entries, not pages ("上一条 下一条"), a "前往"
# button, the first illegal entry as "entry i, played by seat s (name)" with seats counted from 1, no stray ")"
# after a rule like "§1.4 1)", the log's hash breakable on a phone.


def _illegal_log() -> bytes:
    log = parsed(recorded_log(40))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "end_turn")
    log["entries"].insert(i + 1, {"n": i + 1, "actor": log["entries"][i]["actor"], "action": {"type": "end_turn"}})
    for n, entry in enumerate(log["entries"]):
        entry["n"] = n
    return resigned(log)


def test_the_first_illegal_entry_is_a_sentence_naming_the_seat_counted_from_one(upload):
    response = upload(_illegal_log())
    illegal = verdict_of(response)["first_illegal"]
    html = response.content.decode()
    sentence = re.search(r'<p id="first-illegal-entry">(.*?)<a ', html, re.S).group(1)
    seat = illegal["actor"] + 1
    assert f"第 {illegal['index']} 条，由 {seat} 号座" in sentence and "行动方" not in html
    assert 'class="hash"' in html


def test_no_rule_is_followed_by_a_stray_closing_parenthesis(upload):
    html = upload(_illegal_log()).content.decode()
    assert "))" not in re.sub(r"<[^>]+>", "", html)


def test_the_step_viewer_pages_through_entries_with_a_go_button_in_chinese(upload, judge_client):
    adjudication = upload(recorded_log(39)).context["a"]
    html = judge_client.get(reverse("matches:adjudication-step", args=[adjudication.pk]), {"n": 3}).content.decode()
    start = html.index('<nav class="steps">')
    nav = html[start : html.index("</nav>", start)]
    assert "上一条" in nav and "下一条" in nav and "前往" in nav
    assert "上一页" not in nav and "下一页" not in nav and "切换" not in nav
    assert "1 号座" in html and "2 号座" in html and "0 号座" not in html


def test_the_step_viewer_in_english_says_previous_and_next_entry(upload, judge_client):
    adjudication = upload(recorded_log(39)).context["a"]
    url = reverse("matches:adjudication-step", args=[adjudication.pk])
    html = judge_client.get(url, {"n": 3}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Previous entry" in html and "Next entry" in html and "Seat 1" in html
