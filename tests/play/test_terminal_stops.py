"""Nothing makes the terminal table unstoppable, and nothing it stops is lost without a word.

A bot whose move never ends (tests/helpers/stuck_bots.py, installed as a plugin) still lets Ctrl-C, SIGTERM, SIGHUP
and SIGQUIT stop `deerbook play` and save the game as it was before that move (its random streams too), and
`--bot-timeout` ends such a move in one line naming the seat and the bot. When no folder at all takes the save (no
temporary folder either, or a file size limit), the table prints the save to be pasted into a file and exits LOST,
never with a traceback; the error log's writer never raises.
"""
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

import deerbook
from bad_bots import AGENTS as BAD_AGENTS
from bad_bots import install
from deerbook.engine import registry
from deerbook.engine.files import write_error_log
from deerbook.engine.runner import Match
from deerbook.engine.saving import read_save
from save_files import read_save_file
from deerbook.play.bot_move import TooSlow, in_worker, restore_streams
from deerbook.play.session import Session
from deerbook.play.terminal import LOST, SAVED, Terminal
from processes import HANG_SECONDS, line_within, started
from stuck_bots import AGENTS, ENTRY, RELEASE, THINKING
from terminal_script import Script

SOURCE = Path(deerbook.__file__).resolve().parents[1]  # the deerbook the test imports: the processes run it too
SAVED_LINE = re.compile(r"Saved to (\S+\.json)\. Resume with: deerbook play deer --load \S+\.json$")
PASTE_LINE = ("No folder took the save, so here it is: paste the lines below, from { to }, into a file ending .json "
              "and resume with: deerbook play deer --load FILE")
STOPS = {signal.SIGINT: "Ctrl-C", signal.SIGTERM: "SIGTERM", signal.SIGHUP: "the terminal closed (SIGHUP)",
         signal.SIGQUIT: "Ctrl-\\ (SIGQUIT)"}


@pytest.fixture
def stuck_bots(monkeypatch):
    """The stuck bots registered in this process; every move of theirs ends when the test does."""
    registry.agent_names()  # the installed agents found first
    for info in AGENTS:
        monkeypatch.setitem(registry._AGENTS, info.name, info)
    RELEASE.clear()
    yield
    RELEASE.set()


class BotToMove(Exception):
    pass


def before_the_first_bot_move(seats: list[str], seed: int) -> Session:
    """The deer table of `seats` and `seed` stopped just before its first bot's move: what a save must hold."""
    session = Session("deer", seats, seed)

    def stop_at_a_bot(move):
        if session.state.current_player() >= 0:
            raise BotToMove
        return move()
    session.make_move = stop_at_a_bot
    with pytest.raises(BotToMove):
        session.run()
    return session


def assert_saved_before_the_move(path: str | Path, expected: Session) -> None:
    state, table = read_save_file(path)
    assert state == expected.state and list(table.streams) == expected.match.streams()


# -- the move in a worker thread -------------------------------------------------------------------------------------
def test_a_move_in_the_worker_gives_its_result_or_raises_its_error():
    assert in_worker(lambda: 42, None, lambda: None) == 42
    error = ValueError("the bot fell over")

    def fall():
        raise error
    with pytest.raises(ValueError) as raised:
        in_worker(fall, 5, lambda: None)
    assert raised.value is error


def test_a_move_that_never_ends_is_abandoned_by_the_check_or_the_time_limit():
    release, checks = threading.Event(), []

    def check():
        checks.append(None)
        if len(checks) == 3:
            raise KeyError("a signal came")
    try:
        with pytest.raises(KeyError, match="a signal came"):
            in_worker(release.wait, None, check, poll=0.01)
        with pytest.raises(TooSlow) as slow:
            in_worker(release.wait, 0.05, lambda: None, poll=0.01)
        assert slow.value.args == (0.05,)
    finally:
        release.set()


def test_restored_streams_are_new_ones_where_the_saved_ones_stood():
    match = Match(Session("deer", ["greedy", "greedy"], 4).game, [None, None], 4)
    saved, held = match.streams(), match.seat_rngs[0]
    held.random()
    restore_streams(match, saved)
    held.random()  # an abandoned move drawing on: the match's streams no longer move
    assert match.streams() == saved and match.seat_rngs[0] is not held


