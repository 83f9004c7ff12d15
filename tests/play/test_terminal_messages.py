"""The terminal table says what happened: a bot that raises KeyboardInterrupt is named (it is no Ctrl-C), and a name
typed at the save prompt is read in the terminal's encoding, refused in a sentence when no file can have it, saved
into a folder when it ends with a separator, and given .json when it has no suffix."""
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from deerbook.engine import registry
from deerbook.engine.registry import AgentInfo
from save_files import read_save_file
from deerbook.play.session import Session
from deerbook.play.terminal import FINISHED, SAVED, Terminal
from processes import HANG_SECONDS, started
from terminal_script import Script

SAVED_LINE = re.compile(r"Saved to (\S+)\. Resume with: deerbook play deer --load (\S+)$")
PROMPT = b"s to save, q to quit): "


class Interrupter:
    """A bot that raises KeyboardInterrupt itself."""

    def act(self, observation, legal, rng):
        raise KeyboardInterrupt


def test_a_bot_that_raises_keyboard_interrupt_is_named_not_taken_for_a_ctrl_c(tmp_path, monkeypatch):
    """It used to stop the game with "Stopped: Ctrl-C." though nobody pressed it."""
    monkeypatch.setitem(registry._AGENTS, "interrupter", AgentInfo("interrupter", "raises KeyboardInterrupt",
                                                                   "random", f"{__name__}:Interrupter"))
    script = Script(seed=3)
    session = Session("deer", ["human", "interrupter"], seed=5)
    assert Terminal(session, script.read, script.write, save_dir=tmp_path).play() == SAVED
    assert script.output[-2] == ("Stopped: P1's bot interrupter raised KeyboardInterrupt, though no Ctrl-C was "
                                 "pressed; seat another bot with --seats when you resume.")
    assert read_save_file(SAVED_LINE.match(script.output[-1]).group(1))[0] == session.state


def saved_at_the_prompt(names: list[str], folder: Path) -> Script:
    """A deer game against a bot where the person saves under each of `names` in turn, then quits without a save."""
    answers = [answer for name in names for answer in ("s", name)] + ["q", "n"]
    script = Script(answers, seed=1)
    assert Terminal(Session("deer", ["human", "greedy"], seed=4), script.read, script.write,
                    save_dir=folder).play() == FINISHED
    return script


def test_a_name_ending_with_a_separator_is_a_folder_made_for_the_save(tmp_path):
    """`newdir/` used to write a file named newdir."""
    script = saved_at_the_prompt([f"{tmp_path}/newdir/", f"{tmp_path}/newdir/"], tmp_path)
    written = [SAVED_LINE.match(line).group(1) for line in script.output if line.startswith("Saved to ")]
    assert len(written) == 2 and sorted(written) == sorted(map(str, (tmp_path / "newdir").iterdir()))
    assert all(path.endswith(".json") and read_save_file(path) for path in written)


def test_a_folder_whose_parent_is_missing_is_refused_and_the_game_goes_on(tmp_path):
    script = saved_at_the_prompt([f"{tmp_path}/no/newdir/"], tmp_path)
    assert (f"Not saved: cannot make the folder {tmp_path}/no/newdir/ (No such file or directory). The game goes "
            "on.") in script.output
    assert list(tmp_path.iterdir()) == []


def test_a_name_without_a_suffix_is_given_json_and_one_with_a_suffix_is_kept(tmp_path):
    saved_at_the_prompt([f"{tmp_path}/mygame", f"{tmp_path}/mygame.sav"], tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["mygame.json", "mygame.sav"]


def test_a_name_holding_a_character_the_input_could_not_read_is_refused(tmp_path):
    script = saved_at_the_prompt([f"{tmp_path}/caf\ufffd.json"], tmp_path)
    assert (f"Not saved: {tmp_path}/caf\ufffd.json holds a character the terminal's encoding could not read; type "
            "the name again. The game goes on.") in script.output
    assert list(tmp_path.iterdir()) == []


def test_a_name_the_file_systems_encoding_cannot_write_is_refused_in_a_sentence(tmp_path):
    """With an ASCII file system encoding (the C locale, UTF-8 mode off), café.json can be no file's name."""
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy", "--seed", "4"],
                          input="\n1\ns\ncafé.json\nq\nn\n".encode(), capture_output=True, timeout=HANG_SECONDS,
                          cwd=tmp_path, env=env)
    out = done.stdout.decode()
    assert done.returncode == FINISHED and done.stderr == b"", done.stderr
    assert ("Not saved: café.json cannot be a file name here: the file system's encoding (ascii) has no 'é'. The "
            "game goes on.") in out
    assert list(tmp_path.iterdir()) == []


def at_a_terminal(args: list[str], steps: list[tuple[bytes, bytes]], folder: Path, env: dict) -> tuple[int, bytes]:
    """`python -m deerbook ARGS` in `folder` at a pseudo-terminal: for each step, once `expected` is shown, type
    `answer`; then read until it exits. Its status and everything shown."""
    master, child = pty.openpty()
    as_a_terminal = lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)  # noqa: E731
    with started([sys.executable, "-m", "deerbook", *args], stdin=child, stdout=child, stderr=child, cwd=folder,
                 env=env, preexec_fn=as_a_terminal) as process:
        os.close(child)
        shown, end = b"", time.monotonic() + HANG_SECONDS
        for expected, answer in [*steps, (None, b"")]:
            while (expected is None or expected not in shown) and time.monotonic() < end:
                if select.select([master], [], [], 0.05)[0]:
                    try:
                        shown += os.read(master, 65536)
                    except OSError:  # the terminal closed: the table has exited
                        break
                elif expected is None and process.poll() is not None:
                    break
            assert expected is None or expected in shown, shown[-1500:]
            shown = shown.replace(expected, b"", 1) if expected else shown
            os.write(master, answer)
        status = process.wait(timeout=HANG_SECONDS)
    os.close(master)
    return status, shown


def test_a_latin1_terminal_saves_under_the_name_typed(tmp_path):
    """A latin-1 terminal typing café.json used to save to caf\\ufffd.json and name a file that does not exist."""
    env = {**os.environ, "PYTHONIOENCODING": "latin-1", "TERM": "dumb"}
    status, shown = at_a_terminal(["play", "deer", "--seats", "human,greedy", "--seed", "4"],
                                  [(PROMPT, b"s\n"), (b"]: ", "café.json\n".encode("latin-1")),
                                   (b"Resume with", b""), (PROMPT, b"q\n"), (b"[y/N] ", b"n\n")], tmp_path, env)
    assert status == FINISHED, shown[-1500:]
    saved = tmp_path / "café.json"
    assert read_save_file(saved) and [path.name for path in tmp_path.iterdir()] == ["café.json"]
    assert f"Saved to {saved}.".encode("latin-1") in shown.replace(b"\r\n", b"\n")
