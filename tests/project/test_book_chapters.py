"""The book reads in a learner's order and every chapter teaches: checked on the notebooks and the table of contents
(no build needed).

Each game's part opens with How to play, then odds, playing well and balance; the Reference part comes last. Every
chapter opens with a question and ends with a summary and exercises, whose folded solutions call the package
(`deerbook.chapters.exercises`, checked in tests/chapters/test_exercises.py). How to play shows no code, set-up cells
are folded everywhere, and no prose types a number that the package computes in a fraction wall.

Every number a chapter's prose states comes from the code: a Markdown cell names no quantity (only names such as
"Ruling 7", "track 4", "player 1", list numbers and years), a number in an exercise is the exercise's given (its
solution's code uses it), and chapter 91's claims are each followed by the code that asserts them. A solution
shows the working a reader could do (the count, the formula, a few lines of code) and calls the package only to
check it: every call of `deerbook.chapters.exercises` is inside an `assert`.
"""
import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TOC = (ROOT / "book" / "_toc.yml").read_text()
CHAPTERS = sorted(path for path in NOTEBOOKS.glob("*.ipynb") if not path.name.startswith("90-"))  # 90: a listing
HOW_TO_PLAY = ("10-deer-in-the-headlights", "11-deer-advanced-and-cards", "20-football-highlights")
HIDDEN = {"hide-input", "hide-cell", "remove-input", "remove-cell"}
#: Chapter 30's prose and solutions belong to its play tables (issue 41 rewrites it); chapter 90 is a listing.
OTHERS = ("30-play-and-explore", "90-decisions")


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
    first = code[1]  # code[0] installs deerbook where it is missing (tests/project/test_chapter_install.py)
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


# -- every number from the code ------------------------------------------------------------------------------------
#: What a Markdown cell may hold with a digit in it: a link's address, code, math, an HTML tag or entity, a name with a
#: number ("Ruling 7", "tracks 1–3", "player 0"), a list's number, a year, the 95 of a 95% interval.
NOT_QUANTITIES = re.compile(
    r"\]\([^)]*\)|`[^`]*`|\$[^$]*\$|<[^>]+>|&#?\w+;|^\s*\d+\. |\b(?:19|20)\d\d\b|"
    r"\b95%\s+interval|\b95 \w+ (?:out )?of 100\b|"
    r"\b(?:Rulings?|§|tracks?|areas?|box(?:es)?|players?|[Ss]eats?|Step|chapters?|exercises?)\s+\d+"
    r"(?:\s*(?:–|-|to|and|or|,)\s*\d+)*", re.MULTILINE)
#: A ratio or amount in words ("one kick in seven", "ten percentage points") is a number too.
NUMBER_WORDS = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|a dozen|twenty)\s+"
                          r"(?:percentage points|[a-z]+ in (?:two|three|four|five|six|seven|eight|nine|ten|twenty)|in "
                          r"(?:two|three|four|five|six|seven|eight|nine|ten|twenty))\b", re.IGNORECASE)


def typed_numbers(text: str) -> list[str]:
    """The quantities a piece of Markdown types: each line's numbers that are not names, addresses or list numbers."""
    rest = NOT_QUANTITIES.sub(" ", text)
    found = [line.strip() for line in rest.splitlines() if re.search(r"\d", line)]
    return found + [match[0] for match in NUMBER_WORDS.finditer(rest)]


def exercises_and_solutions(path: Path) -> tuple[list[str], list[str]]:
    """Each exercise's text and its solution cell's source."""
    text = markdown(path).split("\n## Exercises")[1].split("### Solutions")[0]
    items = re.split(r"^\d+\. ", text, flags=re.MULTILINE)[1:]
    solutions = [source(cell) for cell in cells(path) if cell.get("metadata", {}).get("mystnb", {}).get(
        "code_prompt_show", "").startswith("Show the solution to exercise")]
    return items, solutions


