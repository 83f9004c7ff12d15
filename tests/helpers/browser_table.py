"""Drive the notebook table in a real browser: JupyterLab started here, Debian's chromium through Playwright.

`lab_server(folder)` starts JupyterLab on a free local port (no token, `--allow-root`, every cell kept in the page)
and stops it; `write_notebook` writes a notebook whose one cell builds a `GameTable`. `play_by_clicks` runs it and
clicks the table's own choice buttons (seeded random choices; a rack's split as it starts or a random one);
`open_by_keyboard` runs it and Tabs into the table, and `KeyboardPlayer.step` then makes each choice with key
presses alone (Tab, arrows, Enter or Space; the choice an agent would make; a rack's split as it starts, one key
press). `set_up` starts any game and mode through the table's own set-up controls (the shipped chapter's table).
Where a notebook holds several tables, the first one is the one played and checked. Every choice is made on a shadow
table in this process too (same seed, same bots, the same control), so after each redraw the page is checked against
it (`check_page`): the choices offered, the cards drawn face up (exactly the viewing seat's own, set-aside ones
included; none on the "pass the table" screen), the log, and the live region, whose appended lines must be what
`Announcer` tells that seat (and nothing at the pass screen), all read from the page at once. Each step also returns
the time from the last key press or click to the redraw, bots' thinking taken out, which
benchmarks/browser_redraw.py reports; the tests assert no time but a hang-only timeout (`HANG`). `lab_browser` is
the fixture of one JupyterLab and one chromium for a test module, and `lab_page` of one page in which its tests open
their notebooks one after another (`notebook_page` closes each after its test), so JupyterLab loads once, not for
each test. `board` reads what of the dice, cards and choices is out of sight, `log_place` where the log is and
whether it is open, `left_sidebar` folds JupyterLab's file browser as on a phone, `click_first_choice` clicks through a
game. JupyterLab is started without its news toast. Used by tests/widgets/test_browser.py, test_board.py,
test_shipped_chapter.py and benchmarks/browser_redraw.py.
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest

from colours import contrast
from page_frames import wait_two_frames
from screenshots import screenshot

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
REDRAW = ".deerbook-redraw"
NEWS = ".deerbook-news"
HANG = 60_000  # ms: only a hang takes this long
START = 120_000  # ms for JupyterLab and the kernel to start
TABS_TO_TABLE = 12  # Tab presses from the run cell into its table, at most
MAX_FOCUSABLE = 60  # the table has fewer elements to Tab through
FOCUSED_VALUE = "() => document.activeElement.value"
CELLS = "() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(cell => cell.className).join('|')"
NOTEBOOK_KEYS = ["a", "b", "x", "c", "v", "m", "d", "d", "z", "ArrowUp", "ArrowDown", "k", "j"]  # command mode's
# Records the lines the live region holds and every line it gains, in order, from now on (the region itself must stay
# the same element).
RECORD_NEWS = """() => {
    const region = document.querySelector('.deerbook-table .deerbook-news');
    window.deerbookRegion = region;
    window.deerbookTold = [...region.children].map(node => node.textContent);
    new MutationObserver(records => records.forEach(record => record.addedNodes.forEach(
        node => window.deerbookTold.push(node.textContent)))).observe(region, {childList: true});
}"""
# Whether an element is visible as Playwright's `:visible` has it: not hidden by `display` or `visibility`, and a
# box of some size (the table holds a wide and a phone layout, one of them shown).
VISIBLE = """
    const visible = element => {
        const box = element.getBoundingClientRect();
        return element.checkVisibility() && getComputedStyle(element).visibility === 'visible' && box.width > 0
            && box.height > 0;
    };"""
# The focused element: its kind, its text (a menu: its options), and how its focus ring is drawn.
FOCUSED = r"""() => {
    const element = document.activeElement, style = getComputedStyle(element);
    let background = 'rgb(255, 255, 255)';
    for (let e = element; e; e = e.parentElement) {
        const color = getComputedStyle(e).backgroundColor;
        if (!/rgba\(.*, 0\)$/.test(color) && color !== 'transparent') { background = color; break; }
    }
    return {tag: element.tagName, inTable: !!element.closest('.deerbook-table'),
            text: element.tagName === 'SELECT' ? [...element.options].map(o => o.textContent).join('|')
                                               : element.textContent.trim(),
            focusVisible: element.matches(':focus-visible'), ring: style.outlineStyle,
            width: parseFloat(style.outlineWidth), offset: parseFloat(style.outlineOffset),
            color: style.outlineColor, background};
}"""


def missing_reason() -> str | None:
    """Why the browser test cannot run here (None if it can)."""
    if not Path(CHROMIUM).exists():
        return f"chromium not found at {CHROMIUM} (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright for Python is not installed (pip install playwright; no browser download needed)"
    if shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) is None:
        return "jupyterlab is not installed"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


DARK_THEME = '{"theme": "JupyterLab Dark"}'  # JupyterLab's theme setting, written in its settings folder
VIEWPORT = {"width": 1280, "height": 1000}
WIDE_WINDOW = 1280  # px: a window this wide shows JupyterLab's file browser beside the notebook (`BoardWatch`)


@pytest.fixture(scope="module")
def lab_browser(tmp_path_factory):
    """(chromium, JupyterLab's URL, the folder it serves) for a test module."""
    from playwright.sync_api import sync_playwright

    folder = tmp_path_factory.mktemp("lab")
    with lab_server(folder) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser, url, folder
        browser.close()


@pytest.fixture(scope="module")
def lab_page(lab_browser):
    """One page for a test module's notebooks (`notebook_page`): JupyterLab loads in it once, with the first."""
    page = lab_browser[0].new_page(viewport=VIEWPORT)
    yield page
    page.close()


@pytest.fixture
def notebook_page(lab_page):
    """The module's JupyterLab page for a test that opens one notebook in it; the notebook is closed after."""
    yield lab_page
    close_notebook(lab_page)


def dark_lab_page(lab_browser):
    """A new page of `lab_browser` with JupyterLab loaded in its dark theme (the setting written for that load only,
    so a page loaded later is light); notebooks open in it by `open_in_lab`."""
    browser, url, folder = lab_browser
    themes = folder / ".lab" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    themes.parent.mkdir(parents=True, exist_ok=True)
    themes.write_text(DARK_THEME)
    page = browser.new_page(viewport=VIEWPORT)
    try:
        page.goto(f"{url}/lab?reset", timeout=START)
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=START)
    finally:
        themes.unlink()
    return page


