"""Clocks at board-game tables in a real browser (uvicorn): alice sets up a 文禄朝鲜之役 table on a time control
through the form, bob takes his seat, both tables show the clocks; the running clock runs out (the test's
clock, never a sleep), the waiting player's table offers the claim and his click ends the game on time. The
tables page is read without a login. Every page passes axe-core (WCAG 2.1 AA), keeps the CSP and fits 390 px,
in both languages; screenshots go to ``$TABLES_SHOTS`` (default /tmp/tables-shots)."""

from __future__ import annotations

import datetime

import pytest

from boards.services.maps import ensure_test_maps
from junling import clocks
from tables import services
from tables.models import Table
from tests.browser.test_live_push import LIVE, asgi_server  # noqa: F401 (the fixture)
from tests.browser.test_page_quality import audit
from tests.browser.test_table_spectators import _anonymous
from tests.browser.test_tables import SHOTS, _audit_and_shoot, _page
from tests.matches.factories import UserFactory
from tests.tables.conftest import VP_MARGIN, seat_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_clocked_table_is_set_up_shown_run_out_and_claimed_in_the_browser(asgi_server, chromium_path, frozen_clock):  # noqa: F811
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    frozen_clock.at = datetime.datetime(2030, 1, 1, 12, tzinfo=datetime.UTC)
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    problems: list[str] = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = _page(browser, asgi_server, alice)
            page.goto(f"{asgi_server}/tables/")
            page.locator("#id_system").select_option(VP_MARGIN)
            page.locator("#id_seats").fill("2")
            page.locator("#id_invite").fill("bob")
            page.locator("#id_clock_minutes").fill("3")
            page.locator("#id_clock_increment").fill("10")
            page.locator("#create-form button[type=submit]").click()
            page.wait_for_url("**/tables/*/")
            table = Table.objects.get()
            assert (table.clock_total, table.clock_increment) == (180, 10)
            services.do_join_table(bob, table)
            table.refresh_from_db()
            page.reload()
            page.wait_for_function(LIVE)
            assert "3+10" in page.locator("#clocks-title").inner_text()
            assert page.locator("#clock-list li").count() == 2 and page.locator("#clocks [data-clock]").count() == 1
            _audit_and_shoot(browser, asgi_server, [alice], table, "clocks", problems)
            # the running clock runs out: the waiting seat's table offers the claim (reading it wrote nothing)
            frozen_clock.at = clocks.flag_due(table) + datetime.timedelta(seconds=1)
            waiting = seat_user(table, 1 - table.clock_running)
            for language in ("zh-CN", "en"):
                for width in (1280, 390):
                    claimer = _page(browser, asgi_server, waiting, language, width)
                    claimer.goto(f"{asgi_server}/tables/{table.pk}/")
                    assert claimer.locator("#claim").count() == 1 and claimer.locator("#flagged").count() == 1
                    audit(claimer, f"[claim {language} {width}px]", problems)
                    claimer.screenshot(path=str(SHOTS / f"claim-{language}-{width}.png"), full_page=width == 390)
                    claimer.context.close()
            table.refresh_from_db()
            assert table.status == Table.Status.PLAYING
            claimer = _page(browser, asgi_server, waiting)
            claimer.goto(f"{asgi_server}/tables/{table.pk}/")
            claimer.locator("#claim").click()
            claimer.wait_for_selector("#ending")
            assert "超时" in claimer.locator("#ending").inner_text()
            table.refresh_from_db()
            assert table.status == Table.Status.FINISHED and table.result["termination"] == "time"
            _audit_and_shoot(browser, asgi_server, [waiting], table, "lost-on-time", problems)
            # the tables page, read without a login
            Table.objects.filter(pk=table.pk).update(public=True)
            for language in ("zh-CN", "en"):
                for width in (1280, 390):
                    reader = _anonymous(browser, asgi_server, language, width)
                    reader.goto(f"{asgi_server}/tables/")
                    assert reader.locator(f"#watch-row-{table.pk}").count() == 1
                    assert reader.locator("#create-form").count() == 0
                    audit(reader, f"[tables anonymous {language} {width}px]", problems)
                    shot = SHOTS / f"list-anonymous-{language}-{width}.png"
                    reader.screenshot(path=str(shot), full_page=width == 390)
                    reader.context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
