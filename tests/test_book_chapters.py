"""The book reads in a learner's order and every chapter teaches: checked on the notebooks and the table of contents
(no build needed).

Each game's part opens with How to play, then odds, playing well and balance; the Reference part comes last. Every
chapter opens with a question and ends with a summary and exercises, whose folded solutions call the package
(`deerbook.play.exercises`, checked in tests/test_exercises.py). How to play shows no code, set-up cells are folded
everywhere, and no prose types a number that the package computes in a fraction wall.
"""
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TOC = (ROOT / "book" / "_toc.yml").read_text()
CHAPTERS = sorted(path for path in NOTEBOOKS.glob("*.ipynb") if not path.name.startswith("90-"))  # 90: a listing
HOW_TO_PLAY = ("10-deer-in-the-headlights", "11-deer-advanced-and-cards", "20-football-highlights")
HIDDEN = {"hide-input", "hide-cell", "remove-input", "remove-cell"}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def markdown(path: Path) -> str:
    return "\n".join(source(cell) for cell in cells(path) if cell["cell_type"] == "markdown")


def tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def toc_parts() -> dict[str, list[str]]:
    parts: dict[str, list[str]] = {}
    for line in TOC.splitlines():
        if caption := re.match(r"\s*- caption: (.+)", line):
            parts[caption[1]] = []
        elif entry := re.match(r"\s*- file: (\S+)", line):
            parts[list(parts)[-1]].append(entry[1])
    return parts


def test_each_game_part_opens_with_how_to_play_and_the_reference_comes_last():
    parts = toc_parts()
    assert list(parts) == ["Introduction", "Deer in the Headlights", "Football Highlights", "Play and explore",
                           "Reference"]
    assert parts["Deer in the Headlights"][0] == "notebooks/10-deer-in-the-headlights"
    assert parts["Football Highlights"][0] == "notebooks/20-football-highlights"
    for part in ("Deer in the Headlights", "Football Highlights"):
        titles = [markdown(NOTEBOOKS / f"{Path(entry).name}.ipynb").splitlines()[0] for entry in parts[part]]
        assert titles[0].startswith("# How to play") and "alance" in titles[-1], titles
    assert {"book/rulings", "notebooks/90-decisions", "notebooks/91-how-deerbook-checks-itself",
            "notebooks/92-openspiel", "book/glossary",
            "book/developers"} == set(parts["Reference"])
    assert all(entry in TOC for entry in [f"notebooks/{path.stem}" for path in NOTEBOOKS.glob("*.ipynb")])


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.stem)
def test_chapter_has_a_question_a_summary_and_checked_exercises(path):
    text = markdown(path)
    opening = text.split("\n## ")[0]
    assert "> **The question.**" in opening and "?" in opening, "no opening question"
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert "Summary" in headings and headings[-1] == "Exercises", headings
    exercises = re.findall(r"^(\d+)\. ", text.split("\n## Exercises")[1], re.MULTILINE)
    assert 2 <= len(exercises) <= 4 and exercises == [str(n) for n in range(1, len(exercises) + 1)]
    solutions = [cell for cell in cells(path) if cell.get("metadata", {}).get("mystnb", {}).get(
        "code_prompt_show", "").startswith("Show the solution to exercise")]
    assert len(solutions) == len(exercises), "one folded solution per exercise"
    for number, cell in enumerate(solutions, 1):
        assert tags(cell) == {"hide-cell"} and f"exercise {number}" in cell["metadata"]["mystnb"]["code_prompt_show"]
        assert "exercises." in source(cell), "a solution computes its answer with the package"
        assert cell["outputs"], "a solution shows its answer"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.stem)
def test_set_up_is_folded_and_how_to_play_shows_no_code(path):
    code = [cell for cell in cells(path) if cell["cell_type"] == "code"]
    first = code[0]
    assert tags(first) & HIDDEN and "import" in source(first), "the set-up cell is folded"
    if path.stem in HOW_TO_PLAY:
        shown = [source(cell)[:60] for cell in code if not tags(cell) & HIDDEN]
        assert shown == [], f"code shown in How to play: {shown}"


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda path: path.stem)
def test_prose_types_no_long_fraction_and_no_decision_list(path):
    text = markdown(path)
    assert not re.search(r"\b\d{4,}/\d+|\b\d+/\d{4,}\b", text)
    listing = [cell for cell in cells(path) if "DECISIONS" in source(cell)]
    assert not listing or path.stem == "90-decisions", "the decisions are listed once, in the Reference part"
