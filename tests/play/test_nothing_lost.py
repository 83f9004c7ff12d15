"""Nothing lost: a game in progress survives Ctrl-C, SIGTERM, a closed terminal, the end of input and a closed output
(saved first, resumed exactly), a save survives bad paths and cut writes, and bad answers never crash the table.

The terminal tests drive a real `python -m deerbook play` through a pseudo-terminal, as a person would, and send
real signals; the rest drive the same code in this process.
"""
import json
import os
import pty
import random
import re
import resource
import select
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from deerbook.engine import SaveFileError, make_game, state_to_json
from deerbook.engine.errors import MAX_FILE_BYTES
from deerbook.engine.files import FileWriteError, free_path, read_bytes, write_atomic
from deerbook.engine.saving import read_save
from save_files import read_save_file
from deerbook.engine.seeding import restore_stream, stream, stream_state
from deerbook.play.session import Session, Stop
from deerbook.play.table_html import choices as offered_choices
from deerbook.play.terminal import BOTS_CUT_SHORT, FINISHED, LOST, SAVED, Terminal
from processes import line_within, started
from terminal_script import Script

HELPERS = Path(__file__).resolve().parents[1] / "helpers"  # the toy game and its plugins/ metadata
SAVED_LINE = re.compile(r"Saved to (\S+\.json)\. Resume with: deerbook play (\S+) --load (\S+\.json)$")


