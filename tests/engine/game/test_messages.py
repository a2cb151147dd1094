"""The engine's words are codes: every code the engine uses is in the catalogue with its Chinese, and the one
narrator never puts a card a reader cannot see into that reader's lines (§3.1.10: hidden information)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.game import Game, IllegalAction, Recruit
from engine.game.bots import RandomBot, play
from engine.game.narrate import describe
from engine.messages import MESSAGES, Message, Reader, catalogue, render
from tests.engine.game.conftest import shu_deck, wei_deck
from tests.engine.game.test_properties import _visible

ENGINE = Path(__file__).resolve().parents[3] / "engine"
FAMILIES = (
    "refusal|termination|narrate|verdict|what|word|phase|action|choice|zone|part|status|cli|outcome|decklist|setup"
)
CODE = re.compile(rf"""["']((?:{FAMILIES})\.[a-z_. ]+)["']""")
FAMILY = re.compile(r"""f["']((?:refusal|termination|phase|action|choice|zone|part|status)\.[a-z_.]*)\{""")


def _codes_in_source() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if path.name == "messages.py":
            continue
        text = path.read_text(encoding="utf-8")
        found |= set(CODE.findall(text))
    return found


def test_every_code_the_engine_uses_is_in_the_catalogue():
    used = _codes_in_source()
    assert len(used) > 100
    assert sorted(used - MESSAGES.keys()) == []


def test_every_code_made_from_a_value_is_in_the_catalogue():
    """Codes built from an enum (``f"phase.{phase}"``, ``f"termination.{t}"``) exist for every value."""
    from engine.game.actions import ACTION_TYPES
    from engine.game.terms import Phase, Termination, Zone

    families = set()
    for path in ENGINE.rglob("*.py"):
        families |= set(FAMILY.findall(path.read_text(encoding="utf-8")))
    assert {"phase.", "action.", "termination."} <= families
    wanted = [f"phase.{p.value}" for p in Phase] + [f"termination.{t.value}" for t in Termination]
    wanted += [f"action.{kind}" for kind in ACTION_TYPES] + [f"zone.{z.value}" for z in Zone]
    wanted += ["refusal.ready.fresh_move", "refusal.ready.fresh_attack"]
    assert [code for code in wanted if code not in MESSAGES] == []


def test_every_template_has_a_chinese_translation_with_the_same_placeholders():
    zh = catalogue("zh")
    placeholder = re.compile(r"%\(\w+\)s")
    missing, broken = [], []
    for code, template in MESSAGES.items():
        text = zh.gettext(template)
        if text == template and re.search(r"[A-Za-z]{2,}", placeholder.sub("", template)):
            missing.append(code)
        if sorted(placeholder.findall(text)) != sorted(placeholder.findall(template)):
            broken.append(code)
    assert missing == [] and broken == []


def test_a_refusal_is_a_code_with_params_and_its_english_text_is_the_error_message(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=1)
    while s.is_chance_node() or s.phase.value != "main":
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    hidden = s.resource[s.active][0]
    err = s.validate(Recruit(hidden))
    assert isinstance(err, IllegalAction) and err.code == "refusal.not_in_hand" and err.rule == "§3.5"
    assert err.params["card"] == {"card": hidden, "name": s.names[hidden]}
    assert str(err) == f"§3.5: {s.names[hidden]} (#{hidden}) is not in your hand"
    assert render(err.message, "zh", visible=set()) == "一张你看不到的牌 不在你的手牌中"


def test_an_outcome_reads_as_before_in_english_and_in_chinese_as_a_message(game):
    s = play(game.new_initial_state(shu_deck(), wei_deck(), seed=4), [RandomBot(4), RandomBot(11)])
    outcome = s.outcome
    assert outcome is not None and outcome.message.code == f"termination.{outcome.termination.value}"
    assert outcome.reason == render(outcome.message, ids=False) and "player" in outcome.reason
    assert "玩家" in render(outcome.message, "zh")
    again = type(outcome).from_json(outcome.to_json())
    assert again.reason == outcome.reason  # a state read back from JSON keeps the words


def _card_ids(value) -> set[int]:
    out: set[int] = set()
    if isinstance(value, dict):
        if isinstance(value.get("card"), int):
            out.add(value["card"])
        for v in value.values():
            out |= _card_ids(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= _card_ids(v)
    return out


PLAYED = ("card", "general", "executor", "source", "attacker", "defender")
"""Fields of an action naming a card it shows face up: the card played, and the generals on the battlefield."""


def test_describe_never_puts_a_card_the_viewer_cannot_see_into_his_lines(game: Game):
    lines_seen = 0

    def check(s, action) -> None:
        nonlocal lines_seen
        after = s.clone()
        after.apply(action)
        public = {getattr(action, f) for f in PLAYED if isinstance(getattr(action, f, None), int)}
        if action.kind in ("reveal", "choose_commandment", "discard", "choose"):
            public = set()  # private to the one who draws, chooses or throws away
        for viewer in (0, 1):
            lines = describe(s, action, viewer)
            lines_seen += len(lines)
            assert all(isinstance(m, Message) and m.code in MESSAGES for m in lines)
            ids = _card_ids([m.params for m in lines])
            allowed = _visible(s, viewer) | _visible(after, viewer) | public
            assert ids <= allowed, (action, viewer, lines)

    for seed in range(15):
        play(
            game.new_initial_state(shu_deck(), wei_deck(), seed=seed),
            [RandomBot(seed), RandomBot(seed + 1)],
            on_action=check,
        )
    assert lines_seen > 1000


def test_the_omniscient_narration_names_what_a_player_does_not_hear(game: Game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=2)
    while not (s.is_chance_node() and s.chance is not None):
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    draw = s.sample_chance()
    owner = s.chance[0]
    [judge] = describe(s, draw, None)
    [other] = describe(s, draw, 1 - owner)
    [own] = describe(s, draw, owner)
    assert judge.code == own.code == "narrate.draw" and other.code == "narrate.draw_hidden"
    assert "card" not in other.params
    assert Reader("zh", ids=False).render(own).startswith(f"玩家 {owner} 抽到 ")


def test_a_control_label_reads_the_fields_and_a_recruits_cost_is_the_count_to_pay(game):
    from engine.game import PaymentChoice
    from engine.game.narrate import label

    s = game.new_initial_state(shu_deck(), wei_deck(), seed=1)
    while s.is_chance_node() or s.phase.value != "main":
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    for legal in s.legal_actions():
        message = label(s, legal)
        assert message.code in MESSAGES and message.code != "control.other"
        template = legal.template if isinstance(legal, PaymentChoice) else legal
        if template.kind == "recruit":
            assert message.params["count"] == s.rules.recruitment_cost(s, s.active, template.card)
            assert message.params["card"] == {"card": template.card, "name": s.names[template.card]}
    assert render(label(s, Recruit(s.hand[s.active][0])), "zh").startswith("招募")


def test_every_player_action_kind_has_control_words_and_a_group():
    from engine.game.actions import ACTION_KINDS

    players = [cls for cls in ACTION_KINDS.values() if not cls.is_chance]
    assert [c.kind for c in players if f"control.{c.kind}" not in MESSAGES or not c.group] == []
    assert [c.kind for c in players if f"group.{c.group}" not in MESSAGES] == []
