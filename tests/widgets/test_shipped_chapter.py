"""The shipped chapter's table in a real browser: JupyterLab started here, Debian's chromium driven by Playwright.

The shipped chapter (notebooks/30-play-and-explore.ipynb) is opened as a reader gets it: before it is run its stored
table reads as a table (JupyterLab cleans its HTML of pictures: no labels run together); run whole, it leaves the
reader's table unplayed, and every game and mode (Deer basic, advanced and cards, Football for 2, 3 and 4 and solo,
a hot seat) is then started through that table's own set-up and played by its controls through a first round (every
seat's turn and the first seat's next; the hot seat's pass screens among them), the page checked against a shadow
table after every choice (tests/helpers/browser_table.py, `check_page`). A chapter's stored charts and an explorer's
chart follow JupyterLab's dark theme. No speed is asserted: a step fails only when it hangs (`HANG`). Skipped, with
the reason, where chromium, Playwright or JupyterLab is missing.
"""

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from browser_table import (HANG, RECORD_NEWS, START, Told, check_page, click_choice, dark_lab_page,
                           close_notebook, control_kind, lab_browser, lab_page, missing_reason, notebook_page,
                           open_in_lab, redraw_count, set_up, shadow_table, table_of, wait_for_kernel,
                           wait_for_redraw)
from screenshots import screenshot

# One JupyterLab and one chromium for the module, and two pages, one notebook open in each at a time: one in the
# light theme (the shipped chapter ends in it, run whole), one in the dark theme. On several workers (dev.py test),
# all its tests go to one (tests/widgets/test_browser.py has its own, on another).
pytestmark = [pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason())),
              pytest.mark.xdist_group("jupyterlab-chapter")]
__all__ = ["lab_browser", "lab_page", "notebook_page"]  # the module's fixtures
# ms for Run All of the chapter: about 20 s on a quiet machine, over 2 min beside two CPU-bound processes (its seeded
# whole game sends every redraw of its table to the page); only a hang takes this long
RUN_ALL = 600_000


SHIPPED = Path(__file__).resolve().parents[2] / "notebooks" / "30-play-and-explore.ipynb"
MODES = [  # every game and mode, as the set-up picks it (the pace "quick": no pause between the bots' turns)
    ("deer-basic", {"game": "deer", "num_players": "3", "seat1": "advisor", "seed": "21", "pace": "quick"}),
    ("deer-advanced", {"game": "deer", "num_players": "4", "opt:advanced": True, "seed": "5", "pace": "quick"}),
    ("deer-cards", {"game": "deer-cards", "num_players": "3", "seed": "7", "pace": "quick"}),
    ("football-2", {"game": "football", "num_players": "2", "seat1": "advisor", "seed": "8", "pace": "quick"}),
    ("football-3", {"game": "football", "num_players": "3", "seed": "4", "pace": "quick"}),
    ("football-4", {"game": "football", "num_players": "4", "seed": "6", "pace": "quick"}),
    ("football-solo", {"game": "football", "num_players": "1", "opt:solo_difficulty": "hard", "seed": "9",
                       "pace": "quick"}),
    ("hot-seat", {"game": "deer", "num_players": "2", "seat1": "human", "seed": "5", "pace": "quick"}),
]
CLICKS = 40  # per mode, at most: a first round is through well before


@pytest.fixture(scope="module")
def shipped(lab_browser, lab_page):
    """The shipped chapter open in JupyterLab, run whole (Run → Run All Cells)."""
    url, folder = lab_browser[1:]
    shutil.copy(SHIPPED, folder / SHIPPED.name)
    page = lab_page
    open_in_lab(page, url, SHIPPED.name)
    wait_for_kernel(page)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.get_by_text("take the 3s (3 play): 0.50").wait_for(timeout=RUN_ALL)  # the last cell's answer
    table_of(page).locator(".deerbook-news").wait_for(state="attached", timeout=HANG)
    page.evaluate(RECORD_NEWS)
    return page


@pytest.fixture(scope="module")
def dark_page(lab_browser):
    """A second page for the module, its JupyterLab loaded in the dark theme."""
    page = dark_lab_page(lab_browser)
    yield page
    page.close()


@pytest.fixture
def dark_notebook_page(dark_page):
    """The dark page for a test that opens one notebook in it; the notebook is closed after."""
    yield dark_page
    close_notebook(dark_page)


def test_the_shipped_table_reads_as_a_table_before_it_is_run(lab_browser, notebook_page):
    url, folder = lab_browser[1:]
    shutil.copy(SHIPPED, folder / "unrun.ipynb")
    page = notebook_page
    open_in_lab(page, url, "unrun.ipynb")
    output = page.locator(".jp-OutputArea-output", has=page.locator("table.deerbook-text-table")).first
    output.wait_for(timeout=START)
    text = output.inner_text()
    assert "Your turn: roll the 3 number dice and the predator die." in text
    assert "Scores (the lowest wins; Finish at 100): you 0 · P1 (advisor) 0 · P2 (greedy) 0" in text
    assert re.search(r"Your hand \(20 cards, value \d+\)\s+1 ×3, 2", text), "the table as text, in rows"
    assert "0102030405" not in text and "Finish 100P0" not in text, "no drawing's labels run together"
    screenshot(page, folder / "shipped-unrun.png", full_page=True)


