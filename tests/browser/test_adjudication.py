"""Adjudication in a real browser: a judge logs in, uploads a log, reads the verdict and steps through the entries;
the progress bar polls (htmx) until the replay is done."""

from __future__ import annotations

import pytest

from matches.models import Adjudication
from matches.services import adjudication as services
from tests.browser.words import check_words, no_foreign_words
from tests.matches.adjudication_support import recorded_log, starter_version
from tests.matches.factories import FormatFactory, TournamentFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in_as_judge(page, next_url: str):
    judge = UserFactory(username="judge")
    judge.set_password("judge-pass-1")
    judge.save()
    TournamentFactory(format=FormatFactory(versions=[starter_version()]), judges=[judge])
    page.goto(page.base_url + "/accounts/login/?next=" + next_url)
    words: list[str] = []
    check_words(page, "login", words)
    assert not words, no_foreign_words(words)
    page.fill("input[name=username]", "judge")
    page.fill("input[name=password]", "judge-pass-1")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert page.url.endswith(next_url)
    return judge


def test_a_judge_uploads_a_log_sees_the_verdict_and_steps_through_it(browser_page, tmp_path):
    page = browser_page
    log_in_as_judge(page, "/adjudications/")
    words: list[str] = []  # every page walked through, in the reader's language (tests/browser/words.py)
    check_words(page, "adjudications", words)
    path = tmp_path / "disputed.json"
    path.write_bytes(recorded_log(71))
    page.set_input_files("input[name=log]", str(path))
    with page.expect_navigation():
        page.click("form[action$='upload'] button[type=submit]")
    page.wait_for_selector("#verdict")
    assert Adjudication.objects.get().ok is True
    assert page.inner_text("#v-authentic").startswith(("yes", "是"))
    assert any(word in page.inner_text("#v-authentic") for word in ("valid", "有效"))
    check_words(page, "verdict", words)

    with page.expect_navigation():
        page.click("#step-through")
    assert "0" in page.inner_text("#current-entry")
    check_words(page, "entry 0", words)
    # Steps load in place (htmx), without a full page load; the address follows.
    for expected in (1, 2):
        page.click("#step-next")
        page.wait_for_selector(f"#current-entry a:text-is('{expected}')")
    assert page.url.endswith("?n=2")
    page.click("#step-prev")
    page.wait_for_selector("#current-entry a:text-is('1')")
    check_words(page, "entry 1, stepped to in place", words)
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
    check_words(page, "entry 20", words)
    assert not words, no_foreign_words(words)


def test_the_progress_bar_polls_until_the_replay_is_done_then_shows_the_verdict(browser_page):
    page = browser_page
    judge = log_in_as_judge(page, "/adjudications/")
    log = services.store_log(recorded_log(72), judge)
    adjudication = services.request_adjudication(judge, log, enqueue=False)  # queued: no worker takes it yet
    page.goto(f"{page.base_url}/adjudications/{adjudication.pk}/")
    page.wait_for_selector("#progress progress")
    assert page.query_selector("#verdict") is None
    words: list[str] = []
    check_words(page, "adjudication in progress", words)
    services.run_adjudication(adjudication.pk)  # what a worker does
    page.wait_for_selector("#verdict", timeout=15_000)  # the poll sees "done" and the page reloads
    assert page.query_selector("#progress") is None
    check_words(page, "verdict after the progress bar", words)
    assert not words, no_foreign_words(words)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_verdict_and_the_step_viewer_fit_a_phone_and_pass_axe_in_both_languages(
    live_server, chromium_path, language
):
    """Issue 27: the verdict page once scrolled sideways at 390 px (the unbroken 64-hex hash, the attach form's
    long options); the first illegal entry is a sentence; the step viewer's buttons speak of entries."""
    import os

    from django.conf import settings
    from django.test import Client
    from playwright.sync_api import sync_playwright

    from matches.models import Match
    from tests.browser.test_page_quality import CSP_WATCH, audit
    from tests.conftest import CHROMIUM_ARGS
    from tests.matches.test_views_adjudication import parsed, resigned

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    judge = UserFactory(username="judge")
    tournament = TournamentFactory(
        name="二〇二六年成都将军令公开赛 Chengdu Generals' Order Open",
        format=FormatFactory(versions=[starter_version()]),
        judges=[judge],
    )
    for n in range(3):
        a = UserFactory(username=f"a_rather_long_user_name_{n}_of_the_first_player")
        b = UserFactory(username=f"a_rather_long_user_name_{n}_of_the_second_player")
        Match.objects.create(tournament=tournament, player_a=a, player_b=b, table=n + 1)
    log = parsed(recorded_log(40))
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "end_turn")
    log["entries"].insert(i + 1, {"n": i + 1, "actor": log["entries"][i]["actor"], "action": {"type": "end_turn"}})
    for n, entry in enumerate(log["entries"]):
        entry["n"] = n
    adjudication = services.request_adjudication(judge, services.store_log(resigned(log), judge))
    services.run_adjudication(adjudication.pk)
    client = Client()
    client.force_login(judge)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context = browser.new_context(locale=language, viewport={"width": width, "height": 844})
                context.add_init_script(CSP_WATCH)
                context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
                page = context.new_page()
                page.goto(live_server.url + f"/adjudications/{adjudication.pk}/")
                assert page.locator("#attach-match option").count() == 3
                sentence = page.inner_text("#first-illegal-entry")
                assert ("号座" in sentence) if language == "zh-CN" else ("played by seat" in sentence)
                audit(page, f"[{language} {width}px] verdict", problems)
                page.goto(live_server.url + f"/adjudications/{adjudication.pk}/step?n=3")
                nav = page.inner_text("nav.steps")
                assert ("上一条" in nav and "前往" in nav) if language == "zh-CN" else ("Previous entry" in nav)
                audit(page, f"[{language} {width}px] steps", problems)
                context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