def shadow_table(game, options, seats, seed):
    """The table a test plays in this process beside the page's, bots without a pause."""
    from deerbook.engine import make_game
    from deerbook.widgets import GameTable

    return GameTable(make_game(game, **options), seats, seed=seed, bot_delay=0)


@contextlib.contextmanager
def lab_server(folder: Path):
    """JupyterLab serving `folder` on 127.0.0.1; yields its base URL."""
    port = free_port()
    command = [str(Path(sys.executable).parent / "jupyter-lab"), "--no-browser", "--allow-root", f"--port={port}",
               "--ip=127.0.0.1", f"--ServerApp.root_dir={folder}", "--IdentityProvider.token=",
               "--ServerApp.password=", "--LabApp.news_url=", "--LabApp.collaborative=False"]
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(folder / ".jupyter"),
           "JUPYTERLAB_SETTINGS_DIR": str(folder / ".lab"),
           "JUPYTER_DATA_DIR": str(folder / ".data")}  # its own trust store: a notebook not run here is untrusted
    tracker = folder / ".lab" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True, exist_ok=True)
    tracker.write_text('{"windowingMode": "none"}')  # every cell in the page, in view or not
    news = folder / ".lab" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    news.parent.mkdir(parents=True, exist_ok=True)
    news.write_text('{"fetchNews": "false"}')  # no "get notified about Jupyter news?" toast over the table
    log = open(folder / "lab.log", "w")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{url}/api/status", timeout=1)
                break
            time.sleep(0.5)
        else:
            raise RuntimeError(f"JupyterLab did not start: {(folder / 'lab.log').read_text()[-2000:]}")
        yield url
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=20)
        if server.poll() is None:
            server.kill()
        log.close()


