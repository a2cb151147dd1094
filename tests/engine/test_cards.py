"""engine.cards: loading, validating, dumping and looking up card databases (docs/card-database.md)."""

from __future__ import annotations

import json
import re
import tracemalloc
from pathlib import Path

import pytest

from engine.cards import (
    CSV_COLUMNS,
    GENERALS_ORDER,
    MAX_FILE_BYTES,
    SANGUO_ZHI,
    Card,
    CardDatabase,
    CardDatabaseError,
    CardDataError,
    dump_csv,
    dump_json,
    load_database,
    normalize_name,
    starter_database,
)

ROOT = Path(__file__).resolve().parents[2]

GOOD_CSV = """# game: generals-order
# name: test-cards
# version: 7
name,name_en,type,subtype,factions,cost,might,wit,might_mod,marks,ability_kind,ability_name,text
关羽,Guan Yu,人,,蜀,5,5,4,,,trait,威震华夏,此将领在本游戏中第1次[攻城]时，[武]+2。
张飞,Zhang Fei,人,,蜀,4,5,1,,,trait,咆哮,"咆哮，怒吼"
周仓,Zhou Cang,人,,蜀|黄巾,2,3,1,,,effect,舍身取义,
巨象,Giant Elephant,人,,南蛮,3,5,0,,兽,trait,不死金身,
丈八蛇矛,Serpent Spear,物,宝物,,1,,,1,,,,装备此宝物的将领[武]+1。
黄巾力士,Yellow Turban Strongmen,物,兵种,黄巾,0,,,1,,,,
束缚,Binding,令,,无,,,,,,,,
"""


def load_csv(text: str, **kwargs) -> CardDatabase:
    return load_database(text.encode("utf-8"), filename="cards.csv", **kwargs)


def errors_of(source: bytes, filename: str) -> list:
    with pytest.raises(CardDatabaseError) as info:
        load_database(source, filename=filename)
    return info.value.errors


def card_json(**fields) -> dict:
    base = {"name": "测试将领", "type": "人", "factions": ["魏"], "cost": 2, "might": 2, "wit": 2}
    base.update(fields)
    return base


def json_bytes(*cards: dict) -> bytes:
    return json.dumps({"format": "junling-cards/1", "cards": list(cards)}, ensure_ascii=False).encode("utf-8")


# ---------------------------------------------------------------- loading good files


def test_csv_header_lines_give_the_game_name_and_version():
    db = load_csv(GOOD_CSV)
    assert (db.game, db.name, db.version, len(db)) == (GENERALS_ORDER, "test-cards", "7", 7)


def test_csv_list_fields_are_separated_by_a_bar_and_wu_is_no_faction():
    db = load_csv(GOOD_CSV)
    assert db["周仓"].factions == ("蜀", "黄巾")
    assert db["束缚"].factions == ()
    assert db["巨象"].marks == ("兽",)


def test_csv_zero_numbers_are_kept_and_empty_cells_are_defaults():
    db = load_csv(GOOD_CSV)
    assert db["巨象"].wit == 0
    assert db["黄巾力士"].cost == 0
    assert db["束缚"].cost is None
    assert db["丈八蛇矛"].might is None and db["丈八蛇矛"].might_mod == 1


def test_import_overrides_the_files_name_and_version():
    db = load_csv(GOOD_CSV, name="other", version="9")
    assert (db.name, db.version) == ("other", "9")


def test_json_list_of_cards_without_a_document_wrapper_loads():
    raw = json.dumps([card_json()], ensure_ascii=False).encode("utf-8")
    db = load_database(raw, filename="cards.json")
    assert db.lookup("测试将领") is not None and db.game == GENERALS_ORDER


def test_csv_with_full_width_digits_loads():
    db = load_csv(GOOD_CSV.replace("关羽,Guan Yu,人,,蜀,5,5,4", "关羽,Guan Yu,人,,蜀,５,５,４"))
    assert (db["关羽"].cost, db["关羽"].might, db["关羽"].wit) == (5, 5, 4)


