"""A 三国智 deck's "try the opening" page in a real browser: both languages, a desktop and 390 px, axe-core
clean, no sideways scroll, the CSP kept; the mulligan is a link that shows the final hand."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.decks.factories import UserFactory
from tests.decks.views.test_opening import sgz_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/junling-shots"))


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_opening_page_is_accessible_fits_a_phone_and_takes_the_mulligan(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.test import Client
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    player = UserFactory()
    deck = sgz_deck(player)
    client = Client()
    client.force_login(player)
    cookie = client.cookies["sessionid"]
    problems: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width, height in ((1280, 900), (390, 844)):
                context = browser.new_context(locale=language, viewport={"width": width, "height": height})
                context.add_init_script(CSP_WATCH)
                context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
                page = context.new_page()
                page.goto(f"{live_server.url}/decks/{deck.pk}/")
                with page.expect_navigation():
                    page.click(f"a[href='/decks/{deck.pk}/opening']")
                audit(page, f"[{language} {width}px opening]", problems)
                assert page.locator(".opening-hand li").count() == 6
                page.screenshot(path=str(SHOTS / f"opening-{language}-{width}.png"), full_page=True)
                with page.expect_navigation():
                    page.click(".opening-choices a[href$='choice=mulligan']")
                audit(page, f"[{language} {width}px mulligan]", problems)
                assert page.locator(".opening-hand li").count() == 6
                assert page.locator(".opening-choices").count() == 0
                page.screenshot(path=str(SHOTS / f"opening-{language}-{width}-mulligan.png"), full_page=True)
                context.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
