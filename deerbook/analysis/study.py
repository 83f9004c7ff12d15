"""The balance study: every configuration of the balance chapter played in big seeded batches.

    deerbook balance [--games N] [--advisor-games N] [--search-games N] [--workers W | --scheduler ADDRESS]
                     [--only KEY ...] [--output PATH | --update-package] [--retime]
    deerbook balance --replay KEY --game I

Each configuration (`CONFIGURATIONS`) is one question: seat advantage, game length and scores in the
board game, the advanced rules, the value of knocking, the card edition, the advisor against greedy
agents (with knocking too), the search agent against greedy agents (Deer and Football), the rungs of the strength
ladder (random play and the perfect-information search), Football's seats and its solo difficulty, and every agent a
table seats in every mode the agents' labels cover (`MODE_CONFIGURATIONS`, `analysis.labels`). Each plays its
seeded games (`games`, the advisor's and the search agent's configurations fewer: they think longer) through the one
batch runner (`engine.batch`, so any worker count or a Dask cluster gives the same games) and the study writes
a versioned results file (gzip-compressed JSON): the seeds, options, package version, per-configuration
summaries with 95% intervals and every game's record (winners and `stats()`), which `replay` checks against
the engine. Each configuration's first games are then played again in one process with every agent timed
(`analysis.decision_times`: the median CPU time a decision, stored by configuration under `decision_times`, beside
the configurations since it is the machine's). The book's balance chapter reads the package's own file
(`RESULTS_FILE`) instead of playing; the command writes a new file elsewhere unless `--update-package` asks it to
replace that one (with `--only`, `merged`: those configurations replaced or added, the others kept).
"""
from __future__ import annotations

import gzip
import io
import json
import time
import zlib
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Sequence

from .. import __version__
from ..engine.batch import BatchSpec, GameRecord, Progress, play_record, run_batch
from ..engine.errors import SaveFileError, parse_json
from ..engine.files import read_bytes, write_atomic
from ..engine.registry import agent_factories, make_game
from .batches import Batch, agent_win_rate, figure, seat_win_rates
from .decision_times import load_average, time_decisions
from .stats import Estimate, departs, difference

STUDY_VERSION = 1
RESULTS_FILE = Path(__file__).parent / "data" / "balance-study.json.gz"
DEFAULT_GAMES = 20_000
DEFAULT_ADVISOR_GAMES = 4_000  # the advisor solves its decisions exactly: a Deer game about 17x a greedy one
MAX_STUDY_BYTES = 100_000_000  # a results file, compressed or not (the committed study: about 1 MB, 4 MB unzipped)


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
    games: int | None = None  # its number of games, when it is not the study's (the costliest configurations)


CONFIGURATION_FIELDS = tuple(Configuration.__dataclass_fields__)
GREEDY_4 = ("greedy",) * 4
KNOCKING = {"num_players": 4, "knocking": True}
SOLO = {level: {"num_players": 1, "solo_difficulty": level} for level in ("normal", "hard")}


def against_greedy(key: str, question: str, game: str, options: dict, agent: str, seed: int,
                   games: int) -> Configuration:
    """`agent` in one seat, greedy agents in the others, rotated (alone in a solo game)."""
    seats = options["num_players"]
    return Configuration(key, question, game, options, (agent,) + ("greedy",) * (seats - 1), seats > 1, seed, games)


