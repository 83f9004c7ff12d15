"""Reading a saved game's file in a test, as `deerbook play --load` reads one (deerbook/cli/play.py)."""
from __future__ import annotations

from typing import Any

from deerbook.engine import SaveFileError, State
from deerbook.engine.files import read_bytes
from deerbook.engine.saving import TableRecord, read_save


def read_save_file(path: Any) -> tuple[State, TableRecord | None]:
    """The saved game in the file at `path`, as `read_save`; every error names the file."""
    return read_save(read_bytes(path, "saved game", SaveFileError), f"saved game {path}")
