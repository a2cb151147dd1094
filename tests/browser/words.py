"""Every word in the reader's language: the visible text of a page, read as the browser renders it, holds no
English word on a Chinese page and no Chinese on an English page, except names and data (issue 27, "Words").

What is a name or data, and so allowed whatever the page's language:

- text inside ``code``, ``pre``, ``kbd``, ``samp``, form fields' values, and any element marked
  ``translate="no"`` or with a ``lang`` of its own (the language switch's "中文" / "English");
- tokens with a digit (hashes, seeds, "v2", "5+3", times), single letters (seat letters, units), and file
  names, e-mail addresses and identifiers (a dot between letters, an "@" or an "_");
- what people typed or imported, read from the database at check time (maps and game data too: regions,
  characters, counters): user names, display names, clubs and
  regions, deck, tournament and card-database names, an event's venue and description; on an
  English page, card names that have no English name (the database is the card's only name) and the terms
  printed on the cards (types, subtypes, factions, marks: 人, 事件, 蜀), which the English beside them explains,
  and the printed names a card's English text quotes;
- ``ALLOWED`` below, each entry with its reason.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ALLOWED: dict[str, str] = {
    # Proper names and standard abbreviations that are the same words in Chinese text.
    "Junling": "the site's own name, beside 军令",
    "OpenSkill": "the name of the rating system (its workings are explained in plain words beside it)",
    "MW": "MW% (match-win percentage): the tournament world's standard tiebreaker abbreviation, explained on hover",
    "GW": "GW% (game-win percentage): standard tiebreaker abbreviation",
    "OMW": "OMW% (opponents' match-win percentage): standard tiebreaker abbreviation",
    "OGW": "OGW% (opponents' game-win percentage): standard tiebreaker abbreviation",
    "JSON": "a file format's name, as Chinese software writes it",
    "CSV": "a file format's name, as Chinese software writes it",
    "VP": "victory points as the wargame's counters print them",
    "API": "the REST API's name, as Chinese software writes it",
    "REST": "the REST API's name",
    "SHA": "SHA-256, the hash's name",
    "HMAC": "the log signature's name",
    "MTR": "the Magic Tournament Rules, the document the tiebreakers cite, by its name",
    "KB": "a unit of file size, as Chinese software writes it",
    "MB": "a unit of file size, as Chinese software writes it",
    "MiB": "a unit of file size, as Chinese software writes it",
    "GBK": "a text encoding's name (beside UTF-8)",
    "FA": "文禄朝鲜之役's counters' fighting ability as the data file's counters print it",
}
"""Short on purpose: every other English word on a Chinese page is a bug."""

KNOWN_UNTRANSLATED: dict[str, str] = {}
"""Debts, not data: a real finding left for a later change, listed so that the check guards everything else
meanwhile (remove an entry when its words are translated). Empty: the 文禄朝鲜之役 march modifiers' reasons are
words of the engine's catalogue now (issue 30 item 2)."""

ALLOWED_HAN: dict[str, str] = {
    "军令": "the site's name, beside Junling",
    "将军令": "a game's own name, which English pages give beside its English name",
    "三国智": "a game's own name (it has no English one)",
    "龙虎三国志": "a game's own name (it has no English one)",
    "文禄朝鲜之役": "a game's own name, beside 'Imjin War'",
    # 三国智's slots and zones: its rules have no English names; the pages give the printed term and an English
    # gloss beside it ("营地 (camp: the deck)"), as for the printed card terms.
    **{
        term: "a 三国智 slot or zone as printed, glossed in English beside it"
        for term in (
            "墓地",
            "主将",
            "军师",
            "副将",
            "营地",
            "事件",
            "谋略",
            "阵型",
            "粮仓",
            "兵权",
            "步兵兵权",
            "弓兵兵权",
            "骑兵兵权",
            "谋士兵权",
            "场上",
            "卡组",
            "手牌",
            "粮草",
        )
    },
    # 将军令's zones: the table names each as the rulebook does, with its English beside it ("敌城内 (enemy fortress)").
    **{
        term: "a 将军令 zone as the rulebook names it, glossed in English beside it"
        for term in ("自城内", "自城外", "敌城外", "敌城内", "战场")
    },
    # 将军令's turn steps (§3.3: 取、兵、布局、攻守、终), as the rulebook names them, beside the English.
    **{
        term: "a 将军令 turn step as the rulebook names it, beside its English"
        for term in ("取", "兵", "布局", "攻守", "终")
    },
}

COLLECT = r"""
() => {
  const skip = 'code, pre, kbd, samp, textarea, script, style, noscript, svg, [translate="no"], [lang]:not(html)';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (!text) continue;
    const el = node.parentElement;
    if (!el || el.closest(skip)) continue;
    if (el.closest('[hidden], [aria-hidden="true"]')) continue;
    if (el.checkVisibility && !el.checkVisibility({checkVisibilityCSS: true})) {
      if (!el.closest('option, optgroup')) continue;  // a select's options are text the reader picks from
    }
    out.push(text);
  }
  for (const el of document.querySelectorAll('optgroup[label]')) out.push(el.getAttribute('label'));
  const buttons = document.querySelectorAll('input[type=submit][value], input[type=button][value]');
  for (const el of buttons) out.push(el.value);
  // (a text area's placeholder is an example of its data, a decklist: not read)
  for (const el of document.querySelectorAll('input[placeholder]')) out.push(el.placeholder);
  return {lang: document.documentElement.lang || '', texts: out};
}
"""

