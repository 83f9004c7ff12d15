"""Chart titles that fit a phone's chart, under the row of Plotly's toolbar; axes that span the data.

Every chart stored in a notebook and every step of its dropdown or slider is checked, so are the chart functions
with the longest titles a reader can make (a hand typed in an explorer): each title line, its letters counted wide
(`titles.LETTER_EM`), fits a chart `titles.PHONE_WIDTH` px wide, and the top margin holds the toolbar's row, the
title's lines and the dropdown. Where no toolbar is drawn (the book's pages) the row is taken out: the title starts
at the top and the plot keeps its height.
"""
from fractions import Fraction

import pytest

pytest.importorskip("plotly")

import plotly.graph_objects as go  # noqa: E402

from deerbook.engine.distribution import Distribution  # noqa: E402
from deerbook.charts import deer_odds, football_odds, titles  # noqa: E402
from deerbook.charts.alternative import plain  # noqa: E402
from deerbook.charts.titles import (BREAK, INSET, LETTER_EM, MODEBAR, PHONE_WIDTH, TITLE_SIZE, fit_title,  # noqa: E402
                                    title_pad, title_top, toolbar_drawn, without_toolbar_row, wrapped)

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


def plot_height(layout: dict) -> float:
    return layout["height"] - layout["margin"]["t"] - layout["margin"].get("b", 48)


def test_without_a_toolbar_no_row_above_the_title_and_the_plot_keeps_its_height():
    """A chart with a dropdown whose steps set heights (the face chances): the title, the margin, the figure and
    each step's height all lose the toolbar's row, and only that."""
    layout = deer_odds.face_chances().layout.to_plotly_json()
    drawn = without_toolbar_row(layout)
    lines = max(len(BREAK.split(title)) for title in step_titles(layout))
    assert drawn["title"]["pad"]["t"] == title_pad(lines) - MODEBAR == titles.RISE[min(lines, 2)] + 1
    assert drawn["margin"]["t"] == layout["margin"]["t"] - MODEBAR
    assert plot_height(drawn) == plot_height(layout)
    heights = [[step["args"][1]["height"] for step in menu["buttons"]] for menu in (layout, drawn)
               for menu in menu["updatemenus"]]
    assert heights[1] == [height - MODEBAR for height in heights[0]] and heights[0]
    assert without_toolbar_row(drawn) == drawn, "taken out once"
    assert layout == deer_odds.face_chances().layout.to_plotly_json(), "the stored layout is left as it was"


def test_without_a_toolbar_a_margin_the_chart_asked_for_stays():
    layout = fit_title(go.Figure(go.Bar(x=[1], y=[1])).update_layout(title="Short", margin={"t": 200},
                                                                      height=500)).layout.to_plotly_json()
    drawn = without_toolbar_row(layout)
    assert drawn["margin"]["t"] == 200 and drawn["height"] == 500
    assert drawn["title"]["pad"]["t"] == title_pad(1) - MODEBAR


def test_the_toolbar_is_drawn_unless_the_config_turns_it_off():
    assert toolbar_drawn({}) and toolbar_drawn({"displayModeBar": True})
    assert not toolbar_drawn({"displayModeBar": False}) and not toolbar_drawn({"staticPlot": True})


def test_the_books_pages_draw_no_toolbar_and_keep_no_row_for_it():
    import json
    import re

    from deerbook.bookext.plotly_renderer import figure_html

    stored = [figure for _, figure in stored_figures() if step_titles(figure["layout"])[0]][0]
    html = figure_html(stored, "chart")
    payload = json.loads(re.search(r'<script type="application/json" id="chart-figure">(.*?)</script>', html).group(1))
    assert payload["config"]["displayModeBar"] is False
    assert payload["layout"] == without_toolbar_row(stored["layout"]) != stored["layout"]
    assert payload["layout"]["title"]["pad"]["t"] == stored["layout"]["title"]["pad"]["t"] - MODEBAR


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
