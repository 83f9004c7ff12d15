"""A bot's move that the table can abandon: the move runs in a daemon worker thread, and the table's thread waits for
it in short polls, so its signal handlers run (Ctrl-C still stops the table) and a move past its time limit ends.

An abandoned move's thread is left to run on unheeded (a daemon thread never holds up the process's exit); the bot
may have drawn from its seat's random stream meanwhile, so the table gives the match fresh streams where they stood
before the move (`restore_streams`) and saves the game as it was then. Standard library only.
"""
from __future__ import annotations

import threading
import time
from typing import Callable, Sequence, TypeVar

from ..engine.runner import Match
from ..engine.seeding import restore_stream

POLL_SECONDS = 0.2  # how long a waiting table goes without looking at its signals and the clock
Result = TypeVar("Result")


class TooSlow(Exception):
    """A move ran past its time limit (`args[0]`, in seconds) and was abandoned."""


def in_worker(move: Callable[[], Result], timeout: float | None, check: Callable[[], None],
              poll: float = POLL_SECONDS) -> Result:
    """`move()`'s result (or what it raised), computed in a daemon thread while this thread waits in steps of `poll`
    seconds and calls `check()` after each (whatever `check` raises abandons the move); TooSlow after `timeout`
    seconds (None: no limit)."""
    check()
    results: list[Result] = []
    errors: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            results.append(move())
        except BaseException as exc:  # handed to the waiting thread, which raises it there
            errors.append(exc)
        finally:
            done.set()

    threading.Thread(target=work, name="deerbook bot move", daemon=True).start()
    deadline = None if timeout is None else time.monotonic() + timeout
    while not done.wait(poll if deadline is None else max(0.0, min(poll, deadline - time.monotonic()))):
        check()
        if deadline is not None and time.monotonic() >= deadline:
            raise TooSlow(timeout)
    if errors:
        raise errors[0]
    return results[0]


def restore_streams(match: Match, streams: Sequence[object]) -> None:
    """Give `match` new random streams where `streams` (`Match.streams()`) left them: new objects, so an abandoned
    move still running in its thread cannot draw from the streams the game goes on (or is saved) with."""
    match.chance_rng, *match.seat_rngs = [restore_stream(data) for data in streams]
