"""Narration of refereed play: the control labels and groups come from the engine's declaration of action
kinds (``ACTION_KINDS``, ``Action.group``, ``narrate.label``), never from a per-kind list in the site."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from engine.game.actions import ACTION_KINDS
from engine.game.narrate import label
from engine.messages import MESSAGES
from junling import engine_text
from matches.presenters import narration
from matches.services.play import referee
from tests.matches.test_play_factories import human_match, play_until_window, state_of

pytestmark = pytest.mark.django_db

SITE = Path(__file__).resolve().parents[3] / "matches"
PLAYER_KINDS = {kind: cls for kind, cls in ACTION_KINDS.items() if not cls.is_chance}


def _names(match, seat):
    players = referee.player_names(match)
    return narration.Names(match.refereed.database_version.to_engine(), seat, players, "en")


def test_every_player_action_kind_has_control_words_and_a_titled_group():
    titles = dict(narration.group_titles())
    assert [k for k in PLAYER_KINDS if f"control.{k}" not in MESSAGES] == []
    assert [k for k, cls in PLAYER_KINDS.items() if not titles.get(cls.group)] == []


def test_the_groups_are_titled_in_the_readers_language():
    with translation.override("zh-hans"):
        assert dict(narration.group_titles())["end"] == "回合结束（终）"
    with translation.override("en"):
        assert dict(narration.group_titles())["end"] == "End of turn (终)"


def test_a_control_label_is_the_engines_message_rendered_for_the_acting_seat(setup):
    match = human_match(setup)
    state = state_of(match)
    seat = state.current_player()
    with translation.override("en"):
        shown = narration.controls(state, seat, _names(match, seat))
        database = match.refereed.database_version.to_engine()
        visible = narration.visible_ids(state, seat)
        wanted = [
            engine_text.render(label(state, legal), viewer=seat, database=database, visible=visible)
            for legal in state.legal_actions()
        ]
    assert shown and [c["label"] for c in shown] == wanted
    assert all(c["group"] == ACTION_KINDS[c["kind"]].group for c in shown)


def test_a_payment_control_names_the_field_its_boxes_fill(setup):
    match = human_match(setup)
    state = play_until_window(match, setup)
    seat = state.current_player()
    controls = narration.controls(state, seat, _names(match, seat))
    for c in controls:
        if "choices" in c:
            assert c["field"] == "payment" and c["pays"] is True


def test_no_module_of_the_site_lists_action_classes():
    """The site reads ACTION_KINDS and the field metadata; a list of action classes would restate them.
    (One class a service acts with is no list: the referee passes for a responder whose window ran out.)"""
    classes = {cls.__name__ for cls in ACTION_KINDS.values()}
    found = {}
    for path in SITE.rglob("*.py"):
        named = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
                named |= {a.name for a in node.names if a.name in classes}
            if isinstance(node, ast.Attribute) and node.attr in classes:
                named.add(node.attr)
        if len(named) > 1:
            found[path.name] = sorted(named)
    assert found == {}


def test_ruling_G17_a_pair_event_control_carries_both_generals_and_reads_back_into_the_engine():
    """借刀杀人's control (built from the action's declared fields) names both generals; the action it sends,
    with the ticked payment, is the engine's ``event`` with ``target`` and ``target2``."""
    from engine.game import PlayEvent
    from engine.game.terms import Phase, Zone
    from matches.services.play.acting import read_action
    from tests.engine.game.cardtable import DB, table
    from tests.engine.game.conftest import give, put

    s = table(["借刀杀人"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", Zone.ENEMY_BORDER)
    liu = put(s, 1, "刘备", Zone.ENEMY_BORDER)
    knife = give(s, 0, "借刀杀人")
    with translation.override("zh-hans"):
        shown = narration.controls(s, 0, narration.Names(DB, 0, ["甲", "乙"], "zh-hans"))
    (control,) = [c for c in shown if c["kind"] == "event" and f'"card": {knife}' in c["action"]]
    assert "张飞" in control["label"] and "刘备" in control["label"] and control["field"] == "payment"
    paid = [c["id"] for c in control["choices"][:4]]
    action = read_action(s, 0, control["action"], paid)
    assert action == PlayEvent(knife, tuple(paid), fei, liu)
    s.apply(action)
    assert s.phase is Phase.RESPONSE
