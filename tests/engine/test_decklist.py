"""Decklist parsing and writing (engine/decklist.py): the text, JSON and CSV forms of interfaces.md."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FACTIONS, normalize_name
from engine.decklist import (
    MAX_BYTES,
    MAX_LINES,
    DeckEntry,
    Decklist,
    DecklistError,
    format_decklist,
    parse_decklist,
)


def one(text: str) -> tuple[str, int]:
    d = parse_decklist(text)
    assert len(d.entries) == 1
    return d.entries[0].name, d.entries[0].count


# Line forms.


@pytest.mark.parametrize(
    ("line", "name", "count"),
    [
        ("3 关羽", "关羽", 3),
        ("3x Guan Yu", "Guan Yu", 3),
        ("3 x Guan Yu", "Guan Yu", 3),
        ("3X关羽", "关羽", 3),
        ("关羽 x3", "关羽", 3),
        ("关羽x3", "关羽", 3),
        ("关羽×3", "关羽", 3),
        ("关羽 × 3", "关羽", 3),
        ("关羽 *3", "关羽", 3),
        ("Guan Yu x2", "Guan Yu", 2),
        ("３ 关羽", "关羽", 3),
        ("３ｘ Ｇｕａｎ Ｙｕ", "Guan Yu", 3),
        ("关羽　＊２", "关羽", 2),
        ("关羽", "关羽", 1),
        ("3 Xiahou Dun", "Xiahou Dun", 3),
        ("Event 2", "Event 2", 1),
        ("2 Shu General 12", "Shu General 12", 2),
        ("  3   Guan    Yu  ", "Guan Yu", 3),
        ("3 关羽 # my favourite", "关羽", 3),
    ],
)
def test_text_line_forms_of_the_agreed_format(line, name, count):
    assert one(line) == (name, count)


def test_comment_and_blank_lines_are_ignored():
    d = parse_decklist("# my deck\n\n   \n3 关羽\n# 2 曹操\n")
    assert d.entries == (DeckEntry("关羽", 3),)


def test_repeated_names_across_lines_add_up_and_keep_the_first_line():
    d = parse_decklist("2 关羽\n1 曹操\n關羽 x1\n")
    assert d.entries == (DeckEntry("关羽", 3), DeckEntry("曹操", 1))
    assert d.entries[0].line == 1


@pytest.mark.parametrize("header", ["令:", "令：", "Commandment:", "Commandments:", "军令:", "軍令:", "commandments :"])
def test_commandment_section_header_starts_the_command_pool(header):
    d = parse_decklist(f"3 关羽\n{header}\n1 反军\n")
    assert d.entries == (DeckEntry("关羽", 3),)
    assert d.pool == (DeckEntry("反军", 1),)


def test_commandment_header_may_carry_a_card_on_its_line():
    assert parse_decklist("3 关羽\n令: 反军").pool == (DeckEntry("反军", 1),)


def test_deck_header_returns_to_the_resource_deck():
    d = parse_decklist("令:\n反军\nDeck:\n3 关羽")
    assert d.entries == (DeckEntry("关羽", 3),) and d.pool == (DeckEntry("反军", 1),)


# Factions line.


@pytest.mark.parametrize(
    ("line", "factions"),
    [
        ("势力: 蜀 黄巾", ("蜀", "黄巾")),
        ("势力：蜀、黄巾", ("蜀", "黄巾")),
        ("勢力: 蜀，黃巾", ("蜀", "黄巾")),
        ("Factions: Shu, Yellow Turban", ("蜀", "黄巾")),
        ("factions: wei wu dong yuan warlords nanman heroes", ("魏", "吴", "董", "袁", "诸侯", "南蛮", "杰")),
        ("势力: 蜀黄巾", ("蜀", "黄巾")),
        ("势力: 无", ()),
        ("势力:", ()),
        ("Factions: Shu, Shu", ("蜀",)),
    ],
)
def test_factions_line_accepts_chinese_and_english_faction_names(line, factions):
    assert parse_decklist(f"{line}\n3 关羽").declared_factions == factions


def test_every_faction_has_an_english_name_the_parser_reads():
    from engine.cards import FACTION_EN

    line = "Factions: " + ", ".join(FACTION_EN[f] for f in FACTIONS)
    assert parse_decklist(f"{line}\n关羽").declared_factions == FACTIONS


def test_factions_line_naming_an_unknown_faction_is_an_error_naming_the_line():
    with pytest.raises(DecklistError) as info:
        parse_decklist("3 关羽\n势力: 蜀 秦\n")
    assert info.value.line == 2 and "秦" in info.value.message


# Bad input: a DecklistError naming the line.


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n", b""])
def test_empty_decklist_is_an_error(text):
    with pytest.raises(DecklistError, match=r"empty|no cards"):
        parse_decklist(text)


def test_binary_data_is_an_error():
    with pytest.raises(DecklistError, match="binary") as info:
        parse_decklist(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert info.value.line == 0


def test_control_characters_in_text_are_an_error_naming_the_line():
    with pytest.raises(DecklistError, match="binary") as info:
        parse_decklist("3 关羽\n2 曹\x01操\n")
    assert info.value.line == 2


def test_file_over_1_mb_is_an_error():
    with pytest.raises(DecklistError, match="1 MB"):
        parse_decklist(b"1 x\n" * (MAX_BYTES // 4 + 1))


def test_more_than_2000_lines_is_an_error():
    with pytest.raises(DecklistError, match="2000") as info:
        parse_decklist("# c\n" * MAX_LINES + "关羽\n")
    assert info.value.line == MAX_LINES + 1


def test_2000_lines_are_accepted():
    assert parse_decklist("# c\n" * (MAX_LINES - 1) + "关羽\n").entries == (DeckEntry("关羽", 1),)


@pytest.mark.parametrize(
    "line", ["0 关羽", "100 关羽", "关羽 x0", "关羽 ×100", "-1 关羽", "关羽 x-2", "99999999999999 关羽"]
)
def test_count_out_of_1_to_99_is_an_error_naming_the_line(line):
    with pytest.raises(DecklistError) as info:
        parse_decklist(f"# deck\n{line}\n")
    assert info.value.line == 2


def test_count_of_99_is_accepted():
    assert one("99 关羽") == ("关羽", 99)


def test_name_over_100_characters_is_an_error():
    with pytest.raises(DecklistError, match="100") as info:
        parse_decklist("1 关羽\n3 " + "长" * 101)
    assert info.value.line == 2


def test_hash_sign_in_a_json_card_name_is_an_error():
    with pytest.raises(DecklistError, match="#"):
        parse_decklist('{"deck": {"关羽#2": 1}}')


def test_count_without_a_name_is_an_error():
    with pytest.raises(DecklistError, match="name"):
        parse_decklist("3\n")


def test_undecodable_bytes_are_an_error():
    with pytest.raises(DecklistError, match=r"binary|UTF-8"):
        parse_decklist(b"3 \xff\xfe\xfd\xff\x80\x80")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030"])
def test_utf8_bom_and_gb18030_bytes_are_accepted(encoding):
    d = parse_decklist("势力: 蜀\n3 关羽\n".encode(encoding))
    assert d.entries == (DeckEntry("关羽", 3),) and d.declared_factions == ("蜀",)


def test_error_message_names_the_file_and_line():
    with pytest.raises(DecklistError) as info:
        parse_decklist("0 关羽", filename="shu.txt")
    assert str(info.value).startswith("shu.txt, line 1:")


# JSON.


def test_json_with_a_list_of_entries():
    doc = {"factions": ["Shu", "黄巾"], "deck": [{"name": "关羽", "count": 3}], "pool": [{"name": "反军", "count": 1}]}
    d = parse_decklist(json.dumps(doc, ensure_ascii=False))
    assert d == Decklist((DeckEntry("关羽", 3),), (DeckEntry("反军", 1),), ("蜀", "黄巾"))


def test_json_with_a_name_to_count_object_and_a_pool_of_names():
    d = parse_decklist('{"deck": {"关羽": 3, "曹操": 2}, "pool": ["反军"]}')
    assert d.entries == (DeckEntry("关羽", 3), DeckEntry("曹操", 2)) and d.pool == (DeckEntry("反军", 1),)


def test_invalid_json_is_an_error_naming_the_line():
    with pytest.raises(DecklistError) as info:
        parse_decklist('{\n "deck": {"关羽": 3,}\n}')
    assert info.value.line == 2


def test_json_count_out_of_range_is_an_error_naming_the_line():
    with pytest.raises(DecklistError) as info:
        parse_decklist('{\n "deck": [\n  {"name": "关羽", "count": 0}\n ]\n}')
    assert info.value.line == 3


def test_json_unknown_faction_is_an_error():
    with pytest.raises(DecklistError, match="Qin"):
        parse_decklist('{"factions": ["Qin"], "deck": {"关羽": 1}}')


def test_text_decklist_starting_with_a_bracketed_name_is_not_taken_for_json():
    assert parse_decklist("[SP]关羽\n2 曹操").entries == (DeckEntry("[SP]关羽", 1), DeckEntry("曹操", 2))


# CSV.


def test_csv_with_a_header_and_sections():
    d = parse_decklist("count,name,section\n3,关羽,deck\n1,反军,pool\n,蜀,faction\n", filename="d.csv")
    assert d == Decklist((DeckEntry("关羽", 3),), (DeckEntry("反军", 1),), ("蜀",))


def test_csv_is_recognised_by_its_header_without_a_file_name():
    assert parse_decklist("name,count\n关羽,2\n").entries == (DeckEntry("关羽", 2),)


def test_csv_without_a_header_reads_count_name_section(tmp_path):
    assert parse_decklist("3,关羽\n1,反军,令\n", kind="csv").pool == (DeckEntry("反军", 1),)


def test_csv_bad_count_is_an_error_naming_the_line():
    with pytest.raises(DecklistError) as info:
        parse_decklist("count,name\n3,关羽\nthree,曹操\n", kind="csv")
    assert info.value.line == 3


def test_csv_unknown_section_is_an_error():
    with pytest.raises(DecklistError, match="section"):
        parse_decklist("count,name,section\n3,关羽,sideboard\n", kind="csv")


# Writing: format_decklist round-trips through parse_decklist.

CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5)
LATIN = st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
WORD = st.text(st.one_of(CJK, LATIN, st.sampled_from("0123456789·'")), min_size=1, max_size=8)


ANY_CHAR = st.characters(blacklist_categories=("Cs", "Cc"))


def as_parsed(raw: str) -> str:
    """A name as the parser keeps it: NFKC, spacing collapsed, at most 100 characters."""
    return " ".join(unicodedata.normalize("NFKC", raw).split())[:100].strip()


@st.composite
def names(draw):
    if draw(st.booleans()):
        name = as_parsed(" ".join(draw(st.lists(WORD, min_size=1, max_size=3))))
    else:  # anything printable: digits first, x/×/* first, colons, commas, quotes, RTL, combining marks
        name = as_parsed(draw(st.text(ANY_CHAR, min_size=1, max_size=30)))
    return draw(st.just(name).filter(lambda n: n and "#" not in n and n == as_parsed(n)))


@st.composite
def decklists(draw):
    all_names = draw(st.lists(names(), min_size=1, max_size=30, unique_by=lambda n: normalize_name(n) or n))
    split = draw(st.integers(0, len(all_names)))
    counts = st.integers(1, 99)
    entries = tuple(DeckEntry(n, draw(counts)) for n in all_names[:split])
    pool = tuple(DeckEntry(n, draw(counts)) for n in all_names[split:])
    factions = tuple(draw(st.lists(st.sampled_from(FACTIONS), unique=True, max_size=4)))
    return Decklist(entries, pool, factions)


@settings(max_examples=200)
@given(decklists(), st.sampled_from(["text", "json", "csv"]))
def test_format_decklist_round_trips_through_parse_decklist(decklist, kind):
    written = format_decklist(decklist, kind)
    assert parse_decklist(written, kind=kind) == decklist
    assert parse_decklist(written, kind="auto", filename=f"deck.{kind if kind != 'text' else 'txt'}") == decklist


@settings(max_examples=100)
@given(decklists())
def test_a_text_decklist_parsed_and_written_again_is_unchanged(decklist):
    text = format_decklist(decklist)
    assert format_decklist(parse_decklist(text)) == text


def test_format_decklist_writes_the_agreed_text_form():
    d = Decklist((DeckEntry("关羽", 3), DeckEntry("xiahou", 1)), (DeckEntry("反军", 1),), ("蜀", "黄巾"))
    assert format_decklist(d) == "势力: 蜀 黄巾\n3 关羽\n1x xiahou\n令:\n1 反军\n"
