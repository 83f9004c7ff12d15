"""How fast the command line and the loaders give up or refuse: python benchmarks/responsiveness.py [--repeats N]

The tests check that each of these happens (tests/cli/test_limits.py, tests/play/test_nothing_lost.py,
tests/engine/test_save_fuzz.py) and never how fast, so the suite passes on a loaded machine; the speed is measured here,
in wall seconds, beside its target:
- Ctrl-C ends a batch of games on two workers "at once" (target: within 5 s of the signal);
- a balance study whose results file cannot be written is refused before it starts (target: 5 s, the command's
  start included);
- a Dask scheduler that accepts the connection and says nothing is given up after SCHEDULER_SECONDS (target: that
  plus 5 s);
- `deerbook play --load` of a FIFO or a device is refused unread (target: 10 s, the command's start included);
- the slowest of a thousand garbled saves is refused or loaded within 1 s.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deerbook.cli.running import SCHEDULER_SECONDS  # noqa: E402
from deerbook.engine import SaveFileError, make_game, play, state_from_json, state_to_json  # noqa: E402
from deerbook.engine.registry import make_agents  # noqa: E402

DEERBOOK = [sys.executable, "-m", "deerbook"]


def ctrl_c_seconds() -> float:
    """Seconds from Ctrl-C (SIGINT to the process group) to the end of a batch that is playing on two workers."""
    command = [*DEERBOOK, "simulate", "deer", "--games", "3000", "--seed", "1", "--workers", "2"]
    with subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          start_new_session=True) as process:
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        while len(children.read_text().split()) < 2:
            time.sleep(0.05)
        time.sleep(1)  # the workers are well into their games
        started = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)
        process.wait()
        return time.monotonic() - started


def command_seconds(*arguments: str) -> float:
    """Seconds a deerbook command takes to end (start-up included)."""
    started = time.monotonic()
    subprocess.run([*DEERBOOK, *arguments], capture_output=True)
    return time.monotonic() - started


def silent_scheduler_seconds() -> float:
    """Seconds `simulate --scheduler` takes to give up on a server that accepts and never answers."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        return command_seconds("simulate", "football", "--seed", "1", "--games", "2", "--scheduler", address)


def slowest_garbled_load(count: int) -> float:
    """Seconds of the slowest load among `count` saves with random bytes changed (refused or loaded)."""
    game = make_game("deer", num_players=4)
    text = state_to_json(play(game, make_agents(game, ["greedy"] * 4), seed=3))
    rng, slowest = random.Random(1600), 0.0
    for _ in range(count):
        raw = bytearray(text.encode())
        for _ in range(rng.randint(1, 3)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        started = time.perf_counter()
        try:
            state_from_json(bytes(raw))
        except SaveFileError:
            pass
        slowest = max(slowest, time.perf_counter() - started)
    return slowest


def report(what: str, seconds: list[float], target: float) -> None:
    median = statistics.median(seconds)
    verdict = "met" if median <= target else "MISSED"
    print(f"{what:58s} median {median:7.3f} s (range {min(seconds):.3f}-{max(seconds):.3f}), "
          f"target {target:g} s: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    runs = range(args.repeats)
    with tempfile.TemporaryDirectory() as folder:
        fifo = Path(folder) / "game.json"
        os.mkfifo(fifo)
        report("Ctrl-C ends a batch on two workers", [ctrl_c_seconds() for _ in runs], 5)
        report("a study that cannot be written is refused",
               [command_seconds("balance", "--games", "3", "--output", folder) for _ in runs], 5)
        report(f"a silent scheduler is given up ({SCHEDULER_SECONDS:g} s allowed)",
               [silent_scheduler_seconds() for _ in runs], SCHEDULER_SECONDS + 5)
        report("loading a FIFO is refused", [command_seconds("play", "deer", "--load", str(fifo)) for _ in runs], 10)
        report("loading /dev/zero is refused", [command_seconds("play", "deer", "--load", "/dev/zero") for _ in runs],
               10)
    report("the slowest of 1,000 garbled saves", [slowest_garbled_load(1000) for _ in runs], 1)


if __name__ == "__main__":
    main()