def test_csv_quoted_cell_with_commas_and_a_line_break_keeps_later_row_numbers_right():
    text = GOOD_CSV.replace('"咆哮，怒吼"', '"咆哮, 怒吼\n第二行"').replace(
        "周仓,Zhou Cang,人,,蜀|黄巾,2", "周仓,Zhou Cang,人,,蜀|黄巾,x"
    )
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    # header on line 4; 关羽 5; 张飞 6-7 (a two-line cell); 周仓 8
    assert [(e.row, e.field) for e in errors] == [(8, "cost")]


def test_utf8_with_bom_csv_imports():
    db = load_database(b"\xef\xbb\xbf" + GOOD_CSV.encode("utf-8"), filename="cards.csv")
    assert len(db) == 7 and db.game == GENERALS_ORDER


def test_utf16_with_bom_csv_imports():
    db = load_database(GOOD_CSV.encode("utf-16"), filename="cards.csv")
    assert db.content_hash == load_csv(GOOD_CSV).content_hash


def test_gbk_encoded_csv_imports():
    raw = GOOD_CSV.encode("gbk")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    db = load_database(raw, filename="cards.csv")
    assert db.content_hash == load_csv(GOOD_CSV).content_hash
    assert db["关羽"].text == "此将领在本游戏中第1次[攻城]时，[武]+2。"


def test_form_is_guessed_from_the_first_character_when_the_file_name_says_nothing():
    db = load_database(json_bytes(card_json()), filename="upload")
    assert len(db) == 1
    db = load_database(GOOD_CSV.encode("utf-8"), filename="upload")
    assert len(db) == 7


def test_a_path_loads_like_its_bytes(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(GOOD_CSV, encoding="utf-8")
    assert load_database(path).content_hash == load_csv(GOOD_CSV).content_hash
    assert load_database(path).name == "test-cards"


# ---------------------------------------------------------------- round trips and content hashes


@pytest.mark.parametrize("game", [GENERALS_ORDER, SANGUO_ZHI])
def test_json_dump_and_load_keeps_the_content_hash(game):
    db = starter_database(game)
    again = load_database(dump_json(db).encode("utf-8"), filename="dump.json")
    assert again.content_hash == db.content_hash
    assert (again.game, again.name, again.version) == (db.game, db.name, db.version)
    assert [c.to_dict() for c in again] == [c.to_dict() for c in db]


@pytest.mark.parametrize("game", [GENERALS_ORDER, SANGUO_ZHI])
def test_csv_dump_and_load_keeps_the_content_hash(game):
    db = starter_database(game)
    again = load_database(dump_csv(db).encode("utf-8"), filename="dump.csv")
    assert again.content_hash == db.content_hash
    assert (again.game, again.name, again.version) == (db.game, db.name, db.version)
    assert [c.to_dict() for c in again] == [c.to_dict() for c in db]


def test_csv_dump_starts_with_the_game_name_and_version_lines_and_the_columns():
    lines = dump_csv(starter_database()).splitlines()
    assert lines[:3] == ["# game: generals-order", "# name: generals-order-starter", "# version: 1.0"]
    assert lines[3] == ",".join(CSV_COLUMNS)


def test_a_beast_general_with_wit_0_and_a_cost_0_card_survive_the_round_trip():
    db = load_csv(GOOD_CSV)
    again = load_database(dump_csv(db).encode("utf-8"), filename="dump.csv")
    assert again["巨象"].wit == 0 and again["黄巾力士"].cost == 0
    assert db["巨象"].to_dict()["wit"] == 0


def test_content_hash_ignores_card_order_name_and_version_but_not_content():
    cards = list(load_csv(GOOD_CSV))
    a = CardDatabase(cards, name="a", version="1")
    b = CardDatabase(list(reversed(cards)), name="b", version="2")
    assert a.content_hash == b.content_hash
    changed = [Card.from_dict({**c.to_dict(), "might": 6}) if c.name == "关羽" else c for c in cards]
    assert CardDatabase(changed).content_hash != a.content_hash


def test_cost_0_and_no_cost_give_different_content_hashes():
    with_zero = CardDatabase([Card("犒赏", "事", subtype="事件", cost=0)])
    without = CardDatabase([Card("犒赏", "事", subtype="事件", cost=None)])
    assert with_zero.content_hash != without.content_hash


def test_the_json_and_csv_examples_of_the_documentation_are_the_same_cards():
    doc = (ROOT / "docs" / "card-database.md").read_text(encoding="utf-8")
    json_example = re.search(r"```json\n(.*?)```", doc, re.S)
    csv_example = re.search(r"```csv\n(.*?)```", doc, re.S)
    assert json_example and csv_example
    a = load_database(json_example.group(1).encode("utf-8"), filename="example.json")
    b = load_database(csv_example.group(1).encode("utf-8"), filename="example.csv")
    assert len(a) == 2 and a.content_hash == b.content_hash


# ---------------------------------------------------------------- look-ups


@pytest.mark.parametrize(
    "written",
    [
        "关羽",
        "關羽",
        " 關 羽 ",
        "Guan Yu",
        "guan yu",
        "GUAN YU",
        "guan-yu",
        "ＧＵＡＮ ＹＵ",
        "Ｇuan\u3000Yu",
        "Guan Yunchang",
    ],
)
def test_lookup_finds_guan_yu_however_the_name_is_written(written):
    card = starter_database().lookup(written)
    assert card is not None and card.name == "关羽"


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("青龍偃月刀", "青龙偃月刀"),
        ("green dragon crescent blade", "青龙偃月刀"),
        ("諸葛亮", "诸葛亮"),
        ("張飛", "张飞"),
        ("Lu Bu", "吕布"),
        ("Lü Bu", "吕布"),
        ("LU  MENG", "吕蒙"),
        ("兵权·步兵", None),
    ],
)
def test_lookup_handles_traditional_characters_english_names_and_aliases(written, name):
    card = starter_database().lookup(written)
    assert (card.name if card else None) == name


