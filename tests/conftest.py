import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).parent
# tests/ holds the toy game's module; tests/plugins/ its installed-package metadata (a dist-info folder
# declaring it in the deerbook.games entry-point group), so every test sees it as an installed game.
sys.path[:0] = [str(HERE), str(HERE / "plugins")]


@pytest.fixture(autouse=True)
def in_a_temporary_folder(tmp_path_factory, monkeypatch):
    """Every test runs in a fresh temporary folder, so whatever it (or a command it starts) writes "in the current
    folder" lands there, never in the checkout (tests/checkout_guard.py fails the run otherwise)."""
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))
