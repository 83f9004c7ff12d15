"""What the browser sweep (tests/built_book/test_book_build.py) checks of a built page's charts, against the figures
the page's notebook stores: each chart's text alternative, its data tables and its dropdown or slider.

* Text alternative: the chart's <figure> has, as chromium's accessibility tree computes it, the role "figure" and the
  shown step's description (`layout.meta.description`) as its name; the drawn SVG is out of the accessibility tree
  (aria-hidden); both stay so after a pick and after the page script redraws the chart (a theme switch, a resize).
* Data: the folded "The chart's data" box opens and holds one table per trace that draws data (per step, for a chart
  with a dropdown or slider), whose cells match the figure's own data: the category of each point, its value (as a
  percentage on a percentage axis, within the shown places) and, where the hover shows a short exact fraction, that
  fraction; a heatmap's table lists each coloured cell, row by row. With every box open the page is no wider than
  the window (a table scrolls inside its box) and the caption's and tables' text meets WCAG AA contrast (4.5:1).
* Controls: picking a dropdown's last entry, or dragging a slider to its end, shows that step's exact data, title and
  height (the title still fitting), and a theme switch or a resize keeps the pick.
Every problem is an (element, reason) pair.
"""
from __future__ import annotations

import re
from pathlib import Path

from chart_reader import pick_last
from colours import contrast
from stored_charts import draws, shown_steps, stored_figures

MIN_CONTRAST = 4.5
CELL = re.compile(r"^(-?\d+(?:\.(\d+))?(?:e([-+]\d+))?)(%?)$")  # "16.7%", "2.391", "2.8e-07%"
SHORT_FRACTION = re.compile(r"^\d{1,3}/\d{1,3}$")


def figures_by_page() -> dict[str, list[dict]]:
    """Page (relative to the book) -> the figures its notebook stores, in order."""
    found: dict[str, list[dict]] = {}
    for name, figure in stored_figures():
        found.setdefault(f"notebooks/{Path(name).stem}.html", []).append(figure)
    return found


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
# Per chart with a control: its id, the control ("updatemenus" or "sliders"), the active step, whether every
# trace, the title and the drawn height (where the step sets one) show that step (its `update` arguments),
# whether the title fits in the chart, and the trace data as JSON.
CONTROLS_JS = (r"""
() => Array.from(document.querySelectorAll("div.deerbook-plotly"))
  .filter((div) => div.layout && (div.layout.updatemenus || div.layout.sliders))
  .map((div) => {
    const kind = div.layout.updatemenus ? "updatemenus" : "sliders";
    const control = div.layout[kind][0];
    const step = (control.buttons || control.steps)[control.active];
    const [data, layout, traces] = step.args;
    const shows = traces.every((t, i) => Object.keys(data).every(
      (key) => JSON.stringify(div.data[t][key]) === JSON.stringify(data[key][i])))
      && div.layout.title.text.replace(/<br>/g, " ") === layout["title.text"].replace(/<br>/g, " ")  // wrapped
      && (layout.height === undefined  // the page may grow a chart to fit its wrapped title, never shrink it
          || div.querySelector(".svg-container").getBoundingClientRect().height > layout.height - 1);
    const title = div.querySelector(".gtitle"), box = div.getBoundingClientRect();
    const fits = !title || title.getBoundingClientRect().right <= box.right + 1;
    return {id: div.id, kind: kind, active: control.active, steps: (control.buttons || control.steps).length,
            shows: shows, fits: fits, title: layout["title.text"], """
    r"""data: JSON.stringify(div.data.map((t) => [t.x, t.y, t.z]))};
  })
""")


def controls(page) -> dict[str, dict]:
    """Chart id -> its control's state (CONTROLS_JS), for every chart with a dropdown or slider."""
    return {chart["id"]: chart for chart in page.evaluate(CONTROLS_JS)}


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


