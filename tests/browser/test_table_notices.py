"""Issue 30 item 4 in a real Chromium, in Chinese and English at 1280 and 390 px: an invitation to a board-game
table shows as a badge on every page (like a card challenge) and leads to the tables inviting the reader; each
board game's "how to play" page; a player looking elsewhere learns that it is his move at a board table from
his tab's title. axe-core (WCAG 2.1 AA), no sideways scroll, the words check and the CSP on every page.
Screenshots go to var/screenshots/notices/."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from boards.services.maps import ensure_test_maps
from engine.systems import all_systems
from tables import engines, services
from tables.models import Table
from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.matches.factories import UserFactory
from tests.tables.conftest import PLACEMENT, seat_user, to_act, two_side_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parent.parent.parent / "var" / "screenshots" / "notices"
HIDE = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
}"""
SHOW = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def _page(browser, base_url: str, user, locale: str, width: int):  # type: ignore[no-untyped-def]
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
    context.add_init_script(CSP_WATCH)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def _shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_an_invitation_shows_on_every_page_and_each_how_to_play_is_accessible(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = services.do_create_table(alice, PLACEMENT, 3, invited=[bob])
    badge = "1 张桌邀请你入座" if language == "zh-CN" else "1 table invites you"
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width in (1280, 390):
                label = f"[{language} {width}px]"
                page = _page(browser, live_server.url, bob, language, width)
                page.goto(live_server.url + "/cards/")
                assert page.locator("#notice-invitations").inner_text() == badge
                audit(page, f"{label} /cards/ with the badge", problems)
                page.click("#notice-invitations")
                page.wait_for_url("**/tables/#invited")
                assert page.locator(f"#invitation-{table.pk}").is_visible()
                audit(page, f"{label} tables inviting you", problems)
                _shot(page, f"invited-{language}-{width}")
                page.click(f"#invitation-{table.pk} a")
                page.wait_for_url(f"**/tables/{table.pk}/")
                page.click("#how-to-play")
                page.wait_for_url(f"**/games/{PLACEMENT}/how-to-play/")
                for system in [s.id for s in all_systems() if s.how_to_play]:
                    page.goto(live_server.url + f"/games/{system}/how-to-play/")
                    assert page.locator("section.how-to-play").count() >= 3
                    audit(page, f"{label} how to play {system}", problems)
                    _shot(page, f"how-to-play-{system}-{language}-{width}")
                page.context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_a_hidden_board_table_says_your_move_in_its_tab_title(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    waiting = 1 - (to_act(table) or 0)
    said = "轮到你了" if language == "zh-CN" else "Your move"
    rng = random.Random(30)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = _page(browser, live_server.url, seat_user(table, waiting), language, 390)
            page.goto(live_server.url + f"/tables/{table.pk}/")
            title = page.title()
            assert page.locator("[data-alert-controls]").is_visible()
            page.evaluate(HIDE)
            for _ in range(2000):  # the other side plays until the waiting side is to act (one side may act many times)
                table.refresh_from_db()
                if table.status != Table.Status.PLAYING or to_act(table) == waiting:
                    break
                state = services.load_state(table)
                mover = engines.actor(state)
                action = rng.choice(engines.legal(state))
                services.do_act(seat_user(table, mover), table, action.to_json(), table.steps)
            assert to_act(table) == waiting
            page.wait_for_function("() => document.title.startsWith('\\u25cf ')")  # the page polls every 2 s
            assert page.title() == f"\u25cf {said} \u00b7 {title}"
            page.evaluate(SHOW)
            assert page.title() == title
            audit(page, f"[{language} 390px] table, your move", problems)
            page.context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
