"""Issue 13, the event: details, cap and waitlist, check-in and no-shows, roster, roles, round clock, printouts."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import Registration, Tournament
from matches.services import event as event_services
from matches.services import registration as registration_services
from matches.services import rounds as round_services
from matches.services.event import EventRefused
from tests.matches.factories import TournamentFactory, UserFactory, deck_version, running_tournament

pytestmark = pytest.mark.django_db


def _register(tournament, n):
    people = UserFactory.create_batch(n)
    for p in people:
        registration_services.register_deck(p, tournament, deck_version(p, tournament.format))
    return people


def _reg(tournament, player):
    return Registration.objects.get(tournament=tournament, player=player)


def test_beyond_the_cap_a_registration_waits_and_a_drop_promotes_the_first_waiting():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser, player_cap=2)
    a, b, c, d = _register(tournament, 4)
    assert [_reg(tournament, p).waitlisted for p in (a, b, c, d)] == [False, False, True, True]
    # A player holding a place keeps it when registering another deck.
    registration_services.register_deck(a, tournament, deck_version(a, tournament.format))
    assert not _reg(tournament, a).waitlisted
    round_services.drop_player(tournament, organiser, b)
    assert not _reg(tournament, c).waitlisted and _reg(tournament, d).waitlisted
    assert AuditEvent.objects.filter(verb="tournament.promote", data__player=c.pk).exists()


def test_a_player_withdrawing_before_the_start_gives_his_place_to_the_first_waiting():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser, player_cap=2)
    a, _b, c, d = _register(tournament, 4)
    registration_services.withdraw_registration(a, tournament)
    assert not _reg(tournament, c).waitlisted and _reg(tournament, d).waitlisted
    assert AuditEvent.objects.filter(verb="tournament.promote", data__player=c.pk).exists()


def test_raising_the_cap_promotes_and_the_start_releases_whoever_still_waits():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser, player_cap=1)
    a, b, c = _register(tournament, 3)
    event_services.update_event(tournament, organiser, player_cap=2)
    assert not _reg(tournament, b).waitlisted and _reg(tournament, c).waitlisted
    registration_services.start_tournament(tournament, organiser)
    assert set(Registration.objects.filter(tournament=tournament).values_list("player", flat=True)) == {a.pk, b.pk}
    assert AuditEvent.objects.get(verb="tournament.start").data["waitlist_released"] == [c.pk]


def test_the_registration_deadline_is_enforced():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser)
    past = timezone.now() - datetime.timedelta(minutes=1)
    event_services.update_event(
        tournament, organiser, registration_opens=past - datetime.timedelta(days=1), registration_closes=past
    )
    late = UserFactory()
    with pytest.raises(registration_services.RegistrationRefused) as refused:
        registration_services.register_deck(late, tournament, deck_version(late, tournament.format))
    assert refused.value.code == "registration.closed"


def test_with_check_in_the_no_shows_leave_at_the_start():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser, check_in=True)
    here, also_here, absent = _register(tournament, 3)
    event_services.check_in(tournament, here, here)  # the player himself
    event_services.check_in(tournament, organiser, also_here)  # the organiser sees him at the venue
    with pytest.raises(NotAllowed):
        event_services.check_in(tournament, here, absent)  # nobody else checks a player in
    registration_services.start_tournament(tournament, organiser)
    left = set(Registration.objects.filter(tournament=tournament).values_list("player", flat=True))
    assert left == {here.pk, also_here.pk}
    assert AuditEvent.objects.get(verb="tournament.start").data["no_shows"] == [absent.pk]
    with pytest.raises(EventRefused):
        event_services.check_in(Tournament.objects.get(pk=tournament.pk), organiser, here)


def test_a_start_where_nobody_checked_in_is_refused():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser, check_in=True)
    _register(tournament, 2)
    with pytest.raises(registration_services.TournamentStateError) as refused:
        registration_services.start_tournament(tournament, organiser)
    assert refused.value.code == "tournament.no_players"
    assert Registration.objects.filter(tournament=tournament).count() == 2  # nothing removed


def test_roles_are_assigned_by_organisers_and_the_last_organiser_stays():
    organiser, helper, judge, stranger = UserFactory.create_batch(4)
    tournament = TournamentFactory(created_by=organiser)
    event_services.set_role(tournament, organiser, helper, "organiser", add=True)
    event_services.set_role(tournament, helper, judge, "judge", add=True)
    assert tournament.judges.filter(pk=judge.pk).exists()
    with pytest.raises(NotAllowed):
        event_services.set_role(tournament, judge, stranger, "organiser", add=True)
    event_services.set_role(tournament, organiser, helper, "organiser", add=False)
    with pytest.raises(EventRefused):
        event_services.set_role(tournament, organiser, organiser, "organiser", add=False)
    assert list(tournament.organisers.values_list("pk", flat=True)) == [organiser.pk]


def test_event_details_are_checked():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser)
    with pytest.raises(EventRefused):
        event_services.update_event(tournament, organiser, round_minutes=0)
    with pytest.raises(EventRefused):
        event_services.update_event(tournament, organiser, colour="red")
    event_services.update_event(tournament, organiser, venue="成都 棋牌室", online=False, description="三轮瑞士")
    tournament.refresh_from_db()
    assert tournament.venue == "成都 棋牌室"


def test_extra_time_is_for_judges_and_organisers_and_shows_on_the_clock():
    tournament, organiser, people = running_tournament(2)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    match = rnd.matches.get()
    with pytest.raises(NotAllowed):
        event_services.give_extra_time(match, people[0], 5)
    event_services.give_extra_time(match, organiser, 7)
    from matches.presenters.tournaments import round_clock

    match.refresh_from_db()
    rnd.refresh_from_db()
    clock = round_clock(tournament, rnd, match)
    assert clock is not None and clock["table_ends"] - clock["ends"] == datetime.timedelta(minutes=7)
    assert clock["ends"] - rnd.published_at == datetime.timedelta(minutes=tournament.round_minutes)
