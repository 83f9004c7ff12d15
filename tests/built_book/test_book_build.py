"""Checks on the BUILT book (HTML in book/_build/html).

`python3 dev.py test` builds the book strictly (-W -n --keep-going) and then runs this file
with DEERBOOK_BOOK_HTML set to the build directory. Without that variable the
tests skip (a plain `pytest tests` does not build the book).

What is asserted:
* the book loads nothing from the internet: no <script src>, <link href> (other
  than navigation links), <img>/<iframe>/<source>/... src, inline <script>/<style>,
  style attribute, CSS @import or url() names an http(s):// or protocol-relative
  (//host) address, in any built page or any CSS file;
* plotly.js is served locally (_static/plotly-cartesian.min.js, npm's partial bundle at the version the installed
  plotly bundles), named by the charts' deferred page script and by no page's HTML: it loads when a chart comes near
  the window (in the sweep's phone mode, a chapter opens without it when no chart is in sight, and fetches it once);
* every application/vnd.plotly.v1+json output of every notebook became a
  <div class="deerbook-plotly"> with its height reserved and its figure's JSON beside it;
* every page is valid HTML (the Nu HTML checker, tests/helpers/nu.py; skipped without Java or the cached checker)
  and, in the sweep's two windows (below), transfers at most PAGE_LIMIT bytes (gzipped) before the reader does
  anything, without the theme's icon script or fonts and without the play table's Python;
* in headless chromium (Playwright for Python; skipped with the reason where either is missing), one sweep over
  every page in two modes, side by side: light, 1024×900 px, then dark by the page's own toggle and resized to
  600 px; and dark, 390×844 px (a phone), then resized to 600 px. Each page opens as to a new reader (a fresh
  context: nothing cached, no stored theme), each chart scrolled into view as a reader would (draw_every_chart)
  and its data box opened: every chart has a drawn height and its title fits, nothing is wider than the page or cut
  off, no JavaScript, console or HTTP error, no request leaves 127.0.0.1, no output is a Python repr or an empty box.
  With DEERBOOK_SCREENSHOTS set, screenshots go to book/_build/screenshots/ (tests/helpers/screenshots.py);
* in the sweep, every chart's text alternative and data (tests/helpers/chart_checks.py): its figure named by its
  description in chromium's accessibility tree, its drawing hidden from it, before and after a redraw; one data
  table per drawn trace and step, matching the stored figure cell by cell, its text at WCAG AA contrast, the page no
  wider than the window with every box open; and every dropdown or slider (chapters 13, 21, 23 and 31): picking its
  last step shows that step's exact data and description, its title still fits, and a theme switch and a resize
  keep the pick;
* in headless chromium, the layout of every chart, in every mode: a legend clear of the axes and the plot, no label
  on the bars, no two tick labels of an axis on top of each other, every category of a category axis labelled (the
  play sheet's tracks on a phone), and no toolbar over a chart's title while the pointer is on the chart;
* no visible text and no chart text (titles, labels, cells) shows a fraction with a side of four digits or more:
  such numbers are shown as percentages or decimals, the fraction kept for the hover text;
* in the sweep, in each theme and on the phone, axe-core (tests/helpers/axe.py; skipped with the reason where it is
  not cached) finds no serious or critical violation on any page, its text contrast (WCAG AA) included; the play
  page's game table is left to tests/built_book/test_play_page.py. Every violation, moderate and minor ones too, is
  listed in book/_build/axe-MODE.txt and the moderate and minor ones in the test's warnings;
* in the sweep, from the keyboard, last in each mode's visit of one chapter: its sidebar buttons open the chapter
  list and the page's contents on a phone, and fold the chapter list away and back on a wide screen;
* in the sweep, on the phone: no visible text of a page's article is smaller than 11 CSS px (an SVG's text as it is
  drawn), every table fits the screen or scrolls in a box of its own; and in the light mode, every chart drawn,
  picking each step of a chart's dropdown or slider never changes an axis's type or direction.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import warnings
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

import axe
import nu
from chart_reader import DRAWN, draw_every_chart, settle
from chart_checks import PageCharts, figures_by_page, matches, problems_of_table
from lite_driver import QUIET
from screenshots import screenshot

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
PLOTLY_MIME = "application/vnd.plotly.v1+json"

_ENV = os.environ.get("DEERBOOK_BOOK_HTML")
pytestmark = pytest.mark.skipif(
    not _ENV, reason="set DEERBOOK_BOOK_HTML to a built book (dev.py test does this after building it)"
)

REMOTE = re.compile(r"^\s*(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//", re.ASCII)
REMOTE_IN_TEXT = re.compile(r"""(?:https?:)?//[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}""")
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
CSS_IMPORT = re.compile(r"""@import\s+(?:url\()?\s*['"]?([^'");\s]+)""")
CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
# <link rel=...> values that are navigation, not loaded resources.
NAV_RELS = {"index", "search", "next", "prev", "canonical", "author", "license", "help", "alternate", "top", "up"}
# Tag -> attributes whose value the browser fetches.
FETCHED = {
    "script": ("src",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "track": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
    "input": ("src",),
}


def _is_remote(url: str) -> bool:
    return bool(REMOTE.match(url)) and not url.strip().lower().startswith(("file:", "data:"))


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fetched: list[tuple[str, str, str]] = []  # (tag, attr, url)
        self.scripts_src: list[str] = []
        self.deferred: list[str] = []  # scripts that do not block the first paint (defer, async, module)
        self.inline_scripts: list[str] = []
        self.styles: list[str] = []
        self.plotly_divs: list[str] = []
        self._in: str | None = None
        self._buf: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        for attr in FETCHED.get(tag, ()):
            if a.get(attr):
                for url in a[attr].split(",") if attr == "srcset" else [a[attr]]:
                    self.fetched.append((tag, attr, url.strip().split(" ")[0]))
        if tag == "link" and a.get("href"):
            rels = set(a.get("rel", "").lower().split())
            if not rels or rels - NAV_RELS:
                self.fetched.append((tag, "href", a["href"]))
        if "style" in a:
            self.styles.append(a["style"])
        if tag == "script":
            if a.get("src"):
                self.scripts_src.append(a["src"])
                if "defer" in a or "async" in a or a.get("type") == "module":
                    self.deferred.append(a["src"])
            elif a.get("type", "text/javascript") in ("text/javascript", "module", "application/javascript", ""):
                self._in, self._buf = "script", []
        if tag == "style":
            self._in, self._buf = "style", []
        if tag == "div" and "deerbook-plotly" in a.get("class", "").split():
            self.plotly_divs.append(a.get("id", ""))

    def handle_data(self, data):
        if self._in:
            self._buf.append(data)

    def handle_endtag(self, tag):
        if self._in and tag == self._in:
            (self.inline_scripts if tag == "script" else self.styles).append("".join(self._buf))
            self._in = None


def _css_remote_refs(css: str) -> list[str]:
    css = CSS_COMMENT.sub("", css)
    refs = [m.group(2) for m in CSS_URL.finditer(css)] + [m.group(1) for m in CSS_IMPORT.finditer(css)]
    return [r for r in refs if _is_remote(r)]


@pytest.fixture(scope="module")
def html_dir() -> Path:
    path = Path(_ENV).resolve()
    assert (path / "index.html").is_file(), f"no built book at {path} (index.html missing)"
    return path


@pytest.fixture(scope="module")
def pages(html_dir: Path) -> dict[Path, _Page]:
    parsed = {}
    for page in sorted(html_dir.rglob("*.html")):
        rel = page.relative_to(html_dir)
        if rel.parts[0] in ("_static", "_sources", "_images"):
            continue  # theme template fragments, not pages
        parser = _Page()
        parser.feed(page.read_text(encoding="utf-8"))
        parser.close()
        parsed[rel] = parser
    assert parsed, "the build has no HTML pages"
    return parsed


def test_pages_fetch_nothing_remote(pages: dict[Path, _Page]) -> None:
    bad = [f"{rel}: <{tag} {attr}={url!r}>"
           for rel, p in pages.items() for tag, attr, url in p.fetched if _is_remote(url)]
    assert not bad, "pages load remote resources:\n" + "\n".join(bad)


def test_inline_scripts_and_styles_name_no_remote_host(pages: dict[Path, _Page]) -> None:
    bad = []
    for rel, p in pages.items():
        for code in p.inline_scripts:
            for m in REMOTE_IN_TEXT.finditer(code):
                bad.append(f"{rel}: inline <script> mentions {m.group(0)!r}")
        for css in p.styles:
            bad += [f"{rel}: inline style loads {ref!r}" for ref in _css_remote_refs(css)]
    assert not bad, "\n".join(bad)


def test_css_files_import_nothing_remote(html_dir: Path) -> None:
    css_files = sorted(html_dir.rglob("*.css"))
    assert css_files, "no CSS in the build?"
    bad = [f"{f.relative_to(html_dir)}: {ref}"
           for f in css_files for ref in _css_remote_refs(f.read_text(encoding="utf-8", errors="replace"))]
    assert not bad, "CSS loads remote resources:\n" + "\n".join(bad)


def test_every_local_script_exists(html_dir: Path, pages: dict[Path, _Page]) -> None:
    missing = []
    for rel, p in pages.items():
        for src in p.scripts_src:
            if _is_remote(src):
                continue  # reported by test_pages_fetch_nothing_remote
            target = (html_dir / rel).parent / src.split("?")[0]
            if not target.resolve().is_file():
                missing.append(f"{rel}: {src}")
    assert not missing, "scripts referenced but not in the build:\n" + "\n".join(missing)


def test_plotly_js_is_npm_partial_bundle_of_the_installed_version(html_dir: Path) -> None:
    """The charts' plotly.js is npm's cartesian partial bundle at the version the installed plotly bundles, served
    from _static and named by the charts' page script, which loads it (no page names it in a <script src>)."""
    from plotly.offline import get_plotlyjs_version

    local = html_dir / "_static" / "plotly-cartesian.min.js"
    assert local.is_file(), "_static/plotly-cartesian.min.js missing (npm is needed once to fetch it)"
    assert f"plotly.js (cartesian - minified) v{get_plotlyjs_version()}" in local.read_text(encoding="utf-8")[:200]
    helper = (html_dir / "_static" / "deerbook-plotly.js").read_text(encoding="utf-8")
    assert '"plotly-cartesian.min.js?v=' in helper and "IntersectionObserver" in helper


def _plotly_outputs(nb_path: Path) -> int:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    return sum(
        1
        for cell in nb.get("cells", [])
        if cell.get("cell_type") == "code"
        for out in cell.get("outputs", [])
        if PLOTLY_MIME in out.get("data", {})
    )


def test_every_plotly_output_is_drawn(pages: dict[Path, _Page], html_dir: Path) -> None:
    """Each Plotly output is a div with its height reserved and its figure's JSON beside it; the page with figures
    has the charts' deferred page script, and no page loads plotly.js in its HTML."""
    notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
    assert notebooks, "no notebooks"
    total = 0
    for nb in notebooks:
        page = pages.get(Path("notebooks") / (nb.stem + ".html"))
        if page is None:
            continue  # notebook not (yet) in book/_toc.yml
        expected = _plotly_outputs(nb)
        total += expected
        assert len(page.plotly_divs) == expected, f"{nb.name}: {expected} Plotly outputs, {len(page.plotly_divs)} drawn"
        assert len(set(page.plotly_divs)) == len(page.plotly_divs), f"{nb.name}: duplicate Plotly div ids"
        if expected:
            assert any(s.split("?")[0].endswith("_static/deerbook-plotly.js") for s in page.deferred), (
                f"{nb.name}: page has figures but no deferred _static/deerbook-plotly.js"
            )
            html = (html_dir / "notebooks" / (nb.stem + ".html")).read_text(encoding="utf-8")
            for div_id in page.plotly_divs:
                assert re.search(rf'id="{div_id}"[^>]* style="height:\d+px"', html), f"{nb.name}: #{div_id} no height"
                data = re.search(rf'<script type="application/json" id="{div_id}-figure">(.*?)</script>', html)
                assert data and json.loads(data.group(1))["data"], f"{nb.name}: no figure JSON for #{div_id}"
    assert total >= 1, "no Plotly figure in the book: the renderer pipeline is untested"


def test_no_page_loads_plotly_in_its_html(pages: dict[Path, _Page]) -> None:
    for rel, p in pages.items():
        assert not any("plotly" in s and "deerbook-plotly.js" not in s for s in p.scripts_src), f"{rel} loads plotly.js"
        if not p.plotly_divs:
            assert not any("deerbook-plotly.js" in s for s in p.scripts_src), f"{rel} loads the charts' script"


def test_pages_are_valid_html(html_dir: Path, pages: dict[Path, _Page]) -> None:
    """The Nu HTML checker (tests/helpers/nu.py) finds no error in any page of the book, the root page included."""
    reason = nu.missing_reason()
    if reason:
        pytest.skip(reason)
    found = nu.errors([html_dir / rel for rel in book_pages(pages)])
    lines = [f"{Path(e['url']).relative_to(html_dir)}:{e.get('lastLine')}: {e['message']} "
             f"{e.get('extract', '')!r}" for e in found]
    assert not lines, f"{len(lines)} HTML error(s):\n" + "\n".join(lines[:40])


def test_rulings_page_states_every_ruling(html_dir: Path) -> None:
    text = re.sub(r"<[^>]+>", " ", (html_dir / "book" / "rulings.html").read_text(encoding="utf-8"))
    text = re.sub(r"\s+", " ", text)
    for phrase in [
        "Turn order", "Three numbers", "Knock", "Bullseye space", "Deer-in-the-Headlights space",
        "Rolls the chart does not list", "Defense die", "Incomplete pass", "Field goals", "Solo",
        "reconstructed", "Decisions deerbook takes where the rulings are silent",
    ]:
        assert phrase in text, f"rulings page lacks {phrase!r}"
    # Board-game rulings 1-21 are a numbered list.
    items = re.findall(r"<li>", (html_dir / "book" / "rulings.html").read_text(encoding="utf-8"))
    assert len(items) >= 21


# ---------------------------------------------------------------------------------------------
# The built book in a real browser (headless Debian chromium through Playwright for Python).
#
# Every page is opened from a local http server in two modes: light (the OS setting, 1024 px wide), then
# switched to dark by the page's own theme toggle; and phone (390 px wide, the OS setting dark). Every failure names
# the mode, the page, the element and the reason. One screenshot per page and mode is saved to
# book/_build/screenshots/ (gitignored) for people to see, when DEERBOOK_SCREENSHOTS is set.

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
# The sweep's modes: the light one switches every page to dark by its own toggle, so each page is seen in both themes.
MODES = {"light": {"width": 1024, "height": 900, "scheme": "light"},
         "phone": {"width": 390, "height": 844, "scheme": "dark"}}
KINDS = ("chart", "width", "console", "remote", "repr", "empty", "layout", "alternative", "control", "reading",
         "sidebar")
FIGURES = figures_by_page()
# Text that shows a Python object instead of a result.
REPR = re.compile(r"^\s*(?:VBox\(|HBox\(|Fraction\(|\{Fraction|<deerbook\.|ChoiceOutcome\()|Fraction\(\d|"
                  r"ChoiceOutcome\(|<[\w.]+ object at 0x")

# Run in the page: what a reader would see wrong, as (element, reason) pairs.
PAGE_PROBLEMS_JS = (r"""
() => {
  const problems = [];
  const name = (el) => el.id ? `#${el.id}` : el.tagName.toLowerCase() + (el.className && """
    r"""typeof el.className === "string"
      ? "." + el.className.trim().split(/\s+/).join(".") : "");
  const width = document.documentElement.clientWidth;
  document.querySelectorAll("div.deerbook-plotly").forEach((div) => {
    const svg = div.querySelector(".svg-container");
    const height = svg ? svg.getBoundingClientRect().height : 0;
    if (!(height > 0)) problems.push(["chart", name(div), `chart drawn ${height} px tall`]);
    const box = div.closest(".cell_output") || div.parentElement;
    if (svg && box.getBoundingClientRect().height + 1 < height)
      problems.push(["chart", name(div), "chart clipped by its output box"]);
    const title = div.querySelector(".gtitle");
    if (title) {
      const r = title.getBoundingClientRect(), d = div.getBoundingClientRect();
      if (r.left < d.left - 1 || r.right > d.right + 1)
        problems.push(["chart", name(div), `title "${title.textContent}" wider than the chart`]);
    }
  });
  if (document.documentElement.scrollWidth > width + 1)
    problems.push(["width", "html", `page ${document.documentElement.scrollWidth} px wide in a ${width} px window`]);
  document.querySelectorAll(".bd-article *").forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1 && !el.closest("table, .deerbook-plotly, mjx-container, .MathJax_Display"))
      problems.push(["width", name(el), `reaches ${Math.round(r.right)} px in a ${width} px window`]);
  });
  document.querySelectorAll(".cell_output pre, .cell_output .output, .highlight pre").forEach((el) => {
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(["width", name(el), """
    r"""`output cut off or scrolling sideways (${el.scrollWidth} px in ${el.clientWidth} px)`]);
  });
  document.querySelectorAll(".cell_output > *").forEach((el) => {
    const text = el.innerText.trim();
    if (!text && !el.querySelector("svg, img, canvas, .deerbook-plotly") && !el.classList.contains("deerbook-plotly"))
      problems.push(["empty", name(el), "empty output box"]);
    else problems.push(["text", name(el), text.slice(0, 200)]);
  });
  return problems;
}
""")


# Run in the page: what overlaps in each chart, as (element, reason) pairs.
LAYOUT_JS = (r"""
() => {
  const problems = [];
  const meet = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const rects = (root, selector) => Array.from(root.querySelectorAll(selector))
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
  document.querySelectorAll("div.deerbook-plotly").forEach((div) => {
    const id = "#" + div.id;
    const legend = div.querySelector(".legend .bg");
    if (legend) {
      const l = legend.getBoundingClientRect();
      const axes = rects(div, ".xaxislayer-above text, .yaxislayer-above text, text[class$='title'], .gtitle")
        .concat(rects(div, ".draglayer .nsewdrag"));
      axes.forEach(([el, r]) => {
        if (meet(l, r)) problems.push([id, `legend overlaps "${el.textContent || "the plot"}"`]);
      });
    }
    const bars = rects(div, ".bars .point path");
    rects(div, ".annotation-text-g").forEach(([el, r]) => {
      if (bars.some(([, b]) => meet(r, b))) problems.push([id, `label "${el.textContent}" sits on the bars`]);
    });
    div.querySelectorAll(".xaxislayer-above, .yaxislayer-above").forEach((layer) => {
      const ticks = rects(layer, "text");
      ticks.forEach(([a, ra], i) => ticks.slice(i + 1).forEach(([b, rb]) => {
        if (meet(ra, rb)) problems.push([id, `tick labels "${a.textContent}" and "${b.textContent}" overlap`]);
      }));
    });
    const full = div._fullLayout || {};
    Object.keys(full).filter((k) => /^[xy]axis\d*$/.test(k) && full[k].type === "category" && full[k].visible)
      .forEach((k) => {
        const axis = full[k], drawn = div.querySelectorAll(`.${axis._id}tick text`).length;
        const wanted = (axis.tickvals || axis._categories || []).length;
        if (drawn < wanted) problems.push([id, `${k}: ${drawn} of ${wanted} category labels drawn`]);
      });
  });
  return problems;
}
""")
# Run in the page with the pointer on a chart: whether a toolbar covers the chart's title.
TOOLBAR_JS = (r"""
(div) => {
  const title = div.querySelector(".gtitle"), bar = div.querySelector(".modebar");
  if (!title || !bar || getComputedStyle(bar).opacity === "0") return null;
  const a = title.getBoundingClientRect(), b = bar.getBoundingClientRect();
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom ? title.textContent : null;
}
""")
#: A fraction with four digits or more on one side ("55181/23112"): shown as a percentage or decimal instead.
LONG_FRACTION = re.compile(r"(?<![\w/.:-])(?:\d{4,}/\d+|\d+/\d{4,})(?![\w/])")


class _Text(HTMLParser):
    """The text a reader sees on a page: everything outside <script> and <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style") and self._skip > 0

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def _figure_texts(figure: dict) -> list[str]:
    """The text a chart draws: its title, axis and panel titles, annotations, tick texts, legend names, cell and bar
    texts (not its hover texts, which may keep exact fractions)."""
    layout = figure.get("layout", {})
    texts = [json.dumps(layout.get("title", ""))]
    for key, value in layout.items():
        if key.startswith(("xaxis", "yaxis")) and isinstance(value, dict):
            texts += [json.dumps(value.get("title", "")), json.dumps(value.get("ticktext", []))]
    texts += [json.dumps(a.get("text", "")) for a in layout.get("annotations", [])]
    for control in layout.get("updatemenus", []) + layout.get("sliders", []):
        for step in control.get("buttons", control.get("steps", [])):
            texts += [step.get("label", ""), json.dumps(step["args"][1] if len(step.get("args", [])) > 1 else "")]
    for trace in figure.get("data", []):
        texts += [str(trace.get("name", "")), json.dumps(trace.get("text", ""))]
    return texts


def test_no_long_fraction_in_visible_text(pages: dict[Path, _Page], html_dir: Path) -> None:
    bad = []
    for rel in book_pages(pages):
        reader = _Text()
        reader.feed((html_dir / rel).read_text(encoding="utf-8"))
        bad += [f"{rel}: {match}" for match in LONG_FRACTION.findall(" ".join(reader.parts))]
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                figure = output.get("data", {}).get(PLOTLY_MIME)
                if figure:
                    bad += [f"{notebook.name} chart: {match}" for text in _figure_texts(figure)
                            for match in LONG_FRACTION.findall(text)]
    assert LONG_FRACTION.findall("expected 55181/23112, chance 977/2889, 8/27, 1/108, v2.1/3") == \
        ["55181/23112", "977/2889"]
    assert not bad, f"{len(bad)} long fraction(s) shown:\n" + "\n".join(bad[:40])


def _chromium_missing_reason() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright; the dev extra has it)"
    if not CHROMIUM.is_file():
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    return None


class _Sweep:
    """Everything the browser saw in one mode, as failure lines per category: 'mode page: element: reason'; and what
    axe found."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.failures: dict[str, list[str]] = {kind: [] for kind in KINDS}
        self.pages_seen = 0
        self.charts_seen = 0
        self.axe_found: dict[str, list[dict]] = {}  # "mode page" -> axe's violations there
        self.transfers: dict[str, list[tuple[str, int]]] = {}  # page -> (address, bytes) before any interaction

    def add(self, kind: str, mode: str, page: str, element: str, reason: str) -> None:
        self.failures[kind].append(f"{mode} {page}: {element}: {reason}")


def _serve(directory: Path):
    """The built book on 127.0.0.1, gzipped as a static host sends it (book/lite/lite_browser.py's handler)."""
    import functools
    import threading
    from http.server import ThreadingHTTPServer

    sys.path.insert(0, str(REPO / "book" / "lite"))
    from lite_browser import QuietHandler

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _switch_to_dark(page) -> bool:
    """Click the page's theme toggle until the theme is dark (as a reader would), then move the pointer and the focus
    off it, as the reader reads on (its tooltip closes)."""
    for _ in range(3):
        if page.evaluate("document.documentElement.dataset.theme") == "dark":
            break
        page.locator(".theme-switch-button:visible").first.click()
        page.wait_for_timeout(100)
    page.mouse.move(0, 0)
    page.evaluate("document.activeElement.blur()")
    page.wait_for_function("!document.querySelector('.tooltip')", timeout=DRAWN)  # it fades, then goes
    return page.evaluate("document.documentElement.dataset.theme") == "dark"


def _check_page(sweep: _Sweep, page, mode: str, rel: str) -> None:
    for kind, element, reason in page.evaluate(PAGE_PROBLEMS_JS):
        if kind == "text":
            if REPR.search(reason):
                sweep.add("repr", mode, rel, element, f"shows a Python repr: {reason[:80]!r}")
        else:
            sweep.add(kind, mode, rel, element, reason)
    for element, reason in page.evaluate(LAYOUT_JS):
        sweep.add("layout", mode, rel, element, reason)


# The play page's game table, which tests/built_book/test_play_page.py checks with axe in every state of a game.
GAME_TABLE = ".deerbook-table"
# Run in the page: the given axe targets that are outside the game table.
OUTSIDE_TABLE_JS = f"""
(targets) => targets.filter((target) => {{
  const el = document.querySelector(target);
  return !el || !el.closest("{GAME_TABLE}");
}})
"""


def _check_axe(sweep: _Sweep, page, mode: str, rel: str) -> None:
    """axe over the page as it is, in a window as tall as the page: axe judges the contrast of text only where it is
    in view (else the sidebar's links, under the window's lower edge, stay undecided)."""
    size = page.viewport_size
    tall = max(size["height"], page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": size["width"], "height": tall})  # as wide: no chart is drawn again
    settle(page)
    found = []
    for violation in axe.violations(page):
        targets = page.evaluate(OUTSIDE_TABLE_JS, violation["targets"])
        if targets:
            html = violation["html"] if targets[0] == violation["targets"][0] else page.evaluate(
                "(target) => document.querySelector(target).outerHTML", targets[0])
            found.append({**violation, "targets": targets, "html": " ".join(html.split())})  # one line a violation
    sweep.axe_found[f"{mode} {rel}"] = found
    page.set_viewport_size(size)
    settle(page)


def _check_toolbars(sweep: _Sweep, page, mode: str, rel: str) -> None:
    """With the pointer on each chart in turn, no toolbar may cover its title."""
    charts = page.locator("div.deerbook-plotly")
    for index in range(charts.count()):
        chart = charts.nth(index)
        chart.scroll_into_view_if_needed()
        chart.hover()
        covered = chart.evaluate(TOOLBAR_JS)
        if covered:
            sweep.add("layout", mode, rel, f"#{chart.get_attribute('id')}", f'a toolbar covers the title "{covered}"')


def book_pages(pages: dict[Path, _Page]) -> list[str]:
    """The book's own pages, which the browser opens (the live site under lite/ has its own tests, test_lite.py)."""
    return sorted(str(rel) for rel in pages if rel.parts[0] != "lite")


@pytest.fixture(scope="module", params=[pytest.param(mode, marks=pytest.mark.xdist_group(f"sweep-{mode}"))
                                        for mode in MODES])
def browser_sweep(request, html_dir: Path, pages: dict[Path, _Page]) -> _Sweep:
    """Every page in one mode (the fixture's parameter): each mode's tests share a worker, the modes run side by
    side. Each page opens as to a new reader, in a context of its own: nothing cached, no theme a toggle stored."""
    mode, spec = request.param, MODES[request.param]
    sweep = _Sweep(mode)
    with _chromium(html_dir) as (browser, origin):
        for rel in book_pages(pages):
            context = browser.new_context(viewport={"width": spec["width"], "height": spec["height"]},
                                          color_scheme=spec["scheme"])
            _visit(sweep, context, origin, rel, mode, html_dir.parent / "screenshots")
            context.close()
    return sweep


def _visit(sweep: _Sweep, context, origin: str, rel: str, mode: str, shots: Path) -> None:
    page = context.new_page()
    here = {"mode": mode, "page": rel}

    def route(r) -> None:
        if r.request.url.startswith(origin + "/") or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            sweep.add("remote", mode, rel, "request", r.request.url)
            r.abort()

    def add(kind: str, problems) -> None:
        for element, reason in problems:
            sweep.add(kind, here["mode"], rel, element, reason)

    page.route("**/*", route)
    page.on("console", lambda m: m.type == "error" and sweep.add("console", here["mode"], rel, "console", m.text))
    page.on("pageerror", lambda e: sweep.add("console", here["mode"], rel, "JavaScript error", str(e)))
    page.on("response",
            lambda r: r.status >= 400 and sweep.add("console", here["mode"], rel, "HTTP", f"{r.status} {r.url}"))
    finished: list = []
    context.on("requestfinished", lambda request: finished.append(request))
    page.goto(f"{origin}/{rel}", wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(QUIET)  # what a page starts on its own a little later counts too
    sweep.transfers[rel] = [(request.url, sum(request.sizes()[part] for part in ("responseBodySize",
                                                                                  "responseHeadersSize")))
                            for request in finished]
    sweep.pages_seen += 1
    lazy = (mode, rel) == ("phone", LAZY_CHAPTER)
    if lazy:
        add("chart", _plotly_waits(page, finished))
    sweep.charts_seen += draw_every_chart(page)
    if lazy and _plotly_fetches(finished) != 1:
        add("chart", [("plotly.js", f"fetched {_plotly_fetches(finished)} times as the charts came near, not once")])
    charts = PageCharts(page, FIGURES.get(rel, []))
    add("alternative", charts.as_drawn())  # opens every chart's data box, so the checks below see the tables too
    if mode == "phone":
        add("reading", [("text", found) for found in page.evaluate(READABLE_JS, [SMALLEST_TEXT, GAME_TABLE])])
    _check_page(sweep, page, mode, rel)
    screenshot(page, shots / f"{rel.replace('/', '_')[:-5]}-{mode}.png", full_page=True)
    if axe.missing_reason() is None:
        _check_axe(sweep, page, mode, rel)
    _check_toolbars(sweep, page, mode, rel)
    add("control", charts.pick_last_steps())
    if mode == "light":
        here["mode"] = "light→dark toggle"
        if not _switch_to_dark(page):
            sweep.add("chart", here["mode"], rel, ".theme-switch-button", "the toggle did not switch the page to dark")
        settle(page)
        _check_page(sweep, page, here["mode"], rel)
        if axe.missing_reason() is None:
            _check_axe(sweep, page, here["mode"], rel)
        add("control", charts.redrawn("the theme switch"))
    if charts.ids:
        page.set_viewport_size({"width": 600, "height": 900})  # and the window widens or narrows
        settle(page)
        here["mode"] = f"{here['mode']}, resized to 600 px"
        _check_page(sweep, page, here["mode"], rel)
        add("control", charts.redrawn("a resize to 600 px"))
    if mode == "light" and charts.ids:
        add("control", [("axes", found) for found in page.evaluate(AXES_JS)])
    if rel == SIDEBAR_CHAPTER:
        add("sidebar", _sidebar_problems(page, 1280 if mode == "light" else 390))
    page.close()


@pytest.mark.parametrize("kind", KINDS)
def test_browser_sees_no_problem(browser_sweep: _Sweep, pages: dict[Path, _Page], kind: str) -> None:
    """chart: every chart drawn with a height (also after the toggle and a resize), its title inside it;
    width: nothing wider than the page, no output cut off; console: no JavaScript, console or HTTP error;
    remote: no request leaves 127.0.0.1; repr: no output is a Python repr; empty: no empty output box;
    layout: no legend on an axis or the plot, no label on the bars, no tick labels on each other, every category
    labelled, no toolbar over a title; alternative: each chart named by its description, its drawing hidden from
    the accessibility tree, its data tables matching the stored figure, readable and inside the window
    (tests/helpers/chart_checks.py); control: picking a dropdown's or slider's last step shows and names that step,
    a theme switch or a resize keeps it, and no step changes an axis's type or direction; reading (on the phone): no
    text under SMALLEST_TEXT px, every table inside the window or scrolling in a box of its own; chart (on the phone)
    also: a chapter whose first chart is below the first screen opens without plotly.js and fetches it once as its
    charts come near; sidebar: a chapter's sidebar buttons work from the keyboard (SIDEBAR_PRESSES)."""
    assert browser_sweep.pages_seen == len(book_pages(pages))
    assert browser_sweep.charts_seen >= 1
    failures = browser_sweep.failures[kind]
    assert not failures, f"{len(failures)} {kind} problem(s):\n" + "\n".join(failures[:60])


def test_axe_finds_no_serious_violation(browser_sweep: _Sweep, pages: dict[Path, _Page], html_dir: Path) -> None:
    """axe-core on every page in each mode (light and, by the page's toggle, dark, 1024 px; dark, 390 px), every chart's
    data box open: no serious or critical violation; the moderate and minor ones are warned about. All of them are
    written to book/_build/axe-MODE.txt."""
    reason = axe.missing_reason()
    if reason:
        pytest.skip(reason)
    themes = 2 if browser_sweep.mode == "light" else 1
    assert len(browser_sweep.axe_found) == themes * len(book_pages(pages))
    found = browser_sweep.axe_found.items()
    (html_dir.parent / f"axe-{browser_sweep.mode}.txt").write_text("".join(f"{line}\n" for where, violations in found
                                                     for line in axe.lines(violations, where)), encoding="utf-8")
    lesser = [line for where, violations in found
              for line in axe.lines([v for v in violations if v["impact"] not in axe.BLOCKING], where)]
    if lesser:
        warnings.warn(f"axe: {len(lesser)} moderate or minor violation(s):\n" + "\n".join(lesser), stacklevel=1)
    failures = [line for where, violations in found for line in axe.lines(axe.blocking(violations), where)]
    assert not failures, f"{len(failures)} serious or critical axe violation(s):\n" + "\n".join(failures[:60])


def test_the_chart_table_check_sees_a_wrong_cell() -> None:
    """The sweep's comparison of a chart's data table with its figure (tests/helpers/chart_checks.py) finds a missing
    exact fraction and a wrong value, and reads cells to the places they show."""
    trace = {"type": "bar", "x": ["a", "b"], "y": [0.25, 0.5], "customdata": ["1/4", "1/2"],
             "hovertemplate": "%{x}: %{y:.1%} (exactly %{customdata})"}
    layout = {"yaxis": {"tickformat": ".0%"}}
    good = {"rows": [["a", "25.0%", "a: 25.0% (exactly 1/4)"], ["b", "50.0%", "b: 50.0% (exactly 1/2)"]]}
    assert problems_of_table(good, trace, layout) == []
    wrong = {"rows": [["a", "25.0%", "a: 25.0%"], ["b", "5.0%", "b: 50.0% (exactly 1/2)"]]}
    assert len(problems_of_table(wrong, trace, layout)) == 2
    assert matches("16.7%", Fraction(1, 6), True) and not matches("16.7", 1 / 6, True)
    assert matches("2.8e-07%", 2.756e-09, True) and not matches("2.9e-07%", 2.756e-09, True)
    assert matches("2.391", 2.3914, False) and matches("2.39", 2.3914, False) and not matches("2.40", 2.3914, False)


# Run in the page: whether each sidebar can be reached, as [chapter list shown, page contents shown].
SIDEBARS_JS = """
() => ["#pst-primary-sidebar-modal[open] .bd-docs-nav, #pst-primary-sidebar .bd-docs-nav",
       "#pst-secondary-sidebar-modal[open] .page-toc, #pst-secondary-sidebar .page-toc"].map((selector) =>
  Array.from(document.querySelectorAll(selector)).some((nav) => nav.checkVisibility({visibilityProperty: true})))
"""


#: The chapter whose sidebar buttons the sweep presses from the keyboard, last in each mode's visit: at 390 px (a
#: phone) and 1280 px (a wide screen), as a press, what both sidebars show after it, and what is wrong if not.
SIDEBAR_CHAPTER = "notebooks/10-deer-in-the-headlights.html"
SIDEBAR_PRESSES = {
    390: [(None, None, [False, False], "the sidebars are shown before any press"),
          ("Enter", ".primary-toggle", [True, False], "the button did not open the chapter list"),
          ("Escape", None, [False, False], "Escape did not close the chapter list"),
          ("Enter", ".secondary-toggle", [False, True], "the button did not open the contents")],
    1280: [(None, None, [True, True], "the sidebars are not both shown before any press"),
           ("Enter", ".primary-toggle", [False, True], "the button did not fold the chapter list"),
           ("Enter", ".primary-toggle", [True, True], "the button did not bring the list back")],
}


def _sidebar_problems(page, width: int) -> list[tuple[str, str]]:
    """The chapter list's button at the top of a chapter, pressed with Enter: on a phone it opens the chapter list
    (Escape closes it) and the contents button opens the page's contents; on a wide screen it folds the chapter list
    away and back."""
    page.set_viewport_size({"width": width, "height": 900})
    settle(page)
    problems = []
    for key, button, shown, wrong in SIDEBAR_PRESSES[width]:
        if button:
            page.locator(f"{button}:visible").focus()
        if key:
            page.keyboard.press(key)
            page.wait_for_timeout(600)  # the sidebars slide in and out in 0.25 s
        if page.evaluate(SIDEBARS_JS) != shown:
            problems.append((f"{width} px {button or key or 'at open'}", wrong))
    return problems


# ---------------------------------------------------------------------------------------------
# What a page transfers before the reader does anything (counted in the sweep, each page in a fresh context, from a
# server that gzips as static hosts do): benchmarks/page_weight.py prints the same figures in Lighthouse's phone and
# desktop windows for every page, with what dominates them.

#: Bytes (gzipped, headers included) a page may transfer before any interaction: a chapter before a chart scrolls into
#: view (a chart in the first screen loads plotly.js, about half of this), the play page until the reader starts its
#: table.
PAGE_LIMIT = 1_000_000
#: Addresses no page may fetch before any interaction: the theme's icon script and fonts (the icons are a style
#: sheet), the table's Python (fetched when the reader presses Start).
NEVER_AT_OPEN = ("fontawesome", "/lite/static/pyodide/")


@contextlib.contextmanager
def _chromium(html_dir: Path):
    """Headless chromium and the address of the built book, served gzipped (the test skips without chromium)."""
    reason = _chromium_missing_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    server = _serve(html_dir)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield browser, f"http://127.0.0.1:{server.server_address[1]}"
            browser.close()
    finally:
        server.shutdown()


def test_pages_are_light_before_any_interaction(browser_sweep: _Sweep, pages: dict[Path, _Page]) -> None:
    """What each page transferred in the sweep, from its opening until the network was quiet, before any chart was
    drawn or anything clicked (a fresh context: nothing cached), in the mode's window (a desktop, a phone)."""
    heavy, unused = [], []
    for rel, requests in browser_sweep.transfers.items():
        total = sum(n for _, n in requests)
        if total > PAGE_LIMIT:
            biggest = sorted(requests, key=lambda r: -r[1])[:3]
            heavy.append(f"{rel}: {total:,} bytes in {len(requests)} requests; most: "
                         + ", ".join(f"{url.split('/', 3)[-1]} {n:,}" for url, n in biggest))
        unused += [f"{rel}: {url}" for url, _ in requests if any(part in url for part in NEVER_AT_OPEN)]
    assert sorted(browser_sweep.transfers) == book_pages(pages)
    assert all(browser_sweep.transfers.values()), "every page's own requests were counted"
    mode = browser_sweep.mode
    assert not heavy, f"pages over {PAGE_LIMIT:,} bytes before any interaction ({mode}):\n" + "\n".join(heavy)
    assert not unused, f"fetched before any interaction ({mode}):\n" + "\n".join(unused)


#: A chapter whose first chart is below the phone's first screen: the sweep's phone mode finds that it opened without
#: plotly.js, and that drawing its charts as they come near fetched plotly.js once.
LAZY_CHAPTER = "notebooks/10-deer-in-the-headlights.html"


def _plotly_fetches(requests: list) -> int:
    return sum("plotly-cartesian" in request.url for request in requests)


def _plotly_waits(page, requests: list) -> list[tuple[str, str]]:
    """What is wrong, before any chart came near, with a chapter that should open without plotly.js."""
    chart = page.locator("div.deerbook-plotly").first
    problems = []
    if chart.bounding_box()["y"] <= page.viewport_size["height"]:
        problems.append(("div.deerbook-plotly", "the chapter's first chart is in the first screen: pick another"))
    if _plotly_fetches(requests) or chart.locator(".main-svg").count():
        problems.append(("plotly.js", "loaded, or a chart drawn, with no chart in sight"))
    return problems


# ---------------------------------------------------------------------------------------------
# What a phone can read (issue 46), checked by the sweep's phone mode: on every page at 390 px, every chart drawn and
# its data box open, no visible text of the article is drawn smaller than 11 CSS px (an SVG's text measured as drawn,
# its scale included: a drawing is laid out for the width it is shown at, never shrunk), and every table fits the
# screen or scrolls in a box of its own. Sizes do not depend on the theme, so one theme (dark) is read. The play
# page's game table is left to tests/built_book/test_play_page.py.

SMALLEST_TEXT = 11  # CSS px
READABLE_JS = r"""
([smallest, skip]) => {
  const small = [], tables = [];
  const width = document.documentElement.clientWidth;
  const shown = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
      if (e.tagName === "DETAILS" && !e.open && !el.closest("summary")) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  document.querySelectorAll(".bd-article *").forEach((el) => {
    if (el.closest(skip + ", .hoverlayer, .modebar-container, script, style, mjx-container, .MathJax")) return;
    if (!Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim()) || !shown(el)) return;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM()) size *= Math.hypot(el.getScreenCTM().a, el.getScreenCTM().b);
    if (size < smallest - 0.05) small.push(`${size.toFixed(1)} px: "${el.textContent.trim().slice(0, 40)}"`);
  });
  document.querySelectorAll(".bd-article table").forEach((table) => {
    if (table.closest(skip) || table.getBoundingClientRect().right <= width + 1) return;
    const scrolls = (box) => /(auto|scroll)/.test(getComputedStyle(box).overflowX)
      && box.getBoundingClientRect().right <= width + 1;
    let box = table.parentElement;
    while (box && !box.classList.contains("bd-article") && !scrolls(box)) box = box.parentElement;
    if (!box || box.classList.contains("bd-article"))
      tables.push(`table "${table.innerText.slice(0, 40).replace(/\s+/g, " ")}" reaches `
                  + `${Math.round(table.getBoundingClientRect().right)} px, with no box of its own to scroll in`);
  });
  return [...new Set(small)].concat(tables);
}
"""


# Per chart with a control (run in the sweep's light mode, every chart drawn): its axes' types and directions,
# then after each of its steps (applied as picking it does).
AXES_JS = r"""
async () => {
  const axes = (div) => Object.keys(div._fullLayout).filter((k) => /^[xy]axis\d*$/.test(k)).sort()
    .map((k) => { const a = div._fullLayout[k]; return `${k} ${a.type} ${a.range[0] < a.range[1] ? "up" : "down"}`; });
  const found = [];
  for (const div of document.querySelectorAll("div.deerbook-plotly")) {
    const control = div.layout && ((div.layout.updatemenus || [])[0] || (div.layout.sliders || [])[0]);
    if (!control) continue;
    const before = axes(div).join(", ");
    for (const step of control.buttons || control.steps) {
      await Plotly.update(div, ...step.args);
      const after = axes(div).join(", ");
      if (after !== before) found.push(`#${div.id} "${step.label}": ${before} became ${after}`);
    }
  }
  return found;
}
"""


