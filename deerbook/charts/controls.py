"""Charts that explore themselves: Plotly's own dropdowns and sliders over precomputed data.

A chart with controls is built from `Step`s, one per setting of its control: the label the control
shows, the chart's title, every trace's data for that setting (computed beforehand by the exact
engine functions) and any other layout it changes. Picking a setting is Plotly's ``update`` method on
the page: it swaps the traces' data, the title and that layout, so exploring works the moment the page
loads, with no Python kernel; it never changes an axis's type or direction (`pinned_axes`). Each step also sets
the chart's text alternative (`deerbook.charts.alternative`): the chart's kind, the step's title and its headline
number. `step_titles` reads back the title of each setting (for the chapters' checks).

The figure starts at the first step. Controls are styled the same in both page themes (dark text on a
light button: a dropdown's hover colour is Plotly's fixed light blue), and the book's page script
(`deerbook.bookext.plotly_renderer`) keeps each control's setting when it redraws a chart on a theme
switch or a resize.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import plotly.graph_objects as go

from ..analysis.numbers import decimal, percent
from .alternative import description, plain
from .titles import fit_title

#: Dark text on a light button, readable on the light and the dark page.
CONTROL_STYLE = {"bgcolor": "#f2f2f2", "bordercolor": "#888888", "font": {"color": "#222222", "size": 13}}
#: Top margin (px) of a chart with a dropdown at least: a longer title gets more (`titles.fit_title`).
DROPDOWN_TOP = 120
#: Bottom margin (px) of a chart with a slider under the plot: the x axis title, then the slider.
SLIDER_BOTTOM = 160
#: Gap (px) between the plot and the slider, below the x axis' tick labels and title.
SLIDER_GAP = 56


@dataclass(frozen=True)
class Step:
    """One setting of a control: its label, the chart's title, each trace's data (attribute -> value), any
    other layout it sets (Plotly ``relayout`` keys such as ``"height"``) and its headline number in words."""

    label: str
    title: str
    traces: tuple[dict[str, Any], ...]
    layout: tuple[tuple[str, Any], ...] = ()
    headline: str = ""

    def meta(self, kind: str) -> dict[str, str]:
        """The chart's ``layout.meta`` while this step shows: its text alternative."""
        return {"description": description(kind, self.title, self.headline)}


def pinned_axes(fig: go.Figure) -> dict[str, Any]:
    """Each axis's type and direction as the figure sets them (e.g. ``{"xaxis.type": "category"}``). A step repeats
    them: Plotly's ``update`` forgets the type of an axis whose trace data it changes and guesses it again (yard lines
    "45", "40" ... become numbers, in the other direction), unless the same update names the type."""
    layout = fig.layout.to_plotly_json()
    return {f"{name}.{key}": axis[key] for name, axis in sorted(layout.items())
            if name.startswith(("xaxis", "yaxis")) for key in ("type", "autorange") if axis.get(key) is not None}


def _update_args(step: Step, kind: str, pinned: dict[str, Any]) -> list:
    """Plotly ``update`` arguments that show `step`: every trace's data, the title, the text alternative and layout,
    the axes' types and directions kept (`pinned_axes`); traces by index."""
    attributes = sorted({key for trace in step.traces for key in trace})
    data = {key: [trace.get(key) for trace in step.traces] for key in attributes}
    return [data, {**pinned, "title.text": step.title, "meta": step.meta(kind), **dict(step.layout)},
            list(range(len(step.traces)))]


def _show_first(fig: go.Figure, steps: Sequence[Step], kind: str) -> None:
    if not steps:
        raise ValueError("a chart with a control needs at least one step")
    if any(len(step.traces) != len(fig.data) for step in steps):
        raise ValueError(f"every step must give data for each of the figure's {len(fig.data)} traces")
    for trace, data in zip(fig.data, steps[0].traces):
        trace.update(data)
    fig.update_layout(dict(steps[0].layout), meta=steps[0].meta(kind))
    fig.update_layout(title={"text": steps[0].title, "x": 0.02, "xanchor": "left", "xref": "container",
                             "y": 1, "yanchor": "top", "yref": "container", "pad": {"t": 16}})


def with_dropdown(fig: go.Figure, steps: Sequence[Step], kind: str) -> go.Figure:
    """`fig` showing the first step, with a dropdown above the plot that shows any step; `kind` names the chart in
    its text alternative (e.g. "Bar chart with a dropdown of 6 hands")."""
    _show_first(fig, steps, kind)
    pinned = pinned_axes(fig)
    menu = {"type": "dropdown", "direction": "down", "active": 0, "showactive": True, "x": 0, "xanchor": "left",
            "y": 1, "yanchor": "bottom", "pad": {"b": 8}, **CONTROL_STYLE,
            "buttons": [{"label": step.label, "method": "update", "args": _update_args(step, kind, pinned)}
                        for step in steps]}
    return fit_title(fig.update_layout(updatemenus=[menu], margin={"t": DROPDOWN_TOP}))


