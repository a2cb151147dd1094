"""Issue 13, the judge: an uploaded log (a paper or offline game) can be attached to a match and ruled on."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from junling.errors import NotAllowed
from matches.models import Adjudication, Match, MatchGame
from matches.services import adjudication as services
from tests.matches.adjudication_support import recorded_log, tournament_game
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db


def _match_with_one_game(judge):
    _t, match, _game, organiser = tournament_game(recorded_log(27), judges=[judge])
    Match.objects.filter(pk=match.pk).update(best_of=3)
    match.refresh_from_db()
    return match, organiser


def test_an_uploaded_log_becomes_the_next_game_and_is_ruled_on(done):
    judge = UserFactory()
    match, _organiser = _match_with_one_game(judge)
    loose = done(services.upload_log, judge, recorded_log(28))
    assert loose.game_id is None
    attached = done(services.attach_log, loose, judge, match)
    assert attached.game is not None and attached.game.number == 2 and attached.match_id == match.pk
    assert attached.is_done and attached.game.log_id == loose.log_id
    done(services.record_ruling, attached, judge, winner="b", reason="paper game 2: B won")
    assert MatchGame.objects.get(pk=attached.game_id).winner == "b"
    with pytest.raises(services.AdjudicationRefused):
        services.attach_log(Adjudication.objects.get(pk=attached.pk), judge, match)  # already a game's


def test_a_stranger_or_a_player_of_the_match_cannot_attach(done):
    judge = UserFactory()
    match, _organiser = _match_with_one_game(judge)
    loose = done(services.upload_log, judge, recorded_log(28))
    for who in (UserFactory(), match.player_a):
        with pytest.raises(NotAllowed):
            services.attach_log(loose, who, match)
    assert match.games.count() == 1


def test_the_page_offers_the_judges_matches_and_attaches(client, django_capture_on_commit_callbacks):
    judge = UserFactory()
    match, _organiser = _match_with_one_game(judge)
    client.force_login(judge)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/adjudications/upload", {"log": SimpleUploadedFile("paper.json", recorded_log(28))})
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="attach"' in page and f'<option value="{match.pk}"' in page
    loose = Adjudication.objects.get(game__isnull=True)
    with django_capture_on_commit_callbacks(execute=True):
        attached = client.post(f"/adjudications/{loose.pk}/attach", {"match": match.pk})
    assert attached.status_code == 302 and match.games.count() == 2
    assert client.post(f"/adjudications/{loose.pk}/attach", {"match": "abc"}).status_code == 302  # form error
