"""compare_logs: a log against the stored log of the game it claims (issue 11 point 3); the verdict's trust."""

from __future__ import annotations

import copy
import dataclasses

from engine.messages import render
from engine.replay import adjudicate
from engine.replay.compare import Claim, claim_of, compare_logs, comparison, not_compared
from engine.replay.verdict import Problem
from tests.engine.replay.conftest import KEY, index_of, rechain


def _codes(diffs: list[Problem]) -> list[str]:
    return [p.what.code for p in diffs]


def test_an_identical_log_has_no_difference(signed_log):
    assert compare_logs(signed_log, copy.deepcopy(signed_log)) == []


def test_the_claim_is_read_from_the_header_meta():
    assert claim_of({"meta": {"match": 7, "game": 2}}) == Claim(7, 2)
    assert claim_of({"meta": {"match": "7"}}) == Claim(7, None)
    for header in ({}, {"meta": {"game": 1}}, {"meta": {"match": True}}, {"meta": {"match": -3}}, {"meta": "x"}, None):
        assert claim_of(header) is None


def test_a_changed_player_name_is_listed_with_both_values(signed_log):
    forged = copy.deepcopy(signed_log)
    forged["header"]["players"][1]["name"] = "mallory"
    diffs = compare_logs(rechain(forged), signed_log)
    player = [p for p in diffs if p.where == "header.players[1].name"]
    assert player and player[0].what.code == "record.value_differs"
    assert player[0].what.params["log"] == '"mallory"'
    assert "signature" in {p.where for p in diffs}  # the forger cannot sign: the signature is another


def test_a_changed_deck_lists_each_card_count_that_differs(signed_log):
    forged = copy.deepcopy(signed_log)
    resource = forged["header"]["decks"][0]["resource"]
    gone = resource[0]
    resource[0] = "关羽" if gone != "关羽" else "张飞"
    diffs = [p for p in compare_logs(forged, signed_log) if p.where == "header.decks[0].resource"]
    assert _codes(diffs) == ["record.deck_differs"]
    text = render(diffs[0].what)
    assert gone in text and resource[0] in text and "player 0" in text


def test_a_deck_in_another_order_is_listed_as_such(signed_log):
    forged = copy.deepcopy(signed_log)
    forged["header"]["decks"][1]["resource"].reverse()
    diffs = [p for p in compare_logs(forged, signed_log) if p.where.startswith("header.decks")]
    assert _codes(diffs) == ["record.deck_order"]


def test_another_card_database_is_listed(signed_log):
    forged = copy.deepcopy(signed_log)
    forged["header"]["database"]["hash"] = "0" * 64
    assert "record.database_differs" in _codes(compare_logs(forged, signed_log))


def test_the_first_differing_entry_is_listed_with_its_index_and_both_actions(signed_log):
    forged = copy.deepcopy(signed_log)
    i = index_of(forged, "end_turn")
    forged["entries"][i]["actor"] = 1 - forged["entries"][i]["actor"]
    diffs = [p for p in compare_logs(forged, signed_log) if p.what.code == "record.entry_differs"]
    assert [p.index for p in diffs] == [i]
    assert diffs[0].where == f"entries[{i}]" and diffs[0].what.params["index"] == i
    assert diffs[0].what.params["log"] != diffs[0].what.params["stored"]


def test_many_differing_entries_are_listed_up_to_five_and_counted(signed_log):
    forged = copy.deepcopy(signed_log)
    changed = [i for i, e in enumerate(forged["entries"]) if e["action"].get("type") == "end_turn"][:8]
    for i in changed:
        forged["entries"][i]["action"]["extra"] = 1
    diffs = compare_logs(forged, signed_log)
    assert [p.index for p in diffs if p.what.code == "record.entry_differs"] == changed[:5]
    counted = [p for p in diffs if p.what.code == "record.entries_differ"]
    assert counted[0].what.params["count"] == len(changed) and counted[0].what.params["first"] == changed[0]


def test_extra_and_missing_entries_are_listed(signed_log):
    shorter = copy.deepcopy(signed_log)
    del shorter["entries"][-3:]
    missing = [p for p in compare_logs(shorter, signed_log) if p.what.code == "record.missing_entries"]
    assert missing[0].what.params["count"] == 3 and missing[0].index == len(shorter["entries"])
    extra = [p for p in compare_logs(signed_log, shorter) if p.what.code == "record.extra_entries"]
    assert extra[0].what.params["count"] == 3
    # Without its end entry the shorter log claims no result: the result differs too.
    assert "record.result_differs" in _codes(compare_logs(shorter, signed_log))


def test_another_claimed_result_is_listed(signed_log):
    forged = copy.deepcopy(signed_log)
    result = forged["entries"][-1]["action"]["result"]
    result["winner"] = 1 - result["winner"]
    diffs = [p for p in compare_logs(forged, signed_log) if p.what.code == "record.result_differs"]
    assert len(diffs) == 1
    assert render(diffs[0].what, "zh") != render(diffs[0].what)  # translated


def test_trust_follows_the_comparison(db, signed_recorder, signed_log):
    verdict = adjudicate(signed_recorder.dumps(), db=db, key=KEY)
    assert verdict.trust == "authentic" and verdict.ok
    same = dataclasses.replace(verdict, record=comparison(Claim(1, 1), []))
    assert same.trust == "matches record" and same.ok and same.to_dict()["record"]["status"] == "matches"
    other = copy.deepcopy(signed_log)
    other["header"]["players"][0]["name"] = "mallory"
    differs = dataclasses.replace(verdict, record=comparison(Claim(1, 1), compare_logs(other, signed_log)))
    assert differs.trust == "differs from record" and not differs.ok and differs.exit_code == 5
    unchecked = dataclasses.replace(verdict, record=not_compared(Claim(1, 1), verdict.result.message))
    assert unchecked.trust == "authentic"  # signed by this site; the claim is simply not checked


def test_an_unsigned_copy_that_differs_never_reads_as_matching(db, signed_log):
    forged = copy.deepcopy(signed_log)
    forged["header"]["signed"] = False
    forged["entries"][-1]["action"]["result"]["winner"] ^= 1
    forged = rechain(forged)
    verdict = adjudicate(forged, db=db, key=KEY)
    judged = dataclasses.replace(verdict, record=comparison(Claim(1, 1), compare_logs(forged, signed_log)))
    assert judged.trust == "differs from record" and not judged.ok


def test_the_command_line_lists_the_differences_from_a_stored_log(tmp_path, signed_recorder, signed_log, capsys):
    from engine.__main__ import main

    stored = tmp_path / "stored.json"
    stored.write_bytes(signed_recorder.dumps())
    forged = copy.deepcopy(signed_log)
    forged["entries"][-1]["action"]["result"]["winner"] ^= 1
    claimed = tmp_path / "claimed.json"
    from engine.log import dumps_log

    claimed.write_bytes(dumps_log(rechain(forged)))
    assert main(["replay", str(stored), "--stored", str(stored)]) == 6  # identical, but no key given
    assert "Stored record: unverified (0 differences)" in capsys.readouterr().out
    assert main(["replay", str(claimed), "--stored", str(stored), "--lang", "zh"]) == 5
    out = capsys.readouterr().out
    assert "存档记录：与存档记录不一致" in out and "存档日志" in out
