"""The lobby (matches.services.lobby, matches.views_lobby): open challenges, direct challenges with a
notice, live games; and the table's draw and claim buttons."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import Match, RefereedMatch
from matches.services import lobby
from matches.services.play import lifecycle
from matches.services.play.errors import PlayRefused
from tests.decks.factories import make_deck, make_format, make_user
from tests.matches.test_play_factories import SHU, WEI, deck_text, quick_setup

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    return quick_setup()


def test_an_open_challenge_is_taken_by_anyone_with_a_deck_of_its_format_and_game_1_starts(setup):
    fmt, alice, bob, deck_a, deck_b = setup
    match = lobby.do_open_challenge(alice, deck_a, best_of=3, clock_total=600, clock_increment=5)
    refereed = RefereedMatch.objects.get(match=match)
    assert refereed.is_open and refereed.format == fmt and match.player_b is None
    with pytest.raises(NotAllowed):
        lobby.do_accept_open_challenge(alice, match, deck_a)  # not one's own
    taken = lobby.do_accept_open_challenge(bob, match, deck_b)
    refereed.refresh_from_db()
    assert taken.player_b == bob and taken.status == Match.Status.PLAYING and not refereed.is_open
    assert taken.refereed.games.get().clock_remaining == [600.0, 600.0]
    carol = make_user("carol")
    deck_c = make_deck(carol, fmt, deck_text(WEI, "魏"), name="Wei c").latest_version()
    with pytest.raises(PlayRefused) as refused:
        lobby.do_accept_open_challenge(carol, match, deck_c)  # taken already
    assert refused.value.code == "lobby.taken"
    assert AuditEvent.objects.filter(verb__in=["match.lobby.open", "match.lobby.accept"]).count() == 2


def test_an_open_challenge_refuses_a_deck_of_another_format(setup):
    fmt, alice, _bob, deck_a, _deck_b = setup
    other = make_format(list(fmt.card_database_versions.all()), name="other")
    carol = make_user("carol")
    deck_c = make_deck(carol, other, deck_text(SHU, "蜀"), name="Shu c").latest_version()
    match = lobby.do_open_challenge(alice, deck_a)
    with pytest.raises(PlayRefused) as refused:
        lobby.do_accept_open_challenge(carol, match, deck_c)
    assert refused.value.code == "lobby.format"
    match.refresh_from_db()
    assert match.player_b is None and match.status == Match.Status.PENDING  # nothing half-saved


def test_the_lobby_lists_open_challenges_live_games_and_the_challenges_to_me(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    opened = lobby.do_open_challenge(alice, deck_a, clock_total=300, clock_increment=2)
    direct = lifecycle.do_challenge(alice, bob, deck_a, clock_total=600)
    live = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    client.force_login(bob)
    page = client.get("/play/lobby/").content.decode()
    assert f'id="open-{opened.pk}"' in page and "5+2" in page and f"/play/lobby/{opened.pk}/take" in page
    assert f'id="incoming-{direct.pk}"' in page and "10+0" in page
    assert f'id="live-{live.pk}"' in page
    assert 'id="notice-challenges"' in page  # the badge on every page
    home = client.get("/").content.decode()
    assert "1 个挑战等待你答复" in home  # the default language is Chinese
    client.force_login(alice)
    mine = client.get("/play/lobby/").content.decode()
    assert f"/play/lobby/{opened.pk}/take" not in mine and 'id="notice-challenges"' not in mine


def test_the_lobby_in_chinese_and_its_forms_with_bad_input(client, setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    client.force_login(alice)
    with translation.override("zh-hans"):
        page = client.get("/play/lobby/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "大厅" in page and "公开挑战" in page
    bad = client.post("/play/lobby/open", {"deck_version": deck_a.pk, "clock_minutes": "999"})
    assert bad.status_code == 400 and "180" in bad.content.decode()
    assert not Match.objects.exists()
    missing = client.post("/play/lobby/open", {"clock_minutes": "5"})
    assert missing.status_code == 400 and not Match.objects.exists()
    ok = client.post("/play/lobby/open", {"deck_version": deck_a.pk, "best_of": "1", "clock_minutes": "5"})
    assert ok.status_code == 302
    assert RefereedMatch.objects.get().clock_total == 300
    direct = client.post(
        "/play/lobby/challenge",
        {"opponent": "bob", "deck_version": deck_a.pk, "best_of": "1", "clock_minutes": "3", "clock_increment": "2"},
    )
    assert direct.status_code == 302
    assert RefereedMatch.objects.get(match__player_b=bob).clock_increment == 2


def test_taking_an_open_challenge_from_the_page_and_a_stranger_cannot_see_a_withdrawn_one(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    opened = lobby.do_open_challenge(alice, deck_a)
    client.force_login(bob)
    response = client.post(f"/play/lobby/{opened.pk}/take", {"deck_version": deck_b.pk})
    assert response.status_code == 302 and response["Location"] == f"/play/matches/{opened.pk}/"
    assert client.post(f"/play/lobby/{opened.pk}/take", {"deck_version": deck_b.pk}).status_code == 404


def test_the_table_offers_a_draw_and_the_opponent_accepts_it_from_his_page(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a, clock_total=300), deck_b)
    client.force_login(alice)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'id="draw-offer"' in page and 'id="play-clocks"' in page
    # the presence signal sits outside the redrawn table, so that redraws do not restart its timer
    assert page.index('id="play-present"') > page.index('id="play-table"')
    assert 'id="play-present"' not in client.get(f"/play/matches/{match.pk}/table").content.decode()
    client.post(f"/play/matches/{match.pk}/draw/offer")
    client.force_login(bob)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'id="draw-offered"' in page
    assert client.post(f"/play/matches/{match.pk}/draw/nonsense").status_code == 404
    assert client.post(f"/play/matches/{match.pk}/present").status_code == 204
    client.post(f"/play/matches/{match.pk}/draw/accept")
    match.refresh_from_db()
    assert match.is_finished and match.games_drawn == 1
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'id="game-over"' in page and "双方议和" in page  # the reason: the players agreed a draw


def test_a_claim_too_early_is_refused_on_the_table(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    client.force_login(alice)
    page = client.post(f"/play/matches/{match.pk}/claim", HTTP_HX_REQUEST="true").content.decode()
    assert 'id="play-error"' in page
    match.refresh_from_db()
    assert not match.is_finished


def test_a_tournament_s_time_control_clocks_its_refereed_matches(client, setup):
    from matches.services.registration import create_tournament, register_deck
    from tests.decks.factories import make_tournament

    fmt, alice, bob, deck_a, deck_b = setup
    organiser = make_user("organiser")
    with pytest.raises(PlayRefused):
        create_tournament(organiser, name="Too slow", format=fmt, clock_total=24 * 3600)
    created = create_tournament(organiser, name="Blitz", format=fmt, best_of=1, clock_total=180, clock_increment=2)
    assert (created.clock_total, created.clock_increment) == (180, 2)
    tournament = make_tournament(fmt, organiser)
    tournament.clock_total, tournament.clock_increment = 180, 2
    tournament.save(update_fields=["clock_total", "clock_increment"])
    reg_a, reg_b = register_deck(alice, tournament, deck_a), register_deck(bob, tournament, deck_b)
    match = Match.objects.create(
        tournament=tournament, player_a=alice, player_b=bob, registration_a=reg_a, registration_b=reg_b, best_of=1
    )
    lifecycle.do_start_refereed_match(match, alice)
    refereed = RefereedMatch.objects.get(match=match)
    assert (refereed.clock_total, refereed.clock_increment) == (180, 2)
    assert refereed.games.get().clock_remaining == [180.0, 180.0]


def test_the_tournament_form_takes_a_time_control(client, setup):
    from matches.models import Tournament

    fmt, _alice, _bob, _a, _b = setup
    organiser = make_user("organiser")
    client.force_login(organiser)
    data = {"name": "Rapid", "format": fmt.pk, "best_of": "3", "structure": "swiss", "planned_rounds": "0"}
    bad = client.post("/tournaments/new", {**data, "top_cut": "0", "clock_minutes": "0"})
    assert bad.status_code == 400 and not Tournament.objects.exists()
    client.post("/tournaments/new", {**data, "top_cut": "0", "clock_minutes": "15", "clock_increment": "10"})
    assert Tournament.objects.values_list("clock_total", "clock_increment").get() == (900, 10)


def test_the_challenger_s_pages_name_the_empty_seat_of_an_open_challenge(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    opened = lobby.do_open_challenge(alice, deck_a)
    client.force_login(alice)
    with translation.override("en"):
        table = client.get(f"/play/matches/{opened.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        mine = client.get("/play/matches/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "an opponent from the lobby" in table and "an opponent from the lobby" in mine
    assert " bot" not in table.split('id="play-waiting"')[1][:200]
    zh = client.get(f"/play/matches/{opened.pk}/").content.decode()
    assert "大厅中的对手" in zh


def test_the_chinese_clock_line_uses_the_full_width_colon_and_marks_the_one_clock_that_runs(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a, clock_total=300), deck_b)
    client.force_login(alice)
    page = client.get(f"/play/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    clocks = page.split('id="play-clocks"')[1].split("</div>")[0]
    assert "你：" in clocks and f"{bob.username}：" in clocks
    assert f"{bob.username}: " not in clocks
    assert clocks.count("（计时中）") == 1
    running = r'class="clock running" id="clock-\w+">[^<]*<span class="clock-time"[^>]*>[^<]*</span> '
    running += '<span class="clock-runs">'
    assert len(re.findall(running + "（计时中）", clocks)) == 1