def test_lookup_of_a_nameless_sanguo_zhi_card_by_its_identity_name():
    card = starter_database(SANGUO_ZHI).lookup("兵權 步兵")
    assert card is not None and card.name == "兵权·步兵" and card.nameless


def test_unknown_names_are_not_found_and_not_contained():
    db = starter_database()
    assert db.lookup("孙悟空") is None
    assert "孙悟空" not in db and "關羽" in db
    with pytest.raises(KeyError):
        db["孙悟空"]


def test_normalize_name_simplifies_folds_width_case_and_drops_spacing():
    assert normalize_name("  關 羽 ") == normalize_name("关羽") == "关羽"
    assert normalize_name("Ｇuan-Yu") == "guanyu"


@pytest.mark.parametrize(
    ("written", "meant"), [("Guan Yuu", "关羽"), ("曹超", "曹操"), ("Zhang Fay", "张飞"), ("青龙刀", "青龙偃月刀")]
)
def test_closest_suggests_the_card_that_was_meant(written, meant):
    suggestions = starter_database().closest(written)
    assert meant in [c.name for c in suggestions]
    assert 1 <= len(suggestions) <= 3


def test_closest_returns_distinct_cards_and_respects_n():
    suggestions = starter_database().closest("Guan Yu", n=5)
    assert len(suggestions) == 5
    assert len({c.name for c in suggestions}) == 5


def test_display_name_follows_the_language():
    guan = starter_database()["关羽"]
    assert guan.display_name("en") == "Guan Yu" and guan.display_name("zh") == "关羽"


# ---------------------------------------------------------------- errors


def test_malformed_json_is_reported_with_its_line_and_column():
    raw = b'{"format": "junling-cards/1",\n "cards": [\n  {"name": "x",, "type": "\xe4\xba\xba"}\n ]}'
    errors = errors_of(raw, "bad.json")
    assert len(errors) == 1
    assert "line 3" in errors[0].message and "column" in errors[0].message
    assert errors[0].file == "bad.json"


