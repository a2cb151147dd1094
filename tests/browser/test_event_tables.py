"""Issue 15 in a real Chromium: a pod round played on the site's tables. The seated player's round page and
dashboard show "your table", pass axe-core (WCAG 2.1 AA), fit 390 px and keep the CSP, in Chinese and
English; the link opens his table.

Set JUNLING_SCREENSHOTS=<folder> to keep a screenshot of each page in each language at 390 px.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from matches.services import rounds as services
from tests.browser.test_page_quality import audit
from tests.browser.test_pod_event import _context
from tests.matches.factories import pod_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_a_seated_players_round_page_links_his_table_accessibly_on_a_phone(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    tournament, organiser, _players = pod_event(7, rounds=2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.order_by("table").first()
    player = pod.seats.order_by("seat").first().player
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            context, page = _context(browser, live_server.url, player, language, 390)
            for name, url in (("round", f"/tournaments/{tournament.pk}/rounds/1/"), ("dashboard", "/me/")):
                response = page.goto(live_server.url + url)
                assert response is not None and response.status == 200, url
                audit(page, f"[{language} 390px] {url}", problems)
                if shots:
                    page.screenshot(path=str(Path(shots) / f"eventtables15-{name}-{language}-390.png"), full_page=True)
            page.goto(live_server.url + f"/tournaments/{tournament.pk}/rounds/1/")
            links = page.locator("a.your-table")
            assert links.count() == 1
            with page.expect_navigation():
                links.first.click()
            assert page.url.rstrip("/").endswith(f"/tables/{pod.board_table_id}")
            context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
