"""Issue 17, session 7: the module-level tables that stand in for enum reads answer what the enum would.

CPython 3.11 reads ``member.value`` through a Python-level descriptor and calls an enum class slowly, so
a few hot paths look them up in dicts worked out once; here they are compared with the long way. Also
``effects.emit``, which reads the cards an event is about only for a listening card off the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

import engine.game.effects as effects
import engine.game.effects_steps as effects_steps
import engine.game.recruitment as recruitment
import engine.game.terms as terms
from engine.cards import starter_database
from engine.game import Game, State, Zone
from engine.game.bots import RandomBot
from engine.game.cli import load_deck
from engine.game.terms import Outcome, Termination


def test_zone_of_is_zone_called() -> None:
    for z in Zone:
        assert recruitment._ZONE_OF[z.value] is Zone(z.value)
    assert set(recruitment._ZONE_OF) == {z.value for z in Zone}


def test_entry_zones_as_the_long_way() -> None:
    """Every card of the database (夏侯渊's recruit_to among them): the same zones, the same members."""

    class _S:  # entry_zones reads only s.cards
        cards = list(starter_database())

    seen = 0
    for i, c in enumerate(_S.cards):
        spec = c.effect
        if spec and "recruit_to" in spec:
            seen += 1
            long = (Zone.FORTRESS, *(Zone(z) for z in spec["recruit_to"]))
        else:
            long = (Zone.FORTRESS,)
        short = recruitment.entry_zones(_S, i)  # type: ignore[arg-type]
        assert short == long and all(a is b for a, b in zip(short, long, strict=True))
    assert seen


def test_termination_tables_as_the_enum() -> None:
    for t in Termination:
        assert terms._TERMINATION_VALUE[t] == t.value and type(terms._TERMINATION_VALUE[t]) is str
        assert terms._TERMINATION_CODE[t] == f"termination.{t.value}"
        o = Outcome(0, t, {"x": 1}, recorded="r")  # recorded: to_json reads it back, not a rendering
        assert o.message.code == f"termination.{t.value}"
        assert o.to_json()["termination"] == t.value


def test_effects_steps_values() -> None:
    assert effects_steps._FORTRESS_VALUE == Zone.FORTRESS.value
    assert effects_steps._OUTSIDE_VALUES == (Zone.BORDER.value, Zone.ENEMY_BORDER.value)


# --- effects.emit: the cards an event is about read only for a card off the table ---------------------------


def _long_emit(s: State, event: str, context: Mapping[str, Any]) -> None:
    """``effects.emit`` as it was: the cards the event is about read first, at every emit."""
    cards = s.hooks.get(event)
    if not cards:
        return
    about = (context.get("general"), context.get("loser"), context.get("defender"))
    path = "on." + event
    for card in cards:
        if card in about or card in s.zone or card in s.carrier or card == s.advantage or card in s.command:
            steps = s.cards[card].effect["on"][event]
            ctx = dict(context)
            if all("if" in st for st in steps) and not any(
                effects.holds_all(s, st["if"], card, card, ctx) for st in steps
            ):
                continue
            s.frames.append([card, path, 0, ctx])


@pytest.mark.parametrize("seed", range(3))
def test_emit_as_the_long_way_on_every_state(seed: int) -> None:
    game = Game(starter_database())
    s = game.new_initial_state(load_deck("shu_starter"), load_deck("wei_starter"), seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    asked = 0
    while not s.is_terminal():
        for event, cards in s.hooks.items():
            off = [c for c in range(len(s.names)) if c not in s.zone][:3]
            for about in [None, *cards, *off]:
                for key in ("general", "loser", "defender"):
                    context = {} if about is None else {key: about, "amount": 1}
                    short, long = s.clone(), s.clone()
                    effects.emit(short, event, context)
                    _long_emit(long, event, context)
                    assert short.frames == long.frames
                    asked += len(short.frames) > len(s.frames)  # emits that queued a text
        p = s.current_player()
        s.apply(s.sample_chance() if p < 0 else bots[p].choose(s))
    assert asked
