#!/usr/bin/env python3
"""deerbook's set-up commands: Python 3.11 and pip (npm for the book's live site, chromium for the browser tests).

  python3 dev.py install     create .venv if needed and install deerbook[dev] into it, at the versions pinned in
                             constraints.txt (then: .venv/bin/deerbook)
  python3 dev.py book [--no-serve]
                             create .venv if needed, install deerbook[dev], build the book and its live site, then
                             serve it on http://127.0.0.1:8000 and open it in a browser (Ctrl-C stops the server;
                             --no-serve only builds: book/_build/html)
  python3 dev.py test [--quick] [PYTEST_ARGUMENT ...]
                             the whole suite, stage by stage (dev.py's `test_stages` lists them); --quick
                             stops after the unit tests; other arguments (e.g. -k cli, -x, tests/cli, -n 0 for
                             one process) go to the unit-test run
  python3 dev.py notebooks [NOTEBOOK ...]
                             re-execute notebooks in place (default: all of notebooks/*.ipynb); stored so that
                             a re-run on unchanged code leaves `git diff` empty
  python3 dev.py lock        pin what a fresh install of deerbook[dev] resolves to today (constraints.txt), install
                             it into .venv and store every notebook again with it
  python3 dev.py pictures    redraw the README's pictures (book/pictures/*.png: book/pictures.py, needs chromium)
  python3 dev.py clean       remove the book build
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"
STAMP = VENV / ".deerbook-installed"
# The exact versions the stored notebook outputs were made with (nbval compares them exactly); pyproject.toml keeps
# ranges for the package's users.
CONSTRAINTS = ROOT / "constraints.txt"
BOOK_HTML = ROOT / "book" / "_build" / "html"
PYTEST = ["python", "-m", "pytest", "-p", "no:cacheprovider"]
# pytest-xdist: a worker per core (the browser tests, which wait on pages, take one more).
EVERY_CORE = ["-n", "auto"]
# Every notebook re-executed cell by cell and compared with its stored outputs; a cell that raises fails its test.
# The cells of one notebook share a kernel, so they stay together on one worker (loadscope).
NBVAL = [*EVERY_CORE, "--dist", "loadscope", "--nbval", "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg"]
# The strict build's configuration: the book's own, rendering the notebooks as stored (nbval has just re-executed
# each and matched every output); written beside it for the build, as its relative paths are read from its folder.
STORED_OUTPUTS_CONFIG = ROOT / "book" / "_config.stored-outputs.yml"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# The tests in a browser, which run last: those that need the built book (DEERBOOK_BOOK_HTML) and those that play the
# widget tables in JupyterLab. They wait on pages much of the time, so they get a worker more than there are cores.
BROWSER_TESTS = ["tests/built_book", "tests/widgets/test_browser.py", "tests/widgets/test_shipped_chapter.py"]


def book_build(config: Path = ROOT / "book" / "_config.yml") -> list[str]:
    """The command that builds the book into book/_build/html with the configuration file `config`."""
    return ["jupyter-book", "build", ".", "--config", str(config), "--toc", "book/_toc.yml", "--path-output", "book"]


def run(*command: str, **extra_env: str) -> None:
    """Run a tool from .venv (first on PATH, so the notebook kernel is the venv's python)."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "VIRTUAL_ENV": str(VENV),
           "PYDEVD_DISABLE_FILE_VALIDATION": "1", **extra_env}
    print("+", " ".join(command), flush=True)
    subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT, env=env, check=True)


