"""`deerbook balance`: run the balance study (`analysis.study`) and write its results file."""
from __future__ import annotations

import argparse
import sys
from typing import Callable

from ..analysis.study import (CONFIGURATIONS, DEFAULT_ADVISOR_GAMES, DEFAULT_GAMES, RESULTS_FILE, findings, planned,
                              run_study, save_study)
from .running import executor_for, progress_bar


def add_arguments(parser: argparse.ArgumentParser, whole: Callable[[str], int]) -> None:
    """The study's arguments for the `deerbook balance` command (`whole` reads a whole number >= 1)."""
    parser.add_argument("--games", type=whole, default=DEFAULT_GAMES,
                        help="games per configuration (default: %(default)s)")
    parser.add_argument("--advisor-games", type=whole, default=DEFAULT_ADVISOR_GAMES,
                        help="games of the advisor configuration (default: %(default)s)")
    cores = parser.add_mutually_exclusive_group()
    cores.add_argument("--workers", type=whole, help="local processes (default: every core)")
    cores.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler address, e.g. tcp://HOST:8786")
    parser.add_argument("--only", nargs="+", choices=[c.key for c in CONFIGURATIONS], metavar="CONFIGURATION",
                        help="run only these configurations: " + ", ".join(c.key for c in CONFIGURATIONS))
    parser.add_argument("--output", default=str(RESULTS_FILE), help="results file, gzip-compressed JSON "
                                                                     "(default: the package's own)")


def run(args: argparse.Namespace) -> str:
    """Run the study the arguments ask for, write the results file, and say what it found."""
    total = sum(count for _, count in planned(args.games, args.advisor_games, args.only))
    with executor_for(args.workers, args.scheduler) as executor, \
            progress_bar(total, "balance study", sys.stderr.isatty()) as progress:
        study = run_study(args.games, args.advisor_games, executor=executor, progress=progress, only=args.only)
    path = save_study(study, args.output)
    return "\n".join([f"{len(study['configurations'])} configurations in {study['wall_seconds']} s -> {path}",
                      *map(str, findings(study))])