def write_notebook(folder: Path, name: str, game: str, options: dict, seats: list[str], seed: int) -> str:
    code = (f"from deerbook.engine import make_game\nfrom deerbook.widgets import GameTable\n"
            f"table = GameTable(make_game({game!r}, **{options!r}), {seats!r}, seed={seed}, bot_delay=0)\ntable")
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": code}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(notebook))
    return name


def table_of(page):
    """The first table of the notebook: the one played and checked."""
    return page.locator(".deerbook-table").first


def redraw_count(page) -> int:
    return page.evaluate(f"() => Number(document.querySelector('.deerbook-table {REDRAW}').dataset.redraw)")


def own_cards(state, seat: int) -> list[str]:
    comp = state.game.components
    return sorted(comp.cards[k].name for place in (state.hands[seat], state.set_aside[seat])
                  for k, count in enumerate(place) if count)


def open_in_lab(page, url: str, notebook: str) -> None:
    """Open the notebook: in the JupyterLab the page shows (File → Open from Path…), or in JupyterLab loaded
    anew. Its kernel starts (`wait_for_kernel`)."""
    if page.url.startswith(f"{url}/lab"):
        page.get_by_role("menuitem", name="File", exact=True).click(timeout=HANG)
        page.get_by_role("menuitem", name="Open from Path…").click(timeout=HANG)
        page.locator(".jp-Dialog input").fill(notebook, timeout=HANG)
        page.keyboard.press("Enter")
    else:
        page.goto(f"{url}/lab/tree/{notebook}?reset", timeout=START)


def wait_for_kernel(page) -> None:
    """Wait until the open notebook's kernel is ready."""
    page.get_by_text("| Idle").first.wait_for(timeout=START)


def close_notebook(page) -> None:
    """Close the page's open notebook and shut its kernel down (File → Close and Shut Down Notebook), so the
    next one opens in the same JupyterLab; where that fails, the next one loads JupyterLab anew."""
    from playwright.sync_api import Error

    try:
        if page.locator(".jp-Notebook").count():
            page.get_by_role("menuitem", name="File", exact=True).click(timeout=HANG)
            page.get_by_role("menuitem", name="Close and Shut Down Notebook").click(timeout=HANG)
            page.get_by_role("button", name="Ok").click(timeout=HANG)
            page.locator(".jp-Notebook").wait_for(state="detached", timeout=HANG)
    except Error:
        page.goto("about:blank")


def open_notebook(page, url: str, notebook: str) -> None:
    """Open the notebook, click into its cell (the only mouse click), run it and wait for the table."""
    open_in_lab(page, url, notebook)
    wait_for_kernel(page)
    page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click(timeout=HANG)
    page.keyboard.press("Control+Enter")  # run the cell and stay on it, in command mode
    table_of(page).locator(REDRAW).first.wait_for(state="attached", timeout=START)
    table_of(page).locator(NEWS).wait_for(state="attached", timeout=HANG)
    page.evaluate(RECORD_NEWS)


def wait_for_redraw(page, before: int) -> None:
    found = f"document.querySelector('.deerbook-table {REDRAW}')"
    page.wait_for_function(f"{found} && Number({found}.dataset.redraw) > {before}", timeout=HANG)


def bots_ms(page) -> float:
    return page.evaluate(f"() => Number(document.querySelector('.deerbook-table {REDRAW}').dataset.botsMs)")