# -- the atomic writer and the guarded reader ---------------------------------------------------------------------
def test_a_write_replaces_the_file_whole_and_keeps_its_permissions(tmp_path):
    path = tmp_path / "game.json"
    assert write_atomic(path, "first") == path and path.read_text() == "first"
    path.chmod(0o640)
    write_atomic(path, b"second")
    assert path.read_bytes() == b"second" and path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_a_write_cut_short_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("the good save")
    code = ("import resource, sys\nfrom deerbook.engine.files import write_atomic, FileWriteError\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))\n"  # like `ulimit -f 1`
            f"try:\n    write_atomic({str(path)!r}, 'x' * 100_000, 'saved game')\n"
            "except FileWriteError as exc:\n    print(exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout == f"cannot write the saved game to {path}: File too large\n", done.stderr
    assert path.read_text() == "the good save" and [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("name, words", [
    ("{tmp}", "that is a folder"), ("/dev/full", "not a regular file"), ("{tmp}/a\0b.json", "NUL character"),
    ("{tmp}/" + "x" * 300 + ".json", "File name too long"), ("{tmp}/missing/game.json", "no folder"),
    ("", "no file name"),
])
def test_a_write_that_cannot_be_made_is_one_line_naming_the_file(name, words, tmp_path):
    with pytest.raises(FileWriteError, match=words) as refused:
        write_atomic(name.format(tmp=tmp_path), "data", "saved game")
    assert "\n" not in str(refused.value) and str(refused.value).startswith("cannot write the saved game")
    assert os.path.exists("/dev/full") and not os.path.isfile("/dev/full")  # a device is never replaced


def test_a_home_folder_path_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert write_atomic("~/game.json", "x") == tmp_path / "game.json" and (tmp_path / "game.json").exists()
    assert free_path("~", "game", ".json") == tmp_path / "game-2.json"


@pytest.mark.parametrize("kind, words", [("fifo", "not a regular file"), ("device", "not a regular file"),
                                         ("folder", "not a regular file"), ("huge", "more than the 1000000"),
                                         ("missing", "cannot read")])
def test_the_guarded_reader_refuses_what_is_not_a_small_regular_file(kind, words, tmp_path):
    paths = {"fifo": tmp_path / "fifo", "device": "/dev/zero", "folder": tmp_path, "huge": tmp_path / "huge",
             "missing": tmp_path / "missing"}
    os.mkfifo(paths["fifo"])
    paths["huge"].write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(SaveFileError, match=words):
        read_bytes(paths[kind], "saved game", SaveFileError)  # returns at once: a FIFO is opened without blocking


# -- a save records the table, and a loaded game goes on exactly ---------------------------------------------------
def person_rule(session: Session) -> str:
    """The people's choice, fixed by what the seat sees (so a resumed game chooses as the uninterrupted one)."""
    legal = session.state.legal_actions()
    seen = json.dumps(session.state.observation(session.person_to_move()), sort_keys=True)
    return str(legal[zlib.crc32(seen.encode()) % len(legal)])


def play_out(session: Session, stop_at: int | None = None) -> bool:
    """Play to the end (True), or stop once the log holds `stop_at` steps or more (False), at the first stop of the
    table after that (a bot's turn shown, a person to roll or to choose)."""
    while (stop := session.advance()) != Stop.OVER:
        if stop_at is not None and len(session.narrations) >= stop_at:
            return False
        if stop == Stop.ROLL:
            session.roll()
        elif stop == Stop.DECIDE:
            session.choose(person_rule(session))
    return True


TABLES = [("deer", ["human", "greedy", "greedy"], 5), ("deer-cards", ["greedy", "human"], 3),
          ("football", ["human", "greedy"], 2), ("football", ["greedy"], 8), ("toy-race", ["random", "human"], 4)]


@pytest.mark.parametrize("name, seats, seed", TABLES, ids=[f"{n}-{'-'.join(s)}" for n, s, _ in TABLES])
def test_a_saved_game_goes_on_exactly_as_the_uninterrupted_one(name, seats, seed):
    straight = Session(name, seats, seed)
    play_out(straight)
    for stop_at in (3, 25):
        first = Session(name, seats, seed)
        if play_out(first, stop_at):
            continue  # the game was over before that step
        state, table = read_save(first.save_text())
        assert table.seats == tuple(seats) and table.seed == seed and list(table.streams) == first.match.streams()
        resumed = Session(state.game, state=state, table=table)  # seats, seed and streams from the file
        play_out(resumed)
        assert resumed.state == straight.state, f"{name} resumed at step {stop_at} went another way"
        elsewhere = Session(name, seats, seed=999)  # a table playing another game loads the file: the same again
        elsewhere.load_text(first.save_text(), "the file")
        play_out(elsewhere)
        assert elsewhere.state == straight.state and elsewhere.seed == seed


def test_a_save_without_a_table_still_loads_with_this_tables_seats():
    old = state_to_json(make_game("deer", num_players=3).initial_state())  # version 1: no table
    assert json.loads(old)["version"] == 1 and read_save(old)[1] is None
    session = Session("deer", ["greedy", "human", "greedy"], seed=4)
    session.load_text(old, "old.json")
    assert session.seats == ["greedy", "human", "greedy"] and session.seed == 4 and not session.state.is_terminal()


def forged_table(change) -> str:
    """A save of a table in progress, its table changed by `change` and its digest made to match."""
    from deerbook.engine.saving import _digest

    document = json.loads(Session("deer", ["human", "greedy"], seed=1).save_text())
    change(document["table"])
    body = {key: document[key] for key in ("game", "options", "state", "table")}
    return json.dumps({**document, "digest": _digest(body)})


@pytest.mark.parametrize("change, words", [
    (lambda t: t.update(seats=["human"]), "table.seats: must list 2 seats"),
    (lambda t: t.update(seats=["human", 7]), r"table.seats\[1\]: must be a seat name"),
    (lambda t: t.update(seed=-1), "table.seed: a seed is a whole number of at most 15 digits, or up to 8"),
    (lambda t: t.update(seed=[]), "table.seed: a seed is a whole number"),
    (lambda t: t.update(seed=[1] * 9), "table.seed: a seed is .* got '1/1/1/1/1/1/1/1/1'"),
    (lambda t: t.update(seed=[7, True]), "table.seed: a seed is"),
    (lambda t: t.update(steps=-1), "table.steps: must be an integer from 0"),
    (lambda t: t["streams"].pop(), "table.streams: must hold 3 streams"),
    (lambda t: t["streams"][1][1].pop(), r"table.streams\[1\]: a stream's state holds 625 whole numbers"),
    (lambda t: t["streams"][0][1].__setitem__(3, 2 ** 32), r"table.streams\[0\]: a stream's state holds 625"),
    (lambda t: t["streams"][2][1].__setitem__(624, 700), r"table.streams\[2\]: a stream's position is at most 624"),
    (lambda t: t.update(extra=1), "table: must be an object with the fields seats, seed, streams and steps"),
])
def test_a_forged_table_is_refused_naming_the_field(change, words):
    with pytest.raises(SaveFileError, match=words):
        read_save(forged_table(change))


def test_a_changed_table_breaks_the_digest_and_a_stream_restores_exactly():
    document = json.loads(Session("deer", ["human", "greedy"], seed=1).save_text())
    document["table"]["seats"] = ["greedy", "greedy"]
    with pytest.raises(SaveFileError, match="digest mismatch"):
        read_save(json.dumps(document))
    rng = stream(3)
    rng.random()
    again = restore_stream(json.loads(json.dumps(stream_state(rng))))
    assert [again.random() for _ in range(5)] == [rng.random() for _ in range(5)]


# -- the terminal table, in this process ----------------------------------------------------------------------------
def test_answers_that_are_not_a_choice_number_ask_again():
    script = Script(["²", "9" * 5000, "+-1", "١", " 1 "])  # superscript two, 5,000 digits, Arabic-Indic one
    session = Session("deer", ["human", "greedy", "greedy"], seed=1)
    Terminal(session, script.read, script.write).play()
    assert script.text.count("Please type a number from 1 to") == 4 and "Traceback" not in script.text


def test_a_refused_save_is_one_line_and_the_game_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "folder").mkdir()
    answers = ["s", "/dev/full", "s", str(tmp_path / "a\0b.json"), "s", str(tmp_path / ("x" * 300)),
               "s", str(tmp_path / "no" / "such.json"), "s", str(tmp_path / "folder"), "s", "~/mine.json",
               "q", "y", "/dev/full", "q", "n"]
    script = Script(answers)
    session = Session("deer", ["human", "greedy", "greedy"], seed=2)
    assert Terminal(session, script.read, script.write, save_dir=tmp_path).play() == 0
    refusals = [line for line in script.output if line.startswith("Not saved: ")]
    assert [line.endswith("The game goes on.") and "\n" not in line for line in refusals] == [True] * 5
    assert "not a regular file" in refusals[0] and "NUL" in refusals[1] and "too long" in refusals[2]
    saved = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.json"))
    assert saved == [f"folder/{session.save_stem}.json", "mine.json"]  # into the folder named; ~ expanded
    assert script.output[-1] == "Goodbye." and read_save_file(tmp_path / "mine.json")[0] == session.state


def test_a_signal_between_two_bot_moves_stops_after_the_move_and_the_save_goes_on_exactly(tmp_path):
    """SIGTERM arrives while the bots play (not at a prompt): the move under way is finished first, so the saved
    state and random streams agree and the resumed game is the uninterrupted one."""
    straight = Session("deer", ["greedy", "greedy", "human"], seed=11)
    play_out(straight)
    lines = []

    def write(text: str) -> None:
        lines.append(text)
        if len(lines) == 12:
            os.kill(os.getpid(), signal.SIGTERM)  # handled by the table's handler, which waits for the move's end

    session = Session("deer", ["greedy", "greedy", "human"], seed=11)
    status = Terminal(session, lambda prompt: person_rule_answer(session), write, save_dir=tmp_path).play()
    assert status == SAVED and lines[-2] == "Stopped: SIGTERM."
    path = Path(SAVED_LINE.match(lines[-1]).group(1))
    state, table = read_save_file(path)
    resumed = Session(state.game, state=state, table=table)
    play_out(resumed)
    assert resumed.state == straight.state


def person_rule_answer(session: Session) -> str:
    """The number a scripted person types for `person_rule`'s choice."""
    texts = [str(a) for a in session.state.legal_actions()]
    return str(texts.index(person_rule(session)) + 1)


def test_a_table_of_bots_calls_no_seat_you():
    for name, seats in [("deer", ["greedy", "greedy"]), ("football", ["greedy"]), ("toy-race", ["random"] * 2)]:
        script = Script()
        session = Session(name, seats, seed=3)
        Terminal(session, script.read, script.write).play()
        told = "\n".join(script.output)
        assert "Game over." in told and not re.search(r"\b[Yy]ou(r)?\b", told), told[-300:]


@pytest.mark.parametrize("seats", [["human", "random"], ["random", "random", "random"]])
def test_a_plugin_game_plays_to_the_end_at_both_tables(seats):
    """tests/helpers/toy_game.py follows the documented contract only (no winners() of its own): the tables' end-of-game
    result comes from the protocol."""
    script = Script(seed=4)
    session = Session("toy-race", seats, seed=6)
    assert Terminal(session, script.read, script.write).play() == 0
    assert session.state.is_terminal() and script.output[-1].startswith("Game over. Winners: ")
    pytest.importorskip("ipywidgets")
    from deerbook.widgets import GameTable

    table = GameTable("toy-race", seats, seed=6, bot_delay=0)
    while not table.state.is_terminal():
        table.play(person_rule(table))
    assert "Game over." in table.status.value and "Winners: " in table.status.value


def test_the_notebook_table_says_when_a_save_is_refused(tmp_path):
    pytest.importorskip("ipywidgets")
    from deerbook.widgets import GameTable

    table = GameTable("deer", ["human", "greedy"], seed=5, bot_delay=0, save_dir=tmp_path)
    assert table.save("/dev/full") is None and "Not saved:" in table.note.value
    assert table.save(tmp_path) is None and "that is a folder" in table.note.value
    path = table.save()
    assert path.parent == tmp_path and "Saved to" in table.note.value and table.save() != path  # never overwritten
    other = GameTable("deer", ["greedy", "greedy"], seed=9, bot_delay=0)
    assert other.load(path.read_text(), path.name) and other.seats == ["human", "greedy"] and other.seed == 5


# -- the terminal table, a real process at a pseudo-terminal ---------------------------------------------------------
class PtyTable:
    """`python -m deerbook ARGS` with a pseudo-terminal as its terminal, in `folder`."""

    def __init__(self, *args: str, folder: Path):
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HELPERS), str(HELPERS / "plugins")]), "TERM": "dumb"}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: becomes the table at once
            try:
                for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):  # as a terminal starts it, even if
                    signal.signal(number, signal.SIG_DFL)  # this test run ignores them (nohup, a background job)
                os.chdir(folder)
                os.execve(sys.executable, [sys.executable, "-m", "deerbook", *args], env)
            finally:
                os._exit(127)
        self.output, self.status, self.seen = b"", None, ""

    def _read(self, seconds: float) -> None:
        if select.select([self.fd], [], [], seconds)[0]:
            try:
                self.output += os.read(self.fd, 65536)
            except OSError:  # the terminal closed
                time.sleep(seconds)

    def expect(self, text: str, seconds: float = 60) -> None:
        """Read until `text` has been written (counting from the last expectation met)."""
        end = time.monotonic() + seconds
        while text.encode() not in self.output and time.monotonic() < end and self.status is None:
            self._read(0.05)
            self._reap()
        assert text.encode() in self.output, self.text[-1500:]
        end_of_text = self.output.index(text.encode()) + len(text)
        self.seen, self.output = self.output[:end_of_text].decode(errors="replace"), self.output[end_of_text:]

    def make_a_move(self) -> None:
        """As a person: at each prompt press Enter to roll, until a choice is asked; then take the first choice."""
        while True:
            self.expect(PROMPT)
            if "Press Enter to roll" not in self.seen:
                self.send("1\n")
                return
            self.send("\n")

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def finish(self, seconds: float = 60) -> int:
        """Read until the table exits; its exit status."""
        end = time.monotonic() + seconds
        while self.status is None and time.monotonic() < end:
            self._read(0.05)
            self._reap()
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            pytest.fail(f"the table did not exit: {self.text[-1500:]}")
        os.close(self.fd)
        return self.status

    def _reap(self) -> None:
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid:
            self.status = os.waitstatus_to_exitcode(status)

    @property
    def text(self) -> str:
        return self.output.decode(errors="replace").replace("\r\n", "\n")


