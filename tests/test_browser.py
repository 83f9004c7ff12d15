"""The table in a real browser: JupyterLab started here, Debian's chromium driven by Playwright.

A whole Deer game against bots and several solo Football turns are played by clicking the table's own
buttons; at every step the page must show seat 0's own cards and nothing else face up, and seat 0's
log. Screenshots go to the test's temporary folder. Skipped, with the reason, where chromium, Playwright
or JupyterLab is missing.
"""
import statistics

import numpy as np
import pytest

from browser_table import CHROMIUM, CHROMIUM_ARGS, lab_server, missing_reason, play_in_browser, write_notebook

pytestmark = pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason()))

CLICK_TO_REDRAW_TARGET_MS = 150


@pytest.fixture(scope="module")
def lab_browser(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    folder = tmp_path_factory.mktemp("lab")
    with lab_server(folder) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser, url, folder
        browser.close()


@pytest.mark.parametrize("game,options,seats,seed,clicks", [
    ("deer", {"num_players": 3}, ["human", "greedy", "greedy"], 4, 400),
    ("football", {"num_players": 1}, ["human"], 7, 25),
])
def test_a_person_plays_by_clicking_and_sees_only_their_cards(lab_browser, game, options, seats, seed, clicks):
    from deerbook.engine import make_game
    from deerbook.widgets import GameTable

    browser, url, folder = lab_browser
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    notebook = write_notebook(folder, f"{game}-{seed}.ipynb", game, options, seats, seed)
    shadow = GameTable(make_game(game, **options), seats, seed=seed, bot_delay=0)
    times = play_in_browser(page, url, notebook, shadow, clicks, np.random.default_rng(seed), screenshots=folder)
    print(f"\n{game}: {len(times)} clicks, click-to-redraw median {statistics.median(times):.0f} ms, "
          f"max {max(times):.0f} ms (bots' thinking excluded); screenshots in {folder}")
    if game == "deer":
        assert (shadow.state.is_terminal()
                and "Game over." in page.locator(".deerbook-redraw").last.locator("xpath=..").inner_text())
    assert len(times) >= 10
    assert statistics.median(times) < CLICK_TO_REDRAW_TARGET_MS * 4  # generous on a loaded machine; see benchmarks/
