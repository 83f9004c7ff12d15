"""The command line's limits: the balance study never replaces the package's own unasked and never loses its results,
worker counts are bounded, a cluster that cannot be used is one line naming its address, Ctrl-C ends a batch at
once, and the words a person reads name the flags they typed."""
import contextlib
import gzip
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from deerbook.analysis import study as study_module
from deerbook.analysis.study import RESULTS_FILE, load_study, run_study, save_study
from deerbook.cli import balance, running
from deerbook.cli.main import main
from deerbook.engine.batch import BatchSpec, max_workers, run_batch
from deerbook.engine.errors import SaveFileError
from deerbook.engine.files import FileWriteError
from deerbook.engine.registry import agent_factories, make_game

from processes import AS_FROM_A_TERMINAL, HANG_SECONDS, line_within, started
from cli_errors import refused

HELPERS = Path(__file__).resolve().parents[1] / "helpers"  # the toy game and its plugins/ metadata


# -- the balance study ----------------------------------------------------------------------------------------------
SMALL_STUDY = ["balance", "--games", "3", "--only", "football-solo-normal", "--workers", "1"]


def test_a_study_run_writes_a_new_file_here_never_the_package_study(tmp_path, monkeypatch, capsys):
    before = RESULTS_FILE.read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(SMALL_STUDY) == 0
    out = capsys.readouterr().out
    assert f"results written to {tmp_path / 'balance-study.json.gz'}" in out
    assert RESULTS_FILE.read_bytes() == before
    assert list(load_study(tmp_path / "balance-study.json.gz")["configurations"]) == ["football-solo-normal"]


@pytest.mark.parametrize("extra, words", [
    (["--output", str(RESULTS_FILE)], "is the package's own study, which the book reads; add --update-package"),
    (["--output", "{tmp}"], "argument --output: cannot write the balance study to {tmp}: that is a folder"),
    (["--output", "{tmp}/no/study.json.gz"], "no folder"),
    (["--output", "/dev/full"], "not a regular file"),
    (["--output", "/proc/version"], "/proc/version: its folder /proc takes no new file (No such file or directory)"),
    (["--output", "x", "--update-package"], "not allowed with argument --output"),
])
def test_a_study_that_could_not_be_written_is_refused_before_it_runs(extra, words, tmp_path, monkeypatch, capsys):
    before = RESULTS_FILE.read_bytes()
    monkeypatch.setattr(balance, "run_study", lambda *args, **kwargs: pytest.fail("the study ran"))
    err = refused([*SMALL_STUDY, *[arg.format(tmp=tmp_path) for arg in extra]], capsys)
    assert words.format(tmp=tmp_path) in err
    assert RESULTS_FILE.read_bytes() == before


def test_a_study_whose_file_fails_at_the_end_is_kept_in_the_temporary_folder(tmp_path, monkeypatch, capsys):
    """The disk holding --output fills up during the run: the results go to the temporary folder, said where."""
    target = tmp_path / "study.json.gz"
    real_save = study_module.save_study

    def full_disk(study, path):
        if Path(path) == target:
            raise FileWriteError(f"cannot write the balance study to {path}: No space left on device")
        return real_save(study, path)

    monkeypatch.setattr(balance, "save_study", full_disk)
    monkeypatch.setenv("TMPDIR", str(tmp_path / "spare"))
    (tmp_path / "spare").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    assert main([*SMALL_STUDY, "--output", str(target)]) == 0
    out = capsys.readouterr().out
    spare = tmp_path / "spare" / "deerbook-balance-study.json.gz"
    assert f"No space left on device; the results are in {spare} instead" in out
    assert list(load_study(spare)["configurations"]) == ["football-solo-normal"] and not target.exists()


def test_a_study_no_folder_takes_is_printed_and_said_in_one_line_not_blamed_on_the_arguments(tmp_path, monkeypatch,
                                                                                                capsys):
    """The disk fills up during the run for --output, the temporary folder and the home folder alike."""
    import tempfile

    def full_disk(study, path):
        raise FileWriteError(f"cannot write the balance study to {path}: No space left on device")

    monkeypatch.setattr(balance, "save_study", full_disk)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert main([*SMALL_STUDY, "--output", str(tmp_path / "study.json.gz")]) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("deerbook balance: error: cannot write the balance study to ")
    assert err.count("No space left on device") == 3 and "(see" not in err
    assert err.endswith("no folder took the results, so they are printed on standard output, as JSON\n")
    assert list(json.loads(out)["configurations"]) == ["football-solo-normal"]


def test_a_cut_or_bloated_study_file_is_refused_by_the_package_error(tmp_path, monkeypatch):
    path = save_study(run_study(2, 2, workers=1, only=["football-2p"]), tmp_path / "study.json.gz")
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])  # a write cut short (before writes were atomic)
    with pytest.raises(SaveFileError, match="cut short"):
        load_study(path)
    monkeypatch.setattr(study_module, "MAX_STUDY_BYTES", 50_000)  # the limit, scaled down for the test
    path.write_bytes(gzip.compress(b" " * 50_001))  # a few hundred bytes that unzip beyond it
    with pytest.raises(SaveFileError, match="more than the 50000 bytes allowed, uncompressed"):
        load_study(path)
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(SaveFileError, match="not a regular file"):
        load_study(tmp_path / "fifo")


