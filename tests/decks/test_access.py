"""Who may see a decklist: owner, organisers and judges of a tournament it is registered in; all once published."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from decks import access
from decks.services import decks as services
from junling.errors import NotAllowed
from matches.access import can_view_registration_decklist
from matches.services.registration import publish_decklists, register_deck
from tests.decks.factories import (
    DeckFactory,
    FormatFactory,
    TournamentFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    fmt = FormatFactory()
    owner, other, organiser, judge = (UserFactory(username=n) for n in ("owner", "other", "organiser", "judge"))
    deck = DeckFactory(owner=owner, format=fmt)
    tournament = TournamentFactory(format=fmt, organiser=organiser, judges=[judge])
    registration = register_deck(owner, tournament, deck.latest_version())
    users = {"owner": owner, "other": other, "organiser": organiser, "judge": judge, "anonymous": AnonymousUser()}
    return {"deck": deck, "tournament": tournament, "registration": registration, "users": users}


BEFORE = {"owner": True, "other": False, "organiser": True, "judge": True, "anonymous": False}


@pytest.mark.parametrize("who", sorted(BEFORE))
def test_before_publishing_only_owner_organisers_and_judges_see_the_decklist(world, who):
    user = world["users"][who]
    assert access.can_view_decklist(user, world["deck"].latest_version()) is BEFORE[who]
    assert can_view_registration_decklist(user, world["registration"]) is BEFORE[who]


@pytest.mark.parametrize("who", sorted(BEFORE))
def test_after_publishing_everyone_sees_the_registered_decklist(world, who):
    publish_decklists(world["tournament"], world["users"]["organiser"])
    world["registration"].refresh_from_db()
    user = world["users"][who]
    assert access.can_view_decklist(user, world["deck"].latest_version()) is True
    assert can_view_registration_decklist(user, world["registration"]) is True


def test_publishing_does_not_reveal_an_unregistered_version_of_the_same_deck(world):
    owner = world["users"]["owner"]
    newer = services.update_deck(world["deck"], owner, source=world["deck"].latest_version().decklist + "1 丈八蛇矛\n")
    publish_decklists(world["tournament"], world["users"]["organiser"])
    assert not access.can_view_decklist(world["users"]["other"], newer)
    assert not access.can_view_decklist(world["users"]["organiser"], newer)


def test_an_unregistered_deck_is_private_to_its_owner():
    fmt = FormatFactory()
    owner = UserFactory()
    version = DeckFactory(owner=owner, format=fmt).latest_version()
    assert access.can_view_decklist(owner, version)
    assert not access.can_view_decklist(UserFactory(), version)
    assert not access.can_view_decklist(AnonymousUser(), version)


def test_access_deck_is_404_for_a_missing_deck_and_403_for_someone_elses(world):
    with pytest.raises(Http404):
        access.access_deck(world["users"]["owner"], 999999)
    with pytest.raises(Http404):
        access.access_deck(world["users"]["owner"], "not-a-number")
    with pytest.raises(NotAllowed):
        access.access_deck(world["users"]["organiser"], world["deck"].pk)
    assert access.access_deck(world["users"]["owner"], world["deck"].pk) == world["deck"]


def test_access_deck_version_follows_can_view_decklist(world):
    version = world["deck"].latest_version()
    assert access.access_deck_version(world["users"]["judge"], version.pk) == version
    with pytest.raises(NotAllowed):
        access.access_deck_version(world["users"]["other"], version.pk)


def test_staff_see_every_decklist(world):
    assert access.can_view_decklist(UserFactory(staff=True), world["deck"].latest_version())
    assert access.can_view_decklist(UserFactory(is_superuser=True), world["deck"].latest_version())


@pytest.mark.parametrize(("who", "allowed"), [("staff", True), ("player", False), ("anonymous", False)])
def test_only_staff_import_card_databases(who, allowed):
    user = {"staff": lambda: UserFactory(staff=True), "player": UserFactory, "anonymous": AnonymousUser}[who]()
    assert access.can_import_card_database(user) is allowed
    if allowed:
        access.access_card_database_import(user)
    else:
        with pytest.raises(NotAllowed) as info:
            access.access_card_database_import(user)
        assert info.value.status == 403 and info.value.code == "card_database.import_not_allowed"


def test_the_api_helper_hides_someone_elses_deck_as_404(world):
    deck = world["deck"]
    assert access.access_own_deck(world["users"]["owner"], deck.pk) == deck
    for user in (world["users"]["other"], world["users"]["anonymous"]):
        with pytest.raises(Http404):
            access.access_own_deck(user, deck.pk)
    with pytest.raises(Http404):
        access.access_own_deck(world["users"]["owner"], "9" * 40)
