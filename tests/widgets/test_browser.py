"""The table in a real browser: JupyterLab started here, Debian's chromium driven by Playwright (the shipped
chapter's own table: tests/widgets/test_shipped_chapter.py).

A whole three-player Deer game and a whole solo Football game are played by clicking the table's own buttons at
1280×800, the table watched as a board before each click (every die, card and choice in sight without scrolling:
tests/helpers/browser_table.py, `BoardWatch`; tests/widgets/test_board.py watches the other modes), then Copy link
puts the game's link on the clipboard and in the note; and a
whole two-player Deer game (its racks one key press each), the start of a hot-seat Deer game (until the table has
been passed six times) and a Football turn by key presses alone (no mouse once the cell has run). The tests open
their notebooks one after another in one JupyterLab page (the dark theme's test in its own). After every choice the
page must show what the same table in this process shows its viewing seat (tests/helpers/browser_table.py,
`check_page`): the choices, that seat's own cards and nothing else face up, its log, and the live region's new lines
exactly as `Announcer` tells that seat (nothing at the "pass the table" screen). By keyboard the focus must follow
the table's order, land on the next first choice after each choice, and show a ring of at least 3:1, in the light
and the dark theme; JupyterLab's command-mode keys pressed on the table do nothing to the notebook; axe finds no
serious violation in the table. No speed is asserted (benchmarks/browser_redraw.py measures it): a step fails only
when it hangs (`HANG`). With DEERBOOK_SCREENSHOTS set, screenshots go to the test's temporary folder. Skipped, with
the reason, where chromium, Playwright or JupyterLab is missing.
"""
import axe
import numpy as np
import pytest

from browser_table import (HANG, VIEWPORT, BoardWatch, KeyboardPlayer, assert_focus_on, control_kind, dark_lab_page,
                           lab_browser, lab_page, missing_reason, notebook_keys_stay_with_the_table, notebook_page,
                           open_by_keyboard, play_by_clicks, shadow_table, write_notebook)
from screenshots import screenshot

# One JupyterLab and one chromium for the module, and one page: each test opens its notebook in it (the dark theme's
# test has its own, the theme set as it loads). On several workers (dev.py test), all its tests go to one
# (tests/widgets/test_shipped_chapter.py has its own, on another).
pytestmark = [pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason())),
              pytest.mark.xdist_group("jupyterlab-tables")]
__all__ = ["lab_browser", "lab_page", "notebook_page"]  # the module's fixtures

# The table's parts, in order (browser_table.TABLE_PART): the set-up, then the board (its panel: status, choices,
# hint, note; then the drawing, the tools and the log), the review (once the game is over) and the help.
CHOICES, DRAWING, TOOLS, LOG, HELP = 101, 110, 120, 130, 300
CLICKS = 400  # at most, for a whole game by clicks (the Deer game takes about 100, the Football one about 30)
WIDE = (1280, 800)  # the window of the games by clicks, as test_board.py's wide one
PASSES = 5  # the hot seat's test plays until the table has been passed this many times, and one more


@pytest.mark.parametrize("game,options,seats,seed", [
    ("deer", {"num_players": 3}, ["human", "greedy", "greedy"], 4),
    ("football", {"num_players": 1}, ["human"], 7),
])
def test_a_person_plays_a_whole_game_by_clicking_and_sees_only_their_cards(lab_browser, notebook_page, game, options,
                                                                           seats, seed):
    url, folder = lab_browser[1:]
    page = notebook_page
    notebook = write_notebook(folder, f"{game}-{seed}.ipynb", game, options, seats, seed)
    shadow = shadow_table(game, options, seats, seed)
    watch = BoardWatch(f"{game}-clicks", folder, WIDE)
    page.set_viewport_size({"width": WIDE[0], "height": WIDE[1]})
    try:
        played = play_by_clicks(page, url, notebook, shadow, CLICKS, np.random.default_rng(seed), screenshots=folder,
                                watch=watch)
    finally:
        page.set_viewport_size(VIEWPORT)
    assert len(played) >= 10 and watch.checked == len(played) and watch.with_both > 3
    assert shadow.state.is_terminal() and "Game over." in page.locator(".deerbook-status").inner_text()
    assert copied_link(page, url) == shadow.link()


