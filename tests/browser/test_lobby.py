"""The lobby in real browsers: alice opens a challenge with a time control through the lobby's form, bob
takes it from his lobby and both tables show the clocks; a direct challenge shows bob a notice; the
lobby passes axe-core (WCAG 2.1 AA), fits 390 px and keeps the CSP, in both languages."""

from __future__ import annotations

import os
import re

import pytest
from django.conf import settings
from django.test import Client

from matches.models import Match
from tests.browser.test_page_quality import CSP_WATCH, _check
from tests.browser.words import check_words, no_foreign_words
from tests.matches.test_play_factories import quick_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _context(browser, base_url: str, user, locale: str = "zh-CN", width: int = 1280):
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
    context.add_init_script(CSP_WATCH)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(30_000)  # a loaded CI machine
    page.base_url = base_url  # type: ignore[attr-defined]
    return context, page


def test_an_open_challenge_taken_in_the_lobby_starts_a_clocked_game_for_both(live_server, chromium_path):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    _fmt, alice, bob, deck_a, deck_b = quick_setup()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            words: list[str] = []  # every page walked through, in the reader's language (tests/browser/words.py)
            ctx_a, page_a = _context(browser, live_server.url, alice, locale="en")
            page_a.goto(live_server.url + "/play/lobby/")
            check_words(page_a, "[en] lobby", words)
            form = page_a.locator("#open-form")
            form.locator("select[name=deck_version]").select_option(str(deck_a.pk))
            form.locator("input[name=clock_minutes]").fill("5")
            form.locator("input[name=clock_increment]").fill("3")
            form.locator("button[type=submit]").click()
            page_a.wait_for_selector("#open-challenges tr[id^=open-]")
            match = Match.objects.get(player_a=alice)
            assert "5+3" in page_a.locator(f"#open-{match.pk}").inner_text()
            check_words(page_a, "[en] lobby with an open challenge", words)

            # bob is challenged directly too: the notice shows on his pages
            page_a.goto(live_server.url + "/play/lobby/")
            direct = page_a.locator("#direct-form")
            direct.locator("input[name=opponent]").fill("bob")
            direct.locator("select[name=deck_version]").select_option(str(deck_a.pk))
            direct.locator("button[type=submit]").click()
            page_a.wait_for_url("**/play/matches/*/")
            check_words(page_a, "[en] waiting for the challenged player", words)

            ctx_b, page_b = _context(browser, live_server.url, bob)
            page_b.goto(live_server.url + "/")
            assert page_b.locator("#notice-challenges").count() == 1
            check_words(page_b, "[zh] home with a challenge notice", words)
            page_b.locator("#notice-challenges").click()
            page_b.wait_for_selector("#incoming li.challenge")
            check_words(page_b, "[zh] lobby with a challenge for him", words)
            row = page_b.locator(f"#open-{match.pk}")
            row.locator("select[name=deck_version]").select_option(str(deck_b.pk))
            row.locator("button[type=submit]").click()
            page_b.wait_for_url(f"**/play/matches/{match.pk}/")
            page_b.wait_for_selector("#play-clocks")
            clocks = page_b.locator("#play-clocks").inner_text()
            # both clocks as m:ss (how much is left depends on the machine's speed), and the control
            assert len(re.findall(r"\b[0-5]:[0-5]\d\b", clocks)) == 2 and "5+3" in clocks
            check_words(page_b, "[zh] clocked table", words)
            page_a.goto(live_server.url + f"/play/matches/{match.pk}/")
            page_a.wait_for_selector("#play-clocks")
            assert page_a.locator("#draw-offer").count() == 1
            check_words(page_a, "[en] clocked table", words)
            match.refresh_from_db()
            assert match.player_b == bob and match.status == Match.Status.PLAYING
            assert not words, no_foreign_words(words)
            ctx_a.close()
            ctx_b.close()
        finally:
            browser.close()


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_lobby_and_a_clocked_table_are_accessible_fit_a_phone_and_keep_the_csp(
    live_server, chromium_path, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from matches.services import lobby
    from matches.services.play import ending, lifecycle
    from tests.conftest import CHROMIUM_ARGS

    _fmt, alice, bob, deck_a, deck_b = quick_setup()
    lobby.do_open_challenge(bob, deck_b, clock_total=600, clock_increment=5)
    lifecycle.do_challenge(bob, alice, deck_b, clock_total=300)
    live = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a, clock_total=300), deck_b)
    ending.do_offer_draw(live, bob)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context, page = _context(browser, live_server.url, alice, locale=language, width=width)
                for url in ("/play/lobby/", f"/play/matches/{live.pk}/"):
                    _check(page, url, problems, f"[{language} {width}px]")
                context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
