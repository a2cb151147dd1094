"""The suggested bid's method on bot games (issue 26 item 6): 文禄朝鲜之役 on its bundled data, the strongest
bot the game has against itself, a few hundred seeded games, then the suggested bid with its interval.

    .venv/bin/python bench/bench_suggested_bid.py                 # 400 games, seeds 0-399
    .venv/bin/python bench/bench_suggested_bid.py --games 1000

The game is ``engine.interface.default_game("wenlu")`` (the test map and data, not the publisher's); the bot
is the last of ``game.bots()`` (the strongest: the games list them weakest first), seeded per game and seat.
Each game's VP by side (``result()["detail"]["scores"]``) goes to ``matches.tournament.suggested_bid``
exactly as the site's finished games do; the suggestion is printed for the first 20, 50, 100, ... games to
show the interval narrowing. Prints the machine, the date and the load average first.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.interface import default_game, play
from engine.systems import get_system
from matches.tournament.suggested_bid import suggest_bid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} "
        f"{platform.release()}, CPython {platform.python_version()}"
    )
    print(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average {os.getloadavg()}")
    game = default_game("wenlu")
    sides = get_system("wenlu").sides
    bot = game.bots()[-1]
    print(f"# bot {bot!r} (of {game.bots()}) against itself, {args.games} games, seeds 0-{args.games - 1}")
    games: list[tuple[int, int]] = []
    t0 = time.process_time()
    for seed in range(args.games):
        state = play(game.new_initial_state(seed), [game.bot(bot, 2 * seed), game.bot(bot, 2 * seed + 1)])
        scores = state.result()["detail"]["scores"]
        games.append((scores[sides[0]], scores[sides[1]]))
    played = time.process_time() - t0
    print(f"# played in {played:.1f} s CPU")
    print(f"| games | mean margin {sides[0]} | suggested bid | for | 95 % interval ({sides[0]} margin) | enough |")
    print("| ---: | ---: | ---: | --- | --- | --- |")
    counts = sorted({n for n in (20, 50, 100, 200, 400, 1000) if n < args.games} | {args.games})
    for n in counts:
        s = suggest_bid(games[:n], (sides[0], sides[1]))
        print(
            f"| {s.games} | {s.mean_margin:+.2f} | {s.bid:g} | {s.side or '-'} | {s.low:+g} to {s.high:+g} |"
            f" {'yes' if s.enough else 'no'} |"
        )
    japan = sum(a > b for a, b in games)
    allies = sum(a < b for a, b in games)
    print(f"# without a bid: {sides[0]} won {japan}, {sides[1]} won {allies}, {len(games) - japan - allies} drawn")
    s = suggest_bid(games, (sides[0], sides[1]))
    sign = 1 if s.side == sides[0] else -1
    after = [a - b - sign * s.bid for a, b in games]
    print(
        f"# after a {s.bid:g} VP bid for {s.side or '-'}: {sides[0]} won {sum(m > 0 for m in after)},"
        f" {sides[1]} won {sum(m < 0 for m in after)}, {sum(m == 0 for m in after)} drawn"
    )


if __name__ == "__main__":
    main()
