"""`deerbook balance`: run the balance study (`analysis.study`) and write its results file, or replay one game
(`--replay KEY --game I`).

The package's own study (`analysis.study.RESULTS_FILE`, which the book reads) is replaced only when
`--update-package` asks for it (with `--only`, those configurations are replaced or added in it, the others kept);
otherwise the results go to `--output` (default DEFAULT_OUTPUT in the current folder). `--retime --only KEY ...`
measures the agents' CPU time a decision again on the stored games, playing no study. The folder is checked before
the study starts, the file is written all at once, and if it still cannot be written the results go to the temporary
folder, else the home folder, instead, and the output says where; if no folder takes them, they are printed (JSON)
rather than lost.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from ..analysis.study import (CONFIGURATIONS, DEFAULT_ADVISOR_GAMES, DEFAULT_GAMES, RESULTS_FILE, Configuration,
                              Started, findings, load_study, merged, planned, replay_game, retimed, run_study,
                              save_study)
from ..analysis.labels import LABELS_FILE, derive, save_labels
from ..engine.batch import WORKERS_PER_CORE, Progress
from ..engine.errors import DeerbookError
from ..engine.files import FileWriteError, check_writable, free_path
from .running import executor_for
from .usage import UsageError

DEFAULT_OUTPUT = "balance-study.json.gz"
KEYS = [c.key for c in CONFIGURATIONS]


def add_arguments(parser: argparse.ArgumentParser, games: Callable[[str], int], workers: Callable[[str], int],
                  index: Callable[[str], int]) -> None:
    """The study's arguments for the `deerbook balance` command (`games` reads a number of games, `workers` a
    number of local processes, `index` a game's number from 0)."""
    parser.add_argument("--games", type=games, default=DEFAULT_GAMES,
                        help="games per configuration (default: %(default)s); the advisor's and the search agent's "
                             "play at most this many unless their own option says otherwise")
    parser.add_argument("--advisor-games", type=games,
                        help="games of every configuration the advisor sits in (default: its own, at most "
                             f"{DEFAULT_ADVISOR_GAMES})")
    parser.add_argument("--search-games", type=games,
                        help="games of every configuration the search agent sits in (default: its own, 60 to 2,000)")
    cores = parser.add_mutually_exclusive_group()
    cores.add_argument("--workers", type=workers, help="local processes (default: every core; at most "
                                                        f"{WORKERS_PER_CORE} per core)")
    cores.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler address, e.g. tcp://HOST:8786")
    parser.add_argument("--only", nargs="+", choices=KEYS, metavar="CONFIGURATION",
                        help="run only these configurations: " + ", ".join(KEYS))
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--output", metavar="PATH", default=DEFAULT_OUTPUT,
                       help="results file, gzip-compressed JSON (default: %(default)s in the current folder)")
    where.add_argument("--update-package", action="store_true",
                       help="replace the package's own study, which the book reads "
                            f"(deerbook/analysis/data/{RESULTS_FILE.name}); with --only, replace or add only those "
                            "configurations in it")
    parser.add_argument("--retime", action="store_true",
                        help="with --only: measure the agents' CPU time a decision again on the stored games of those "
                             "configurations (of --output's study, or the package's with --update-package), without "
                             "playing the study")
    parser.add_argument("--replay", choices=KEYS, metavar="CONFIGURATION",
                        help="print one game of this configuration, played now from the study's seeds, as JSON")
    parser.add_argument("--game", type=index, default=None, metavar="I",
                        help="with --replay: the game's number from 0 (game I plays from seed S/I)")