def with_slider(fig: go.Figure, steps: Sequence[Step], prefix: str, kind: str) -> go.Figure:
    """`fig` showing the first step, with a slider under the plot that shows any step (`prefix` names it); `kind`
    names the chart in its text alternative."""
    _show_first(fig, steps, kind)
    pinned = pinned_axes(fig)
    slider = {"active": 0, "x": 0, "xanchor": "left", "len": 1, "y": 0, "yanchor": "top",
              "pad": {"t": SLIDER_GAP}, "currentvalue": {"prefix": prefix, "font": {"size": 14}},
              "steps": [{"label": step.label, "method": "update", "args": _update_args(step, kind, pinned)}
                        for step in steps]}
    return fit_title(fig.update_layout(sliders=[slider], margin={"b": SLIDER_BOTTOM}))


def step_titles(fig: go.Figure, control: str = "updatemenus") -> list[str]:
    """The chart title of every step of the figure's first dropdown (or ``"sliders"``), as plain text (the line
    breaks that wrap it read as spaces)."""
    steps = fig.layout[control][0]["buttons" if control == "updatemenus" else "steps"]
    return [plain(step["args"][1]["title.text"]) for step in steps]


#: Characters per line of a wrapped category label (a phone-wide chart leaves the labels little room).
LABEL_WIDTH = 16
#: Height (px) of one horizontal bar row (a label may take two lines).
ROW_HEIGHT = 36
#: Room (px) under the bars of a `choices_figure`: the value axis and its title.
CHOICES_BOTTOM = 100


def wrap_label(text: str, width: int = LABEL_WIDTH) -> str:
    """A category label on lines of at most `width` characters (broken at spaces), joined by ``<br>``."""
    return "<br>".join(textwrap.wrap(text, width)) or text


def choices_step(label: str, title: str, choices: Sequence[tuple[str, float | Fraction, str]], unit: str) -> Step:
    """A step of a `choices_figure`: one horizontal bar per (choice, exact value, hover text), best first; the chart
    is as tall as its choices need (the same thickness of bar in every step). Its headline is the best choice and
    its value in `unit` (e.g. "points")."""
    rows = len(choices)
    best, value, _ = choices[0]
    return Step(label, title, ({"y": [wrap_label(name) for name, _, _ in choices],
                                "x": [float(value) for _, value, _ in choices],
                                "hovertext": [hover for _, _, hover in choices]},),
                (("height", DROPDOWN_TOP + CHOICES_BOTTOM + ROW_HEIGHT * rows), ("yaxis.range", [rows - 0.5, -0.5])),
                f"the best of {rows} choices, {best}, expects {decimal(value)} {unit}")


def choices_figure(steps: Sequence[Step], value_title: str) -> go.Figure:
    """Horizontal bars of each choice's value (best at the top, labels read horizontally), a dropdown of positions."""
    fig = go.Figure(go.Bar(orientation="h", hoverinfo="text"))
    fig.update_xaxes(title_text=value_title)
    fig.update_yaxes(title_text="choice", autorange=False, tickangle=0)
    fig.update_layout(showlegend=False)
    return with_dropdown(fig, steps, f"Bar chart with a dropdown of {len(steps)} positions")


# -- a heatmap of exact chances with a dropdown (Explore the odds) -------------------------------------------------
#: The chance heatmaps' colour scale, white to a mid blue: every cell light enough for its dark label (AA contrast; a
#: darker blue would pass through colours where neither a dark nor a white label reads).
CHANCE_SCALE = [[0, "#f7fbff"], [0.5, "#c6dbef"], [1, "#7db9e4"]]


def cell_percent(p, places: int = 0) -> str:
    """A heatmap cell's label: its chance in percent without the sign, rounded as the book's text rounds it
    (`analysis.numbers.percent`); blank for 0."""
    return percent(p, places).removesuffix("%") if p else ""


def chance_heatmap(x: Sequence[str], x_title: str, y_title: str, hover: str, steps: Sequence[Step],
                   kind: str) -> go.Figure:
    """A heatmap of chances (rows top down, columns `x`) with a dropdown: each step gives the cells' chances `z`
    (None: blank), their labels `text`, the rows `y` and the numbers of the `hover` template (`customdata`, written
    by Python, so a hover rounds as the page's text does)."""
    fig = go.Figure(go.Heatmap(x=list(x), texttemplate="%{text}", textfont={"size": 12},
                               hovertemplate=hover + "<extra></extra>", zmin=0, zmax=1, colorscale=CHANCE_SCALE,
                               showscale=False, xgap=1, ygap=1, hoverongaps=False))  # each cell says its chance
    fig.update_xaxes(title_text=x_title, type="category", showgrid=False, tickangle=0)
    fig.update_yaxes(title_text=y_title, type="category", autorange="reversed", showgrid=False)
    fig.update_layout(height=860, plot_bgcolor="rgba(0,0,0,0)")
    return with_dropdown(fig, steps, kind)
