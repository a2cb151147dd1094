"""The docstring examples of matches/tournament run (pytest collects doctests only in engine/)."""

import doctest

import pytest

from matches.tournament import pairing, pod_choices, pods, standings, structure, suggested_bid, wargame


@pytest.mark.parametrize(
    "module", [standings, pairing, structure, pods, pod_choices, wargame, suggested_bid], ids=lambda m: m.__name__
)
def test_docstring_examples_of_the_tournament_modules_run(module):
    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert failed == 0
