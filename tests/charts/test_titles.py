"""Chart titles that fit a phone's chart, under the row of Plotly's toolbar; axes that span the data.

Every chart stored in a notebook and every step of its dropdown or slider is checked, so are the chart functions
with the longest titles a reader can make (a hand typed in an explorer): each title line, its letters counted wide
(`titles.LETTER_EM`), fits a chart `titles.PHONE_WIDTH` px wide, and the top margin holds the toolbar's row, the
title's lines and the dropdown.
"""
from fractions import Fraction

import pytest

pytest.importorskip("plotly")

import plotly.graph_objects as go  # noqa: E402

from deerbook.engine.distribution import Distribution  # noqa: E402
from deerbook.charts import deer_odds, football_odds, titles  # noqa: E402
from deerbook.charts.alternative import plain  # noqa: E402
from deerbook.charts.titles import (BREAK, INSET, LETTER_EM, MODEBAR, PHONE_WIDTH, TITLE_SIZE, fit_title,  # noqa: E402
                                    title_pad, title_top, wrapped)

from stored_charts import stored_figures  # noqa: E402

LONG = ("The board game: the chance (%) that a face shows in one roll, on any die (at least one) or on exactly so "
        "many dice")


def step_titles(layout: dict) -> list[str]:
    """The figure's title and the title of every step of its controls (as stored)."""
    found = [(layout.get("title") or {}).get("text") or ""]
    for control in (layout.get("updatemenus") or []) + (layout.get("sliders") or []):
        found += [step["args"][1].get("title.text") or "" for step in control.get("buttons") or control["steps"]]
    return found


def assert_fits(layout: dict) -> None:
    """Each title line fits the phone's chart; the title sits under the toolbar's row; the margin holds it all."""
    found = step_titles(layout)
    lines = max(len(BREAK.split(title)) for title in found)
    for title in found:
        for line in BREAK.split(title):
            assert 2 * INSET + len(plain(line)) * LETTER_EM * TITLE_SIZE <= PHONE_WIDTH, line
    title = layout["title"]
    assert title["font"]["size"] == TITLE_SIZE and title["pad"]["t"] == title_pad(lines) and title["yanchor"] == "top"
    assert layout["margin"]["t"] >= title_top(lines, bool(layout.get("updatemenus")))


def test_a_long_title_wraps_into_lines_that_fit_and_says_the_same():
    text = wrapped(LONG)
    assert plain(text) == LONG and len(BREAK.split(text)) == 3
    assert wrapped(text) == text  # wrapping twice changes nothing
    assert max(len(line) for line in BREAK.split(text)) <= titles.title_width() == 38


def test_the_toolbar_row_and_the_title_lines_push_the_plot_down_and_the_figure_grows_as_much():
    fig = fit_title(go.Figure(go.Bar(x=[1], y=[1])).update_layout(title=LONG, height=400))
    assert fig.layout.margin.t == title_top(3) == round(MODEBAR + 1 + 3 * 1.3 * TITLE_SIZE + titles.GAP)
    assert fig.layout.height == 400 + fig.layout.margin.t - 48  # the template's margin was 48: the plot keeps 352 px
    assert_fits(fig.layout.to_plotly_json())


def test_a_figure_without_a_title_is_left_alone():
    fig = fit_title(go.Figure(go.Bar(x=[1], y=[1])))
    assert fig.layout.title.text is None and fig.layout.margin.t is None and fig.layout.height is None


@pytest.mark.parametrize("make", [
    lambda: deer_odds.face_chances(), lambda: deer_odds.hand_odds_figure(), lambda: football_odds.yards_by_marker(),
    lambda: football_odds.touchdown_boxes(), lambda: deer_odds.turn_figure(Distribution({(3, 0, False): 1}), LONG)],
    ids=["face chances", "hand dropdown", "yards slider", "touchdown heatmap", "a long title given"])
def test_every_title_of_a_chart_function_fits_a_phone(make):
    assert_fits(make().layout.to_plotly_json())


def test_every_stored_chart_title_fits_a_phone_under_the_toolbar():
    figures = stored_figures()
    assert len(figures) > 30
    for name, figure in figures:
        if step_titles(figure["layout"])[0]:
            assert_fits(figure["layout"]), name


def test_the_points_axis_spans_the_bars_not_below_zero():
    """Plotly's own range pads by a twentieth: bars from 0 to 45 points drew an axis from -3 (chapter 31)."""
    dist = Distribution({(0, 0, False): Fraction(1, 2), (45, 0, True): Fraction(1, 2)})
    fig = deer_odds.turn_figure(dist)
    assert list(fig.layout.xaxis.range) == [-0.5, 45.5]


def test_every_stored_points_axis_spans_its_bars():
    checked = 0
    for _, figure in stored_figures():
        axis = figure["layout"].get("xaxis") or {}
        if (axis.get("title") or {}).get("text") == "points shed" and figure["data"][0].get("x"):
            low, high = axis["range"]
            points = figure["data"][0]["x"]
            assert min(points) - 0.5 <= low and high <= max(points) + 0.5
            checked += 1
    assert checked >= 2
