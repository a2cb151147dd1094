"""No one acts for another player (issue 11 point 1): who creates tournaments, who enters a player, who is rated."""

from __future__ import annotations

import pytest
from django.db.models import Q

from junling.errors import NotAllowed
from matches.models import Invitation, Rating, RatingChange, Registration, Tournament
from matches.services import rounds as round_services
from matches.services.invitations import InvitationRefused, do_accept_invitation, do_decline, do_invite
from matches.services.ratings import update_ratings
from matches.services.registration import create_tournament, open_registration, register_deck, start_tournament
from matches.services.results import override_result
from tests.matches.factories import (
    FormatFactory,
    UserFactory,
    deck_version,
    grant_rated_tournaments,
    running_tournament,
)

pytestmark = pytest.mark.django_db


# --- who may create tournaments ----------------------------------------------------------------------------------


def test_a_plain_player_creates_only_unrated_tournaments():
    player, fmt = UserFactory(), FormatFactory()
    tournament = create_tournament(player, name="Friday", format=fmt)
    assert not tournament.rated
    with pytest.raises(NotAllowed) as caught:
        create_tournament(player, name="Open", format=fmt, rated=True)
    assert caught.value.code == "tournament.not_rated_creator"
    assert not Tournament.objects.filter(name="Open").exists()


def test_the_permission_staff_grant_or_staff_itself_creates_rated_tournaments():
    fmt = FormatFactory()
    approved = grant_rated_tournaments(UserFactory())
    assert create_tournament(approved, name="Open", format=fmt, rated=True).rated
    staff = UserFactory(is_staff=True)
    assert create_tournament(staff, name="Major", format=fmt, rated=True).rated


def test_an_anonymous_user_creates_nothing():
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(NotAllowed):
        create_tournament(AnonymousUser(), name="X", format=FormatFactory())


def test_the_new_tournament_page_refuses_rated_to_a_plain_player_and_creates_unrated(client):
    player, fmt = UserFactory(), FormatFactory()
    client.force_login(player)
    data = {"name": "Cup", "format": fmt.pk, "best_of": "3", "structure": "swiss", "planned_rounds": "0"}
    assert client.post("/tournaments/new", {**data, "rated": "on"}).status_code == 403
    assert not Tournament.objects.exists()
    assert client.post("/tournaments/new", data).status_code == 302
    assert Tournament.objects.get().rated is False


# --- a player enters only by his own act ---------------------------------------------------------------------------


def _open_tournament():
    organiser, fmt = UserFactory(), FormatFactory()
    tournament = create_tournament(organiser, name="Cup", format=fmt)
    open_registration(tournament, organiser)
    return tournament, organiser


def test_an_invited_player_enters_only_by_accepting_with_his_own_deck():
    tournament, organiser = _open_tournament()
    player = UserFactory()
    invitation = do_invite(tournament, organiser, player)
    assert not Registration.objects.filter(player=player).exists()
    organisers_deck = deck_version(organiser, tournament.format)
    with pytest.raises(InvitationRefused):
        do_accept_invitation(invitation, organiser, organisers_deck)  # not the invitee
    with pytest.raises(InvitationRefused):
        do_accept_invitation(invitation, player, organisers_deck)  # not his deck
    registration = do_accept_invitation(invitation, player, deck_version(player, tournament.format))
    assert registration.registered_by == player
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.ACCEPTED


def test_a_declined_invitation_enters_nobody_and_cannot_be_accepted_after():
    tournament, organiser = _open_tournament()
    player = UserFactory()
    invitation = do_invite(tournament, organiser, player)
    do_decline(invitation, player)
    with pytest.raises(InvitationRefused, match="already been answered"):
        do_accept_invitation(invitation, player, deck_version(player, tournament.format))
    assert not Registration.objects.filter(player=player).exists()


def test_only_an_organiser_invites():
    tournament, _organiser = _open_tournament()
    with pytest.raises(NotAllowed):
        do_invite(tournament, UserFactory(), UserFactory())


