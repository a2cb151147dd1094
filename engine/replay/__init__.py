"""Replay a game log and give the verdict: ``adjudicate(log, db=...)``; step through it: ``steps(log, db)``.

See ``docs/log-format.md`` for the log format and the meaning of every part of the verdict.
"""

from engine.replay.steps import Step, states_at, steps
from engine.replay.verdict import IllegalEntry, Problem, Result, Verdict, adjudicate

__all__ = ["IllegalEntry", "Problem", "Result", "Step", "Verdict", "adjudicate", "states_at", "steps"]