PROMPT = "s to save, q to quit): "


def expected_after(choices: int) -> Session:
    """The deer table of the process tests after the person chose the first move `choices` times (rolling when
    their turn began), stopped at the next prompt."""
    session = Session(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=7)
    for _ in range(choices):
        while session.run() == Stop.ROLL:
            session.roll()
        session.choose(offered_choices(session, Stop.DECIDE)[0].name)  # the terminal's first choice
    session.run()
    return session


@pytest.mark.parametrize("stop, why", [
    ("\x03", "Ctrl-C"), (signal.SIGTERM, "SIGTERM"), ("\x04", "the input ended"), ("\x1c", "Ctrl-\\ (SIGQUIT)"),
    (signal.SIGHUP, "the terminal closed (SIGHUP)")], ids=["ctrl-c", "sigterm", "end-of-input", "ctrl-backslash",
                                                           "sighup"])
def test_a_stopped_table_saves_first_and_its_last_line_says_how_to_resume(stop, why, tmp_path):
    table = PtyTable("play", "deer", "--seats", "human,greedy,greedy", "--seed", "7", folder=tmp_path)
    for _ in range(2):
        table.make_a_move()
    table.expect(PROMPT)
    table.send(stop) if isinstance(stop, str) else os.kill(table.pid, stop)
    assert table.finish() == SAVED
    lines = table.text.strip().splitlines()
    assert lines[-2] == f"Stopped: {why}." and "Traceback" not in table.text
    saved, game, load = SAVED_LINE.match(lines[-1]).groups()
    assert saved == load and game == "deer" and Path(saved).parent == tmp_path
    expected = expected_after(2)
    state, table_record = read_save_file(saved)
    assert state == expected.state and list(table_record.streams) == expected.match.streams()
    assert table_record.seats == ("human", "greedy", "greedy") and table_record.seed == 7


