"""The book's JupyterLite site, in a real browser, with the network cut to 127.0.0.1; and which chapters run there.

The browser tests run on the built book named by DEERBOOK_BOOK_HTML (book/_build/html with its lite/ site: the
test step of `python3 dev.py test` builds both and sets it; without it they skip). book/lite/lite_browser.py serves
the book on 127.0.0.1 and tests/helpers/lite_driver.py drives headless chromium with every other host
blocked. The decision of which chapters
run live (book/lite/runs_live.py) is tested on its own, on a made-up package, with no build.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

BOOK_HTML = Path(os.environ.get("DEERBOOK_BOOK_HTML", "."))
LITE = BOOK_HTML / "lite"
LITE_SOURCE = Path(__file__).resolve().parents[2] / "book" / "lite"
sys.path.insert(0, str(LITE_SOURCE))
import build_lite  # noqa: E402  (book/lite is not a package)
import lite_browser  # noqa: E402
import lite_driver  # noqa: E402
import runs_live  # noqa: E402

CLICKS = 5
#: the package's layers the book page's table imports (deerbook.play and below)
TABLE_LAYERS = ("engine", "deer", "football", "analysis", "bots", "play")
DEER_TABLE = 4  # play.ipynb's cell with the board-game table
SEEDED_GAMES = [("deer", {"num_players": 3}, ["greedy"] * 3, 7),
                ("football", {"num_players": 2}, ["greedy"] * 2, 7)]

needs_book = pytest.mark.skipif(
    not os.environ.get("DEERBOOK_BOOK_HTML") or not (LITE / "jupyter-lite.json").exists(),
    reason="set DEERBOOK_BOOK_HTML to a book built with its lite site (dev.py test does this after building it)")
pytestmark = pytest.mark.xdist_group("lite")  # one worker: the last browser test checks what the others fetched


@pytest.fixture(scope="module")
def server():
    """The built book on http://127.0.0.1:PORT."""
    with lite_browser.serve(BOOK_HTML) as url:
        yield url


@pytest.fixture(scope="module")
def browser_context(server):
    """A chromium context whose requests to any host but the server are aborted and recorded."""
    if not lite_browser.CHROMIUM.exists():
        pytest.skip("chromium is not installed")
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with lite_driver.local_browser(server) as context:
        yield context


@pytest.fixture(scope="module")
def play_page(browser_context, server):
    """play.ipynb, open, with its first code cell (import deerbook, print the version) run."""
    page = lite_driver.open_notebook(browser_context, server, "play.ipynb")
    page.version_output = lite_driver.run_cell(page, 1, timeout=lite_driver.KERNEL_START)
    return page


@needs_book
def test_lite_kernel_imports_deerbook(play_page):
    import deerbook

    assert play_page.version_output.strip() == f"deerbook {deerbook.__version__}"


