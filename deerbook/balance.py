"""The balance study: every configuration of the balance chapter played in big seeded batches.

    python -m deerbook.balance [--games N] [--advisor-games N] [--workers W | --scheduler ADDRESS] [--output PATH]

Each configuration (`CONFIGURATIONS`) is one question: seat advantage, game length and scores in the
board game, the advanced rules, the value of knocking, the card edition, the advisor against greedy
agents, Football's seats and its solo difficulty. Each plays `games` seeded games through the one batch
runner (`engine.batch`, so any worker count or a Dask cluster gives the same games) and the study writes
a versioned results file (`RESULTS_FILE`, gzip-compressed JSON): the seeds, options, package version,
per-configuration summaries with 95% intervals and every game's record (winners and `stats()`), which
`replay` checks against the engine. The book's balance chapter reads that file instead of playing.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from . import __version__
from .deer.balance import EXTRA_AGENTS, Batch, Estimate, estimate
from .engine.batch import BatchSpec, GameRecord, agent_factories, executor_for, play_record, run_batch
from .engine.errors import SaveFileError
from .engine.registry import make_game

STUDY_VERSION = 1
RESULTS_FILE = Path(__file__).parent / "data" / "balance-study.json.gz"
DEFAULT_GAMES = 20_000
DEFAULT_ADVISOR_GAMES = 1_000  # the advisor solves its number-dice decisions exactly: about 40x a greedy game


@dataclass(frozen=True)
class Configuration:
    """One batch of the study: which game and options, the agents by seat (rotated by game with `rotate`)."""

    key: str
    question: str
    game: str
    options: dict
    agents: tuple[str, ...]
    rotate: bool
    seed: int


CONFIGURATION_FIELDS = tuple(Configuration.__dataclass_fields__)
GREEDY_4 = ("greedy",) * 4
CONFIGURATIONS = (
    Configuration("deer-basic", "Board game, basic rules, four greedy agents: seat advantage, length, scores",
                  "deer", {"num_players": 4}, GREEDY_4, False, 1401),
    Configuration("deer-advanced", "Board game, all advanced rules (Rulings 18-21), four greedy agents",
                  "deer", {"num_players": 4, "advanced": True}, GREEDY_4, False, 1402),
    Configuration("deer-knocking", "Knocking on: one greedy agent who knocks against three who never do",
                  "deer", {"num_players": 4, "knocking": True}, ("greedy",) + ("greedy-no-knock",) * 3, True, 1403),
    Configuration("deer-cards", "Card edition, four greedy agents", "deer-cards", {"num_players": 4}, GREEDY_4,
                  False, 1404),
    Configuration("deer-advisor", "Board game: the advisor against three greedy agents",
                  "deer", {"num_players": 4}, ("advisor",) + ("greedy",) * 3, True, 1405),
    Configuration("football-2p", "Football, two greedy players: seat advantage", "football", {"num_players": 2},
                  ("greedy", "greedy"), False, 2401),
    Configuration("football-solo-normal", "Football solo, normal difficulty, greedy player", "football",
                  {"num_players": 1, "solo_difficulty": "normal"}, ("greedy",), False, 2402),
    Configuration("football-solo-hard", "Football solo, hard difficulty, greedy player", "football",
                  {"num_players": 1, "solo_difficulty": "hard"}, ("greedy",), False, 2403),
)


def spec_of(config: Configuration) -> BatchSpec:
    """The batch spec a configuration plays: its game and agents."""
    game = make_game(config.game, **config.options)
    return BatchSpec(game, agent_factories(game, config.agents, EXTRA_AGENTS), rotate=config.rotate)


# -- records: one column per figure, compact in JSON ------------------------------------------------------
def winners_mask(returns: Sequence[float]) -> int:
    """The winning seats as a bit mask (a shared win splits 1, so the mask gives the returns back)."""
    return sum(1 << seat for seat, r in enumerate(returns) if r > 0)


def returns_of(mask: int, seats: int) -> tuple[float, ...]:
    """Each seat's result from a bit mask of winners (winners split 1.0)."""
    winners = [seat for seat in range(seats) if mask >> seat & 1]
    return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats))


def columns(records: Sequence[GameRecord]) -> dict:
    """Per-game records as columns: `winners` (bit masks) and each `stats()` figure."""
    keys = records[0].stats.keys() if records else ()
    return {"winners": [winners_mask(r.returns) for r in records],
            "stats": {key: [r.stats[key] for r in records] for key in keys}}


def record_at(config: dict, index: int) -> dict:
    """Game `index` of a stored configuration: its winners mask and stats."""
    records = config["records"]
    return {"winners": records["winners"][index], "stats": {k: v[index] for k, v in records["stats"].items()}}


