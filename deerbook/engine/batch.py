"""The one seeded batch runner: many whole games, on one core, every core or a Dask cluster.

Game i is played from child i of `numpy.random.SeedSequence(seed)` (rebuilt in a worker from
`(seed, i)` alone), so a game's result never depends on how many games run, how they are cut into
chunks, how many workers play them or which executor runs them: the records come back in game order
and equal a serial run's. Workers rebuild the game from its registry name and options, so a task is a
few numbers to send, and any `concurrent.futures.Executor` can run it, including a Dask `distributed`
client's (`Client(address).get_executor()`).
"""
from __future__ import annotations

import json
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator, Sequence

import numpy as np
from tqdm import tqdm

from .protocol import Game
from .registry import make_game
from .runner import play

CHUNKS_PER_WORKER = 4  # more chunks than workers keeps every worker busy to the end


@dataclass(frozen=True)
class BatchSpec:
    """What every game of a batch plays: a registered game, its options and the agents by seat.

    `agents` are picklable agent factories (classes or module-level callables), one per seat; with
    `rotate`, game i seats them rotated left by i (so each agent visits every seat)."""

    game: str
    options: dict
    agents: tuple[Callable, ...]
    rotate: bool = False

    def seating(self, index: int) -> tuple[int, ...]:
        """The agent index sitting in each seat in game `index`."""
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return tuple((seat + shift) % n for seat in range(n))


@dataclass(frozen=True)
class GameRecord:
    """One finished game: the agent index in each seat, each seat's result and the terminal `stats()`."""

    index: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    stats: dict


def game_seed(seed: int, index: int) -> np.random.SeedSequence:
    """Child `index` of `SeedSequence(seed)`, built directly (equal to `SeedSequence(seed).spawn(...)[index]`)."""
    return np.random.SeedSequence(seed, spawn_key=(index,))


@lru_cache(maxsize=8)
def _cached_game(name: str, options_json: str) -> Game:
    return make_game(name, **json.loads(options_json))


def spec_game(spec: BatchSpec) -> Game:
    """The spec's game (built once per process and options)."""
    return _cached_game(spec.game, json.dumps(spec.options, sort_keys=True))


def play_record(spec: BatchSpec, seed: int, index: int) -> GameRecord:
    """Play game `index` of the batch `(spec, seed)`."""
    game = spec_game(spec)
    seating = spec.seating(index)
    final = play(game, [spec.agents[a]() for a in seating], np.random.default_rng(game_seed(seed, index)))
    return GameRecord(index, seating, tuple(float(r) for r in final.returns()), final.stats())


def _play_chunk(spec: BatchSpec, seed: int, start: int, stop: int) -> list[GameRecord]:
    return [play_record(spec, seed, index) for index in range(start, stop)]


def chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """`games` cut into at most `parts` consecutive (start, stop) ranges of near-equal size."""
    parts = max(1, min(parts, games))
    bounds = [games * i // parts for i in range(parts + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def default_workers() -> int:
    """Every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_batch(spec: BatchSpec, games: int, seed: int, *, workers: int | None = None,
              executor: Executor | None = None, progress: bool = False) -> list[GameRecord]:
    """Play games 0..games-1 of `(spec, seed)` and return their records in game order.

    `executor` (any `concurrent.futures.Executor`) runs the chunks; otherwise `workers` processes
    (default: every core; 1 plays in this process). The records are the same whatever runs them."""
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    spec_game(spec)  # a bad game name or option fails here, before any worker starts
    parallel = executor is not None or (workers or default_workers()) > 1
    if not parallel or games < 2:
        return _play_serial(spec, seed, games, progress)
    if executor is not None:
        return _play_on(executor, spec, seed, games, CHUNKS_PER_WORKER * default_workers(), progress)
    count = workers or default_workers()
    with ProcessPoolExecutor(count) as pool:
        return _play_on(pool, spec, seed, games, CHUNKS_PER_WORKER * count, progress)


def _play_serial(spec: BatchSpec, seed: int, games: int, progress: bool) -> list[GameRecord]:
    return [play_record(spec, seed, i) for i in tqdm(range(games), desc=spec.game, unit="game",
                                                      disable=not progress, leave=False)]


def _play_on(executor: Executor, spec: BatchSpec, seed: int, games: int, parts: int,
             progress: bool) -> list[GameRecord]:
    futures = [executor.submit(_play_chunk, spec, seed, start, stop) for start, stop in chunks(games, parts)]
    records: list[GameRecord] = []
    with tqdm(total=games, desc=spec.game, unit="game", disable=not progress, leave=False) as bar:
        for future in futures:  # in submission order: the records stay in game order
            part = future.result()
            records.extend(part)
            bar.update(len(part))
    return records


@contextmanager
def executor_for(workers: int | None = None, scheduler: str | None = None) -> Iterator[Executor | None]:
    """The executor CLI-style arguments ask for: a Dask cluster at `scheduler` (an address such as
    tcp://10.0.0.5:8786), else `workers` local processes (default every core; 1: None, play here)."""
    if scheduler is not None:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs the 'distributed' package: pip install distributed") from None
        with Client(scheduler) as client:
            yield client.get_executor()
        return
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    count = workers or default_workers()
    if count == 1:
        yield None
        return
    with ProcessPoolExecutor(count) as pool:
        yield pool


def agent_factories(game: Game, names: Sequence[str], extra: dict | None = None) -> tuple[Callable, ...]:
    """The agent classes named, from the game's catalogue (and `extra`); unknown names raise ValueError."""
    catalogue = {**game.agents(), **(extra or {})}
    unknown = [name for name in names if name not in catalogue]
    if unknown:
        raise ValueError(f"unknown agent(s) {unknown}; {game.name} has {sorted(catalogue)}")
    return tuple(catalogue[name] for name in names)
