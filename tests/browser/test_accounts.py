"""Issue 13, accounts in a real browser, in Chinese and English, on a desktop and at 390 px: sign up, confirm the
e-mail (read from the test mail box), land on the dashboard, fill the profile, log out and in, reset the password.

Screenshots of each step go to a temporary folder; with JUNLING_SCREENSHOTS=docs/guide they are written there
for the player's guide (docs/guide/player.md).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "plum-blossom-garden-42"
NEW_PASSWORD = "bamboo-river-lantern-77"
SIZES = {"desktop": (1100, 760), "phone": (390, 844)}


def _link(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("JUNLING_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} scrolls sideways: {width} px"


@contextmanager
def _browser(chromium_path: str, tmp_path: Path, language: str, size: str) -> Iterator[tuple[Any, Any, Any]]:
    """(page, shot, new_page): Chromium in ``language`` at ``size``; ``shot(step)`` checks that the page does not
    scroll sideways, reads its words (``tests/browser/words.py``: the block fails at its end on any word not in
    the page's language) and saves its screenshot; ``new_page()`` opens another window (another visitor)."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    from tests.browser.words import check_words, no_foreign_words
    from tests.conftest import CHROMIUM_ARGS

    shots = _shots(tmp_path)
    words: list[str] = []
    width, height = SIZES[size]
    locale = "zh-CN" if language == "zh" else "en-GB"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)

        def new_page() -> Any:
            page = browser.new_context(locale=locale, viewport={"width": width, "height": height}).new_page()
            page.set_default_timeout(20_000)
            return page

        page = new_page()

        def shot(step: str) -> None:
            _no_sideways_scroll(page)
            check_words(page, step, words)
            page.screenshot(path=str(shots / f"player-{step}-{language}-{size}.png"))

        try:
            yield page, shot, new_page
            assert not words, no_foreign_words(words)
        finally:
            browser.close()


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_sign_up_confirm_log_in_profile_dashboard_and_reset(live_server, chromium_path, tmp_path, language, size):
    cache.clear()  # allauth's rate limits (one confirmation mail per address per 3 minutes) live in the cache
    email = f"lin-{language}-{size}@example.org"
    base = live_server.url
    with _browser(chromium_path, tmp_path, language, size) as (page, shot, _new_page):
        # Sign up.
        page.goto(base + "/")
        with page.expect_navigation():
            page.click("header .user a[href='/accounts/signup/']")
        assert page.locator("html").get_attribute("lang") == ("zh-hans" if language == "zh" else "en")
        page.fill("input[name=username]", "lin")
        page.fill("input[name=email]", email)
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        shot("1-signup")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.url.endswith("/accounts/confirm-email/")
        assert page.locator("main h1").inner_text() == (
            "验证你的电子邮箱地址" if language == "zh" else "Verify Your Email Address"
        )
        shot("2-check-your-mail")

        # Confirm the e-mail from the mail the site sent; that logs in and opens the dashboard.
        assert len(mail.outbox) == 1 and mail.outbox[0].to == [email]
        page.goto(base + _link(mail.outbox[0]))
        shot("3-confirm")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.url.endswith("/me/")
        shot("4-dashboard-new")

        # The profile: display names in both scripts, club, region.
        page.goto(base + "/me/profile")
        page.fill("input[name=display_name]", "林冲")
        page.fill("input[name=display_name_traditional]", "林沖")
        page.fill("input[name=club]", "梁山棋牌社")
        page.fill("input[name=region]", "山东 济宁")
        shot("5-profile-edit")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.url.endswith("/players/lin/")
        assert "林沖" in page.inner_text("main") and email in page.inner_text("main")
        shot("6-profile")
        page.goto(base + "/me/")
        assert "林冲" in page.inner_text("main h1")

        # Log out and in again with the user name.
        with page.expect_navigation():
            page.click("header .user button[type=submit]")
        page.goto(base + "/accounts/login/")
        page.fill("input[name=username]", "lin")
        page.fill("input[name=password]", PASSWORD)
        shot("7-login")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.url.endswith("/me/")
        with page.expect_navigation():
            page.click("header .user button[type=submit]")

        # Forgot the password: reset it from the mail.
        page.goto(base + "/accounts/login/")
        with page.expect_navigation():
            page.click("main a[href='/accounts/password/reset/']")
        page.fill("input[name=email]", email)
        shot("8-reset")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert len(mail.outbox) == 2
        page.goto(base + _link(mail.outbox[1]))
        page.fill("input[name=password1]", NEW_PASSWORD)
        page.fill("input[name=password2]", NEW_PASSWORD)
        shot("9-new-password")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert get_user_model().objects.get(username="lin").check_password(NEW_PASSWORD)


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_demo_players_day_dashboard_sharing_a_deck_and_withdrawing(
    live_server, chromium_path, tmp_path, language, size
):
    """alice (make run's demo player) sees her registration and decks on the dashboard, shares a deck by link
    (a visitor opens it), then withdraws from the demo tournament after confirming."""
    from django.core.management import call_command

    from decks.models import Deck
    from matches.models import Registration

    call_command("loaddemo", verbosity=0)
    alice = get_user_model().objects.get(username="alice")
    alice.set_password(PASSWORD)
    alice.save()
    base = live_server.url
    with _browser(chromium_path, tmp_path, language, size) as (page, shot, new_page):
        page.goto(base + "/accounts/login/")
        page.fill("input[name=username]", "alice")
        page.fill("input[name=password]", PASSWORD)
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.url.endswith("/me/")
        assert page.locator("#dash-registrations + ul li").count() == 1
        shot("10-dashboard")

        # Share the newest deck by link; a visitor in another window opens the link.
        with page.expect_navigation():
            page.click("#dash-decks + ul a")
        page.select_option("select[name=visibility]", "link")
        with page.expect_navigation():
            page.click("form.deck-sharing button[type=submit]")
        link = page.input_value("input.share-link")
        assert "/decks/shared/" in link
        shot("11-deck-sharing")
        deck = Deck.objects.get(owner=alice, visibility="link")
        visitor = new_page()
        visitor.goto(link)
        assert deck.name in visitor.inner_text("main h1")
        assert visitor.locator("form.deck-sharing").count() == 0
        visitor.context.close()

        # Withdraw from the demo tournament: the box must be ticked.
        page.goto(base + "/me/")
        with page.expect_navigation():
            page.click("#dash-registrations + ul a[href$='/withdraw']")
        page.check("input[name=confirm]")
        shot("12-withdraw")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert not Registration.objects.filter(player=alice).exists()

        # A game against the bot, conceded: my games lists it with the game's log, now that it is over.
        from matches.services.play import lifecycle

        match = lifecycle.do_start_bot_match(alice, deck.latest_version(), "greedy")
        lifecycle.do_concede(match, alice)
        page.goto(base + "/me/games/")
        assert page.locator(f"a[href='/play/matches/{match.pk}/games/1/log']").count() == 1
        shot("13-my-games")
