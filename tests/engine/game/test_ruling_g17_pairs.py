"""Ruling G17 for the two-general events: 借刀杀人 and 内讧 name BOTH their generals when played (``target`` and
``target2`` of ``event``), before the response window; the pair is checked against the card text (two distinct
legal enemy generals in one zone, 内讧: at least one with the 反 mark); no legal pair: not playable, nothing
paid. 前后夹攻's own two generals stay a choice its player makes when the text resolves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards import starter_database
from engine.game import Choose, Game, IllegalAction, Pass, PlayEvent
from engine.game.actions import PaymentChoice, action_fields, action_from_json
from engine.game.narrate import describe, label
from engine.game.position import state_from_position
from engine.game.terms import Area, Phase, Zone
from engine.log import Recorder, load_log
from engine.log.names import resolve_action
from engine.messages import render
from engine.replay import adjudicate
from tests.engine.game.cardtable import pay, settle, table
from tests.engine.game.conftest import give, put

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def _offered(s, card):
    templates = [getattr(a, "template", a) for a in s.legal_actions()]
    return [a for a in templates if getattr(a, "card", None) == card]


def _refusal(s, action):
    with pytest.raises(IllegalAction) as exc:
        s.apply(action)
    return exc.value


def test_ruling_G17_the_event_kind_declares_a_second_target_field():
    fields = {f.name: f for f in action_fields("event")}
    assert fields["target2"].optional and fields["target2"].card == "id" and "G17" in fields["target2"].doc
    a = PlayEvent(3, (5,), 7, 9)
    assert a.to_json() == {"type": "event", "card": 3, "payment": [5], "target": 7, "target2": 9}
    assert action_from_json(a.to_json()) == a
    assert "target2" not in PlayEvent(3, (), 7).to_json()


def test_ruling_G17_the_log_schema_accepts_the_second_target_of_an_event():
    schema = json.loads((Path("engine/data/log-schema.json")).read_text(encoding="utf-8"))
    text = json.dumps(schema, ensure_ascii=False)
    assert '"target2"' in text


def test_ruling_G17_borrowed_knife_names_both_generals_before_the_window():
    s = table(["借刀杀人"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", E)
    liu = put(s, 1, "刘备", E)
    knife = give(s, 0, "借刀杀人")
    offered = _offered(s, knife)
    assert [(a.target, a.target2) for a in offered] == [(fei, liu)]
    s.apply(PlayEvent(knife, pay(s, 0, 4), liu, fei))
    assert s.phase is Phase.RESPONSE
    assert s.pending.target == liu and s.pending.target2 == fei  # the answering player sees the pair
    s.apply(Pass())
    settle(s)
    assert s.phase is not Phase.CHOICE
    assert s.area_of(liu) is Area.CASUALTY and s.area_of(fei) is Area.BATTLEFIELD


def test_ruling_G17_borrowed_knife_with_one_or_no_general_named_is_refused_and_nothing_is_paid():
    s = table(["借刀杀人"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", E)
    put(s, 1, "刘备", E)
    knife = give(s, 0, "借刀杀人")
    coins = pay(s, 0, 4)
    hand = list(s.hand[0])
    for target in (None, fei):
        why = _refusal(s, PlayEvent(knife, coins, target))
        assert why.code == "refusal.target.pair_missing" and "ruling G17" in why.rule
    assert s.hand[0] == hand and not s.discard[0]


def test_ruling_G17_borrowed_knife_names_two_different_generals():
    s = table(["借刀杀人"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", E)
    put(s, 1, "刘备", E)
    knife = give(s, 0, "借刀杀人")
    why = _refusal(s, PlayEvent(knife, pay(s, 0, 4), fei, fei))
    assert why.code == "refusal.target.pair_same"


def test_ruling_G17_borrowed_knife_pair_in_two_zones_is_refused_citing_the_card_text():
    s = table(["借刀杀人"], ["张飞", "刘备", "关羽", "简雍"])
    fei = put(s, 1, "张飞", E)
    liu = put(s, 1, "刘备", E)
    guan = put(s, 1, "关羽", B)
    jian = put(s, 1, "简雍", B)
    knife = give(s, 0, "借刀杀人")
    assert {(a.target, a.target2) for a in _offered(s, knife)} == {(fei, liu), (guan, jian)}
    why = _refusal(s, PlayEvent(knife, pay(s, 0, 4), fei, guan))
    assert why.code == "refusal.target.pair_zones" and "§1.5 2)" in why.rule
    assert "不在同一地带" in render(why.message, "zh")


def test_ruling_G17_borrowed_knife_naming_an_own_general_is_refused():
    s = table(["借刀杀人", "关羽"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", E)
    put(s, 1, "刘备", E)
    guan = put(s, 0, "关羽", B)
    why = _refusal(s, PlayEvent(give(s, 0, "借刀杀人"), pay(s, 0, 4), fei, guan))
    assert why.code == "refusal.target.not_legal"


def test_ruling_G17_borrowed_knife_without_a_legal_pair_is_not_playable_and_nothing_is_paid():
    s = table(["借刀杀人"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", E)
    liu = put(s, 1, "刘备", B)  # one enemy per zone: no pair
    knife = give(s, 0, "借刀杀人")
    assert _offered(s, knife) == []
    why = _refusal(s, PlayEvent(knife, pay(s, 0, 4), fei, liu))
    assert why.code == "refusal.target.none_legal"
    assert not s.discard[0]


def test_ruling_G17_infighting_pair_needs_a_defector_mark():
    s = table(["内讧"], ["马超", "张飞", "刘备"])
    ma = put(s, 1, "马超", B)
    fei = put(s, 1, "张飞", B)
    liu = put(s, 1, "刘备", B)
    infighting = give(s, 0, "内讧")
    pairs = {frozenset((a.target, a.target2)) for a in _offered(s, infighting)}
    assert pairs == {frozenset((ma, fei)), frozenset((ma, liu))}  # 张飞 + 刘备: neither bears 反
    why = _refusal(s, PlayEvent(infighting, pay(s, 0, 1), fei, liu))
    assert why.code == "refusal.target.pair_mark" and why.params["mark"] == "反"
    assert "反" in render(why.message, "zh")


def test_ruling_G17_infighting_without_a_defector_is_not_playable():
    s = table(["内讧"], ["张飞", "刘备"])
    put(s, 1, "张飞", B)
    put(s, 1, "刘备", B)
    assert _offered(s, give(s, 0, "内讧")) == []


def test_ruling_G17_a_pair_control_and_narration_name_both_generals():
    s = table(["借刀杀人"], ["张飞", "刘备"])
    put(s, 1, "张飞", E)
    put(s, 1, "刘备", E)
    knife = give(s, 0, "借刀杀人")
    (choice,) = [a for a in s.legal_actions() if isinstance(a, PaymentChoice) and a.template.card == knife]
    control = label(s, choice)
    assert control.code == "control.event.target2"
    assert "张飞" in render(control, "zh") and "刘备" in render(control, "zh")
    line = describe(s, choice.complete(pay(s, 0, 4)), None)[0]
    assert line.code == "narrate.event_pair"
    text = render(line, "zh")
    assert "张飞" in text and "刘备" in text


def test_ruling_G17_a_one_target_event_names_no_second_general():
    s = table(["调虎离山"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", B)
    liu = put(s, 1, "刘备", B)
    why = _refusal(s, PlayEvent(give(s, 0, "调虎离山"), pay(s, 0, 3), fei, liu))
    assert why.code == "refusal.target.one_only"


# --- 前后夹攻: the enemy is named when played, the own pair chosen when the text resolves ------------------


def _pincer_with_three():
    s = table(["前后夹攻", "刘备", "简雍", "关羽"], ["张飞"])
    own = [put(s, 0, n, E) for n in ("刘备", "简雍", "关羽")]
    fei = put(s, 1, "张飞", B)
    s.modifiers.append([1, "might", -3, fei, "turn", ""])  # 张飞 2
    return s, own, fei


def test_ruling_G17_pincer_attack_names_only_the_enemy_when_played():
    s, _own, fei = _pincer_with_three()
    pincer = give(s, 0, "前后夹攻")
    assert [(a.target, a.target2) for a in _offered(s, pincer)] == [(fei, None)]
    s.apply(PlayEvent(pincer, pay(s, 0, 2), fei))
    assert s.phase is Phase.RESPONSE and s.pending.target == fei and s.pending.target2 is None


def test_ruling_G17_pincer_attack_own_generals_are_a_choice_made_when_the_text_resolves():
    s, (liu, jian, guan), fei = _pincer_with_three()
    s.apply(PlayEvent(give(s, 0, "前后夹攻"), pay(s, 0, 2), fei))
    s.apply(Pass())
    assert s.phase is Phase.CHOICE and s.deciding == 0
    assert s.choice["count"] == 2 and sorted(s.choice["options"]) == sorted([liu, jian, guan])
    (offer,) = s.legal_actions()
    assert isinstance(offer, PaymentChoice) and offer.count == 2
    s.apply(Choose((liu, jian)))
    settle(s)
    assert s.area_of(fei) is Area.CASUALTY
    assert liu in s.attacked and jian in s.attacked and guan not in s.attacked


def test_ruling_G17_pincer_attack_choice_offers_only_generals_that_may_still_attack_then():
    s, (liu, jian, guan), fei = _pincer_with_three()
    s.acted.add(guan)  # 关羽 has acted this turn: not one of the two
    s.apply(PlayEvent(give(s, 0, "前后夹攻"), pay(s, 0, 2), fei))
    s.apply(Pass())
    settle(s)  # two options for two places: a forced choice, made at once
    assert s.area_of(fei) is Area.CASUALTY and liu in s.attacked and jian in s.attacked


def test_ruling_G17_a_log_naming_both_generals_by_name_replays_and_one_naming_a_bad_pair_is_refused():
    mine = ["借刀杀人", *["孙子兵法"] * 11]
    theirs = ["张飞", "刘备", "关羽", *["孙子兵法"] * 9]
    pos = {
        "format": "junling-position/1",
        "decks": [
            {"resource": mine, "pool": [], "factions": ["蜀"]},
            {"resource": theirs, "pool": [], "factions": ["蜀"]},
        ],
        "turn": 3,
        "first": 0,
        "players": [
            {"resource": ["孙子兵法"] * 6, "hand": ["借刀杀人", *["孙子兵法"] * 5]},
            {
                "resource": ["孙子兵法"] * 9,
                "battlefield": [
                    {"general": "张飞", "zone": "border"},
                    {"general": "刘备", "zone": "border"},
                    {"general": "关羽", "zone": "fortress"},
                ],
            },
        ],
    }
    db = starter_database()
    start = state_from_position(Game(db), pos, resolve_action)
    rec = Recorder(start.clone(), transcribed=True)
    entry = {"type": "event", "card": "借刀杀人", "payment": ["孙子兵法"] * 4, "target": "张飞", "target2": "刘备"}
    rec.apply(resolve_action(rec.state, entry))
    log = load_log(rec.dumps())
    log["header"]["position"] = pos
    for e in log["entries"]:
        e.pop("hash", None)
        e.pop("state", None)
    assert log["entries"][0]["action"]["target2"] is not None
    verdict = adjudicate(log, db=db, until=len(log["entries"]) - 1)
    assert verdict.legal and not verdict.problems, verdict.problems
    bad = json.loads(json.dumps(log))
    bad["entries"][0]["action"]["target2"] = "关羽"  # alone in 自城内: no legal target of the pair
    refused = adjudicate(bad, db=db)
    assert refused.legal is False and refused.first_illegal.index == 0
    assert refused.first_illegal.message.code == "refusal.target.not_legal" and "G17" in refused.first_illegal.rule