# -- workers and clusters -------------------------------------------------------------------------------------------
def test_workers_beyond_the_bound_are_refused_naming_it(capsys):
    limit = max_workers()
    for command in (["simulate", "deer", "--seed", "1"], ["balance"]):
        err = refused([*command, "--workers", str(limit + 1)], capsys)
        assert f"argument --workers: must be an integer from 1 to {limit} (4 per core" in err
    game = make_game("football", num_players=1)
    with pytest.raises(ValueError, match=f"from 1 to {limit}"):
        run_batch(BatchSpec(game, agent_factories(game, ["greedy"])), 2, 1, workers=limit + 1)


@pytest.fixture
def servers():
    """Addresses of a closed port, a server that accepts and says nothing, and one that answers garbage."""
    listeners = []

    def listening() -> socket.socket:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        listeners.append(sock)
        return sock

    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()
    silent, garbage = listening(), listening()

    def answer_garbage() -> None:
        with contextlib.suppress(OSError):  # the test may end without connecting: the listener closes
            connection, _ = garbage.accept()
            connection.sendall(b"\xff" * 4096)  # read by Dask as the size of a message: 16 EiB
            listeners.append(connection)

    threading.Thread(target=answer_garbage, daemon=True).start()
    address = lambda sock: f"tcp://127.0.0.1:{sock.getsockname()[1]}"  # noqa: E731
    yield {"closed port": f"tcp://127.0.0.1:{closed_port}", "silent server": address(silent),
           "garbage server": address(garbage)}
    for sock in listeners:
        sock.close()


@pytest.mark.parametrize("kind, words", [("garbage", "missing port number"), ("tcp://[::1", "invalid address"),
                                         ("closed port", "Connection refused"),
                                         ("silent server", "no answer within 1 s"),
                                         ("garbage server", "it does not answer as a Dask scheduler")])
def test_a_scheduler_that_cannot_be_used_is_one_line_naming_its_address(kind, words, servers, monkeypatch, capsys):
    pytest.importorskip("distributed")
    monkeypatch.setattr(running, "SCHEDULER_SECONDS", 1.0)
    address = servers.get(kind, kind)  # a server's address, or the address as typed
    err = refused(["simulate", "football", "--seed", "1", "--games", "2", "--scheduler", address], capsys)
    assert f"cannot use the Dask scheduler at {address}: {words}" in err, err


def wait_for_workers(pid: int, count: int) -> list[int]:
    """Wait until the process has started `count` worker processes (it is then playing games, or about to) and
    return their ids, or fail after HANG_SECONDS."""
    end = time.monotonic() + HANG_SECONDS
    children = Path(f"/proc/{pid}/task/{pid}/children")
    while len(children.read_text().split()) < count:
        assert time.monotonic() < end, f"no {count} workers after {HANG_SECONDS} s"
        time.sleep(0.05)
    return [int(child) for child in children.read_text().split()]


def living_in_group(group: int) -> list[int]:
    """The processes of process group `group` that are still running (a zombie has ended: it only awaits its
    parent's wait, and a process re-parented to this machine's first process may be left so)."""
    found = []
    for folder in Path("/proc").iterdir():
        try:
            stat = (folder / "stat").read_text() if folder.name.isdigit() else ""
        except OSError:  # it ended while we looked
            continue
        fields = stat[stat.rfind(")") + 2:].split()  # after "pid (name) ": state, parent, group, ...
        if fields and int(fields[2]) == group and fields[0] != "Z":
            found.append(int(folder.name))
    return found


def wait_until_the_group_is_gone(group: int) -> None:
    """Wait until no process of the batch's group runs any more, or fail after HANG_SECONDS naming those left."""
    end = time.monotonic() + HANG_SECONDS
    while left := living_in_group(group):
        assert time.monotonic() < end, f"processes {left} of the batch still run {HANG_SECONDS} s after its parent"
        time.sleep(0.05)


DEERBOOK = AS_FROM_A_TERMINAL + "from deerbook.cli.main import main; sys.exit(main(sys.argv[1:]))"
# The same saying "ready" once its `main` has begun (before that, Python's own Ctrl-C handling prints a traceback), its
# chunks cut small (MAX_CHUNK games) so that its first results come early: the signal then lands in the start of the
# command, the workers' start, the first games and the first results.
STRESSED = AS_FROM_A_TERMINAL + (
    "import deerbook.engine.batch, deerbook.cli.main; deerbook.engine.batch.MAX_CHUNK = 3; "
    "run = deerbook.cli.main._run; deerbook.cli.main._run = lambda argv: print('ready', flush=True) or run(argv); "
    "sys.exit(deerbook.cli.main.main(sys.argv[1:]))")
TRIALS = 40


