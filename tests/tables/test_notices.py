"""A table's notices (issue 30, item 4): an invitation to a board-game table shows on every page as a card
challenge does (a badge in the menu linking to the list of tables inviting the reader, gone once he sits or the
table is cancelled); a table's page links its game's "how to play"."""

from __future__ import annotations

from tables import services
from tables.models import Table
from tests.tables.conftest import PLACEMENT


def _invite(alice, bob) -> Table:
    return services.do_create_table(alice, PLACEMENT, 3, invited=[bob])


def test_an_invited_player_sees_the_badge_on_every_page_in_english_and_in_chinese(client, people):
    alice, bob, _carol = people
    table = _invite(alice, bob)
    client.force_login(bob)
    english = client.get("/games/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="notice-invitations"' in english and "1 table invites you" in english
    chinese = client.get("/cards/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "1 张桌邀请你入座" in chinese
    listed = client.get("/tables/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="invited"' in listed and f'id="invitation-{table.pk}"' in listed and "seat 2 of 3" in listed


def test_the_inviter_and_an_uninvited_player_see_no_badge(client, people):
    alice, bob, carol = people
    _invite(alice, bob)
    for user in (alice, carol):
        client.force_login(user)
        page = client.get("/tables/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert 'id="notice-invitations"' not in page and 'id="invited"' not in page


def test_the_badge_goes_once_the_invited_player_takes_his_seat(client, people):
    alice, bob, _carol = people
    table = _invite(alice, bob)
    services.do_join_table(bob, table)
    client.force_login(bob)
    assert 'id="notice-invitations"' not in client.get("/games/").content.decode()


def test_the_badge_goes_when_the_table_is_cancelled(client, people):
    alice, bob, _carol = people
    table = _invite(alice, bob)
    services.do_cancel_table(alice, table)
    client.force_login(bob)
    assert 'id="notice-invitations"' not in client.get("/games/").content.decode()


def test_two_invitations_are_counted_in_the_plural(client, people):
    alice, bob, carol = people
    _invite(alice, bob)
    _invite(carol, bob)
    client.force_login(bob)
    assert "2 tables invite you" in client.get("/games/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_an_anonymous_reader_sees_no_badge(client, people):
    alice, bob, _carol = people
    _invite(alice, bob)
    assert 'id="notice-invitations"' not in client.get("/tables/").content.decode()


def test_a_tables_page_links_its_games_how_to_play(client, people):
    alice, bob, _carol = people
    table = _invite(alice, bob)
    client.force_login(alice)
    page = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="/games/{PLACEMENT}/how-to-play/" id="how-to-play"' in page


def test_the_dashboard_lists_the_tables_inviting_the_player_beside_his_challenges(client, people):
    alice, bob, _carol = people
    table = _invite(alice, bob)
    client.force_login(bob)
    page = client.get("/me/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="dash-table-invitations"' in page and f'href="/tables/{table.pk}/"' in page
    assert "No challenge is waiting." not in page
