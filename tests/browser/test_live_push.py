"""Live play in real browsers against a real ASGI server (uvicorn in a thread, the in-memory channel
layer): a move arrives on the opponent's table by push, without a reload and without a poll; a spectator's
table follows too. The new spectator pages pass axe-core (WCAG 2.1 AA) and fit 390 px.

No timing: every wait is on a condition (a table's version), with the page's default timeout."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client

from matches.models import Match
from matches.presenters.play import table_version
from matches.presenters.watch import spectator_view
from tests.matches.factories import TournamentFactory, UserFactory
from tests.matches.test_play_factories import human_match, quick_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def asgi_server(transactional_db) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """``junling.asgi.application`` served by uvicorn on a free loopback port, in a thread; its base URL."""
    import uvicorn

    from junling.asgi import build_application

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs a loop in the test thread
    config = uvicorn.Config(build_application(), host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:  # a condition, polled; fails only if the server never starts
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def _context(browser, base_url: str, user, locale: str = "zh-CN", width: int = 1280):  # type: ignore[no-untyped-def]
    context = browser.new_context(locale=locale, bypass_csp=True, viewport={"width": width, "height": 900})
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


LIVE = "() => { const t = document.querySelector('#play-table'); return t && t.dataset.live === '1'; }"
AT = "v => { const t = document.querySelector('#play-table'); return t && t.dataset.version === v; }"
NOT_AT = "v => { const t = document.querySelector('#play-table'); return t && t.dataset.version !== v; }"


def test_a_move_arrives_on_the_opponent_table_by_push_without_reload_or_poll(asgi_server, chromium_path):
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    setup = quick_setup()
    _fmt, alice, bob, _a, _b = setup
    match = human_match(setup)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            pages = {}
            for user in (alice, bob):
                _ctx, page = _context(browser, asgi_server, user)
                page.goto(f"{asgi_server}/play/matches/{match.pk}/")
                page.wait_for_function(LIVE)  # the socket is open and synced
                pages[user.username] = page
            _ctx, spectator = _context(browser, asgi_server, None)
            spectator.goto(f"{asgi_server}/watch/matches/{match.pk}/")
            spectator.wait_for_function(LIVE)
            from matches.services.play import cache

            state = cache.load_state(cache.current_game(match))
            mover, waiter = (alice, bob) if state.current_player() == 0 else (bob, alice)
            watching = pages[waiter.username]
            polls: list[str] = []
            watching.on("request", lambda r: polls.append(r.url) if "/table" in r.url else None)
            watching.evaluate("() => { window.__notReloaded = true; }")
            before = table_version(match)
            before_spectator = spectator_view(Match.objects.get(pk=match.pk), None, "zh-hans")["version"]
            # The socket is open: the control's form goes over it (no POST), and its answer, the mover's own
            # table, is drawn once the move has committed: wait for it before reading the version it made.
            mover_page = pages[mover.username]
            posts: list[str] = []
            mover_page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
            mover_page.locator('form.control[data-kind="end_turn"] button').click()
            mover_page.wait_for_function(NOT_AT, arg=before)
            after = table_version(match)
            assert after != before  # the move was applied
            assert mover_page.evaluate("() => document.querySelector('#play-table').dataset.version") == after
            assert not posts, posts  # it went over the socket
            watching.wait_for_function(AT, arg=after)
            assert watching.evaluate("() => window.__notReloaded === true")  # the same page: no reload
            assert not polls, polls  # nor a poll: it came by push
            spectated = spectator_view(Match.objects.get(pk=match.pk), None, "zh-hans")["version"]
            assert spectated != before_spectator
            spectator.wait_for_function(AT, arg=spectated)
        finally:
            browser.close()


def test_without_a_socket_a_move_is_posted_as_before_and_its_answer_redraws_the_table(asgi_server, chromium_path):
    """The fallback: a browser whose socket cannot open (no WebSocket here) posts the control's form to the act
    view (htmx) and draws the table it answers."""
    from playwright.sync_api import sync_playwright

    from matches.services.play import cache
    from tests.conftest import CHROMIUM_ARGS

    setup = quick_setup()
    _fmt, alice, bob, _a, _b = setup
    match = human_match(setup)
    mover = alice if cache.load_state(cache.current_game(match)).current_player() == 0 else bob
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            context, page = _context(browser, asgi_server, mover)
            context.add_init_script("delete window.WebSocket;")
            page.goto(f"{asgi_server}/play/matches/{match.pk}/")
            assert page.evaluate("() => !('WebSocket' in window)")
            before = table_version(match)
            with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act")) as posted:
                page.locator('form.control[data-kind="end_turn"] button').click()
            assert posted.value.status == 200
            after = table_version(match)
            assert after != before  # applied by the POST
            page.wait_for_function(AT, arg=after)
            assert page.evaluate("() => document.querySelector('#play-table').dataset.live") is None
        finally:
            browser.close()


def test_the_spectator_pages_are_accessible_and_fit_a_phone(asgi_server, chromium_path):
    from playwright.sync_api import sync_playwright

    from tests.browser.test_page_quality import CSP_WATCH, _check
    from tests.conftest import CHROMIUM_ARGS

    setup = quick_setup()
    match = human_match(setup)
    organiser = UserFactory(username="organiser")
    tournament = TournamentFactory(format=setup[0], created_by=organiser)
    tournament.organisers.add(organiser)
    urls = ["/watch/", f"/watch/matches/{match.pk}/", f"/tournaments/{tournament.pk}/spectators"]
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for language in ("zh-CN", "en"):
                for width in (1280, 390):
                    context = browser.new_context(locale=language, viewport={"width": width, "height": 844})
                    context.add_init_script(CSP_WATCH)
                    client = Client()
                    client.force_login(organiser)
                    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
                    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": asgi_server}])
                    page = context.new_page()
                    page.base_url = asgi_server  # type: ignore[attr-defined]
                    for url in urls:
                        _check(page, url, problems, f"[{language} {width}px]")
                    context.close()
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
