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


def test_the_organiser_features_a_pod_on_a_phone_and_a_stranger_then_watches_its_table(live_server, chromium_path):
    """The Spectators page with a pod round on the site's tables, in both languages at 390 px: axe-core, no sideways
    scroll, the CSP; "Feature it" pressed there, and the pod's table then opens for a stranger with no login and
    is listed on the live games page."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.browser.test_table_spectators import _anonymous
    from tests.conftest import CHROMIUM_ARGS

    tournament, organiser, _players = pod_event(7, rounds=2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.order_by("table").first()
    watch = f"{live_server.url}/tables/{pod.board_table_id}/watch/"
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            stranger = _anonymous(browser, live_server.url, "en", 390)
            assert stranger.goto(watch).status == 404
            for language in ("zh-CN", "en"):
                context, page = _context(browser, live_server.url, organiser, language, 390)
                page.goto(f"{live_server.url}/tournaments/{tournament.pk}/spectators")
                audit(page, f"[spectators {language} 390px]", problems)
                if shots:
                    page.screenshot(path=str(Path(shots) / f"feature-pods-{language}-390.png"), full_page=True)
                context.close()
            context, page = _context(browser, live_server.url, organiser, "en", 390)
            page.goto(f"{live_server.url}/tournaments/{tournament.pk}/spectators")
            with page.expect_navigation():
                page.locator(f"form[action$='/feature-pod/{pod.pk}'] button").click()
            assert page.locator(f"form[action$='/feature-pod/{pod.pk}'] button").inner_text() == "Stop featuring"
            context.close()
            response = stranger.goto(watch)
            assert response is not None and response.status == 200
            audit(stranger, "[featured pod watched by a stranger en 390px]", problems)
            for language in ("zh-CN", "en"):  # the live games page lists it
                page = _anonymous(browser, live_server.url, language, 390)
                page.goto(f"{live_server.url}/watch/")
                assert page.locator(f"a.watch-link[href='/tables/{pod.board_table_id}/watch/']").count() == 1
                audit(page, f"[live games {language} 390px]", problems)
                if shots:
                    page.screenshot(path=str(Path(shots) / f"live-games-{language}-390.png"), full_page=True)
                page.context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
