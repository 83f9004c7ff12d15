"""Where the command line's batches run (this process, local processes or a Dask cluster) and their progress bars."""
from __future__ import annotations

import socket
import struct
import threading
import time
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any, Iterator

from ..engine.batch import InlineExecutor, Progress, check_workers, default_workers, process_pool
from ..engine.errors import DeerbookError
from ..engine.validate import whole_number

SCHEDULER_SECONDS = 10.0  # to reach a Dask scheduler and hear it answer
MAX_HANDSHAKE_BYTES = 1 << 20  # a Dask scheduler's first message is a few hundred bytes
SCHEMES = ("tcp", "tls")  # the schemes of a scheduler's address
MAX_PORT = 65535


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
    ClusterError (one line naming the address) if it is malformed (`scheduler_address`), closed, silent or not a
    Dask scheduler."""
    seconds = SCHEDULER_SECONDS if seconds is None else seconds
    try:
        scheme, host, port = scheduler_address(address)
        from distributed import Client
    except ImportError:
        raise ClusterError('--scheduler needs the cluster extra: pip install "deerbook[cluster]"') from None
    except ValueError as exc:
        raise ClusterError(f"cannot use the Dask scheduler at {address}: {exc}") from None
    try:
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


def scheduler_address(address: str) -> tuple[str, str, int]:
    """The scheme, host and port of a Dask scheduler's address: tcp://HOST:PORT or tls://HOST:PORT (tcp when no
    scheme is written; an IPv6 host in brackets, tcp://[::1]:8786); ValueError saying what is wrong."""
    scheme, sep, location = address.strip().partition("://")
    scheme, location = (scheme, location) if sep else ("tcp", scheme)
    if scheme not in SCHEMES:
        raise ValueError(f"an address starts with {' or '.join(f'{s}://' for s in SCHEMES)}, not {scheme[:20]}://")
    if location.startswith("["):  # [IPv6]:PORT
        host, bracket, after = location[1:].partition("]")
        if not bracket or not after.startswith(":"):
            raise ValueError(f"invalid address: write an IPv6 host in brackets before the port, e.g. "
                             f"{scheme}://[::1]:8786" if not bracket else f"missing port number after [{host}]")
        port_text = after[1:]
    else:
        host, colon, port_text = location.rpartition(":")
        if not colon:
            raise ValueError(f"missing port number: write {scheme}://HOST:PORT, e.g. {scheme}://127.0.0.1:8786")
    port = whole_number(port_text)
    if port is None or not 1 <= port <= MAX_PORT:
        raise ValueError(f"the port {port_text[:20]!r} is not a port number (a whole number from 1 to {MAX_PORT})")
    if not host:
        raise ValueError(f"no host before the port: write {scheme}://HOST:{port}")
    return scheme, host, port


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

    try:
        connection = socket.create_connection((host, port), timeout=seconds)
    except ConnectionRefusedError:
        raise OSError(f"Connection refused: nothing listens at {host} port {port}") from None
    except socket.gaierror as exc:
        raise OSError(f"no host named {host} is known here ({exc.strerror})") from None
    with connection as sock:
        size = int.from_bytes(receive(sock, 8), "little")
        if not 0 < size <= MAX_HANDSHAKE_BYTES:
            raise ValueError("it does not answer as a Dask scheduler")
        receive(sock, size)


def _reason(exc: BaseException, seconds: float) -> str:
    """A failed connection's reason in one line."""
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return f"no answer within {seconds:g} s"
    if isinstance(exc, struct.error):  # Dask could not read its messages
        return "it does not answer as a Dask scheduler"
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
