"""A plugin that fails as it loads is named in a warning that says what it raised, in words even when the exception
has no message of its own."""
import os
import subprocess
import sys

import pytest

import bad_bots
from processes import HANG_SECONDS


@pytest.mark.parametrize("raised, words", [
    ("KeyboardInterrupt", "KeyboardInterrupt (raised while loading, with no message)"),
    ("SystemExit", "SystemExit (raised while loading, with no message)"),
    ("ValueError('  no\\n  such  thing ')", "ValueError: no such thing"),
])
def test_a_plugin_that_raises_is_one_warning_saying_what_it_raised(raised, words, tmp_path):
    """A KeyboardInterrupt raised by a plugin's import used to read "KeyboardInterrupt:" with nothing after it."""
    (tmp_path / "raises_on_import.py").write_text(f"raise {raised}\n")
    path = bad_bots.install(tmp_path, "raising = raises_on_import:GAMES", "deerbook.games")
    done = subprocess.run([sys.executable, "-m", "deerbook", "odds", "--help"], capture_output=True, text=True,
                          timeout=HANG_SECONDS, env={**os.environ, "PYTHONPATH": path})
    assert done.returncode == 0 and done.stderr == (
        f"deerbook: warning: skipped the games of entry point raising = raises_on_import:GAMES: {words}\n")
