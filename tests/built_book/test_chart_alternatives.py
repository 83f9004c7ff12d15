"""Checks on the BUILT book (DEERBOOK_BOOK_HTML, as test_book_build.py beside this file): every chart's text
alternative and its data, in headless chromium.

For every chart of every chapter, in light mode 1280 px wide and in dark mode 390 px wide:
* the chart's <figure> has, as chromium's accessibility tree computes it, the role "figure" and the stored figure's
  description (`layout.meta.description`) as its name; the drawn SVG is out of the accessibility tree
  (aria-hidden), and both stay so after the page script redraws the chart (a theme switch, a resize);
* its folded "The chart's data" box opens and holds one table per trace that draws data (per step, for a chart with
  a dropdown or slider), whose cells match the figure's own data: the category of each point, its value (as a
  percentage on a percentage axis, within the shown places) and, where the hover shows a short exact fraction, that
  fraction; a heatmap's table lists each coloured cell, row by row;
* with every box open the page is no wider than the window (a table scrolls inside its box), the tables' text meets
  WCAG AA contrast (4.5:1) on the page, and axe-core finds no serious or critical violation in the charts' figures;
* picking the last entry of a dropdown, or dragging a slider to its end, names the figure by that step's description.
"""
from __future__ import annotations

import os
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "book" / "lite"))

import axe  # noqa: E402
import lite_browser  # noqa: E402  (book/lite is not a package)
from stored_charts import draws, shown_steps, stored_figures  # noqa: E402
from chart_reader import draw_every_chart, pick_last, settle  # noqa: E402

_ENV = os.environ.get("DEERBOOK_BOOK_HTML")
MODES = {"light, 1280 px": (1280, "light"), "dark, 390 px": (390, "dark")}
MIN_CONTRAST = 4.5
CELL = re.compile(r"^(-?\d+(?:\.(\d+))?(?:e([-+]\d+))?)(%?)$")  # "16.7%", "2.391", "2.8e-07%"
SHORT_FRACTION = re.compile(r"^\d{1,3}/\d{1,3}$")


def chapters() -> dict[str, list[dict]]:
    """Page (relative to the book) -> the figures its notebook stores, in order."""
    found: dict[str, list[dict]] = {}
    for name, figure in stored_figures():
        found.setdefault(f"notebooks/{Path(name).stem}.html", []).append(figure)
    return found


CHAPTERS = chapters()


# -- what the figure's data say the table holds (computed here from the JSON, not by the package) ----------------
def label(value) -> str:
    text = re.sub(r"<[^>]+>", "", re.sub(r"<br>", " ", str(value)))
    return " ".join(text.split())


def number_label(value) -> str:
    """A coordinate as a table shows it: whole numbers without decimals."""
    return label(int(value) if isinstance(value, float) and value.is_integer() else value)


def matches(cell: str, value: float, percentage: bool) -> bool:
    """Whether a table cell shows `value` (to the places the cell shows)."""
    match = CELL.match(cell)
    if match is None or bool(match.group(4)) != percentage:
        return False
    shown, places, exponent = float(match.group(1)), len(match.group(2) or ""), int(match.group(3) or 0)
    return abs(shown - (value * 100 if percentage else value)) <= 0.5 * 10 ** (exponent - places) + 1e-12


