"""No traceback anywhere: every deerbook error survives pickling (a worker's error comes back whole), an output that
cannot be written, a terminal that cannot show a character, a plugin that raises anything or exits, a scheduler
that answers junk and a request for a file name no file can have each end in one clear line."""
import importlib
import inspect
import os
import pickle
import pkgutil
import re
import resource
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import bad_bots
from processes import AS_FROM_A_TERMINAL
import deerbook
from deerbook.engine.errors import DeerbookError, OptionError, RuleViolation
from deerbook.engine.registry import AgentInfo

ROOT = Path(__file__).resolve().parents[2]
LOG_LINE = re.compile(r"its traceback is in (\S+\.log)")


def deerbook_command(*args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """`python -m deerbook ARGS` as a terminal starts it, its output (unless `stdout` is given) and errors as text."""
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    command = [sys.executable, "-c", AS_FROM_A_TERMINAL + "import runpy; runpy.run_module('deerbook', alter_sys=True)"]
    return subprocess.run([*command, *args], text=True, timeout=300, env={**os.environ, **(env or {})}, **streams)


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and "Traceback" not in text and "Exception ignored" not in text, text
    return text


# -- every error survives a trip through pickle ---------------------------------------------------------------------
def every_error_class() -> list[type]:
    """Every subclass of DeerbookError the package defines (each module imported)."""
    for module in pkgutil.walk_packages(deerbook.__path__, "deerbook."):
        if not module.name.endswith("__main__"):  # which would run the command line
            importlib.import_module(module.name)
    found, todo = [], [DeerbookError]
    while todo:
        kind = todo.pop()
        found.append(kind)
        todo.extend(kind.__subclasses__())
    return [kind for kind in found if kind.__module__.startswith("deerbook.")]


def test_every_deerbook_error_survives_pickling_with_its_message_and_fields():
    kinds = every_error_class()
    assert {RuleViolation, OptionError, DeerbookError} <= set(kinds) and len(kinds) >= 8, kinds
    for kind in kinds:
        parameters = [p for p in inspect.signature(kind.__init__).parameters.values()
                      if p.name != "self" and p.kind is p.POSITIONAL_OR_KEYWORD]
        error = kind(*[f"{p.name} {i}" for i, p in enumerate(parameters)]) if parameters else kind("what happened")
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is kind and str(again) == str(error) and again.__dict__ == error.__dict__, kind
        assert again.args == error.args


def test_a_bots_illegal_move_in_a_worker_process_is_one_line_naming_the_seat_and_agent(tmp_path):
    """A RuleViolation raised in a worker used to arrive as a 37-line BrokenProcessPool."""
    path = bad_bots.install(tmp_path)
    for workers in ("1", "2"):
        done = deerbook_command("simulate", "deer", "--players", "2", "--agents", "greedy,cheater", "--games", "4",
                                "--seed", "1", "--workers", workers, env={"PYTHONPATH": path})
        assert done.returncode == 1 and done.stdout == "", done.stderr
        assert one_line(done.stderr).startswith("deerbook simulate: error: Ruling ")
        assert "P1's agent Cheater broke it: a move nobody may make is not allowed" in done.stderr
        assert "(see" not in done.stderr  # not the arguments' fault


# -- outputs --------------------------------------------------------------------------------------------------------
def test_an_output_that_cannot_be_written_is_one_line():
    with open("/dev/full", "w") as full:
        done = deerbook_command("odds", "deer", stdout=full)
    assert done.returncode == 1 and done.stderr == "deerbook: error: cannot write the output: No space left on device\n"
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))  # noqa: E731 (like `ulimit -f 1`)
    with open("odds.txt", "w") as file:
        done = deerbook_command("odds", "deer", "--json", stdout=file, preexec_fn=limit)
    assert done.returncode == 1 and done.stderr == "deerbook: error: cannot write the output: File too large\n"


def test_a_latin1_terminal_plays_with_no_traceback():
    done = deerbook_command("play", "deer", "--seats", "human,greedy", "--seed", "4", input="q\nn\n",
                            env={"PYTHONIOENCODING": "latin-1"}, encoding="latin-1")
    assert done.returncode == 0 and done.stderr == "" and done.stdout.rstrip().endswith("Goodbye.")
    assert "number cards 1?12" in done.stdout  # the en dash latin-1 lacks, replaced


# -- plugins --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("raised", ["KeyboardInterrupt", "SystemExit(7)", "GeneratorExit", "ValueError('no')"])
def test_a_plugin_that_raises_anything_at_import_is_one_warning_and_every_command_works(raised, tmp_path):
    (tmp_path / "raises_on_import.py").write_text(f"raise {raised}\n")
    path = bad_bots.install(tmp_path, "raising = raises_on_import:GAMES", "deerbook.games")
    done = deerbook_command("simulate", "--help", env={"PYTHONPATH": path})
    name = raised.partition("(")[0]
    assert done.returncode == 0 and "examples:" in done.stdout
    assert one_line(done.stderr).startswith(
        f"deerbook: warning: skipped the games of entry point raising = raises_on_import:GAMES: {name}")