_LATIN = re.compile(r"[A-Za-z0-9_@][A-Za-z0-9_@'’.\-]*")
_IDENTIFIER = re.compile(r"[@_]|[A-Za-z]\.[A-Za-z]")
_LITERAL = re.compile(r"\S*/\S*|'[^']*'|\"[^\"]*\"")
"""Paths and addresses (a slash: docs/maps.md, a permalink) and quoted literals (a file's bad value): data."""
BUNDLED = Path(__file__).resolve().parents[2] / "engine" / "data"
"""Where the bundled test maps and game data are (``*_test_map.json``, ``*_test_data.json``): tables and calculators
read them without their being imported."""
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


def _identifiers(value: Any) -> list[str]:
    """Every one-word ASCII string of a map or data document (ids and coded values, not names with spaces)."""
    if isinstance(value, dict):
        return [w for v in value.values() for w in _identifiers(v)]
    if isinstance(value, list):
        return [w for v in value for w in _identifiers(v)]
    if isinstance(value, str) and value.isascii() and value and not any(c.isspace() for c in value):
        return [value, *re.split(r"[.\-_]", value)]
    return []


def _names_and_data() -> tuple[set[str], set[str]]:
    """(Latin words, Han runs) that people typed or imported, from the database as it is now."""
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from decks.models import Card, CardDatabase, Deck
    from matches.models import Tournament

    values: list[str] = []
    users = get_user_model().objects.all()
    values += [v for u in users.values_list("username", "first_name", "last_name") for v in u]
    profiles = Profile.objects.values_list("display_name", "display_name_traditional", "club", "region")
    values += [v for p in profiles for v in p]
    values += list(Deck.objects.values_list("name", flat=True))
    values += list(CardDatabase.objects.values_list("name", flat=True))
    values += [v for t in Tournament.objects.values_list("name", "venue", "description") for v in t]
    from boards.models import GameData, GameMap

    values += list(GameMap.objects.values_list("title", flat=True))  # an imported map's own title
    latin = {p.lower() for v in values if v for w in _LATIN.findall(v) for p in (w, *re.split(r"[.\-_'’]", w)) if p}
    han = {h for v in values if v for h in _HAN.findall(v)}
    han |= {h for n in Card.objects.filter(name_en="").values_list("name", flat=True) for h in _HAN.findall(n)}
    printed = Card.objects.values_list("type", "subtype", "factions", "marks")
    for ctype, subtype, factions, marks in printed:
        for term in (ctype, subtype, *(factions or ()), *(marks or ())):
            han.update(_HAN.findall(str(term)))
    han.add("无")  # the printed "no faction"
    documents = [
        *GameMap.objects.values_list("document", flat=True),
        *GameData.objects.values_list("document", flat=True),
    ]
    for document in documents:
        han.update(_HAN.findall(json.dumps(document, ensure_ascii=False)))  # regions, characters, counters: data
        # identifiers and coded values (longhu-junling-test, a road's class "primary"), as pages and errors cite them
        latin.update(w.lower() for w in _identifiers(document))
    for text in Card.objects.exclude(text_en="").values_list("text_en", flat=True):
        han.update(_HAN.findall(text))  # a card's English text naming another card as printed (青釭剑)
    return latin, han


def foreign_words(page: Any) -> tuple[str, list[str]]:
    """The page's language and the words of the other language its visible text holds (names and data aside),
    each with the text it was found in."""
    seen = page.evaluate(COLLECT)
    lang = str(seen["lang"]).lower()
    latin, han = _names_and_data()
    found: list[str] = []
    allowed = {w.lower() for w in ALLOWED}
    for text in seen["texts"]:
        if lang.startswith("zh"):
            for word in _LATIN.findall(_LITERAL.sub(" ", text)):
                core = word.strip("'’.-_")
                if len(core) <= 1 or any(ch.isdigit() for ch in core) or _IDENTIFIER.search(core):
                    continue
                parts = [p for p in re.split(r"[.\-_'’]", core) if p]
                if all(p.lower() in allowed or p.lower() in latin or len(p) <= 1 for p in parts):
                    continue
                found.append(f"{word!r} in «{text[:80]}»")
        elif lang.startswith("en"):
            for run in _HAN.findall(text):
                if run in ALLOWED_HAN or run in han or run in KNOWN_UNTRANSLATED:
                    continue
                found.append(f"{run!r} in «{text[:80]}»")
    return lang, found


def check_words(page: Any, label: str, problems: list[str]) -> None:
    """Add to ``problems`` every word of the other language on the page (at most 30, then their number)."""
    lang, found = foreign_words(page)
    unique = list(dict.fromkeys(found))
    kind = "English on a Chinese page" if lang.startswith("zh") else "Chinese on an English page"
    for item in unique[:30]:
        problems.append(f"{label}: {kind}: {item}")
    if len(unique) > 30:
        problems.append(f"{label}: {kind}: and {len(unique) - 30} more")


def no_foreign_words(problems: list[str]) -> str:
    """The assertion message of a test that collected ``check_words`` findings on the pages it walked through."""
    return f"{len(problems)} words not in the page's language:\n" + "\n".join(problems)
