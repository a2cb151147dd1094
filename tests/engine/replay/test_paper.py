"""Ruling G18: a paper log as a table writes it (unknown face-down cards, no empty windows), and a dozen
paper logs written from score sheets (``tests/engine/replay/paper/``) replaying to their verdicts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game, IllegalAction
from engine.game.bots import RandomBot
from engine.game.terms import Area
from engine.log import load_log, record_game
from engine.replay import adjudicate, steps
from engine.replay.paper import PaperTable, face_down_due
from tests.engine.replay.test_schema import VALIDATOR

PAPER = Path(__file__).parent / "paper"
EXPECTED: dict[str, dict[str, Any]] = json.loads((PAPER / "expected.json").read_text(encoding="utf-8"))


def paper_log(name: str, db) -> dict[str, Any]:
    """A paper log of the folder, naming ``db`` (the starter database's hash moves with its cards)."""
    log = load_log((PAPER / name).read_bytes())
    log["header"]["database"]["hash"] = db.content_hash
    return log


def test_there_are_a_dozen_paper_logs_each_with_its_expected_verdict():
    files = sorted(p.name for p in PAPER.glob("*.json") if p.name != "expected.json")
    assert files == sorted(EXPECTED) and len(files) == 12
    assert sum(1 for e in EXPECTED.values() if e["legal"]) >= 9


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_paper_log_from_score_sheets_replays_to_its_verdict(name, db):
    want = EXPECTED[name]
    log = paper_log(name, db)
    verdict = adjudicate(log, db=db)
    assert verdict.well_formed and verdict.seed == "transcribed" and verdict.chain == "absent", verdict.problems
    assert verdict.legal is want["legal"], verdict.to_dict()["first_illegal"]
    if want["legal"]:
        assert verdict.result.finished and verdict.problems == ()
        assert (verdict.result.winner, verdict.result.termination) == (want["winner"], want["termination"])
    else:
        assert verdict.first_illegal is not None
        assert (verdict.first_illegal.index, verdict.first_illegal.rule) == (want["index"], want["rule"])
        assert verdict.replayed == want["index"]


@pytest.mark.parametrize("name", sorted(n for n, e in EXPECTED.items() if e["legal"]))
def test_paper_logs_are_what_the_table_saw_unnamed_face_down_cards_and_no_pass(name, db):
    entries = paper_log(name, db)["entries"]
    kinds = [e["action"]["type"] for e in entries]
    unnamed = [e for e in entries if e["action"]["type"] == "reveal" and e["action"]["card"] is None]
    assert unnamed and "pass" not in kinds and kinds[-1] == "end"


def test_ruling_G18_an_upkeep_left_unnamed_leaves_unknown_cards_of_that_deck_in_DISCARD(db):
    log = paper_log("01_shu_wei.json", db)
    decks = [(d["resource"], d["pool"], d["factions"]) for d in log["header"]["decks"]]
    state = Game(db).new_initial_state(*decks)
    paper = PaperTable()
    saw_unknown = False
    for entry in log["entries"][:-1]:
        raw = entry["action"]
        paper.before(state, raw, actor=entry.get("actor"))
        state.apply(paper.resolve(state, raw))
        paper.after(state)
        for c in paper.unknown:
            assert state.area_of(c) in (Area.DISCARD, Area.RESOURCE, Area.HAND, Area.BATTLEFIELD, Area.CASUALTY)
        saw_unknown = saw_unknown or any(state.area_of(c) is Area.DISCARD for c in paper.unknown)
    paper.before(state, log["entries"][-1]["action"])  # the end entry closes the last window
    assert saw_unknown and state.outcome is not None and state.outcome.winner == 0


def test_ruling_G18_face_down_cards_left_out_are_filled_when_the_next_entry_is_not_a_reveal(db):
    log = paper_log("01_shu_wei.json", db)
    decks = [(d["resource"], d["pool"], d["factions"]) for d in log["header"]["decks"]]
    state = Game(db).new_initial_state(*decks)
    paper = PaperTable()
    filled = []
    for entry in log["entries"][:-1]:
        raw = entry["action"]
        filled += [a for a in paper.before(state, raw, actor=entry.get("actor")) if a.kind == "reveal"]
        assert face_down_due(state) is None or raw["type"] == "reveal"
        state.apply(paper.resolve(state, raw))
        paper.after(state)
    assert filled  # the depletions of sieges, left out of the log


def test_ruling_G18_a_drawn_card_none_of_the_unknown_cards_can_be_is_refused(db):
    verdict = adjudicate(paper_log("10_illegal_unknown_card.json", db), db=db)
    illegal = verdict.first_illegal
    assert illegal is not None and illegal.rule == "ruling G18" and illegal.message.code == "paper.cannot_be_unknown"
    assert illegal.message.params["name"] == {"name": "夏侯恩"}
    assert "夏侯恩" in illegal.reason and "nobody saw" in illegal.reason


def test_ruling_G18_a_drawn_card_an_unknown_card_stands_for_is_exchanged_with_it(db):
    """Entry 67 of the first game draws 李典: the replay had placed both unseen 李典 face down as unknown
    cards before it (the lowest ids first), so one of them is exchanged with another unseen card."""
    log = paper_log("01_shu_wei.json", db)
    decks = [(d["resource"], d["pool"], d["factions"]) for d in log["header"]["decks"]]
    state = Game(db).new_initial_state(*decks)
    paper = PaperTable()
    swaps = 0
    for entry in log["entries"][:-1]:
        raw = entry["action"]
        before = sorted(paper.unknown)
        paper.before(state, raw, actor=entry.get("actor"))
        if raw["type"] == "reveal" and raw["card"] is not None and sorted(paper.unknown) != before:
            swaps += 1
            assert raw["card"] in {
                state.names[c] for c in state.resource[state.chance[0]][: state.hidden[state.chance[0]]]
            }
        state.apply(paper.resolve(state, raw))
        paper.after(state)
    assert swaps >= 1


def test_ruling_G18_an_unnamed_card_where_no_card_goes_face_down_is_refused(db):
    log = paper_log("01_shu_wei.json", db)
    first_draw = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "reveal")
    log["entries"][first_draw] = {"action": {"type": "reveal", "card": None}}  # a card of the opening hand
    verdict = adjudicate(log, db=db)
    assert verdict.first_illegal is not None and verdict.first_illegal.index == first_draw
    assert (verdict.first_illegal.rule, verdict.first_illegal.message.code) == (
        "ruling G18",
        "paper.unknown_not_face_down",
    )


