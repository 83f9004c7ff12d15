"""The one error line a `deerbook` command ends with, for the command-line tests."""
from __future__ import annotations

import pytest

from deerbook.cli.main import main


def refused(argv, capsys) -> str:
    """The one error line `deerbook ARGV` ends with (exit code 2)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err