def test_a_player_registering_himself_is_recorded_as_the_registrant():
    tournament, _organiser = _open_tournament()
    player = UserFactory()
    assert register_deck(player, tournament, deck_version(player, tournament.format)).registered_by == player


def test_another_players_invitation_is_404_on_the_page_and_the_api(client):
    tournament, organiser = _open_tournament()
    player, intruder = UserFactory(), UserFactory()
    invitation = do_invite(tournament, organiser, player)
    client.force_login(intruder)
    version = deck_version(intruder, tournament.format)
    assert client.post(f"/invitations/{invitation.pk}/accept", {"deck_version": version.pk}).status_code == 404
    assert client.post(f"/invitations/{invitation.pk}/decline").status_code == 404
    response = client.post(f"/api/invitations/{invitation.pk}/accept", {"deck_version": version.pk}, format="json")
    assert response.status_code == 404
    assert not Registration.objects.exists()


def test_invite_and_accept_through_the_api(client):
    tournament, organiser = _open_tournament()
    player = UserFactory()
    client.force_login(organiser)
    response = client.post(
        f"/api/tournaments/{tournament.pk}/invite", {"player": player.username}, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    pk = response.json()["id"]
    client.force_login(player)
    assert [i["id"] for i in client.get("/api/invitations").json()] == [pk]
    version = deck_version(player, tournament.format)
    response = client.post(
        f"/api/invitations/{pk}/accept", {"deck_version": version.pk}, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    assert Registration.objects.get(tournament=tournament, player=player).registered_by == player


def test_a_plain_player_cannot_invite_through_the_api_to_someone_elses_tournament(client):
    tournament, _organiser = _open_tournament()
    client.force_login(UserFactory())
    response = client.post(
        f"/api/tournaments/{tournament.pk}/invite", {"player": UserFactory().username}, content_type="application/json"
    )
    assert response.status_code == 403


# --- ratings come only from events the players entered ---------------------------------------------------------------


def _finish(tournament, organiser):
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    for match in rnd.matches.filter(is_bye=False):
        override_result(match, organiser, 2, 0)
    round_services.finish_tournament(tournament, organiser)
    return update_ratings(tournament.pk)  # what the enqueued task runs


def test_an_unrated_tournament_changes_no_rating():
    tournament, organiser, _people = running_tournament(4, rounds=1, rated=False)
    assert _finish(tournament, organiser) == 0
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_player_entered_by_someone_else_is_never_rated():
    tournament, organiser, people = running_tournament(4, rounds=1)
    # A registration not made by its player (as the removed organiser late entry made them).
    Registration.objects.filter(tournament=tournament, player=people[0]).update(registered_by=organiser)
    assert _finish(tournament, organiser) == 2
    victim_match = tournament.rounds.get().matches.get(Q(player_a=people[0]) | Q(player_b=people[0]))
    opponent = victim_match.player_b_id if victim_match.player_a_id == people[0].pk else victim_match.player_a_id
    assert not Rating.objects.filter(player=people[0]).exists()
    assert not Rating.objects.filter(player_id=opponent).exists()
    assert Rating.objects.count() == 2
    assert update_ratings(tournament.pk) == 0


def test_the_full_attack_of_issue_11_gives_the_victims_nothing():
    """A plain player creates an event, tries to enter others and rate them: every step is refused or inert."""
    attacker, victim = UserFactory(), UserFactory()
    fmt = FormatFactory()
    victims_deck = deck_version(victim, fmt)
    with pytest.raises(NotAllowed):
        create_tournament(attacker, name="Fake", format=fmt, rated=True)
    tournament = create_tournament(attacker, name="Fake", format=fmt)
    open_registration(tournament, attacker)
    with pytest.raises(Exception):  # noqa: B017 (the service refuses another player's deck)
        register_deck(attacker, tournament, victims_deck)
    register_deck(attacker, tournament, deck_version(attacker, fmt))
    start_tournament(tournament, attacker)
    do_invite(Tournament.objects.get(pk=tournament.pk), attacker, victim)
    assert not Registration.objects.filter(player=victim).exists()
    assert not RatingChange.objects.exists()
