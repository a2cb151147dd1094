"""Moving a map's places and keeping them (``boards/services/layouts.py``, the map page's layout form): a new
version of the map with the positions, audited; only those who may import maps; bad positions refused, each
with where it is, nothing stored. The map page draws the map for everyone."""

from __future__ import annotations

import json

import pytest

from boards.models import GameMap
from boards.services.layouts import do_save_layout
from boards.services.maps import MapImportRefused
from engine.systems import get_system
from junling.errors import NotAllowed
from junling.models import AuditEvent


def _longhu(test_maps: list) -> GameMap:  # type: ignore[type-arg]
    return next(m for m in test_maps if isinstance(m, GameMap) and m.system == "longhu")


def test_saved_positions_are_a_new_audited_version_and_the_old_one_is_unchanged(staff, test_maps):
    old = _longhu(test_maps)
    before = dict(old.document)
    new = do_save_layout(staff, get_system("longhu"), old, {"洛阳": (111.0, 222.0)})
    old.refresh_from_db()
    assert new.pk != old.pk and new.content_hash != old.content_hash and new.name == old.name
    assert new.document["layout"]["洛阳"] == {"x": 111.0, "y": 222.0}
    assert new.document["layout"]["长安"] == old.document["layout"]["长安"]  # the places not moved keep theirs
    assert old.document == before
    event = AuditEvent.objects.get(verb="map.layout")
    assert event.data["from"] == old.content_hash and event.data["content_hash"] == new.content_hash


def test_the_same_positions_again_are_the_stored_version(staff, test_maps):
    old = _longhu(test_maps)
    first = do_save_layout(staff, get_system("longhu"), old, {"洛阳": (10.0, 20.0)})
    assert do_save_layout(staff, get_system("longhu"), old, {"洛阳": (10.0, 20.0)}).pk == first.pk


def test_a_player_may_not_move_a_maps_places(player, test_maps):
    with pytest.raises(NotAllowed):
        do_save_layout(player, get_system("longhu"), _longhu(test_maps), {"洛阳": (1.0, 2.0)})
    assert not AuditEvent.objects.filter(verb="map.layout").exists()


def test_a_position_off_the_map_or_of_no_place_is_refused_with_where_and_nothing_is_stored(staff, test_maps):
    count = GameMap.objects.count()
    with pytest.raises(MapImportRefused) as e:
        do_save_layout(staff, get_system("longhu"), _longhu(test_maps), {"洛阳": (-5.0, 1.0), "火星": (1.0, 1.0)})
    assert {p.where for p in e.value.problems} == {"layout.洛阳.x", "layout.火星"}
    assert GameMap.objects.count() == count


def test_the_map_page_draws_the_map_and_offers_moving_only_to_who_may(client, staff, test_maps):
    row = _longhu(test_maps)
    page = client.get(f"/games/longhu/maps/{row.pk}/").content.decode()
    assert 'id="board-svg"' in page and 'data-place="洛阳"' in page and "layout-form" not in page
    client.force_login(staff)
    page = client.get(f"/games/longhu/maps/{row.pk}/").content.decode()
    assert 'data-editable="1"' in page and 'id="layout-form"' in page


def test_the_layout_form_saves_and_lands_on_the_new_version(client, map_organiser, test_maps):
    row = _longhu(test_maps)
    client.force_login(map_organiser)
    response = client.post(
        f"/games/longhu/maps/{row.pk}/layout", {"positions": json.dumps({"洛阳": [300, 400]}, ensure_ascii=False)}
    )
    assert response.status_code == 303
    new = GameMap.objects.exclude(pk=row.pk).get(name=row.name)
    assert response["Location"] == f"/games/longhu/maps/{new.pk}/"


@pytest.mark.parametrize(
    "positions", ["", "[1, 2]", '{"洛阳": [1]}', '{"洛阳": [1, 2], "x": "up"}', "{bad", '{"洛阳": [99999, 1]}']
)
def test_bad_positions_posted_are_a_located_400_and_nothing_is_stored(client, staff, test_maps, positions):
    row = _longhu(test_maps)
    client.force_login(staff)
    count = GameMap.objects.count()
    response = client.post(f"/games/longhu/maps/{row.pk}/layout", {"positions": positions})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert GameMap.objects.count() == count


def test_a_player_posting_positions_is_refused(client, player, test_maps):
    client.force_login(player)
    response = client.post(f"/games/longhu/maps/{_longhu(test_maps).pk}/layout", {"positions": '{"洛阳": [1, 2]}'})
    assert response.status_code == 403
