"""Deck legality speed: check_deck calls per second on one core, parse excluded and included.

Run: .venv/bin/python bench/bench_checkdeck.py [--seconds S]

The card database is synthetic (200 Generals' Order cards: generals of four factions, dual-faction
generals, 无 equipment and strategies, commandments, with English names and aliases) so the figure
does not move when the bundled starter database changes. The deck is 60 resource cards (20 names
x 3, two factions, one dual card) plus a command pool of 3. Each figure is the best of 5 rounds of
CPU time (time.process_time), so other processes on the machine disturb it less.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import GENERALS_ORDER, Card, CardDatabase, starter_database
from engine.decklist import DeckEntry, Decklist, format_decklist, parse_decklist
from engine.deckrules import check_deck
from engine.formats import Format

FACTIONS = ("蜀", "魏", "吴", "黄巾")


def build_database() -> CardDatabase:
    cards = []
    for i in range(160):
        faction = FACTIONS[i % 4]
        factions = (faction, FACTIONS[(i + 1) % 4]) if i % 17 == 0 else (faction,)
        cards.append(
            Card(
                f"{faction}将{i}",
                "人",
                name_en=f"General {i}",
                aliases=(f"g{i}",),
                factions=factions,
                cost=i % 7,
                might=i % 6,
                wit=i % 5,
            )
        )
    cards += [Card(f"宝物{i}", "物", subtype="宝物", name_en=f"Treasure {i}", cost=i % 3) for i in range(20)]
    cards += [Card(f"计略{i}", "事", subtype="火计", name_en=f"Tactic {i}", cost=1) for i in range(12)]
    cards += [Card(f"军令{i}", "令", name_en=f"Order {i}", factions=(FACTIONS[i % 2],)) for i in range(8)]
    return CardDatabase(cards, name="bench", version="1")


def build_deck(db: CardDatabase) -> Decklist:
    shu = [c.name for c in db if c.factions == ("蜀",)][:10]
    wei = [c.name for c in db if c.factions == ("魏",)][:6]
    items = ["宝物1", "宝物2", "计略1"]
    names = [*shu, *wei, *items]
    dual = next(c.name for c in db if set(c.factions) == {"蜀", "魏"})
    entries = [DeckEntry(n, 3, i) for i, n in enumerate([*names, dual], start=1)]
    # Spell some lines in English or by alias, as players do.
    entries[0] = DeckEntry(db[entries[0].name].name_en, 3, 1)
    entries[1] = DeckEntry(db[entries[1].name].aliases[0], 3, 2)
    pool = (DeckEntry("军令0", 1, 30), DeckEntry("军令1", 1, 31), DeckEntry("军令2", 1, 32))
    return Decklist(tuple(entries), pool, ("蜀", "魏"))


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Best-of-5 calls per CPU second."""
    n = 1
    while True:  # find a batch size that takes ~seconds/5
        start = time.process_time()
        for _ in range(n):
            fn()
        spent = time.process_time() - start
        if spent > seconds / 10:
            break
        n *= 2
    best = 0.0
    for _ in range(5):
        start = time.process_time()
        for _ in range(n):
            fn()
        best = max(best, n / (time.process_time() - start))
    return best


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="rough time per figure")
    args = parser.parse_args()
    db = build_database()
    decklist = build_deck(db)
    first = check_deck(decklist, db)
    assert first.legal and first.count == 60, first.violations
    text = format_decklist(decklist)
    as_json = format_decklist(decklist, "json")
    illegal = Decklist(
        (*decklist.entries, DeckEntry("蜀将0", 1, 40), DeckEntry("无此卡", 2, 41)), decklist.pool, ("蜀",)
    )
    banning = Format("bench-ban", "generals-order", "generals-order", banlist=("General 4",))
    bad = check_deck(illegal, db, banning)
    # unknown-card, banned-card, deck-size, too-many-copies, undeclared-faction
    assert len(bad.violations) == 5, bad.violations

    print(f"date: {datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds')}")
    print(f"machine: {platform.platform()}; CPU: {cpu_model()}; Python {platform.python_version()}")
    print(f"database: {len(db)} cards; deck: {first.count} cards in {len(decklist.entries)} lines + pool of 3")
    rows = [
        ("check_deck, legal 60-card deck (parse excluded)", lambda: check_deck(decklist, db)),
        (
            "check_deck, illegal 63-card deck, 5 violations (parse excluded)",
            lambda: check_deck(illegal, db, banning),
        ),
        ("parse_decklist (text) + check_deck", lambda: check_deck(parse_decklist(text), db)),
        ("parse_decklist (JSON) + check_deck", lambda: check_deck(parse_decklist(as_json), db)),
        ("parse_decklist (text) alone", lambda: parse_decklist(text)),
    ]
    starter_deck = Path(__file__).resolve().parent.parent / "engine" / "data" / "decks" / "shu_starter.txt"
    if starter_deck.exists():  # the bundled starter deck against the bundled starter database, when present
        starter_db = starter_database(GENERALS_ORDER)
        starter_text = starter_deck.read_bytes()
        starter = parse_decklist(starter_text, filename=starter_deck.name)
        verdict = check_deck(starter, starter_db)
        print(f"starter: {starter_deck.name}, {verdict.count} cards, legal={verdict.legal}; {starter_db!r}")
        rows.append((f"check_deck, {starter_deck.name} (parse excluded)", lambda: check_deck(starter, starter_db)))
        rows.append(
            (
                f"parse_decklist (bytes) + check_deck, {starter_deck.name}",
                lambda: check_deck(parse_decklist(starter_text), starter_db),
            )
        )
    for label, fn in rows:
        print(f"{label}: {rate(fn, args.seconds):,.0f} per second")


if __name__ == "__main__":
    main()
