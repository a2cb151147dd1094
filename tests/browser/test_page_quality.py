"""Every page, as a visitor and as a player, in both languages, on a desktop and at 390 px:
axe-core finds no WCAG 2.1 AA violation, nothing scrolls sideways, and the page keeps the site's
Content Security Policy (this test's browser does not bypass it, unlike the other browser tests).
"""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


def _pages(player) -> list[str]:
    from decks.models import Card, Deck
    from matches.models import Tournament

    card = Card.objects.select_related("version").first()
    deck = Deck.objects.filter(owner=player).first()
    tournament = Tournament.objects.first()
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
        "/accounts/login/",
    ]
    return pages


def _check(page, url: str, problems: list[str], label: str) -> None:

    response = page.goto(page.base_url + url)
    if response is None or response.status >= 400:
        problems.append(f"{label} {url}: HTTP {response.status if response else '-'}")
        return
    audit(page, f"{label} {url}", problems)


def audit(page, label: str, problems: list[str]) -> None:
    """The page as it is now: axe-core's WCAG 2.1 AA violations, sideways scrolling, CSP violations."""
    from axe_playwright_python.sync_playwright import Axe

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
                        if who == "visitor" and url.startswith(("/decks/", "/play/matches")) and url != "/decks/":
                            continue
                        _check(page, url, problems, f"[{language} {width}px {who}]")
                    context.close()
        finally:
            browser.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
