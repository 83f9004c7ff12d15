#!/usr/bin/env python3
"""deerbook's two set-up commands, needing nothing but Python 3.11 and pip.

  python3 dev.py book        create .venv if needed, install deerbook[dev], build the book
  python3 dev.py test        the whole suite: pytest, nbval over notebooks/, strict book build, offline check
  python3 dev.py notebooks [NOTEBOOK ...]
                             re-execute notebooks in place (default: all of notebooks/*.ipynb)
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


def book() -> None:
    install()
    run(*BOOK_BUILD)
    print(f"\nBook built. Open: {BOOK_HTML / 'index.html'}")


def test() -> None:
    install()
    run(*PYTEST, "tests", "--ignore=tests/test_book_build.py")
    run(*PYTEST, "--nbval", "notebooks", "--nbval-sanitize-with", "notebooks/nbval_sanitize.cfg")
    # Warnings are errors; --all re-reads every page so no warning hides in a cache.
    run(*BOOK_BUILD, "--all", "-W", "-n", "--keep-going")
    run(*PYTEST, "tests/test_book_build.py", DEERBOOK_BOOK_HTML=str(BOOK_HTML))
    print("dev.py test: all steps passed")


def notebooks(*names: str) -> None:
    install()
    paths = [Path(name).resolve() for name in names] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    run("jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
        "--ExecutePreprocessor.kernel_name=python3", "--ExecutePreprocessor.timeout=600",
        "--ExecutePreprocessor.store_widget_state=False", *(str(p.relative_to(ROOT)) for p in paths))
    for path in paths:
        drop_execution_times(path)


def drop_execution_times(path: Path) -> None:
    """Remove the per-cell execution timestamps nbconvert stores, so re-runs diff only in outputs."""
    notebook = json.loads(path.read_text())
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("execution", None)
    path.write_text(json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def clean() -> None:
    shutil.rmtree(ROOT / "book" / "_build", ignore_errors=True)


COMMANDS = {"book": book, "test": test, "notebooks": notebooks, "clean": clean}

if __name__ == "__main__":
    command, *arguments = sys.argv[1:] or [""]
    if command not in COMMANDS or (arguments and command != "notebooks"):
        sys.exit(__doc__)
    try:
        COMMANDS[command](*arguments)
    except subprocess.CalledProcessError as failure:
        sys.exit(f"dev.py {sys.argv[1]}: step failed with exit code {failure.returncode}: {' '.join(failure.cmd)}")
