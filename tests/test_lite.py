"""The book's JupyterLite site, in a real browser, with the network cut to 127.0.0.1.

Runs on the built book named by DEERBOOK_BOOK_HTML (book/_build/html with its lite/ site: the test step of
`python3 dev.py test` builds both and sets it; without it every test here skips). The book is served by a threaded
http.server on 127.0.0.1; headless chromium opens the lite notebooks; Playwright routing aborts (and records) every
request for another host, and chromium's host resolver knows no other host. The kernel counts as started only when
a cell prints (the toolbar says "idle" long before Python has loaded).
"""
from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

BOOK_HTML = Path(os.environ.get("DEERBOOK_BOOK_HTML", "."))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
KERNEL_START = 240_000  # ms: a cold Pyodide start takes 12-30 s alone, far longer on a busy 2-core machine
CELL_RUN = 120_000  # ms
QUEUED = 15_000  # ms for a pressed cell's prompt to show it queued or run
PRESSES = 4
STDERR = "application/vnd.jupyter.stderr"  # the output type of tracebacks and warnings
NUMPY_REASON = "the rules core still imports numpy, which the in-browser kernel cannot load"

LITE = BOOK_HTML / "lite"
LITE_SOURCE = Path(__file__).resolve().parents[1] / "book" / "lite"
CHAPTERS = json.loads((LITE_SOURCE / "chapters.json").read_text())
sys.path.insert(0, str(LITE_SOURCE))
from live_links import core_needs_numpy  # noqa: E402  (the book's own extension decides which chapters are live)

pytestmark = pytest.mark.skipif(
    not os.environ.get("DEERBOOK_BOOK_HTML") or not (LITE / "jupyter-lite.json").exists(),
    reason="set DEERBOOK_BOOK_HTML to a book built with its lite site (dev.py test does this after building it)")


# Playing and exploring need `import deerbook.engine` in the page: they run once the rules core imports only the
# standard library (read from its source, as the book's live links are); until then they would only time out.
needs_stdlib_core = pytest.mark.skipif(core_needs_numpy(), reason=NUMPY_REASON)


class NumpyMissing(AssertionError):
    """A cell failed because the rules core imports numpy, which the in-browser kernel cannot load."""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".whl": "application/zip"}

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def server():
    """The built book on http://127.0.0.1:PORT/."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=BOOK_HTML))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser_context(server):
    """A chromium context whose requests to any host but the server are aborted and recorded."""
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed")
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    outside: list[str] = []
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()

        def local_only(route):
            if route.request.url.startswith(server + "/"):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        context.route("**/*", local_only)
        context.outside = outside
        yield context
        browser.close()


def open_notebook(context, server: str, name: str):
    """A page showing a lite notebook in the Notebook UI, with its first cell selected."""
    page = context.new_page()
    page.goto(f"{server}/lite/notebooks/index.html?path={name}")
    page.locator(".jp-Notebook .jp-Cell").first.click(timeout=KERNEL_START)
    return page


def run_cell(page, index: int, timeout: int = CELL_RUN) -> str:
    """Run cell `index` (select it, Shift+Enter) and return its text output. A key press that arrives before the
    notebook listens is lost: while the cell's prompt still reads "[ ]" (neither queued nor run), press again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    cell = page.locator(".jp-Notebook .jp-Cell").nth(index)
    for _ in range(PRESSES):
        cell.locator(".jp-InputPrompt").click(timeout=timeout)
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function("prompt => !/\\[ \\]/.test(prompt.textContent)",
                                   arg=cell.locator(".jp-InputPrompt").element_handle(), timeout=QUEUED)
            break
        except PlaywrightTimeout:
            continue
    cell.locator(".jp-OutputArea-output").first.wait_for(timeout=timeout)
    text = cell.locator(".jp-OutputArea").inner_text()
    error = "\n".join(cell.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR}"]').all_inner_texts())
    if "No module named 'numpy'" in error:
        raise NumpyMissing(error)
    assert "Traceback" not in error, f"cell {index} failed:\n{error}"
    return text


