"""Issue 13, the player's day: the dashboard (/me/), my games with my own logs after the game, withdrawing a
registration before the start."""

from __future__ import annotations

import pytest

from home import presenters
from junling.models import AuditEvent
from matches.models import Match, Registration, Tournament
from matches.services import registration as registration_services
from matches.services import rounds as round_services
from matches.services.play import lifecycle
from matches.services.registration import RegistrationRefused
from tests.decks.factories import make_deck, make_tournament
from tests.matches.factories import FormatFactory, UserFactory, deck_version, running_tournament
from tests.matches.test_play_factories import quick_setup

pytestmark = pytest.mark.django_db


def _tournament(players: int):
    """running_tournament, its format renamed: tests.matches and tests.decks name formats from two counters."""
    from decks.models import Format

    tournament, organiser, people = running_tournament(players)
    Format.objects.filter(pk=tournament.format_id).update(name=f"cup-format-{tournament.pk}")
    return tournament, organiser, people


def test_the_dashboard_needs_a_login(client):
    response = client.get("/me/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_dashboard_shows_next_match_open_events_challenges_and_recent_decks(client):
    tournament, organiser, players = _tournament(4)
    round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    me = players[0]
    fmt = FormatFactory(name="dashboard-format")
    open_event = make_tournament(fmt, organiser)
    Tournament.objects.filter(pk=open_event.pk).update(name="Spring Open")
    draft = make_tournament(fmt, organiser, status=Tournament.Status.DRAFT)
    Tournament.objects.filter(pk=draft.pk).update(name="Not yet open")
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    lifecycle.do_challenge(alice, me, deck_a)
    make_deck(me, fmt, name="My newest deck")
    client.force_login(me)
    page = client.get("/me/").content.decode()
    match = (
        Match.objects.get(tournament=tournament, player_a=me)
        if Match.objects.filter(tournament=tournament, player_a=me).exists()
        else Match.objects.get(tournament=tournament, player_b=me)
    )
    assert presenters.next_match(me) == match
    assert f"/tournaments/{tournament.pk}/my-match" in page
    assert "Spring Open" in page and "Not yet open" not in page
    assert "alice" in page
    assert "My newest deck" in page


def test_an_empty_dashboard_says_so_in_chinese(client):
    client.force_login(UserFactory())
    page = client.get("/me/").content.decode()
    assert "现在没有要打的对局" in page and "还没有套牌" in page


def test_other_code_can_add_a_source_of_pending_challenges(monkeypatch):
    user = UserFactory()
    monkeypatch.setattr(presenters, "PENDING_CHALLENGE_SOURCES", [lambda u: ["from the lobby"]])
    assert presenters.pending_challenges(user) == ["from the lobby"]


def test_my_games_lists_date_event_round_and_my_logs_only_once_the_match_is_over(client):
    tournament, organiser, players = _tournament(2)
    round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    bot_match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    client.force_login(alice)
    page = client.get("/me/games/").content.decode()
    assert f"/play/matches/{bot_match.pk}/" in page
    assert f"/play/matches/{bot_match.pk}/games/1/log" not in page  # not over: the seed is still secret
    lifecycle.do_concede(bot_match, alice)
    page = client.get("/me/games/").content.decode()
    assert f"/play/matches/{bot_match.pk}/games/1/log" in page
    assert client.get(f"/play/matches/{bot_match.pk}/games/1/log").status_code == 200
    client.force_login(players[0])
    page = client.get("/me/games/").content.decode()
    assert "Cup" in page and "<td>1</td>" in page
    assert f"/play/matches/{bot_match.pk}/" not in page


# --- withdrawing a registration ---------------------------------------------------------------------------------


@pytest.fixture
def registered():
    fmt = FormatFactory()
    organiser, player = UserFactory(), UserFactory()
    tournament = make_tournament(fmt, organiser)
    registration_services.register_deck(player, tournament, deck_version(player, fmt))
    return tournament, organiser, player


def test_a_player_withdraws_his_registration_after_confirming(client, registered):
    tournament, _organiser, player = registered
    client.force_login(player)
    page = client.get(f"/tournaments/{tournament.pk}/withdraw").content.decode()
    assert 'name="confirm"' in page
    assert client.post(f"/tournaments/{tournament.pk}/withdraw", {}).status_code == 400
    assert Registration.objects.filter(player=player).exists()
    response = client.post(f"/tournaments/{tournament.pk}/withdraw", {"confirm": "on"})
    assert response.status_code == 302
    assert not Registration.objects.filter(player=player).exists()
    event = AuditEvent.objects.get(verb="tournament.withdraw")
    assert event.actor == player and event.data["tournament"] == tournament.pk


def test_withdrawing_is_refused_once_the_tournament_has_started(registered):
    tournament, organiser, player = registered
    other = UserFactory()
    registration_services.register_deck(other, tournament, deck_version(other, tournament.format))
    registration_services.start_tournament(tournament, organiser)
    with pytest.raises(RegistrationRefused) as refused:
        registration_services.withdraw_registration(player, tournament)
    assert refused.value.code == "registration.started"
    assert Registration.objects.filter(player=player).exists()


def test_withdrawing_without_a_registration_is_a_clear_400(client, registered):
    tournament, _organiser, _player = registered
    client.force_login(UserFactory())
    response = client.post(f"/tournaments/{tournament.pk}/withdraw", {"confirm": "on"})
    assert response.status_code == 400
    assert Registration.objects.count() == 1
