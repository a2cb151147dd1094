"""Importing, exporting and versioning card databases (decks/services/cards.py)."""

from __future__ import annotations

import json

import pytest

from decks.models import Card, CardDatabase, CardDatabaseVersion, Printing
from decks.services.cards import (
    CardFilters,
    CardVersionConflict,
    default_version,
    ensure_starter_database,
    export_card_database,
    filter_cards,
    import_card_database,
)
from engine import cards as engine_cards
from engine.cards import CardDatabaseError, normalize_name
from junling.models import AuditEvent
from tests.decks.cardfiles import BEAST, SAMPLE_CARDS, json_bytes, write_json

pytestmark = pytest.mark.django_db


def _counts() -> dict[str, int]:
    return {
        "databases": CardDatabase.objects.count(),
        "versions": CardDatabaseVersion.objects.count(),
        "cards": Card.objects.count(),
        "printings": Printing.objects.count(),
        "audit": AuditEvent.objects.count(),
    }


def test_import_of_the_bundled_starter_file_stores_every_card_of_the_engine_database():
    path = engine_cards.STARTER_FILES[engine_cards.GENERALS_ORDER]
    expected = engine_cards.load_database(path)
    version = import_card_database(path)
    assert version.content_hash == expected.content_hash
    assert version.card_count == len(expected)
    assert set(version.cards.values_list("name", flat=True)) == {c.name for c in expected}
    assert version.database.name == expected.name and version.version == expected.version
    assert version.to_engine().content_hash == expected.content_hash


def test_import_writes_one_audit_record_naming_the_version(django_user_model):
    user = django_user_model.objects.create_user("importer", is_staff=True)
    version = import_card_database(json_bytes(), filename="sample.json", actor=user)
    event = AuditEvent.objects.get(verb="card_database.import")
    assert event.actor == user
    assert event.target_id == str(version.pk)
    assert event.data["content_hash"] == version.content_hash
    assert version.imported_by == user


def test_import_stores_lookup_keys_search_text_tags_and_printings():
    version = import_card_database(json_bytes(), filename="sample.json")
    guan_yu = version.cards.get(name="关羽")
    assert guan_yu.lookup_key == normalize_name("关羽")
    for part in ("关云长", "guanyu", "saintofwar", normalize_name("draw 1 card")):
        assert normalize_name(part) in guan_yu.search_text
    assert list(guan_yu.printings.values_list("series", flat=True)) == ["第一弹", "重印"]
    zhou_cang = version.cards.get(name="周仓")
    assert zhou_cang.factions == ["蜀", "黄巾"]
    assert "|蜀|" in zhou_cang.faction_tags and "|黄巾|" in zhou_cang.faction_tags
    assert version.cards.count() == len(SAMPLE_CARDS)


def test_a_file_with_bad_rows_among_good_ones_imports_nothing_and_reports_every_bad_row():
    cards = [*SAMPLE_CARDS[:3], {"name": "坏卡", "type": "人"}, *SAMPLE_CARDS[3:6], {"name": "错型", "type": "X"}]
    before = _counts()
    with pytest.raises(CardDatabaseError) as info:
        import_card_database(json_bytes(cards), filename="bad.json")
    assert _counts() == before
    rows = [(e.file, e.row, e.field) for e in info.value.errors]
    assert rows == [("bad.json", 4, "cost"), ("bad.json", 8, "type")]


def test_gbk_encoded_csv_imports_with_its_encoding_recorded():
    text = engine_cards.dump_csv(engine_cards.load_database(json_bytes(), filename="sample.json"))
    version = import_card_database(text.encode("gbk"), filename="sample-gbk.csv")
    assert "gbk" in version.source_encoding
    assert set(version.cards.values_list("name", flat=True)) == {c["name"] for c in SAMPLE_CARDS}
    assert version.cards.get(name="关羽").text == SAMPLE_CARDS[0]["text"]


def test_duplicate_names_are_rejected_even_in_traditional_characters():
    cards = [*SAMPLE_CARDS, {"name": "關羽", "type": "人", "cost": 1, "might": 1, "wit": 1}]
    before = _counts()
    with pytest.raises(CardDatabaseError) as info:
        import_card_database(json_bytes(cards), filename="dup.json")
    assert _counts() == before
    assert [(e.row, e.field) for e in info.value.errors] == [(len(cards), "name")]
    assert "duplicates" in info.value.errors[0].message