def run(args: argparse.Namespace) -> str:
    """Run the study the arguments ask for, write the results file, and say where and what it found; or replay
    one game."""
    if args.replay is not None or args.game is not None:
        return replayed(args)
    path = destination(args)
    if args.retime:
        study = retimed(load_study(path), args.only)
        return "\n".join([f"decision times of {', '.join(args.only)} measured again", *store(study, path),
                          *labelled(study, args.update_package)])
    total = sum(count for _, count in planned(args.games, args.advisor_games, args.only, args.search_games))
    with executor_for(args.workers, args.scheduler) as executor, \
            study_bar(total, sys.stderr.isatty()) as (progress, started):
        study = run_study(args.games, args.advisor_games, executor=executor, progress=progress, only=args.only,
                          search_games=args.search_games, started=started)
    played = f"{len(study['configurations'])} configurations in {study['wall_seconds']} s"
    if args.update_package and args.only:
        study = merged(load_study(path), study)
        played += f", merged into the {len(study['configurations'])} of the package's study"
    return "\n".join([played, *store(study, path), *labelled(study, args.update_package),
                      *map(str, findings(study))])


def labelled(study: dict, package: bool) -> list[str]:
    """With the package's study replaced, the agents' labels derived from it again (`analysis.labels`), said where;
    a study without every configuration the labels read leaves them as they were, and says so."""
    if not package:
        return []
    try:
        written = save_labels(derive(study), LABELS_FILE)
    except KeyError as exc:
        return [f"the agents' labels are unchanged: the study lacks configuration {exc}"]
    return [f"the agents' labels derived again: {written}"]


@contextmanager
def study_bar(total: int, show: bool) -> Iterator[tuple[Progress | None, Started | None]]:
    """A tqdm bar of the study's `total` games named by the configuration playing: its `progress` and `started`
    callbacks for `run_study`, or None and None when not shown."""
    if not show:
        yield None, None
        return
    from tqdm import tqdm

    with tqdm(total=total, desc="balance study", unit="game", leave=False) as bar:
        def advance(games: int) -> None:
            bar.update(games)

        def started(config: Configuration, games: int) -> None:
            bar.set_description(f"balance study: {config.key} ({games:,} games)")

        yield advance, started


def replayed(args: argparse.Namespace) -> str:
    """Game I of configuration KEY as JSON, in the stored records' form (`analysis.study.replay_game`)."""
    if args.replay is None or args.game is None:
        raise UsageError("--replay" if args.replay is None else "--game", "--replay KEY and --game I go together")
    return json.dumps({"configuration": args.replay, "game": args.game, **replay_game(args.replay, args.game)})


def destination(args: argparse.Namespace) -> Path:
    """The results file, checked before the study runs: the package's own only with --update-package and a whole
    run, and a folder that takes a new file (else one error line, exit code 2)."""
    flag = "--update-package" if args.update_package else "--output"
    if args.retime and not args.only:
        raise UsageError("--retime", "needs --only and the configurations to time again")
    target = RESULTS_FILE if args.update_package else Path(os.path.expanduser(args.output))
    if not args.update_package and os.path.realpath(target) == os.path.realpath(RESULTS_FILE):
        raise UsageError(flag, f"{target} is the package's own study, which the book reads; add --update-package "
                               "(instead of --output) to replace it")
    try:
        return check_writable(target, "balance study")
    except FileWriteError as exc:
        raise UsageError(flag, str(exc)) from None


def store(study: dict, path: Path) -> list[str]:
    """Write the study to `path`, else to a new file in the temporary folder, else in the home folder, and say
    where it went (and why not where asked). If no folder takes it, the study is printed as JSON rather than lost,
    and DeerbookError says so."""
    failures: list[str] = []
    for target in (path, *(free_path(folder, "deerbook-balance-study", ".json.gz")
                           for folder in (tempfile.gettempdir(), os.path.expanduser("~")))):
        try:
            written = save_study(study, target)
        except FileWriteError as exc:
            failures.append(str(exc))
            continue
        return [f"{'; '.join(failures)}; the results are in {written} instead" if failures
                else f"results written to {written}"]
    try:
        print(json.dumps(study), flush=True)
        kept = "so they are printed on standard output, as JSON"
    except OSError as exc:
        kept = f"and they cannot be printed either ({exc.strerror or exc}): they are lost"
    raise DeerbookError(f"{'; '.join(failures)}; no folder took the results, {kept}")
