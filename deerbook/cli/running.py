"""Where the command line's batches run (this process, local processes or a Dask cluster) and their progress bars."""
from __future__ import annotations

import socket
import threading
import time
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, Iterator

from ..engine.batch import InlineExecutor, Progress, check_workers, default_workers, process_pool
from ..engine.errors import DeerbookError

SCHEDULER_SECONDS = 10.0  # to reach a Dask scheduler and hear it answer
MAX_HANDSHAKE_BYTES = 1 << 20  # a Dask scheduler's first message is a few hundred bytes


class ClusterError(DeerbookError):
    """A Dask scheduler that cannot be reached or does not answer as one; the message names its address."""


@contextmanager
def executor_for(workers: int | None = None, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor CLI-style arguments ask for: a Dask cluster at `scheduler` (an address such as
    tcp://10.0.0.5:8786), else `workers` local processes (default every core; 1: play in this process).
    Ctrl-C, SIGTERM or SIGHUP while local processes play stops them at once, and they never outlive this process
    (`engine.batch.process_pool`)."""
    if scheduler is not None:
        with connect(scheduler) as client:
            yield client.get_executor()
        return
    check_workers(workers)
    count = workers or default_workers()
    if count == 1:
        yield InlineExecutor()
        return
    with process_pool(count) as pool:
        yield pool


def connect(address: str, seconds: float | None = None) -> Any:
    """A Dask client of the scheduler at `address`, connected within `seconds` (default SCHEDULER_SECONDS);
    ClusterError (one line naming the address) if it is malformed, closed, silent or not a Dask scheduler."""
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise ClusterError('--scheduler needs the cluster extra: pip install "deerbook[cluster]"') from None
    seconds = SCHEDULER_SECONDS if seconds is None else seconds
    try:
        scheme, location = parse_address(address)
        host, port = parse_host_port(location)
        if scheme == "tcp":  # hear it before handing it to Dask, which waits for ever on a silent server
            _hear_a_scheduler(host, port, seconds)
    except (OSError, ValueError, TypeError) as exc:
        raise ClusterError(f"cannot use the Dask scheduler at {address}: {_reason(exc, seconds)}") from None
    outcome: list[Any] = []
    made: list[Any] = []

    class Attempt(Client):  # remembers itself, to be dropped if it fails
        def start(self, **kwargs: Any) -> Any:
            made.append(self)
            return super().start(**kwargs)

    def attempt() -> None:  # in a thread, as a server may still fall silent during Dask's own handshake
        try:
            outcome.append(Attempt(address, timeout=seconds, set_as_default=False))
        except Exception as exc:  # any failure of the attempt is reported, in one line
            outcome.append(exc)

    thread = threading.Thread(target=attempt, name="deerbook-connect", daemon=True)
    thread.start()
    thread.join(seconds + 1)
    if outcome and not isinstance(outcome[0], Exception):
        return outcome[0]
    for client in made:
        _drop(client)
    why = _reason(outcome[0], seconds) if outcome else f"no answer within {seconds:g} s"
    raise ClusterError(f"cannot use the Dask scheduler at {address}: {why}")


def _drop(client: Any) -> None:
    """Forget a Dask client whose connection failed: marked closed, so that Python's exit does not wait for it to
    close a connection that never opened (20 s, then "Exception ignored in Client.__del__"), and its loop stopped."""
    client.status = "closed"
    try:
        client._loop_runner.stop()
    except Exception:  # already stopped, or never started
        pass


def _hear_a_scheduler(host: str, port: int, seconds: float) -> None:
    """Connect to host:port and read what a Dask scheduler sends first: its handshake, 8 bytes giving the size of a
    short message, then the message. OSError if it is closed or silent, ValueError if it sends something else."""
    deadline = time.monotonic() + seconds

    def receive(sock: socket.socket, size: int) -> bytes:
        data = b""
        while len(data) < size:
            sock.settimeout(max(deadline - time.monotonic(), 0.001))
            chunk = sock.recv(size - len(data))
            if not chunk:
                raise OSError("it closed the connection without answering")
            data += chunk
        return data

    with socket.create_connection((host, port), timeout=seconds) as sock:
        size = int.from_bytes(receive(sock, 8), "little")
        if not 0 < size <= MAX_HANDSHAKE_BYTES:
            raise ValueError("it does not answer as a Dask scheduler")
        receive(sock, size)


def _reason(exc: BaseException, seconds: float) -> str:
    """A failed connection's reason in one line."""
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return f"no answer within {seconds:g} s"
    return " ".join((getattr(exc, "strerror", None) or str(exc) or type(exc).__name__).split())[:300]


@contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Progress | None]:
    """A tqdm bar of `total` games as a batch's `progress` callback, or None when not shown."""
    if not show:
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=label, unit="game", leave=False) as bar:
        def advance(games: int) -> None:
            bar.update(games)

        yield advance