class PageCharts:
    """The drawn charts of one open page beside the figures its notebook stores, checked as a reader would meet
    them: as drawn (`as_drawn`), each control's last step picked (`pick_last_steps`), after a redraw (`redrawn`)."""

    def __init__(self, page, figures: list[dict]):
        self.page, self.figures = page, figures
        self.ax = Accessibility(page)
        self.ids = page.eval_on_selector_all("div.deerbook-plotly", "divs => divs.map(d => d.id)")
        self.picked: dict[str, dict] = {}  # chart id -> its control's state once its last step was picked

    def _named(self, div_id: str, description: str, when: str) -> list[tuple[str, str]]:
        """Whether the chart's figure is named by `description` and its drawn SVG is out of the accessibility tree."""
        bad = []
        role, name = self.ax.name(f"figure:has(> #{div_id})")
        if (role, name) != ("figure", description):
            bad.append((f"#{div_id}", f"{when}: the figure is {role} {name!r}, not figure {description!r}"))
        if self.page.locator(f"#{div_id} .main-svg").count() == 0 or not self.ax.ignored(f"#{div_id} .main-svg"):
            bad.append((f"#{div_id}", f"{when}: the drawn SVG is in the accessibility tree (or not drawn)"))
        return bad

    def _description(self, div_id: str, figure: dict) -> str:
        """The description of the step the chart shows: the last once picked, else the first."""
        return shown_steps(figure)[-1 if div_id in self.picked else 0]["layout"]["meta"]["description"]

    def as_drawn(self) -> list[tuple[str, str]]:
        """Names, each chart's data box opened and its tables read against the figure, contrast, the page's width."""
        page = self.page
        bad = [] if len(self.ids) == len(self.figures) else [
            ("page", f"{len(self.ids)} charts on the page, {len(self.figures)} in the notebook")]
        for div_id, figure in zip(self.ids, self.figures):
            where = f"#{div_id}"
            bad += self._named(div_id, self._description(div_id, figure), "drawn")
            page.locator(f"figure:has(> #{div_id}) summary").click()
            tables = page.evaluate(TABLES_JS, div_id)
            traces = [(trace, step["layout"]) for step in shown_steps(figure) for trace in step["data"] if draws(trace)]
            if len(tables) != len(traces):
                bad.append((where, f"{len(tables)} data tables for {len(traces)} traces and steps"))
            for table, (trace, layout) in zip(tables, traces):
                bad += [(where, f"table {table['caption']!r}: {problem}")
                        for problem in problems_of_table(table, trace, layout)[:3]]
            bad += [(where, f"{tag} text {fore} on {back}: contrast {contrast(fore, back):.2f}")
                    for tag, fore, back in page.evaluate(COLOURS_JS, div_id) if contrast(fore, back) < MIN_CONTRAST]
        widths = page.evaluate(WIDTHS_JS)
        if widths["page"] > widths["window"] + 1 or any(right > widths["window"] + 1 for right in widths["boxes"]):
            bad.append(("page", f"with the data open the page is {widths['page']} px wide in {widths['window']} px, "
                                f"the tables' boxes reach {max(widths['boxes'], default=0):.0f} px"))
        return bad

    def pick_last_steps(self) -> list[tuple[str, str]]:
        """Each control at its first step, then its last picked as a reader would: that step's data shown and named.
        The charts with a control are those whose stored figure has one."""
        found = controls(self.page)
        stored = [div_id for div_id, figure in zip(self.ids, self.figures) if len(shown_steps(figure)) > 1]
        bad = [] if list(found) == stored else [("page", f"charts with a control: {list(found)}, stored: {stored}")]
        for div_id, chart in found.items():
            if not (chart["active"] == 0 and chart["shows"] and chart["steps"] > 1):
                bad.append((f"#{div_id}", f"before any pick the control shows {chart}"))
            pick_last(self.page, div_id, chart["kind"])
            picked = self.picked[div_id] = controls(self.page)[div_id]
            if not (picked["active"] == chart["steps"] - 1 and picked["shows"]):
                bad.append((f"#{div_id}", f"picking the last step shows {picked}"))
            if picked["data"] == chart["data"]:
                bad.append((f"#{div_id}", "picking the last step did not change the plotted data"))
            if not picked["fits"]:
                bad.append((f"#{div_id}", "its title is wider than the chart after the pick"))
        figures = dict(zip(self.ids, self.figures))
        return bad + [problem for div_id in self.picked
                      for problem in self._named(div_id, self._description(div_id, figures[div_id]), "picked")]

    def redrawn(self, when: str) -> list[tuple[str, str]]:
        """After the page script drew the charts again (`when`: what made it): still named, the picks kept."""
        bad = [p for div_id, figure in zip(self.ids, self.figures)
               for p in self._named(div_id, self._description(div_id, figure), when)]
        for div_id, chart in controls(self.page).items():
            picked = self.picked.get(div_id)
            if picked and (chart["active"], chart["data"]) != (picked["active"], picked["data"]):
                bad.append((f"#{div_id}", f"{when} lost the reader's pick"))
            if not (chart["shows"] and chart["fits"]):
                bad.append((f"#{div_id}", f"{when}: the control shows {chart}"))
        return bad
