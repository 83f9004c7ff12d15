"""Text alternatives of the charts, for readers who do not see them.

Every chart function says what its chart shows and its headline number through `describe` (kept in the figure's
``layout.meta``, so it travels with the figure's JSON into a notebook); a chart with a dropdown or a slider
(`deerbook.charts.controls`) has one description per step, which the step sets when it is picked. `data_tables`
reads the chart's data back from the figure's own traces: one table per trace that draws data, for a chart with a
control one per trace and step (every step's data, reachable without picking). Values are shown as the chart's axis
shows them (percentages on a percentage axis) and each row carries the point's hover text with its exact fraction
where the book shows one (both sides short, `deerbook.analysis.numbers.exact`; a longer one is left to the hover).
The book's renderer (`deerbook.bookext.plotly_renderer`) makes the description the chart's accessible name and the
tables its folded data.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import plotly.graph_objects as go

from ..analysis.numbers import decimal, exact, percent
from .titles import fit_title

__all__ = ["Table", "describe", "description", "figure_description", "data_tables", "most_likely", "plain", "readable"]

BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
TAGS = re.compile(r"<[^>]+>")
EXTRA = re.compile(r"<extra>.*?</extra>", re.DOTALL)
FIELD = re.compile(r"%\{([\w.]+)(?:\[(\d+)\])?(?::([^}]*))?\}")
D3_FORMAT = re.compile(r"(,)?(?:\.(\d+))?([%f])?")
FRACTION = re.compile(r"(?<![\w/.])(\d+)/(\d+)(?![\w/])")
BESIDE = re.compile(r" \((?:exactly )?(\d+/\d+)\)")
#: Places of a value shown on an axis that is not a percentage axis.
PLACES = 3
#: The column heading of an axis without a title.
UNTITLED = {"x": "column", "y": "row"}


@dataclass(frozen=True)
class Table:
    """One table of a chart's data: its caption, its column headings and its rows (all as the reader sees them)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def plain(text: Any, line: str = " ") -> str:
    """Chart text without its markup: a line break becomes `line` (a space: labels wrap at spaces), other tags go."""
    return re.sub(r"\s+", " ", TAGS.sub("", BREAK.sub(line, str(text)))).strip()


def description(kind: str, what: str, headline: str = "") -> str:
    """A chart's text alternative: "Bar chart: what it shows; its headline"."""
    return f"{kind}: {plain(what)}" + (f"; {headline}" if headline else "")


def describe(figure: go.Figure, kind: str, headline: str, what: str | None = None) -> go.Figure:
    """`figure` with its text alternative: its `kind` of chart, what it shows (its title unless `what`) and its
    headline number in words; its title made to fit (`titles.fit_title`)."""
    title = figure.layout.title.text or ""
    figure.update_layout(meta={"description": description(kind, what if what is not None else title, headline)})
    return fit_title(figure)


def figure_description(figure: dict) -> str | None:
    """The text alternative stored in a figure's JSON, if any."""
    meta = (figure.get("layout") or {}).get("meta")
    return meta.get("description") if isinstance(meta, dict) else None


def most_likely(outcomes: Sequence[Any], chances: Sequence[Any], unit: str = "", lead: str = "the most likely") -> str:
    """ "the most likely, 7 points, has 16.7%": the outcome of highest chance (the first of equals)."""
    best = max(range(len(chances)), key=lambda i: (chances[i], -i))
    return f"{lead}, {plain(outcomes[best])}{unit}, has {percent(chances[best])}"


# -- the data tables ---------------------------------------------------------------------------------------------
def data_tables(figure: dict) -> list[Table]:
    """The chart's data as tables (the figure as JSON): one per trace that draws data; for a chart with a dropdown
    or slider, one per trace and step, captioned with the step's label."""
    layout = figure.get("layout") or {}
    controls = (layout.get("updatemenus") or []) + (layout.get("sliders") or [])
    if not controls:
        return _trace_tables(figure)
    steps = controls[0].get("buttons") or controls[0].get("steps") or []
    return [table for step in steps for table in _trace_tables(stepped(figure, step["args"]), step["label"])]


def readable(text: str) -> str:
    """Hover text as the book's running text shows numbers: a fraction with a long side is left out where it
    stands in brackets beside its percentage, and is shown as its percentage elsewhere."""
    text = BESIDE.sub(lambda m: m.group(0) if _short(m.group(1)) else "", text)
    return FRACTION.sub(lambda m: m.group(0) if _short(m.group(0)) else percent(Fraction(m.group(0))), text)


def _short(fraction: str) -> bool:
    value = Fraction(fraction)
    return value.denominator == 1 or exact(value) is not None


def stepped(figure: dict, args: Sequence) -> dict:
    """A copy of `figure` as Plotly's ``update`` method with `args` (data, layout, trace indices) would show it."""
    shown = copy.deepcopy(figure)
    data, layout, indices = args
    for key, values in data.items():
        for value, index in zip(values, indices):
            shown["data"][index][key] = value
    for path, value in layout.items():
        *parents, last = path.split(".")
        node = shown.setdefault("layout", {})
        for name in parents:
            node = node.setdefault(name, {})
        node[last] = value
    return shown


def _trace_tables(figure: dict, step: str = "") -> list[Table]:
    """A table per trace that draws data, captioned with the chart's title (and the trace's name, and the `step`'s
    label unless the title names it)."""
    layout = figure.get("layout") or {}
    traces = [trace for trace in figure.get("data") or [] if _draws_data(trace)]
    title = plain(_text(layout.get("title")))
    tables = []
    step = step if step not in title else ""  # a step's title names it, as a rule
    for trace in traces:
        name = plain(trace.get("name") or "") if len(traces) > 1 else ""
        caption = ": ".join(part for part in (step, " — ".join(p for p in (title, name) if p)) if part)
        build = _cell_table if trace.get("type") == "heatmap" else _point_table
        tables.append(build(trace, layout, caption))
    return tables


