"""``python -m engine play``: two bots play a game, printed move by move in plain words."""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.cards import DATA_DIR, CardDatabaseError, load_database, starter_database
from engine.decklist import parse_decklist
from engine.game.bots import play
from engine.game.errors import GameSetupError
from engine.game.narrate import describe
from engine.game.players import BOTS
from engine.game.rules import Game
from engine.game.state import State
from engine.game.terms import CHANCE
from engine.log import record_game
from engine.messages import Reader, seat

DECKS_DIR = DATA_DIR / "decks"
DEFAULT_DECKS = ("shu_starter", "wei_starter")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    parser.add_argument(
        "--bots",
        nargs=2,
        default=["random", "greedy"],
        choices=sorted(BOTS),
        metavar="BOT",
        help=f"the bots of player 0 and player 1 ({', '.join(sorted(BOTS))}); default: random greedy",
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of the chance events and the bots")
    parser.add_argument(
        "--decks",
        nargs=2,
        default=list(DEFAULT_DECKS),
        metavar="DECK",
        help="decklist files, or names of bundled decks (default: shu_starter wei_starter)",
    )
    parser.add_argument("--database", help="a card database file (default: the bundled starter database)")
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument("--verbose", action="store_true", help="also print passes in response windows")
    parser.add_argument("--log", metavar="FILE", help="also write the game's log (junling-log/1) to FILE")
    parser.add_argument("--lang", choices=["en", "zh"], default="en", help="print in English or Chinese (zh)")


def load_deck(spec: str) -> object:
    """A Decklist from a path or the name of a bundled deck."""
    path = Path(spec)
    if not path.exists():
        path = DECKS_DIR / (spec if spec.endswith(".txt") else f"{spec}.txt")
    if not path.exists():
        bundled = ", ".join(sorted(p.stem for p in DECKS_DIR.glob("*.txt")))
        raise GameSetupError(f"no decklist {spec!r} (a file, or one of: {bundled})")
    return parse_decklist(path.read_bytes(), filename=path.name)


def main(args: argparse.Namespace) -> int:
    """Play and print; 0 on a finished game, 2 on bad input."""
    try:
        db = load_database(args.database) if args.database else starter_database()
        decks = [load_deck(d) for d in args.decks]
        state = Game(db).new_initial_state(decks[0], decks[1], seed=args.seed)
    except (GameSetupError, CardDatabaseError, ValueError) as exc:
        print(f"error: {exc}")
        return 2
    bots = [BOTS[name](args.seed * 2 + i) for i, name in enumerate(args.bots)]
    reader = Reader(getattr(args, "lang", "en"), ids=False, db=db)
    d, b = args.decks, args.bots
    print(reader.text("cli.play.header", deck0=d[0], bot0=b[0], deck1=d[1], bot1=b[1], seed=args.seed))
    last_turn = -1

    def show(s: State, action: object) -> None:
        nonlocal last_turn
        if args.quiet or (type(action).__name__ == "Pass" and not args.verbose):
            return
        if s.turn != last_turn and s.turn > 0:
            last_turn = s.turn
            hand, resource = len(s.hand[s.active]), len(s.resource[s.active])
            print(reader.text("cli.play.turn", turn=s.turn, player=seat(s.active), hand=hand, resource=resource))
        indent = "   " if s.current_player() == CHANCE else "  "
        for line in describe(s, action):  # type: ignore[arg-type]
            print(indent + reader.render(line))

    if args.log:  # the same game, recorded: docs/log-format.md
        rec = record_game(Game(db), decks[0], decks[1], args.seed, bots, on_action=show)
        state = rec.state
        try:
            rec.write_log(args.log)
        except OSError as exc:
            print(f"error: cannot write the log to {args.log}: {exc.strerror or exc}")
            return 2
    else:
        play(state, bots, on_action=show)  # chance from the state's seed, as in a refereed match
    outcome = state.outcome
    if outcome is None:  # only a recorded game is cut (at the log's entry limit) instead of raising
        print(reader.text("cli.play.unfinished", count=len(state.history)))
        return 1
    rule = reader.rule(outcome.rule)
    print(
        reader.text("cli.play.result", player=seat(outcome.winner), turns=state.turn, reason=outcome.param(), rule=rule)
    )
    return 0