@pytest.mark.parametrize("path", [p for p in CHAPTERS if p.stem not in OTHERS], ids=lambda path: path.stem)
def test_prose_types_no_number_the_package_computes(path):
    body = [(i, source(cell)) for i, cell in enumerate(cells(path)) if cell["cell_type"] == "markdown" and i > 0]
    found = []
    for i, text in body:
        prose = text.split("## Exercises")[0]
        numbers = typed_numbers(prose)
        if path.stem == "91-how-deerbook-checks-itself":  # the code after a claim asserts it: its numbers are there
            claim = next(source(cell) for cell in cells(path)[i + 1:] if cell["cell_type"] == "code")
            numbers = [n for line in numbers for n in re.findall(r"\d+", line) if n not in claim]
        found += [f"cell {i}: {n}" for n in numbers]
    exercises, solutions = exercises_and_solutions(path)
    for number, (exercise, solution) in enumerate(zip(exercises, solutions), 1):
        givens = [given.replace(",", "") for given in re.findall(r"\d[\d,]*\d|\d", NOT_QUANTITIES.sub(" ", exercise))]
        found += [f"exercise {number}: {given} is not in its solution" for given in givens
                  if not re.search(rf"(?<![\d.]){given}(?![\d])", solution.replace("_", ""))]
    assert found == [], "typed in the prose, not computed:\n" + "\n".join(found)


def exercises_calls(node: ast.AST) -> list[ast.Call]:
    """The calls of `exercises.…` under `node`."""
    return [call for call in ast.walk(node) if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name) and call.func.value.id == "exercises"]


@pytest.mark.parametrize("path", [p for p in CHAPTERS if p.stem not in OTHERS], ids=lambda path: path.stem)
def test_a_solution_shows_the_working_and_the_package_only_checks_it(path):
    _, solutions = exercises_and_solutions(path)
    for number, code in enumerate(solutions, 1):
        tree = ast.parse(code)
        checks = [node for node in ast.walk(tree) if isinstance(node, ast.Assert) and exercises_calls(node)]
        outside = [call for call in exercises_calls(tree) if not any(call in ast.walk(check) for check in checks)]
        working = [node for node in ast.walk(tree)
                   if isinstance(node, ast.stmt) and not isinstance(node, (ast.Assert, ast.Import, ast.ImportFrom))]
        assert checks, f"exercise {number}: no assert checks the working against deerbook.chapters.exercises"
        assert outside == [], f"exercise {number}: the answer is the package's, not the working's: " + \
            ", ".join(ast.unparse(call) for call in outside)
        assert len(working) >= 2, f"exercise {number}: no working shown"


# -- the text and the pictures say the same (read from the stored, executed chapters) ------------------------------
def outputs(path: Path) -> list[dict]:
    """Every output's data of a chapter, in order."""
    return [output.get("data", {}) for cell in cells(path) for output in cell.get("outputs", [])]


def said(path: Path) -> list[str]:
    """The text a chapter's code printed or wrote as Markdown, output by output."""
    return ["".join(data.get("text/markdown") or data.get("text/plain") or "") for data in outputs(path)]


def figures(path: Path) -> list[dict]:
    plotly = "application/vnd.plotly.v1+json"
    return [data[plotly] for data in outputs(path) if plotly in data]


def test_the_worked_turn_of_deer_is_drawn_from_the_position_its_text_describes():
    path = NOTEBOOKS / "10-deer-in-the-headlights.ipynb"
    texts = said(path)
    prose = next(text for text in texts if text.startswith("It is round "))
    drawing = next(text for text in texts if text.startswith("Deer in the Headlights: round "))
    round_, pawns = re.search(r"round (\d+)", prose)[1], re.findall(r"on (\d+)", prose)
    assert re.match(rf"Deer in the Headlights: round {round_},", drawing)
    assert re.findall(r"P\d(?: \(you\))? (\d+)", drawing.splitlines()[1]) == pawns  # the same pawns, in seat order
    start = next(text for text in texts if text.startswith("The board is a score track."))
    assert round_ != "1" or set(pawns) == set(re.findall(r"starts on (\d+)", start)), "round 1 with pawns moved"
    assert not re.search(r"\b1 cards\b", "\n".join(texts))


