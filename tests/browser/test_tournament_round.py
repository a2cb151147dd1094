"""An organiser runs a tournament round in a real Chromium: create, open, start, pair, publish, results, standings."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from matches.models import Match, Round, StandingsSnapshot, Tournament
from matches.services.registration import register_deck
from tests.browser.words import check_words, no_foreign_words
from tests.decks.factories import make_card_database_version, make_deck, make_format, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_runs_a_swiss_round_from_creation_to_standings(browser_page):
    page = browser_page
    fmt = make_format([make_card_database_version()], name="bench-standard")
    get_user_model().objects.create_user("organiser", password="a long test password 1")
    players = [make_user(f"player{i}") for i in range(5)]
    decks = {p.pk: make_deck(p, fmt).latest_version() for p in players}

    words: list[str] = []  # every page walked through, in the reader's language (tests/browser/words.py)
    page.goto(page.base_url + "/accounts/login/")
    check_words(page, "login", words)
    page.fill("input[name=username]", "organiser")
    page.fill("input[name=password]", "a long test password 1")
    with page.expect_navigation():
        page.click("form button[type=submit]:not([name])")

    # Create: a Swiss tournament of 2 rounds.
    page.goto(page.base_url + "/tournaments/new")
    check_words(page, "new tournament", words)
    page.fill("input[name=name]", "Browser Cup")
    page.select_option("select[name=format]", str(fmt.pk))
    page.select_option("select[name=structure]", "swiss")
    page.fill("input[name=planned_rounds]", "2")
    with page.expect_navigation():
        page.click("form.tournament-new button[type=submit]")
    tournament = Tournament.objects.get(name="Browser Cup")
    assert page.url.endswith(f"/tournaments/{tournament.pk}/admin")
    check_words(page, "admin of a draft", words)

    with page.expect_navigation():
        page.click("button[name=open]")
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.REGISTRATION
    check_words(page, "admin in registration", words)
    for player in players:
        register_deck(player, tournament, decks[player.pk])

    with page.expect_navigation():
        page.click("button[name=start]")
    # Starting cannot be undone: a page asks first, and nothing has changed yet (issue 13).
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.REGISTRATION
    check_words(page, "confirm the start", words)
    with page.expect_navigation():
        page.click("button[name=confirmed]")
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING
    with page.expect_navigation():
        page.click("button[name=pair]")
    assert page.locator(".draft-round").is_visible()
    check_words(page, "admin with a draft round", words)
    rnd = Round.objects.get(tournament=tournament)
    assert rnd.status == Round.Status.DRAFT and rnd.matches.filter(is_bye=True).count() == 1

    with page.expect_navigation():
        page.click("button[name=publish]")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    check_words(page, "admin with a published round", words)

    # Results: the organiser enters each table on the pairings page.
    page.goto(page.base_url + f"/tournaments/{tournament.pk}/rounds/1/")
    check_words(page, "round 1 before the results", words)
    played = list(rnd.matches.filter(is_bye=False).order_by("table"))
    for match in played:
        form = page.locator(f'tr[data-match="{match.pk}"] form.override')
        form.locator("input[name=games_won_a]").fill("2")
        form.locator("input[name=games_won_b]").fill("1")
        with page.expect_navigation():
            form.locator("button[type=submit]").click()
    assert page.locator("tr[data-match] td.result", has_text="2–1").count() == len(played)
    check_words(page, "round 1 with its results", words)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED
    assert all(m.status == Match.Status.FINISHED for m in rnd.matches.all())

    # Standings: the snapshot task ran after the results; the page shows every player, winners on 3 points.
    assert StandingsSnapshot.objects.filter(tournament=tournament).exists()
    page.goto(page.base_url + f"/tournaments/{tournament.pk}/standings/")
    check_words(page, "standings", words)
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 5
    points = [int(t) for t in page.locator("table.standings td.points").all_inner_texts()]
    assert points == sorted(points, reverse=True) and points.count(3) == 3
    winners = {m.player_a.username for m in played} | {rnd.matches.get(is_bye=True).player_a.username}
    first_three = page.locator("table.standings tbody tr td:nth-child(2) a").all_inner_texts()[:3]
    assert set(first_three) == winners

    # The next round pairs from these standings.
    page.goto(page.base_url + f"/tournaments/{tournament.pk}/admin")
    with page.expect_navigation():
        page.click("button[name=pair]")
    assert Round.objects.filter(tournament=tournament, number=2, status=Round.Status.DRAFT).exists()
    check_words(page, "admin with round 2 drafted", words)
    assert not words, no_foreign_words(words)