@contextlib.contextmanager
def stressed(games: int) -> Iterator[subprocess.Popen]:
    """`deerbook simulate deer` of `games` games on two workers, in a session of its own, once it says ready."""
    command = [sys.executable, "-c", STRESSED, "simulate", "deer", "--games", str(games), "--seed", "1",
               "--workers", "2"]
    with started(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                 start_new_session=True) as process:
        assert line_within(process.stdout) == "ready\n"
        yield process


@pytest.fixture(scope="module")
def first_results_seconds() -> float:
    """Seconds from the command's start to the end of a batch of 16 games on two workers (8 chunks of 2 games):
    past the workers' start and the first results, which come back after 2 games."""
    began = time.monotonic()
    with stressed(16) as process:
        process.communicate(timeout=HANG_SECONDS)
    assert process.returncode == 0
    return time.monotonic() - began


@pytest.mark.parametrize("trial", range(TRIALS))
def test_ctrl_c_at_any_moment_ends_a_batch_in_one_line_and_leaves_no_worker(trial, first_results_seconds):
    """Ctrl-C at TRIALS moments spread from the command's start to past its first results, to the process group (as
    a terminal sends it) or to the parent alone: each time exit code 130, one line, and no worker left."""
    delay = first_results_seconds * trial / (TRIALS - 1)
    with stressed(4000) as process:  # 4,000 games: the batch is still playing when the signal comes
        time.sleep(delay)
        if trial % 2:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=HANG_SECONDS)  # it ends at once (benchmarks/responsiveness.py)
    assert (process.returncode, err, out) == (130, "deerbook: interrupted\n", ""), f"Ctrl-C after {delay:.3f} s"
    wait_until_the_group_is_gone(process.pid)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=lambda s: s.name)
def test_workers_end_with_their_parent_however_it_is_stopped(stop):
    """`kill`, a closed terminal (SIGHUP) or `kill -9` to the batch's parent alone: the parent stops its workers
    and ends by the signal (SIGKILL: the workers see their parent gone and end by themselves); none is left."""
    command = [sys.executable, "-c", DEERBOOK, "simulate", "deer", "--games", "3000", "--seed", "1", "--workers", "2"]
    with started(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True) as process:
        wait_for_workers(process.pid, 2)
        process.send_signal(stop)
        out, err = process.communicate(timeout=HANG_SECONDS)  # the workers hold the pipes too: they have ended
    assert (process.returncode, out, err) == (-stop, b"", b"")
    wait_until_the_group_is_gone(process.pid)


# -- words -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["play", "deer", "--seats", "human"], "argument --seats: deer is for 2 to 6 players: give one seat each, got 1"),
    (["simulate", "deer", "--seed", "1", "--option", "num_players=²"], "must be an integer from 2 to 6, got '²'"),
    (["simulate", "deer", "--seed", "1", "--option", "num_players=+-3"], "got '+-3'"),
    (["simulate", "deer", "--seed", "1", "--games", "+-3"], "argument --games: must be an integer from 1"),
    (["simulate", "deer", "--seed", "1", "--option", "num_players=" + "9" * 5000], "got '99999"),
])
def test_numbers_and_seat_counts_are_refused_in_the_words_of_the_flag_typed(argv, words, capsys):
    err = refused(argv, capsys)
    assert words in err and len(err) < 400, err


@pytest.mark.parametrize("flag", [["--advanced"], ["--option", "knocking=maybe"], ["--option", "knocking=true"],
                                  ["--difficulty", "hard"], ["--seed", "0"]])
def test_a_loaded_game_refuses_flags_it_would_ignore(flag, tmp_path, capsys):
    from deerbook.play.session import Session

    path = tmp_path / "game.json"
    path.write_text(Session("deer", ["human", "greedy"], seed=1).save_text())
    err = refused(["play", "deer", "--load", str(path), *flag], capsys)
    assert f"argument {flag[0]}: a loaded game goes on with the" in err


def test_a_plugin_that_exits_while_imported_is_named_and_the_others_run(tmp_path):
    (tmp_path / "exits_on_import.py").write_text("import sys\nsys.exit(3)\n")
    info = tmp_path / "exiting-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: exiting\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[deerbook.games]\nexiting = exits_on_import:GAMES\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, [HELPERS, HELPERS / "plugins", tmp_path]))}
    done = subprocess.run([sys.executable, "-m", "deerbook", "simulate", "toy-race", "--seed", "1", "--games", "2"],
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0 and done.stdout.startswith("toy-race: 2 players"), done.stderr
    assert done.stderr == ("deerbook: warning: skipped the games of entry point exiting = exits_on_import:GAMES: "
                           "SystemExit: 3\n")


@pytest.mark.parametrize("content, words", [("{", "cannot read JSON"), ('{"format": "deerbook-save"}',
                                                                        "unsupported save version None"),
                                             ("[]", "not a deerbook saved game"), (b"\xff", "not UTF-8 text")])
def test_a_bad_save_is_refused_naming_the_file(content, words, tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    err = refused(["play", "deer", "--load", str(path)], capsys)
    assert f"argument --load: saved game {path}: " in err and words in err and "saved game:" not in err, err
