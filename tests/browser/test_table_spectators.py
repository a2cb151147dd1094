"""Spectators and concession at board-game tables in a real browser (uvicorn, the in-memory channel layer): a
stranger watches a public 文禄朝鲜之役 table while its players move (each move arrives by push, the watcher sees
no hand), then a player concedes through the confirmation page and the watcher's table shows the end. Every
page passes axe-core (WCAG 2.1 AA), keeps the CSP and fits 390 px in both languages; screenshots go to
``$TABLES_SHOTS`` (default /tmp/tables-shots)."""

from __future__ import annotations

import pytest

from boards.services.maps import ensure_test_maps
from tables.models import Table
from tables.presenters import version
from tests.browser.test_live_push import AT, LIVE, asgi_server  # noqa: F401 (the fixture)
from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.browser.test_tables import SHOTS, _audit_and_shoot, _move, _page
from tests.matches.factories import UserFactory
from tests.tables.conftest import two_side_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _anonymous(browser, base_url: str, locale: str = "zh-CN", width: int = 1280):  # type: ignore[no-untyped-def]
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def test_a_stranger_watches_a_public_table_live_and_a_player_concedes_after_confirming(asgi_server, chromium_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    Table.objects.filter(pk=table.pk).update(public=True)
    problems: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            pages = {u.username: _page(browser, asgi_server, u) for u in (alice, bob)}
            for p in pages.values():
                p.goto(f"{asgi_server}/tables/{table.pk}/")
                p.wait_for_function(LIVE)
            watcher = _anonymous(browser, asgi_server)
            watcher.goto(f"{asgi_server}/tables/{table.pk}/watch/")
            watcher.wait_for_function(LIVE)
            assert watcher.locator("#controls").count() == 0 and watcher.locator("#concede").count() == 0
            for _ in range(3):
                _move(pages, table)
                table.refresh_from_db()
                watcher.wait_for_function(AT, arg=version(table))  # the move came to the watcher by push
            for language in ("zh-CN", "en"):
                for width in (1280, 390):
                    page = _anonymous(browser, asgi_server, language, width)
                    page.goto(f"{asgi_server}/tables/{table.pk}/watch/")
                    audit(page, f"[watch {language} {width}px]", problems)
                    page.screenshot(path=str(SHOTS / f"watch-{language}-{width}.png"), full_page=width == 390)
                    page.context.close()
            # bob concedes: the button asks first, on a page of its own; cancelling changes nothing
            for language in ("zh-CN", "en"):
                asker = _page(browser, asgi_server, bob, language, 390)
                asker.goto(f"{asgi_server}/tables/{table.pk}/")
                asker.locator("#concede").click()
                asker.wait_for_selector("#confirm-question")
                audit(asker, f"[concede confirm {language} 390px]", problems)
                asker.screenshot(path=str(SHOTS / f"concede-confirm-{language}-390.png"), full_page=True)
                asker.context.close()
            table.refresh_from_db()
            assert table.status == Table.Status.PLAYING
            bob_page = pages["bob"]
            bob_page.locator("#concede").click()
            bob_page.wait_for_selector("#confirm-question")
            bob_page.locator("button[name=confirmed]").click()
            bob_page.wait_for_selector("#ending")
            table.refresh_from_db()
            assert table.status == Table.Status.FINISHED and table.result["termination"] == "concession"
            watcher.wait_for_function(AT, arg=version(table))
            assert watcher.locator("#ending").count() == 1
            _audit_and_shoot(browser, asgi_server, [bob], table, "conceded", problems)
            _audit_and_shoot(
                browser, asgi_server, [UserFactory()], table, "watch-after", problems, "/tables/{pk}/watch/"
            )
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