def test_csv_with_one_bad_row_among_good_ones_imports_nothing_and_names_the_row_and_field():
    text = GOOD_CSV.replace("张飞,Zhang Fei,人,,蜀,4,5,1", "张飞,Zhang Fei,人,,蜀,4,five,1")
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    assert [(e.row, e.field) for e in errors] == [(6, "might")]
    assert "five" in errors[0].message and "whole number" in errors[0].message
    assert str(errors[0]).startswith("cards.csv, row 6, field 'might'")


def test_csv_with_several_bad_rows_reports_every_one_at_once():
    text = (
        GOOD_CSV.replace("张飞,Zhang Fei,人,,蜀,4,5,1", "张飞,Zhang Fei,人,,蜀,4,5,")
        .replace("丈八蛇矛,Serpent Spear,物,宝物", "丈八蛇矛,Serpent Spear,物,火计")
        .replace("束缚,Binding,令,,无", "束缚,Binding,令,,仙")
    )
    with pytest.raises(CardDatabaseError) as info:
        load_database(text.encode("utf-8"), filename="cards.csv")
    assert [(e.row, e.field) for e in info.value.errors] == [(6, "wit"), (9, "subtype"), (11, "factions")]
    assert "3 error(s)" in str(info.value)


def test_csv_row_with_more_cells_than_columns_is_an_error_of_that_row():
    text = GOOD_CSV.replace("束缚,Binding,令,,无,,,,,,,,", "束缚,Binding,令,,无,,,,,,,,,,extra")
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    assert [e.row for e in errors] == [11]
    assert "more cells" in errors[0].message


def test_duplicate_names_are_reported_with_both_rows():
    text = GOOD_CSV + "關羽,Guan Yu 2,人,,蜀,5,5,4,,,,,\n"
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    assert [(e.row, e.field) for e in errors] == [(12, "name")]
    assert "row 5" in errors[0].message


def test_an_english_name_clashing_with_another_cards_name_is_a_duplicate():
    raw = json_bytes(card_json(name="甲", name_en="Jia"), card_json(name="乙", aliases=["JIA"]))
    errors = errors_of(raw, "cards.json")
    assert [(e.row, e.field) for e in errors] == [(2, "name")]


def test_building_a_database_with_a_duplicate_name_raises():
    with pytest.raises(CardDataError):
        CardDatabase([Card("甲", "事", subtype="事件"), Card("甲", "事", subtype="事件")])


def test_binary_input_is_refused_as_binary():
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
    errors = errors_of(png, "cards.csv")
    assert len(errors) == 1 and "binary" in errors[0].message


