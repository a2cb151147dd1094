"""Issue 13, the player: public deck pages and share links at the owner's word (private decks never leak), and
exported files named after the deck (RFC 6266 ``filename*``)."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from decks.access import access_shared_deck, can_view_deck
from decks.models import Deck
from decks.services.decks import set_deck_visibility
from junling.downloads import ascii_fallback, attachment
from junling.errors import NotAllowed
from junling.models import AuditEvent
from tests.decks.factories import FormatFactory, UserFactory, make_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck():
    return make_deck(UserFactory(username="owner"), FormatFactory(), name="蜀国快攻")


def test_a_private_deck_is_seen_by_its_owner_only(client, deck):
    assert deck.visibility == Deck.Visibility.PRIVATE and deck.share_token == ""
    client.force_login(UserFactory())
    assert client.get(f"/decks/{deck.pk}/").status_code == 403
    assert client.get(f"/decks/versions/{deck.latest_version().pk}/export").status_code == 403
    client.logout()
    assert client.get(f"/decks/{deck.pk}/").status_code == 302  # to the login page
    assert not can_view_deck(UserFactory(staff=True), deck)


def test_sharing_by_link_shows_the_list_to_anyone_with_the_link_only(client, deck):
    client.force_login(deck.owner)
    assert client.post(f"/decks/{deck.pk}/sharing", {"visibility": "link"}).status_code == 302
    deck.refresh_from_db()
    assert deck.visibility == "link" and len(deck.share_token) >= 40
    assert AuditEvent.objects.filter(verb="deck.visibility", target_id=str(deck.pk)).exists()
    assert f"/decks/shared/{deck.share_token}/" in client.get(f"/decks/{deck.pk}/").content.decode()
    client.logout()
    page = client.get(f"/decks/shared/{deck.share_token}/").content.decode()
    assert "蜀国快攻" in page and "Version history" not in page and "版本历史" not in page
    assert "/sharing" not in page and "/export" not in page
    assert client.get(f"/decks/{deck.pk}/").status_code == 302  # not public: the deck's own page stays closed
    assert client.get("/decks/shared/wrong-token/").status_code == 404


def test_making_a_deck_private_again_kills_the_old_link(client, deck):
    set_deck_visibility(deck, deck.owner, "link")
    token = Deck.objects.get(pk=deck.pk).share_token
    set_deck_visibility(deck, deck.owner, "private")
    assert client.get(f"/decks/shared/{token}/").status_code == 404
    with pytest.raises(Exception):  # noqa: B017  (Http404)
        access_shared_deck(token)
    set_deck_visibility(deck, deck.owner, "link")
    assert Deck.objects.get(pk=deck.pk).share_token != token


def test_a_public_deck_is_on_its_owners_profile_and_open_to_anyone(client, deck):
    set_deck_visibility(deck, deck.owner, "public")
    assert "蜀国快攻" in client.get("/players/owner/").content.decode()
    page = client.get(f"/decks/{deck.pk}/")
    assert page.status_code == 200 and "/export" in page.content.decode()
    assert client.get(f"/decks/versions/{deck.latest_version().pk}/export").status_code == 200


def test_only_the_owner_sets_the_visibility_and_a_bad_value_is_refused(client, deck):
    with pytest.raises(NotAllowed):
        set_deck_visibility(deck, UserFactory(), "public")
    client.force_login(UserFactory())
    assert client.post(f"/decks/{deck.pk}/sharing", {"visibility": "public"}).status_code == 403
    client.force_login(deck.owner)
    client.post(f"/decks/{deck.pk}/sharing", {"visibility": "everyone"})
    assert Deck.objects.get(pk=deck.pk).visibility == "private"


def test_an_exported_file_is_named_after_the_deck_in_its_own_script(client, deck):
    client.force_login(deck.owner)
    response = client.get(f"/decks/versions/{deck.latest_version().pk}/export?kind=text")
    header = response["Content-Disposition"]
    assert header.startswith("attachment; filename=")
    encoded = header.split("filename*=UTF-8''")[1]
    assert unquote(encoded) == "蜀国快攻-v1.txt"
    assert header.isascii()


def test_the_ascii_stand_in_and_header_survive_odd_names():
    assert ascii_fallback("Café au lait-v2.json") == "Cafe-au-lait-v2.json"
    assert ascii_fallback("蜀国-v1.txt") == "v1.txt"
    value = attachment('a"b\r\nc/d.txt')
    assert "\r" not in value and "\n" not in value and 'a"b' not in value.split(";")[1]