# Every agent a table seats, in every mode the catalogue labels (`analysis.labels.MODES`) that the configurations
# above leave out: smaller batches (the search agent's few games give wide intervals).
MODE_CONFIGURATIONS = (
    against_greedy("deer-knocking-greedy", "Knocking on: four greedy agents (the yardstick)", "deer", KNOCKING,
                   "greedy", 1410, 4_000),
    against_greedy("deer-knocking-random", "Knocking on: random play against three greedy agents", "deer", KNOCKING,
                   "random", 1411, 2_000),
    against_greedy("deer-knocking-no-knock", "Knocking on: a greedy agent who never knocks against three who may",
                   "deer", KNOCKING, "greedy-no-knock", 1412, 4_000),
    against_greedy("deer-knocking-search", "Knocking on: the search agent against three greedy agents", "deer",
                   KNOCKING, "search", 1413, 60),
    against_greedy("deer-cards-random", "Card edition: random play against three greedy agents", "deer-cards",
                   {"num_players": 4}, "random", 1414, 2_000),
    against_greedy("deer-cards-advisor", "Card edition: the advisor against three greedy agents", "deer-cards",
                   {"num_players": 4}, "advisor", 1415, 2_000),
    against_greedy("deer-cards-search", "Card edition: the search agent against three greedy agents", "deer-cards",
                   {"num_players": 4}, "search", 1416, 100),
    *(against_greedy(f"football-{n}p{suffix}", f"Football, {n} players: {what}", "football", {"num_players": n},
                     agent, seed, games)
      for n, base, searched in ((3, 2410, 60), (4, 2420, 50))
      for suffix, agent, what, seed, games in (
          ("", "greedy", "greedy players (the yardstick)", base, 4_000),
          ("-random", "random", "random play against greedy players", base + 1, 2_000),
          ("-advisor", "advisor", "the advisor against greedy players", base + 2, 2_000),
          ("-search", "search", "the search agent against greedy players", base + 3, searched))),
    *(against_greedy(f"football-solo-{level}-{agent}", f"Football solo, {level} difficulty: {what}", "football",
                     SOLO[level], agent, seed, games)
      for level, base in (("normal", 2430), ("hard", 2440))
      for agent, what, seed, games in (
          ("random", "random play", base, 2_000),
          ("advisor", "the advisor", base + 1, 600),
          ("search", "the search agent", base + 2, 100))),
)
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
    Configuration("deer-advisor-knocking", "Knocking on (Ruling 18): the advisor against three greedy agents, all of "
                  "whom may knock", "deer", {"num_players": 4, "knocking": True}, ("advisor",) + ("greedy",) * 3,
                  True, 1409, games=1_000),
    Configuration("deer-search", "Board game: the search agent against three greedy agents",
                  "deer", {"num_players": 4}, ("search",) + ("greedy",) * 3, True, 1406, games=1_000),
    Configuration("deer-random", "Board game: random play against three greedy agents (the ladder's first rung)",
                  "deer", {"num_players": 4}, ("random",) + ("greedy",) * 3, True, 1407),
    Configuration("deer-perfect-info", "Board game: the search agent seeing every hand (it cheats) against three "
                  "greedy agents: what hidden information is worth", "deer", {"num_players": 4},
                  ("perfect-info",) + ("greedy",) * 3, True, 1408, games=400),
    Configuration("football-2p", "Football, two greedy players: seat advantage", "football", {"num_players": 2},
                  ("greedy", "greedy"), False, 2401),
    Configuration("football-search", "Football: the search agent against a greedy player", "football",
                  {"num_players": 2}, ("search", "greedy"), True, 2404, games=2_000),
    Configuration("football-advisor", "Football: the advisor against a greedy player", "football",
                  {"num_players": 2}, ("advisor", "greedy"), True, 2406),
    Configuration("football-random", "Football: random play against a greedy player (the ladder's first rung)",
                  "football", {"num_players": 2}, ("random", "greedy"), True, 2405),
    Configuration("football-solo-normal", "Football solo, normal difficulty, greedy player", "football",
                  {"num_players": 1, "solo_difficulty": "normal"}, ("greedy",), False, 2402),
    Configuration("football-solo-hard", "Football solo, hard difficulty, greedy player", "football",
                  {"num_players": 1, "solo_difficulty": "hard"}, ("greedy",), False, 2403),
    *MODE_CONFIGURATIONS,
)


def spec_of(config: Configuration) -> BatchSpec:
    """The batch spec a configuration plays: its game and agents."""
    game = make_game(config.game, **config.options)
    return BatchSpec(game, agent_factories(game, config.agents), rotate=config.rotate)


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


# -- summaries ---------------------------------------------------------------------------------------------
def seating(config: dict, index: int) -> tuple[str, ...]:
    """The agent in each seat in game `index` (rotated left by the game number when the batch rotates)."""
    agents = config["agents"]
    shift = index % len(agents) if config["rotate"] else 0
    return tuple(agents[shift:]) + tuple(agents[:shift])


