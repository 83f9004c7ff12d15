"""A pytest plugin that fails the run if it left anything in the checkout: every file git shows as new or changed
(`git status --porcelain`, so git-ignored build and cache folders do not count) must be as it was when the run
started. The repository's conftest.py loads it for every pytest run (unit tests, nbval, the browser tests); with
pytest-xdist's workers, the run's controller alone checks, around the whole run."""
from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BEFORE = pytest.StashKey[dict[str, str] | None]()  # what git showed when the run started


def changes(root: Path) -> dict[str, str] | None:
    """Each path git shows as new, changed or deleted in the checkout at `root`, with a digest of what is there
    now; None where `root` is not a git checkout (or git is missing)."""
    try:
        done = subprocess.run(["git", "status", "--porcelain", "-z", "--untracked-files=all"], cwd=root,
                              capture_output=True, check=True, timeout=120)
    except (OSError, subprocess.CalledProcessError):
        return None
    found = {}
    for entry in done.stdout.decode(errors="replace").split("\0"):
        if len(entry) > 3:  # "XY path" (a rename's old path follows as its own entry, which is kept too)
            path = root / entry[3:]
            found[entry[3:]] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "gone"
    return found


def left_behind(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The paths that are new or different after the run."""
    return sorted(path for path, digest in after.items() if before.get(path) != digest)


def pytest_sessionstart(session: pytest.Session) -> None:
    if not _a_worker(session):
        session.config.stash[BEFORE] = changes(ROOT)


def _a_worker(session: pytest.Session) -> bool:
    """Whether this is one of pytest-xdist's workers: the run's controller alone looks at the checkout, before the
    first worker starts and after the last one ends."""
    return hasattr(session.config, "workerinput")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = session.config.stash.get(BEFORE, None)
    after = None if before is None else changes(ROOT)
    if before is None or after is None:
        return
    stray = left_behind(before, after)
    if stray:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = "the tests left files in the checkout (tests write only in temporary folders): " + ", ".join(stray)
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(message, red=True, bold=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED

