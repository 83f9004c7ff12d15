"""The one seeded batch runner: many whole games, on one core, every core or a Dask cluster.

Game i is the game of seed `(seed, i)` (written "seed/i"; built in a worker from those two numbers alone), so a
game's result never depends on how many games run, how they are cut into
chunks, how many workers play them or which executor runs them: the records come back in game order
and equal a serial run's. A task is the
game, its agent classes and three numbers to send, and any `concurrent.futures.Executor` can run it,
including a Dask `distributed` client's (`Client(address).get_executor()`).
"""
from __future__ import annotations

import os
import signal
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, TypeVar

from .agents import Agent
from .protocol import Game
from .runner import play

T = TypeVar("T")

Progress = Callable[[int], None]  # told how many more games have finished

CHUNKS_PER_WORKER = 4  # more chunks than local workers keeps every worker busy to the end
MAX_CHUNK = 250  # games per task at most, so a cluster with many workers gets enough tasks
WORKERS_PER_CORE = 4  # local processes at most per core: every game is pure computation, more only costs memory


class InlineExecutor(Executor):
    """Runs each task at once in this process (one worker, no pickling)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run `fn` now; its result (or exception) waits in the returned future."""
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to whoever asks for the result, as other executors do
            future.set_exception(exc)
        return future


@dataclass(frozen=True)
class BatchSpec:
    """What every game of a batch plays: the game and the agents by seat.

    `agents` are picklable agent factories (classes or module-level callables), one per seat; with
    `rotate`, game i seats them rotated left by i (so each agent visits every seat)."""

    game: Game
    agents: tuple[Callable[[], Agent], ...]
    rotate: bool = False

    def seating(self, index: int) -> tuple[int, ...]:
        """The agent index sitting in each seat in game `index`."""
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return tuple((seat + shift) % n for seat in range(n))


@dataclass(frozen=True)
class GameRecord:
    """One finished game: the agent index in each seat, each seat's result, the terminal `stats()` and the
    game's seed as a person types it ("S/i": `deerbook play GAME --seed S/i` plays it again)."""

    index: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    stats: dict[str, Any]
    seed: str


def play_record(spec: BatchSpec, seed: int, index: int) -> GameRecord:
    """Play game `index` of the batch `(spec, seed)`."""
    seating = spec.seating(index)
    final = play(spec.game, [spec.agents[a]() for a in seating], (seed, index))
    return GameRecord(index, seating, tuple(float(r) for r in final.returns()), final.stats(), f"{seed}/{index}")


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


def max_workers() -> int:
    """The most local worker processes a batch starts: WORKERS_PER_CORE for every core this process may use."""
    return WORKERS_PER_CORE * default_workers()


def check_workers(workers: int | None) -> None:
    """Raise ValueError unless `workers` is None or a whole number from 1 to `max_workers()`."""
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool)
                                or not 1 <= workers <= max_workers()):
        raise ValueError(f"workers must be a whole number from 1 to {max_workers()} ({WORKERS_PER_CORE} per core, "
                         f"{default_workers()} cores), got {workers!r}")


@contextmanager
def process_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """`workers` local processes that leave Ctrl-C to this one. Leaving the block by an exception (Ctrl-C
    included) drops the queued games and stops the workers at once, instead of waiting for every game."""
    pool = ProcessPoolExecutor(workers, initializer=_leave_interrupts_to_the_parent)
    try:
        yield pool
    except BaseException:
        _stop_now(pool)
        raise
    pool.shutdown()


def _leave_interrupts_to_the_parent() -> None:
    """In a worker: Ctrl-C (sent to the whole process group by a terminal) is for the parent to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued tasks and end the running ones (Python 3.14 offers this; before, through the pool's
    process table)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    workers = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join()


def run_batch(spec: BatchSpec, games: int, seed: int, *, workers: int | None = None,
              executor: Executor | None = None, progress: Progress | None = None) -> list[GameRecord]:
    """Play games 0..games-1 of `(spec, seed)` and return their records in game order.

    `executor` (any `concurrent.futures.Executor`) runs the chunks; otherwise `workers` processes
    (default: every core; 1 plays in this process). The records are the same whatever runs them.
    `progress(n)` is told each time n more games have finished."""
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    check_workers(workers)
    if len(spec.agents) != spec.game.num_players:
        raise ValueError(f"{spec.game.num_players} players need {spec.game.num_players} agents, got {len(spec.agents)}")
    if executor is not None:
        return _play_on(executor, spec, seed, games, progress)
    count = workers or default_workers()
    if count == 1 or games < 2:
        return _play_on(InlineExecutor(), spec, seed, games, progress)
    with process_pool(min(count, games)) as pool:
        return _play_on(pool, spec, seed, games, progress)


def _play_on(executor: Executor, spec: BatchSpec, seed: int, games: int,
             progress: Progress | None) -> list[GameRecord]:
    parts = max(CHUNKS_PER_WORKER * default_workers(), -(-games // MAX_CHUNK))
    futures = [executor.submit(_play_chunk, spec, seed, start, stop) for start, stop in chunks(games, parts)]
    records: list[GameRecord] = []
    for future in futures:  # in submission order: the records stay in game order
        part = future.result()
        records.extend(part)
        if progress is not None:
            progress(len(part))
    return records