@needs_book
def test_lite_site_has_no_pypi_fallback():
    config = json.loads((LITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")


@needs_book
def test_lite_plays_deer_by_clicks(play_page):
    lite_driver.run_cell(play_page, 2)  # from deerbook.engine import make_game ...
    lite_driver.run_cell(play_page, DEER_TABLE)
    table = lite_driver.cells(play_page).nth(DEER_TABLE)
    lite_driver.wait_for_table(play_page, table)
    log = table.locator(".deerbook-log li")
    news = table.locator('.deerbook-news[role="log"][aria-live="polite"]')  # the anywidget's live region
    news.wait_for(state="attached", timeout=lite_driver.CELL_RUN)
    lengths, told = [log.count()], [news.locator("p").count()]
    for _ in range(CLICKS):
        clicked = lite_driver.click_choice(play_page, table)
        lengths.append(log.count())
        told.append(news.locator("p").count())
        assert clicked, "a choice button has a label"
    assert all(after > before for before, after in zip(lengths, lengths[1:])), f"every click is logged: {lengths}"
    assert all(after > before for before, after in zip(told, told[1:])), f"every click is announced: {told}"
    assert "Traceback" not in table.inner_text()


@needs_book
@pytest.mark.parametrize("game, options, agents, seed", SEEDED_GAMES, ids=[g[0] for g in SEEDED_GAMES])
def test_same_seed_same_game_in_browser(play_page, game, options, agents, seed):
    from deerbook.engine.playthrough import record

    call = f"record({game!r}, {options!r}, {agents!r}, {seed})"
    expected = record(game, options, agents, seed)
    output = lite_driver.run_code(play_page, "import hashlib\nfrom deerbook.engine.playthrough import record\n"
                                   f"text = {call}\nprint(len(text.splitlines()), "
                                   "hashlib.sha256(text.encode()).hexdigest())")
    assert output.split() == [str(len(expected.splitlines())), hashlib.sha256(expected.encode()).hexdigest()]


@needs_book
def test_lite_explorer_control_changes_chart(browser_context, server):
    page = lite_driver.open_notebook(browser_context, server, "explore.ipynb")
    lite_driver.run_cell(page, 1, timeout=lite_driver.KERNEL_START)
    lite_driver.run_cell(page, 2)  # from deerbook.widgets import DeerExplorer, FootballExplorer
    lite_driver.run_cell(page, 4)
    explorer = lite_driver.cells(page).nth(4)
    chart = explorer.locator(".js-plotly-plot .main-svg").first
    chart.wait_for(timeout=lite_driver.CELL_RUN)
    before = chart.inner_html()
    hand = explorer.locator(".widget-text input").first
    hand.fill("3 7 Fox")
    hand.press("Enter")
    page.wait_for_function("([chart, html]) => chart.isConnected ? chart.innerHTML !== html : true",
                           arg=[chart.element_handle(), before], timeout=lite_driver.CELL_RUN)
    after = explorer.locator(".js-plotly-plot .main-svg").first
    after.wait_for(timeout=lite_driver.CELL_RUN)
    assert after.inner_html() != before


@needs_book
def test_live_chapter_with_charts_runs_in_browser(browser_context, server):
    """The introduction runs whole in the lite kernel and its Plotly figures show (the nbformat stand-in)."""
    page = lite_driver.open_notebook(browser_context, server, "00-introduction.ipynb")
    assert lite_driver.run_all(page, timeout=lite_driver.KERNEL_START) == []
    page.locator(".js-plotly-plot .main-svg").first.wait_for(timeout=lite_driver.CELL_RUN)


@needs_book
def test_lite_kernel_starts_from_its_snapshot(play_page):
    """The kernel's worker started Python from the build's start snapshot (book/lite/kernel_start.mjs says so)."""
    started = "deerbook: Python started from the kernel's start snapshot"
    assert started in play_page.worker_log, play_page.worker_log[-5:]
    assert not [line for line in play_page.worker_log if "snapshot cannot be used" in line]


@needs_book
def test_two_kernels_started_from_one_snapshot_draw_different_numbers(browser_context, server, play_page):
    """Each kernel seeds `random` afresh: the snapshot's random state is not every reader's."""
    draw = "import random\nprint(random.getrandbits(64))"
    other = lite_driver.open_notebook(browser_context, server, "play.ipynb")
    lite_driver.run_cell(other, 1, timeout=lite_driver.KERNEL_START)
    assert lite_driver.run_code(play_page, draw) != lite_driver.run_code(other, draw)
    other.close()


@needs_book
def test_kernel_loads_every_wheel_at_start_and_none_carries_a_front_end():
    """jupyter-lite.json names every wheel of the lock for loadPyodide (so the kernel skips its one-by-one installs);
    the kernel's own wheels are in the lock; no shipped wheel carries a JupyterLab or Notebook front end."""
    config = json.loads((LITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    pyodide = LITE / "static" / "pyodide"
    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    assert options["packages"] == sorted(packages)
    assert {"ipykernel", "piplite", "pyodide-kernel"} <= set(packages)
    assert set(options["deerbookLater"]) < set(packages) and "deerbook" in options["deerbookLater"]
    for entry in packages.values():
        with zipfile.ZipFile(pyodide / entry["file_name"]) as wheel:
            assert not [n for n in wheel.namelist() if any(part in n for part in build_lite.FRONT_END_FILES)], entry
    assert (pyodide / build_lite.KERNEL_SNAPSHOT).stat().st_size > 0


#: Node.js: Python started from the kernel's start snapshot (memory grown to its size, as book/lite/kernel_start.mjs
#: does), printing what `code` evaluates to; arguments: the runtime's folder, the snapshot, code
FROM_SNAPSHOT = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
const [folder, snapshot, code] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const { default: createModule } = await import(pathToFileURL(`${folder}/pyodide.asm.mjs`).href);
const sized = (settings) => {
  const instantiate = settings.instantiateWasm;
  settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
    const memory = instance.exports.memory ?? imports.env.memory;
    memory.grow(Math.max(0, Math.ceil((settings.INITIAL_MEMORY - memory.buffer.byteLength) / 65536)));
    receive(instance, module);
  });
  return createModule(settings);
};
const python = await loadPyodide({ indexURL: `${folder}/`, _loadSnapshot: gunzipSync(readFileSync(snapshot)),
                                   createPyodideModule: sized });
console.log(python.runPython(code));
"""


@needs_book
def test_kernel_snapshot_has_the_kernels_start_imports_done():
    """Python started from the kernel's snapshot already has every module build_lite names imported, the kernel's
    own start-up imports among them (unittest.mock, html.parser: a second off each start)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js")
    pyodide = LITE / "static" / "pyodide"
    code = f"import sys, json; json.dumps([m for m in {list(build_lite.KERNEL_IMPORTS)!r} if m not in sys.modules])"
    done = subprocess.run([node, "--input-type=module", "-e", FROM_SNAPSHOT, str(pyodide),
                           str(pyodide / build_lite.KERNEL_SNAPSHOT), code],
                          capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
    assert {"unittest.mock", "html.parser"} <= set(build_lite.KERNEL_IMPORTS)


@needs_book
def test_lite_lock_names_only_shipped_wheels():
    pyodide = LITE / "static" / "pyodide"
    packages = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for name, entry in packages.items():
        wheel = pyodide / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        # Pyodide's own entries spell some names unnormalised ("prompt_toolkit"); it matches them canonically.
        assert {canonicalize_name(dep) for dep in entry["depends"]} <= set(packages), name
    assert {"deerbook", "ipywidgets", "plotly", "anywidget", "psygnal"} <= set(packages)
    assert all(entry["file_name"].endswith("-none-any.whl") for entry in packages.values())  # Pyodide loads these
    assert packages["deerbook"]["imports"] == ["deerbook"]
    assert {"ipywidgets", "plotly", "anywidget"} <= set(packages["deerbook"]["depends"])
    assert (LITE / "extensions" / "anywidget").is_dir()  # its front end, collected from the build environment


@needs_book
def test_the_tables_wheel_holds_the_layers_it_imports_and_no_data():
    """The play page's table loads its own copy of the deerbook wheel: every module up to deerbook.play, none of the
    layers above it, no analysis data (the balance study, the search agent's choices)."""
    runtime = json.loads((BOOK_HTML / "_static" / "deerbook-table-runtime.js").read_text().split("= ", 1)[1]
                         .rstrip(";\n"))
    with zipfile.ZipFile(LITE / "static" / "pyodide" / runtime["wheel"]) as wheel:
        names = set(wheel.namelist())
    package = LITE_SOURCE.parents[1] / "deerbook"
    needed = {f"deerbook/{path.relative_to(package).as_posix()}" for layer in TABLE_LAYERS
              for path in (package / layer).rglob("*.py")}
    assert needed <= names, sorted(needed - names)[:5]
    above = ("deerbook/analysis/data/", "deerbook/charts/", "deerbook/chapters/", "deerbook/widgets/", "deerbook/cli/")
    assert not [name for name in names if name.startswith(above)]
    assert any(name.endswith(".dist-info/entry_points.txt") for name in names), "the games' registration"


@needs_book
@pytest.mark.parametrize("chapter, needs", runs_live.chapters().items())
def test_chapter_says_whether_it_runs_live(chapter, needs):
    page = (BOOK_HTML / f"{chapter}.html").read_text()
    name = Path(chapter).name
    if needs:
        assert f"This chapter needs {' and '.join(f'<code>{n}</code>' for n in needs)}" in page
        assert "lite/notebooks" not in page and not (LITE / "files" / f"{name}.ipynb").exists()
    else:
        assert f'href="../lite/notebooks/index.html?path={name}.ipynb"' in page
        live_copy = json.loads((LITE / "files" / f"{name}.ipynb").read_text())
        assert all(cell.get("outputs", []) == [] for cell in live_copy["cells"])


@needs_book
@pytest.mark.parametrize("page, notebook", [("book/play-in-your-browser", "play"),
                                            ("notebooks/31-explore-the-odds", "explore")])
def test_book_page_opens_lite_notebook(page, notebook):
    assert f'href="../lite/notebooks/index.html?path={notebook}.ipynb"' in (BOOK_HTML / f"{page}.html").read_text()
    assert (LITE / "files" / f"{notebook}.ipynb").exists()


@needs_book
def test_no_request_left_the_machine(browser_context, play_page):  # last: after every page above has loaded
    assert browser_context.outside == []


# -- the build's patch of the kernel's worker and its kernel-only wheels (no build needed) ---------------------------
WORKER_START = 'async initRuntime(e){let{pyodideUrl:t,indexUrl:s}=e,{loadPyodide:n}=await zo(t);this._pyodide=await n({'


def test_kernel_worker_is_patched_to_start_from_the_snapshot(tmp_path):
    (tmp_path / "comlink.worker.abc.js").write_text(f"x;{WORKER_START}indexURL:s}})}}")
    build_lite.patch_kernel_workers(tmp_path)
    patched = (tmp_path / "comlink.worker.abc.js").read_text()
    assert (f'{{loadPyodide:n}}=await zo(t);n=await zo(t.replace(/[^/]*$/,"{build_lite.KERNEL_START}"))'
            ".then(start=>start.fromSnapshot(n,t),()=>n);this._pyodide=await n({") in patched


@pytest.mark.parametrize("worker", ["", WORKER_START * 2], ids=["start not found", "found twice"])
def test_kernel_worker_patch_fails_loudly_when_the_kernel_changed(tmp_path, worker):
    (tmp_path / "coincident.worker.abc.js").write_text(worker)
    with pytest.raises(SystemExit, match="not once: the kernel changed"):
        build_lite.patch_kernel_workers(tmp_path)
    assert (tmp_path / "coincident.worker.abc.js").read_text() == worker


def test_kernel_worker_patch_fails_without_a_worker(tmp_path):
    with pytest.raises(SystemExit, match="no kernel worker"):
        build_lite.patch_kernel_workers(tmp_path)


def made_up_wheel(path: Path, names: list[str]) -> Path:
    with zipfile.ZipFile(path, "w") as wheel:
        for name in names:
            wheel.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), f"{name}\n")
    return path


def test_kernel_copy_of_a_wheel_leaves_out_its_front_end(tmp_path):
    names = ["w/__init__.py", "w/package_data/t.json", "w/labextension/static/a.js", "w/nbextension/index.js",
             "w-1.0.data/data/share/jupyter/labextensions/w/package.json", "w-1.0.dist-info/RECORD"]
    wheel = made_up_wheel(tmp_path / "w-1.0-py3-none-any.whl", names)
    first = build_lite.kernel_only(wheel, tmp_path / "a")
    again = build_lite.kernel_only(wheel, tmp_path / "b")
    assert zipfile.ZipFile(first).namelist() == ["w/__init__.py", "w/package_data/t.json", "w-1.0.dist-info/RECORD"]
    assert first.read_bytes() == again.read_bytes()
    plain = made_up_wheel(tmp_path / "p-1.0-py3-none-any.whl", ["p/__init__.py"])
    assert build_lite.kernel_only(plain, tmp_path / "c") == plain


# -- which chapters run live, decided from their imports (no build needed) ---------------------------------------
MADE_UP_PACKAGE = {
    "__init__.py": "from . import core\nfrom .core import play\n",
    "core.py": "import json\nimport deerbook\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import numpy\n"
               "def play():\n    import pandas\n",
    "analysis/__init__.py": "from .fit import fit\n",
    "analysis/fit.py": "from ..core import play\nimport numpy as np\n",
    "charts.py": "import plotly.graph_objects as go\nfrom IPython.display import display\nimport ipywidgets\n",
}


@pytest.fixture
def made_up_package(tmp_path, monkeypatch):
    """runs_live looking at a made-up `deerbook` package in tmp_path instead of the real one."""
    for path, source in MADE_UP_PACKAGE.items():
        (tmp_path / "deerbook" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "deerbook" / path).write_text(source)
    monkeypatch.setattr(runs_live, "ROOT", tmp_path)
    return tmp_path


def notebook(tmp_path: Path, *cells: str) -> Path:
    path = tmp_path / "chapter.ipynb"
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": source, "outputs": []}
                                          for source in cells] + [{"cell_type": "markdown", "source": "import x"}]}))
    return path


@pytest.mark.parametrize("cells, needs", [
    (["import deerbook", "from deerbook.core import play\nplay"], []),  # cycles; imports in functions/TYPE_CHECKING
    (["from deerbook import charts", "%matplotlib inline\n!ls"], []),  # the shipped projects; magics skipped
    (["from deerbook.analysis import fit"], ["numpy"]),  # through a package's relative imports
    (["from deerbook import analysis"], ["numpy"]),  # a submodule named in `from package import`
    (["import pandas, numpy\nimport fractions"], ["numpy", "pandas"]),
])
def test_notebook_needs_follows_imports(made_up_package, cells, needs):
    assert runs_live.notebook_needs(notebook(made_up_package, *cells)) == needs


def test_every_chapter_is_decided_and_the_rules_core_runs_live():
    decided = runs_live.chapters()
    notebooks = sorted((LITE_SOURCE.parents[1] / "notebooks").glob("*.ipynb"))
    assert list(decided) == [f"notebooks/{path.stem}" for path in notebooks]
    assert runs_live.needs_of({"deerbook.engine", "deerbook.deer", "deerbook.football", "deerbook.widgets"}) == []