def problems_of_table(table: dict, trace: dict, layout: dict) -> list[str]:
    """How the table of one trace differs from the trace's data."""
    rows = table["rows"]
    if trace["type"] == "heatmap":
        z, ys = trace["z"], trace.get("y")
        cells = [(r, c) for r in range(len(z)) for c in range(len(z[r])) if z[r][c] is not None]
        if len(rows) != len(cells):
            return [f"{len(rows)} rows for {len(cells)} cells"]
        shown_y = layout.get("yaxis", {}).get("visible", True)
        return [f"row {i}: {row[0]!r} is not the cell's row {ys[r]!r}"
                for i, (row, (r, _)) in enumerate(zip(rows, cells)) if ys and shown_y and row[0] != number_label(ys[r])]
    horizontal = trace.get("orientation") == "h"
    categories, values = (trace.get("y"), trace["x"]) if horizontal else (trace["x"], trace.get("y"))
    axis = layout.get(("xaxis" if horizontal else "yaxis") + (trace.get("xaxis" if horizontal else "yaxis") or "x")[1:],
                      {})
    percentage = "%" in (axis.get("tickformat") or "")
    if len(rows) != len(values):
        return [f"{len(rows)} rows for {len(values)} points"]
    bad = []
    exact = trace.get("customdata") if "%{customdata}" in (trace.get("hovertemplate") or "") else None
    for i, (row, value) in enumerate(zip(rows, values)):
        if categories and row[0] != number_label(categories[i]):
            bad.append(f"row {i}: category {row[0]!r}, the data {categories[i]!r}")
        if axis.get("visible", True) and not matches(row[1], value, percentage):
            bad.append(f"row {i}: value {row[1]!r}, the data {value!r}")
        if exact and isinstance(exact[i], str) and SHORT_FRACTION.match(exact[i]) and exact[i] not in row[-1]:
            bad.append(f"row {i}: no exact {exact[i]} in {row[-1]!r}")
    return bad


# -- in the page ---------------------------------------------------------------------------------------------------
TABLES_JS = """(id) => Array.from(document.getElementById(id).closest('figure').querySelectorAll('table')).map(t => ({
  caption: t.caption ? t.caption.innerText : '',
  header: Array.from(t.tHead.rows[0].cells).map(c => c.innerText),
  rows: Array.from(t.tBodies[0].rows).map(r => Array.from(r.cells).map(c => c.textContent))}))"""
# The text colours of a chart's caption and tables, with the page background behind them.
COLOURS_JS = """(id) => {
  const figure = document.getElementById(id).closest('figure');
  const behind = (el) => { for (; el; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor;
    if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
  return ['.deerbook-chart-description', 'summary', 'caption', 'thead th', 'tbody th', 'td']
    .map((s) => figure.querySelector(s)).filter(Boolean)
    .map((el) => [el.tagName.toLowerCase(), getComputedStyle(el).color, behind(el)]);
}"""
WIDTHS_JS = """() => ({page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth,
  boxes: Array.from(document.querySelectorAll('.deerbook-chart-tables')).map(b => b.getBoundingClientRect().right)})"""


def rgb(css: str) -> tuple[float, ...]:
    return tuple(float(v) / 255 for v in re.findall(r"[\d.]+", css)[:3])


def contrast(fore: str, back: str) -> float:
    def luminance(color: tuple[float, ...]) -> float:
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in color)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(rgb(fore)), luminance(rgb(back))), reverse=True)
    return (high + 0.05) / (low + 0.05)


class Accessibility:
    """Chromium's own accessibility tree of a page (the DevTools protocol)."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")

    def node(self, selector: str) -> dict:
        root = self.cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = self.cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        assert node, f"no element {selector}"
        return self.cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"][0]

    def name(self, selector: str) -> tuple[str, str]:
        node = self.node(selector)
        return node.get("role", {}).get("value", ""), node.get("name", {}).get("value", "")

    def ignored(self, selector: str) -> bool:
        return bool(self.node(selector).get("ignored"))


def named_problems(ax: Accessibility, page, div_id: str, description: str, when: str) -> list[str]:
    """Whether the chart's figure is named by `description` and its drawn SVG is out of the accessibility tree."""
    bad = []
    role, name = ax.name(f"figure:has(> #{div_id})")
    if (role, name) != ("figure", description):
        bad.append(f"{when}: the figure is {role} {name!r}, not figure {description!r}")
    if page.locator(f"#{div_id} .main-svg").count() == 0 or not ax.ignored(f"#{div_id} .main-svg"):
        bad.append(f"{when}: the drawn SVG is in the accessibility tree (or not drawn)")
    return bad