# -- a stuck bot at the table ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("bot", ["sleepy", "spinner"])
def test_a_bot_past_the_time_limit_stops_the_game_saved_before_its_move(bot, stuck_bots, tmp_path):
    script = Script()
    session = Session("deer", [bot, "human"], 7)
    status = Terminal(session, script.read, script.write, save_dir=tmp_path, bot_timeout=0.2).play()
    assert status == SAVED and script.output[-2] == (
        f"Stopped: P0's bot {bot} took longer than 0.2 s for one move; when you resume, seat another bot with --seats "
        "or allow it more time with --bot-timeout.")
    assert_saved_before_the_move(SAVED_LINE.match(script.output[-1]).group(1),
                                 before_the_first_bot_move([bot, "human"], 7))


def play_process(tmp_path: Path, bot: str, *args: str, **options):
    """`deerbook play deer --seats BOT,human --seed 7 ARGS` in `tmp_path`, the stuck bots installed, its signals as
    when a terminal starts it, its three streams pipes."""
    (tmp_path / "plugins").mkdir()
    path = os.pathsep.join([str(SOURCE), install(tmp_path / "plugins", ENTRY)])
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", f"{bot},human", "--seed", "7", *args]
    return started(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                   env={**os.environ, "PYTHONPATH": path, "HOME": str(tmp_path)}, preexec_fn=as_from_a_terminal,
                   **options)


def as_from_a_terminal() -> None:
    """Stop signals handled as when a terminal starts the table (this test run may ignore some: nohup, a job)."""
    for number in STOPS:
        signal.signal(number, signal.SIG_DFL)


@pytest.mark.parametrize("bot, number", [("sleepy", number) for number in STOPS] + [("spinner", signal.SIGINT)],
                         ids=[f"sleepy-{n.name}" for n in STOPS] + ["spinner-SIGINT"])
def test_a_signal_while_a_bot_never_ends_its_move_stops_the_table_and_saves(bot, number, stuck_bots, tmp_path):
    with play_process(tmp_path, bot) as table:
        assert line_within(table.stderr) == f"{THINKING}\n".encode()  # the bot's move has begun
        table.send_signal(number)
        out, err = (text.decode() for text in table.communicate(timeout=HANG_SECONDS))
    lines = out.strip().splitlines()
    assert table.returncode == SAVED and "Traceback" not in out + err, out[-500:] + err
    assert lines[-2] == f"Stopped: {STOPS[number]}."
    assert_saved_before_the_move(SAVED_LINE.match(lines[-1]).group(1), before_the_first_bot_move([bot, "human"], 7))


@pytest.mark.parametrize("bot", ["sleepy", "spinner"])
def test_bot_timeout_ends_a_move_that_never_ends_in_one_line(bot, stuck_bots, tmp_path):
    with play_process(tmp_path, bot, "--bot-timeout", "1") as table:
        out, err = (text.decode() for text in table.communicate(timeout=HANG_SECONDS))
    lines = out.strip().splitlines()
    assert table.returncode == SAVED and err == f"{THINKING}\n", err
    assert lines[-2] == (f"Stopped: P0's bot {bot} took longer than 1 s for one move; when you resume, seat another "
                         "bot with --seats or allow it more time with --bot-timeout.")
    assert_saved_before_the_move(SAVED_LINE.match(lines[-1]).group(1), before_the_first_bot_move([bot, "human"], 7))


@pytest.mark.parametrize("given", ["-1", "nan", "inf", "1e999", "soon"])
def test_a_bot_timeout_that_is_no_number_of_seconds_is_refused(given, capsys):
    from deerbook.cli.main import main

    with pytest.raises(SystemExit) as refused:
        main(["play", "deer", "--bot-timeout", given])
    assert refused.value.code == 2 and "argument --bot-timeout: a number of seconds from 0 (no limit) up" in \
        capsys.readouterr().err


