import pathlib
import sys

import pytest

from football_helpers import small_two, solo, two  # noqa: F401  (fixtures for every folder)

HELPERS = pathlib.Path(__file__).parent / "helpers"
# tests/helpers/ holds the shared test code, the toy game's module among it; tests/helpers/plugins/ the toy game's
# installed-package metadata (a dist-info folder declaring it in the deerbook.games entry-point group), so every
# test sees it as an installed game. The root conftest.py already put tests/helpers/ on sys.path.
sys.path[:0] = [str(HELPERS / "plugins")]


@pytest.fixture(autouse=True)
def in_a_temporary_folder(tmp_path_factory, monkeypatch):
    """Every test runs in a fresh temporary folder, so whatever it (or a command it starts) writes "in the current
    folder" lands there, never in the checkout (tests/helpers/checkout_guard.py fails the run otherwise)."""
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))
