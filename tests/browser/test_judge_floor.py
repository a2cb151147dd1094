"""Issue 27 in a real Chromium, in Chinese and English, the judges at 1280 px and at 390 px: a player calls a
judge from his table on a phone (390 px); a judge sees the call arrive in his queue without a reload, says "I'm
on it", passes it to a head judge; the head judge (the organiser) takes it and resolves it with a note; the
organiser's round health view shows each step live; the player's page says "a judge is coming" and then the
note. While a page is hidden, an alert changes its tab title. axe-core (WCAG 2.1 AA), no sideways scroll, the
CSP kept, on every page.

Set JUNLING_SCREENSHOTS=<folder> to keep a screenshot of each page.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from matches.models import JudgeCall
from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.matches.factories import event_floor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE = 15_000
"""How long a test waits for a polled page (every 5 s) to show a change made elsewhere."""

HIDE = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
}"""
SHOW = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def _context(browser, base_url: str, user, locale: str, width: int):
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
    context.add_init_script(CSP_WATCH)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


WORDS = {
    "zh-CN": {
        "waiting": "等待裁判",
        "coming": "裁判正在赶来",
        "called": "第 1 桌呼叫裁判",
        "head": "等待主裁判",
        "claimed": "裁判已接手",
    },
    "en": {
        "waiting": "Waiting for a judge",
        "coming": "A judge is coming",
        "called": "A judge is called to table 1",
        "head": "Waiting for a head judge",
        "claimed": "A judge is on it",
    },
}


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_a_player_calls_a_judge_on_a_phone_and_judges_claim_escalate_and_resolve_it_live(
    live_server, chromium_path, language, width
):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    tournament, organiser, (judge, _), _players, rnd = event_floor(4)
    match = rnd.matches.get(table=1)
    words = WORDS[language]
    base = live_server.url
    shots = os.environ.get("JUNLING_SCREENSHOTS")
    problems: list[str] = []

    def check(page, name: str) -> None:
        audit(page, f"[{language} {page.viewport_size['width']}px] {name}", problems)
        if shots:
            path = Path(shots) / f"floor27-{name}-{language}-{page.viewport_size['width']}.png"
            page.screenshot(path=str(path), full_page=True)

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            _, health = _context(browser, base, organiser, language, width)
            health.goto(base + f"/tournaments/{tournament.pk}/rounds/1/health")
            check(health, "health-quiet")
            _, floor = _context(browser, base, judge, language, width)
            floor.goto(base + f"/tournaments/{tournament.pk}/floor")
            check(floor, "floor-empty")
            floor.evaluate(HIDE)  # the judge looks at another tab

            # The player, on his phone, calls a judge from his round's page (his paper table).
            _, player = _context(browser, base, match.player_a, language, 390)
            player.goto(base + f"/tournaments/{tournament.pk}/rounds/1/")
            check(player, "player-table")
            player.fill("#call-reason", "对手多抓了一张牌 / an extra card drawn")
            with player.expect_navigation():
                player.click("#call-judge")
            expect(player.locator("#judge-call .call-state")).to_contain_text(words["called"])
            check(player, "player-called")
            call = JudgeCall.objects.get()
            player.evaluate(HIDE)  # the player puts his phone down

            # The judge's queue shows it without a reload, with its wait; his hidden tab's title says so.
            expect(floor.locator(f"#call-{call.pk}")).to_contain_text(words["waiting"], timeout=LIVE)
            expect(floor.locator(f"#call-{call.pk} .waited")).to_be_visible()
            assert floor.title().startswith("\u25cf ") and words["called"] in floor.title()
            floor.evaluate(SHOW)
            assert not floor.title().startswith("\u25cf ")
            expect(health.locator('tr[data-table="1"] td.table-call')).to_contain_text(words["waiting"], timeout=LIVE)

            # "I'm on it": the queue says who; the player's page says a judge is coming (and its title too).
            with floor.expect_navigation():
                floor.click(f"#call-{call.pk} button[name=claim]")
            expect(floor.locator(f"#call-{call.pk} .claimed-by")).to_have_text(judge.username)
            check(floor, "floor-claimed")
            expect(player.locator("#judge-call .call-state")).to_contain_text(words["coming"], timeout=LIVE)
            assert player.title().startswith("\u25cf ") and words["coming"] in player.title()
            player.evaluate(SHOW)
            expect(health.locator('tr[data-table="1"] td.table-call')).to_contain_text(judge.username, timeout=LIVE)
            check(health, "health-claimed")

            # The judge passes it to a head judge; only the organiser may take it now.
            floor.fill(f"#why-{call.pk}", "a ruling on the deal (§3.3)")
            with floor.expect_navigation():
                floor.click(f"#call-{call.pk} button[name=escalate]")
            expect(floor.locator(f"#call-{call.pk}")).to_contain_text(words["head"])
            assert floor.locator(f"#call-{call.pk} button[name=claim]").count() == 0
            check(floor, "floor-escalated")
            expect(health.locator('tr[data-table="1"] td.table-call')).to_contain_text(words["head"], timeout=LIVE)

            # The head judge takes it from his floor page and resolves it with a note.
            _, head = _context(browser, base, organiser, language, width)
            head.goto(base + f"/tournaments/{tournament.pk}/floor")
            with head.expect_navigation():
                head.click(f"#call-{call.pk} button[name=claim]")
            expect(head.locator(f"#call-{call.pk} .claimed-by")).to_have_text(organiser.username)
            head.fill(f"#note-{call.pk}", "Game loss for the extra card; play on.")
            with head.expect_navigation():
                head.click(f"#call-{call.pk} button[name=resolve]")
            expect(head.locator("#calls-resolved")).to_be_visible()
            check(head, "floor-resolved")
            expect(player.locator("#judge-call .call-state")).to_contain_text("Game loss", timeout=LIVE)
            expect(player.locator("#call-judge")).to_be_visible()
            check(player, "player-resolved")
            expect(health.locator('tr[data-table="1"] td.table-call')).not_to_contain_text(
                words["claimed"], timeout=LIVE
            )
            check(health, "health-after")
        finally:
            browser.close()
    call.refresh_from_db()
    assert (call.status, call.resolved_by_id, call.escalated) == ("resolved", organiser.pk, True)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_pairings_going_up_change_a_hidden_tournament_pages_title(live_server, chromium_path, language):
    """A player waits for round 2 on the tournament page, in another tab: the page looks every 15 s and, when the
    round is published, its tab title says the pairings are up; coming back restores the title."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    from matches.services import rounds as round_services
    from tests.conftest import CHROMIUM_ARGS
    from tests.matches.factories import play_round

    tournament, organiser, _judges, players, rnd = event_floor(4, judges=0)
    play_round(rnd, organiser)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            _, page = _context(browser, live_server.url, players[0], language, 390)
            page.goto(live_server.url + f"/tournaments/{tournament.pk}/")
            title = page.title()
            expect(page.locator("[data-alert-controls]")).to_be_visible()
            audit(page, f"[{language} 390px] tournament page", problems)
            page.evaluate(HIDE)
            round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
            expect(page.locator('#pairings-notice [data-alert^="pairings-"]')).to_contain_text("2", timeout=25_000)
            said = "第 2 轮配对已公布" if language == "zh-CN" else "Round 2 pairings are up"
            assert page.title() == f"\u25cf {said} \u00b7 {title}"
            page.evaluate(SHOW)
            assert page.title() == title
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
