"""Issue 17, session 7: the module-level tables that stand in for enum reads answer what the enum would.

CPython 3.11 reads ``member.value`` through a Python-level descriptor and calls an enum class slowly, so
a few hot paths look them up in dicts worked out once; here they are compared with the long way.
"""

from __future__ import annotations

import engine.game.effects_steps as effects_steps
import engine.game.recruitment as recruitment
import engine.game.terms as terms
from engine.cards import starter_database
from engine.game import Zone
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