@pytest.fixture(scope="module")
def play_page(browser_context, server):
    """play.ipynb, open, with its first code cell (import deerbook, print the version) run; and the seconds it took."""
    started = time.monotonic()
    page = open_notebook(browser_context, server, "play.ipynb")
    output = run_cell(page, 1, timeout=KERNEL_START)  # import deerbook, print its version
    page.cold_start = time.monotonic() - started
    page.version_output = output
    return page


def test_lite_kernel_imports_deerbook(play_page):
    import deerbook

    print(f"\nlite cold start, page open to the first cell's output: {play_page.cold_start:.1f} s")
    assert play_page.version_output.strip() == f"deerbook {deerbook.__version__}"


def test_lite_site_has_no_pypi_fallback():
    config = json.loads((LITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")


@needs_stdlib_core
def test_lite_plays_deer_by_clicks(play_page):
    run_cell(play_page, 2)  # from deerbook.engine import make_game ...
    run_cell(play_page, 4)  # the Deer table
    table = play_page.locator(".jp-Notebook .jp-Cell").nth(4)
    log_lengths = []
    for _ in range(4):
        table.locator(".widget-button:not(:has-text('Hint'))").first.click()
        log_lengths.append(len(table.inner_text()))
    assert len(set(log_lengths)) == len(log_lengths), "every click changes the table"


@needs_stdlib_core
def test_lite_explorer_control_changes_chart(browser_context, server):
    page = open_notebook(browser_context, server, "explore.ipynb")
    run_cell(page, 1, timeout=KERNEL_START)
    run_cell(page, 2)  # from deerbook.widgets import DeerExplorer, FootballExplorer
    run_cell(page, 4)
    explorer = page.locator(".jp-Notebook .jp-Cell").nth(4)
    before = explorer.locator(".js-plotly-plot").inner_html()
    explorer.locator(".widget-text input").first.fill("3 7 Fox")
    explorer.locator(".widget-text input").first.press("Enter")
    page.wait_for_function("html => document.querySelectorAll('.js-plotly-plot')[0].innerHTML !== html", arg=before)


def test_no_request_left_the_machine(browser_context, play_page):
    assert browser_context.outside == []


def test_lite_lock_names_only_shipped_wheels():
    pyodide = LITE / "static" / "pyodide"
    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for name, entry in packages.items():
        wheel = pyodide / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        # Pyodide's own entries spell some names unnormalised ("prompt_toolkit"); it matches them canonically.
        assert {canonicalize_name(dep) for dep in entry["depends"]} <= set(packages), name
    assert {"deerbook", "ipywidgets", "plotly"} <= set(packages)
    assert packages["deerbook"]["imports"] == ["deerbook"]
    assert {"ipywidgets", "plotly"} <= set(packages["deerbook"]["depends"])


@pytest.mark.parametrize("chapter", CHAPTERS["live"] + CHAPTERS["needs_numpy"])
def test_chapter_says_whether_it_runs_live(chapter):
    page = (BOOK_HTML / f"{chapter}.html").read_text()
    name = Path(chapter).name
    if core_needs_numpy():  # no chapter can run in the browser yet: none is offered live
        assert "rules core needs only the standard library" in page and "lite/notebooks" not in page
    elif chapter in CHAPTERS["live"]:
        assert f'href="../lite/notebooks/index.html?path={name}.ipynb"' in page
        assert (LITE / "files" / f"{name}.ipynb").exists()
    else:
        assert "This chapter needs numpy" in page and "lite/notebooks" not in page


@pytest.mark.parametrize("page, notebook", [("play-in-your-browser", "play"), ("explore-the-odds", "explore")])
def test_book_page_opens_lite_notebook(page, notebook):
    assert f'href="../lite/notebooks/index.html?path={notebook}.ipynb"' in (BOOK_HTML / f"book/{page}.html").read_text()
    assert (LITE / "files" / f"{notebook}.ipynb").exists()
