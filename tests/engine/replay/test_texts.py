"""Logs of games with card texts: `choose` (§2.1, 找寻 §4.1 item 23), `name_cards` (束缚, §2.6), a recruit's `to`,
an answer with an active effect in a response window (ruling G11) and cards taken at random from a hand (§3.2)."""

from __future__ import annotations

import json

from jsonschema import Draft202012Validator

from engine.cards import DATA_DIR
from engine.game import Choose, Game, NameCards, Phase
from engine.log import entry_action, load_log, resolve_action
from engine.replay import adjudicate, steps
from tests.engine.replay.conftest import index_of, record, replay_to, texts_game

SCHEMA = json.loads((DATA_DIR / "log-schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


def test_transcribed_log_with_choose_and_name_cards_replays_to_the_result_under_section_1_4(db):
    log = texts_game(db)
    verdict = adjudicate(log, db=db)
    assert verdict.legal is True and verdict.trust == "unverified", verdict.problems  # transcribed
    assert (verdict.result.finished, verdict.result.winner, verdict.result.rule) == (True, 0, "§1.4 3)")
    kinds = {e["action"]["type"] for e in log["entries"]}
    assert {"choose", "name_cards"} <= kinds


def test_the_schema_accepts_the_transcribed_log_with_choose_and_name_cards(db):
    assert list(VALIDATOR.iter_errors(texts_game(db))) == []


def test_name_cards_takes_any_spelling_and_the_engine_keeps_the_canonical_names_under_section_2_6(db):
    log = texts_game(db)
    i = index_of(log, "name_cards")
    assert log["entries"][i]["action"]["names"][0] == "Deng Mao"  # the English name, as a judge may write it
    state = replay_to(log, db, i)
    assert state.phase is Phase.NAMING
    assert resolve_action(state, log["entries"][i]["action"]) == NameCards(("邓茂", "程远志"))


def test_a_card_named_by_shufu_is_illegal_for_the_enemy_under_section_2_6(db):
    log = texts_game(db)
    i = index_of(log, "recruit", index_of(log, "choose"))
    i = index_of(log, "recruit", i + 1)  # player 1's recruit
    assert log["entries"][i]["actor"] == 1
    log["entries"][i]["action"] = {"type": "recruit", "card": "邓茂", "payment": ["何仪"]}
    bad = adjudicate(log, db=db).first_illegal
    assert bad is not None and (bad.index, bad.actor, bad.rule) == (i, 1, "§2.6")


def test_name_cards_with_a_name_the_database_does_not_know_is_not_well_formed(db):
    log = texts_game(db)
    i = index_of(log, "name_cards")
    log["entries"][i]["action"]["names"] = ["邓茂", "Nobody"]
    verdict = adjudicate(log, db=db)
    assert not verdict.well_formed and verdict.exit_code == 4
    assert [(p.kind, p.where) for p in verdict.problems] == [("card", f"entries[{i}].action.names[1]")]


def test_choose_names_the_card_found_by_search_and_it_goes_to_the_hand(db):
    log = texts_game(db)
    i = index_of(log, "choose")
    before = replay_to(log, db, i)
    assert before.phase is Phase.CHOICE and before.choice["kind"] == "search"
    chosen = resolve_action(before, log["entries"][i]["action"])
    assert isinstance(chosen, Choose) and [before.names[c] for c in chosen.cards] == ["蔡文姬"]
    after = replay_to(log, db, i + 1)
    assert chosen.cards[0] in after.hand[0]


def test_choose_of_a_card_the_search_does_not_offer_is_illegal_under_section_2_1(db):
    log = texts_game(db)
    i = index_of(log, "choose")
    log["entries"][i]["action"]["cards"] = ["何仪"]  # in the RESOURCE, but without the 援 mark
    bad = adjudicate(log, db=db).first_illegal
    assert bad is not None and (bad.index, bad.rule) == (i, "§2.1")


def test_choose_when_no_text_waits_for_a_choice_is_illegal_under_section_2_1(db):
    log = texts_game(db)
    i = index_of(log, "recruit", index_of(log, "choose"))
    log["entries"].insert(i, {"actor": 0, "action": {"type": "choose", "cards": ["蔡文姬"]}})
    bad = adjudicate(log, db=db).first_illegal
    assert bad is not None and bad.index == i and bad.rule == "§2.1" and "main phase" in bad.reason


def test_choose_between_two_copies_writes_name_hash_id_only_for_the_copy_the_name_would_not_pick(db):
    log = texts_game(db)
    state = replay_to(log, db, index_of(log, "choose"))
    # as a text asking for an enemy hand card asks (沮授): player 1 holds two 何仪
    state.choice = {**state.choice, "kind": "target", "options": sorted(state.hand[1]), "count": 1}
    low, high = sorted(c for c in state.hand[1] if state.names[c] == "何仪")
    assert entry_action(state, Choose((low,))) == {"type": "choose", "cards": ["何仪"]}
    assert entry_action(state, Choose((high,))) == {"type": "choose", "cards": [f"何仪#{high}"]}
    for action in (Choose((low,)), Choose((high,))):
        assert resolve_action(state, entry_action(state, action)) == action
    assert resolve_action(state, {"type": "choose", "cards": ["何仪", "何仪"]}) == Choose((low, high))


def test_no_to_a_may_text_is_written_as_minus_one_and_read_back(db):
    log = texts_game(db)
    state = replay_to(log, db, index_of(log, "choose"))
    general = state.choice["options"][0]
    state.choice = {**state.choice, "kind": "may", "options": [general, -1], "count": 1}  # as 魏延's text asks
    assert entry_action(state, Choose((-1,))) == {"type": "choose", "cards": [-1]}
    assert resolve_action(state, {"type": "choose", "cards": [-1]}) == Choose((-1,))
    assert resolve_action(state, entry_action(state, Choose((general,)))) == Choose((general,))


def test_steps_narrate_name_cards_and_choose_in_chinese_and_english(db):
    log = texts_game(db)
    got = {s.index: s for s in steps(log, db, indices=())}
    named, chose = got[index_of(log, "name_cards")], got[index_of(log, "choose")]
    assert "邓茂、程远志" in named.text_zh and "邓茂, 程远志" in named.text_en
    assert "蔡文姬" in chose.text_zh and "找寻" in chose.text_zh and "蔡文姬" in chose.text_en


def _first_game_with(db, decks, wanted, seeds=range(200)):
    """The first recorded game (random bots) holding an entry for which ``wanted(state, action)`` holds."""
    for seed in seeds:
        rec = record(db, decks, seed)
        state = Game(db).new_initial_state(*decks, seed=seed)
        for i, action in enumerate(rec.state.history):
            if wanted(state, action):
                return rec, i, state
            state.apply(action)
    raise AssertionError("no game with such an entry")


def test_activate_by_the_answering_player_in_a_response_window_replays_under_ruling_g11(db, decks):
    rec, i, before = _first_game_with(db, decks, lambda s, a: a.kind == "activate" and s.phase is Phase.RESPONSE)
    entry = rec.entries[i]
    assert entry["actor"] == 1 - before.active and entry["action"]["type"] == "activate"
    log = load_log(rec.dumps())
    assert list(VALIDATOR.iter_errors(log)) == []
    verdict = adjudicate(log, db=db)
    assert verdict.legal is True and verdict.trust == "unverified", verdict.problems  # transcribed


def test_choose_by_an_english_name_stands_for_the_offered_card_of_that_name(db):
    log = texts_game(db)
    i = index_of(log, "choose")
    log["entries"][i]["action"]["cards"] = ["Cai Wenji"]
    state = replay_to(log, db, i)
    chosen = resolve_action(state, log["entries"][i]["action"])
    assert chosen.cards[0] in state.choice["options"] and state.names[chosen.cards[0]] == "蔡文姬"
    assert adjudicate(log, db=db).legal is True


def test_a_choice_made_by_the_player_who_does_not_choose_is_out_of_turn_under_section_2_1(db):
    log = texts_game(db)
    i = index_of(log, "choose")
    log["entries"][i]["actor"] = 1
    bad = adjudicate(log, db=db).first_illegal
    assert bad is not None and (bad.index, bad.rule) == (i, "§2.1") and "player 0's turn" in bad.reason


def test_names_given_by_the_enemy_of_the_shufu_player_are_out_of_turn_under_section_2_6(db):
    log = texts_game(db)
    i = index_of(log, "name_cards")
    log["entries"][i]["actor"] = 1
    bad = adjudicate(log, db=db).first_illegal
    assert bad is not None and (bad.index, bad.rule) == (i, "§2.6")
