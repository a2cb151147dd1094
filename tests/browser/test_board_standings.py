"""Issue 26 item 2 in a real Chromium: the pod standings (each player's times in each seat) and the wargame
standings (each player's games on each side) pass axe-core (WCAG 2.1 AA), keep the words check and fit 390 px,
in Chinese and English.

Set JUNLING_SCREENSHOTS=<folder> to keep a screenshot of each page in each language at 390 px.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from matches.services.wargame import report_vp
from tests.browser.test_page_quality import audit
from tests.browser.test_pod_event import _context
from tests.matches.factories import play_pods, pod_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADERS = {"zh-CN": ("座位", "阵营"), "en": ("Seats", "Sides")}


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_seats_and_sides_on_the_board_standings_are_accessible_and_fit_a_phone(
    live_server, chromium_path, language
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    pods, organiser, _ = pod_event(7, rounds=3)
    for _round in range(2):
        play_pods(services.publish_round(services.pair_next_round(pods, organiser), organiser), organiser)
    snapshot_standings(pods.pk)
    war, war_organiser, _ = pod_event(6, rounds=3, system="wenlu")
    for _round in range(2):
        rnd = services.publish_round(services.pair_next_round(war, war_organiser), war_organiser)
        for m in rnd.matches.all():
            report_vp(m, war_organiser, 12, 7)
    snapshot_standings(war.pk)
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                for name, event, user, header, cells in (
                    ("pods", pods, organiser, HEADERS[language][0], "td.seat-counts"),
                    ("sides", war, war_organiser, HEADERS[language][1], "td.side-counts"),
                ):
                    context, page = _context(browser, live_server.url, user, language, width)
                    response = page.goto(live_server.url + f"/tournaments/{event.pk}/standings/")
                    assert response is not None and response.status == 200
                    assert header in page.locator("table.standings thead").inner_text()
                    assert page.locator(cells).count() == (7 if name == "pods" else 6)
                    assert all(c.strip() for c in page.locator(cells).all_inner_texts())
                    audit(page, f"[{language} {width}px] {name} standings", problems)
                    if shots and width == 390:
                        page.screenshot(
                            path=str(Path(shots) / f"standings26-{name}-{language}-390.png"), full_page=True
                        )
                    context.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
