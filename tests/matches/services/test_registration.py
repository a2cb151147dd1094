"""Registration services: legality at registration (ruling D7), the window, replacing, locking, publishing."""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.utils import timezone

from decks.services import decks as deck_services
from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches import access
from matches.models import Registration, Tournament
from matches.services import registration as services
from tests.decks.factories import (
    legal_text,
    make_deck,
    make_format,
)
from tests.matches.factories import TournamentFactory, UserFactory, deck_version

pytestmark = pytest.mark.django_db


def test_a_legal_deck_version_is_registered_with_an_audit_record(fmt, organiser):
    player = UserFactory()
    version = deck_version(player, fmt)
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    registration = services.register_deck(player, tournament, version)
    assert registration.deck_version == version and not registration.is_locked
    assert AuditEvent.objects.filter(verb="tournament.register", target_id=str(registration.pk)).exists()


def test_register_refuses_an_illegal_deck_with_every_violation_ruling_d7(fmt, organiser):
    player = UserFactory()
    # Two problems at once: a fourth Guan Yu (D2) and an undeclared Wei faction (D3).
    deck = make_deck(player, fmt, legal_text(extra="1 关羽\n1 曹操"))
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    with pytest.raises(services.RegistrationRefused) as info:
        services.register_deck(player, tournament, deck.latest_version())
    assert isinstance(info.value, ValueError)
    codes = {v.code for v in info.value.result.violations}
    assert {"too-many-copies", "undeclared-faction"} <= codes
    assert not Registration.objects.exists()


def test_register_checks_against_the_tournaments_format_not_the_decks(fmt, organiser):
    player = UserFactory()
    version = deck_version(player, fmt)
    strict = make_format(list(fmt.card_database_versions.all()), banlist=["张飞"])
    tournament = TournamentFactory(format=strict, created_by=organiser)
    with pytest.raises(services.RegistrationRefused) as info:
        services.register_deck(player, tournament, version)
    assert "banned-card" in {v.code for v in info.value.result.violations}


def test_register_refuses_someone_elses_deck(fmt, organiser):
    version = deck_version(UserFactory(), fmt)
    with pytest.raises(services.RegistrationRefused):
        services.register_deck(UserFactory(), TournamentFactory(format=fmt, created_by=organiser), version)


@pytest.mark.parametrize(
    "status, opens_in, closes_in",
    [
        (Tournament.Status.DRAFT, -1, 1),
        (Tournament.Status.REGISTRATION, 1, 2),
        (Tournament.Status.REGISTRATION, -2, -1),
        (Tournament.Status.RUNNING, -1, 1),
        (Tournament.Status.FINISHED, -1, 1),
    ],
    ids=["draft", "before-window", "after-window", "running", "finished"],
)
def test_register_is_refused_outside_the_registration_window(fmt, organiser, status, opens_in, closes_in):
    player = UserFactory()
    version = deck_version(player, fmt)
    now = timezone.now()
    tournament = TournamentFactory(
        format=fmt,
        created_by=organiser,
        status=status,
        registration_opens=now + datetime.timedelta(hours=opens_in),
        registration_closes=now + datetime.timedelta(hours=closes_in),
    )
    with pytest.raises(services.RegistrationRefused):
        services.register_deck(player, tournament, version)
    assert not Registration.objects.exists()


def test_a_second_registration_replaces_the_first_while_registration_is_open(fmt, organiser):
    player = UserFactory()
    first = deck_version(player, fmt)
    second = make_deck(player, fmt, legal_text(extra="1 丈八蛇矛")).latest_version()
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    services.register_deck(player, tournament, first)
    services.register_deck(player, tournament, second)
    registrations = list(Registration.objects.filter(tournament=tournament))
    assert [r.deck_version for r in registrations] == [second]


def test_editing_a_registered_deck_does_not_change_the_registered_version(fmt, organiser):
    player = UserFactory()
    deck = make_deck(player, fmt)
    registered = deck.latest_version()
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    services.register_deck(player, tournament, registered)
    deck_services.update_deck(deck, player, source=legal_text(extra="1 丈八蛇矛"))
    assert Registration.objects.get(tournament=tournament).deck_version == registered


def test_start_locks_every_registration_with_a_frozen_copy_and_its_hash(fmt, organiser):
    players = [UserFactory() for _ in range(3)]
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    for player in players:
        services.register_deck(player, tournament, deck_version(player, fmt))
    locked = services.start_tournament(tournament, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.started_at is not None
    assert len(locked) == 3
    for registration in Registration.objects.filter(tournament=tournament).select_related("deck_version"):
        version = registration.deck_version
        assert registration.locked_at is not None
        assert registration.locked_decklist == version.decklist
        db_hash = version.card_database_version.content_hash
        expected = hashlib.sha256(registration.locked_decklist.encode() + b"\n" + db_hash.encode()).hexdigest()
        assert registration.locked_hash == expected == version.content_hash


def test_after_the_start_registrations_are_locked_and_cannot_be_replaced(fmt, organiser):
    player = UserFactory()
    first = deck_version(player, fmt)
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    services.register_deck(player, tournament, first)
    services.start_tournament(tournament, organiser)
    other = make_deck(player, fmt, legal_text(extra="1 丈八蛇矛")).latest_version()
    with pytest.raises(services.RegistrationRefused):
        services.register_deck(player, tournament, other)
    assert Registration.objects.get(tournament=tournament).deck_version == first


def test_a_tournament_cannot_start_twice(fmt, organiser):
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    player = UserFactory()
    services.register_deck(player, tournament, deck_version(player, fmt))
    services.start_tournament(tournament, organiser)
    with pytest.raises(services.TournamentStateError):
        services.start_tournament(tournament, organiser)


def test_only_organisers_start_or_publish(fmt, organiser):
    judge = UserFactory()
    tournament = TournamentFactory(format=fmt, created_by=organiser, judges=[judge])
    for actor in (judge, UserFactory()):
        with pytest.raises(NotAllowed):
            services.start_tournament(tournament, actor)
        with pytest.raises(NotAllowed):
            services.publish_decklists(tournament, actor)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION and not tournament.decklists_published


def test_publish_decklists_sets_the_flag_with_an_audit_record(fmt, organiser):
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    services.publish_decklists(tournament, organiser)
    tournament.refresh_from_db()
    assert tournament.decklists_published
    assert AuditEvent.objects.filter(verb="tournament.publish_decklists", target_id=str(tournament.pk)).exists()


def test_create_tournament_then_open_registration(fmt, organiser):
    now = timezone.now()
    tournament = services.create_tournament(
        organiser,
        name="Spring Cup",
        format=fmt,
        registration_opens=now - datetime.timedelta(hours=1),
        registration_closes=now + datetime.timedelta(hours=1),
    )
    assert tournament.status == Tournament.Status.DRAFT and access.can_organise(organiser, tournament)
    assert not tournament.registration_is_open()
    services.open_registration(tournament, organiser)
    tournament.refresh_from_db()
    assert tournament.registration_is_open()


def test_create_tournament_refuses_naive_datetimes_and_a_window_that_closes_before_it_opens(fmt, organiser):
    now = timezone.now()
    with pytest.raises(services.TournamentStateError):
        services.create_tournament(organiser, name="x", format=fmt, registration_opens=datetime.datetime(2026, 1, 1))
    with pytest.raises(services.TournamentStateError):
        services.create_tournament(
            organiser, name="x", format=fmt, registration_opens=now, registration_closes=now - datetime.timedelta(1)
        )
    assert not Tournament.objects.exists()
