"""A command started with its output or its input closed (`>&-`, `<&-`: Python's sys.stdout or sys.stdin is None)
ends in one line with no traceback: `play` saves the game and exits SAVED, `odds` and `simulate` say the output is
closed and exit FAILED before any work."""
import os
import re
import subprocess
import sys

import pytest

from deerbook.cli.usage import FAILED
from deerbook.play.terminal import SAVED
from processes import HANG_SECONDS

SAVED_LINE = re.compile(r"Saved to (\S+\.json)\. Resume with: deerbook play deer --load (\S+\.json)$")


def closed(stream: int, *args: str, folder) -> subprocess.CompletedProcess:
    """`python -m deerbook ARGS` in `folder` with file descriptor `stream` (0: input, 1: output) closed, as a shell's
    `<&-` or `>&-` leaves it; the other two streams are pipes (the input given one empty line)."""
    command = [sys.executable, "-m", "deerbook", *args]
    streams = {"stdout": None} if stream == 1 else {"stdin": None, "stdout": subprocess.PIPE}
    return subprocess.run(command, **streams, stderr=subprocess.PIPE, cwd=folder, input=b"\n" if stream else None,
                          preexec_fn=lambda: os.close(stream), timeout=HANG_SECONDS)


def test_play_with_its_output_closed_saves_the_game_and_says_so_on_stderr(tmp_path):
    """It used to play on unseen, save, then end with AttributeError: 'NoneType' object has no attribute 'flush'
    and status 1."""
    done = closed(1, "play", "deer", "--seed", "7", folder=tmp_path)
    err = done.stderr.decode()
    assert done.returncode == SAVED and "Traceback" not in err, err
    assert err.splitlines()[-2] == "Stopped: the output cannot be written (standard output is closed)."
    [saved] = tmp_path.glob("*.json")
    assert SAVED_LINE.match(err.splitlines()[-1]).group(1) == str(saved)


@pytest.mark.parametrize("args", [["odds", "deer"], ["simulate", "deer", "--games", "3", "--seed", "1"],
                                  ["odds", "deer", "--json"]])
def test_a_command_with_its_output_closed_is_one_line_and_status_failed(args, tmp_path):
    done = closed(1, *args, folder=tmp_path)
    prog = f"deerbook {args[0]}"
    assert (done.returncode, done.stderr.decode()) == (
        FAILED, f"{prog}: error: cannot write the output: the standard output is closed\n")
    assert list(tmp_path.iterdir()) == []


def test_play_with_its_input_closed_stops_saves_and_says_the_input_is_closed(tmp_path):
    """It used to stop with "an unexpected error (AttributeError: 'NoneType' object has no attribute 'isatty')"."""
    done = closed(0, "play", "deer", "--seed", "7", folder=tmp_path)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == SAVED and done.stderr == b"" and lines[-2] == "Stopped: the input is closed."
    [saved] = tmp_path.glob("*.json")
    assert SAVED_LINE.match(lines[-1]).group(1) == str(saved)
