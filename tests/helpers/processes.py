"""Processes a test starts: every wait on them ends, and none outlives its test.

A wait that only catches a hang is HANG_SECONDS: far beyond what any step takes on a loaded machine, so it never
decides a test by speed (benchmarks/ measures speed).
"""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from typing import IO, Iterator

HANG_SECONDS = 60
# Code that makes a `python -c` process handle signals as when a terminal starts it: a test run may itself run with
# Ctrl-C or SIGHUP ignored (a background job, nohup), which every process it starts would inherit.
AS_FROM_A_TERMINAL = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
                      "signal.signal(signal.SIGHUP, signal.SIG_DFL); signal.signal(signal.SIGTERM, signal.SIG_DFL); ")


@contextlib.contextmanager
def started(command: list[str], **options) -> Iterator[subprocess.Popen]:
    """`subprocess.Popen(command, **options)`; when the block ends, a process still running (its test failed midway)
    is killed, with its whole session if it has one of its own, and its pipes closed: unlike Popen's own `with`,
    which would wait for it with no time limit."""
    process = subprocess.Popen(command, **options)
    try:
        yield process
    finally:
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                if options.get("start_new_session"):
                    os.killpg(process.pid, signal.SIGKILL)
                else:
                    process.kill()
        for stream in (process.stdin, process.stdout, process.stderr):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()
        process.wait(timeout=HANG_SECONDS)


def line_within(stream: IO, seconds: float = HANG_SECONDS) -> str | bytes:
    """The next line a process writes to `stream` (a pipe; empty if it closed it), or AssertionError if none comes
    within `seconds` (the reading thread then ends when the process does)."""
    lines: list = []
    reader = threading.Thread(target=lambda: lines.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert lines, f"no line within {seconds} s"
    return lines[0]
