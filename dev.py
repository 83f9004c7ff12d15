#!/usr/bin/env python3
"""deerbook's set-up commands: Python 3.11 and pip (npm for the book's live site, chromium for the browser tests).

  python3 dev.py install     create .venv if needed and install into it what requirements/dev.lock pins (deerbook's
                             extras and the dev dependency group) and deerbook itself (then: .venv/bin/deerbook)
  python3 dev.py book [--no-serve]
                             create .venv if needed, install as above, build the book and its live site, then
                             serve it on http://127.0.0.1:8000 and open it in a browser (Ctrl-C stops the server;
                             --no-serve only builds: book/_build/html)
  python3 dev.py test [--quick] [PYTEST_ARGUMENT ...]
                             the whole suite, stage by stage (dev.py's `test_stages` lists them); --quick
                             stops after the unit tests; other arguments (e.g. -k cli, -x, tests/cli, -n 0 for
                             one process) go to the unit-test run
  python3 dev.py notebooks [NOTEBOOK ...]
                             re-execute notebooks in place (default: all of notebooks/*.ipynb); stored so that
                             a re-run on unchanged code leaves `git diff` empty
  python3 dev.py lock [--keep]
                             resolve requirements/dev.lock again at the newest versions pyproject.toml allows, for
                             every platform, install it into .venv and store every notebook again with it; --keep
                             keeps the lock's versions and only pins what pyproject.toml added (no notebook re-run)
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
import venv
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"
STAMP = VENV / ".deerbook-installed"
# Where the test command's Python processes keep the bytecode they compile, out of the source tree, even where the
# environment says to write none (PYTHONDONTWRITEBYTECODE, which containers often set): a test run starts hundreds of
# Python processes, and each would otherwise compile deerbook and the test modules again. (The install leaves pip to
# compile the installed packages where Python looks for them without this.)
PYCACHE = VENV / "pycache"
LABEXTENSION = VENV / "share" / "jupyter" / "labextensions" / "deerbook"  # where JupyterLab finds deerbook's extension
# The exact versions, with every file's hash, of all that .venv holds but deerbook: deerbook's LOCKED_EXTRAS and the
# dev dependency group, resolved once for Linux, macOS and Windows and Python LOCK_PYTHON to 3.13 (the markers say
# which line is for where). The stored notebook outputs were made with them (nbval compares them exactly);
# pyproject.toml keeps ranges for the package's users. Written by `python3 dev.py lock`.
LOCK = ROOT / "requirements" / "dev.lock"
LOCKED_EXTRAS = ("charts", "widgets", "cluster")  # the dev group has the openspiel extra's open-spiel, with a marker
LOCK_PYTHON = "3.11.5"  # the oldest Python the lock is for: its soupsieve needs 3.11.5
BOOK_HTML = ROOT / "book" / "_build" / "html"
PYTEST = ["python", "-m", "pytest", "-p", "no:cacheprovider"]
# pytest-xdist: a worker per core (the browser tests, which wait on pages, take one more).
EVERY_CORE = ["-n", "auto"]
# The runs that execute no notebook leave nbval's plugin unloaded: it imports nbformat and jsonschema, about 1.5 s of
# CPU in each of a run's processes.
NO_NBVAL = ["-p", "no:nbval"]
# Every notebook re-executed cell by cell and compared with its stored outputs; a cell that raises fails its test.
# The cells of one notebook share a kernel, so they stay together on one worker (loadscope).
NBVAL = [*EVERY_CORE, "--dist", "loadscope", "--nbval", "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg"]
# The strict build's configuration: the book's own, rendering the notebooks as stored (nbval has just re-executed
# each and matched every output); written beside it for the build, as its relative paths are read from its folder.
STORED_OUTPUTS_CONFIG = ROOT / "book" / "_config.stored-outputs.yml"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# The tests in a browser, which run last: those that need the built book (DEERBOOK_BOOK_HTML) and those that play the
# widget tables in JupyterLab. They wait on pages much of the time, so they get a worker more than there are cores.
BROWSER_TESTS = ["tests/built_book", "tests/widgets/test_browser.py", "tests/widgets/test_board.py",
                 "tests/widgets/test_shipped_chapter.py"]


def book_build(config: Path = ROOT / "book" / "_config.yml") -> list[str]:
    """The command that builds the book into book/_build/html with the configuration file `config`."""
    return ["jupyter-book", "build", ".", "--config", str(config), "--toc", "book/_toc.yml", "--path-output", "book"]


def run(*command: str, **extra_env: str) -> None:
    """Run a tool from .venv (first on PATH, so the notebook kernel is the venv's python)."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "VIRTUAL_ENV": str(VENV),
           "PYDEVD_DISABLE_FILE_VALIDATION": "1", **extra_env}
    print("+", " ".join(command), flush=True)
    subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT, env=env, check=True)


def run_sharing_bytecode(*command: str, **extra_env: str) -> None:
    """`run`, its Python processes keeping the bytecode they compile in `PYCACHE` (an empty variable is unset)."""
    run(*command, PYTHONPYCACHEPREFIX=str(PYCACHE), PYTHONDONTWRITEBYTECODE="", **extra_env)


