"""The table in a real browser: JupyterLab started here, Debian's chromium driven by Playwright.

The shipped chapter (notebooks/30-play-and-explore.ipynb) is opened as a reader gets it: before it is run its stored
table reads as a table (JupyterLab cleans its HTML of pictures: no labels run together); run whole, it leaves the
reader's table unplayed, and every game and mode (Deer basic, advanced and cards, Football for 2, 3 and 4 and solo,
a hot seat) is then started through that table's own set-up and played by its controls. A Deer game is played by
clicking the table's own buttons, and a whole two-player Deer game (its racks one key press each), the start of a
hot-seat Deer game and a Football turn by key presses alone (no mouse once the cell has run). After every choice
the page must show what the same table in this process shows its viewing seat (tests/helpers/browser_table.py,
`check_page`): the choices, that seat's own cards and nothing else face up, its log, and the live region's new
lines exactly as `Announcer` tells that seat (nothing at the "pass the table" screen). By keyboard the focus must
follow the table's order, land on the next first choice after each choice, and show a ring of at least 3:1, in
the light and the dark theme; JupyterLab's command-mode keys pressed on the table do nothing to the notebook; axe
finds no serious violation in the table. No speed is asserted (benchmarks/browser_redraw.py measures it): a step
fails only when it hangs (`HANG`). Screenshots go to the test's temporary folder. Skipped, with the reason, where
chromium, Playwright or JupyterLab is missing.
"""

import json
import re
import shutil
from pathlib import Path

import axe
import numpy as np
import pytest

from browser_table import (CHROMIUM, CHROMIUM_ARGS, HANG, RECORD_NEWS, START, KeyboardPlayer, Told, assert_focus_on,
                           check_page, click_choice, control_kind, lab_server, missing_reason,
                           notebook_keys_stay_with_the_table, open_by_keyboard, play_by_clicks, redraw_count, set_up,
                           table_of, wait_for_redraw, write_notebook)

# One JupyterLab and one chromium for the module: on several workers (dev.py test), all its tests go to one.
pytestmark = [pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason())),
              pytest.mark.xdist_group("jupyterlab")]

CHOICES, TOOLS, LOG, DRAWING, HELP = 1, 4, 6, 7, 8  # the table's parts, in order (the status is 0, set-up 5)
DARK_THEME = '{"theme": "JupyterLab Dark"}'


