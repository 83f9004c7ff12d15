"""Chart titles that fit: wrapped onto lines a phone's chart holds, under the row Plotly's toolbar takes.

A chart is drawn at its container's width, down to `PHONE_WIDTH` on a 390 px phone, so a title is cut at spaces
into lines of at most `title_width()` characters (letters counted at `LETTER_EM` of the font size, wider than the
chart font's average letter) with ``<br>``; the top margin holds the toolbar's row (`MODEBAR`: JupyterLab shows
Plotly's mode bar at the top right when the pointer is on a chart), then the title's lines, then the dropdown of a
chart with one. The figure grows by what the margin grows, so the plot keeps its height. Every step of a dropdown
or slider has its title wrapped the same way, and the margin fits the longest.

A figure is stored with the toolbar's row, for the front ends that draw the toolbar (JupyterLab, the live site, VS
Code, Colab: Plotly's default shows it on hover). A renderer that draws none (`toolbar_drawn` of its Plotly config
is false: the book's pages, the README's picture) takes the row out (`without_toolbar_row`), so the title starts at
the top and the plot keeps its height.
"""
from __future__ import annotations

import copy
import re
from typing import Any

import plotly.graph_objects as go

from .theme import LIGHT

PHONE_WIDTH = 358  # px: a chart's width on a 390 px phone (the book's page leaves it 358 px)
TITLE_SIZE = 15  # px: the title's font size
LETTER_EM = 0.6  # the width counted for a letter, in em: more than the chart font's average letter
LINE_HEIGHT = 1.3  # Plotly's line spacing, in em
INSET = 8  # px: the room left of the title (its x) and kept right of it
MODEBAR = 30  # px: the row of Plotly's toolbar, above the title
#: px: how far above its anchor Plotly draws a title (anchored at its top) of one line, of several (measured in
#: Chromium: a title of several lines starts about 0.93 em higher than its top padding says)
RISE = {1: 3, 2: 14}
GAP = 10  # px: between the title and the plot (or the dropdown)
DROPDOWN = 40  # px: a dropdown's room above the plot, under the title
PLOTLY_HEIGHT = 450  # px: a figure's height where it sets none (Plotly's default, the book's too)
BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)


def title_width(width: int = PHONE_WIDTH, size: int = TITLE_SIZE) -> int:
    """How many letters a title line holds on a chart `width` px wide (counted wide, `LETTER_EM`)."""
    return int((width - 2 * INSET) / (LETTER_EM * size))


def wrapped(title: str, width: int | None = None) -> str:
    """`title` cut at spaces into lines of at most `width` letters (a longer word keeps a line of its own), joined
    by ``<br>``; line breaks already there are read as spaces, so wrapping twice changes nothing."""
    width = width or title_width()
    lines = [""]
    for word in BREAK.sub(" ", title).split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}".strip()
    return "<br>".join(lines)


def line_count(title: str) -> int:
    """How many lines a (wrapped) title takes; 0 for none."""
    return len(BREAK.split(title)) if title.strip() else 0


def title_pad(lines: int) -> int:
    """The title's top padding (px) that starts a title of `lines` lines (the most of any step) under the
    toolbar's row, with a pixel to spare."""
    return MODEBAR + RISE[min(lines, 2)] + 1


def title_top(lines: int, dropdown: bool = False) -> int:
    """The top margin (px) for the toolbar's row, `lines` title lines and a dropdown, if any."""
    return round(title_pad(lines) - RISE[min(lines, 2)] + lines * LINE_HEIGHT * TITLE_SIZE + GAP
                 + DROPDOWN * dropdown)


def _steps(layout: Any) -> list[Any]:
    """Every step of the figure's dropdowns and sliders that changes the layout (``update`` arguments)."""
    controls = list(layout.updatemenus or ()) + list(layout.sliders or ())
    return [step for control in controls for step in (getattr(control, "buttons", None) or control.steps or ())
            if step.args and len(step.args) > 1]


def _set_step(step: Any, grow: int) -> None:
    """A step's title wrapped and its height, if it sets one, grown by `grow` px."""
    data, changes, *rest = step.args
    changes = dict(changes)
    if changes.get("title.text"):
        changes["title.text"] = wrapped(changes["title.text"])
    if "height" in changes:
        changes["height"] += grow
    step.args = [data, changes, *rest]


def fit_title(fig: go.Figure) -> go.Figure:
    """`fig` with its title and its steps' titles wrapped, under the toolbar's row, its top margin made to hold
    them (growing the figure, and any step's height, by as much). A figure without a title is left alone."""
    layout = fig.layout
    steps = _steps(layout)
    titles = [wrapped(layout.title.text or "")] + [wrapped(step.args[1].get("title.text") or "") for step in steps]
    lines = max(map(line_count, titles))
    if not lines:
        return fig
    before = layout.margin.t if layout.margin.t is not None else LIGHT.layout.margin.t
    top = title_top(lines, bool(layout.updatemenus))
    grow = max(0, top - before)
    for step in steps:
        _set_step(step, grow)
    fig.update_layout(title={"text": titles[0], "font": {"size": TITLE_SIZE}, "x": 0, "xanchor": "left",
                             "xref": "container", "y": 1, "yanchor": "top", "yref": "container",
                             "pad": {"t": title_pad(lines), "l": INSET}}, margin={"t": max(top, before)})
    if grow:
        fig.update_layout(height=(layout.height or PLOTLY_HEIGHT) + grow)
    return fig


def toolbar_drawn(config: dict[str, Any]) -> bool:
    """Whether Plotly draws its toolbar (mode bar) with this config: its default, on hover, unless turned off."""
    return config.get("displayModeBar", "hover") is not False and not config.get("staticPlot", False)


def without_toolbar_row(layout: dict[str, Any]) -> dict[str, Any]:
    """A figure's layout (Plotly JSON, as stored) for a renderer that draws no toolbar: a copy with the title moved
    up by the toolbar's row, and the top margin and the figure (and each step that sets a height) shorter by it where
    the title made them (a larger margin the chart asked for itself stays); a layout without the row is returned as
    it is."""
    title = layout.get("title") or {}
    steps = [step["args"][1] for step in _json_steps(layout) if len(step.get("args") or ()) > 1]
    lines = max(line_count(changes.get("title.text") or "") for changes in [{"title.text": title.get("text")}, *steps])
    if not lines or (title.get("pad") or {}).get("t") != title_pad(lines):
        return layout
    drawn = copy.deepcopy(layout)
    drawn["title"]["pad"]["t"] -= MODEBAR
    if drawn["margin"]["t"] == title_top(lines, bool(layout.get("updatemenus"))):  # the margin the title made
        drawn["margin"]["t"] -= MODEBAR
        for changes in [drawn, *(step["args"][1] for step in _json_steps(drawn) if len(step.get("args") or ()) > 1)]:
            if "height" in changes:
                changes["height"] -= MODEBAR
    return drawn


def _json_steps(layout: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step of a Plotly JSON layout's dropdowns and sliders, in order."""
    return [step for control in (layout.get("updatemenus") or []) + (layout.get("sliders") or [])
            for step in control.get("buttons") or control.get("steps") or []]
