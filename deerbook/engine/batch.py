"""The one seeded batch runner: many whole games, on one core, every core or a Dask cluster.

Game i is the game of seed `(seed, i)` (written "seed/i"; built in a worker from those two numbers alone), so a
game's result never depends on how many games run, how they are cut into
chunks, how many workers play them or which executor runs them: the records come back in game order
and equal a serial run's. A task is the
game, its agent classes and three numbers to send, and any `concurrent.futures.Executor` can run it,
including a Dask `distributed` client's (`Client(address).get_executor()`).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from typing import Any, Callable, Iterator, TypeVar

from .agents import Agent
from .protocol import Game
from .runner import play

T = TypeVar("T")

Progress = Callable[[int], None]  # told how many more games have finished

CHUNKS_PER_WORKER = 4  # more chunks than local workers keeps every worker busy to the end
MAX_CHUNK = 250  # games per task at most, so a cluster with many workers gets enough tasks
WORKERS_PER_CORE = 4  # local processes at most per core: every game is pure computation, more only costs memory
MAX_IN_FLIGHT = 64  # chunks submitted and not yet collected: enough for a 64-worker cluster, and memory stays flat
STOPPING_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")  # what a batch's parent notes, stops its workers on, and obeys
POLL_SECONDS = 0.1  # how often the batch loop looks for a noted signal while it waits for a chunk
WATCH_SECONDS = 1.0  # how often a worker checks that its parent is still there
STOP_SECONDS = 5.0  # how long a stopped worker has to end after SIGTERM before it is killed
PR_SET_PDEATHSIG = 1  # Linux prctl option: the signal a process gets when its parent ends


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


def chunks(games: int, parts: int) -> Iterator[tuple[int, int]]:
    """`games` cut into at most `parts` consecutive (start, stop) ranges of near-equal size, one at a time."""
    parts = max(1, min(parts, games))
    for i in range(parts):
        start, stop = games * i // parts, games * (i + 1) // parts
        if stop > start:
            yield start, stop


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
def process_pool(workers: int) -> Iterator[WorkerPool]:
    """`workers` local processes that never outlive this one, and a Ctrl-C that is never lost.

    While the block runs, SIGINT, SIGTERM and SIGHUP are only noted (a note that no fork moment or library callback
    can swallow, unlike a KeyboardInterrupt raised there); the batch loop (`batch_records`) sees the note and stops.
    Leaving the block by an exception, the note included, drops the queued games and ends the workers at once; then
    the noted signal is delivered again with this process's own handling restored (Ctrl-C: KeyboardInterrupt;
    SIGTERM, SIGHUP: ended by the signal, unless a handler of the caller's says otherwise). A worker ends by itself
    within WATCH_SECONDS of this process ending, SIGKILL included."""
    noted: list[int] = []
    with _signals_noted(noted):
        pool = WorkerPool(workers, noted)
        try:
            yield pool
        except BaseException:
            _stop_now(pool)
            if not noted:
                raise
        else:
            pool.shutdown()
    if noted:  # the workers are stopped and the handlers restored: the signal does now what it would have done
        signal.raise_signal(noted[0])
        raise KeyboardInterrupt  # a handler of the caller's let the process go on: the batch is stopped all the same


class WorkerPool(ProcessPoolExecutor):
    """The local worker processes of `process_pool`; `noted` lists the stopping signals received so far."""

    def __init__(self, workers: int, noted: list[int]) -> None:
        context = multiprocessing.get_context()
        own_child = context.get_start_method() != "forkserver"
        super().__init__(workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(), own_child))
        self.noted = noted

    def check(self) -> None:
        """Raise _Stopped if a stopping signal was noted."""
        if self.noted:
            raise _Stopped(self.noted[0])


class _Stopped(BaseException):
    """Unwinds a batch whose parent noted a stopping signal, up to `process_pool`, which delivers it again."""


@contextmanager
def _signals_noted(noted: list[int]) -> Iterator[None]:
    """Within the block, each of STOPPING_SIGNALS this process does not ignore is appended to `noted` instead of
    acting; the previous handlers are back after it. Outside the main thread (where no handler can be set) nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.getsignal(number) for number in _stopping_signals()}
    for number, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(number, lambda received, _frame: noted.append(received))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _stopping_signals() -> list[int]:
    """Ctrl-C's SIGINT, and the SIGTERM and SIGHUP that `kill`, a closed terminal or a stopping container send."""
    return [getattr(signal, name) for name in STOPPING_SIGNALS if hasattr(signal, name)]


