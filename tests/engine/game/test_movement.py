"""Moving generals (§3.6.5 rules 1–6, rulings G4, G8)."""

from __future__ import annotations

import pytest

from engine.game import IllegalAction, LogError, Melee, Move, Pass, Zone, action_from_json
from tests.engine.game.conftest import begin, deck_of, put

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def table(game):
    return begin(
        game,
        deck_of("关羽", "张飞", "刘备", "赵云", factions=["蜀"]),
        deck_of("曹操", "许褚", "夏侯惇", "程昱", factions=["魏"]),
        first=0,
    )


def test_3_6_5_rule1_every_advance_without_enemies(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    moves = {a.to for a in s.legal_actions() if isinstance(a, Move) and a.general == guan}
    assert moves == {B, E}
    s.apply(Move(guan, E))
    assert s.zone[guan] is E


def test_3_6_5_rule2_enemies_in_enemy_border_do_not_block(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    put(s, 1, "曹操", B)  # in his own 自城外 = my 敌城外
    assert s.validate(Move(guan, E)) is None


def test_3_6_5_rule3_blocked_when_enemies_in_my_border_are_not_matched(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    put(s, 1, "曹操", E)  # in my 自城外
    err = s.validate(Move(guan, E))
    assert err is not None and err.rule == "§3.6.5 rule 4" and "blockers" in err.reason
    assert s.validate(Move(guan, B)) is None


def test_3_6_5_rule4_blockers_first(game):
    s = table(game)
    guan, zhang = put(s, 0, "关羽"), put(s, 0, "张飞")
    put(s, 1, "曹操", E)
    assert s.validate(Move(zhang, E)) is not None
    s.apply(Move(guan, B))  # the blocker first
    s.apply(Move(zhang, E))
    assert s.zone[zhang] is E


def test_g4_generals_already_in_border_count_as_blockers(game):
    s = table(game)
    guan, zhang, liu = put(s, 0, "关羽", B), put(s, 0, "张飞", B), put(s, 0, "刘备")
    put(s, 1, "曹操", E)
    put(s, 1, "许褚", E)
    assert s.validate(Move(liu, E)) is None  # two blockers stand there already
    err = s.validate(Move(guan, E))  # would leave one blocker for two enemies
    assert err is not None and err.rule == "§3.6.5 rule 4"
    assert zhang in s.field[0]


def test_3_6_5_rule5_retreat_from_enemy_border_is_never_blocked(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    for name in ("曹操", "许褚", "夏侯惇"):
        put(s, 1, name, E)
    assert s.validate(Move(guan, B)) is None
    assert s.validate(Move(guan, F)) is None


def test_3_6_5_rule6_retreat_from_border_and_fortress_to_border_are_never_blocked(game):
    s = table(game)
    guan, zhang = put(s, 0, "关羽", B), put(s, 0, "张飞")
    for name in ("曹操", "许褚", "夏侯惇"):
        put(s, 1, name, E)
    assert s.validate(Move(guan, F)) is None
    assert s.validate(Move(zhang, B)) is None


def test_g4_no_general_ever_enters_enemy_fortress(game):
    assert {z.value for z in Zone} == {"fortress", "border", "enemy_border"}
    with pytest.raises(LogError):
        action_from_json({"type": "move", "general": 0, "to": "enemy_fortress"})


def test_g8_one_move_or_one_attack_per_turn(game):
    s = table(game)
    guan = put(s, 0, "关羽", B)
    cheng = put(s, 1, "程昱", E)
    s.apply(Move(guan, F))
    err = s.validate(Move(guan, B))
    assert err is not None and err.rule == "ruling G8"
    zhang = put(s, 0, "张飞", B)
    s.apply(Melee(zhang, cheng))
    s.apply(Pass())
    with pytest.raises(IllegalAction) as exc:
        s.apply(Move(zhang, F))
    assert exc.value.rule == "ruling G8"


def test_3_6_5_a_general_cannot_move_to_where_it_stands(game):
    s = table(game)
    guan = put(s, 0, "关羽", B)
    assert s.validate(Move(guan, B)) is not None


def test_3_6_5_only_own_generals_move(game):
    s = table(game)
    cao = put(s, 1, "曹操")
    err = s.validate(Move(cao, B))
    assert err is not None and "not one of your generals" in err.reason
