"""Board-game tables in real browsers against a real ASGI server (uvicorn, the in-memory channel layer):
alice sets up a 3-seat 龙虎三国志 table with bob invited and a bot through the form, bob takes his seat,
and they play a few moves with the buttons built from the legal actions, each move arriving on the other's
table by push; then a 文禄朝鲜之役 table. Every table page passes axe-core (WCAG 2.1 AA), keeps the CSP and
fits 390 px, in both languages; screenshots go to ``$TABLES_SHOTS`` (default /tmp/tables-shots)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from boards.services.maps import ensure_test_maps
from tables.models import Table
from tables.presenters import version
from tests.browser.test_live_push import AT, LIVE, asgi_server  # noqa: F401 (the fixture)
from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.matches.factories import TournamentFactory, UserFactory
from tests.tables.conftest import PLACEMENT, seat_user, to_act, two_side_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("TABLES_SHOTS", "/tmp/tables-shots"))


def _page(browser, base_url: str, user, locale: str = "zh-CN", width: int = 1280):  # type: ignore[no-untyped-def]
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    context.add_init_script(CSP_WATCH)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.base_url = base_url  # type: ignore[attr-defined]
    return page


def _move(pages: dict, table: Table) -> None:
    """Whoever is to act clicks his first choice; the other human's table follows by push."""
    table.refresh_from_db()
    mover = seat_user(table, to_act(table))
    page = pages[mover.username]
    before = version(table)
    page.wait_for_function(AT, arg=before)
    if page.locator("#action-choice").count():  # the list of many choices starts on none (never on pass)
        page.locator("#action-choice").select_option(index=1)
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act/")):
        page.locator("#controls button").first.click()
    table.refresh_from_db()
    after = version(table)
    assert after != before
    for p in pages.values():
        p.wait_for_function(AT, arg=after)


def _audit_and_shoot(
    browser, base_url: str, users: list, table: Table, name: str, problems: list[str], path: str = "/tables/{pk}/"
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for language in ("zh-CN", "en"):
        for width in (1280, 390):
            page = _page(browser, base_url, users[0], language, width)
            page.goto(base_url + path.format(pk=table.pk))
            audit(page, f"[{name} {language} {width}px]", problems)
            page.screenshot(path=str(SHOTS / f"{name}-{language}-{width}.png"), full_page=width == 390)
            page.context.close()


def test_two_people_and_a_bot_play_a_few_moves_of_a_three_seat_table_by_push(asgi_server, chromium_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page_a = _page(browser, asgi_server, alice)
            page_a.goto(f"{asgi_server}/tables/")
            audit(page_a, "[list zh-CN 1280px]", problems)
            form = page_a.locator("#create-form")
            form.locator("select[name=system]").select_option(PLACEMENT)
            form.locator("input[name=seats]").fill("3")
            form.locator("input[name=invite]").fill("bob")
            form.locator("input[name=bots]").fill("1")
            form.locator("button[type=submit]").click()
            page_a.wait_for_url(re.compile(r"/tables/\d+/$"))
            table = Table.objects.get()
            assert table.status == Table.Status.OPEN
            page_b = _page(browser, asgi_server, bob)
            page_b.goto(f"{asgi_server}/tables/{table.pk}/")
            page_b.locator("#join-1").click()
            page_b.wait_for_url(re.compile(rf"/tables/{table.pk}/$"))
            table.refresh_from_db()
            assert table.status == Table.Status.PLAYING
            pages = {"alice": page_a, "bob": page_b}
            page_a.wait_for_function(AT, arg=version(table))  # the start came to alice's open page by push
            page_a.reload()  # a swapped table is marked live at the next message; a fresh page at once
            for p in pages.values():
                p.wait_for_function(LIVE)
            for _ in range(4):
                _move(pages, table)
            assert table.entries.exclude(actor__in=["0", "1"]).exists()  # chance, and maybe the bot, played too
            _audit_and_shoot(browser, asgi_server, [alice], table, "longhu", problems)
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_a_two_sided_table_plays_by_push_and_its_pages_are_accessible(asgi_server, chromium_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            pages = {u.username: _page(browser, asgi_server, u) for u in (alice, bob)}
            for p in pages.values():
                p.goto(f"{asgi_server}/tables/{table.pk}/")
                p.wait_for_function(LIVE)
            for _ in range(3):
                _move(pages, table)
            _audit_and_shoot(browser, asgi_server, [alice], table, "wenlu", problems)
            _audit_and_shoot(browser, asgi_server, [bob], table, "wenlu-allies", problems)
            judge = UserFactory(username="judy")
            TournamentFactory(judges=[judge])
            for language in ("zh-CN", "en"):
                for width in (1280, 390):
                    page = _page(browser, asgi_server, judge, language, width)
                    page.goto(f"{asgi_server}/tables/judge/")
                    page.locator("input[name=table]").fill(str(table.pk))
                    page.locator("#judge-form button[type=submit]").click()
                    page.wait_for_selector("#verdict")
                    audit(page, f"[judge {language} {width}px]", problems)
                    page.screenshot(path=str(SHOTS / f"judge-{language}-{width}.png"), full_page=True)
                    page.context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