# -- the board ------------------------------------------------------------------------------------------------------
# What of the first table's board is out of sight now: each drawn die and card and each choice control shown (a
# button, a split's number field, a menu) must be inside the part of the window the notebook shows (the box that
# scrolls it, within the window) and inside the table's width (nothing clipped at its side). With how many dice, cards
# and choices were looked at.
BOARD = "() => {" + VISIBLE + """
    const table = document.querySelector('.deerbook-table');
    let area = table.parentElement;
    while (area && !(['auto', 'scroll'].includes(getComputedStyle(area).overflowY)
                     && area.scrollHeight > area.clientHeight + 1)) area = area.parentElement;
    const frame = area ? area.getBoundingClientRect() : {top: 0, bottom: innerHeight};
    const top = Math.max(frame.top, 0), bottom = Math.min(frame.bottom, innerHeight);
    const sides = table.getBoundingClientRect(), out = [];
    const look = (what, elements) => elements.filter(visible).map((element, i) => {
        const box = element.getBoundingClientRect();
        if (box.top < top - 1 || box.bottom > bottom + 1 || box.left < sides.left - 1 || box.right > sides.right + 1)
            out.push(`${what} ${i} at ${Math.round(box.left)},${Math.round(box.top)}..${Math.round(box.right)},`
                     + `${Math.round(box.bottom)}; in sight ${Math.round(sides.left)},${Math.round(top)}..`
                     + `${Math.round(sides.right)},${Math.round(bottom)}`);
    }).length;
    return {dice: look('die', [...table.querySelectorAll('.deerbook-view svg rect.die')]),
            cards: look('card', [...table.querySelectorAll('.deerbook-view svg text.card')]),
            choices: look('choice', [...table.querySelectorAll('.deerbook-choices :is(button, input, select)')]),
            out};
}"""
# Where the log sits: whether its disclosure is open, and its box, the panel's and the drawing's ([left, top, right,
# bottom]).
LOG_PLACE = """() => {
    const table = document.querySelector('.deerbook-table');
    const box = selector => { const b = table.querySelector(selector).getBoundingClientRect();
                              return [b.left, b.top, b.right, b.bottom]; };
    return {open: table.querySelector('.deerbook-log-fold').open, log: box('.deerbook-log-part'),
            panel: box('.deerbook-panel'), drawing: box('.deerbook-drawing')};
}"""


def board(page) -> dict:
    """What of the first table's dice, cards and choices is out of sight (BOARD): {"out": [...], "dice", ...}."""
    return page.evaluate(BOARD)


def log_place(page) -> dict:
    """Where the first table's log is and whether it is open (LOG_PLACE)."""
    return page.evaluate(LOG_PLACE)