def check_chapter(context, server: str, rel: str, width: int, scheme: str) -> list[str]:
    """Everything wrong with the charts of one chapter in one mode."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{server}/{rel}", wait_until="load")
    page.wait_for_load_state("networkidle")
    draw_every_chart(page)
    ax = Accessibility(page)
    ids = page.eval_on_selector_all("div.deerbook-plotly", "divs => divs.map(d => d.id)")
    figures = CHAPTERS[rel]
    bad = [f"{len(ids)} charts on the page, {len(figures)} in the notebook"] if len(ids) != len(figures) else []
    for div_id, figure in zip(ids, figures):
        shown = shown_steps(figure)
        where = f"#{div_id}"
        bad += [f"{where} {p}" for p in named_problems(ax, page, div_id, shown[0]["layout"]["meta"]["description"],
                                                        "drawn")]
        page.locator(f"figure:has(> #{div_id}) summary").click()
        tables = page.evaluate(TABLES_JS, div_id)
        traces = [(trace, step["layout"]) for step in shown for trace in step["data"] if draws(trace)]
        if len(tables) != len(traces):
            bad.append(f"{where}: {len(tables)} data tables for {len(traces)} traces and steps")
        for table, (trace, layout) in zip(tables, traces):
            bad += [f"{where} table {table['caption']!r}: {p}" for p in problems_of_table(table, trace, layout)[:3]]
        bad += [f"{where}: {tag} text {fore} on {back}: contrast {contrast(fore, back):.2f}"
                for tag, fore, back in page.evaluate(COLOURS_JS, div_id) if contrast(fore, back) < MIN_CONTRAST]
    widths = page.evaluate(WIDTHS_JS)
    if widths["page"] > widths["window"] + 1 or any(right > widths["window"] + 1 for right in widths["boxes"]):
        bad.append(f"with the data open the page is {widths['page']} px wide in {widths['window']} px, "
                   f"the tables' boxes reach {max(widths['boxes'], default=0):.0f} px")
    bad += [f"axe: {line}" for line in axe.lines(axe.blocking(axe.violations(page, "figure.deerbook-chart")), rel)]
    bad += redraw_problems(page, ax, ids, figures, scheme)
    page.close()
    return bad


def redraw_problems(page, ax: Accessibility, ids: list[str], figures: list[dict], scheme: str) -> list[str]:
    """After a theme switch (light) or a resize (dark), and after picking each control's last step."""
    if scheme == "light":
        page.locator(".theme-switch-button:visible").first.click()
    else:
        page.set_viewport_size({"width": 600, "height": 900})
    settle(page)
    bad = []
    for div_id, figure in zip(ids, figures):
        shown = shown_steps(figure)
        bad += [f"#{div_id} {p}" for p in named_problems(ax, page, div_id, shown[0]["layout"]["meta"]["description"],
                                                         "redrawn")]
        kind = next((k for k in ("updatemenus", "sliders") if figure["layout"].get(k)), None)
        if kind:
            pick_last(page, div_id, kind)
            bad += [f"#{div_id} {p}" for p in named_problems(ax, page, div_id,
                                                             shown[-1]["layout"]["meta"]["description"], "picked")]
    return bad


@pytest.fixture(scope="module")
def server():
    reason = None if _ENV else "set DEERBOOK_BOOK_HTML to a built book (dev.py test sets it)"
    reason = reason or (None if lite_browser.CHROMIUM.exists() else f"no chromium at {lite_browser.CHROMIUM}")
    reason = reason or axe.missing_reason()
    if reason:
        pytest.skip(reason)
    with lite_browser.serve(Path(_ENV).resolve()) as url:
        yield url


@pytest.mark.parametrize("mode", MODES)
def test_every_chart_has_its_text_alternative_and_its_data_as_tables(server, mode):
    width, scheme = MODES[mode]
    assert len(CHAPTERS) >= 10
    bad = []
    with lite_browser.local_browser(server) as context:
        for rel in CHAPTERS:
            bad += [f"{rel}: {problem}" for problem in check_chapter(context, server, rel, width, scheme)]
        assert not context.outside, f"requests left the book: {context.outside[:5]}"
    assert not bad, f"{len(bad)} problem(s) in {mode}:\n" + "\n".join(bad[:60])


def test_the_table_checks_see_a_wrong_cell():
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