def test_ruling_G18_an_entry_closes_an_unanswered_window_the_end_entry_too(db):
    log = paper_log("01_shu_wei.json", db)
    assert log["entries"][-2]["action"]["type"] == "siege"  # its window is closed by the end entry
    verdict = adjudicate(log, db=db)
    assert verdict.legal and verdict.result.termination == "cannot_pay_depletion"
    cut = dict(log, entries=log["entries"][:-1])  # without the end entry the window stays open
    assert adjudicate(cut, db=db).result.position["phase"] == "response"


def test_ruling_G18_an_explicit_pass_and_named_face_down_cards_still_replay(db, decks):
    rec = record_game(Game(db), *decks, seed=3, bots=[RandomBot(3), RandomBot(4)])
    log = load_log(rec.dumps())
    log["header"]["randomness"] = {"kind": "transcribed"}
    log["entries"][-1]["action"] = {"type": "end", "result": log["entries"][-1]["action"]["result"]}
    for e in log["entries"]:
        e.pop("hash", None)
        e.pop("state", None)
    assert any(e["action"]["type"] == "pass" for e in log["entries"])
    verdict = adjudicate(log, db=db)
    assert verdict.legal and verdict.result.winner == rec.state.outcome.winner and not verdict.problems


def test_ruling_G18_steps_narrate_the_implied_passes_and_reach_the_result(db):
    log = paper_log("01_shu_wei.json", db)
    out = list(steps(log, db))
    assert len(out) == len(log["entries"]) and out[-1].illegal is None
    assert "wins" in out[-1].text_en or "won" in out[-1].text_en
    codes = {m.code for s in out for m in s.lines}
    assert "paper.face_down" in codes  # the unknown cards are never named: nobody saw them
    sieges = [s for s in out if s.action["type"] == "siege"]
    assert any(len(s.lines) > 1 for s in out[1:] if s.index - 1 in {x.index for x in sieges})


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_schema_accepts_every_paper_log(name, db):
    assert list(VALIDATOR.iter_errors(paper_log(name, db))) == []


