"""Every page, as a visitor and as a player, in both languages, on a desktop and at 390 px:
axe-core finds no WCAG 2.1 AA violation, nothing scrolls sideways, and the page keeps the site's
Content Security Policy (this test's browser does not bypass it, unlike the other browser tests).
"""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYER_ONLY = ("/decks/", "/play/matches", "/me/", "/accounts/password/change/", "/accounts/email/")
"""Pages a visitor is sent to the login page from (checked for the player only)."""


def _for_visitor(url: str) -> bool:
    if url == "/decks/" or url.startswith("/decks/shared/"):
        return True
    return not url.startswith(PLAYER_ONLY) and not url.endswith("/withdraw")


WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


def _pages(player) -> list[str]:
    from decks.models import Card, Deck
    from decks.services.decks import set_deck_visibility
    from matches.models import Tournament

    card = Card.objects.select_related("version").first()
    deck = Deck.objects.filter(owner=player).first()
    tournament = Tournament.objects.first()
    shared = set_deck_visibility(deck, player, "link")
    pages = [
        "/",
        "/cards/",
        f"/cards/{card.version_id}/{card.name}/",
        "/cards/databases/",
        "/decks/",
        "/decks/new",
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit",
        "/tournaments/",
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/standings/",
        "/ratings/",
        "/play/",
        "/play/matches/",
        "/play/lobby/",
        "/accounts/login/",
        # Issue 13: accounts and the player's pages.
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/accounts/confirm-email/",
        f"/players/{player.username}/",
        f"/decks/shared/{shared.share_token}/",
        "/me/",
        "/me/games/",
        "/me/profile",
        "/accounts/password/change/",
        "/accounts/email/",
        f"/tournaments/{tournament.pk}/withdraw",
    ]
    return pages


def _check(page, url: str, problems: list[str], label: str) -> None:

    response = page.goto(page.base_url + url)
    if response is None or response.status >= 400:
        problems.append(f"{label} {url}: HTTP {response.status if response else '-'}")
        return
    audit(page, f"{label} {url}", problems)


def audit(page, label: str, problems: list[str]) -> None:
    """The page as it is now: axe-core's WCAG 2.1 AA violations, sideways scrolling, CSP violations, and every
    word in the page's language (``tests/browser/words.py``: no English on a Chinese page, no Chinese on an
    English page, names and data aside)."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.words import check_words

    results = Axe().run(page, options=WCAG_AA)
    for violation in results.response["violations"]:
        targets = [n["target"] for n in violation["nodes"]][:3]
        problems.append(f"{label}: axe {violation['id']} ({violation['impact']}) at {targets}")
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size["width"]
    if width > viewport:
        problems.append(f"{label}: scrolls sideways ({width} px in {viewport} px)")
    for v in page.evaluate("window.__cspViolations || []"):
        problems.append(f"{label}: CSP violation {v}")
    check_words(page, label, problems)


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_every_page_is_accessible_fits_a_phone_and_keeps_the_csp(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    call_command("loaddemo", verbosity=0)
    player = get_user_model().objects.get(username="alice")
    urls = _pages(player)
    problems: list[str] = []
    from tests.conftest import CHROMIUM_ARGS

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width, height in ((1280, 900), (390, 844)):
                for who in ("visitor", "player"):
                    context = browser.new_context(locale=language, viewport={"width": width, "height": height})
                    context.add_init_script(CSP_WATCH)
                    if who == "player":
                        from django.test import Client

                        client = Client()
                        client.force_login(player)
                        cookie = client.cookies["sessionid"]
                        context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
                    page = context.new_page()
                    page.base_url = live_server.url  # type: ignore[attr-defined]
                    for url in urls:
                        if who == "visitor" and not _for_visitor(url):
                            continue
                        _check(page, url, problems, f"[{language} {width}px {who}]")
                    context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def _running_event(organiser) -> tuple[object, list[str]]:
    """The demo tournament started (event details, a published round 1): the pages of an organiser's day."""
    from matches.models import Tournament
    from matches.services import event, rounds
    from matches.services.registration import start_tournament

    tournament = Tournament.objects.get(organisers=organiser)
    event.update_event(
        tournament, organiser, venue="成都 · Chengdu", description="三轮瑞士 / three Swiss rounds", player_cap=8
    )
    start_tournament(tournament, organiser)
    rounds.publish_round(rounds.pair_next_round(tournament, organiser), organiser)
    t = tournament.pk
    pages = [
        f"/tournaments/{t}/admin",
        f"/tournaments/{t}/roster",
        f"/tournaments/{t}/rounds/1/",
        f"/tournaments/{t}/rounds/1/print/table",
        f"/tournaments/{t}/rounds/1/print/name",
        f"/tournaments/{t}/rounds/1/print/slips",
        f"/tournaments/{t}/bracket",
        f"/tournaments/{t}/judge",
        f"/tournaments/{t}/my-match",
        f"/tournaments/{t}/",
    ]
    return tournament, pages


ORGANISER_CONFIRMATIONS = ["finish"]
"""Admin-page buttons whose confirmation page is checked too (the page a POST answers)."""


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_the_organisers_pages_are_accessible_fit_a_phone_and_keep_the_csp(live_server, chromium_path, language):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from django.contrib.auth import get_user_model
    from django.test import Client
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM_ARGS

    call_command("loaddemo", verbosity=0)
    organiser = get_user_model().objects.get(username="organiser")
    tournament, urls = _running_event(organiser)
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            for width, height in ((1280, 900), (390, 844)):
                context = browser.new_context(locale=language, viewport={"width": width, "height": height})
                context.add_init_script(CSP_WATCH)
                client = Client()
                client.force_login(organiser)
                cookie = client.cookies["sessionid"]
                context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
                page = context.new_page()
                page.base_url = live_server.url  # type: ignore[attr-defined]
                label = f"[{language} {width}px organiser]"
                for url in urls:
                    _check(page, url, problems, label)
                for action in ORGANISER_CONFIRMATIONS:
                    page.goto(page.base_url + f"/tournaments/{tournament.pk}/admin")  # type: ignore[attr-defined]
                    with page.expect_navigation():
                        page.click(f"button[name={action}]")
                    results = axe_violations(page)
                    problems.extend(f"{label} confirm {action}: axe {v}" for v in results)
                    if not page.locator("button[name=confirmed]").is_visible():
                        problems.append(f"{label} confirm {action}: no confirmation button")
                context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def axe_violations(page) -> list[str]:
    """axe-core's WCAG 2.1 AA violations of the page as it is now (after a click, not a page.goto)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=WCAG_AA)
    return [f"{v['id']} ({v['impact']})" for v in results.response["violations"]]