def copied_link(page, url: str) -> str:
    """Press Copy link: the link the note shows, which must be the one on the clipboard."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
    table = page.locator(".deerbook-table").first
    table.locator(".deerbook-tools button", has_text="Copy link").click()
    table.get_by_text("Copied to the clipboard.").wait_for(timeout=HANG)
    shown = table.locator("input.deerbook-link").input_value()
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    return shown


def play_by_keyboard(lab_browser, page, game, options, seats, seed, steps, done=lambda player: False):
    """Open the table in `page`, check its Tab order and play by keys (the greedy agent's choices) until the game
    ends, `done(player)` or `steps` choices; the player (with its page and shadow table)."""
    from deerbook.engine.registry import make_agents

    url, folder = lab_browser[1:]
    notebook = write_notebook(folder, f"keys-{game}-{len(seats)}-{seed}.ipynb", game, options, seats, seed)
    shadow = shadow_table(game, options, seats, seed)
    parts = open_by_keyboard(page, url, notebook)
    assert parts == sorted(parts) and {CHOICES, TOOLS, LOG, DRAWING, HELP} <= set(parts), parts
    notebook_keys_stay_with_the_table(page)
    player = KeyboardPlayer(page, shadow, make_agents(shadow.game, ["greedy"])[0], np.random.default_rng(seed))
    for _ in range(steps):
        if shadow.state.is_terminal() or done(player):
            break
        player.step()
    screenshot(page, folder / f"{notebook}-end.png", full_page=True)
    return player


def test_a_whole_deer_game_by_keyboard_alone(lab_browser, notebook_page):
    player = play_by_keyboard(lab_browser, notebook_page, "deer", {"num_players": 2}, ["human", "greedy"], 3, 600)
    shadow, page = player.shadow, player.page
    assert shadow.state.is_terminal() and "Game over." in page.locator(".deerbook-status").inner_text()
    assert {"roll", "buttons", "split"} <= set(player.used), "a rack: one key press"
    assert_focus_on(page, shadow.new_button)  # the next first choice: a new game


def test_a_hot_seat_tells_each_seat_only_its_own_lines(lab_browser, notebook_page):
    player = play_by_keyboard(lab_browser, notebook_page, "deer", {"num_players": 2}, ["human", "human"], 5, 100,
                              done=lambda player: player.used.count("pass") == PASSES + 1)  # one more, a margin
    assert player.used.count("pass") >= PASSES and set(player.viewers) == {0, 1}


def test_a_football_turn_by_keyboard_alone(lab_browser, notebook_page):
    player = play_by_keyboard(lab_browser, notebook_page, "football", {"num_players": 2}, ["human", "greedy"], 7, 12)
    turns = {entry.turn.key for entry in player.shadow.log if entry.turn.seat == 0}
    assert len(turns) >= 2  # the first turn was played through and the next one began


def test_the_focus_ring_shows_in_the_dark_theme(lab_browser):
    page = dark_lab_page(lab_browser)  # JupyterLab loaded anew, in the dark theme
    try:
        player = play_by_keyboard(lab_browser, page, "deer", {"num_players": 2}, ["human", "greedy"], 8, 4)
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
        assert_focus_on(page, player.shadow.first_control())  # its ring: >= 3:1 on the dark theme
    finally:
        page.close()


@pytest.mark.skipif(axe.missing_reason() is not None, reason=str(axe.missing_reason()))
def test_the_table_has_no_serious_axe_violation(lab_browser, notebook_page):
    """axe-core on the table at each kind of screen it shows: a roll, a row of choices, the pass screen, a rack's
    move, whichever come first in a hot-seat game."""
    from deerbook.engine.registry import make_agents

    url, folder = lab_browser[1:]
    page = notebook_page
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
