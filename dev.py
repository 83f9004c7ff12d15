#!/usr/bin/env python3
"""deerbook's set-up commands: Python 3.11 and pip (npm for the book's live site, chromium for the browser tests).

  python3 dev.py install     create .venv if needed and install deerbook[dev] into it (then: .venv/bin/deerbook)
  python3 dev.py book [--no-serve]
                             create .venv if needed, install deerbook[dev], build the book and its live site, then
                             serve it on http://127.0.0.1:8000 and open it in a browser (Ctrl-C stops the server;
                             --no-serve only builds: book/_build/html)
  python3 dev.py test [--quick] [PYTEST_ARGUMENT ...]
                             the whole suite: ruff, mypy, pytest tests/, nbval over notebooks/, strict book
                             build, live site, browser tests of the built book; --quick stops after the unit
                             tests; other arguments (e.g. -k cli, -x, tests/test_cli.py) go to the unit-test run
  python3 dev.py notebooks [NOTEBOOK ...]
                             re-execute notebooks in place (default: all of notebooks/*.ipynb); stored so that
                             a re-run on unchanged code leaves `git diff` empty
  python3 dev.py pictures    redraw the README's pictures (book/pictures/*.png: book/pictures.py, needs chromium)
  python3 dev.py clean       remove the book build
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"
STAMP = VENV / ".deerbook-installed"
BOOK_HTML = ROOT / "book" / "_build" / "html"
BOOK_BUILD = ["jupyter-book", "build", ".", "--config", "book/_config.yml", "--toc", "book/_toc.yml",
              "--path-output", "book"]
PYTEST = ["python", "-m", "pytest", "-p", "no:cacheprovider"]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
BOOK_TESTS = ("tests/test_book_build.py", "tests/test_lite.py", "tests/test_play_page.py",  # need the built book
              "tests/test_chart_alternatives.py")


def run(*command: str, **extra_env: str) -> None:
    """Run a tool from .venv (first on PATH, so the notebook kernel is the venv's python)."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "VIRTUAL_ENV": str(VENV),
           "PYDEVD_DISABLE_FILE_VALIDATION": "1", **extra_env}
    print("+", " ".join(command), flush=True)
    subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT, env=env, check=True)


def install() -> None:
    """Create .venv and install deerbook[dev], unless done since pyproject.toml last changed."""
    if not (BIN / "python").exists():
        print(f"+ creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
        run("python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    if not STAMP.exists() or STAMP.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        run("python", "-m", "pip", "install", "--quiet", "-e", ".[dev]")
        STAMP.touch()


def book(*arguments: str) -> None:
    install()
    run(*BOOK_BUILD)
    run("python", "book/lite/build_lite.py")
    print(f"\nBook built in {BOOK_HTML}")
    if "--no-serve" not in arguments:
        serve(BOOK_HTML)


def serve(folder: Path, port: int = 8000) -> None:
    """Serve the built book on 127.0.0.1 (its table's web worker and the live site need http, not file://) and
    open it in a browser; Ctrl-C stops. The next free port is taken if `port` is busy."""
    import functools
    import webbrowser
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                          ".mjs": "text/javascript", ".whl": "application/zip"}

        def log_message(self, *args: object) -> None:
            pass

        def send_head(self):
            """The file asked for; a path that can be no file's (a NUL character, `GET /%00`) is a 400 answer,
            not a traceback on the server's side."""
            try:
                return super().send_head()
            except ValueError:
                self.send_error(400, "Bad request: no file has such a name")
                return None

    for candidate in range(port, port + 20):
        try:
            server = ThreadingHTTPServer(("127.0.0.1", candidate), functools.partial(Handler, directory=str(folder)))
            break
        except OSError:
            continue
    else:
        sys.exit(f"dev.py book: no free port from {port} to {port + 19}; the book is in {folder}")
    url = f"http://127.0.0.1:{server.server_port}/"
    print(f"Serving the book at {url} (Ctrl-C stops)", flush=True)
    webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped serving the book.")
    finally:
        server.server_close()


def pictures() -> None:
    install()
    run("python", "book/pictures.py")


def test(*arguments: str) -> None:
    """Ruff, mypy and the unit tests; then, unless --quick, nbval, the strict book build, the live site and the
    browser tests of the built book."""
    install()
    run("python", "tests/axe.py")  # axe-core for the browser tests' accessibility checks (npm, once)
    run("ruff", "check", ".")
    run("mypy", "deerbook")
    book_tests = [f"--ignore={test}" for test in BOOK_TESTS]  # run after the book build
    run(*PYTEST, *book_tests, *(a for a in arguments if a != "--quick"))  # testpaths: tests
    if "--quick" in arguments:
        print("dev.py test --quick: ruff, mypy and unit tests passed")
        return
    run(*PYTEST, "--nbval", "notebooks", "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg")
    # Warnings are errors; --all re-reads every page so no warning hides in a cache.
    run(*BOOK_BUILD, "--all", "-W", "-n", "--keep-going")
    run("python", "book/lite/build_lite.py")
    run(*PYTEST, *BOOK_TESTS, DEERBOOK_BOOK_HTML=str(BOOK_HTML))
    print("dev.py test: all steps passed")


def notebooks(*names: str) -> None:
    """Re-execute notebooks in place and store them without run-to-run noise."""
    install()
    paths = [Path(name).resolve() for name in names] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    run("jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
        "--ExecutePreprocessor.kernel_name=python3", "--ExecutePreprocessor.timeout=600",
        "--ExecutePreprocessor.store_widget_state=False", *map(str, paths))
    for path in paths:
        path.write_text(stable_json(json.loads(path.read_text())))


def stable_json(notebook: dict) -> str:
    """The notebook as stored: no execution timestamps, one output per printed stream, no widget model ids."""
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("execution", None)
        if "outputs" in cell:
            cell["outputs"] = merged_streams(cell["outputs"])
            for output in cell["outputs"]:
                output.get("data", {}).pop(WIDGET_VIEW, None)  # a fresh random model id on every run
    notebook.get("metadata", {}).pop("widgets", None)
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def merged_streams(outputs: list[dict]) -> list[dict]:
    """All stream outputs of one name (stdout, stderr) as one, at the first one's place, as nbval compares them:
    the kernel chunks and interleaves printed text differently from run to run."""
    merged: list[dict] = []
    streams: dict[str, dict] = {}
    for output in outputs:
        if output.get("output_type") != "stream":
            merged.append(output)
        elif output["name"] in streams:
            streams[output["name"]]["text"] += "".join(output["text"])
        else:
            streams[output["name"]] = {**output, "text": "".join(output["text"])}
            merged.append(streams[output["name"]])
    for stream in streams.values():
        stream["text"] = stream["text"].splitlines(keepends=True)
    return merged


def clean() -> None:
    shutil.rmtree(ROOT / "book" / "_build", ignore_errors=True)


COMMANDS = {"install": install, "book": book, "test": test, "notebooks": notebooks, "pictures": pictures,
            "clean": clean}

if __name__ == "__main__":
    command, *arguments = sys.argv[1:] or [""]
    takes_arguments = command in ("notebooks", "test") or (command == "book" and arguments == ["--no-serve"])
    if command not in COMMANDS or (arguments and not takes_arguments):
        sys.exit(__doc__)
    try:
        COMMANDS[command](*arguments)
    except subprocess.CalledProcessError as failure:
        sys.exit(f"dev.py {sys.argv[1]}: step failed with exit code {failure.returncode}: {' '.join(failure.cmd)}")