#: Run in JupyterLab: the CSS filter on each chart's drawing, [stored charts, live charts (inside a widget)].
CHART_FILTERS_JS = """() => {
  const drawings = [...document.querySelectorAll('.jp-RenderedPlotly .main-svg')];
  const filters = (live) => drawings.filter((svg) => !!svg.closest('.jupyter-widgets') === live)
    .map((svg) => getComputedStyle(svg).filter);
  return [filters(false), filters(true)];
}"""


# Before the shipped chapter is run: from then on the module's page holds it.
def test_a_chapters_stored_charts_follow_jupyterlabs_theme(lab_browser, notebook_page, dark_notebook_page):
    """A chapter opened as a reader gets it, nothing run: JupyterLab's own Plotly renderer draws its stored charts
    as they were stored, light; deerbook's JupyterLab extension (labextension/) turns them dark in the dark theme."""
    url, folder = lab_browser[1:]
    chapter = SHIPPED.parent / "12-every-combination.ipynb"
    shutil.copy(chapter, folder / chapter.name)
    filters = {}
    for theme, page in (("light", notebook_page), ("dark", dark_notebook_page)):
        open_in_lab(page, url, chapter.name)
        page.locator(".jp-RenderedPlotly .main-svg").first.wait_for(state="attached", timeout=START)
        screenshot(page.locator(".jp-RenderedPlotly").first, folder / f"stored-chart-{theme}.png")
        filters[theme] = page.evaluate(CHART_FILTERS_JS)[0]
    assert filters["light"] and set(filters["light"]) == {"none"}, filters
    assert filters["dark"] and all("invert(0.9)" in f and "hue-rotate(180deg)" in f for f in filters["dark"]), filters


def test_run_all_leaves_the_readers_table_unplayed(shipped):
    shadow = shadow_table("deer", {"num_players": 3}, ["human", "advisor", "greedy"], 218)
    check_page(shipped, shadow, Told(shadow))
    assert table_of(shipped).locator(".deerbook-status").inner_text().startswith("Your turn: roll")


@pytest.mark.parametrize("mode, form", MODES, ids=[mode for mode, _ in MODES])
def test_every_mode_plays_from_the_shipped_table_by_its_controls(shipped, lab_browser, mode, form):
    from deerbook.play.setup import game_and_seats
    from deerbook.widgets import GameTable

    shipped.evaluate("() => window.deerbookTold.splice(0)")
    set_up(shipped, form)
    game, seats, seed = game_and_seats(form)
    shadow = GameTable(game, seats, seed=seed, bot_delay=0)
    told, rng, kinds = Told(shadow), np.random.default_rng(len(mode)), set()
    wanted = {"roll", "buttons", "pass"} if mode == "hot-seat" else {"roll", "buttons"}
    screenshot(shipped, lab_browser[2] / f"shipped-{mode}-start.png", full_page=True)
    for _ in range(CLICKS):
        check_page(shipped, shadow, told)
        if shadow.state.is_terminal() or (wanted <= kinds and a_first_round_is_through(shadow, len(seats))):
            break
        kinds.add(control_kind(shadow))
        before = redraw_count(shipped)
        click_choice(shipped, shadow, rng)
        wait_for_redraw(shipped, before)
    screenshot(shipped, lab_browser[2] / f"shipped-{mode}-end.png", full_page=True)
    assert {"roll", "buttons"} <= kinds and ("pass" in kinds) == (mode == "hot-seat"), kinds
    assert table_of(shipped).locator(".deerbook-scores").inner_text().startswith("Scores (the ")


def a_first_round_is_through(shadow, seats: int) -> bool:
    """Every seat has had a turn, and the first seat has begun another."""
    turns = [{entry.turn.key for entry in shadow.log if entry.turn.seat == seat} for seat in range(seats)]
    return all(turns) and len(turns[0]) >= 2


def test_an_explorers_chart_follows_jupyterlabs_dark_theme(lab_browser, dark_notebook_page):
    from deerbook.charts.theme import DARK

    url, folder = lab_browser[1:]
    code = "from deerbook.widgets import FootballExplorer\nFootballExplorer().widget"
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": code}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / "explorer.ipynb").write_text(json.dumps(notebook))
    page = dark_notebook_page
    open_in_lab(page, url, "explorer.ipynb")
    wait_for_kernel(page)
    page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click(timeout=HANG)
    page.keyboard.press("Control+Enter")
    paper = DARK.layout.paper_bgcolor.lstrip("#")
    dark = "rgb({}, {}, {})".format(*(int(paper[i:i + 2], 16) for i in (0, 2, 4)))
    page.wait_for_function("dark => [...document.querySelectorAll('.js-plotly-plot .main-svg')].some("
                           "svg => getComputedStyle(svg).backgroundColor === dark)", arg=dark, timeout=START)
    live = page.evaluate(CHART_FILTERS_JS)[1]
    assert live and set(live) == {"none"}, f"the explorer's own dark chart is not darkened again: {live}"
    screenshot(page, folder / "explorer-dark.png")