# -- no folder takes the save: the last resort -----------------------------------------------------------------------
def the_pasted_save(lines: list[str]) -> str:
    """The save printed after the line that says to paste it (the last lines)."""
    return "\n".join(lines[lines.index(PASTE_LINE) + 1:])


def no_temporary_folder():
    raise FileNotFoundError(2, "No usable temporary directory found")


def test_the_error_log_skips_a_missing_temporary_folder_and_never_raises(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "gettempdir", no_temporary_folder)
    monkeypatch.setenv("HOME", str(tmp_path))
    log = write_error_log(ValueError("the bot fell over"), "a test")
    assert log.parent == tmp_path and "ValueError: the bot fell over" in log.read_text()
    monkeypatch.setenv("HOME", str(tmp_path / "no-home"))
    assert write_error_log(ValueError("the bot fell over"), "a test") is None


def test_a_failing_bot_with_no_folder_anywhere_is_one_line_and_the_save_is_printed(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "gettempdir", no_temporary_folder)
    monkeypatch.setenv("HOME", str(tmp_path / "no-home"))
    monkeypatch.setitem(registry._AGENTS, "raiser", next(info for info in BAD_AGENTS if info.name == "raiser"))
    script = Script(seed=3)
    session = Session("deer", ["human", "raiser"], seed=5)
    assert Terminal(session, script.read, script.write, save_dir=tmp_path / "gone").play() == LOST
    stopped = next(line for line in script.output if line.startswith("Stopped: "))
    assert re.fullmatch(r"Stopped: an unexpected error \(ValueError: the bot fell over, at bad_bots\.py line \d+\); "
                        r"no folder took its traceback\.", stopped)
    assert script.output[-2] == PASTE_LINE and read_save(script.output[-1])[0] == session.state


@pytest.mark.parametrize("limit", [0, 1024], ids=["no-temporary-folder", "ulimit-f-1"])
def test_a_game_no_folder_takes_is_printed_to_paste_and_lost_is_the_status(limit, tmp_path):
    """A file size limit of 0 leaves Python no temporary folder at all (each it tries takes no file); one of 1 KiB
    (`ulimit -f 1`) cuts every save short. The home folder is a file; the input ends at the first prompt."""
    home = tmp_path / "home"
    home.write_text("a file where the home folder should be")

    def no_file_takes_more() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, as Python itself sets it
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy", "--seed", "3"]
    done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=HANG_SECONDS,
                          cwd=tmp_path, preexec_fn=no_file_takes_more,
                          env={**os.environ, "PYTHONPATH": str(SOURCE), "HOME": str(home),
                               "TMPDIR": str(tmp_path / "no-tmp")})
    assert done.returncode == LOST and "Traceback" not in done.stdout + done.stderr, done.stdout[-800:] + done.stderr
    lines = done.stdout.splitlines()
    assert "Stopped: the input ended." in lines and f"Not saved: cannot write the saved game to {home}/" in done.stdout
    expected = Session("deer", ["human", "greedy"], 3)
    expected.run()  # to the person's first roll, where the input ended
    state, table = read_save(the_pasted_save(lines))
    assert state == expected.state and list(table.streams) == expected.match.streams()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home"]


def test_with_its_output_closed_the_table_prints_the_save_to_stderr(tmp_path):
    """Started with standard output closed (`>&-`) and no folder to save in: the save goes to stderr."""
    def closed_output_and_no_files() -> None:
        os.close(1)
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    code = ("import sys; from deerbook.play.session import Session; from deerbook.play.terminal import Terminal; "
            "sys.exit(Terminal(Session('deer', ['human', 'greedy'], 3)).play())")
    done = subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=HANG_SECONDS, cwd=tmp_path, preexec_fn=closed_output_and_no_files,
                          env={**os.environ, "PYTHONPATH": str(SOURCE), "HOME": str(tmp_path / "no-home")})
    lines = done.stderr.splitlines()
    assert done.returncode == LOST and "Stopped: the output cannot be written (standard output is closed)." in lines
    fresh = Session("deer", ["human", "greedy"], 3)  # stopped at its first line, before any move
    state, table = read_save(the_pasted_save(lines))
    assert state == fresh.state and list(table.streams) == fresh.match.streams()
