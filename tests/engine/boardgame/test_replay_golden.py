"""Stored board-game logs replay to exactly what they replayed to before the speed work of issue 28: at every
entry the same legal actions (or chance outcomes), then the same refusal for a tampered log, the same final
state, observations and returns. The fixture ``fixtures/replay_golden.json`` was recorded on main at
``0ce9f49`` (before the hot paths were changed): random games' logs and the SHA-256 of each replay's
fingerprint. Re-record only when a ruling changes the rules on purpose:
``.venv/bin/python tests/engine/boardgame/test_replay_golden.py --record`` (from the repository's root).
Re-recorded since for ruling W25 (a retreat forms its groups as a march does), which changed the
文禄朝鲜之役 games with a retreat, and for the bundled files' English names and map positions (issue 30: the
files' hashes and the steps' seat labels and march modifiers changed, not the play)."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "replay_golden.json"
GAMES = [("longhu", 2, 11), ("longhu", 3, 12), ("longhu", 4, 13), ("wenlu", 2, 14), ("wenlu", 2, 15)]
"""(system, seats, seed) of the recorded games."""


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str).encode()


def _result(result: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in result.items() if k != "state"}
    out["state"] = result["state"].to_json()
    return out


def fingerprint(system: str, seats: int, seed: int, log: list[Any]) -> str:
    """SHA-256 over the log's replay entry by entry (the options offered before each entry), the judge's
    replay of the log and of the log with one entry in its middle replaced by an action never offered, the
    final state, each seat's observation and the returns."""
    from engine.boardgame import default_game

    game = default_game(system, seats)
    digest = hashlib.sha256()
    state = game.new_initial_state(seed)
    for entry in log:
        if state.is_chance_node():
            digest.update(_dumps([[a.to_json(), p] for a, p in state.chance_outcomes()]))
        else:
            digest.update(_dumps([state.current_player(), [a.to_json() for a in state.legal_actions()]]))
        state.apply(game.action_from_json(entry))
    digest.update(_dumps(_result(game.replay(seed, log))))
    middle = len(log) // 2
    tampered = [*log[:middle], {"type": "pick", "choice": "no such region"}, *log[middle + 1 :]]
    digest.update(_dumps(_result(game.replay(seed, tampered))))
    digest.update(_dumps(state.to_json()))
    digest.update(_dumps([state.observation(p) for p in [None, *range(seats)]]))
    digest.update(_dumps(state.returns()))
    return digest.hexdigest()


def record() -> None:
    """Play the games with random bots and store their logs and fingerprints (the code as it is now)."""
    from engine.boardgame import RandomBot, default_game, play

    games = []
    for system, seats, seed in GAMES:
        state = default_game(system, seats).new_initial_state(seed)
        log = play(state, [RandomBot(seed + k) for k in range(seats)]).log()
        sha = fingerprint(system, seats, seed, log)
        games.append({"system": system, "seats": seats, "seed": seed, "log": log, "sha256": sha})
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(games, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


def _stored() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", range(len(GAMES)), ids=[f"{s}-{n}seats-seed{k}" for s, n, k in GAMES])
def test_a_stored_log_replays_to_the_same_options_refusal_state_and_observations_as_recorded(index: int) -> None:
    game = _stored()[index]
    assert (game["system"], game["seats"], game["seed"]) == GAMES[index]
    assert len(game["log"]) > 100
    assert fingerprint(game["system"], game["seats"], game["seed"], game["log"]) == game["sha256"]


def test_the_tampered_entry_of_a_stored_log_is_refused_at_its_index() -> None:
    from engine.boardgame import default_game

    game = _stored()[0]
    log = game["log"]
    middle = len(log) // 2
    tampered = [*log[:middle], {"type": "pick", "choice": "no such region"}, *log[middle + 1 :]]
    result = default_game(game["system"], game["seats"]).replay(game["seed"], tampered)
    assert (result["ok"], result["first_illegal"]) == (False, middle)


if __name__ == "__main__" and "--record" in sys.argv:
    sys.path.insert(0, str(Path.cwd()))
    record()
