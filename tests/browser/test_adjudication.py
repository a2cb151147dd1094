"""Adjudication in a real browser: a judge logs in, uploads a log, reads the verdict and steps through the entries;
the progress bar polls (htmx) until the replay is done."""

from __future__ import annotations

import pytest

from matches.models import Adjudication
from matches.services import adjudication as services
from tests.matches.adjudication_support import recorded_log, starter_version
from tests.matches.factories import FormatFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in_as_judge(page, next_url: str):
    judge = UserFactory(username="judge")
    judge.set_password("judge-pass-1")
    judge.save()
    TournamentFactory(format=FormatFactory(versions=[starter_version()]), judges=[judge])
    page.goto(page.base_url + "/accounts/login/?next=" + next_url)
    page.fill("input[name=username]", "judge")
    page.fill("input[name=password]", "judge-pass-1")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert page.url.endswith(next_url)
    return judge


def test_a_judge_uploads_a_log_sees_the_verdict_and_steps_through_it(browser_page, tmp_path):
    page = browser_page
    log_in_as_judge(page, "/adjudications/")
    path = tmp_path / "disputed.json"
    path.write_bytes(recorded_log(71))
    page.set_input_files("input[name=log]", str(path))
    with page.expect_navigation():
        page.click("form[action$='upload'] button[type=submit]")
    page.wait_for_selector("#verdict")
    assert Adjudication.objects.get().ok is True
    assert page.inner_text("#v-authentic").startswith(("yes", "是"))
    assert any(word in page.inner_text("#v-authentic") for word in ("valid", "有效"))

    with page.expect_navigation():
        page.click("#step-through")
    assert "0" in page.inner_text("#current-entry")
    # Steps load in place (htmx), without a full page load; the address follows.
    for expected in (1, 2):
        page.click("#step-next")
        page.wait_for_selector(f"#current-entry a:text-is('{expected}')")
    assert page.url.endswith("?n=2")
    page.click("#step-prev")
    page.wait_for_selector("#current-entry a:text-is('1')")
    # The arrow keys step too.
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#current-entry a:text-is('2')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#current-entry a:text-is('1')")
    page.fill("input[name=n]", "20")
    with page.expect_navigation():
        page.click("nav.steps button[type=submit]")
    assert page.locator("#current-entry a").inner_text() == "20"
    assert page.is_visible("#seat-0 .hand") and page.is_visible("#seat-1 .hand")


def test_the_progress_bar_polls_until_the_replay_is_done_then_shows_the_verdict(browser_page):
    page = browser_page
    judge = log_in_as_judge(page, "/adjudications/")
    log = services.store_log(recorded_log(72), judge)
    adjudication = services.request_adjudication(judge, log, enqueue=False)  # queued: no worker takes it yet
    page.goto(f"{page.base_url}/adjudications/{adjudication.pk}/")
    page.wait_for_selector("#progress progress")
    assert page.query_selector("#verdict") is None
    services.run_adjudication(adjudication.pk)  # what a worker does
    page.wait_for_selector("#verdict", timeout=15_000)  # the poll sees "done" and the page reloads
    assert page.query_selector("#progress") is None
