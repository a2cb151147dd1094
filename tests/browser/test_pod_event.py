"""Issue 15 in a real Chromium: a 龙虎三国志 pod event's pairings (with a seated player's report form) and its
standings, and a 文禄朝鲜之役 round with sides, pass axe-core (WCAG 2.1 AA), fit 390 px and keep the CSP, in
Chinese and English; a player reports his pod through the page.

Set JUNLING_SCREENSHOTS=<folder> to keep a screenshot of each page in each language at 390 px.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from matches.models import Pod
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.matches.factories import play_pods, pod_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _context(browser, base_url: str, user, locale: str, width: int):
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
    context.add_init_script(CSP_WATCH)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_a_pod_events_pairings_and_standings_are_accessible_and_fit_a_phone(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    tournament, organiser, _players = pod_event(10, rounds=3)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_pods(r1, organiser)
    r2 = services.pair_next_round(tournament, organiser)
    services.publish_round(r2, organiser)
    snapshot_standings(tournament.pk)
    pod = r2.pods.order_by("table").first()
    seats = list(pod.seats.order_by("seat").select_related("player"))
    war, war_organiser, _ = pod_event(4, rounds=2, system="wenlu")
    w1 = services.pair_next_round(war, war_organiser)
    services.publish_round(w1, war_organiser)
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                context, page = _context(browser, live_server.url, seats[0].player, language, width)
                for name, url in (
                    ("pods", f"/tournaments/{tournament.pk}/rounds/2/"),
                    ("pod-standings", f"/tournaments/{tournament.pk}/standings/"),
                    ("new", "/tournaments/new"),
                ):
                    response = page.goto(live_server.url + url)
                    assert response is not None and response.status == 200, url
                    audit(page, f"[{language} {width}px] {url}", problems)
                    if shots and width == 390:
                        page.screenshot(path=str(Path(shots) / f"events15-{name}-{language}-390.png"), full_page=True)
                context.close()
                context, page = _context(browser, live_server.url, war_organiser, language, width)
                page.goto(live_server.url + f"/tournaments/{war.pk}/rounds/1/")
                audit(page, f"[{language} {width}px] wargame round", problems)
                assert page.locator("span.side").count() == 4
                if shots and width == 390:
                    page.screenshot(path=str(Path(shots) / f"events15-wargame-{language}-390.png"), full_page=True)
                context.close()
            # A seated player reports his pod through the page; the pod waits for another player's confirmation.
            context, page = _context(browser, live_server.url, seats[0].player, language, 390)
            page.goto(live_server.url + f"/tournaments/{tournament.pk}/rounds/2/")
            form = page.locator(f'section[data-pod="{pod.pk}"] form')
            for k, seat in enumerate(seats, start=1):
                form.locator(f"input[name=place_{seat.player_id}]").fill(str(k))
                form.locator(f"input[name=regions_{seat.player_id}]").fill(str(10 - k))
            with page.expect_navigation():
                form.locator("button[type=submit]").click()
            context.close()
        finally:
            browser.close()
    pod.refresh_from_db()
    assert pod.status == Pod.Status.REPORTED
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
