"""Every question, action label and narration line of the board engines is a message code with params, said in
Chinese without English: random games of 龙虎三国志 and 文禄朝鲜之役 (several seeds, a few hundred decisions each)
rendered in zh.

Allowed in a Chinese line: names and ids of the game data (Chinese), numbers, rule marks (§) and short Latin
tokens (at most 2 letters, e.g. ``x`` in ``2x``); never a Latin word of 3 or more letters.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import engine.longhu.messages
import engine.wenlu.messages
from engine.boardgame import Pick, default_game
from engine.messages import catalogue

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
GAMES = [("longhu", 2), ("longhu", 3), ("longhu", 4), ("wenlu", 2)]
SEEDS = range(3)
MODULES = {"longhu": engine.longhu.messages, "wenlu": engine.wenlu.messages}
DECISIONS = 300
"""Decisions per game walked (then the game stops)."""


def _walk(system: str, seats: int, seed: int) -> tuple[Any, list[dict[str, Any]], list[dict[str, Any]]]:
    """A random game to its end or :data:`DECISIONS` decisions: the state, the pending questions and the
    actions offered, as the deciding seat sees them."""
    game = default_game(system, seats)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    questions: list[dict[str, Any]] = []
    offered: list[dict[str, Any]] = []
    while not state.is_terminal() and len(questions) < DECISIONS:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        pending = state.observation(state.current_player())["pending"]
        questions.append(pending)
        offered += pending["options"]
        state.apply(rng.choice(state.legal_actions()))
    return state, questions, offered


def _latin(lines: list[str]) -> list[str]:
    return sorted({line for line in lines if LATIN_WORD.search(line)})


@pytest.mark.parametrize(("system", "seats"), GAMES, ids=[f"{s}-{n}" for s, n in GAMES])
def test_every_question_of_a_random_game_is_a_catalogue_code_said_in_chinese(system, seats):
    catalogue_codes = MODULES[system].MESSAGES
    for seed in SEEDS:
        state, questions, _ = _walk(system, seats, seed)
        assert questions
        assert {q["code"] for q in questions} <= set(catalogue_codes)
        said = [state.game.text(q["code"], q["params"], "zh") for q in questions]
        assert not _latin(said), _latin(said)[:10]
        assert all(q["what"] == state.game.text(q["code"], q["params"], "en") for q in questions)


@pytest.mark.parametrize(("system", "seats"), GAMES, ids=[f"{s}-{n}" for s, n in GAMES])
def test_every_narration_line_and_action_label_of_a_random_game_is_said_in_chinese(system, seats):
    for seed in SEEDS:
        state, _, offered = _walk(system, seats, seed)
        lines = [state.game.step_text(step, "zh") for step in state.board.steps]
        labels = [state.game.label(action, "zh") for action in offered]
        assert lines and labels
        assert not _latin(lines), _latin(lines)[:10]
        assert not _latin(labels), _latin(labels)[:10]


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_every_code_of_the_catalogue_has_a_chinese_entry(system):
    module = MODULES[system]
    zh = catalogue("zh").gettext
    untranslated = [code for code, template in module.MESSAGES.items() if zh(template) == template]
    words = [word for word, template in module.WORDS.items() if zh(template) == template]
    assert not untranslated and not words, (untranslated, words)


@pytest.mark.parametrize(("system", "seats"), [("longhu", 3), ("wenlu", 2)])
def test_a_refused_choice_says_the_question_and_the_action_in_chinese(system, seats):
    game = default_game(system, seats)
    state = game.new_initial_state(7)
    while state.is_chance_node():
        state.apply(state.sample_chance())
    refusal = state.validate(Pick("不在选项中"))
    assert refusal is not None and refusal.code.endswith("not_offered")
    said = game.text(refusal.code, refusal.params, "zh")
    assert "不在选项中" in said and state.question(state.pending, "zh") in said and not LATIN_WORD.search(said)
    assert refusal.params["what"] in str(refusal)  # the English reason keeps the question and the repr