def left_sidebar(page, shown: bool) -> None:
    """Show or fold JupyterLab's left sidebar (the file browser) by its tab, as a person does."""
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count() != shown:
        (current if not shown else page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab").first).click(timeout=HANG)
        wait_two_frames(page, HANG)


def click_first_choice(page) -> None:
    """Click the first choice the first table shows (a rack's split as it starts, a menu's first option, the "show
    my table" button) and wait for the redraw, for the keyboard focus on the next first choice and for the page to
    settle after it."""
    before = redraw_count(page)
    table_of(page).locator(".deerbook-choices button:visible").first.click(timeout=HANG)
    wait_for_redraw(page, before)
    page.wait_for_function("() => document.activeElement.closest('.deerbook-table .deerbook-choices')", timeout=HANG)
    wait_two_frames(page, HANG)


class BoardWatch:
    """The table as a board through a game (`board`): the window `window` (width, height) with JupyterLab's file
    browser open where it is wide and folded on a phone, the table scrolled to once as a person does after running
    the cell; then before each click every die, card and choice in sight, the steps counted, and those with the dice
    and the hand (Football: the dice) drawn. Screenshots of steps 1 and 12 and of any step out of sight go to
    `folder`."""

    def __init__(self, name: str, folder: Path, window: tuple[int, int]):
        self.name, self.folder, self.window = name, folder, window
        self.checked = self.with_both = 0

    def start(self, page) -> None:
        page.set_viewport_size({"width": self.window[0], "height": self.window[1]})
        left_sidebar(page, self.window[0] >= WIDE_WINDOW)
        table_of(page).evaluate("table => table.scrollIntoView({block: 'start'})")
        wait_two_frames(page, HANG)

    def step(self, page) -> None:
        wait_two_frames(page, HANG)  # the redraw laid out and the focus moved (which may scroll the notebook)
        shown = board(page)
        if shown["out"]:
            screenshot(page, self.folder / f"board-{self.name}-out.png")
        assert not shown["out"], f"{self.name}, step {self.checked}: out of sight: {shown['out']}"
        assert shown["choices"] > 0
        self.checked += 1
        self.with_both += bool(shown["dice"]) and (bool(shown["cards"]) or self.name.startswith("football"))
        if self.checked in (1, 12):
            screenshot(page, self.folder / f"board-{self.name}-{self.checked}.png")


def game_over(page) -> bool:
    return table_of(page).locator(".deerbook-new:visible").count() > 0


# -- the mouse --------------------------------------------------------------------------------------------------
def play_by_clicks(page, url: str, notebook: str, shadow, clicks: int, rng: np.random.Generator,
                   screenshots: Path | None = None, watch: BoardWatch | None = None) -> list[float]:
    """Click through a table, checking the page after every click (and the board before each, with `watch`);
    return the click-to-redraw times in ms."""
    open_notebook(page, url, notebook)
    if watch is not None:
        watch.start(page)
    told = Told(shadow)
    times = []
    for step in range(clicks):
        check_page(page, shadow, told)
        if screenshots is not None and step % 25 == 0:
            screenshot(page, screenshots / f"{notebook}-{step:03d}.png", full_page=True)
        if shadow.state.is_terminal():
            break
        if watch is not None:
            watch.step(page)
        before = redraw_count(page)
        start = time.perf_counter()
        click_choice(page, shadow, rng)
        wait_for_redraw(page, before)
        times.append(1000 * (time.perf_counter() - start) - bots_ms(page))
    if screenshots is not None:
        screenshot(page, screenshots / f"{notebook}-end.png", full_page=True)
    return times


# What the first table offers to click: the texts of its visible choices and, in the box of the first one, the
# values of its visible number fields (a rack's split) and the options of its first visible menu.
OFFERED = "() => {" + VISIBLE + """
    const choices = [...document.querySelector('.deerbook-table').querySelectorAll('.deerbook-choice')].filter(visible);
    const box = choices[0].parentElement, menu = [...box.querySelectorAll('select')].find(visible);
    return {choices: choices.map(choice => choice.textContent),
            fields: [...box.querySelectorAll('input[type=number]')].filter(visible).map(field => field.value),
            options: menu ? [...menu.options].map(option => option.textContent) : []};
}"""


def click_choice(page, shadow, rng) -> None:
    """Pick a legal choice at random on the page (its label in words; a rack's split as it starts or a random one;
    the "show my table" button of a hot seat), and make the same choice on the shadow table (by the action's text
    the label stands for, the same numbers of a split)."""
    from deerbook.play.table_html import choices

    table = table_of(page)
    if shadow.passing_to is not None:
        table.locator(".deerbook-pass:visible").click()
        shadow.pass_button.click()
        return
    names = {choice.label: choice.name for choice in choices(shadow, shadow.stop)}
    offered = page.evaluate(OFFERED)
    box = table.locator(".deerbook-choice:visible").first.locator("xpath=..")
    if amounts := [int(value) for value in offered["fields"]]:
        if rng.random() < 0.5:
            amounts = random_split(sum(map(abs, amounts)), len(amounts), rng)
            for index, amount in enumerate(amounts):
                box.locator("input[type=number]:visible").nth(index).fill(str(amount))
        box.locator(".deerbook-choice:visible").click()
        shadow.split(amounts, shadow._split_opening)  # a rack's split: with the rack it plays
        return
    if options := offered["options"]:
        choice = options[int(rng.integers(len(options)))]
        box.locator("select:visible").first.select_option(label=choice)
        box.locator(".deerbook-choice:visible").click()
        shadow.play(names[choice.replace("\xa0", " ")])
        return
    texts = offered["choices"]
    index = int(rng.integers(len(texts)))
    table.locator(".deerbook-choice:visible").nth(index).click()
    name = names[texts[index].strip()]
    shadow.roll() if name == "roll" else shadow.advance() if name == "next" else shadow.play(name)


def random_split(total: int, pawns: int, rng) -> list[int]:
    """A random split of `total` spaces over `pawns` pawns, each moved back or forward."""
    cuts = sorted(int(rng.integers(0, total + 1)) for _ in range(pawns - 1))
    return [(b - a) * int(rng.choice((1, -1))) for a, b in zip([0, *cuts], [*cuts, total])]


def set_up(page, shadow_form: dict) -> None:
    """Start a game through the first table's own set-up: open it, set every field as `shadow_form` has it (a field it
    leaves out: as a new form has it; the game and the player count first: a change of them draws the set-up
    again), press Start this game. Waits for the redraw."""
    from deerbook.play.setup import setup_fields

    table = table_of(page)
    toggle = table.locator(".deerbook-tools button", has_text="Set up a game")
    if "mod-active" not in (toggle.get_attribute("class") or ""):
        toggle.click()
    full = {field.name: field.value for field in setup_fields(shadow_form)}
    form: dict = {}
    for name in ("game", "num_players", *(key for key in full if key not in ("game", "num_players"))):
        form[name] = full[name]
        fields = setup_fields(form)
        index = [field.name for field in fields].index(name)
        row = table.locator(".deerbook-setup > .widget-hbox").first
        control, field = row.locator(":scope > *").nth(index), fields[index]
        if field.kind == "check":
            control.locator("input[type=checkbox]").set_checked(bool(full[name]))
        elif field.kind == "text":
            control.locator("input").fill(str(full[name]))
        else:
            words = dict(field.options)[str(full[name])].replace(" ", "\xa0")  # as ipywidgets writes it
            select = control.locator("select")
            if select.evaluate("select => select.selectedOptions[0]?.textContent") == words:
                continue
            old = row.element_handle()
            select.select_option(label=words)
            if name in ("game", "num_players"):  # the set-up is drawn anew: wait for the new one
                page.wait_for_function("row => !row.isConnected", arg=old, timeout=HANG)
                table.locator(".deerbook-setup > .widget-hbox").first.wait_for(timeout=HANG)
    before = redraw_count(page)
    table.locator(".deerbook-setup button", has_text="Start this game").click()
    wait_for_redraw(page, before)


# -- the keyboard -----------------------------------------------------------------------------------------------
def focused(page) -> dict:
    """The focused element and its focus ring (see FOCUSED)."""
    return page.evaluate(FOCUSED)


def open_by_keyboard(page, url: str, notebook: str) -> list[int]:
    """Open and run the notebook, then Tab from the cell into the table and through it; return, for each element
    the focus visits in the table, the place of the table part holding it (TABLE_PART: set-up 0, the board's status
    100, choices 101, drawing 110, tools 120, log 130, the review 200, help 300), and come back to the first choice
    with Shift+Tab."""
    open_notebook(page, url, notebook)
    for _ in range(TABS_TO_TABLE):
        page.keyboard.press("Tab")
        if focused(page)["inTable"]:
            break
    else:
        raise AssertionError("Tab never reached the table")
    parts = []
    while (part := page.evaluate(TABLE_PART)) is not None and len(parts) < MAX_FOCUSABLE:
        parts.append(part)
        page.keyboard.press("Tab")
    for _ in range(MAX_FOCUSABLE):  # back to the choices, then to their start
        page.keyboard.press("Shift+Tab")
        if page.evaluate(TABLE_PART) == CHOICES_PART:
            break
    while page.evaluate(TABLE_PART) == CHOICES_PART:
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    return parts


def notebook_keys_stay_with_the_table(page) -> None:
    """JupyterLab's command-mode keys pressed on the focused control do nothing to the notebook: no cell added,
    cut, deleted or turned to Markdown, no edit mode, the focus where it was."""
    before = page.evaluate(CELLS), focused(page)
    for key in NOTEBOOK_KEYS:
        page.keyboard.press(key)
    wait_two_frames(page, HANG)  # whatever a command did, JupyterLab has drawn it
    assert (page.evaluate(CELLS), focused(page)) == before
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 0


# Which of the table's parts (children of its box, in order) holds the focus; null outside the table.
CHOICES_PART = 101  # TABLE_PART of the choices: the board (1), its panel (0), its second part
TABLE_PART = """() => {
    const table = document.activeElement.closest('.deerbook-table');
    if (!table) return null;
    const index = (box) => [...box.children].findIndex(part => part.contains(document.activeElement));
    const top = index(table), part = table.children[top];
    if (!part.classList.contains('deerbook-board')) return 100 * top;
    const side = index(part);  // the board: its panel (status, choices, hint, note), the drawing, tools, log
    return 100 * top + 10 * side + (side === 0 ? index(part.children[0]) : 0);
}"""


class KeyboardPlayer:
    """Plays the page's table by key presses alone, choosing what `agent` would for the viewing seat, and makes
    the same choice through the same control of the shadow table."""

    def __init__(self, page, shadow, agent, rng):
        self.page, self.shadow, self.agent, self.rng = page, shadow, agent, rng
        self.told = Told(shadow)
        self.used: list[str] = []  # the kind of control each step used
        self.viewers: list[int] = []  # the seat viewing the table at each step
        check_page(page, shadow, self.told)

    def step(self) -> float:
        """One choice: the keys, the redraw, the checks. The time from the last key press to the redraw in ms."""
        shadow, keys = self.shadow, self.page.keyboard
        assert_focus_on(self.page, shadow.first_control())
        self.viewers.append(shadow.viewer)
        self.used.append(kind := control_kind(shadow))
        pressed = {"buttons": self._pick_button, "menu": self._pick_from_menu,
                   "split": self._split}.get(kind, lambda: shadow.shown_controls[0])()
        key = ("Enter", "Space")[int(self.rng.integers(2))]
        before = redraw_count(self.page)
        start = time.perf_counter()
        keys.press(key)
        wait_for_redraw(self.page, before)
        elapsed = 1000 * (time.perf_counter() - start) - bots_ms(self.page)
        pressed.click()  # the same control on the shadow table
        check_page(self.page, shadow, self.told)
        return elapsed

    def _action(self, state):
        observation = state.observation(self.shadow.viewer)
        return self.agent.act(observation, state.legal_actions(), random.Random(int(self.rng.integers(2**32))))

    def _pick_button(self):
        """Tab along the row of choices to the agent's one."""
        shadow = self.shadow
        name = str(self._action(shadow.state))
        buttons = [button for button in shadow.choice_buttons if button.layout.display != "none"]
        index = [button.tooltip for button in buttons].index(name)
        for _ in range(index):
            self.page.keyboard.press("Tab")
        assert_focus_on(self.page, buttons[index])
        return buttons[index]

    def _pick_from_menu(self):
        """Arrow down the menu to the agent's choice, then Tab to Play."""
        shadow = self.shadow
        name = str(self._action(shadow.state))
        self._arrow_to([value for _, value in shadow.menu.options].index(name))
        shadow.menu.value = name
        self.page.keyboard.press("Tab")
        play = shadow.menu_box.children[1]
        assert_focus_on(self.page, play)
        return play

    def _split(self):
        """A rack's split as it starts: the focus is on its button already, one key press makes it."""
        return self.shadow.split_button

    def _arrow_to(self, index: int) -> None:
        """Arrow keys on the focused menu until it shows option `index`."""
        steps = index - self.page.evaluate("() => document.activeElement.selectedIndex")
        for _ in range(abs(steps)):
            self.page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
        assert self.page.evaluate("() => document.activeElement.selectedIndex") == index


def control_kind(shadow) -> str:
    """Which choice control the shadow table shows: buttons, menu, move, pass, roll, next or new."""
    kinds = {"buttons": shadow.choice_row, "menu": shadow.menu_box, "split": shadow.split_box,
             "pass": shadow.pass_button, "roll": shadow.roll_button, "next": shadow.continue_button,
             "new": shadow.new_button}
    return next(kind for kind, control in kinds.items() if control is shadow.shown_controls[0])


def label(widget) -> str:
    """How the focused control reads on the page: a button's label, a menu's options."""
    options = getattr(widget, "options", None)
    if options is not None:
        return "|".join(text.replace(" ", "\xa0") for text, _ in options)
    return widget.description


def assert_focus_on(page, widget) -> None:
    """The keyboard focus is on the page's copy of `widget` (waiting for a hang only), and its ring is visible:
    at least 2 px, at least 3:1 against the colour beside it."""
    page.wait_for_function(f"() => ({FOCUSED})().text === {json.dumps(label(widget))}", timeout=HANG)
    ring = focused(page)
    assert ring["inTable"] and ring["focusVisible"] and ring["ring"] != "none" and ring["width"] >= 2, ring
    assert contrast(ring["color"], ring["background"]) >= 3, ring


# -- what the page must show --------------------------------------------------------------------------------------
class Told:
    """What the live region must tell: `Announcer`'s news for the viewing seat of the shadow table, nothing at the
    "pass the table" screen (which empties the region); `telling` is what the region holds since it was emptied."""

    def __init__(self, shadow):
        from deerbook.play.table_html import Announcer

        self.announcer, self.telling, self.shadow = Announcer(), [], shadow

    def news(self) -> list[str]:
        """The lines the region must have gained since the last call."""
        if self.shadow.passing_to is not None:
            self.telling = []
            return []
        news = self.announcer.news(self.shadow)
        self.telling += news
        return news


def button_labels(shadow) -> list[str]:
    """The labels of the buttons the shadow table shows among its choices."""
    import ipywidgets as w

    parts = [part for control in shadow.shown_controls
             for part in (control.children if isinstance(control, w.Box) else (control,))]
    return [part.description for part in parts if isinstance(part, w.Button) and part.layout.display != "none"]


# What the first table shows, read in one go: the visible choice buttons' labels, the visible cards' names, the
# log's lines (the turn dividers left out), the lines the live region gained since the last read, the lines it
# holds, and whether it is still the same element.
SHOWN = "() => {" + VISIBLE + """
    const table = document.querySelector('.deerbook-table');
    const all = selector => [...table.querySelectorAll(selector)];
    return {choices: all('.deerbook-choices button').filter(visible).map(button => button.innerText),
            cards: all('.deerbook-view svg text.card').filter(visible).map(card => card.textContent),
            log: all('.deerbook-log li:not(.deerbook-turn)').map(line => line.textContent),
            added: window.deerbookTold.splice(0),
            news: all('.deerbook-news p').map(line => line.textContent),
            sameRegion: document.querySelector('.deerbook-table .deerbook-news') === window.deerbookRegion};
}"""


# The names of the cards the first table draws in sight, sorted (the drawing's cards come in the same redraw as its
# status, but a browser under load may paint the status first).
CARDS_SHOWN = "() => {" + VISIBLE + """
    const cards = [...document.querySelector('.deerbook-table').querySelectorAll('.deerbook-view svg text.card')];
    return cards.filter(visible).map(card => card.textContent).sort();
}"""


def wait_for_cards(page, cards: list[str]) -> None:
    """Wait until the first table draws exactly `cards` (sorted names); a hang gives up, and the check that follows
    says what differs."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"want => JSON.stringify(({CARDS_SHOWN})()) === JSON.stringify(want)", arg=cards,
                               timeout=HANG / 10)
    except PlaywrightTimeout:
        pass


def check_page(page, shadow, told: Told) -> None:
    """The page shows what the shadow table shows its viewing seat, and nothing more: the choices, the seat's own
    cards only, the seat's log, and the live region's new lines are Announcer's news for the seat."""
    from deerbook.widgets.script import LIVE_LINES

    hidden = shadow.passing_to is not None
    if shadow.game.name.startswith("deer"):
        cards = [] if hidden else own_cards(shadow.state, shadow.viewer)
        wait_for_cards(page, cards)
    page_shows = page.evaluate(SHOWN)
    assert page_shows["choices"] == button_labels(shadow)
    if shadow.game.name.startswith("deer"):
        assert sorted(page_shows["cards"]) == cards, (sorted(page_shows["cards"]), cards)
    shown, history = page_shows["log"], shadow.history
    expected = [] if hidden else history[-len(shown):] if shown else history
    assert shown == expected, ([(a, b) for a, b in zip(shown, expected) if a != b][:3], len(shown), len(expected))
    added = page_shows["added"]
    assert added == told.news()
    assert set(added) <= set(history)  # the viewing seat's own log, never another seat's
    assert page_shows["news"] == told.telling[-LIVE_LINES:]
    assert page_shows["sameRegion"]