def as_batch(config: dict) -> Batch:
    """A stored configuration as a `Batch` (summarised by `analysis.batches`, drawn by the charts)."""
    seats, records = len(config["agents"]), config["records"]
    return Batch(config["game"], config["options"], config["seed"],
                 tuple(seating(config, i) for i in range(config["games"])),
                 tuple(returns_of(mask, seats) for mask in records["winners"]),
                 {key: tuple(values) for key, values in records["stats"].items()})


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
        return f"{self.label}: {e.mean:.3f} (95% interval {e.low:.3f} to {e.high:.3f}), {verdict}"


AGENT_FINDINGS = (  # (configuration, agent, what its win rate says, the fair share)
    ("deer-advisor", "advisor", "Advisor's win rate against three greedy agents", 1 / 4),
    ("deer-advisor-knocking", "advisor", "Knocking on: the advisor's win rate against three greedy agents", 1 / 4),
    ("deer-search", "search", "Search agent's win rate against three greedy agents", 1 / 4),
    ("deer-random", "random", "Random play's win rate against three greedy agents", 1 / 4),
    ("deer-perfect-info", "perfect-info", "Search seeing every hand (cheating): its win rate against three greedy "
                                          "agents", 1 / 4),
    ("football-search", "search", "Football: search agent's win rate against greedy", 1 / 2),
    ("football-advisor", "advisor", "Football: advisor's win rate against greedy", 1 / 2),
    ("football-random", "random", "Football: random play's win rate against greedy", 1 / 2))


def findings(study: dict) -> list[Finding]:
    """Every question of the study answered from the stored records, each with its 95% interval."""
    configs = {key: as_batch(config) for key, config in study["configurations"].items()}
    rows: list[Finding] = []

    def seats(key: str, label: str, fair: float) -> None:
        if key in configs:
            rows.extend(Finding(f"{label}: seat {seat} win rate", e, fair)
                        for seat, e in enumerate(seat_win_rates(configs[key])))

    def change(key: str, base: str, figure_key: str, label: str) -> None:
        if key in configs and base in configs:
            rows.append(Finding(label, difference(figure(configs[key], figure_key),
                                                  figure(configs[base], figure_key)), 0))

    seats("deer-basic", "Board game", 1 / 4)
    seats("deer-advanced", "Board game, advanced rules", 1 / 4)
    change("deer-advanced", "deer-basic", "turns", "Advanced rules: turns per game, minus basic rules")
    change("deer-advanced", "deer-basic", "rounds", "Advanced rules: rounds per game, minus basic rules")
    if "deer-knocking" in configs:
        rows.append(Finding("Knocking: the knocker's win rate against three who never knock",
                            agent_win_rate(configs["deer-knocking"], "greedy"), 1 / 4))
    seats("deer-cards", "Card game", 1 / 4)
    change("deer-cards", "deer-basic", "rounds", "Card game: rounds per game, minus the board game")
    for key, agent, label, fair in AGENT_FINDINGS:
        if key in configs:
            rows.append(Finding(label, agent_win_rate(configs[key], agent), fair))
    seats("football-2p", "Football", 1 / 2)
    change("football-solo-hard", "football-solo-normal", "won_vs_blitz_bach",
           "Football solo: win rate on hard, minus normal")
    return rows


def _summary_figures(config: dict) -> dict:
    """JSON-able summary: win rate per seat and per agent, and the mean of every figure, with 95% intervals."""
    def interval(e: Estimate) -> dict:
        return {"mean": round(e.mean, 6), "low": round(e.low, 6), "high": round(e.high, 6)}

    batch = as_batch(config)
    return {"win_rate_per_seat": [interval(e) for e in seat_win_rates(batch)],
            "win_rate_per_agent": {agent: interval(agent_win_rate(batch, agent)) for agent in set(config["agents"])},
            "means": {key: interval(figure(batch, key)) for key in batch.stats}}


# -- running and storing -------------------------------------------------------------------------------------
def run_configuration(config: Configuration, games: int, *, workers: int | None = None,
                      executor: Executor | None = None, progress: Progress | None = None) -> dict:
    """Play one configuration and return its stored form (records and summary)."""
    spec = spec_of(config)
    records = run_batch(spec, games, config.seed, workers=workers, executor=executor, progress=progress)
    stored = {**asdict(config), "agents": list(config.agents), "options": spec.game.options(), "games": games,
              "records": columns(records)}
    stored["summary"] = _summary_figures(stored)
    return stored