def install() -> None:
    """Create .venv and install into it what the lock pins (each file's hash checked) and deerbook (editable, with
    no dependency of its own: the lock has them), unless done since pyproject.toml or the lock last changed."""
    require_lock_python(sys.version_info[:3])
    if not (BIN / "python").exists():
        print(f"+ creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
        run("python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    changed = max(path.stat().st_mtime for path in (ROOT / "pyproject.toml", LOCK))
    if not STAMP.exists() or STAMP.stat().st_mtime < changed:
        if LABEXTENSION.is_symlink():  # pip would write its copy of the extension through the link, into the checkout
            LABEXTENSION.unlink()
        run("python", "-m", "pip", "install", "--quiet", "--require-hashes", "--no-deps", "--requirement", str(LOCK))
        run("python", "-m", "pip", "install", "--quiet", "--no-deps", "--editable", ".")
        remove_unlocked()
        run("python", "-m", "pip", "check")  # the lock has every dependency of everything installed here
        STAMP.touch()
    develop_labextension()


def develop_labextension() -> None:
    """Link the built JupyterLab extension (deerbook/labextension) where JupyterLab finds extensions, with JupyterLab's
    `jupyter labextension develop`: the editable install copies it there, so a rebuild would not show."""
    if LABEXTENSION.resolve() != ROOT / "deerbook" / "labextension":
        run("jupyter", "labextension", "develop", "--overwrite", ".")


def require_lock_python(version: tuple[int, ...]) -> None:
    """Stop with the reason unless the lock is for `version` of Python (the one creating .venv)."""
    if version < tuple(map(int, LOCK_PYTHON.split("."))):
        sys.exit(f"dev.py: requirements/dev.lock is for Python {LOCK_PYTHON} or newer, and this is Python "
                 f"{'.'.join(map(str, version))}: run dev.py with a newer python3")


def remove_unlocked() -> None:
    """Uninstall what .venv holds but the lock no longer pins (a dependency dropped since the last install), so that
    .venv holds what a fresh install would."""
    listed = subprocess.run([str(BIN / "python"), "-m", "pip", "list", "--format=json"], check=True,
                            capture_output=True, text=True).stdout
    stale = unlocked([package["name"] for package in json.loads(listed)], LOCK.read_text())
    if stale:
        run("python", "-m", "pip", "uninstall", "--quiet", "--yes", *stale)


def unlocked(installed: list[str], lock_text: str) -> list[str]:
    """The packages of `installed` that the lock pins for no platform, but pip and deerbook."""
    return sorted({normalized(name) for name in installed} - locked_names(lock_text) - {"pip", "deerbook"})


def locked_names(lock_text: str) -> set[str]:
    """The normalized name of every package a lock pins, whatever its marker."""
    return {normalized(found[1]) for found in re.finditer(r"(?m)^([A-Za-z0-9][\w.-]*)==", lock_text)}


def normalized(name: str) -> str:
    """A package name as PyPI compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def lock(*arguments: str) -> None:
    """Resolve the lock again at the newest versions pyproject.toml allows, install it into .venv and store every
    notebook again with it (then read `git diff notebooks/`: a changed output is a changed library). With --keep,
    only what pyproject.toml added or changed is resolved and the notebooks are left as they are."""
    install()  # .venv's uv resolves
    keep = "--keep" in arguments
    run(*lock_command(upgrade=not keep))
    install()
    if not keep:
        notebooks()


def lock_command(upgrade: bool) -> list[str]:
    """uv's command that writes the lock: one resolution for every platform (--universal) with every file's hash,
    keeping the versions the lock has unless `upgrade`."""
    return ["uv", "pip", "compile", "pyproject.toml", *(f"--extra={extra}" for extra in LOCKED_EXTRAS),
            "--group=dev", "--universal", f"--python-version={LOCK_PYTHON}", "--generate-hashes",
            *(["--upgrade"] if upgrade else []), "--custom-compile-command=python3 dev.py lock", "--quiet",
            f"--output-file={LOCK.relative_to(ROOT)}"]


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
    benchmarks/test_stages.py times each). Every pytest run uses every core (pytest-xdist); the tests, the builds
    and the notebooks share one bytecode cache (`run_sharing_bytecode`).

    1. install: .venv with what requirements/dev.lock pins, and deerbook.
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
        ("unit tests", lambda: run_sharing_bytecode(*PYTEST, *NO_NBVAL, *EVERY_CORE, "--dist", "loadgroup",
                                                    *unit)),  # testpaths: tests
    ]
    if "--quick" in arguments:
        return stages
    return stages + [
        ("nbval", lambda: run_sharing_bytecode(*PYTEST, *NBVAL, "notebooks")),
        ("strict book build", strict_build),
        ("live site", lambda: run_sharing_bytecode("python", "book/lite/build_lite.py")),
        ("browser tests", lambda: run_sharing_bytecode(*PYTEST, *NO_NBVAL, "-n", str((os.cpu_count() or 1) + 1),
                                                       "--dist", "loadgroup", *BROWSER_TESTS,
                                                       DEERBOOK_BOOK_HTML=str(BOOK_HTML))),
    ]


def strict_build() -> None:
    """The book built with every warning an error (--all re-reads every page, so no warning hides in a cache), from
    the notebooks as stored: nbval, just before, re-executed every one and failed on any cell error or changed
    output, so executing them all again here would only take time."""
    STORED_OUTPUTS_CONFIG.write_text(stored_outputs_config())
    try:
        run_sharing_bytecode(*book_build(STORED_OUTPUTS_CONFIG), "--all", "-W", "-n", "--keep-going")
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
    takes_arguments = (command in ("notebooks", "test") or (command == "book" and arguments == ["--no-serve"])
                       or (command == "lock" and arguments == ["--keep"]))
    if command not in COMMANDS or (arguments and not takes_arguments):
        sys.exit(__doc__)
    try:
        COMMANDS[command](*arguments)
    except subprocess.CalledProcessError as failure:
        sys.exit(f"dev.py {sys.argv[1]}: step failed with exit code {failure.returncode}: {' '.join(failure.cmd)}")
