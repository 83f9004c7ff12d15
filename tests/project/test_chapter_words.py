"""The chapters' words as a reader sees them (read from the stored, executed chapters): the rules said whole, the
colours a chapter names drawn in those colours, and no Python value printed where words belong (issue 53)."""
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CHAPTERS = sorted(NOTEBOOKS.glob("[0-8]*.ipynb")) + sorted(NOTEBOOKS.glob("92-*.ipynb"))
PLOTLY = "application/vnd.plotly.v1+json"


def outputs(path: Path) -> list[dict]:
    """Every output of a chapter, in order."""
    return [output for cell in json.loads(path.read_text())["cells"] for output in cell.get("outputs", [])]


def shown(path: Path) -> list[str]:
    """The text a chapter shows: what its code printed, and the Markdown and plain text it wrote."""
    texts = []
    for output in outputs(path):
        data = output.get("data", {})
        texts.append("".join(output.get("text", "")) + "".join(data.get("text/markdown") or data.get("text/plain")
                                                                or ""))
    return texts


def figures(path: Path) -> list[dict]:
    return [output["data"][PLOTLY] for output in outputs(path) if PLOTLY in output.get("data", {})]


def chapter(prefix: str) -> Path:
    return next(NOTEBOOKS.glob(f"{prefix}-*.ipynb"))


FAULTS = {  # what a reader met in a chapter, as a pattern no chapter may show again
    "a rule cut short: 'take every other player's' (take what?)": r"take every other player's",
    "a Python dict printed": r"\{'\w+': ",
    "a Python list printed": r"\[\d+, \d+",
    "'1 power dice' (one die is a die)": r"\b1 power dice\b",
}


@pytest.mark.parametrize("fault", FAULTS, ids=list(FAULTS))
def test_no_chapter_shows_a_wording_fault_again(fault):
    found = [f"{path.stem}: {text[:120]!r}" for path in CHAPTERS for text in shown(path)
             if re.search(FAULTS[fault], text)]
    assert not found, found[:3]


def test_chapter_10s_chart_says_what_holding_none_of_three_numbers_brings():
    rows = [line for text in shown(chapter("10")) for line in text.splitlines()
            if line.startswith("| **Three numbers**")]
    assert rows and all("if the roller holds none of them, every other player gives the roller all their cards of "
                        "those numbers" in row for row in rows), rows


def test_openspiels_settings_are_told_in_words():
    passed = [line for text in shown(chapter("92")) for line in text.splitlines() if line.endswith(": passed")]
    assert "deerbook_deer, 3 players, advanced on: passed" in passed and len(passed) == 3, passed


def test_every_chart_description_gives_two_decimals_at_most():
    long = [f"{path.stem}: {figure['layout']['meta']['description']}" for path in CHAPTERS for figure in figures(path)
            if re.search(r"\d\.\d{3}", figure["layout"].get("meta", {}).get("description", ""))]
    assert not long, long[:3]


def rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def test_chapter_10_draws_odd_cards_black_and_even_cards_red_as_its_text_says():
    path = chapter("10")
    assert any("odd (black) or even (red)" in text for text in shown(path))
    (cards,) = [figure for figure in figures(path) if figure["layout"]["title"]["text"].startswith("The 60 cards")]
    swatches = {trace.get("name"): trace["marker"]["color"] for trace in cards["data"][1:]}
    odd, even = rgb(swatches["odd number"]), rgb(swatches["even number"])
    assert max(odd) < 0x40 and max(odd) - min(odd) < 0x10, f"odd cards are black: {swatches['odd number']}"
    assert even[0] > 0x90 and even[0] > 4 * max(even[1:]), f"even cards are red: {swatches['even number']}"
