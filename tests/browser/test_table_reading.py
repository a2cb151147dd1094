"""The game table read in a browser (issue 13): the turn banner, a card's text on hover, on keyboard focus and on
tap; a player's replay of his finished game stepped with the arrow keys; the standings and pairings at phone
width. Each page in both languages, on a desktop and at 390 px: axe-core clean, no sideways scroll.
Screenshots go to $SCREENSHOTS when it is set (docs/guide/player.md)."""

from __future__ import annotations

import os
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.browser.test_page_quality import audit
from tests.matches.test_play_factories import human_match, quick_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = ((1280, 900), (390, 844))


def _context(browser, base_url: str, user, language: str, size):
    client = Client()
    client.force_login(user)
    phone = size[0] < 600
    context = browser.new_context(
        locale=language, viewport={"width": size[0], "height": size[1]}, bypass_csp=True, has_touch=phone
    )
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def _shot(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name + ".png"), full_page=True)


def _running_match():
    """alice (蜀) against bob (魏), a few turns in: hands, a feed and generals on the table."""
    from matches.services.play import acting, cache
    from tests.matches.test_play_factories import winning_step

    setup = quick_setup()
    match = human_match(setup)
    users = {0: setup[1], 1: setup[2]}
    for _ in range(30):
        state = cache.load_state(cache.current_game(match))
        seat = state.current_player()
        if seat == 0 and state.turn >= 3 and state.field[0]:
            break
        action = winning_step(state, seat) if seat == 0 else {"type": "end_turn"}
        if action["type"] in ("move", "siege"):
            action = {"type": "end_turn"}
        acting.do_act(match, users[seat], action)
    return match, setup


def test_the_table_shows_the_turn_banner_and_card_texts_on_hover_focus_and_tap(browser_page, frozen_clock):
    frozen_clock.at = timezone.now()
    match, setup = _running_match()
    alice = setup[1]
    base = browser_page.base_url
    problems: list[str] = []
    for language in ("zh-CN", "en"):
        for size in SIZES:
            label = f"table {language} {size[0]}"
            context, page = _context(browser_page.context.browser, base, alice, language, size)
            try:
                page.goto(base + f"/play/matches/{match.pk}/")
                banner = page.locator("#turn-banner")
                assert banner.is_visible(), label
                assert ("回合" if language == "zh-CN" else "Turn") in banner.inner_text()
                assert page.locator("#turn-banner .hand-limit").count() == 2
                chip = page.locator("#my-hand .card-chip").first
                panel = page.locator("#card-panel")
                if size[0] > 400:
                    chip.hover()
                    panel.wait_for(state="visible")
                    assert panel.inner_text().strip() and chip.get_attribute("aria-expanded") == "true"
                    page.mouse.move(0, 0)
                    panel.wait_for(state="hidden")
                    chip.focus()  # the keyboard: a focused card shows its text, Escape hides it
                    panel.wait_for(state="visible")
                    page.keyboard.press("Escape")
                    panel.wait_for(state="hidden")
                else:
                    chip.tap()  # a phone: the text shows on a tap
                    panel.wait_for(state="visible")
                    assert chip.get_attribute("aria-describedby")
                feed_chips = page.locator("#feed .card-chip")
                assert feed_chips.count() > 0, label  # the feed's cards have their texts too
                feed_chips.first.click()
                panel.wait_for(state="visible")
                _shot(page, f"table-{language}-{size[0]}")
                audit(page, label, problems)
                page.keyboard.press("Escape")
            finally:
                context.close()
    assert problems == []


def _said(text: str) -> str:
    return " ".join(text.split())


def test_a_screen_reader_hears_each_card_of_the_feed_once_in_its_sentence(browser_page, frozen_clock):
    """Issue 27: each feed line was followed by a button repeating the cards it named, and each card's button was
    described by a text starting with its name again. The accessibility tree of every feed line now says the
    line as the referee narrated it, each card's name as often as the line names it; a card's button is
    described by the card's text without its name."""
    from django.utils import translation
    from playwright.sync_api import expect

    from matches.presenters.play import player_view

    frozen_clock.at = timezone.now()
    match, setup = _running_match()
    alice = setup[1]
    base = browser_page.base_url
    for language, django_language in (("zh-CN", "zh-hans"), ("en", "en")):
        with translation.override(django_language):
            lines = [_said(line) for line in player_view(match, alice, django_language)["feed"]]
        context, page = _context(browser_page.context.browser, base, alice, language, SIZES[0])
        try:
            page.goto(base + f"/play/matches/{match.pk}/")
            items = page.locator("#feed > li")
            assert items.count() == len(lines) and page.locator("#feed .card-chip").count() > 0, language
            for i, line in enumerate(lines):
                item = items.nth(i)
                tree = item.aria_snapshot()
                chips = item.locator(".card-chip")
                names = chips.all_inner_texts()
                heard = _said(" ".join(re.findall(r'(?:text: |button ")(.*?)"?$', tree, re.M)))
                assert _said(item.inner_text()) == line, (language, line, item.inner_text())
                for name in names:
                    assert tree.count(name) == line.count(name), (language, name, tree)
                    assert name in heard
                for n in range(chips.count()):
                    chip = chips.nth(n)
                    expect(chip).to_have_accessible_name(names[n])
                    described = chip.get_attribute("aria-describedby")
                    about = page.locator(f"#{described}").text_content() or ""
                    assert about.strip() and not _said(about).startswith(names[n]), (language, names[n], about)
        finally:
            context.close()


def test_a_player_steps_through_his_finished_game_with_the_arrow_keys(browser_page):
    from matches.services.play import lifecycle

    match, setup = _running_match()
    lifecycle.do_concede(match, setup[2])
    base = browser_page.base_url
    problems: list[str] = []
    for language in ("zh-CN", "en"):
        for size in SIZES:
            label = f"replay {language} {size[0]}"
            context, page = _context(browser_page.context.browser, base, setup[1], language, size)
            try:
                page.goto(base + "/me/games/")
                page.locator("a.replay-link").first.click()
                page.wait_for_selector("#step-view")
                first = page.locator("#current-entry").get_attribute("value")
                page.keyboard.press("ArrowRight")
                page.wait_for_selector(f'#current-entry[value="{int(first) + 1}"]')  # one entry on, in place
                assert page.locator("#seat-0").is_visible()
                _shot(page, f"replay-{language}-{size[0]}")
                audit(page, label, problems)
            finally:
                context.close()
    assert problems == []


def test_standings_and_pairings_fit_a_phone_in_both_languages(browser_page):
    from accounts.models import Profile
    from matches.services import rounds as services
    from matches.services.scoring import snapshot_standings
    from tests.matches.factories import play_round, running_tournament

    tournament, organiser, people = running_tournament(8)
    for i, p in enumerate(people):
        Profile.objects.update_or_create(user=p, defaults={"display_name": f"选手{i}号长长的名字"})
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(rnd, organiser)
    snapshot_standings(tournament.pk)
    base = browser_page.base_url
    problems: list[str] = []
    for language in ("zh-CN", "en"):
        context, page = _context(browser_page.context.browser, base, people[0], language, (390, 844))
        try:
            for name, url in (
                ("standings", f"/tournaments/{tournament.pk}/standings/"),
                ("pairings", f"/tournaments/{tournament.pk}/rounds/1/"),
            ):
                page.goto(base + url)
                assert "选手0号" in page.content()
                _shot(page, f"{name}-{language}-390")
                audit(page, f"{name} {language} 390", problems)
        finally:
            context.close()
    assert problems == []
