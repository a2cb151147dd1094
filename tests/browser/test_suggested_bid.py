"""Issue 26 item 6 in a real Chromium: the suggested bid on a 文禄朝鲜之役 round page with bids (the player, before
he bids) and on the event page (the organiser) passes axe-core (WCAG 2.1 AA), fits 390 px and keeps the CSP, in
Chinese and English.

Set JUNLING_SCREENSHOTS=<folder> to keep a screenshot of each page in each language at 390 px.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_page_quality import audit
from tests.browser.test_pod_event import _context
from tests.matches.factories import bidding_round_on_a_played_map

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_suggested_bid_on_the_round_and_event_pages_is_accessible_and_fits_a_phone(
    live_server, chromium_path, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    war, organiser, match = bidding_round_on_a_played_map(20, margin=3)
    pages = (
        ("player", match.player_b, f"{live_server.url}/tournaments/{war.pk}/rounds/1/"),
        ("organiser", organiser, f"{live_server.url}/tournaments/{war.pk}/"),
    )
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                for who, user, url in pages:
                    context, page = _context(browser, live_server.url, user, language, width)
                    page.goto(url)
                    audit(page, f"[{language} {width}px {who}] suggested bid", problems)
                    text = page.locator("section.suggested-bid").inner_text()
                    assert ("Bid 3 VP for Japan" if language == "en" else "为日本军出价 3 胜利点") in text
                    if shots and width == 390:
                        page.screenshot(path=str(Path(shots) / f"bid26c-{who}-{language}-390.png"), full_page=True)
                    context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