def _draws_data(trace: dict) -> bool:
    """Whether a trace draws points (a legend entry's swatch draws none)."""
    values = trace.get("z") if trace.get("type") == "heatmap" else trace.get("x") or trace.get("y")
    return any(value is not None for value in _flat(values or []))


def _flat(values) -> list:
    return [v for row in values for v in (row if isinstance(row, list) else [row])]


def _point_table(trace: dict, layout: dict, caption: str) -> Table:
    """Bars, lines, markers and boxes: a row per point (category, value as the axis shows it, hover text)."""
    horizontal = trace.get("orientation") == "h"
    category, value = ("y", "x") if horizontal else ("x", "y")
    values = trace.get(value) or []
    categories = trace.get(category) or [trace.get("name", "")] * len(values)
    value_axis = _axis(layout, trace, value)
    rows = [{category: plain(_shown(c)), value: _axis_value(v, value_axis), "details": _hover(trace, i)}
            for i, (c, v) in enumerate(zip(categories, values))]
    return _table(caption, layout, trace, (category, value), rows)


def _cell_table(trace: dict, layout: dict, caption: str) -> Table:
    """A heatmap: a row per coloured cell, row by row as the picture reads (the y axis' value, the x axis' value,
    hover text); a blank cell has no row."""
    z = trace.get("z") or []
    xs = trace.get("x") or list(range(max((len(row) for row in z), default=0)))
    ys = trace.get("y") or list(range(len(z)))
    rows = [{"y": plain(_shown(y)), "x": plain(_shown(x)), "details": _hover(trace, (r, c)) or _shown(z[r][c])}
            for r, y in enumerate(ys) for c, x in enumerate(xs) if c < len(z[r]) and z[r][c] is not None]
    return _table(caption, layout, trace, ("y", "x"), rows)


def _table(caption: str, layout: dict, trace: dict, axes: tuple[str, str], rows: list[dict[str, str]]) -> Table:
    """The table of `rows` (axis letter or "details" -> cell): a column per shown axis, then the hover text where
    any point has one."""
    columns = [axis for axis in axes if _axis(layout, trace, axis).get("visible", True)]
    columns += ["details"] if any(row["details"] for row in rows) else []
    header = tuple("details" if column == "details" else _axis_title(layout, trace, column) for column in columns)
    return Table(caption, header, tuple(tuple(row[column] for column in columns) for row in rows))


def _axis(layout: dict, trace: dict, letter: str) -> dict:
    """The layout of the trace's x or y axis."""
    ref = trace.get(f"{letter}axis") or letter
    return layout.get(f"{letter}axis{ref[1:]}") or {}


def _axis_title(layout: dict, trace: dict, letter: str) -> str:
    """The trace's axis title, or that of the first axis of the same letter with one (subplots title one axis)."""
    titled = [_text(_axis(layout, trace, letter).get("title"))]
    titled += [_text(axis.get("title")) for key, axis in sorted(layout.items())
               if re.fullmatch(f"{letter}axis\\d*", key) and isinstance(axis, dict)]
    return plain(next((title for title in titled if title), UNTITLED[letter]))


def _text(title: Any) -> str:
    return (title.get("text") or "") if isinstance(title, dict) else str(title or "")


def _axis_value(value: Any, axis: dict) -> str:
    """A value as its axis shows it: a percentage on a percentage axis, else a number or a name."""
    if value is None or isinstance(value, str):
        return plain(value or "")
    return percent(value) if "%" in (axis.get("tickformat") or "") else decimal(value, PLACES)


def _shown(value: Any) -> str:
    """A value in hover text without a format: a whole number without decimals."""
    if isinstance(value, float):
        return decimal(value, PLACES)
    return str(value)


def _hover(trace: dict, index) -> str:
    """The hover text of one point (an index, or a heatmap's (row, column)), as Plotly would show it."""
    template = trace.get("hovertemplate")
    if template:
        return readable(plain(FIELD.sub(lambda m: _field(trace, index, *m.groups()), EXTRA.sub("", template)), "; "))
    if "text" in (trace.get("hoverinfo") or ""):
        return readable(plain(_at(trace.get("hovertext") or trace.get("text") or "", index), "; "))
    return ""


def _field(trace: dict, index, key: str, item: str | None, spec: str | None) -> str:
    """One ``%{key[item]:spec}`` of a hover template for the point at `index`."""
    if key == "fullData.name":
        return str(trace.get("name", ""))
    values = trace.get(key)
    if isinstance(index, tuple) and key in ("x", "y"):  # a heatmap's coordinates are one list per axis
        row, column = index
        values = values or list(range(max(row, column) + 1))
        value = values[column if key == "x" else row]
    else:
        value = _at(values, index)
    if item is not None:
        value = value[int(item)]
    return _d3(value, spec) if spec else _shown(value)


def _at(values, index):
    """The value of one point: `values` may be one value for every point."""
    if not isinstance(values, list):
        return values
    if isinstance(index, tuple):
        row, column = index
        return values[row][column]
    return values[index]


def _d3(value: Any, spec: str) -> str:
    """`value` with a d3 number format of the kind chart hover texts use: ",", ".1%", ".3f"."""
    match = D3_FORMAT.fullmatch(spec)
    if match is None:
        raise ValueError(f"hover format {spec!r} is not one the data tables read")
    comma, places, kind = match.groups()
    if kind is None:
        return f"{value:{comma or ''}}"
    return f"{float(value):{comma or ''}.{places or (0 if kind == '%' else 6)}{kind}}"