def install() -> None:
    """Create .venv and install deerbook[dev] at the pinned versions, unless done since pyproject.toml or
    constraints.txt last changed."""
    if not (BIN / "python").exists():
        print(f"+ creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
        run("python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    changed = max(path.stat().st_mtime for path in (ROOT / "pyproject.toml", CONSTRAINTS))
    if not STAMP.exists() or STAMP.stat().st_mtime < changed:
        run("python", "-m", "pip", "install", "--quiet", "--constraint", str(CONSTRAINTS), "-e", ".[dev]")
        STAMP.touch()
    link_labextension()


def link_labextension() -> None:
    """Link labextension/ where JupyterLab looks for extensions: an editable install leaves out the data files that
    installing the wheel puts there."""
    target = VENV / "share" / "jupyter" / "labextensions" / "deerbook"
    if not target.exists():
        target.unlink(missing_ok=True)  # a link left pointing nowhere
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(ROOT / "labextension", target_is_directory=True)


def lock() -> None:
    """Pin in constraints.txt what a fresh environment resolves deerbook[dev] to today, install that into .venv and
    store every notebook again with it (check `git diff notebooks/`: a changed output is a changed library)."""
    with tempfile.TemporaryDirectory(prefix="deerbook-lock-") as folder:
        print(f"+ resolving deerbook[dev] in a fresh environment ({folder})", flush=True)
        venv.create(folder, with_pip=True)
        python = str(Path(folder) / "bin" / "python")
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", f"{ROOT}[dev]"], check=True)
        frozen = subprocess.run([python, "-m", "pip", "freeze", "--exclude", "deerbook"], check=True,
                                capture_output=True, text=True).stdout
    CONSTRAINTS.write_text(LOCK_HEADER.format(python=".".join(map(str, sys.version_info[:2]))) + frozen)
    install()
    notebooks()


LOCK_HEADER = """\
# The exact versions deerbook's test and book environments use (pip constraints), so the stored notebook outputs,
# which nbval compares exactly, were made with what every fresh install gets. Written by `python3 dev.py lock`
# (Python {python}: a fresh environment's `pip freeze`), which also re-stores the notebooks; used by
# `python3 dev.py install` (and so by the book, the tests and .ci/run). pyproject.toml keeps ranges for users.
"""


def book(*arguments: str) -> None:
    install()
    run(*book_build())
    run("python", "book/lite/build_lite.py")
    print(f"\nBook built in {BOOK_HTML}")
    if "--no-serve" not in arguments:
        serve(BOOK_HTML)


def serve(folder: Path, port: int = 8000) -> None:
    """Serve the built book on 127.0.0.1 (its table's web worker and the live site need http, not file://), gzipped
    as static hosts send it (book/lite/lite_browser.py's handler, which the tests and benchmarks use too), and open
    it in a browser; Ctrl-C stops. The next free port is taken if `port` is busy."""
    import functools
    import webbrowser
    from http.server import ThreadingHTTPServer

    sys.path.insert(0, str(ROOT / "book" / "lite"))
    from lite_browser import QuietHandler

    for candidate in range(port, port + 20):
        try:
            server = ThreadingHTTPServer(("127.0.0.1", candidate),
                                         functools.partial(QuietHandler, directory=str(folder)))
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
    browser tests: the built book's and JupyterLab's (`test_stages`)."""
    for _, step in test_stages(*arguments):
        step()
    print("dev.py test --quick: ruff, mypy and unit tests passed" if "--quick" in arguments
          else "dev.py test: all steps passed")


def test_stages(*arguments: str) -> list[tuple[str, Callable[[], None]]]:
    """The stages of `dev.py test ARGUMENTS`, in order: the one list of them (CONTRIBUTING.md points here;
    benchmarks/test_stages.py times each). Every pytest run uses every core (pytest-xdist).

    1. install: .venv with deerbook[dev] at constraints.txt's versions.
    2. axe-core and the Nu HTML checker, fetched once from npm into book/lite/_cache (tests/helpers/axe.py, nu.py).
    3. ruff check . and mypy deerbook, both configured in pyproject.toml.
    4. unit tests: pytest over tests/ but the browser tests (`BROWSER_TESTS`), spread test by test over the
       workers (--dist loadgroup: a test file may keep its tests on one worker). --quick stops here.
    5. nbval: every notebook re-executed and each output compared exactly with the stored one (only what
       notebooks/nbval_sanitize.cfg masks may differ); a notebook's cells share one kernel on one worker
       (--dist loadscope).
    6. strict book build: jupyter-book with every warning an error, rendering the notebooks as stored (stage 5 has
       just run them all).
    7. live site: book/lite/build_lite.py builds the JupyterLite site (Pyodide from npm, wheels from PyPI).
    8. browser tests: `BROWSER_TESTS`, the built book's with DEERBOOK_BOOK_HTML set, on one worker more than there
       are cores, spread test by test except where tests share a worker (--dist loadgroup): a file that starts a
       JupyterLab, a file whose last test checks what its browser met in the others, each mode of
       test_book_build.py's sweep over every page; each file's docstring says what it checks.
    """
    unit = [*(f"--ignore={path}" for path in BROWSER_TESTS), *(a for a in arguments if a != "--quick")]
    stages: list[tuple[str, Callable[[], None]]] = [
        ("install", install),
        ("axe-core", lambda: run("python", "tests/helpers/axe.py")),  # the browser tests' accessibility checks
        ("Nu HTML checker", lambda: run("python", "tests/helpers/nu.py")),  # the built pages' HTML (Java)
        ("ruff", lambda: run("ruff", "check", ".")),
        ("mypy", lambda: run("mypy", "deerbook")),
        ("unit tests", lambda: run(*PYTEST, *EVERY_CORE, "--dist", "loadgroup", *unit)),  # testpaths: tests
    ]
    if "--quick" in arguments:
        return stages
    return stages + [
        ("nbval", lambda: run(*PYTEST, *NBVAL, "notebooks")),
        ("strict book build", strict_build),
        ("live site", lambda: run("python", "book/lite/build_lite.py")),
        ("browser tests", lambda: run(*PYTEST, "-n", str((os.cpu_count() or 1) + 1), "--dist", "loadgroup",
                                      *BROWSER_TESTS, DEERBOOK_BOOK_HTML=str(BOOK_HTML))),
    ]


def strict_build() -> None:
    """The book built with every warning an error (--all re-reads every page, so no warning hides in a cache), from
    the notebooks as stored: nbval, just before, re-executed every one and failed on any cell error or changed
    output, so executing them all again here would only take time."""
    STORED_OUTPUTS_CONFIG.write_text(stored_outputs_config())
    try:
        run(*book_build(STORED_OUTPUTS_CONFIG), "--all", "-W", "-n", "--keep-going")
    finally:
        STORED_OUTPUTS_CONFIG.unlink()


def stored_outputs_config() -> str:
    """book/_config.yml with its notebooks rendered as stored instead of executed."""
    config = (ROOT / "book" / "_config.yml").read_text()
    stored, found = re.subn(r"(?m)^(\s*execute_notebooks:).*$", r'\1 "off"', config)
    if found != 1:
        sys.exit("dev.py test: book/_config.yml has no one `execute_notebooks:` line to turn off for the strict build")
    return stored


def notebooks(*names: str) -> None:
    """Re-execute notebooks in place and store them without run-to-run noise."""
    install()
    store_executed([Path(name).resolve() for name in names] or sorted((ROOT / "notebooks").glob("*.ipynb")))


def store_executed(paths: list[Path]) -> None:
    """Execute the notebooks at `paths` in place with .venv's kernel and store them as `stable_json` writes them."""
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


COMMANDS = {"install": install, "book": book, "test": test, "notebooks": notebooks, "lock": lock,
            "pictures": pictures, "clean": clean}

if __name__ == "__main__":
    command, *arguments = sys.argv[1:] or [""]
    takes_arguments = command in ("notebooks", "test") or (command == "book" and arguments == ["--no-serve"])
    if command not in COMMANDS or (arguments and not takes_arguments):
        sys.exit(__doc__)
    try:
        COMMANDS[command](*arguments)
    except subprocess.CalledProcessError as failure:
        sys.exit(f"dev.py {sys.argv[1]}: step failed with exit code {failure.returncode}: {' '.join(failure.cmd)}")