def _replayed(log: dict[str, Any], db, n: int) -> tuple[Any, PaperTable]:
    decks = [(d["resource"], d["pool"], d["factions"]) for d in log["header"]["decks"]]
    state = Game(db).new_initial_state(*decks)
    paper = PaperTable()
    for entry in log["entries"][:n]:
        raw = entry["action"]
        paper.before(state, raw, actor=entry.get("actor"))
        state.apply(paper.resolve(state, raw))
        paper.after(state)
    return state, paper


def test_ruling_G18_a_hand_card_held_only_as_an_unknown_card_takes_the_name_an_entry_gives_it(db):
    """An unknown card back in a hand (a text recycled DISCARD to RESOURCE, then it was drawn) becomes
    the card the player plays, if it can be that card; else the entry is refused."""
    log = paper_log("01_shu_wei.json", db)
    n = next(i for i, e in enumerate(log["entries"]) if i > 40 and e.get("actor") == 0)
    state, paper = _replayed(log, db, n)
    player = 0
    stand_in = next(c for c in paper.unknown if state.owner[c] == player and c in state.discard[player])
    state.discard[player].remove(stand_in)  # as if recycled and drawn again
    state.hand[player].append(stand_in)
    in_hand = {state.names[c] for c in state.hand[player]}
    unseen = state.resource[player][: state.hidden[player]]
    name = next(state.names[c] for c in unseen if state.names[c] not in in_hand)
    paper.before(state, {"type": "discard", "cards": [name]})
    named = [c for c in state.hand[player] if state.names[c] == name]
    assert named and stand_in not in state.hand[player] and not set(named) & paper.unknown
    assert stand_in in state.resource[player][: state.hidden[player]]  # the stand-in went back among the unseen
    # a card none of the unknown cards can be: every copy is known elsewhere
    state.discard[player].remove(other := next(c for c in paper.unknown if c in state.discard[player]))
    state.hand[player].append(other)
    own = sorted({state.names[c] for c in range(len(state.names)) if state.owner[c] == player})
    impossible = next(
        n
        for n in own
        if not any(state.names[c] == n for c in paper._unknowns_of(state, player))
        and not any(state.names[c] == n for c in state.hand[player] if c not in paper.unknown)
    )
    with pytest.raises(IllegalAction) as err:
        paper.before(state, {"type": "discard", "cards": [impossible]})
    assert err.value.rule == "ruling G18" and err.value.code == "paper.cannot_be_unknown"


def test_ruling_G17_a_paper_log_names_the_target_of_a_tactic_as_the_table_heard_it(db):
    """Ruling G18 leaves out what nobody saw, never a target: the tactic of entry 78 (火箭队的突袭 on
    典韦) written without its target is refused where it stands (§3.7.3, ruling G17)."""
    log = paper_log("01_shu_wei.json", db)
    index, entry = next((i, e) for i, e in enumerate(log["entries"]) if e["action"]["type"] == "tactic")
    assert entry["action"]["target"] == "典韦"
    del entry["action"]["target"]
    verdict = adjudicate(log, db=db)
    assert verdict.first_illegal is not None and verdict.replayed == index
    assert (verdict.first_illegal.index, verdict.first_illegal.rule) == (index, "§3.7.3, ruling G17")
