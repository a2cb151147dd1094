"""adjudicate: authenticity (signature, hash chain, seed), legality, the result, decklists, --until."""

from __future__ import annotations

import copy

from engine.game import Game
from engine.log import dumps_log, load_log
from engine.replay import adjudicate
from tests.engine.replay.conftest import KEY, index_of, paper_game, rechain, record


def test_recorded_game_replays_to_the_same_final_state_and_result(db, decks, signed_recorder):
    verdict = adjudicate(signed_recorder.dumps(), db=db, key=KEY, until=len(signed_recorder.entries) - 1)
    outcome = signed_recorder.state.outcome
    assert verdict.ok and verdict.legal and verdict.result.finished
    assert (verdict.result.winner, verdict.result.reason, verdict.result.rule) == (
        outcome.winner,
        outcome.reason,
        outcome.rule,
    )
    assert verdict.state == signed_recorder.state.to_json(history=False)
    assert verdict.replayed == verdict.entries == len(signed_recorder.entries)


def test_signed_log_verifies_with_the_site_key(db, signed_recorder):
    verdict = adjudicate(signed_recorder.dumps(), db=db, key=KEY)
    assert (verdict.signature, verdict.chain, verdict.seed, verdict.authentic) == ("valid", "valid", "matches", True)


def test_signed_log_without_a_key_is_not_checked_and_with_another_key_is_invalid(db, signed_recorder):
    assert adjudicate(signed_recorder.dumps(), db=db).signature == "not checked"
    other = adjudicate(signed_recorder.dumps(), db=db, key=b"another key")
    assert other.signature == "invalid" and not other.authentic and other.exit_code == 3


def test_tampered_entry_breaks_the_chain_at_its_index_and_the_signature(db, signed_log):
    i = index_of(signed_log, "reveal", 20)
    signed_log["entries"][i]["action"]["card"] = "关羽"
    verdict = adjudicate(dumps_log(signed_log), db=db, key=KEY)
    assert not verdict.authentic and verdict.chain == "broken" and verdict.signature == "invalid"
    chain = [p for p in verdict.problems if p.kind == "chain"]
    assert chain[0].index == i and chain[0].where == f"entries[{i}].hash"


def test_tampered_log_with_a_rebuilt_chain_still_fails_the_signature(db, signed_log):
    i = index_of(signed_log, "end_turn")
    signed_log["entries"][i]["actor"] = 1 - signed_log["entries"][i]["actor"]
    forged = rechain(signed_log)
    forged["signature"] = signed_log["signature"]
    verdict = adjudicate(forged, db=db, key=KEY)
    assert verdict.chain == "valid" and verdict.signature == "invalid" and not verdict.authentic


def test_removed_entry_breaks_the_chain_and_the_numbering_at_that_index(db, signed_log):
    del signed_log["entries"][30]
    verdict = adjudicate(signed_log, db=db, key=KEY)
    assert verdict.chain == "broken"
    assert {p.index for p in verdict.problems if p.kind == "chain"} >= {30}


def test_entries_out_of_order_are_reported_at_the_first_displaced_index(db, signed_log):
    entries = signed_log["entries"]
    entries[40], entries[41] = entries[41], entries[40]
    verdict = adjudicate(signed_log, db=db, key=KEY)
    assert not verdict.authentic
    numbered = [p for p in verdict.problems if p.where == "entries[40].n"]
    assert numbered and "out of order" in numbered[0].message


def test_seed_that_does_not_match_its_commitment_is_not_authentic(db, signed_log):
    signed_log["entries"][-1]["action"]["seed"] += 1
    verdict = adjudicate(rechain(signed_log, KEY), db=db, key=KEY)
    assert verdict.seed == "mismatch" and not verdict.authentic and verdict.signature == "valid"
    assert any(p.kind == "seed" and p.index == len(signed_log["entries"]) - 1 for p in verdict.problems)


def test_chance_outcome_that_does_not_follow_from_the_seed_is_reported_at_its_index(db, decks):
    rec = record(db, decks, 13)
    log = load_log(rec.dumps())
    state = Game(db).new_initial_state(*decks, seed=13)
    # find a reveal where another card could have been drawn, and draw that one instead
    for i, entry in enumerate(log["entries"]):
        action = entry["action"]
        if action["type"] == "reveal":
            others = {n for n, _ in ((a.card, p) for a, p in state.chance_outcomes())} - {action["card"]}
            if others:
                action["card"] = sorted(others)[0]
                break
        state.apply(rec.state.history[i])
    verdict = adjudicate(rechain(log), db=db)
    assert verdict.chain == "valid" and verdict.seed == "matches"
    assert [p.index for p in verdict.problems if p.kind == "chance"] == [i]
    assert not verdict.authentic


def test_transcribed_log_written_by_hand_replays(db):
    verdict = adjudicate(paper_game(db), db=db)
    assert verdict.legal is True and verdict.trust == "unverified", verdict.problems  # unsigned
    assert (verdict.seed, verdict.chain, verdict.signature) == ("transcribed", "absent", "unsigned")
    assert verdict.result.finished and verdict.result.winner == 1 and verdict.result.rule == "§1.4 3)"