# -- summaries ---------------------------------------------------------------------------------------------
def seat_returns(config: dict) -> np.ndarray:
    """games x seats: each seat's result (a shared win splits 1)."""
    seats = len(config["agents"])
    return np.array([returns_of(mask, seats) for mask in config["records"]["winners"]]).reshape(-1, seats)


def seating(config: dict, index: int) -> tuple[str, ...]:
    """The agent in each seat in game `index` (rotated left by the game number when the batch rotates)."""
    agents = config["agents"]
    shift = index % len(agents) if config["rotate"] else 0
    return tuple(agents[shift:]) + tuple(agents[:shift])


def seat_win_rates(config: dict) -> list[Estimate]:
    """Each seat's win rate in a stored configuration, with its 95% interval."""
    returns = seat_returns(config)
    return [estimate(returns[:, seat]) for seat in range(returns.shape[1])]


def agent_win_rate(config: dict, agent: str) -> Estimate:
    """The mean result of one seat held by `agent` (averaged over its seats in each game)."""
    returns = seat_returns(config)
    shares = [np.mean([r for name, r in zip(seating(config, i), row) if name == agent])
              for i, row in enumerate(returns)]
    return estimate(shares)


def figure(config: dict, key: str, seat: int | None = None) -> Estimate:
    """The mean of one per-game figure (of one seat, or over every seat, for per-seat figures)."""
    values = np.asarray(config["records"]["stats"][key], dtype=float)
    return estimate(values if values.ndim == 1 else values[:, seat] if seat is not None else values.ravel())


def difference(a: Estimate, b: Estimate) -> Estimate:
    """a - b for independent estimates: real (at 95%) when its interval leaves out 0."""
    return Estimate(a.mean - b.mean, float(np.hypot(a.se, b.se)), min(a.n, b.n))


def departs(e: Estimate, reference: float) -> bool:
    """Whether the 95% interval of `e` leaves out `reference` (a real difference, not noise)."""
    return not e.low <= reference <= e.high


def as_batch(config: dict) -> Batch:
    """A stored Deer configuration as a `deer.balance.Batch` (for the Deer charts)."""
    stats = config["records"]["stats"]
    return Batch(config["game"], config["options"], config["seed"],
                 tuple(seating(config, i) for i in range(config["games"])), tuple(map(tuple, seat_returns(config))),
                 tuple(stats["rounds"]), tuple(stats["turns"]), tuple(map(tuple, stats["final_score"])))


@dataclass(frozen=True)
class Finding:
    """One figure of the study against the value that would mean "no effect" (a fair share, or 0)."""

    label: str
    estimate: Estimate
    reference: float

    @property
    def real(self) -> bool:
        """Whether the estimate departs from the reference beyond its 95% interval."""
        return departs(self.estimate, self.reference)

    def __str__(self) -> str:
        e = self.estimate
        side = "above" if e.mean > self.reference else "below"
        verdict = f"{side} {self.reference:g}: real" if self.real else f"consistent with {self.reference:g}"
        return f"{self.label}: {e} (95% interval {e.low:.3f} to {e.high:.3f}), {verdict}"


def findings(study: dict) -> list[Finding]:
    """Every question of the study answered from the stored records, each with its 95% interval."""
    configs = study["configurations"]
    rows: list[Finding] = []

    def seats(key: str, label: str, fair: float) -> None:
        if key in configs:
            rows.extend(Finding(f"{label}: seat {seat} win rate", e, fair)
                        for seat, e in enumerate(seat_win_rates(configs[key])))

    def change(key: str, base: str, figure_key: str, label: str) -> None:
        if key in configs and base in configs:
            rows.append(Finding(label, difference(figure(configs[key], figure_key), figure(configs[base], figure_key)), 0))

    seats("deer-basic", "Board game", 1 / 4)
    seats("deer-advanced", "Board game, advanced rules", 1 / 4)
    change("deer-advanced", "deer-basic", "turns", "Advanced rules: turns per game, minus basic rules")
    change("deer-advanced", "deer-basic", "rounds", "Advanced rules: rounds per game, minus basic rules")
    if "deer-knocking" in configs:
        rows.append(Finding("Knocking: the knocker's win rate against three who never knock",
                            agent_win_rate(configs["deer-knocking"], "greedy"), 1 / 4))
    seats("deer-cards", "Card game", 1 / 4)
    change("deer-cards", "deer-basic", "rounds", "Card game: rounds per game, minus the board game")
    if "deer-advisor" in configs:
        rows.append(Finding("Advisor's win rate against three greedy agents",
                            agent_win_rate(configs["deer-advisor"], "advisor"), 1 / 4))
    seats("football-2p", "Football", 1 / 2)
    change("football-solo-hard", "football-solo-normal", "won_vs_blitz_bach",
           "Football solo: win rate on hard, minus normal")
    return rows