def test_a_real_ctrl_c_while_a_plugin_is_imported_still_stops_the_command(tmp_path):
    (tmp_path / "slow_to_import.py").write_text("import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\n"
                                                "time.sleep(30)\n")
    path = bad_bots.install(tmp_path, "slow = slow_to_import:GAMES", "deerbook.games")
    done = deerbook_command("simulate", "--help", env={"PYTHONPATH": path})
    assert done.returncode == 130 and done.stderr == "deerbook: interrupted\n" and done.stdout == ""


def test_a_ctrl_c_that_lands_in_a_finalizer_still_stops_the_command(tmp_path):
    """Python only prints an exception raised in a finalizer (`__del__`): the Ctrl-C must not be lost there."""
    (tmp_path / "finalized_on_import.py").write_text(
        "import os, signal\nclass Finalized:\n    def __del__(self):\n        os.kill(os.getpid(), signal.SIGINT)\n"
        "        for _ in range(10_000):\n            pass\nFinalized()\nGAMES = []\n")
    path = bad_bots.install(tmp_path, "finalized = finalized_on_import:GAMES", "deerbook.games")
    done = deerbook_command("simulate", "--help", env={"PYTHONPATH": path})
    assert done.returncode == 130 and done.stderr == "deerbook: interrupted\n" and done.stdout == ""


@pytest.mark.parametrize("bot, words", [
    ("raiser", "an unexpected error (ValueError: the bot fell over, at bad_bots.py line "),
    ("quitter", "an unexpected error (something called sys.exit(7), at bad_bots.py line "),
    ("broken", "an unexpected error (RuntimeError: no bot today, at bad_bots.py line ")])
def test_a_plugin_bot_that_raises_or_exits_is_one_line_naming_a_log_of_its_traceback(bot, words, tmp_path):
    path = bad_bots.install(tmp_path)
    for workers in ("1", "2"):
        done = deerbook_command("simulate", "deer", "--players", "2", "--agents", f"greedy,{bot}", "--games", "4",
                                "--seed", "1", "--workers", workers, env={"PYTHONPATH": path, "TMPDIR": str(tmp_path)})
        assert done.returncode == 1 and done.stdout == "" and words in one_line(done.stderr), done.stderr
        log = Path(LOG_LINE.search(done.stderr).group(1))
        assert log.parent == tmp_path and "bad_bots.py" in log.read_text()
        assert log.read_text().startswith(f"deerbook simulate deer --players 2 --agents greedy,{bot}")


def test_a_plugin_may_not_take_the_name_of_the_human_seat():
    with pytest.raises(DeerbookError, match="agent name 'human' is a table's seat for a person"):
        AgentInfo("human", "hides behind the person's seat", "random", "bad_bots:Raiser")


# -- a Dask scheduler that answers junk -----------------------------------------------------------------------------
@pytest.fixture
def junk_server():
    """A server that answers a plausible message size, then junk."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held = []

    def answer() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # the test is over
                return
            connection.sendall((20).to_bytes(8, "little") + b"\xff" * 120)
            held.append(connection)

    threading.Thread(target=answer, daemon=True).start()
    yield listener.getsockname()[1]
    listener.close()
    for connection in held:
        connection.close()


@pytest.mark.parametrize("scheme", ["tcp", "tls"])
def test_a_scheduler_that_answers_junk_is_one_line_and_nothing_at_exit(scheme, junk_server):
    """It used to print its line, wait 20 s at exit and print `Exception ignored in Client.__del__`; over tcp the line
    was Dask's own "unpack_from requires a buffer of at least 8 bytes"."""
    pytest.importorskip("distributed")
    address = f"{scheme}://127.0.0.1:{junk_server}"
    done = deerbook_command("simulate", "football", "--seed", "1", "--games", "2", "--scheduler", address)
    assert done.returncode == 2 and f"cannot use the Dask scheduler at {address}: " in one_line(done.stderr)
    if scheme == "tcp":
        assert done.stderr == (f"deerbook simulate: error: cannot use the Dask scheduler at {address}: it does not "
                               "answer as a Dask scheduler (see deerbook simulate --help)\n")


# -- the book's server ----------------------------------------------------------------------------------------------
def test_the_book_server_answers_a_nul_in_a_path_with_400_and_no_traceback(tmp_path):
    (tmp_path / "index.html").write_text("<p>the book</p>")
    serve = f"import dev, pathlib; dev.serve(pathlib.Path({str(tmp_path)!r}), 8731)"
    with subprocess.Popen([sys.executable, "-c", serve], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env={**os.environ, "BROWSER": "true"}) as server:
        url = re.search(r"http://\S+/", server.stdout.readline()).group(0)
        for path, status in (("%00", 400), ("a%00b.html", 400), ("index.html", 200)):
            try:
                status_seen = urllib.request.urlopen(url + path, timeout=60).status
            except urllib.error.HTTPError as exc:
                status_seen = exc.code
            assert status_seen == status, path
        server.terminate()
        err = server.communicate(timeout=60)[1]
    assert "Traceback" not in err and "ValueError" not in err, err
