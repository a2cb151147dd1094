"""The site speaks Simplified Chinese by default and English when the browser asks for it (issue 2, "Language").

The .po file is read with a small parser (polib is not a dependency) and checked against what Django's gettext
actually returns under zh-hans, so a .mo that was not recompiled after the .po changed fails here.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from decks.services.cards import import_card_database
from tests.decks.cardfiles import json_bytes
from tests.decks.factories import make_card_database_version, make_deck, make_format, make_tournament, make_user

ROOT = Path(settings.BASE_DIR)
PO_PATH = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
MO_PATH = PO_PATH.with_suffix(".mo")
HOW_TO_FIX = "run makemessages and translate the new entries, then compilemessages (docs/translations.md)"


@dataclass
class Entry:
    """One message of a .po file."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    line: int = 0


def parse_po(path: Path) -> list[Entry]:
    """The live (not obsolete) entries of a .po file, header included (its msgid is "")."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] = ("msgid", 0)
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            if current is not None and not line:
                entries.append(current)
                current = None
            continue
        if current is None:
            current = Entry(line=number)
        if line.startswith("#,"):
            current.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            continue
        if line.startswith("#"):
            continue
        match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        if match:
            keyword, index, literal = match.groups()
            target = ("msgstr", int(index or 0)) if keyword.startswith("msgstr") else (keyword, 0)
            _append(current, target, "", reset=True)
        else:
            literal = line
        _append(current, target, ast.literal_eval(literal))
    if current is not None:
        entries.append(current)
    return entries


def _append(entry: Entry, target: tuple[str, int], text: str, *, reset: bool = False) -> None:
    name, index = target
    if name == "msgstr":
        entry.msgstr[index] = ("" if reset else entry.msgstr.get(index, "")) + text
    else:
        setattr(entry, name, ("" if reset else (getattr(entry, name) or "")) + text)


@pytest.fixture(scope="module")
def po_entries() -> list[Entry]:
    assert PO_PATH.exists(), f"{PO_PATH} is missing: {HOW_TO_FIX}"
    return parse_po(PO_PATH)


def _messages(entries: list[Entry]) -> list[Entry]:
    return [e for e in entries if e.msgid]


# --- the .po file ---------------------------------------------------------------------------------------------


def test_the_chinese_po_file_has_no_untranslated_entry(po_entries):
    untranslated = [f"line {e.line}: {e.msgid!r}" for e in _messages(po_entries) if not all(e.msgstr.values())]
    assert not untranslated, f"untranslated entries in {PO_PATH.name} ({HOW_TO_FIX}):\n" + "\n".join(untranslated)


def test_the_chinese_po_file_has_no_fuzzy_entry_not_even_the_header(po_entries):
    fuzzy = [f"line {e.line}: {e.msgid!r}" for e in po_entries if "fuzzy" in e.flags]
    assert not fuzzy, "fuzzy entries are left out of the .mo; check and unmark them:\n" + "\n".join(fuzzy)


def test_the_chinese_po_header_declares_utf8_and_the_single_chinese_plural_form(po_entries):
    header = next(e for e in po_entries if e.msgid == "").msgstr[0]
    assert "charset=UTF-8" in header
    assert "Plural-Forms: nplurals=1; plural=0;" in header


def test_translations_keep_every_placeholder_of_their_msgid(po_entries):
    token = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[sdrf]|%%|<[^>]+>")
    broken = []
    for e in _messages(po_entries):
        wanted = sorted(token.findall(e.msgid_plural or e.msgid))
        for text in e.msgstr.values():
            if sorted(token.findall(text)) != wanted:
                broken.append(f"line {e.line}: {e.msgid!r} -> {text!r}")
    assert not broken, "placeholders differ:\n" + "\n".join(broken)


def test_the_compiled_mo_file_is_in_the_repository_next_to_the_po():
    assert MO_PATH.exists(), f"{MO_PATH} is missing: {HOW_TO_FIX}"


def test_django_translates_every_po_entry_as_the_po_says_so_the_mo_is_not_stale(po_entries):
    stale = []
    with translation.override("zh-hans"):
        for e in _messages(po_entries):
            if e.msgid_plural is not None and e.msgctxt is not None:
                got = translation.npgettext(e.msgctxt, e.msgid, e.msgid_plural, 1)
            elif e.msgid_plural is not None:
                got = translation.ngettext(e.msgid, e.msgid_plural, 1)
            elif e.msgctxt is not None:
                got = translation.pgettext(e.msgctxt, e.msgid)
            else:
                got = translation.gettext(e.msgid)
            if got != e.msgstr[0]:
                stale.append(f"{e.msgid!r}: .po says {e.msgstr[0]!r}, Django says {got!r}")
    assert not stale, "the .mo does not match the .po; run compilemessages:\n" + "\n".join(stale)


def test_every_literal_translate_tag_in_the_templates_has_an_entry_in_the_po(po_entries):
    # A cheap extractor for the common case, so that a new template string is caught on a machine without gettext.
    tag = re.compile(r"""{%\s*(?:translate|trans)\s+(["'])(.*?)\1""")
    known = {e.msgid for e in po_entries}
    missing = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for _quote, msgid in tag.findall(line):
                # makemessages doubles a literal % (the entry becomes python-format).
                if msgid not in known and msgid.replace("%", "%%") not in known:
                    missing.append(f"{path.relative_to(ROOT)}:{number}: {msgid!r}")
    assert not missing, f"template strings missing from {PO_PATH.name} ({HOW_TO_FIX}):\n" + "\n".join(missing)


# --- pages ----------------------------------------------------------------------------------------------------


@pytest.fixture
def client(db) -> Client:
    """A browser that sends no Accept-Language (whatever default the shared fixtures give theirs), logged in."""
    return Client()


@pytest.fixture
def pages(client):
    """The pages of the check, with enough data that their table rows render."""
    version = import_card_database(json_bytes(), filename="sample.json")  # with card rows, for the card list
    fmt = make_format([make_card_database_version()])
    user = make_user()
    make_deck(user, fmt)
    make_tournament(fmt, user)
    client.force_login(user)
    return {
        "home": "/",
        "cards": f"{reverse('cards:list')}?version={version.pk}",
        "decks": reverse("decks:list"),
        "tournaments": reverse("matches:tournament-list"),
        "ratings": reverse("matches:ratings"),
    }


# page -> (Chinese words that must appear, their English msgids that must then be absent)
WORDS = {
    "home": (
        ["欢迎来到军令", "首页", "套牌", "等级分", "退出登录"],
        ["Welcome to Junling", "Home", "Decks", "Log out"],
    ),
    "cards": (
        ["卡牌库", "搜索", "筛选", "势力", "将领"],
        ["Card database", "Search", "Filter", "Faction", "Character"],
    ),
    "decks": (["我的套牌", "新建套牌", "赛制", "合法"], ["My decks", "New deck", "Format", "Verdict", "Legal"]),
    "tournaments": (["比赛", "新建比赛", "报名截止", "报名中"], ["Tournaments", "New tournament", "Registration"]),
    "ratings": (["等级分", "计分局数", "还没有有等级分的玩家。"], ["Ratings", "Games rated", "No rated player yet."]),
}


@pytest.mark.parametrize("page", sorted(WORDS))
def test_a_page_renders_in_simplified_chinese_by_default(pages, client, page):
    response = client.get(pages[page])
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="zh-hans">' in html
    chinese, english = WORDS[page]
    assert [w for w in chinese if w not in html] == []
    assert [w for w in english if w in html] == []


@pytest.mark.parametrize("page", sorted(WORDS))
def test_a_page_renders_in_english_when_the_browser_asks_for_english(pages, client, page):
    response = client.get(pages[page], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="en">' in html
    chinese, english = WORDS[page]
    assert [w for w in english if w not in html] == []
    assert [w for w in chinese if w in html and w not in ("军令",)] == []


def test_a_chinese_browser_gets_simplified_chinese(pages, client):
    html = client.get(pages["home"], HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()
    assert "欢迎来到军令" in html


def test_an_error_message_from_a_service_is_translated_too():
    with translation.override("zh-hans"):
        assert translation.gettext("There is no such tournament.") == "没有这场比赛。"
    with translation.override("en"):
        assert translation.gettext("There is no such tournament.") == "There is no such tournament."


ENGINE_PO = ROOT / "engine" / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"


def test_the_engine_catalogue_is_complete_and_django_reads_it_as_the_command_line_does():
    """engine/locale is on LOCALE_PATHS: the site and ``python -m engine --lang zh`` say the same words."""
    from engine.messages import catalogue

    entries = _messages(parse_po(ENGINE_PO))
    assert entries and not [e.msgid for e in entries if not all(e.msgstr.values()) or "fuzzy" in e.flags]
    zh = catalogue("zh")
    with translation.override("zh-hans"):
        differ = [e.msgid for e in entries if not (translation.gettext(e.msgid) == zh.gettext(e.msgid) == e.msgstr[0])]
    assert differ == [], "the engine's .mo does not match its .po; run compilemessages"
