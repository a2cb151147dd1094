"""Issue 13, the judge's verdict and step viewer speak the reader's language: zones in the game's words, actions
in words (never a dict), one number per entry, arrows and steps without a full page load (progressive)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.matches.adjudication_support import parsed, recorded_log
from tests.matches.test_views_adjudication import judge_client, resigned, upload  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def _entries_with_a_general_on_the_field(adjudication, judge_client):  # noqa: F811
    url = reverse("matches:adjudication-step", args=[adjudication.pk])
    for n in range(10, 200, 10):
        response = judge_client.get(url, {"n": n}, HTTP_ACCEPT_LANGUAGE="zh-hans")
        board = response.content.decode().split('id="board"', 1)[-1]
        if "[" in board:
            return board
    raise AssertionError("no general on the field in the first 200 entries")


def test_the_board_names_zones_in_the_games_words(upload, judge_client):  # noqa: F811
    adjudication = upload(recorded_log(39)).context["a"]
    board = _entries_with_a_general_on_the_field(adjudication, judge_client)
    zones = set(re.findall(r"\[([^\]]+)\]", board))
    assert zones and zones <= {"自城内", "自城外", "敌城外"}, zones


def test_the_first_illegal_entry_is_an_action_in_words_not_a_dict(upload):  # noqa: F811
    log = parsed(recorded_log(40))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "end_turn")
    log["entries"].insert(i + 1, {"n": i + 1, "actor": log["entries"][i]["actor"], "action": {"type": "end_turn"}})
    for n, entry in enumerate(log["entries"]):
        entry["n"] = n
    html = upload(resigned(log)).content.decode()
    section = html[html.index('id="first-illegal"') :].split("</div>", 1)[0]
    assert "{&#x27;" not in section and "{'" not in section and "type" not in section


def test_steps_load_in_place_with_htmx_and_keep_plain_links(upload, judge_client):  # noqa: F811
    adjudication = upload(recorded_log(39)).context["a"]
    url = reverse("matches:adjudication-step", args=[adjudication.pk])
    html = judge_client.get(url, {"n": 5}).content.decode()
    assert 'id="step-view"' in html
    assert 'id="step-next" href="?n=6" hx-get="?n=6" hx-select="#step-view"' in html
    # One number per entry: the list carries no second number (ol.entries has no marker, junling.css).
    assert 'class="entries"' in html
    css = open("static/css/junling.css", encoding="utf-8").read()
    assert "ol.entries { list-style: none" in css