def test_illegal_entry_is_reported_with_index_actor_rule_and_reason_from_the_engine(db):
    log = paper_game(db)
    recruit = index_of(log, "recruit", 12)
    log["entries"][recruit]["action"]["payment"] = ["何仪"]  # 裴元绍 costs 0 once 邓茂 is on the field (ruling G3)
    verdict = adjudicate(log, db=db)
    assert verdict.legal is False and verdict.exit_code == 1
    bad = verdict.first_illegal
    assert (bad.index, bad.actor, bad.rule) == (recruit, 0, "ruling G3")
    assert "裴元绍" in bad.reason and bad.action["payment"] == ["何仪"]
    assert not verdict.result.finished and verdict.result.position["turn"] == 1


def test_action_by_the_player_not_to_act_is_illegal_with_the_turn_rule(db):
    log = paper_game(db)
    i = index_of(log, "end_turn")
    log["entries"][i]["actor"] = 1
    bad = adjudicate(log, db=db).first_illegal
    assert bad.index == i and bad.rule == "§3.9" and "player 0's turn" in bad.reason


def test_card_that_is_in_neither_deck_is_illegal_under_ruling_d1(db):
    log = paper_game(db)
    i = index_of(log, "recruit")
    log["entries"][i]["action"]["card"] = "关羽"
    bad = adjudicate(log, db=db).first_illegal
    assert bad.index == i and bad.rule == "ruling D1" and "关羽" in bad.reason


def test_card_held_in_the_deck_but_not_in_hand_is_illegal_with_the_engines_rule(db):
    log = paper_game(db)
    i = index_of(log, "recruit")
    log["entries"][i]["action"]["card"] = "何仪#1"  # player 0's second card: still in his RESOURCE
    verdict = adjudicate(log, db=db)
    assert verdict.first_illegal.index == i and verdict.first_illegal.rule


def test_claimed_result_that_differs_from_the_rules_is_a_problem_at_the_end_entry(db):
    log = paper_game(db)
    log["entries"][-1]["action"]["result"]["winner"] = 0
    verdict = adjudicate(log, db=db)
    assert [p.kind for p in verdict.problems] == ["result"]
    assert verdict.result.winner == 1


def test_a_claimed_result_in_the_judges_own_words_matches_when_winner_and_termination_match(db):
    log = paper_game(db)
    claimed = log["entries"][-1]["action"]["result"]
    claimed["reason"] = "甲方付不起军费，乙方胜"  # the judge's words, not the engine's
    verdict = adjudicate(log, db=db)
    assert list(verdict.problems) == [] and verdict.result.winner == claimed["winner"]
    claimed["termination"] = "concession"
    assert [p.kind for p in adjudicate(log, db=db).problems] == ["result"]


def test_a_claimed_result_without_winner_or_termination_does_not_match(db):
    log = paper_game(db)
    log["entries"][-1]["action"]["result"] = {"reason": "player 1 wins"}
    assert [p.kind for p in adjudicate(log, db=db).problems] == ["result"]


def test_state_hash_that_differs_from_the_replay_is_not_authentic(db, signed_log):
    i = next(i for i, e in enumerate(signed_log["entries"]) if "state" in e)
    signed_log["entries"][i]["state"] = "0" * 64
    verdict = adjudicate(rechain(signed_log, KEY), db=db, key=KEY)
    assert not verdict.authentic and [p.index for p in verdict.problems if p.kind == "state"] == [i]


def test_unfinished_committed_log_replays_with_the_position_and_seed_not_revealed(db, signed_log):
    log = rechain({"header": signed_log["header"], "entries": signed_log["entries"][:50]})
    verdict = adjudicate(log, db=db)
    assert verdict.legal and verdict.seed == "not revealed" and not verdict.result.finished
    assert verdict.result.position["actions"] == 50


def test_until_gives_the_full_state_and_both_observations_after_entry_n(db, decks, signed_recorder):
    verdict = adjudicate(signed_recorder.dumps(), db=db, until=25)
    state = Game(db).new_initial_state(*decks, seed=11)
    for action in signed_recorder.state.history[:26]:
        state.apply(action)
    assert verdict.state == state.to_json(history=False)
    assert verdict.observations == (state.observation(0), state.observation(1))


def test_until_beyond_the_replayed_entries_is_a_problem_not_an_error(db, signed_recorder):
    verdict = adjudicate(signed_recorder.dumps(), db=db, until=10**6)
    assert verdict.state is None and any(p.kind == "until" for p in verdict.problems)


def test_expected_decklists_that_match_the_logs_decks(db, decks, signed_recorder):
    verdict = adjudicate(signed_recorder.dumps(), db=db, expected_decklists=decks)
    assert verdict.decklists == "match" and verdict.exit_code == 6  # unsigned: unverified


def test_expected_decklists_that_differ_are_a_mismatch_naming_the_card(db, decks, signed_recorder):
    swapped = (decks[1], decks[0])
    verdict = adjudicate(signed_recorder.dumps(), db=db, expected_decklists=swapped)
    assert verdict.decklists == "mismatch" and not verdict.ok and verdict.exit_code == 5
    assert any(p.where == "header.decks[0].resource" for p in verdict.problems)


