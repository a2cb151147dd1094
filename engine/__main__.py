"""``python -m engine COMMAND ...``: the engine's command line, no Django needed.

Each command lives in its own module, which exposes ``add_arguments(parser)``
and ``main(args) -> int``; this file only dispatches.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys

COMMANDS = {
    "checkdeck": ("engine.deckrules.cli", "check a decklist's legality"),
    "play": ("engine.game.cli", "play a game between bots and print it"),
    "replay": ("engine.replay.cli", "replay a game log and give the verdict"),
    "position": ("engine.game.position_cli", "check a position and print it"),
    "dbhash": ("engine.replay.dbhash", "print a card database's hash, as a log's header names it"),
    "longhu": ("engine.longhu.cli", "龙虎三国志: play a game between bots"),
    "wenlu": ("engine.wenlu.cli", "文禄朝鲜之役: play a game between bots"),
    "battle": ("engine.battle_cli", "battle calculator: the exact result, step by step"),
    "sanguozhi": ("engine.sanguozhi.cli", "三国智: check an opening table, or simulate a deck's opening"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue  # not built yet
            raise
        modules[name] = module
        module.add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    args = parser.parse_args(argv)
    return int(modules[args.command].main(args))


if __name__ == "__main__":
    # As a program only, never when main() is called in-process (a test): with the default action a
    # write to any closed pipe (a browser driver's, a worker's) would kill the whole calling process.
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `... | head` ends quietly, as a Unix tool should
    sys.exit(main())