def _summary_figures(config: dict) -> dict:
    """JSON-able summary: win rate per seat and per agent, and the mean of every figure, with 95% intervals."""
    def interval(e: Estimate) -> dict:
        return {"mean": round(e.mean, 6), "low": round(e.low, 6), "high": round(e.high, 6)}

    stats = config["records"]["stats"]
    return {"win_rate_per_seat": [interval(e) for e in seat_win_rates(config)],
            "win_rate_per_agent": {agent: interval(agent_win_rate(config, agent)) for agent in set(config["agents"])},
            "means": {key: interval(figure(config, key)) for key in stats}}


# -- running and storing -------------------------------------------------------------------------------------
def run_configuration(config: Configuration, games: int, *, workers: int | None = None,
                      executor: Executor | None = None, progress: bool = False) -> dict:
    """Play one configuration and return its stored form (records and summary)."""
    spec = spec_of(config)
    records = run_batch(spec, games, config.seed, workers=workers, executor=executor, progress=progress)
    stored = {**asdict(config), "agents": list(config.agents), "options": spec.game.options(), "games": games,
              "records": columns(records)}
    stored["summary"] = _summary_figures(stored)
    return stored


def run_study(games: int = DEFAULT_GAMES, advisor_games: int = DEFAULT_ADVISOR_GAMES, *,
              workers: int | None = None, executor: Executor | None = None, progress: bool = False,
              only: Sequence[str] | None = None) -> dict:
    """Play every configuration (or those keyed in `only`) and return the study as a JSON-able dict."""
    chosen = [c for c in CONFIGURATIONS if only is None or c.key in only]
    results, seconds = {}, {}
    for config in chosen:
        start = time.perf_counter()
        count = advisor_games if "advisor" in config.agents else games
        results[config.key] = run_configuration(config, count, workers=workers, executor=executor,
                                                 progress=progress)
        seconds[config.key] = round(time.perf_counter() - start, 1)
    return {"study": "deerbook balance study", "version": STUDY_VERSION, "package_version": __version__,
            "games": games, "advisor_games": advisor_games, "wall_seconds": round(sum(seconds.values()), 1),
            "wall_seconds_per_configuration": seconds,
            "seed_rule": "game i of a configuration plays from deerbook.engine.seeding.stream(seed, i)",
            "configurations": results}


def save_study(study: dict, path: Path | str = RESULTS_FILE) -> Path:
    """Write the study as gzipped JSON (same study, same bytes) and return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as file, gzip.GzipFile("", "wb", fileobj=file, mtime=0) as out:
        out.write(json.dumps(study, separators=(",", ":")).encode())  # no name, no time: same study, same bytes
    return path


def load_study(path: Path | str = RESULTS_FILE) -> dict:
    """Read a results file, checking its version and the shape of every configuration (SaveFileError)."""
    try:
        with gzip.open(path, "rt") as file:
            study = json.load(file)
    except (OSError, ValueError) as exc:
        raise SaveFileError(f"{path}: not a gzip-compressed JSON balance study ({exc})") from None
    version = study.get("version") if isinstance(study, dict) else None
    if version != STUDY_VERSION:
        raise SaveFileError(f"{path}: version must be {STUDY_VERSION}, got {version!r}")
    for key, config in study.get("configurations", {}).items():
        records = config.get("records", {})
        lengths = {len(records.get("winners", ()))} | {len(v) for v in records.get("stats", {}).values()}
        if lengths != {config.get("games")}:
            raise SaveFileError(f"{path}: configurations.{key}.records must hold {config.get('games')} games")
    return study


def replay(config: dict, index: int) -> dict:
    """Play game `index` of a stored configuration again from its seed, in the stored record's form."""
    stored = Configuration(**{name: config[name] for name in CONFIGURATION_FIELDS if name != "agents"},
                           agents=tuple(config["agents"]))
    record = play_record(spec_of(stored), config["seed"], index)
    return {"winners": winners_mask(record.returns), "stats": json.loads(json.dumps(record.stats))}


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
    with executor_for(args.workers, args.scheduler) as executor:
        study = run_study(args.games, args.advisor_games, executor=executor, progress=True, only=args.only)
    path = save_study(study, args.output)
    return "\n".join([f"{len(study['configurations'])} configurations in {study['wall_seconds']} s -> {path}",
                      *map(str, findings(study))])


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m deerbook.balance ...`: the same as `deerbook balance ...`."""
    from .__main__ import main as command_line

    return command_line(["balance", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
