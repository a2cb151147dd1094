"""Write the paper logs of this folder: bot games on the starter decks, stripped to what the table saw.

Run from the repository root: ``.venv/bin/python tests/engine/replay/paper/make_paper_logs.py``. Each
game is played by two greedy bots (``python -m engine play``'s), recorded, then written as a judge
writes it from the score sheets (ruling G18, docs/log-format.md "A paper log"): transcribed, no hashes,
no ``n``; the face-down cards of upkeeps and depletions unnamed (left out, or ``"card": null`` where the
next entry is a ``reveal`` that would otherwise be read as one of them); no ``pass`` in a response
window in which nothing was played. The expected verdicts are in ``expected.json`` (written by hand:
this script only checks that each stripped log still replays to the game's own result). Run it again
when the rules or the starter database change (the header's hash, ruling G17's targets), then check
``expected.json`` and that the three illegal logs still fail for their reason, at the index they say.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT))

from engine.cards import starter_database  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.game.cli import load_deck  # noqa: E402
from engine.game.players import BOTS  # noqa: E402
from engine.log import load_log, record_game, resolve_action  # noqa: E402
from engine.replay import adjudicate  # noqa: E402
from engine.replay.paper import face_down_due  # noqa: E402

HERE = Path(__file__).parent
GAMES = [  # (file, deck of player 0, deck of player 1, seed, bots)
    ("01_shu_wei.json", "shu_starter", "wei_starter", 1, ("greedy", "greedy")),
    ("02_wei_shu.json", "wei_starter", "shu_starter", 2, ("greedy", "greedy")),
    ("03_wu_shu.json", "wu_starter", "shu_starter", 3, ("greedy", "greedy")),
    ("04_shu_wu.json", "shu_starter", "wu_starter", 4, ("greedy", "greedy")),
    ("05_wei_wu.json", "wei_starter", "wu_starter", 5, ("greedy", "greedy")),
    ("06_wu_wei.json", "wu_starter", "wei_starter", 6, ("greedy", "greedy")),
    ("07_shu_shu.json", "shu_starter", "shu_starter", 7, ("greedy", "greedy")),
    ("08_wei_wei.json", "wei_starter", "wei_starter", 8, ("greedy", "random")),
    ("09_wu_wu.json", "wu_starter", "wu_starter", 9, ("random", "greedy")),
]
ILLEGAL = [  # (file, made from, what the judge's sheets say at an entry (index in the paper log), the change)
    # a drawn card that none of the unknown face-down cards can be: both 夏侯恩 were paid, named (G18)
    ("10_illegal_unknown_card.json", "01_shu_wei.json", 67, {"action": {"type": "reveal", "card": "夏侯恩"}}),
    # 曹操 recruited for one card less than his cost (§3.5, ruling G3)
    (
        "11_illegal_underpaid.json",
        "01_shu_wei.json",
        52,
        {
            "actor": 1,
            "action": {"type": "recruit", "card": "曹操", "payment": ["丈八蛇矛", "虎豹骑先锋部队", "夏侯恩"]},
        },
    ),
    # 关羽 besieges twice in one turn (ruling G8): the second siege is written after the first
    ("12_illegal_second_siege.json", "02_wei_shu.json", 50, None),
]


def strip(log: dict[str, Any], db: Any, judge: str) -> dict[str, Any]:
    """The log as a judge writes it from the score sheets."""
    header = dict(log["header"])
    header["randomness"] = {"kind": "transcribed"}
    header["signed"] = False
    header.pop("created", None)
    header["meta"] = {"source": "score sheets", "judge": judge}
    header["first_player"] = next(e["action"]["first_player"] for e in log["entries"] if "first_player" in e["action"])
    entries = log["entries"]
    decks = [(d["resource"], d["pool"], d["factions"]) for d in header["decks"]]
    state = Game(db).new_initial_state(decks[0], decks[1], seed=entries[-1]["action"]["seed"])
    kept: list[dict[str, Any] | None] = []
    face_down: list[int] = []  # indices in kept of unnamed face-down cards
    for i, entry in enumerate(entries[:-1]):
        action = entry["action"]
        out: dict[str, Any] | None = {"action": action}
        if entry["actor"] in (0, 1):
            out = {"actor": entry["actor"], "action": action}
        if action["type"] == "reveal" and face_down_due(state) is not None:
            out = {"action": {"type": "reveal", "card": None}}
            face_down.append(len(kept))
        elif action["type"] == "pass":
            following = entries[i + 1]
            answer = following["action"]["type"] in ("counter", "pass") or (
                following["action"]["type"] == "activate" and following["actor"] == entry["actor"]
            )
            if not answer:  # the next entry closes the window (ruling G18)
                out = None
        kept.append(out)
        state.apply(resolve_action(state, action))
    # an unnamed card may be left out where the next entry kept is not a reveal
    for j in reversed(face_down):
        nxt = next((e for e in kept[j + 1 :] if e is not None), None)
        if nxt is None or nxt["action"]["type"] != "reveal":
            kept[j] = None
    end = {"actor": "referee", "action": {"type": "end", "result": entries[-1]["action"]["result"]}}
    return {"header": header, "entries": [e for e in kept if e is not None] + [end]}


def main() -> None:
    db = starter_database()
    game = Game(db)
    for i, (name, a, b, seed, bots) in enumerate(GAMES):
        players = [BOTS[bots[0]](seed), BOTS[bots[1]](seed + 100)]
        rec = record_game(game, load_deck(a), load_deck(b), seed, players, players=["甲", "乙"])
        paper = strip(load_log(rec.dumps()), db, judge=f"judge {i + 1}")
        verdict = adjudicate(paper, db=db)
        assert verdict.legal and verdict.result.winner == rec.state.outcome.winner, (name, verdict.to_dict())
        write(HERE / name, paper)
        print(name, len(paper["entries"]), verdict.result.reason)

    for name, source, index, change in ILLEGAL:
        log = json.loads((HERE / source).read_text(encoding="utf-8"))
        entries = log["entries"]
        if change is None:  # the entry written twice
            entries.insert(index + 1, json.loads(json.dumps(entries[index])))
        else:
            entries[index] = change
        del entries[-1]["action"]["result"]  # the sheets end there: no result claimed
        log["header"]["meta"]["note"] = f"entry {index + (change is None)} is illegal"
        write(HERE / name, log)
        print(name, adjudicate(log, db=db).first_illegal)


def write(path: Path, log: dict[str, Any]) -> None:
    """A log as Junling writes one: the header on one line, each entry on its own."""
    lines = [json.dumps(e, ensure_ascii=False) for e in log["entries"]]
    header = json.dumps(log["header"], ensure_ascii=False)
    path.write_text('{"header": ' + header + ',\n "entries": [\n  ' + ",\n  ".join(lines) + "\n ]}\n", "utf-8")


if __name__ == "__main__":
    main()
