"""The notebook table as a board, in JupyterLab (started here) and Debian's chromium driven by Playwright.

A whole game of Deer with every advanced rule, of the card edition and of Football for two, and the start of a
hot-seat game, are played by clicks on the first choice, against seeded bots without a pause, at 1280×800 (the file
browser open) and 390×844 (the file browser folded, as on a phone), each in JupyterLab's light and dark themes; at
every step the dice and cards drawn and every choice button shown must be inside the part of the window the notebook
shows, all at once, the person never scrolling after the first look at the table (tests/helpers/browser_table.py,
`BoardWatch`). The basic Deer game and solo Football are watched so in the light theme at 1280×800 by
tests/widgets/test_browser.py, in the whole games it plays by clicks (one game each checks the board and what the
page shows the seat). The log sits under the choices beside the drawing where the output is wide,
open; on a phone it comes after the drawing, folded, and the person opens and folds it by keyboard, and it stays as
they left it across redraws. One JupyterLab for the module, one page per theme, one kernel per game. Screenshots go
to the test's temporary folder with DEERBOOK_SCREENSHOTS set. Skipped, with the reason, where chromium, Playwright
or JupyterLab is missing.
"""
import pytest

from browser_table import (HANG, BoardWatch, click_first_choice, close_notebook, dark_lab_page, game_over,
                           lab_browser, lab_page, log_place, missing_reason, open_notebook, table_of, write_notebook)
from screenshots import screenshot

pytestmark = [pytest.mark.skipif(missing_reason() is not None, reason=str(missing_reason())),
              pytest.mark.xdist_group("jupyterlab-board")]
__all__ = ["lab_browser", "lab_page"]  # the module's fixtures

WIDE, PHONE = (1280, 800), (390, 844)
THREE = ["human", "greedy", "greedy"]
MODES = [  # (id, game, options, seats, seed, window, theme): each window in each theme (wide and light: the basic
    # game and solo Football, in test_browser.py); Deer on a phone is the advanced game's (the basic game's decisions
    # and more, the same drawing)
    ("deer-advanced", "deer", {"num_players": 3, "advanced": True}, THREE, 5, PHONE, "light"),
    ("deer-cards", "deer-cards", {"num_players": 3}, THREE, 7, WIDE, "dark"),
    ("football-2", "football", {"num_players": 2}, ["human", "greedy"], 8, PHONE, "dark"),
]
HOT_SEAT_STEPS = 40  # the hot seat's test plays this many steps (the table passed several times)
STEPS = 2000  # at most, for a whole game


@pytest.fixture(scope="module")
def pages(lab_browser, lab_page):
    """A JupyterLab page in each theme, for the module's notebooks (each closed after its test)."""
    dark = dark_lab_page(lab_browser)
    yield {"light": lab_page, "dark": dark}
    dark.close()


def open_table(lab_browser, page, name, game, options, seats, seed, window) -> BoardWatch:
    """The notebook's table run in `page` at the `window` size, watched as a board (`BoardWatch`)."""
    url, folder = lab_browser[1:]
    page.set_viewport_size({"width": window[0], "height": window[1]})
    notebook = write_notebook(folder, f"board-{name}.ipynb", game, options, seats, seed)
    open_notebook(page, url, notebook)
    watch = BoardWatch(name, folder, window)
    watch.start(page)
    return watch


def play_checking_the_board(page, watch: BoardWatch, steps: int = STEPS) -> tuple[int, int]:
    """Click the first choice until the game ends (or `steps` clicks), the board checked before each click; the
    number of steps checked, and of those with dice and cards (or, in Football, dice) drawn."""
    while not game_over(page) and watch.checked < steps:
        watch.step(page)
        click_first_choice(page)
    assert watch.checked < STEPS
    return watch.checked, watch.with_both


@pytest.mark.parametrize("name, game, options, seats, seed, window, theme", MODES, ids=[mode[0] for mode in MODES])
def test_a_whole_game_keeps_the_dice_the_hand_and_every_choice_in_sight(lab_browser, pages, name, game, options,
                                                                        seats, seed, window, theme):
    page = pages[theme]
    try:
        watch = open_table(lab_browser, page, name, game, options, seats, seed, window)
        place = log_place(page)
        if window == WIDE:  # the log open, under the choices, beside the drawing
            assert place["open"] and place["log"][1] >= place["panel"][3] - 1 and place["log"][2] <= place["drawing"][0]
        else:  # the log folded, after the drawing
            assert not place["open"] and place["log"][1] >= place["drawing"][3] - 1
        checked, with_both = play_checking_the_board(page, watch)
        assert "Game over." in table_of(page).locator(".deerbook-status").inner_text()
        screenshot(page, lab_browser[2] / f"board-{name}-end.png")
        print(f"\n{name}: {checked} steps in sight, {with_both} with the dice and the hand")
        assert checked > 5 and with_both > 3, (checked, with_both)
    finally:
        close_notebook(page)


def test_a_hot_seat_keeps_the_board_in_sight(lab_browser, pages):
    page = pages["light"]
    try:
        watch = open_table(lab_browser, page, "hot-seat", "deer", {"num_players": 2}, ["human", "human"], 5, PHONE)
        checked, _ = play_checking_the_board(page, watch, HOT_SEAT_STEPS)
        assert checked == HOT_SEAT_STEPS
    finally:
        close_notebook(page)


def test_the_log_folded_on_a_phone_opens_by_keyboard_and_stays_as_left(lab_browser, pages):
    page = pages["dark"]
    try:
        open_table(lab_browser, page, "log", "deer", {"num_players": 3}, THREE, 4, PHONE)
        summary = table_of(page).locator(".deerbook-log-fold > summary")
        assert not log_place(page)["open"]
        summary.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.deerbook-log-fold').open", timeout=HANG)
        screenshot(page, lab_browser[2] / "board-log-open-phone-dark.png")
        for _ in range(3):  # redraws (a new log each time) keep it open
            click_first_choice(page)
            assert log_place(page)["open"]
        summary.focus()
        page.keyboard.press("Space")
        page.wait_for_function("() => !document.querySelector('.deerbook-log-fold').open", timeout=HANG)
        page.set_viewport_size({"width": WIDE[0], "height": WIDE[1]})  # wider: still as the person left it
        click_first_choice(page)
        assert not log_place(page)["open"]
    finally:
        close_notebook(page)