def test_the_solo_rounds_text_and_its_sheet_count_the_same_boxes():
    path = NOTEBOOKS / "20-football-highlights.ipynb"
    prose = next(text for text in said(path) if "Her sheet now has" in text)
    counted = re.search(r"Her sheet now has (.+?) checked", prose)[1]
    caption = next(f["layout"]["meta"]["description"] for f in figures(path) if "Gina" in f["layout"]["title"]["text"])
    assert f"; {counted} checked, shaded grey" in caption


def test_the_static_odds_page_and_its_live_explorer_agree():
    path = NOTEBOOKS / "31-explore-the-odds.ipynb"
    explorer = next(text for text in said(path) if text.startswith("Odds explorer (edition: board game"))
    shed, empties = re.search(r"points shed ([\d.]+),.*hand empties ([\d.]+%)", explorer).groups()
    titles = [re.sub(r"<br\s*/?>", " ", f["layout"]["title"]["text"]) for f in figures(path)]  # wrapped titles
    hands = next(title for title in titles if "Points shed this turn holding" in title)
    assert hands.endswith(f": {shed} expected, hand empties with chance {empties}")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.stem)
def test_no_chart_and_no_table_shows_nothing_but_zeros(path):
    """A chart of all zeros (or a table whose every number is 0) shows the reader nothing: the example is badly
    chosen."""
    for figure in figures(path):
        values = [value for trace in figure["data"] for key in ("x", "y", "z") if key in trace
                  for value in (sum(trace[key], []) if trace[key] and isinstance(trace[key][0], list) else trace[key])
                  if isinstance(value, (int, float)) and not isinstance(value, bool)]
        steps = [button["args"][0] for menu in figure["layout"].get("updatemenus", []) for button in menu["buttons"]]
        assert any(values) or steps, f"{figure['layout']['title']['text']!r} shows only zeros"
    for text in said(path):
        rows = [line for line in text.splitlines()[2:] if line.startswith("| ")] if text.startswith("| ") else []
        numbers = [cell for row in rows for cell in row.split("|")[2:-1] if re.fullmatch(r"\s*[\d.]+%?\s*", cell)]
        assert not numbers or any(float(cell.strip().rstrip("%")) for cell in numbers), f"a table of zeros: {rows}"


GLOSSARY = (ROOT / "book" / "glossary.md").read_text()


@pytest.mark.parametrize("term", ["Skill share", "Net", "Exact (in a hint)", "*N play + M power*",
                                  "Dice left to check (*2 × 1 left*)", "Percentage points", "Non-active player",
                                  "Running Deer", "Deer Head", "Predator die", "Predators (Fox, Wolf, Bear)"])
def test_the_book_defines_its_terms_in_the_glossary(term):
    assert f"\n### {term}\n" in GLOSSARY


def test_the_glossary_is_in_alphabetical_order():
    terms = [re.sub(r"[^a-z0-9 ]", "", line[4:].lower()).strip() for line in GLOSSARY.splitlines()
             if line.startswith("### ")]
    assert terms == sorted(terms)


def test_the_play_page_names_the_chapters_that_do_not_run_live_and_no_other():
    import sys

    sys.path.insert(0, str(ROOT / "book" / "lite"))
    import runs_live

    page = (ROOT / "book" / "play-in-your-browser.md").read_text().split("## Run the chapters live")[1]
    said_not_live = set(re.findall(r"chapter (\d+),? which\s+needs", page))
    not_live = {Path(chapter).name[:2] for chapter in runs_live.chapters() if chapter not in runs_live.live_chapters()}
    assert said_not_live == not_live and "balance" not in page.split("The game tables")[0]


@pytest.mark.parametrize("path", [p for p in CHAPTERS if p.stem not in OTHERS], ids=lambda path: path.stem)
def test_a_folded_picture_says_what_it_folds(path):
    folded = [cell for cell in cells(path) if "hide-input" in tags(cell)]
    assert all(cell["metadata"].get("mystnb", {}).get("code_prompt_show", "").startswith("Show the ")
               for cell in folded), "a folded cell under the plain 'Show code cell source'"
