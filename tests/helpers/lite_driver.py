"""Drive the book's JupyterLite site in headless chromium, offline: for tests/built_book/test_lite.py,
test_play_page.py and benchmarks/lite_*.py, play_page.py, page_weight.py.

The site is served by book/lite/lite_browser.py (`serve`); Playwright routing aborts (and records) every request for
another host. A cell counts as run only when its prompt shows an execution number (the toolbar says "idle" long before
Python has loaded).
"""
from __future__ import annotations

import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "lite"))
from lite_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (book/lite is not a package)

KERNEL_START = 240_000  # ms: a cold Pyodide start takes 12-30 s alone, far longer on a busy 2-core machine
CELL_RUN = 180_000  # ms
QUEUED = 15_000  # ms for a pressed cell's prompt to show it queued or run (else the key press was lost)
CLICK_HEARD = 60_000  # ms for a clicked table to redraw at least once (else the click reached no handler)
PRESSES = 4
STDERR = "application/vnd.jupyter.stderr"  # the output type of tracebacks and warnings
TABLE_READY = ("Your move", "Your turn", "Game over")  # a table's status once the bots have replied to a click
REDRAW = ".deerbook-redraw"  # GameTable's redraw counter (data-redraw), written last on every redraw


class CellFailed(AssertionError):
    """A cell printed a traceback."""


#: The windows pages are weighed in (Lighthouse's phone and desktop): what loads may depend on what is in sight.
WINDOWS = {"phone": (412, 823), "desktop": (1350, 940)}
QUIET = 1000  # ms of nothing happening after the network is idle, for what a page starts on its own a little later


def page_transfer(browser, url: str, window: tuple[int, int], then=None) -> list[tuple[str, int]]:
    """(address, bytes over the wire: headers and gzipped body) of every request a page makes, its workers' included,
    from its opening until the network is quiet, in a fresh context (nothing cached) and the given window. The reader
    does nothing, unless `then(page)` does something after the page loaded (the requests it causes are counted)."""
    width, height = window
    context = browser.new_context(viewport={"width": width, "height": height})
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(QUIET)
    if then is not None:
        then(page)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(QUIET)
    sizes = [(request.url, request.sizes()) for request in finished]
    context.close()
    return [(address, size["responseBodySize"] + size["responseHeadersSize"]) for address, size in sizes]


@contextlib.contextmanager
def local_browser(server: str):
    """A chromium context whose requests to anything but `server` are aborted and listed in `.outside`."""
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context()

        def local_only(route):
            if route.request.url.startswith(server + "/"):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        context.route("**/*", local_only)
        context.outside = outside
        try:
            yield context
        finally:
            browser.close()


def open_notebook(context, server: str, name: str):
    """A page showing a lite notebook in the Notebook UI, with its first cell selected; `page.worker_log` collects
    what its workers (the kernel's among them) write to the console."""
    page = context.new_page()
    page.worker_log = []
    page.on("worker", lambda worker: worker.on("console", lambda message: page.worker_log.append(message.text)))
    page.goto(f"{server}/lite/notebooks/index.html?path={name}")
    page.locator(".jp-Notebook .jp-Cell").first.click(timeout=KERNEL_START)
    return page


def cells(page):
    return page.locator(".jp-Notebook .jp-Cell")


def wait_for_prompt(page, cell, pattern: str, timeout: int) -> None:
    """Wait until the cell's input prompt matches the JavaScript regular expression `pattern`."""
    page.wait_for_function("([prompt, pattern]) => new RegExp(pattern).test(prompt.textContent)",
                           arg=[cell.locator(".jp-InputPrompt").element_handle(), pattern], timeout=timeout)


def wait_for_prompt_change(page, cell, before: str, timeout: int) -> None:
    """Wait until the cell's input prompt no longer reads `before` (it was queued, or run)."""
    page.wait_for_function("([prompt, before]) => prompt.textContent !== before",
                           arg=[cell.locator(".jp-InputPrompt").element_handle(), before], timeout=timeout)