@pytest.fixture(scope="module")
def lab_browser(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    folder = tmp_path_factory.mktemp("lab")
    with lab_server(folder) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser, url, folder
        browser.close()


def shadow_table(game, options, seats, seed):
    from deerbook.engine import make_game
    from deerbook.widgets import GameTable

    return GameTable(make_game(game, **options), seats, seed=seed, bot_delay=0)


@pytest.mark.parametrize("game,options,seats,seed,clicks", [
    ("deer", {"num_players": 3}, ["human", "greedy", "greedy"], 4, 400),
    ("football", {"num_players": 1}, ["human"], 7, 25),
])
def test_a_person_plays_by_clicking_and_sees_only_their_cards(lab_browser, game, options, seats, seed, clicks):
    browser, url, folder = lab_browser
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    notebook = write_notebook(folder, f"{game}-{seed}.ipynb", game, options, seats, seed)
    shadow = shadow_table(game, options, seats, seed)
    played = play_by_clicks(page, url, notebook, shadow, clicks, np.random.default_rng(seed), screenshots=folder)
    assert len(played) >= 10
    if game == "deer":
        assert shadow.state.is_terminal() and "Game over." in page.locator(".deerbook-status").inner_text()
    page.close()


def play_by_keyboard(lab_browser, game, options, seats, seed, steps):
    """Open the table, check its Tab order and play up to `steps` choices by keys (the greedy agent's choices);
    the player (with its page and shadow table)."""
    from deerbook.engine.registry import make_agents

    browser, url, folder = lab_browser
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    notebook = write_notebook(folder, f"keys-{game}-{len(seats)}-{seed}.ipynb", game, options, seats, seed)
    shadow = shadow_table(game, options, seats, seed)
    parts = open_by_keyboard(page, url, notebook)
    assert parts == sorted(parts) and {CHOICES, TOOLS, LOG, DRAWING, HELP} <= set(parts), parts
    notebook_keys_stay_with_the_table(page)
    player = KeyboardPlayer(page, shadow, make_agents(shadow.game, ["greedy"])[0], np.random.default_rng(seed))
    for _ in range(steps):
        if shadow.state.is_terminal():
            break
        player.step()
    page.screenshot(path=str(folder / f"{notebook}-end.png"), full_page=True)
    return player


def test_a_whole_deer_game_by_keyboard_alone(lab_browser):
    player = play_by_keyboard(lab_browser, "deer", {"num_players": 2}, ["human", "greedy"], 3, 600)
    shadow, page = player.shadow, player.page
    assert shadow.state.is_terminal() and "Game over." in page.locator(".deerbook-status").inner_text()
    assert {"roll", "buttons", "split"} <= set(player.used), "a rack: one key press"
    assert_focus_on(page, shadow.new_button)  # the next first choice: a new game
    page.close()


def test_a_hot_seat_tells_each_seat_only_its_own_lines(lab_browser):
    player = play_by_keyboard(lab_browser, "deer", {"num_players": 2}, ["human", "human"], 5, 200)
    assert player.used.count("pass") >= 10 and set(player.viewers) == {0, 1}
    player.page.close()


def test_a_football_turn_by_keyboard_alone(lab_browser):
    player = play_by_keyboard(lab_browser, "football", {"num_players": 2}, ["human", "greedy"], 7, 12)
    turns = {entry.turn.key for entry in player.shadow.log if entry.turn.seat == 0}
    assert len(turns) >= 2  # the first turn was played through and the next one began
    player.page.close()


def test_the_focus_ring_shows_in_the_dark_theme(lab_browser):
    folder = lab_browser[2]
    themes = folder / ".lab" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    themes.parent.mkdir(parents=True, exist_ok=True)
    themes.write_text(DARK_THEME)
    try:
        player = play_by_keyboard(lab_browser, "deer", {"num_players": 2}, ["human", "greedy"], 8, 4)
        assert player.page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        assert_focus_on(player.page, player.shadow.first_control())  # its ring: >= 3:1 on the dark theme
        player.page.close()
    finally:
        themes.unlink()


@pytest.mark.skipif(axe.missing_reason() is not None, reason=str(axe.missing_reason()))
def test_the_table_has_no_serious_axe_violation(lab_browser):
    """axe-core on the table at each kind of screen it shows: a roll, a row of choices, the pass screen, a rack's
    move, whichever come first in a hot-seat game."""
    from deerbook.engine.registry import make_agents

    browser, url, folder = lab_browser
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    notebook = write_notebook(folder, "axe-deer.ipynb", "deer", {"num_players": 2}, ["human", "human"], 5)
    shadow = shadow_table("deer", {"num_players": 2}, ["human", "human"], 5)
    open_by_keyboard(page, url, notebook)
    player = KeyboardPlayer(page, shadow, make_agents(shadow.game, ["greedy"])[0], np.random.default_rng(5))
    checked, found = set(), []
    for _ in range(150):
        if (kind := control_kind(shadow)) not in checked:
            checked.add(kind)
            found += axe.lines(axe.blocking(axe.violations(page, ".deerbook-table")), kind)
        if len(checked) == 4:
            break
        player.step()
    assert len(checked) == 4 and found == [], found
    page.close()


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
CLICKS = 40  # per mode: through a first turn of each seat, racks and pass screens included where they come


@pytest.fixture(scope="module")
def shipped(lab_browser):
    """The shipped chapter open in JupyterLab, run whole (Run → Run All Cells)."""
    browser, url, folder = lab_browser
    shutil.copy(SHIPPED, folder / SHIPPED.name)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(f"{url}/lab/tree/{SHIPPED.name}?reset", timeout=START)
    page.get_by_text("| Idle").first.wait_for(timeout=START)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.get_by_text("take the 3s (3 play): 0.50").wait_for(timeout=START)  # the last cell's answer
    table_of(page).locator(".deerbook-news").wait_for(state="attached", timeout=HANG)
    page.evaluate(RECORD_NEWS)
    yield page
    page.close()


def test_the_shipped_table_reads_as_a_table_before_it_is_run(lab_browser):
    browser, url, folder = lab_browser
    shutil.copy(SHIPPED, folder / "unrun.ipynb")
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(f"{url}/lab/tree/unrun.ipynb?reset", timeout=START)
    output = page.locator(".jp-OutputArea-output", has=page.locator("table.deerbook-text-table")).first
    output.wait_for(timeout=START)
    text = output.inner_text()
    assert "Your turn: roll the 3 number dice and the predator die." in text
    assert "Scores (the lowest wins; Finish at 100): you 0 · P1 (advisor) 0 · P2 (greedy) 0" in text
    assert re.search(r"Your hand \(20 cards, value \d+\)\s+1 ×3, 2", text), "the table as text, in rows"
    assert "0102030405" not in text and "Finish 100P0" not in text, "no drawing's labels run together"
    page.screenshot(path=str(folder / "shipped-unrun.png"), full_page=True)
    page.close()


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
    for step in range(CLICKS):
        check_page(shipped, shadow, told)
        if step in (0, CLICKS // 2):
            shipped.screenshot(path=str(lab_browser[2] / f"shipped-{mode}-{step}.png"), full_page=True)
        if shadow.state.is_terminal():
            break
        kinds.add(control_kind(shadow))
        before = redraw_count(shipped)
        click_choice(shipped, shadow, rng)
        wait_for_redraw(shipped, before)
    assert {"roll", "buttons"} <= kinds and ("pass" in kinds) == (mode == "hot-seat"), kinds
    assert table_of(shipped).locator(".deerbook-scores").inner_text().startswith("Scores (the ")


def test_an_explorers_chart_follows_jupyterlabs_dark_theme(lab_browser):
    from deerbook.charts.theme import DARK

    browser, url, folder = lab_browser
    themes = folder / ".lab" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    themes.parent.mkdir(parents=True, exist_ok=True)
    themes.write_text(DARK_THEME)
    code = "from deerbook.widgets import FootballExplorer\nFootballExplorer().widget"
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": code}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / "explorer.ipynb").write_text(json.dumps(notebook))
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(f"{url}/lab/tree/explorer.ipynb?reset", timeout=START)
        page.get_by_text("| Idle").first.wait_for(timeout=START)
        page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click(timeout=HANG)
        page.keyboard.press("Control+Enter")
        paper = DARK.layout.paper_bgcolor.lstrip("#")
        dark = "rgb({}, {}, {})".format(*(int(paper[i:i + 2], 16) for i in (0, 2, 4)))
        page.wait_for_function("dark => [...document.querySelectorAll('.js-plotly-plot .main-svg')].some("
                               "svg => getComputedStyle(svg).backgroundColor === dark)", arg=dark, timeout=START)
        page.screenshot(path=str(folder / "explorer-dark.png"))
        page.close()
    finally:
        themes.unlink()
