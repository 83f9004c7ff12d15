"""Every chapter runs where it is downloaded to: its first code cell installs deerbook with the extras the chapter
needs when deerbook is missing and does nothing when it is installed; the book hides that cell and nbval skips it;
and the chapter's opening links to it in Colab (a plain link: the page reads the same offline)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "notebooks").glob("*.ipynb"))
COLAB = "https://colab.research.google.com/github/deerbook/deerbook/blob/main/notebooks/"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def install_cell(path: Path) -> dict:
    return next(cell for cell in cells(path) if cell["cell_type"] == "code")


def run_install_cell(cell: dict, monkeypatch, *, installed: bool) -> list[list[str]]:
    """Run the cell's code here, deerbook `installed` or not, and return the commands it would have run."""
    commands: list[list[str]] = []
    monkeypatch.setattr(subprocess, "run", lambda command, **options: commands.append(command))
    if not installed:
        monkeypatch.setitem(sys.modules, "deerbook", None)  # `import deerbook` raises ModuleNotFoundError
    exec(compile("".join(cell["source"]), "install cell", "exec"), {})
    return commands


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.stem)
def test_the_first_code_cell_installs_deerbook_hidden_from_the_book_and_skipped_by_nbval(path, monkeypatch):
    cell = install_cell(path)
    assert cell["id"] == "install" and cell == cells(path)[1], "the install cell follows the opening"
    assert cell["metadata"]["tags"] == ["remove-cell", "nbval-skip"] and cell["outputs"] == []
    assert run_install_cell(cell, monkeypatch, installed=True) == []
    extras = "openspiel" if path.stem == "92-openspiel" else "charts,widgets"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", f"deerbook[{extras}]"]
    assert run_install_cell(cell, monkeypatch, installed=False) == [pip]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.stem)
def test_the_opening_links_to_the_chapter_in_colab_and_leaves_the_install_to_the_cell(path):
    opening = "".join(cells(path)[0]["source"])
    assert f"[Open in Colab]({COLAB}{path.name})" in opening
    assert "in your own Jupyter*, install deerbook" not in opening and "its first code cell installs" in opening
