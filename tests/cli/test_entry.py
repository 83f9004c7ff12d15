"""The entry point (`deerbook.cli.entry`): a Ctrl-C at any moment from the moment it runs, the package's imports
included, ends the command with the same one line and status 130 as a Ctrl-C during its work; both ways in (the
`deerbook` script and `python -m deerbook`) go through it."""
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

import bad_bots
from processes import HANG_SECONDS, line_within, started

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).parent / "deerbook"  # the console script pip made from [project.scripts]
WAYS_IN = {"script": [str(SCRIPT)], "module": [sys.executable, "-m", "deerbook"]}
# Long enough that it is still playing when any of the signals comes: nothing is printed before its end.
LONG_RUN = ["simulate", "deer", "--games", "1000000", "--seed", "1", "--workers", "1"]
TRIALS = 8


def as_from_a_terminal() -> None:
    """In the child before it runs Python: Ctrl-C, SIGHUP and SIGTERM as a terminal leaves them, even if this test
    run ignores them (nohup, a background job)."""
    for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


def holding_ctrl_c(pid: int) -> bool:
    """Whether the process blocks SIGINT now (the entry point holds it back while the package loads)."""
    status = Path(f"/proc/{pid}/status").read_text()
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigBlk:"))
    return bool(int(mask, 16) & 1 << (signal.SIGINT - 1))


def start(way_in: str, args: list[str]):
    """`deerbook ARGS` started the `way_in` (`started`: it does not outlive the test)."""
    return started([*WAYS_IN[way_in], *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                   preexec_fn=as_from_a_terminal)


def wait_for_the_entry_point(process: subprocess.Popen) -> None:
    """Wait until the entry point runs: it holds Ctrl-C back while the package loads, and /proc shows it."""
    end = time.monotonic() + HANG_SECONDS
    while not holding_ctrl_c(process.pid):
        assert process.poll() is None, "the command ended and never held Ctrl-C back"
        assert time.monotonic() < end, f"the entry point did not run within {HANG_SECONDS} s"
        time.sleep(0.001)


@pytest.fixture(scope="module")
def first_output_seconds() -> float:
    """Seconds from the entry point's start to the first output of `deerbook odds deer`: the package's imports,
    the games' discovery and the arguments' reading all lie within."""
    with start("script", ["odds", "deer"]) as process:
        wait_for_the_entry_point(process)
        began = time.monotonic()
        assert line_within(process.stdout)
        seconds = time.monotonic() - began
        process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == 0
    return seconds


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads a process's signal mask in /proc")
@pytest.mark.parametrize("way_in", WAYS_IN)
@pytest.mark.parametrize("trial", range(TRIALS))
def test_ctrl_c_from_the_start_is_one_line_and_status_130(trial, way_in, first_output_seconds):
    """Ctrl-C at TRIALS moments from the entry point's start to past the time `odds` takes to print (the imports
    took half a second, and a Ctrl-C there printed a 6 to 33-line traceback and ended with status -2)."""
    delay = first_output_seconds * trial / (TRIALS - 1)
    with start(way_in, LONG_RUN) as process:
        wait_for_the_entry_point(process)
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=HANG_SECONDS)
    assert (process.returncode, err, out) == (130, "deerbook: interrupted\n", ""), f"Ctrl-C after {delay:.3f} s"


def test_both_ways_in_go_through_the_entry_point():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"deerbook": "deerbook.cli.entry:run"}
    assert "from deerbook.cli.entry import run" in SCRIPT.read_text()  # the script installed is made from it
    assert "from .cli.entry import run" in (ROOT / "deerbook" / "__main__.py").read_text()


def test_the_entry_point_loads_nothing_of_the_package_before_it_holds_ctrl_c_back():
    """What runs before Ctrl-C is held back is Python's own start-up, `deerbook/__init__.py`, `deerbook/cli/__init__.py`
    and the entry module: no other module of the package."""
    code = ("import sys; before = set(sys.modules); import deerbook.cli.entry; "
            "print(sorted(m for m in set(sys.modules) - before if m.startswith('deerbook')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_SECONDS,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout == "['deerbook', 'deerbook.cli', 'deerbook.cli.entry']\n", done.stderr


def test_a_ctrl_c_that_lands_in_code_run_from_a_string_still_ends_with_status_130(tmp_path):
    """A Ctrl-C inside the methods a dataclass makes (code run from a string by exec) while a game's module loads
    ended `python -m deerbook` by SIGINT, status -2, after its one line: CPython noted it as unhandled."""
    (tmp_path / "interrupted_in_exec.py").write_text(
        'exec("import os, signal\\nos.kill(os.getpid(), signal.SIGINT)\\nfor _ in range(10 ** 6):\\n    pass\\n")\n'
        "GAMES = []\n")
    path = bad_bots.install(tmp_path, "stopped = interrupted_in_exec:GAMES", "deerbook.games")
    for way_in in WAYS_IN.values():
        done = subprocess.run([*way_in, "simulate", "--help"], capture_output=True, text=True, timeout=HANG_SECONDS,
                              env={**os.environ, "PYTHONPATH": path}, preexec_fn=as_from_a_terminal)
        assert (done.returncode, done.stderr, done.stdout) == (130, "deerbook: interrupted\n", ""), way_in
