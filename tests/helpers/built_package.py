"""The package as others get it: the sdist and wheel built once per test run from the checkout's files, and fresh
virtual environments with the wheel installed by pip (tests/project/test_packaging.py, test_chapter_front_ends.py).
"""
from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HANG = 1800  # seconds: a subprocess still running then has hung (a slow machine never takes that long)


class Dist:
    """The sdist and wheel built from the checkout's files, and the build's log."""

    def __init__(self, folder: Path):
        self.sdist = next((folder / "dist").glob("deerbook-*.tar.gz"))
        self.wheel = next((folder / "dist").glob("deerbook-*.whl"))
        self.log = (folder / "build.log").read_text()


def build(folder: Path) -> None:
    """Copy the files git tracks or would track (the checkout as a clone would have it) and build them."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    source = folder / "source"
    for name in filter(None, listed):
        if (ROOT / name).is_file():  # a file deleted but not yet staged is listed too
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(folder / "dist"), str(source)],
                          capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (folder / "build.log").write_text(done.stdout + done.stderr)


def shared_dist(tmp_path_factory) -> Dist:
    """Built once per run: xdist's workers share the run's folder and wait for the first one's build."""
    shared = tmp_path_factory.getbasetemp()
    shared = shared.parent if os.environ.get("PYTEST_XDIST_WORKER") else shared
    folder = shared / "deerbook-dist"
    with open(shared / "deerbook-dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "build.log").exists():
            shutil.rmtree(folder, ignore_errors=True)
            build(folder)
    return Dist(folder)


class Environment:
    """A fresh virtual environment (made by `python`) with the wheel and `extras` installed by pip."""

    def __init__(self, folder: Path, python: str, wheel: Path, extras: str = "", *also: str):
        subprocess.run([python, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=HANG)
        self.bin = folder / "bin"
        self.env = {**{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")},
                    "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(folder),
                    "JUPYTER_DATA_DIR": str(folder / "jupyter"), "PYDEVD_DISABLE_FILE_VALIDATION": "1"}
        self.cwd = folder.parent  # outside the checkout: nothing there to import by accident
        requirement = f"{wheel}[{extras}]" if extras else str(wheel)
        # pip from this run's Python installs into the environment (--python): no pip of its own to set up; modules
        # are compiled when first imported (plotly has thousands that no check imports)
        done = subprocess.run([sys.executable, "-m", "pip", "--python", str(self.bin / "python"), "install", "--quiet",
                               "--disable-pip-version-check", "--no-compile", requirement, *also],
                              capture_output=True, text=True, env=self.env, timeout=HANG)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]

    def run(self, program: str, *arguments: str, **env: str) -> subprocess.CompletedProcess:
        """`program` of the environment, from outside the checkout, with `env` added to its variables."""
        return subprocess.run([str(self.bin / program), *arguments], capture_output=True, text=True, cwd=self.cwd,
                              env={**self.env, **env}, timeout=HANG)

    def check(self, script: str, *arguments: str) -> None:
        done = self.run("python", "-c", script, *arguments)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
