"""`deerbook balance`: run the balance study (`analysis.study`) and write its results file, or replay one game."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Callable

from ..analysis.study import (CONFIGURATIONS, DEFAULT_ADVISOR_GAMES, DEFAULT_GAMES, RESULTS_FILE, findings, planned,
                              replay_game, run_study, save_study)
from ..engine.errors import DeerbookError
from .running import executor_for, progress_bar

KEYS = [c.key for c in CONFIGURATIONS]


def add_arguments(parser: argparse.ArgumentParser, whole: Callable[[str], int]) -> None:
    """The study's arguments for the `deerbook balance` command (`whole` reads a whole number >= 1)."""
    parser.add_argument("--games", type=whole, default=DEFAULT_GAMES,
                        help="games per configuration (default: %(default)s)")
    parser.add_argument("--advisor-games", type=whole, default=DEFAULT_ADVISOR_GAMES,
                        help="games of the advisor configuration (default: %(default)s)")
    parser.add_argument("--search-games", type=whole,
                        help="games of each search-agent configuration (default: its own, 1,000 or 2,000)")
    cores = parser.add_mutually_exclusive_group()
    cores.add_argument("--workers", type=whole, help="local processes (default: every core)")
    cores.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler address, e.g. tcp://HOST:8786")
    parser.add_argument("--only", nargs="+", choices=KEYS, metavar="CONFIGURATION",
                        help="run only these configurations: " + ", ".join(KEYS))
    parser.add_argument("--output", default=str(RESULTS_FILE), help="results file, gzip-compressed JSON "
                                                                     "(default: the package's own)")
    parser.add_argument("--replay", choices=KEYS, metavar="CONFIGURATION",
                        help="print one game of this configuration, played now from the study's seeds, as JSON")
    parser.add_argument("--game", type=int, default=None, metavar="I",
                        help="with --replay: the game's number from 0 (game I plays from seed S/I)")


def run(args: argparse.Namespace) -> str:
    """Run the study the arguments ask for, write the results file, and say what it found; or replay one game."""
    if args.replay is not None or args.game is not None:
        return replayed(args)
    total = sum(count for _, count in planned(args.games, args.advisor_games, args.only, args.search_games))
    with executor_for(args.workers, args.scheduler) as executor, \
            progress_bar(total, "balance study", sys.stderr.isatty()) as progress:
        study = run_study(args.games, args.advisor_games, executor=executor, progress=progress, only=args.only,
                          search_games=args.search_games)
    path = save_study(study, args.output)
    return "\n".join([f"{len(study['configurations'])} configurations in {study['wall_seconds']} s -> {path}",
                      *map(str, findings(study))])


def replayed(args: argparse.Namespace) -> str:
    """Game I of configuration KEY as JSON, in the stored records' form (`analysis.study.replay_game`)."""
    if args.replay is None or args.game is None:
        raise DeerbookError(f"argument {'--replay' if args.replay is None else '--game'}: --replay KEY and --game I "
                            "go together")
    if args.game < 0:
        raise DeerbookError(f"argument --game: must be a game number >= 0, got {args.game}")
    return json.dumps({"configuration": args.replay, "game": args.game, **replay_game(args.replay, args.game)})
