"""The pod pairer's optimiser (issue 26): the split of players into pods of given sizes with the fewest
repeat meetings, then the least summed point spread, by OR-Tools CP-SAT.

Plain Python over indices (no Django): ``players`` are indices into ``points`` and ``met`` (each
player's set of indices met before), ``sizes`` the pods to fill. The search runs in two phases:

1. the fewest repeats (pairs seated together who met before), starting from the greedy pairing's
   answer (a hint); the solver either proves that no split has fewer (``OPTIMAL``) or stops at its
   limit with the best it found;
2. with the repeats held at that number, the least summed spread (highest minus lowest points of
   each pod), with a quarter of the work limit.

The limit that decides is *deterministic* (CP-SAT's work units, one worker), so the same standings give
the same pods on every machine, however busy; the wall-clock limit is only a safety stop far above what
the work limit takes on an idle core (a budget in seconds made the result depend on the machine's load).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx
from ortools.sat.python import cp_model

WORK_LIMIT = 0.4
"""CP-SAT deterministic time (its own work units) for the repeats' search; the spread's search gets a
quarter of it. 0.4 units took at most 1.9 s of an idle core at 16-24 players (docs/benchmarks.md)."""
WALL_LIMIT = 10.0
"""Wall-clock seconds: a safety stop only, for each of the two searches (never reached on an idle core)."""


@dataclass(frozen=True, slots=True)
class Found:
    """The best split found: its pods (lists of player indices), and whether its repeats are proved fewest."""

    groups: list[list[int]]
    proved: bool


def repeats_of(group: Sequence[int], met: Sequence[set[int]]) -> int:
    return sum(1 for a, b in itertools.combinations(group, 2) if b in met[a])


def fewest_repeats(
    players: Sequence[int],
    points: Sequence[int],
    met: Sequence[set[int]],
    hint: Sequence[Sequence[int]],
    *,
    work: float = WORK_LIMIT,
    wall: float = WALL_LIMIT,
) -> Found:
    """The split of ``players`` into pods of the ``hint``'s sizes with the fewest repeats, then the least
    summed spread; never worse than the ``hint`` (a split of ``players``)."""
    sizes = sorted((len(g) for g in hint), reverse=True)
    local = {p: k for k, p in enumerate(players)}
    m, pods = len(players), len(sizes)
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{i}_{g}") for g in range(pods)] for i in range(m)]
    for i in range(m):
        model.add_exactly_one(x[i])
    for g, size in enumerate(sizes):
        model.add(sum(x[i][g] for i in range(m)) == size)
    # pods of one size are interchangeable: each opens with a lower-indexed player than the next one
    for g in range(1, pods):
        if sizes[g] != sizes[g - 1]:
            continue
        for i in range(m):
            model.add(x[i][g] <= sum(x[j][g - 1] for j in range(i)))
    pairs = [(local[a], local[b]) for a in players for b in met[a] if b in local and local[a] < local[b]]
    together = []
    cells: list[tuple[int, int, int, cp_model.IntVar]] = []
    inside: dict[tuple[int, int], list[cp_model.IntVar]] = {}
    for a, b in pairs:
        for g in range(pods):
            y = model.new_bool_var(f"y{a}_{b}_{g}")
            model.add_bool_or([x[a][g].Not(), x[b][g].Not(), y])
            together.append(y)
            inside[a, b] = [*inside.get((a, b), []), y]
            cells.append((a, b, g, y))
    # players who all met one another (an earlier pod, or more): k of them at one pod repeat at least k - 1
    graph = nx.Graph(pairs)
    for clique in nx.find_cliques(graph):
        if len(clique) < 3:
            continue
        clique = sorted(clique)
        for g in range(pods):
            model.add(
                sum(inside[a, b][g] for a, b in itertools.combinations(clique, 2)) >= sum(x[i][g] for i in clique) - 1
            )
    repeats = sum(together) if together else 0
    # the hint, renumbered so it obeys the symmetry rule (pods of one size by their lowest player)
    hint_groups = _ordered([[local[p] for p in g] for g in hint], sizes)
    _hint(model, x, cells, hint_groups)
    hint_repeats = sum(repeats_of([players[i] for i in g], met) for g in hint_groups)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = work
    solver.parameters.max_time_in_seconds = wall
    solver.parameters.random_seed = 0
    if not together:
        return Found([list(g) for g in hint], True)
    model.minimize(repeats)
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Found([list(g) for g in hint], False)
    best = [[players[i] for i in range(m) if solver.value(x[i][g])] for g in range(pods)]
    found = sum(repeats_of(g, met) for g in best)
    if found > hint_repeats:  # cannot happen with the hint kept, but never return worse than given
        return Found([list(g) for g in hint], False)
    proved = status == cp_model.OPTIMAL
    # phase 2: the least spread with no more repeats
    low, high = min(points[p] for p in players), max(points[p] for p in players)
    if high == low or not proved:
        return Found(best, proved)
    solver.parameters.max_deterministic_time = work / 4
    model.clear_objective()
    model.clear_hints()
    model.add(repeats <= found)
    spreads = []
    for g in range(pods):
        hi, lo = model.new_int_var(low, high, f"hi{g}"), model.new_int_var(low, high, f"lo{g}")
        for i, p in enumerate(players):
            model.add(hi >= points[p]).only_enforce_if(x[i][g])
            model.add(lo <= points[p]).only_enforce_if(x[i][g])
        spreads.append(hi - lo)
    _hint(model, x, cells, _ordered([[local[p] for p in g] for g in best], sizes))
    model.minimize(sum(spreads))
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        second = [[players[i] for i in range(m) if solver.value(x[i][g])] for g in range(pods)]
        if sum(repeats_of(g, met) for g in second) <= found and _spread(second, points) <= _spread(best, points):
            best = second
    return Found(best, proved)


def _hint(
    model: cp_model.CpModel,
    x: list[list[cp_model.IntVar]],
    cells: list[tuple[int, int, int, cp_model.IntVar]],
    groups: list[list[int]],
) -> None:
    """A complete starting solution: every player's pod, and which met pairs share one."""
    pod_of = {i: g for g, group in enumerate(groups) for i in group}
    for i, row in enumerate(x):
        for g, var in enumerate(row):
            model.add_hint(var, pod_of[i] == g)
    for a, b, g, y in cells:
        model.add_hint(y, pod_of[a] == g == pod_of[b])


def _spread(groups: Sequence[Sequence[int]], points: Sequence[int]) -> int:
    return sum(max(points[p] for p in g) - min(points[p] for p in g) for g in groups)


def _ordered(groups: list[list[int]], sizes: Sequence[int]) -> list[list[int]]:
    """The groups placed on the pod slots of ``sizes``: each run of one size filled by lowest member."""
    by_size: dict[int, list[list[int]]] = {}
    for g in groups:
        by_size.setdefault(len(g), []).append(sorted(g))
    for gs in by_size.values():
        gs.sort(key=min)
    return [by_size[s].pop(0) for s in sizes]
