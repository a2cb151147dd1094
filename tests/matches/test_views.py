"""Tournament pages: list, detail, register a deck, organiser actions; decklist privacy on the page."""

from __future__ import annotations

import pytest

from matches.models import Registration, Tournament
from tests.decks.factories import (
    legal_text,
    make_deck,
)
from tests.matches.factories import TournamentFactory, UserFactory, deck_version

pytestmark = pytest.mark.django_db


def test_tournament_list_and_detail_render(client, fmt):
    tournament = TournamentFactory(format=fmt)
    assert tournament.name in client.get("/tournaments/").content.decode()
    assert client.get(f"/tournaments/{tournament.pk}/").status_code == 200


def test_a_player_registers_a_deck_from_the_page(client, fmt):
    player = UserFactory()
    version = deck_version(player, fmt)
    tournament = TournamentFactory(format=fmt)
    client.force_login(player)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'value="{version.pk}"' in page
    response = client.post(f"/tournaments/{tournament.pk}/register", {"deck_version": version.pk})
    assert response.status_code == 302
    assert Registration.objects.get().deck_version == version


def test_registering_an_illegal_deck_from_the_page_is_400_listing_the_violations(client, fmt):
    player = UserFactory()
    version = make_deck(player, fmt, legal_text(extra="1 关羽\n1 曹操")).latest_version()
    tournament = TournamentFactory(format=fmt)
    client.force_login(player)
    response = client.post(
        f"/tournaments/{tournament.pk}/register", {"deck_version": version.pk}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count('class="violation"') >= 2 and "ruling D2" in html
    assert not Registration.objects.exists()


@pytest.mark.parametrize("value", ["", "abc", "-1", "9" * 40])
def test_registering_with_a_bad_deck_version_value_is_400(client, fmt, value):
    tournament = TournamentFactory(format=fmt)
    client.force_login(UserFactory())
    assert client.post(f"/tournaments/{tournament.pk}/register", {"deck_version": value}).status_code == 400


def test_the_organiser_starts_and_publishes_and_the_decklist_becomes_public(client, fmt):
    organiser, player = UserFactory(), UserFactory()
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    from matches.services.registration import register_deck

    register_deck(player, tournament, deck_version(player, fmt))
    # Before publishing, the public sees no decklist.
    assert "关羽" not in client.get(f"/tournaments/{tournament.pk}/").content.decode()
    client.force_login(organiser)
    asked = client.post(f"/tournaments/{tournament.pk}/start")
    assert asked.status_code == 200 and 'name="confirm" value="yes"' in asked.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION  # nothing happens before the confirmation
    assert client.post(f"/tournaments/{tournament.pk}/start", {"confirm": "yes"}).status_code == 302
    assert client.post(f"/tournaments/{tournament.pk}/publish").status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.decklists_published
    client.logout()
    assert "关羽" in client.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_a_player_cannot_start_a_tournament(client, fmt):
    tournament = TournamentFactory(format=fmt)
    client.force_login(UserFactory())
    assert client.post(f"/tournaments/{tournament.pk}/start").status_code == 403
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


def test_a_draft_tournament_is_404_to_the_public(client, fmt):
    tournament = TournamentFactory(format=fmt, status=Tournament.Status.DRAFT)
    assert client.get(f"/tournaments/{tournament.pk}/").status_code == 404