def _start_worker(parent: int, own_child: bool) -> None:
    """In a worker: Ctrl-C (sent to the whole process group by a terminal) is for the parent to handle; SIGTERM and
    SIGHUP end the worker; and the worker ends when `parent` ends, however it ends. `own_child`: the worker was
    started by `parent` itself (start methods fork and spawn), not by a fork server (which ends when `parent` does)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in _stopping_signals():
        if number != signal.SIGINT:
            signal.signal(number, signal.SIG_DFL)  # not the parent's noting handler, inherited through fork
    watched = os.getppid()
    if own_child and watched != parent:  # the parent ended before this worker started
        os._exit(1)
    if own_child and sys.platform.startswith("linux"):
        _die_with_parent()
    threading.Thread(target=_watch, args=(watched,), name="deerbook-parent-watch", daemon=True).start()


def _die_with_parent() -> None:
    """Linux: have the kernel kill this process the moment its parent ends (prctl PR_SET_PDEATHSIG)."""
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl in this C library: the watch alone ends the worker
        pass


def _watch(watched: int) -> None:
    """End this worker within WATCH_SECONDS of its parent process `watched` ending (POSIX re-parents it then;
    elsewhere the parent id never changes and this only sleeps)."""
    while os.getppid() == watched:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued tasks and end the running ones (through the pool's process table), waiting for each at most
    STOP_SECONDS before killing it; then wait for the pool's manager thread, which closes its wake-up pipe as it
    ends (Python 3.11's exit hook would otherwise write to that pipe while it closes: "Bad file descriptor")."""
    workers = list(getattr(pool, "_processes", {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(STOP_SECONDS)
        if worker.is_alive():
            worker.kill()
            worker.join()
    if manager is not None:
        manager.join(STOP_SECONDS)


def run_batch(spec: BatchSpec, games: int, seed: int, *, workers: int | None = None,
              executor: Executor | None = None, progress: Progress | None = None) -> list[GameRecord]:
    """Play games 0..games-1 of `(spec, seed)` and return their records in game order (`batch_records`, listed)."""
    return list(batch_records(spec, games, seed, workers=workers, executor=executor, progress=progress))


def batch_records(spec: BatchSpec, games: int, seed: int, *, workers: int | None = None,
                  executor: Executor | None = None, progress: Progress | None = None) -> Iterator[GameRecord]:
    """Play games 0..games-1 of `(spec, seed)` and yield their records in game order, holding at most MAX_IN_FLIGHT
    chunks of games at a time (so a summary of a huge batch takes no more memory than a small one).

    `executor` (any `concurrent.futures.Executor`) runs the chunks; otherwise `workers` processes
    (default: every core; 1 plays in this process). The records are the same whatever runs them.
    `progress(n)` is told each time n more games have finished."""
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    check_workers(workers)
    if len(spec.agents) != spec.game.num_players:
        raise ValueError(f"{spec.game.num_players} players need {spec.game.num_players} agents, got {len(spec.agents)}")
    if executor is not None:
        yield from _play_on(executor, spec, seed, games, progress)
        return
    count = workers or default_workers()
    if count == 1 or games < 2:
        yield from _play_on(InlineExecutor(), spec, seed, games, progress)
        return
    with process_pool(min(count, games)) as pool:
        yield from _play_on(pool, spec, seed, games, progress)


def _play_on(executor: Executor, spec: BatchSpec, seed: int, games: int,
             progress: Progress | None) -> Iterator[GameRecord]:
    """The chunks' records in game order, submitted as the earliest ones come back (MAX_IN_FLIGHT at most)."""
    parts = max(CHUNKS_PER_WORKER * default_workers(), -(-games // MAX_CHUNK))
    waiting = chunks(games, parts)
    window = 1 if isinstance(executor, InlineExecutor) else MAX_IN_FLIGHT  # inline: each chunk reported as played
    in_flight: deque[Future[list[GameRecord]]] = deque()
    while True:
        for start, stop in islice(waiting, window - len(in_flight)):
            in_flight.append(executor.submit(_play_chunk, spec, seed, start, stop))
        if not in_flight:
            return
        part = _outcome(in_flight.popleft(), executor)  # in submission order: the records stay in game order
        if progress is not None:
            progress(len(part))
        yield from part


def _outcome(future: Future[T], executor: Executor) -> T:
    """The future's result; on a `WorkerPool`, _Stopped instead as soon as a stopping signal is noted."""
    if isinstance(executor, WorkerPool):
        executor.check()
        while not wait([future], POLL_SECONDS).done:
            executor.check()
        executor.check()
    return future.result()