def test_a_closed_terminal_saves_the_game_and_the_saved_game_resumes(tmp_path):
    table = PtyTable("play", "deer", "--seats", "human,greedy,greedy", "--seed", "7", folder=tmp_path)
    table.make_a_move()
    table.expect(PROMPT)
    os.close(table.fd)  # the terminal window closes: the kernel hangs the table up (SIGHUP)
    table.fd = os.open(os.devnull, os.O_RDONLY)
    assert table.finish() == SAVED
    [saved] = tmp_path.glob("deerbook-deer-seed7-*.json")
    assert read_save_file(saved)[0] == expected_after(1).state
    again = PtyTable("play", "deer", "--load", str(saved), folder=tmp_path)
    again.expect(f"deer, seed 7; continuing {saved}; seats:")
    again.expect("P0 human")
    again.expect(PROMPT)
    again.send("q\n")
    again.expect("Save the game before quitting? [y/N] ")
    again.send("n\n")
    assert again.finish() == 0 and again.text.strip().endswith("Goodbye.")


def test_a_table_piped_into_head_ends_quietly_and_keeps_the_game(tmp_path):
    """`deerbook play deer | head -1`: the output closes; a person's game is saved (said on stderr), a table of bots
    just ends."""
    for seats, statuses in (("human,greedy", {SAVED}),
                            ("greedy,greedy,greedy,greedy,greedy,greedy", {FINISHED, BOTS_CUT_SHORT})):
        command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", seats, "--seed", "3"]
        with started(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     cwd=tmp_path) as process:
            line_within(process.stdout)
            process.stdout.close()  # `head -1` has read its line and gone
            process.stdin.write(b"1\n")  # the person answers the prompt head did not show; the table writes on
            err = process.communicate(timeout=60)[1].decode()
        assert process.returncode in statuses and "Traceback" not in err and "Exception ignored" not in err, err
        saved = list(tmp_path.glob("*.json"))
        if "human" in seats:  # a person's game is kept; bots' (bots only: the seed replays it) just end
            assert err.startswith("\nStopped: the output closed.\n") and SAVED_LINE.search(err.strip()), err
            assert len(saved) == 1 and read_save_file(saved[0])[1].seats == ("human", "greedy")
            saved[0].unlink()
        else:
            assert err == "" and saved == []


