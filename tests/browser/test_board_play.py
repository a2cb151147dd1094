"""The drawn board in real browsers (``templates/boards/_board.html``, ``static/js/board.js``): a 龙虎三国志 table
of four seats (two people, two bots) and a 文禄朝鲜之役 table played for 150 moves (or to the end) by clicking on
the board (a place,
then one of its actions; every tenth move by the keyboard: Tab to the place, Enter, Tab to the action, Enter), a
pass taken from the list below the board when the board offers nothing else. One player reads Chinese at 1280 px,
the other English at 390 px; at the start, after 60 moves and at the last every table page (each seat's, the
spectators') passes axe-core and fits its width in both languages at both widths. Screenshots of each board go
to ``$TABLES_SHOTS`` (default /tmp/tables-shots); the reviewed ones are in docs/guide/."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from boards.services.maps import ensure_test_maps
from tables import engines, services
from tables.models import Table
from tables.presenters import version
from tests.browser.test_live_push import AT, LIVE, NOT_AT, asgi_server  # noqa: F401 (the fixture)
from tests.browser.test_page_quality import CSP_WATCH, audit
from tests.matches.factories import UserFactory
from tests.tables.conftest import PLACEMENT, VP_MARGIN, seat_user, to_act

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("TABLES_SHOTS", "/tmp/tables-shots"))
SETTLED = "() => !document.querySelector('.htmx-request')"
MOVES = 150
"""The people's moves played (fewer if the game ends first). Playing to the end is left out for now: in the last
runs 龙虎三国志 with two bots took more than 1,000 turns of this loop, and 文禄朝鲜之役 had one pass refused (400) at
its 456th move, not yet explained (issue 30 item 1)."""


def _page(browser: Any, base_url: str, user: Any, locale: str, width: int) -> Any:
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
    context.add_init_script(CSP_WATCH)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def _pass_form(page: Any) -> Any:
    """The fallback list's pass (a button's form whose action is a pass), or None."""
    for form in page.locator("#controls form").all():
        value = form.locator("input[name=action]").get_attribute("value") or "{}"
        if json.loads(value).get("type") == "pass":
            return form
    return None


def _click_move(page: Any, n: int) -> str:
    """The mover's page plays one move: on the board when it offers one (every fifth move, or when the list has
    no pass), else the list's pass, else its first choice. Returns how it moved."""
    actionable = page.locator(".board-svg .spot.actionable")
    pass_form = _pass_form(page)
    if actionable.count() and (n % 5 == 0 or pass_form is None):
        spot = actionable.first
        if n % 10 == 0:  # by the keyboard: the place takes the focus, Enter opens its panel, Enter confirms
            spot.focus()
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.activeElement && document.activeElement.matches('.board-panel h3')")
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.matches('.board-act')")
            page.keyboard.press("Enter")
            return "keyboard"
        spot.click()
        page.locator(".board-panel:not([hidden]) .board-act").first.click(timeout=5_000)
        return "board"
    if pass_form is not None:
        pass_form.locator("button").click()
        return "pass"
    choice = page.locator("#action-choice")
    if choice.count():
        assert choice.input_value() == "", "the drop-down starts on no choice"
        choice.select_option(index=1)
        page.locator("#controls button[type=submit]").click()
        return "list"
    page.locator("#controls button").first.click()
    return "list"


def _drawn_now(page: Any, table: Table) -> str | None:
    """The table's version once the page shows it (the bots may still be moving: then None, to look again)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    table.refresh_from_db()
    now = version(table)
    try:
        page.wait_for_function(AT, arg=now, timeout=5_000)
    except PlaywrightTimeout:
        return None
    table.refresh_from_db()
    return now if version(table) == now else None


def _audit_all(browser: Any, base: str, table: Table, users: list[Any], name: str, problems: list[str]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for language in ("zh-CN", "en"):
        for width in (1280, 390):
            for who, path in [(u, "/tables/{pk}/") for u in users] + [(users[0], "/tables/{pk}/watch/")]:
                page = _page(browser, base, who, language, width)
                page.goto(base + path.format(pk=table.pk))
                page.wait_for_selector("#board-svg")
                audit(page, f"[{name} {path} {who.username} {language} {width}px]", problems)
                tag = "watch" if "watch" in path else who.username
                page.locator("#board-drawn").screenshot(path=str(SHOTS / f"{name}-{tag}-{language}-{width}.png"))
                page.context.close()


def _play_to_the_end(browser: Any, base: str, table: Table, users: list[Any], name: str, problems: list[str]) -> dict:
    ways = {"board": 0, "keyboard": 0, "pass": 0, "list": 0}
    setups = [("zh-CN", 1280), ("en", 390)]
    _audit_all(browser, base, table, users, f"{name}-start", problems)
    pages = {u.pk: _page(browser, base, u, *setups[i % 2]) for i, u in enumerate(users)}
    for p in pages.values():
        p.goto(f"{base}/tables/{table.pk}/")
        p.wait_for_function(LIVE)  # from here on every change comes by push
    for n in range(MOVES):
        table.refresh_from_db()
        if table.status != Table.Status.PLAYING:
            break
        if n == 60:
            _audit_all(browser, base, table, users, f"{name}-middle", problems)
        seat = to_act(table)
        mover = seat_user(table, seat) if seat is not None else None
        if mover is None:  # a bot or chance is still moving (in a task after the commit)
            next(iter(pages.values())).wait_for_timeout(200)
            continue
        page = pages[mover.pk]
        before = _drawn_now(page, table)
        if before is None:
            continue
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act/")) as answer:
            way = _click_move(page, n)
            ways[way] += 1
        table.refresh_from_db()
        after = version(table)
        said = f"{way} move {n}: {answer.value.status} {answer.value.text()[:300]}"
        assert after != before, f"refused: {said}"
        page.wait_for_function(NOT_AT, arg=before)
        page.wait_for_function(SETTLED)  # the answer's own swap may come after the push of the same table
    table.refresh_from_db()
    _audit_all(browser, base, table, users, f"{name}-end", problems)
    for p in pages.values():
        p.context.close()
    return ways


def test_a_four_seat_table_of_two_people_and_two_bots_is_played_on_the_board(asgi_server, chromium_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = services.do_create_table(
        alice, PLACEMENT, 4, invited=[bob], bots=2, bot=engines.bots(PLACEMENT)[0], public=True
    )
    services.do_join_table(bob, table)
    table.refresh_from_db()
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            ways = _play_to_the_end(browser, asgi_server, table, [alice, bob], "board-longhu", problems)
        finally:
            browser.close()
    assert ways["board"] > 0 and ways["keyboard"] > 0, ways
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_a_two_sided_table_is_played_on_the_board(asgi_server, chromium_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    ensure_test_maps()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = services.do_create_table(alice, VP_MARGIN, 2, public=True)
    services.do_join_table(bob, table)
    table.refresh_from_db()
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            ways = _play_to_the_end(browser, asgi_server, table, [alice, bob], "board-wenlu", problems)
        finally:
            browser.close()
    assert ways["board"] > 0 and ways["keyboard"] > 0, ways
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
