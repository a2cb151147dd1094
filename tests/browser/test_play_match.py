"""A refereed match in real browsers: two players (two Chromium contexts) play a whole match against each
other through the table's controls until the engine ends it, and one player plays a bot."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from matches.models import GameLog, Match, RefereedGame
from tests.browser.words import check_words, no_foreign_words
from tests.matches.test_play_factories import quick_setup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log_in(browser, base_url: str, user, locale: str = "zh-CN"):
    """A new browser context in ``locale`` with ``user``'s session (logged in as the test client does)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale=locale, bypass_csp=True)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": base_url,
            }
        ]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


# The plan of both players: besiege, else advance into 敌城外, else recruit a first general, else answer a
# window by letting it resolve, else end the turn. With Might 45 generals one siege ends the game (§1.4 2).
PLAN = [
    'form.control[data-kind="siege"] button',
    'form.control[data-kind="move"]:has(input[name=action][value*="enemy_border"]) button',
    '#board:not(:has(.general.mine)) ~ #controls form.control[data-kind="recruit"] button',
    'form.control[data-kind="melee"] button',
    'form.control[data-kind="pass"] button',
    'form.control[data-kind="end_turn"] button',
]


def _step(page) -> tuple[bool, bool]:
    """Click the first control of the plan the page offers: (whether it acted, whether the page showed the
    response prompt with its countdown as it answered)."""
    for selector in PLAN:
        button = page.locator(selector).first
        if button.count():
            # Read before the click: while the player's controls are shown the table cannot change under him
            # (the opponent waits, and the test's clock never runs a window out).
            prompt = page.locator("#response-prompt .countdown").count() > 0
            before = page.locator("#play-table").get_attribute("data-version")
            button.click()
            page.wait_for_function(
                "v => { const t = document.querySelector('#play-table'); return t && t.dataset.version !== v; }",
                arg=before,
            )
            return True, prompt
    return False, False


def _catch_up(pages, match) -> None:
    """Wait until every table shows the server's version of the game (the one behind redraws by polling)."""
    from matches.presenters.play import table_version

    server = table_version(match)
    for p in pages:
        p.wait_for_function(
            "v => { const t = document.querySelector('#play-table'); return t && t.dataset.version === v; }",
            arg=server,
        )


def _play_to_the_end(pages, match, limit: int = 400) -> bool:
    """Both tables follow the plan until the match is over; whether a player answered a response prompt."""
    saw_prompt = False
    for _ in range(limit):
        if all(p.locator("#game-over").count() for p in pages):
            return saw_prompt
        acted = False
        for p in pages:
            if p.locator("#game-over").count():
                continue
            acted, prompt = _step(p)
            saw_prompt = saw_prompt or prompt
            if acted:
                break
        if not acted:
            _catch_up(pages, match)
    raise AssertionError("the match did not end in the browser")