def test_a_save_at_the_table_that_is_cut_short_keeps_the_good_save(tmp_path):
    good = tmp_path / "game.json"
    good.write_text("the good save")
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))  # noqa: E731 (like `ulimit -f 1`)
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy", "--seed", "3"]
    done = subprocess.run(command, input=f"s\n{good}\ny\nq\nn\n", capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, preexec_fn=limit)
    assert f"{good} exists. Replace it? [y/N] " in done.stdout  # asked first: the person said yes
    assert done.returncode == 0 and f"Not saved: cannot write the saved game to {good}: File too large." in done.stdout
    assert good.read_text() == "the good save" and sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_loading_a_fifo_or_a_device_is_refused_at_once(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", tmp_path):  # never opened: opening the FIFO would block until the timeout
        done = subprocess.run([sys.executable, "-m", "deerbook", "play", "deer", "--load", str(path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "not a regular file" in done.stderr


def test_random_streams_round_trip_through_json():
    rng = random.Random(5)
    assert restore_stream(stream_state(rng)).getstate() == rng.getstate()


# -- one seed rule: what a table accepts, its save keeps and loads ---------------------------------------------------
EXTREME_SEEDS = [0, 10 ** 15 - 1, (10 ** 15 - 1,) * 8, (0,) * 8, (7, 12)]


@pytest.mark.parametrize("seed", EXTREME_SEEDS, ids=map(str, EXTREME_SEEDS))
def test_every_seed_a_table_takes_its_save_keeps_and_loads_under_a_short_name(seed, tmp_path):
    session = Session("deer", ["human", "greedy"], seed=seed)
    play_out(session, 10)
    path = write_atomic(free_path(tmp_path, session.save_stem, ".json"), session.save_text())
    assert re.fullmatch(r"[A-Za-z0-9-]{1,80}\.json", path.name), path.name  # fits every file system
    state, table = read_save_file(path)
    assert table.seed == seed and state == session.state


@pytest.mark.parametrize("seed", ["1234567890123456", "/".join(["1"] * 9), "1/" + "9" * 16])
def test_a_seed_no_save_could_keep_is_refused_by_every_table(seed):
    with pytest.raises(ValueError, match="a seed is a whole number of at most 15 digits, or up to 8 of them"):
        Session("deer", ["human", "greedy"], seed=seed)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        Session("deer", ["human", "greedy"], seed=parse_seed_parts(seed))


def parse_seed_parts(text: str):
    parts = tuple(int(part) for part in text.split("/"))
    return parts[0] if len(parts) == 1 else parts


def test_the_longest_seed_plays_saves_and_loads_at_the_command_line(tmp_path):
    seed = "/".join(["999999999999999"] * 8)
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy"]
    done = subprocess.run([*command, "--seed", seed], input="\n1\n", capture_output=True, text=True, timeout=60,
                          cwd=tmp_path)
    assert done.returncode == SAVED, done.stderr
    saved = SAVED_LINE.match(done.stdout.strip().splitlines()[-1]).group(1)
    again = subprocess.run([*command, "--load", saved], input="q\nn\n", capture_output=True, text=True, timeout=60)
    assert again.returncode == FINISHED and f"seed {seed}; continuing {saved}" in again.stdout, again.stderr


# -- save names never go backwards, and never overwrite without asking -----------------------------------------------
def test_a_resumed_games_save_names_count_on_from_the_save(tmp_path):
    first = Session("deer", ["human", "greedy"], seed=11)
    play_out(first, 90)
    steps = first.played
    assert steps >= 90 and first.save_stem == f"deerbook-deer-seed11-{steps}"
    state, table = read_save(first.save_text())
    resumed = Session(state.game, state=state, table=table)
    assert resumed.save_stem == first.save_stem and table.steps == steps
    play_out(resumed, 5)
    assert resumed.played > steps and resumed.save_stem == f"deerbook-deer-seed11-{resumed.played}"
    elsewhere = Session("deer", ["human", "greedy"], seed=3)
    elsewhere.load_text(first.save_text(), "the file")
    assert elsewhere.save_stem == first.save_stem


def test_the_save_prompt_never_replaces_a_file_without_asking(tmp_path):
    mine = tmp_path / "mine.json"
    mine.write_text("my own notes")
    script = Script(["s", str(mine), "n", "s", str(mine), "", "s", str(mine), "y", "q", "n"])
    session = Session("deer", ["human", "greedy"], seed=2)
    assert Terminal(session, script.read, script.write, save_dir=tmp_path).play() == FINISHED
    assert script.text.count(f"{mine} exists. Replace it? [y/N] ") == 3
    assert script.text.count("Not saved: the file is kept as it was. The game goes on.") == 2
    assert read_save_file(mine)[0] == session.state  # replaced when the person said yes


# -- every way out saves, and the exit status tells what became of the game ------------------------------------------
def test_a_game_no_folder_takes_is_lost_and_says_so(tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setenv("HOME", str(tmp_path / "no-home"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-tmp"))
    script = Script(["1"])  # then the input ends
    script.read = lambda prompt, read=script.read: read(prompt) if script.answers else raise_(EOFError())
    session = Session("deer", ["human", "greedy"], seed=2)
    assert Terminal(session, script.read, script.write, save_dir=tmp_path / "gone").play() == LOST
    assert script.output[-5:-2] == [f"Not saved: cannot write the saved game to {folder / session.save_stem}.json: "
                                    f"no folder {folder}." for folder in
                                    (tmp_path / "gone", tmp_path / "no-home", tmp_path / "no-tmp")]
    assert script.output[-2].startswith("No folder took the save, so here it is: paste the lines below")
    assert read_save(script.output[-1])[0] == session.state  # the last resort: the save itself, to paste


def raise_(error: BaseException):
    raise error


def test_a_quit_with_a_save_says_saved_and_one_without_says_finished(tmp_path):
    for answers, status in ((["q", "y", ""], SAVED), (["q", "n"], FINISHED)):
        script = Script(answers)
        assert Terminal(Session("deer", ["human", "greedy"], seed=2), script.read, script.write,
                        save_dir=tmp_path).play() == status
    assert len(list(tmp_path.glob("*.json"))) == 1


@pytest.mark.parametrize("bot, words", [
    ("raiser", "Stopped: an unexpected error (ValueError: the bot fell over, at bad_bots.py line "),
    ("quitter", "Stopped: an unexpected error (something called sys.exit(7), at bad_bots.py line "),
    ("cheater", "Stopped: P1's bot cheater made a move the rules forbid (Ruling ")])
def test_a_bot_that_fails_stops_the_game_and_the_game_is_saved(bot, words, tmp_path, monkeypatch):
    import tempfile

    from bad_bots import AGENTS
    from deerbook.engine import registry

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setitem(registry._AGENTS, bot, next(info for info in AGENTS if info.name == bot))
    script = Script(seed=3)
    session = Session("deer", ["human", bot], seed=5)
    assert Terminal(session, script.read, script.write, save_dir=tmp_path).play() == SAVED
    assert script.output[-2].startswith(words) and "\n" not in script.output[-2], script.output[-2]
    saved = Path(SAVED_LINE.match(script.output[-1]).group(1))
    assert read_save_file(saved)[0] == session.state and not session.state.is_terminal()
    if bot != "cheater":
        log = Path(re.search(r"its traceback is in (\S+\.log)", script.output[-2]).group(1))
        assert log.parent == tmp_path and "bad_bots.py" in log.read_text() and "Traceback" in log.read_text()
    else:
        assert "seat another bot with --seats when you resume" in script.output[-2]


def test_a_byte_the_input_cannot_decode_is_asked_again(tmp_path):
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy", "--seed", "4"]
    done = subprocess.run(command, input=b"\n1\n1\n1\n\n1\n\xff\xfe\n1\nq\nn\n", capture_output=True, timeout=60,
                          cwd=tmp_path, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    out = done.stdout.decode()
    assert done.returncode == FINISHED and done.stderr == b"" and out.rstrip().endswith("Goodbye.")
    assert "Please type a number from 1 to" in out


@pytest.mark.parametrize("how", ["end of input", "Ctrl-C", "s"])
def test_a_removed_current_folder_still_saves_the_game_elsewhere(how, tmp_path):
    here, home = tmp_path / "here", tmp_path / "home"
    here.mkdir()
    home.mkdir()
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy", "--seed", "3"]
    with subprocess.Popen(command, cwd=here, env={**os.environ, "HOME": str(home)}, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as table:
        out = b""
        while PROMPT.encode() not in out:
            out += os.read(table.stdout.fileno(), 65536)
        here.rmdir()
        if how == "Ctrl-C":
            table.send_signal(signal.SIGINT)
        out += table.communicate(b"s\n\nq\nn\n" if how == "s" else b"", timeout=60)[0]
    text = out.decode()
    [saved] = home.glob("*.json")
    assert "Traceback" not in text and f"Saved to {saved}. Resume with:" in text and read_save_file(saved)
    if how == "s":
        assert table.returncode == FINISHED and f"Save to [{saved}]: " in text  # the home folder offered
    else:
        assert table.returncode == SAVED and "the current folder no longer exists." in text


def test_a_table_whose_output_fills_the_disk_saves_and_says_so_on_stderr(tmp_path):
    command = [sys.executable, "-m", "deerbook", "play", "deer", "--seats", "human,greedy", "--seed", "3"]
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=60, cwd=tmp_path)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == SAVED and lines[0] == "Stopped: the output cannot be written (No space left on device)."
    assert len(lines) == 2 and read_save_file(SAVED_LINE.match(lines[1]).group(1))