def test_malformed_json_is_refused_with_where_it_breaks():
    with pytest.raises(CardDatabaseError) as info:
        import_card_database(b'{"cards": [{"name": "x",}]}', filename="broken.json")
    (error,) = info.value.errors
    assert error.file == "broken.json"
    assert "not valid JSON" in error.message and "column" in error.message
    assert CardDatabaseVersion.objects.count() == 0


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(engine_cards.MAX_FILE_BYTES + 1)
    with pytest.raises(CardDatabaseError) as info:
        import_card_database(path)
    assert "limit" in info.value.errors[0].message
    assert CardDatabaseVersion.objects.count() == 0


def test_reimporting_the_same_content_returns_the_stored_version():
    first = import_card_database(json_bytes(), filename="sample.json")
    before = _counts()
    again = import_card_database(json_bytes(), filename="renamed.json")
    assert again.pk == first.pk
    assert _counts() == before


def test_the_same_content_under_a_new_version_label_is_refused():
    import_card_database(json_bytes(), filename="sample.json")
    before = _counts()
    with pytest.raises(CardVersionConflict) as info:
        import_card_database(json_bytes(), filename="sample.json", version="2")
    assert "already stored" in info.value.errors[0].message
    assert _counts() == before


def test_a_stored_version_label_never_gets_other_content():
    first = import_card_database(json_bytes(), filename="sample.json")
    changed = [{**SAMPLE_CARDS[0], "cost": 4}, *SAMPLE_CARDS[1:]]
    before = _counts()
    with pytest.raises(CardVersionConflict) as info:
        import_card_database(json_bytes(changed), filename="changed.json")
    assert "immutable" in info.value.errors[0].message
    assert _counts() == before
    assert CardDatabaseVersion.objects.get(pk=first.pk).cards.get(name="关羽").cost == 5


def test_new_content_under_a_new_label_is_a_second_version_of_the_same_database():
    first = import_card_database(json_bytes(), filename="sample.json")
    second = import_card_database(json_bytes(SAMPLE_CARDS[:4], version="2"), filename="v2.json")
    assert second.database == first.database
    assert first.database.latest_version() == second
    assert second.card_count == 4


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_round_trips_to_the_same_content_hash(fmt):
    version = import_card_database(json_bytes(), filename="sample.json")
    text = export_card_database(version, fmt)
    reloaded = engine_cards.load_database(text.encode("utf-8"), filename=f"export.{fmt}")
    assert reloaded.content_hash == version.content_hash
    assert import_card_database(text.encode("utf-8"), filename=f"export.{fmt}").pk == version.pk


def test_export_refuses_an_unknown_format():
    version = import_card_database(json_bytes(), filename="sample.json")
    with pytest.raises(ValueError, match="Unknown export format"):
        export_card_database(version, "xml")


def test_ensure_starter_database_is_idempotent():
    first = ensure_starter_database()
    before = _counts()
    assert ensure_starter_database().pk == first.pk
    assert _counts() == before
    assert first.database.game == engine_cards.GENERALS_ORDER


def test_import_from_a_path_records_the_file_name(tmp_path):
    path = write_json(tmp_path / "from-disk.json")
    version = import_card_database(path)
    assert version.source_filename == "from-disk.json"
    assert json.loads(json.dumps(version.document))["cards"][0]["name"] == "关羽"


def test_a_beast_general_with_wit_0_keeps_its_wit_through_the_stored_document():
    version = import_card_database(json_bytes(), filename="sample.json")
    assert version.cards.get(name=BEAST["name"]).wit == 0
    assert version.to_engine().lookup(BEAST["name"]).wit == 0


def test_ensure_starter_database_imports_every_bundled_starter_file():
    ensure_starter_database()
    bundled = [path for path in engine_cards.STARTER_FILES.values() if path.exists()]
    stored = set(CardDatabaseVersion.objects.values_list("content_hash", flat=True))
    assert stored == {engine_cards.load_database(path).content_hash for path in bundled}


def test_the_browser_version_defaults_to_the_starter_even_when_another_database_is_newer():
    starter = ensure_starter_database()
    import_card_database(json_bytes(), filename="sample.json")
    assert default_version() == starter


def test_filters_search_one_version_only():
    first = import_card_database(json_bytes(), filename="sample.json")
    second = import_card_database(json_bytes(SAMPLE_CARDS[:2], name="other"), filename="other.json")
    found = filter_cards(second, CardFilters(q="guan yu"))
    assert [(c.version_id, c.name) for c in found] == [(second.pk, "关羽")]
    assert filter_cards(None, CardFilters(q="关羽")).count() == 2
    assert first.pk != second.pk
