"""Multi-player pods (issue 15): pod sizes, Swiss-style pod pairing, placement scoring and pod standings.

A pod is one table of 3 or 4 players (龙虎三国志 seats 2–4). Every player plays every round: the
sizes are chosen so the field splits into pods of 4 and 3 (as many 4s as possible). Players report
each pod's **placement** (1st, 2nd, ...; shared places allowed) and the **regions** each one held at
the end. Nothing here imports Django; ``docs/tournaments.md`` ("Pods") documents every rule with a
worked example::

    >>> pod_sizes(10)
    (4, 3, 3)
    >>> [placement_points(4, p) for p in (1, 2, 3, 4)], [placement_points(3, p) for p in (1, 2, 3)]
    ([12, 8, 4, 0], [12, 6, 0])
    >>> results = [PodResult(1, (("ann", 1, 9), ("bo", 2, 7), ("cy", 3, 6), ("di", 4, 5)))]
    >>> [(s.rank, s.player, s.points, s.regions) for s in compute_pod_standings(["ann", "bo", "cy", "di"], results)]
    [(1, 'ann', 12, 9), (2, 'bo', 8, 7), (3, 'cy', 4, 6), (4, 'di', 0, 5)]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .pairing import PairingProblem, PairingWarning
from .pod_choices import PodChoices
from .pod_search import fewest_repeats
from .standings import PlayerId, ResultError, TournamentError

TOP_POINTS = 12
"""Points for first place in any pod; last place scores 0, the places between are evenly spaced."""
EXACT_LIMIT = 12
"""Fields of this many active players or fewer are paired by an exhaustive search (the optimum)."""
SOLVER_LIMIT = 48
"""Fields above ``EXACT_LIMIT`` and up to this many whose greedy pairing repeats are searched whole by the
optimiser (``pod_search``: CP-SAT), which proves the fewest repeats or stops at its limit."""
WINDOW = 32
"""Above ``SOLVER_LIMIT``: the optimiser re-splits windows of about this many players (a pod with a repeat
and its neighbouring tables), keeping the rest of the pairing."""
WINDOWS_LIMIT = 8
"""Above ``SOLVER_LIMIT``: at most this many windows a round go to the optimiser (a count, not seconds, so
the same standings give the same pods on any machine)."""
WINDOW_WORK = 0.15
"""The optimiser's deterministic work limit for one window (``pod_search.WORK_LIMIT`` is a whole field's)."""
TIE_SCALE = 10**9


def pod_sizes(players: int, layout: str = "threes_bottom") -> tuple[int, ...]:
    """The pod sizes for ``players`` active players, table 1 (the top of the standings) first.

    ``layout`` is the organiser's choice (``pod_choices.SIZES``): ``threes_bottom`` (the default) as many
    4s as possible, the 3s at the bottom; ``threes_top`` the same pods with the 3s at the top; ``fives``
    as many 4s as possible with 5s instead of 3s, largest first (a field that cannot be split into 4s and
    5s, 6, 7 or 11 players, gets the default split). 5 players cannot be split into 3s and 4s: they play a
    pod of 3 and a pod of 2 (龙虎三国志 seats 2–4), or one pod of 5 with fives; 2 players play one pod of 2.
    Fewer than 2 cannot be paired.

    >>> [pod_sizes(n) for n in (3, 4, 5, 6, 7, 8, 9, 10, 11)]
    [(3,), (4,), (3, 2), (3, 3), (4, 3), (4, 4), (3, 3, 3), (4, 3, 3), (4, 4, 3)]
    >>> pod_sizes(14, "threes_top"), pod_sizes(14, "fives"), pod_sizes(11, "fives")
    ((3, 3, 4, 4), (5, 5, 4), (4, 4, 3))
    """
    if players < 2:
        raise TournamentError(f"a pod round needs at least 2 active players, not {players}")
    if layout == "fives":
        fives = players % 4
        if players >= 5 * fives:
            return (5,) * fives + (4,) * ((players - 5 * fives) // 4)
    if players == 2:
        return (2,)
    if players == 5:
        return (2, 3) if layout == "threes_top" else (3, 2)
    threes = (-players) % 4
    fours = (players - 3 * threes) // 4
    if layout == "threes_top":
        return (3,) * threes + (4,) * fours
    return (4,) * fours + (3,) * threes


def placement_points(size: int, placement: int, shared: int = 1, points: Sequence[int] = ()) -> int:
    """Points for ``placement`` in a pod of ``size`` players, ``shared`` players tying on that place.

    By default first place scores 12, last 0, evenly spaced (4 players: 12/8/4/0; 3 players: 12/6/0; 2: 12/0).
    ``points``, the organiser's (one per seat of the largest pod, never increasing), score each place in
    order, except that a smaller pod's last place scores the list's last (12/9/5/1 in a pod of 3:
    12/9/1). Players who share a place share the points of the places they cover (the average, rounded
    down).

    >>> placement_points(4, 2, shared=2), placement_points(3, 1, shared=2), placement_points(4, 1, shared=4)
    (6, 9, 6)
    >>> [placement_points(3, p, points=(12, 9, 5, 1)) for p in (1, 2, 3)], placement_points(4, 2, 2, (12, 9, 5, 1))
    ([12, 9, 1], 7)
    """
    if size < 2 or not 1 <= placement <= size or shared < 1 or placement + shared - 1 > size:
        raise ResultError(f"no place {placement} (shared by {shared}) in a pod of {size}")
    if points and size > len(points):
        raise ResultError(f"no points for a pod of {size} (the event scores {len(points)} places)")
    covered = range(placement, placement + shared)
    if points:
        return sum(points[-1] if p == size else points[p - 1] for p in covered) // shared
    return sum(TOP_POINTS * (size - p) // (size - 1) for p in covered) // shared


@dataclass(frozen=True, slots=True)
class PodResult:
    """One finished pod: ``(player, placement, regions held)`` per seat.

    Placements rank like a race: tied players share the better place and the next place is skipped
    (1, 1, 3, 4 — never 1, 1, 2, 3)."""

    round: int
    seats: tuple[tuple[PlayerId, int, int], ...]

    def check(self, max_regions: int | None = None) -> None:
        """Raise ``ResultError`` unless the placements and regions can be a finished pod."""
        players = [p for p, _, _ in self.seats]
        if self.round < 1:
            raise ResultError(f"round {self.round}: rounds start at 1")
        if not 2 <= len(players) <= 5:
            raise ResultError(f"round {self.round}: a pod has 2 to 5 players, not {len(players)}")
        if len(set(players)) != len(players):
            raise ResultError(f"round {self.round}: a player sits twice in one pod")
        places = sorted(place for _, place, _ in self.seats)
        for place in places:
            better = sum(1 for q in places if q < place)
            if place != better + 1:
                raise ResultError(
                    f"round {self.round}: placements {places} are not a ranking (tied players share the"
                    " better place and the next place is skipped: 1, 1, 3, 4)"
                )
        for player, _, regions in self.seats:
            if regions < 0 or (max_regions is not None and regions > max_regions):
                raise ResultError(f"round {self.round}: {player!r} cannot hold {regions} regions")
        if max_regions is not None and sum(r for _, _, r in self.seats) > max_regions:
            raise ResultError(f"round {self.round}: the pod holds more than the map's {max_regions} regions")

    def points(self, table: Sequence[int] = ()) -> dict[PlayerId, int]:
        """Each player's placement points (``table``: the organiser's points a place, see ``placement_points``)."""
        places = [place for _, place, _ in self.seats]
        size = len(places)
        return {p: placement_points(size, place, places.count(place), table) for p, place, _ in self.seats}


class PodStanding(NamedTuple):
    """One player's line in a pod event's standings."""

    rank: int
    player: PlayerId
    points: int
    regions: int
    firsts: int
    rounds: int
    opp_points_pct: float
    """Opponents' average points per pod played, as a fraction of first place's points (0.0–1.0)."""
    opponents: tuple[PlayerId, ...]
    """Everyone met, once per pod shared (repeats appear twice)."""
    dropped: bool
    registration: int
    seats: tuple[int, ...] = (0, 0, 0, 0)
    """How often the player sat in seat 1, 2, 3 and 4 (and 5 after a pod of 5; a pod's seat order is its
    ``PodResult.seats`` order)."""

    def record(self) -> str:
        """Firsts / pods played, e.g. ``2/3``."""
        return f"{self.firsts}/{self.rounds}"


def compute_pod_standings(
    players: Sequence[PlayerId],
    results: Iterable[PodResult],
    dropped: Collection[PlayerId] = (),
    choices: PodChoices = PodChoices(),  # noqa: B008  # frozen, so one shared default is safe
) -> list[PodStanding]:
    """Ranked standings: points (``choices.points``, or 12/8/4/0), then the organiser's tiebreakers in his
    order (by default regions held, then opponents' points %, then firsts), then registration.

    ``players`` in registration order (the final tiebreaker). A player who has not played has
    0 points and an opponents' figure of 0.
    """
    index = {p: i for i, p in enumerate(players)}
    if len(index) != len(players):
        raise ResultError("a player is registered twice")
    points = [0] * len(players)
    regions = [0] * len(players)
    firsts = [0] * len(players)
    rounds = [0] * len(players)
    opponents: list[list[PlayerId]] = [[] for _ in players]
    seat_counts = [[0, 0, 0, 0] for _ in players]
    seen: set[tuple[int, PlayerId]] = set()
    for result in results:
        result.check()
        scored = result.points(choices.points)
        for position, (player, place, held) in enumerate(result.seats):
            if player not in index:
                raise ResultError(f"round {result.round}: {player!r} is not registered")
            if (result.round, player) in seen:
                raise ResultError(f"round {result.round}: {player!r} has two results")
            seen.add((result.round, player))
            i = index[player]
            points[i] += scored[player]
            regions[i] += held
            firsts[i] += place == 1
            rounds[i] += 1
            seat_counts[i].extend([0] * (position + 1 - len(seat_counts[i])))  # a pod of 5 has a seat 5
            seat_counts[i][position] += 1
            opponents[i].extend(q for q, _, _ in result.seats if q != player)
    top = choices.top or 1
    per_round = [points[i] / (top * rounds[i]) if rounds[i] else 0.0 for i in range(len(players))]
    opp_pct = [
        sum(per_round[index[q]] for q in opponents[i]) / len(opponents[i]) if opponents[i] else 0.0
        for i in range(len(players))
    ]
    gone = set(dropped)
    breakers = {
        "regions": regions,
        "opp": [round(x * TIE_SCALE) for x in opp_pct],
        "firsts": firsts,
    }
    chosen = [breakers[t] for t in choices.tiebreakers]
    order = sorted(range(len(players)), key=lambda i: (-points[i], *(-b[i] for b in chosen), i))
    return [
        PodStanding(
            rank,
            players[i],
            points[i],
            regions[i],
            firsts[i],
            rounds[i],
            opp_pct[i],
            tuple(opponents[i]),
            players[i] in gone,
            i,
            tuple(seat_counts[i]),
        )
        for rank, i in enumerate(order, start=1)
    ]


@dataclass(frozen=True, slots=True)
class Pod:
    """One table of a pod round: its players in seat order (balanced from their seat history, see
    :func:`seat_order`) and their points before it."""

    table: int
    players: tuple[PlayerId, ...]
    points: tuple[int, ...]
    repeats: int
    """Pairs at this table who have met before."""

    @property
    def spread(self) -> int:
        """Highest minus lowest points at the table."""
        return max(self.points) - min(self.points)


@dataclass(frozen=True, slots=True)
class PodRound:
    """A paired pod round: the pods (table 1 first), and how good the pairing is."""

    round: int
    pods: tuple[Pod, ...]
    repeats: int
    """Pairs of players seated together who have met before (0 whenever the pairer found a way)."""
    spread: int
    """The sum of the pods' point spreads."""
    notes: tuple[str, ...] = field(default=())
    """``"repeats_proved"``: repeats remain and no split has fewer (proved); ``"repeats_limit"``: repeats remain
    and the search stopped at its limit before it could prove that none has fewer."""
    proved: bool = True
    """Whether no split of the field into these pod sizes has fewer repeats (always true without a repeat)."""


def pair_pods(standings: Sequence[PodStanding], round_number: int, layout: str = "threes_bottom") -> PodRound:
    """Pair round ``round_number`` of a pod event from the standings (rank order; round 1: the seeded order).

    Dropped players are left out. The pairing minimises, in this order, the pairs of players who
    have met before (repeats) and the sum of the pods' point spreads. Up to ``EXACT_LIMIT`` players
    the search is exhaustive; above it, pods are filled greedily top to bottom (each seat goes to the
    highest-ranked player who has met nobody at the table) and repeats repaired by swapping players
    between pods; a pairing that still repeats goes to the optimiser (``pod_search``: the whole field up
    to ``SOLVER_LIMIT`` players, windows of neighbouring tables above), which proves the fewest repeats
    or stops at its limit with the best it found (``PodRound.proved``). Each pod is then seated by
    :func:`seat_order`. ``layout`` is the organiser's choice of pod sizes (:func:`pod_sizes`); tables are
    numbered in its order (threes at the top: the 3s are tables 1 and up; ties between equal splits keep
    the pods of the layout's first size for the higher-ranked players).

    >>> s = compute_pod_standings(list("abcdefg"), [PodResult(1, (("a", 1, 5), ("b", 2, 4), ("c", 3, 3), ("d", 4, 1))),
    ...     PodResult(1, (("e", 1, 6), ("f", 2, 5), ("g", 3, 0)))])
    >>> [sorted(p.players) for p in pair_pods(s, 2).pods]
    [['a', 'b', 'e', 'f'], ['c', 'd', 'g']]
    >>> pair_pods(s, 2).repeats, pair_pods(s, 2).proved  # from a 4-pod and a 3-pod: three repeats are forced
    (3, True)
    """
    active = [s for s in standings if not s.dropped]
    points = [s.points for s in active]
    if any(a < b for a, b in itertools.pairwise(points)):
        raise TournamentError("standings must be in rank order (points never increasing)")
    sizes = pod_sizes(len(active), layout)
    ids = [s.player for s in active]
    where = {p: i for i, p in enumerate(ids)}
    met = [{where[q] for q in s.opponents if q in where} for s in active]
    proved = True
    if len(active) <= EXACT_LIMIT:
        groups = _exact(sizes, points, met, small_first=layout == "threes_top")
    else:
        groups = _repair(_greedy(sizes, met), points, met)
        if sum(_repeats(g, met) for g in groups) and len(active) <= SOLVER_LIMIT:
            found = fewest_repeats(range(len(active)), points, met, groups)
            groups, proved = found.groups, found.proved
        elif sum(_repeats(g, met) for g in groups):
            groups = _windows(groups, points, met)
            proved = False
    counts = [s.seats for s in active]
    pods = tuple(
        Pod(table, tuple(ids[i] for i in seated), tuple(points[i] for i in seated), _repeats(g, met))
        for table, g in enumerate(sorted((sorted(g) for g in groups), key=_table_order(layout)), start=1)
        for seated in [seat_order(g, counts)]
    )
    repeats = sum(p.repeats for p in pods)
    proved = proved or repeats == 0
    notes = (("repeats_proved",) if proved else ("repeats_limit",)) if repeats else ()
    return PodRound(round_number, pods, repeats, sum(p.spread for p in pods), notes, proved)


def _table_order(layout: str) -> Callable[[list[int]], tuple[int, list[int]]]:
    """Tables in the layout's order: the smaller pods first with threes at the top, else the larger."""
    sign = 1 if layout == "threes_top" else -1
    return lambda g: (sign * len(g), g)


def seat_order(group: Sequence[int], counts: Sequence[Sequence[int]]) -> list[int]:
    """The pod's players (indices, rank order) in seat order, balancing each one's seats over the event.

    ``counts[i]`` is how often player ``i`` sat in seat 1, 2, 3, 4 before. Of every seating of the pod,
    the one whose worst player ends with the least spread between his most and least used seats (of the
    pod's seats) is chosen, then the least summed spread, then the fewest earlier sittings in the seats
    given; ties keep the higher-ranked players in the lower seats (round 1: rank order).

    >>> seat_order([0, 1, 2], [(1, 0, 0, 0), (1, 0, 0, 0), (0, 0, 1, 0)])  # two who sat first, one third
    [2, 0, 1]
    """
    size = len(group)
    best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
    for order in itertools.permutations(group):
        worst = total = used = 0
        for seat, i in enumerate(order):
            seen = list(counts[i][:size]) + [0] * max(0, size - len(counts[i]))
            seen[seat] += 1
            spread = max(seen) - min(seen)
            worst, total, used = max(worst, spread), total + spread, used + seen[seat] - 1
        key = (worst, total, used)
        if best is None or key < best[0]:
            best = (key, order)
    assert best is not None
    return list(best[1])


def _windows(groups: list[list[int]], points: Sequence[int], met: Sequence[set[int]]) -> list[list[int]]:
    """A large field's repeats, re-split window by window: each pod that still repeats (table order) with
    its neighbouring tables, about ``WINDOW`` players, goes to the optimiser; the rest stays. At most
    ``WINDOWS_LIMIT`` windows a round."""
    groups = sorted((sorted(g) for g in groups), key=lambda g: (-len(g), g))
    per = max(1, WINDOW // 4)
    searched = 0
    for k in range(len(groups)):
        if searched >= WINDOWS_LIMIT:
            break
        if not _repeats(groups[k], met):
            continue
        searched += 1
        low, high = max(0, k - per // 2), min(len(groups), k - per // 2 + per)
        window = groups[low:high]
        players = [p for g in window for p in g]
        found = fewest_repeats(players, points, met, window, work=WINDOW_WORK)
        before = sum(_repeats(g, met) for g in window)
        if sum(_repeats(g, met) for g in found.groups) < before:
            groups[low:high] = [sorted(g) for g in found.groups]
    return groups


def _repeats(group: Sequence[int], met: Sequence[set[int]]) -> int:
    return sum(1 for a, b in itertools.combinations(group, 2) if b in met[a])


def _cost(group: Sequence[int], points: Sequence[int], met: Sequence[set[int]]) -> tuple[int, int]:
    values = [points[i] for i in group]
    return _repeats(group, met), max(values) - min(values)


def _exact(
    sizes: Sequence[int], points: Sequence[int], met: Sequence[set[int]], *, small_first: bool = False
) -> list[list[int]]:
    """Every split of the players into pods of these sizes, the cheapest (repeats, spread) kept; ties keep
    the first found, which seats the higher-ranked players together."""
    best: list[tuple[tuple[int, int], list[list[int]]]] = []

    def search(rest: list[int], sizes_left: tuple[int, ...], cost: tuple[int, int], groups: list[list[int]]) -> None:
        if best and cost >= best[0][0]:
            return
        if not rest:
            best[:] = [(cost, [list(g) for g in groups])]
            return
        head, others = rest[0], rest[1:]
        for size in sorted(set(sizes_left), reverse=not small_first):
            left = list(sizes_left)
            left.remove(size)
            for mates in itertools.combinations(others, size - 1):
                group = [head, *mates]
                r, s = _cost(group, points, met)
                taken = set(mates)
                groups.append(group)
                search([p for p in others if p not in taken], tuple(left), (cost[0] + r, cost[1] + s), groups)
                groups.pop()

    search(list(range(len(points))), tuple(sizes), (0, 0), [])
    return best[0][1]


def _greedy(sizes: Sequence[int], met: Sequence[set[int]]) -> list[list[int]]:
    """Pods top to bottom: the highest-ranked free player opens a pod; each further seat goes to the
    highest-ranked free player who has met nobody at it (else the one who has met the fewest)."""
    free = list(range(len(met)))
    groups = []
    for size in sizes:
        group = [free.pop(0)]
        while len(group) < size:
            pick, fewest = 0, len(group) + 1
            for k, p in enumerate(free):
                clashes = sum(1 for q in group if q in met[p])
                if clashes < fewest:
                    pick, fewest = k, clashes
                    if clashes == 0:
                        break
            group.append(free.pop(pick))
        groups.append(group)
    return groups


def _repair(groups: list[list[int]], points: Sequence[int], met: Sequence[set[int]]) -> list[list[int]]:
    """Swap players between pods while that lowers the repeats: for each player who has met someone at his
    table, the nearest pod (by table) holding a player whose swap lowers the two pods' repeats, the
    closest in points first."""
    for _ in range(4):
        improved = False
        for a, group in enumerate(groups):
            for x in list(group):
                if not any(q in met[x] for q in group if q != x) or x not in group:
                    continue
                rest_a = [q for q in group if q != x]
                before_a = _repeats(group, met)
                choice = None
                for distance in range(1, len(groups)):
                    for b in (a - distance, a + distance):
                        if not 0 <= b < len(groups):
                            continue
                        other = groups[b]
                        before = before_a + _repeats(other, met)
                        for y in other:
                            if any(q in met[y] for q in rest_a):
                                continue
                            rest_b = [q for q in other if q != y]
                            after = _repeats([*rest_a, y], met) + _repeats([*rest_b, x], met)
                            if after < before:
                                gap = abs(points[x] - points[y])
                                if choice is None or gap < choice[0]:
                                    choice = (gap, b, y)
                    if choice is not None:
                        break
                if choice is not None:
                    _, b, y = choice
                    groups[a] = group = [*rest_a, y]
                    groups[b] = [q for q in groups[b] if q != y] + [x]
                    improved = True
        if not improved:
            break
    return groups


def check_pods(
    standings: Sequence[PodStanding], proposed: Sequence[Sequence[PlayerId]], seats: tuple[int, int] = (2, 4)
) -> list[PairingWarning]:
    """Every rule a hand-made pod round breaks, table by table (tables number from 1); empty when clean.

    ``proposed`` lists each pod's players (by hand, or as stored); ``seats`` is the game's (fewest, most)
    players at a table, 龙虎三国志's (2, 4) unless given.
    A pod of the wrong size, an unknown, dropped or twice-seated player and an active player left out
    cannot be saved; players who met before (``pairing.rematch``) can, when the organiser confirms.

    >>> field = compute_pod_standings(["ann", "bo", "cy", "di", "ed"], [PodResult(1, (("ann", 1, 3), ("bo", 2, 2)))])
    >>> [(w.code, w.params) for w in check_pods(field, [["ann", "bo", "cy"], ["di"]], (2, 4))]
    [('pairing.rematch', {'table': 1, 'a': 'ann', 'b': 'bo'}), \
('pairing.table_size', {'table': 2, 'n': 1, 'low': 2, 'high': 4}), ('pairing.missing', {'table': None, 'a': 'ed'})]
    """
    by_id = {s.player: s for s in standings}
    warnings: list[PairingWarning] = []
    seen: dict[PlayerId, int] = {}
    low, high = seats

    def warn(
        problem: PairingProblem, table: int | None, players: tuple[PlayerId, ...], code: str, **params: object
    ) -> None:
        warnings.append(PairingWarning(problem, table, players, code, {"table": table, **params}))

    for table, pod in enumerate(proposed, start=1):
        if not low <= len(pod) <= high:
            warn(PairingProblem.TABLE_SIZE, table, tuple(pod), "pairing.table_size", n=len(pod), low=low, high=high)
        for p in pod:
            if p not in by_id:
                warn(PairingProblem.UNKNOWN_PLAYER, table, (p,), "pairing.unknown", a=p)
                continue
            if p in seen:
                warn(PairingProblem.PAIRED_TWICE, table, (p,), "pairing.paired_twice", a=p, other=seen[p])
            seen.setdefault(p, table)
            if by_id[p].dropped:
                warn(PairingProblem.DROPPED_PLAYER, table, (p,), "pairing.dropped", a=p)
        known = [p for p in dict.fromkeys(pod) if p in by_id]
        for a, b in itertools.combinations(known, 2):
            if b in by_id[a].opponents:
                warn(PairingProblem.REMATCH, table, (a, b), "pairing.rematch", a=a, b=b)
    for s in standings:
        if not s.dropped and s.player not in seen:
            warn(PairingProblem.MISSING, None, (s.player,), "pairing.missing", a=s.player)
    return warnings
