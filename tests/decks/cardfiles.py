"""Small card-database files built in the tests, so they do not depend on the starter file's content."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BEAST = {"name": "木鹿大王", "type": "人", "factions": ["南蛮"], "cost": 2, "might": 3, "wit": 0, "marks": ["兽"]}
"""A 兽 general: Wit 0 (§2.2.7)."""

SAMPLE_CARDS: list[dict[str, Any]] = [
    {
        "name": "关羽",
        "name_en": "Guan Yu",
        "aliases": ["关云长"],
        "type": "人",
        "factions": ["蜀"],
        "cost": 5,
        "might": 5,
        "wit": 3,
        "ability_kind": "effect",
        "ability_name": "武圣",
        "ability_name_en": "Saint of War",
        "ability_cost": "1",
        "text": "战胜敌将时，抽1张卡。",
        "text_en": "When he defeats an enemy general, draw 1 card.",
        "printings": [{"series": "第一弹", "number": "001", "rarity": "SR"}, {"series": "重印", "number": "101"}],
    },
    {
        "name": "曹操",
        "name_en": "Cao Cao",
        "type": "人",
        "factions": ["魏"],
        "cost": 4,
        "might": 4,
        "wit": 5,
        "ability_kind": "trait",
        "text": "自方魏将领智+1。",
        "text_en": "Your Wei generals get +1 Wit.",
    },
    {
        "name": "吕布",
        "name_en": "Lü Bu",
        "type": "人",
        "factions": ["董"],
        "cost": 6,
        "might": 7,
        "wit": 1,
        "marks": ["反"],
    },
    {"name": "周仓", "name_en": "Zhou Cang", "type": "人", "factions": ["蜀", "黄巾"], "cost": 3, "might": 3, "wit": 2},
    {
        "name": "青龙偃月刀",
        "name_en": "Green Dragon Crescent Blade",
        "type": "物",
        "subtype": "宝物",
        "cost": 2,
        "might_mod": 2,
        "marks": ["对"],
        "text": "装备者武+2。",
    },
    {"name": "藤甲兵", "type": "物", "subtype": "兵种", "factions": ["南蛮"], "cost": 1, "text": "不受武力攻击。"},
    {"name": "火攻", "name_en": "Fire Attack", "type": "事", "subtype": "火计", "cost": 1, "text": "计略：火。"},
    {"name": "对策", "name_en": "Countermeasure", "type": "特", "text": "敌方回合使用1张对标志卡。"},
    {"name": "反军", "type": "令", "factions": ["蜀"], "text": "军令。"},
    {"name": "天时", "type": "优", "subtype": "天时"},
    BEAST,
]


def document(cards: list[dict[str, Any]] | None = None, *, name: str = "test-db", version: str = "1") -> dict[str, Any]:
    return {
        "format": "junling-cards/1",
        "game": "generals-order",
        "name": name,
        "version": version,
        "cards": SAMPLE_CARDS if cards is None else cards,
    }


def json_bytes(cards: list[dict[str, Any]] | None = None, **meta: str) -> bytes:
    return json.dumps(document(cards, **meta), ensure_ascii=False).encode("utf-8")


def write_json(path: Path, cards: list[dict[str, Any]] | None = None, **meta: str) -> Path:
    path.write_bytes(json_bytes(cards, **meta))
    return path