TIMED_GAMES = 20  # games of a configuration played again with its agents timed (`decision_times`)
TIMED_SEARCH_GAMES = 2  # the same where the search agent sits: it thinks about a tenth of a second a decision


def timed_games(config: Configuration, games: int) -> int:
    """How many of a configuration's `games` the study times (`time_configuration`)."""
    return min(games, TIMED_SEARCH_GAMES if SEARCHING & set(config.agents) else TIMED_GAMES)


def time_configuration(config: Configuration, stored: dict) -> dict:
    """Each agent's CPU time a decision (`decision_times.time_decisions`) in the first games of a stored
    configuration, played again timed; SaveFileError if a timed game is not the stored one."""
    def check(index: int, record) -> None:
        again = {"winners": winners_mask(record.returns), "stats": json.loads(json.dumps(record.stats))}
        if again != {"winners": stored["records"]["winners"][index],
                     "stats": {key: values[index] for key, values in stored["records"]["stats"].items()}}:
            raise SaveFileError(f"balance study {config.key}: timed game {index} is not the stored game")

    return time_decisions(spec_of(config), config.agents, config.seed, timed_games(config, stored["games"]), check)


def timing(config: Configuration, stored: dict) -> dict:
    """A configuration's decision times as the study stores them: the load average they were measured under, and
    each agent's (`time_configuration`)."""
    load = load_average()
    return {"load_average": load, "agents": time_configuration(config, stored)}


def planned(games: int, advisor_games: int | None = None, only: Sequence[str] | None = None,
            search_games: int | None = None) -> list[tuple[Configuration, int]]:
    """The configurations a run plays (those keyed in `only`, or all), each with its number of games (`games_of`)."""
    return [(c, games_of(c, games, advisor_games, search_games)) for c in CONFIGURATIONS
            if only is None or c.key in only]


SEARCHING = frozenset({"search", "perfect-info"})


def games_of(config: Configuration, games: int, advisor_games: int | None = None,
             search_games: int | None = None) -> int:
    """The number of games a configuration plays in a study of `games`: where the search agent sits (`search` or
    `perfect-info`) `search_games`, where the advisor sits `advisor_games`, each given exactly as asked (to every
    such configuration); otherwise its own number (`Configuration.games`; the advisor's at most
    DEFAULT_ADVISOR_GAMES), at most `games`, so a short study is short in every configuration."""
    if SEARCHING & set(config.agents):
        if search_games is not None:
            return search_games
    elif "advisor" in config.agents:
        if advisor_games is not None:
            return advisor_games
        return min(DEFAULT_ADVISOR_GAMES, config.games or games, games)
    return min(config.games or games, games)


Started = Callable[[Configuration, int], None]  # told each configuration and its number of games as it starts


def run_study(games: int = DEFAULT_GAMES, advisor_games: int | None = None, *,
              workers: int | None = None, executor: Executor | None = None, progress: Progress | None = None,
              only: Sequence[str] | None = None, search_games: int | None = None,
              started: Started | None = None, timed: bool = True) -> dict:
    """Play every configuration (or those keyed in `only`), each its number of games (`games_of`), and return the
    study as a JSON-able dict; `started` is told each configuration as it starts (the progress bar names it). With
    `timed`, each configuration's first games are played again with the agents timed (`decision_times`, by
    configuration: CPU time is the machine's, so it stays out of the configurations, which are the same anywhere)."""
    results, seconds, times = {}, {}, {}
    for config, count in planned(games, advisor_games, only, search_games):
        if started is not None:
            started(config, count)
        start = time.perf_counter()
        results[config.key] = run_configuration(config, count, workers=workers, executor=executor,
                                                 progress=progress)
        seconds[config.key] = round(time.perf_counter() - start, 1)
        if timed:
            times[config.key] = timing(config, results[config.key])
    return {"study": "deerbook balance study", "version": STUDY_VERSION, "package_version": __version__,
            "games": games, "advisor_games": min(DEFAULT_ADVISOR_GAMES, games) if advisor_games is None
            else advisor_games, "wall_seconds": round(sum(seconds.values()), 1),
            "wall_seconds_per_configuration": seconds,
            "seed_rule": "game i of a configuration plays from deerbook.engine.seeding.stream(seed, i)",
            "configurations": results, **({"decision_times": times} if timed else {})}


