"""A player is named by his display name (accounts Profile, in the reader's script) wherever he is shown:
pairings, standings, printouts, bracket-free placings, the APIs (beside the user name, his identifier)."""

from __future__ import annotations

import pytest

from accounts.models import Profile
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.matches.factories import play_round, running_tournament

pytestmark = pytest.mark.django_db


def _named_tournament():
    tournament, organiser, people = running_tournament(4)
    services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    for i, p in enumerate(people):
        Profile.objects.update_or_create(
            user=p, defaults={"display_name": f"简名{i}", "display_name_traditional": f"繁名{i}"}
        )
    return tournament, organiser, people


def test_pairings_printouts_and_standings_name_players_by_their_display_names(client):
    tournament, organiser, people = _named_tournament()
    rnd = tournament.rounds.get(number=1)
    client.force_login(organiser)
    pages = {
        "pairings": client.get(f"/tournaments/{tournament.pk}/rounds/1/"),
        "print": client.get(f"/tournaments/{tournament.pk}/rounds/1/print/name"),
        "slips": client.get(f"/tournaments/{tournament.pk}/rounds/1/print/slips"),
    }
    play_round(rnd, organiser)
    snapshot_standings(tournament.pk)
    pages["standings"] = client.get(f"/tournaments/{tournament.pk}/standings/")
    for where, response in pages.items():
        html = response.content.decode()
        assert response.status_code == 200, where
        assert all(f"简名{i}" in html for i in range(4)), where
        assert not any(f">{p.username}<" in html for p in people), where


def test_the_apis_give_the_display_name_beside_the_user_name(client):
    tournament, organiser, people = _named_tournament()
    client.force_login(organiser)
    pairings = client.get(f"/api/tournaments/{tournament.pk}/rounds/1/pairings").json()
    rows = pairings["results"] if isinstance(pairings, dict) and "results" in pairings else pairings
    rows = rows["matches"] if isinstance(rows, dict) else rows
    names = {m["player_a"]: m["player_a_name"] for m in rows}
    assert names and all(names[p.username] == f"简名{i}" for i, p in enumerate(people) if p.username in names)
    play_round(tournament.rounds.get(number=1), organiser)
    snapshot_standings(tournament.pk)
    standings = client.get(f"/api/tournaments/{tournament.pk}/standings").json()["results"]
    assert {r["shown"] for r in standings} == {f"简名{i}" for i in range(4)}