def test_another_card_database_is_a_verdict_not_an_exception(db, signed_recorder):
    from engine.cards import SANGUO_ZHI, starter_database

    verdict = adjudicate(signed_recorder.dumps(), db=starter_database(SANGUO_ZHI), key=KEY)
    assert verdict.database == "mismatch" and verdict.legal is None and verdict.exit_code == 4
    assert verdict.signature == "valid"  # authenticity does not need the cards


def test_progress_is_called_every_n_entries_and_at_the_end(db, signed_recorder):
    calls = []
    adjudicate(
        signed_recorder.dumps(), db=db, progress=lambda done, total: calls.append((done, total)), progress_every=10
    )
    total = len(signed_recorder.entries)
    assert calls[0] == (10, total) and calls[-1] == (total, total)


def test_to_dict_has_the_fields_the_site_reads(db, signed_recorder):
    d = adjudicate(copy.deepcopy(signed_recorder.to_dict()), db=db).to_dict()
    for k in ("well_formed", "authentic", "legal", "first_illegal", "result", "entries"):
        assert k in d
    assert {"winner", "reason"} <= set(d["result"])


def test_header_first_player_that_the_coin_flip_contradicts_is_a_problem_at_the_coin_flip(db):
    log = paper_game(db)
    log["header"]["first_player"] = 1
    verdict = adjudicate(log, db=db)
    assert not verdict.well_formed
    assert [(p.kind, p.index) for p in verdict.problems] == [("first_player", 0)]


def test_signed_header_without_a_signature_is_invalid_when_a_key_is_given(db, signed_log):
    del signed_log["signature"]
    verdict = adjudicate(signed_log, db=db, key=KEY)
    assert verdict.signature == "invalid" and not verdict.authentic


def test_unsigned_log_with_a_signature_is_not_authentic(db, signed_log):
    signed_log["header"]["signed"] = False
    verdict = adjudicate(rechain(signed_log, KEY), db=db)
    assert verdict.signature == "unsigned" and not verdict.authentic


def test_recorder_in_transcribed_mode_takes_chance_from_any_generator(db, decks):
    import random

    from engine.game.bots import RandomBot
    from engine.game.terms import CHANCE, TERMINAL
    from engine.log import Recorder

    state = Game(db).new_initial_state(*decks, seed=0)
    rec = Recorder(state, transcribed=True)
    bots, rng = [RandomBot(1), RandomBot(2)], random.Random(99)
    while state.current_player() != TERMINAL:
        p = state.current_player()
        rec.apply(state.sample_chance(rng) if p == CHANCE else bots[p].choose(state))
    rec.finish()
    verdict = adjudicate(rec.dumps(), db=db)
    assert (
        verdict.trust == "unverified" and verdict.legal and verdict.seed == "transcribed" and verdict.chain == "valid"
    )
    assert verdict.result.winner == state.outcome.winner
    assert "seed" not in rec.entries[-1]["action"]


def test_committed_log_whose_chance_came_from_elsewhere_fails_the_seed_check(db, decks):
    import random

    from engine.game.bots import RandomBot
    from engine.game.terms import CHANCE, TERMINAL
    from engine.log import Recorder

    state = Game(db).new_initial_state(*decks, seed=0)
    rec = Recorder(state)
    bots, rng = [RandomBot(1), RandomBot(2)], random.Random(99)
    while state.current_player() != TERMINAL:
        p = state.current_player()
        rec.apply(state.sample_chance(rng) if p == CHANCE else bots[p].choose(state))
    rec.finish()
    verdict = adjudicate(rec.dumps(), db=db)
    assert verdict.seed == "matches" and not verdict.authentic
    assert [p.kind for p in verdict.problems] == ["chance"]


def test_sealed_hand_written_log_verifies_and_a_later_change_breaks_the_chain_there(db):
    from engine.log import seal_log

    sealed = seal_log(paper_game(db), key=KEY)
    verdict = adjudicate(sealed, db=db, key=KEY)
    assert verdict.ok and (verdict.chain, verdict.signature) == ("valid", "valid")
    sealed["entries"][12]["action"]["card"] = "邓茂"
    verdict = adjudicate(sealed, db=db, key=KEY)
    assert verdict.chain == "broken" and verdict.problems[0].index == 12 and verdict.signature == "invalid"


def test_an_unsigned_copy_of_a_signed_logs_header_is_unverified_never_authentic(db, signed_recorder):
    """Issue 11 point 3: whether a log is signed is not its writer's word to give."""
    import json as _json

    forged = _json.loads(signed_recorder.dumps())
    forged["header"]["signed"] = False
    forged.pop("signature", None)
    forged = rechain(forged)  # all a forger without the key can do
    verdict = adjudicate(_json.dumps(forged, ensure_ascii=False), db=db, key=KEY)
    assert verdict.authentic is False and verdict.trust == "unverified" and not verdict.ok
    assert verdict.legal is True and verdict.exit_code == 6
    assert adjudicate(signed_recorder.dumps(), db=db, key=KEY).trust == "authentic"