def test_two_players_play_a_refereed_match_to_its_end_in_two_browsers(browser_page, frozen_clock):
    frozen_clock.at = timezone.now()  # no response window runs out during the test, however slow the machine
    _fmt, alice, bob, deck_a, deck_b = quick_setup()
    base = browser_page.base_url
    browser = browser_page.context.browser
    ctx_a, alice_page = _log_in(browser, base, alice)
    ctx_b, bob_page = _log_in(browser, base, bob)
    try:
        words: list[str] = []  # every page walked through, in the reader's language (tests/browser/words.py)
        alice_page.goto(base + "/play/")
        check_words(alice_page, "play page", words)
        alice_page.fill("#challenge-form input[name=opponent]", "bob")
        alice_page.select_option("#challenge-form select[name=deck_version]", str(deck_a.pk))
        alice_page.click("#challenge-form button[type=submit]")
        alice_page.wait_for_selector("#play-waiting")

        bob_page.goto(base + "/play/matches/")
        check_words(bob_page, "my matches with a challenge", words)
        bob_page.select_option(".accept-form select[name=deck_version]", str(deck_b.pk))
        bob_page.click(".accept-form button[type=submit]")
        bob_page.wait_for_selector("#my-hand")
        alice_page.wait_for_selector("#my-hand")  # alice's table polled and found the game
        check_words(alice_page, "table at the start", words)

        # each player sees his own hand by name and only a count of the other's
        assert "蜀将" in alice_page.inner_text("#my-hand") and "魏将" not in alice_page.inner_text("#my-hand")
        assert int(alice_page.get_attribute("#opponent-hand-count", "data-count")) >= 5
        assert "魏将" in bob_page.inner_text("#my-hand")

        pages = [alice_page, bob_page]
        match = Match.objects.get(player_a=alice, player_b=bob)
        saw_prompt = _play_to_the_end(pages, match)
        assert all(p.locator("#game-over").count() for p in pages), "the match did not end"
        assert saw_prompt  # the siege opened the defender's response window with its time limit
        for p in pages:
            check_words(p, "table at the end", words)

        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED and match.result_source == Match.Source.REFEREED
        game = RefereedGame.objects.get(refereed_match__match=match)
        assert game.outcome["termination"] == "cannot_pay_depletion"  # the siege asked for 45 cards (§1.4 2))
        over = alice_page.inner_text("#game-over")  # why the game ended, in the page's language, players by name
        assert "alice" in over or "bob" in over
        assert "须消耗 45 张资源" in over or "must deplete 45 RESOURCE cards" in over

        with alice_page.expect_download() as download:
            alice_page.click("#game-over a.log-link")
        log = json.loads(open(download.value.path(), encoding="utf-8").read())
        assert log["signature"] and log["entries"][-1]["action"]["type"] == "end"
        assert GameLog.objects.filter(source=GameLog.Source.REFEREED, signed=True).count() == 1
        assert not words, no_foreign_words(words)
    finally:
        ctx_a.close()
        ctx_b.close()


@pytest.mark.parametrize("language", ["zh-CN", "en"])
def test_a_player_plays_the_random_bot_to_the_end_in_the_browser(browser_page, frozen_clock, language):
    frozen_clock.at = timezone.now()
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    base = browser_page.base_url
    ctx, page = _log_in(browser_page.context.browser, base, alice, language)
    try:
        page.goto(base + "/play/")
        page.select_option("#bot-form select[name=deck_version]", str(deck_a.pk))
        page.select_option("#bot-form select[name=bot]", "random")
        words: list[str] = []
        check_words(page, "play page", words)
        page.click("#bot-form button[type=submit]")
        page.wait_for_selector("#my-hand")
        assert page.locator("#feed li").count() >= 6  # the coin flip and the draws, in plain words
        check_words(page, "table against the random bot", words)
        match = Match.objects.get(player_a=alice, bot="random")
        _play_to_the_end([page], match)
        match.refresh_from_db()
        assert match.is_finished and match.games.get().log.signed
        assert page.locator("#game-over a.log-link").count() == 1
        check_words(page, "table after the game against the random bot", words)
        assert not words, no_foreign_words(words)
    finally:
        ctx.close()


def test_a_player_plays_the_strongest_bot_on_a_clock_and_its_moves_come_from_its_task(browser_page, frozen_clock):
    """ismcts-3 with a time control, chosen on the play page: both clocks on the table; after the player's turn
    the bot's task moves (in-process here: no broker) and the table is the player's again."""
    from junling.models import OutboxMessage
    from matches.models import RefereedEntry
    from matches.services.play.referee import BOT_SEAT

    frozen_clock.at = timezone.now()
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    base = browser_page.base_url
    ctx, page = _log_in(browser_page.context.browser, base, alice)
    try:
        page.goto(base + "/play/")
        page.select_option("#bot-form select[name=deck_version]", str(deck_a.pk))
        page.select_option("#bot-form select[name=bot]", "ismcts-3")
        page.fill("#bot-form input[name=clock_minutes]", "5")
        page.fill("#bot-form input[name=clock_increment]", "3")
        page.click("#bot-form button[type=submit]")
        page.wait_for_selector("#my-hand")
        match = Match.objects.get(player_a=alice, bot="ismcts-3")
        assert (match.refereed.clock_total, match.refereed.clock_increment) == (300, 3)
        assert page.locator("#play-clocks #clock-you").count() == 1
        assert page.locator("#play-clocks #clock-opponent").count() == 1
        words: list[str] = []
        check_words(page, "clocked table against the strongest bot", words)
        for _ in range(40):
            if RefereedEntry.objects.filter(game__refereed_match__match=match, actor=BOT_SEAT).exists():
                break
            acted, _prompt = _step(page)
            assert acted
        else:
            raise AssertionError("the bot never moved")
        assert OutboxMessage.objects.filter(task="matches.play_bot_move", sent_at__isnull=False).exists()
        _catch_up([page], match)
        check_words(page, "clocked table after the bot's move", words)
        assert not words, no_foreign_words(words)
    finally:
        ctx.close()