def merged(base: dict, part: dict) -> dict:
    """The study `base` with the configurations of the run `part` (`run_study(..., only=...)`) added or replaced,
    with their wall seconds and decision times; the rest of `base` (its default numbers of games) kept."""
    study = dict(base)
    for field in ("configurations", "wall_seconds_per_configuration", "decision_times"):
        study[field] = {**base.get(field, {}), **part.get(field, {})}
    study["wall_seconds"] = round(sum(study["wall_seconds_per_configuration"].values()), 1)
    study["package_version"] = part["package_version"]
    return study


def retimed(study: dict, only: Sequence[str]) -> dict:
    """The study with the decision times of the configurations keyed in `only` measured again on their stored games
    (after an agent got faster: its games must be the stored ones, else SaveFileError)."""
    times = dict(study.get("decision_times", {}))
    for key in only:
        times[key] = timing(configuration(key), study["configurations"][key])
    return {**study, "decision_times": times}


def save_study(study: dict, path: Path | str) -> Path:
    """Write the study as gzipped JSON (same study, same bytes) all at once (`engine.files.write_atomic`) and return
    the path written; FileWriteError if it cannot be written (a file already there is unchanged)."""
    buffer = io.BytesIO()
    with gzip.GzipFile("", "wb", fileobj=buffer, mtime=0) as out:  # no name, no time: same study, same bytes
        out.write(json.dumps(study, separators=(",", ":")).encode())
    return write_atomic(path, buffer.getvalue(), "balance study")


def load_study(path: Path | str = RESULTS_FILE) -> dict:
    """Read a results file (`engine.files.read_bytes`: a regular file of at most MAX_STUDY_BYTES, compressed and
    uncompressed), checking its version and the shape of every configuration (SaveFileError)."""
    where = f"balance study {path}"
    raw = read_bytes(path, "balance study", SaveFileError, limit=MAX_STUDY_BYTES)
    unzip = zlib.decompressobj(wbits=31)  # gzip
    try:
        text = unzip.decompress(raw, MAX_STUDY_BYTES + 1)
    except zlib.error as exc:
        raise SaveFileError(f"{where}: not a gzip-compressed JSON balance study ({exc})") from None
    if len(text) > MAX_STUDY_BYTES:
        raise SaveFileError(f"{where}: more than the {MAX_STUDY_BYTES} bytes allowed, uncompressed")
    if not unzip.eof:
        raise SaveFileError(f"{where}: cut short (the compressed data ends before its end)")
    study = parse_json(text, where, SaveFileError, limit=MAX_STUDY_BYTES)
    version = study.get("version") if isinstance(study, dict) else None
    if version != STUDY_VERSION:
        raise SaveFileError(f"{where}: version must be {STUDY_VERSION}, got {version!r}")
    configurations = study.get("configurations")
    if not isinstance(configurations, dict) or not all(isinstance(c, dict) for c in configurations.values()):
        raise SaveFileError(f"{where}: configurations must be an object of configurations")
    for key, config in configurations.items():
        records = config.get("records", {})
        lengths = {len(records.get("winners", ()))} | {len(v) for v in records.get("stats", {}).values()}
        if lengths != {config.get("games")}:
            raise SaveFileError(f"{where}: configurations.{key}.records must hold {config.get('games')} games")
    return study


def replay(config: dict, index: int) -> dict:
    """Play game `index` of a stored configuration again from its seed, in the stored record's form."""
    fields = {name: config[name] for name in CONFIGURATION_FIELDS if name not in ("agents", "games")}
    stored = Configuration(**fields, agents=tuple(config["agents"]))
    record = play_record(spec_of(stored), config["seed"], index)
    return {"winners": winners_mask(record.returns), "stats": json.loads(json.dumps(record.stats))}


def configuration(key: str) -> Configuration:
    """The study's configuration named `key`; KeyError listing the keys if none."""
    for config in CONFIGURATIONS:
        if config.key == key:
            return config
    raise KeyError(f"no configuration {key!r}; the study has {', '.join(c.key for c in CONFIGURATIONS)}")


def replay_game(key: str, index: int) -> dict:
    """Game `index` of configuration `key` played now from the study's seed rule (the game of seed "S/index"), in
    the stored records' form: `winners` (the bit mask of the winning seats) and `stats`."""
    config = configuration(key)
    return replay({**asdict(config), "agents": list(config.agents)}, index)