def test_a_50_mb_file_is_refused_with_a_clear_message_without_being_read_whole(tmp_path):
    path = tmp_path / "huge.csv"
    with path.open("wb") as f:
        f.write(b"name,type\n")
        f.truncate(50 * 1024 * 1024)
    tracemalloc.start()
    try:
        with pytest.raises(CardDatabaseError) as info:
            load_database(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = str(info.value)
    assert "huge.csv" in message and "50.0 MB" in message and f"limit is {MAX_FILE_BYTES // 1024 // 1024} MB" in message
    assert peak < 5 * 1024 * 1024  # the 50 MB were never read into memory


def test_too_large_bytes_are_refused_too():
    errors = errors_of(b"name,type\n" + b" " * (MAX_FILE_BYTES + 1), "big.csv")
    assert "limit" in errors[0].message


def test_a_missing_file_is_reported_not_raised_as_oserror(tmp_path):
    with pytest.raises(CardDatabaseError) as info:
        load_database(tmp_path / "nowhere.json")
    assert "cannot read" in str(info.value)


def test_an_empty_file_is_refused():
    assert "empty" in errors_of(b"  \n", "cards.csv")[0].message


def test_unknown_json_field_is_named():
    errors = errors_of(json_bytes(card_json(strength=3)), "cards.json")
    assert [(e.row, e.field, e.message) for e in errors] == [(1, "strength", "unknown field")]


def test_unknown_csv_column_is_named_on_the_header_row():
    text = GOOD_CSV.replace("name,name_en,type", "name,name_en,type,strength", 1)
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    assert [(e.row, e.field) for e in errors] == [(4, "strength")]


def test_every_unknown_csv_column_is_named_at_once():
    text = GOOD_CSV.replace("name,name_en,type", "name,strength,name_en,type,colour", 1)
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    assert [(e.row, e.field) for e in errors] == [(4, "strength"), (4, "colour")]


def test_a_csv_column_given_twice_is_refused():
    text = GOOD_CSV.replace("name,name_en,type", "name,name_en,type,cost", 1)
    errors = errors_of(text.encode("utf-8"), "cards.csv")
    assert [(e.field, e.message) for e in errors] == [("cost", "the column appears more than once")]


def test_spaces_around_csv_column_names_are_ignored():
    text = GOOD_CSV.replace("name,name_en,type,subtype", "name, name_en , type,subtype", 1)
    assert load_csv(text).content_hash == load_csv(GOOD_CSV).content_hash


def test_csv_without_a_type_column_is_refused():
    errors = errors_of("name,cost\n关羽,5\n".encode(), "cards.csv")
    assert "type" in errors[0].message and errors[0].row == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"might": "five"}, "might"),
        ({"might": 2.5}, "might"),
        ({"cost": True}, "cost"),
        ({"name": 7}, "name"),
        ({"factions": "魏|蜀|吴"}, "factions"),
        ({"factions": 3}, "factions"),
        ({"marks": ["龙"]}, "marks"),
        ({"printings": "JS-001"}, "printings"),
        ({"printings": [{"set": "x"}]}, "printings"),
        ({"effect": [1, 2]}, "effect"),
        ({"ability_kind": "passive"}, "ability_kind"),
        ({"type": "兵"}, "type"),
        ({"type": "物", "subtype": "坐骑"}, "subtype"),
        ({"factions": ["魏", "魏"]}, "factions"),
        ({"wit": None}, "wit"),
        ({"name": ""}, "name"),
    ],
)
def test_wrong_types_and_values_are_reported_with_their_field(fields, field):
    errors = errors_of(json_bytes(card_json(**fields)), "cards.json")
    assert [(e.row, e.field) for e in errors] == [(1, field)]


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"cost": 100}, "cost"), ({"might": -1}, "might"), ({"wit": 1000}, "wit"), ({"might_mod": -100}, "might_mod")],
)
def test_out_of_range_numbers_are_reported_with_the_range(fields, field):
    errors = errors_of(json_bytes(card_json(**fields)), "cards.json")
    assert [(e.row, e.field) for e in errors] == [(1, field)]
    assert "out of range" in errors[0].message


def test_overlong_text_is_reported_with_the_limit():
    errors = errors_of(json_bytes(card_json(text="长" * 4001)), "cards.json")
    assert errors[0].field == "text" and "4000" in errors[0].message


def test_unknown_format_and_unknown_game_are_refused():
    raw = json.dumps({"format": "other/2", "cards": []}).encode()
    assert errors_of(raw, "cards.json")[0].field == "format"
    raw = json.dumps({"format": "junling-cards/1", "game": "chess", "cards": [card_json()]}).encode()
    assert "unknown game" in errors_of(raw, "cards.json")[0].message


def test_a_file_with_no_cards_is_refused():
    raw = json.dumps({"format": "junling-cards/1", "cards": []}).encode()
    assert errors_of(raw, "cards.json")[0].field == "cards"


def test_sanguo_zhi_types_are_checked_against_seed_004():
    raw = json.dumps(
        {"format": "junling-cards/1", "game": "sanguo-zhi", "cards": [{"name": "曹操", "type": "人"}]},
        ensure_ascii=False,
    ).encode("utf-8")
    errors = errors_of(raw, "sgz.json")
    assert errors[0].field == "type" and "sanguo-zhi" in errors[0].message
    raw = raw.replace('"人"'.encode(), '"将领"'.encode())
    assert load_database(raw, filename="sgz.json").game == SANGUO_ZHI