def test_a_recruit_is_paid_with_the_cards_the_player_ticks_each_box_beside_its_card_on_a_phone(browser_page):
    """§3.5, ruling G3: the recruit's button waits for exactly its cost in ticked hand cards."""
    from engine.game import PaymentChoice, Phase, Recruit
    from matches.services.play import acting, cache, lifecycle
    from tests.decks.factories import legal_text, make_card_database_version, make_deck, make_format, make_user

    fmt = make_format([make_card_database_version()])
    carol = make_user("carol")
    match = lifecycle.do_start_bot_match(carol, make_deck(carol, fmt, legal_text()).latest_version(), "greedy")
    for _ in range(20):  # choose the commandment, then end turns until a recruit costs something
        state = cache.load_state(cache.current_game(match))
        if state.phase is Phase.MAIN and any(
            isinstance(a, PaymentChoice) and isinstance(a.template, Recruit) for a in state.legal_actions()
        ):
            break
        legal = state.legal_actions()
        action = legal[-1] if state.phase is Phase.MAIN else legal[0]
        acting.do_act(
            match,
            carol,
            action.complete(action.choices[: action.count]).to_json()
            if isinstance(action, PaymentChoice)
            else action.to_json(),
        )
    ctx, page = _log_in(browser_page.context.browser, browser_page.base_url, carol)
    try:
        page.goto(browser_page.base_url + f"/play/matches/{match.pk}/")
        form = page.locator('form.control[data-kind="recruit"][data-count]').first
        need = int(form.get_attribute("data-count"))
        general = json.loads(form.locator("input[name=action]").get_attribute("value"))["card"]
        assert form.locator("button").is_disabled()
        boxes = form.locator("input[name=payment]")
        # On a phone each checkbox stays on the line of its card's name (the hand-limit discard's fieldset too).
        page.set_viewport_size({"width": 390, "height": 844})
        for label in form.locator("label.choice").all():
            box, name = label.locator("input").bounding_box(), label.locator("span").bounding_box()
            assert box and name and abs((box["y"] + box["height"] / 2) - (name["y"] + name["height"] / 2)) < 6
            assert name["x"] > box["x"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        words: list[str] = []
        check_words(page, "table with a recruit to pay", words)
        for i in range(need):
            boxes.nth(i).check()
        assert form.locator("button").is_enabled()
        before = page.locator("#play-table").get_attribute("data-version")
        form.locator("button").click()
        page.wait_for_function("v => document.querySelector('#play-table').dataset.version !== v", arg=before)
        assert page.locator(f'#board .general.mine[data-id="{general}"]').count() == 1
        assert page.locator("#play-error").count() == 0
        check_words(page, "table after the recruit", words)
        assert not words, no_foreign_words(words)
    finally:
        ctx.close()


def test_a_response_window_that_ran_out_resolves_from_the_table_without_a_worker(browser_page, frozen_clock):
    """Tasks run in-process (the embedded default): the table shows the window expired and asks the referee
    to pass; the siege resolves and ends the game (§1.4 2))."""
    import datetime

    from matches.services.play import cache, windows
    from tests.matches.test_play_factories import human_match, play_until_window

    setup = quick_setup()
    match = human_match(setup)
    state = play_until_window(match, setup)
    deadline = windows.response_deadline(cache.current_game(match), state)
    defender = setup[1 + state.current_player()]
    frozen_clock.at = deadline + datetime.timedelta(seconds=1)
    ctx, page = _log_in(browser_page.context.browser, browser_page.base_url, defender)
    try:
        page.goto(browser_page.base_url + f"/play/matches/{match.pk}/")
        page.wait_for_selector("#game-over")
        match.refresh_from_db()
        assert match.is_finished and page.locator('form.control[data-kind="pass"]').count() == 0
        words: list[str] = []
        check_words(page, "table after the window ran out", words)
        assert not words, no_foreign_words(words)
    finally:
        ctx.close()