def give_until_queued(page, cell, give) -> None:
    """`give()` (a key press, a menu command) the notebook, again while the cell's prompt is unchanged (the cell
    neither queued nor run), at most PRESSES times: a key press that arrives before the notebook listens is lost, and
    a run asked for before the notebook's session has its kernel runs nothing (JupyterLab clears the cell)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = cell.locator(".jp-InputPrompt").text_content()
    for _ in range(PRESSES):
        give()
        try:
            wait_for_prompt_change(page, cell, before, QUEUED)
            return
        except PlaywrightTimeout:
            continue


def run_cell(page, index: int, timeout: int = CELL_RUN) -> str:
    """Run cell `index` (select it, Shift+Enter, `give_until_queued`), wait for its execution number and return its
    text output."""
    cell = cells(page).nth(index)

    def shift_enter() -> None:
        cell.locator(".jp-InputPrompt").click(timeout=timeout)
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")

    give_until_queued(page, cell, shift_enter)
    wait_for_prompt(page, cell, r"\[\d+\]", timeout)
    return cell_output(cell, index)


def cell_output(cell, index: int) -> str:
    """The text a run cell shows; CellFailed if it printed a traceback."""
    error = "\n".join(cell.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR}"]').all_inner_texts())
    if "Traceback" in error:
        raise CellFailed(f"cell {index} failed:\n{error}")
    return cell.locator(".jp-Cell-outputArea").inner_text()


def run_code(page, code: str, timeout: int = CELL_RUN) -> str:
    """Add a cell with `code` at the end of the notebook, run it and return its text output."""
    index = cells(page).count()
    cells(page).nth(index - 1).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below, selected
    cells(page).nth(index).wait_for(timeout=QUEUED)
    cells(page).nth(index).locator(".jp-InputArea-editor").click()
    page.keyboard.insert_text(code)  # no key events: the editor adds no brackets or indentation
    return run_cell(page, index, timeout)


def redraws(table) -> int:
    """How many times a GameTable has drawn itself."""
    return int(table.locator(REDRAW).get_attribute("data-redraw"))


def wait_for_table(page, table, after: int = 0, timeout: int = CELL_RUN) -> None:
    """Wait until the table has redrawn since redraw number `after` and waits for a person (or the game is over)."""
    page.wait_for_function(
        """([table, after, ready]) => {
            const redraw = table.querySelector('.deerbook-redraw');
            return redraw && Number(redraw.dataset.redraw) > after
                && ready.some(words => table.innerText.includes(words));
        }""", arg=[table.element_handle(), after, list(TABLE_READY)], timeout=timeout)


def click_choice(page, table, timeout: int = CELL_RUN) -> str:
    """Click the table's first choice (a move button, or Play/Move beside a menu), wait for the bots' replies and
    return what was clicked. A click that reaches no handler (sent before the widget listens) is repeated."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = redraws(table)
    choice = table.locator(".deerbook-choice:visible").first
    text = choice.inner_text()
    if text == "Move":  # a rack's moves: one space forward is always legal (all the rack's spaces may not be)
        which = table.locator(".widget-dropdown select:visible").first
        which.select_option(next(o for o in which.locator("option").all_inner_texts() if "forward" in o))
        spaces = table.locator(".widget-inline-hbox input[type=number]:visible").first
        spaces.fill("1")
        spaces.press("Enter")
        text = f"{which.input_value()}, 1 space"
    for _ in range(PRESSES):
        choice.click(timeout=timeout)
        try:
            page.wait_for_function("([table, before]) => Number(table.querySelector('.deerbook-redraw')"
                                   ".dataset.redraw) > before", arg=[table.element_handle(), before],
                                   timeout=CLICK_HEARD)
            break
        except PlaywrightTimeout:
            continue
    wait_for_table(page, table, before, timeout)
    return text


def run_all(page, timeout: int = CELL_RUN) -> list[str]:
    """Run every cell (Run → Run All Cells); wait until each code cell has run or one has failed, and return the
    tracebacks shown (a failed cell cancels the cells queued after it). Given again while the first code cell is
    neither queued nor run (`give_until_queued`)."""
    from playwright.sync_api import TimeoutError as Hung

    def run_all_cells() -> None:
        page.get_by_text("Run", exact=True).first.click()
        page.get_by_text("Run All Cells", exact=True).first.click()

    give_until_queued(page, page.locator(".jp-Notebook .jp-CodeCell").first, run_all_cells)
    try:
        page.wait_for_function(
            """stderr => {
                const failed = [...document.querySelectorAll(`.jp-OutputArea-output[data-mime-type="${stderr}"]`)]
                    .some(output => output.innerText.includes('Traceback'));
                const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')];
                return failed || prompts.every(prompt => /\\[\\d+\\]/.test(prompt.textContent));
            }""", arg=STDERR, timeout=timeout)
    except Hung as hung:  # say where it stopped: each cell's prompt and the kernel's status
        prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt").all_text_contents()
        status = page.locator(".jp-StatusBar-Widget").all_inner_texts()
        raise AssertionError(f"Run All did not finish: prompts {prompts}, status bar {status}") from hung
    errors = page.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR}"]').all_inner_texts()
    return [error for error in errors if "Traceback" in error]
