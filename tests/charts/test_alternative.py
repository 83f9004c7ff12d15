"""The charts' text alternatives: every chart stored in a notebook (and every step of a chart's dropdown or slider)
has a description that names its kind and a number its data holds, and `data_tables` gives the chart's data back as
the reader sees it (percentages on a percentage axis, the hover text with its short exact fractions)."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

pytest.importorskip("plotly")

import plotly.graph_objects as go  # noqa: E402

from deerbook.charts import deer_odds, football_odds  # noqa: E402
from deerbook.charts.alternative import (data_tables, describe, figure_description, most_likely, plain,  # noqa: E402
                                         readable)
from deerbook.charts.controls import Step, with_dropdown  # noqa: E402
from deerbook.charts.theme import add_legend_swatches  # noqa: E402
from deerbook.engine import Distribution  # noqa: E402
from stored_charts import draws, shown_steps, stored_figures  # noqa: E402

#: A number as a description writes it: "16.7%", "2.391", "20,000", "7".
NUMBER = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)(%?)")
#: What a description starts with: the kind of chart, e.g. "Bar chart: " or "Grid of 216 cells ...: ".
KIND = re.compile(r"^(?:[\w ,%()-]*(?:chart|charts|plot|Grid|Heatmap|Diagram)[\w ,%()-]*): \S")


def as_json(figure: go.Figure) -> dict:
    return json.loads(figure.to_json())


def data_numbers(figure: dict) -> tuple[set[float], set[float]]:
    """The numbers a figure's traces hold, as (plain numbers, percentages): numeric values (x, y, z and custom data;
    a value as a percentage too) and the numbers written in its labels and texts."""
    plain_numbers: set[float] = set()
    percentages: set[float] = set()

    def add(value) -> None:
        if isinstance(value, list):
            for item in value:
                add(item)
        elif isinstance(value, bool) or value is None:
            return
        elif isinstance(value, (int, float)):
            plain_numbers.add(float(value))
            percentages.add(float(value) * 100)
        else:
            for number, sign in NUMBER.findall(str(value)):
                (percentages if sign else plain_numbers).add(float(number.replace(",", "")))

    for trace in figure["data"]:
        for key in ("x", "y", "z", "customdata", "text", "hovertext"):
            add(trace.get(key))
    return plain_numbers, percentages


def named_in_data(text: str, figure: dict) -> list[str]:
    """The numbers of `text` that the figure's data hold (to the places `text` shows)."""
    plain_numbers, percentages = data_numbers(figure)
    found = []
    for number, sign in NUMBER.findall(text):
        value = float(number.replace(",", ""))
        places = len(number.partition(".")[2])
        if any(abs(value - v) <= 0.5 * 10 ** -places + 1e-9 for v in (percentages if sign else plain_numbers)):
            found.append(number + sign)
    return found


FIGURES = stored_figures()


def test_the_notebooks_store_their_charts():
    assert len(FIGURES) >= 30


@pytest.mark.parametrize("index", range(len(FIGURES)), ids=[f"{name}-{i}" for i, (name, _) in enumerate(FIGURES)])
def test_every_stored_chart_and_step_has_a_description_naming_a_number_of_its_data(index):
    name, figure = FIGURES[index]
    for shown in shown_steps(figure):
        text = figure_description(shown)
        assert text, f"{name}: a chart without a description"
        assert KIND.match(text), f"{name}: the description does not start with the chart's kind: {text!r}"
        assert named_in_data(text, shown), f"{name}: the description names no number of its data: {text!r}"
        assert "<" not in text and "  " not in text, f"{name}: markup in the description: {text!r}"


@pytest.mark.parametrize("index", range(len(FIGURES)), ids=[f"{name}-{i}" for i, (name, _) in enumerate(FIGURES)])
def test_every_stored_chart_has_a_data_table_per_trace_and_step(index):
    name, figure = FIGURES[index]
    tables = data_tables(figure)
    drawing = [trace for shown in shown_steps(figure) for trace in shown["data"] if draws(trace)]
    assert len(tables) == len(drawing), f"{name}: {len(tables)} tables for {len(drawing)} traces"
    assert all(table.rows and all(len(row) == len(table.header) for row in table.rows) for table in tables)


# -- descriptions ----------------------------------------------------------------------------------------------
def test_describe_stores_the_kind_what_and_headline_without_markup():
    fig = go.Figure(go.Bar(x=[2, 7], y=[1 / 36, 1 / 6]), layout={"title": "Each <b>total</b>"})
    describe(fig, "Bar chart", most_likely([2, 7], [Fraction(1, 36), Fraction(1, 6)], " points"))
    assert fig.layout.meta == {"description": "Bar chart: Each total; the most likely, 7 points, has 16.7%"}
    assert figure_description(as_json(fig)) == fig.layout.meta["description"]
    assert figure_description({"layout": {}}) is None
    assert plain("Number + Deer<br>Head") == "Number + Deer Head" and plain("a<br>b", "; ") == "a; b"


def test_a_chart_with_a_dropdown_describes_each_step():
    fig = deer_odds.hand_odds_figure(hands=("7", "1 2"))
    texts = [figure_description(shown) for shown in shown_steps(as_json(fig))]
    assert texts[0] == fig.layout.meta["description"] and len(set(texts)) == 2
    assert all(text.startswith("Bar chart with a dropdown of 2 hands: Points shed this turn holding ")
               for text in texts)


# -- data tables -----------------------------------------------------------------------------------------------
def test_bars_on_a_percentage_axis_show_percentages_and_the_hover_with_its_short_fraction():
    fig = go.Figure(go.Bar(x=["two", "seven"], y=[1 / 36, 7627 / 11556], customdata=["1/36", "7627/11556"],
                           hovertemplate="%{x}: %{y:.1%} (exactly %{customdata})<extra>%{fullData.name}</extra>"))
    fig.update_layout(title="Totals", xaxis_title="total", yaxis_title="chance", yaxis_tickformat=".0%")
    (table,) = data_tables(as_json(fig))
    assert table.caption == "Totals" and table.header == ("total", "chance", "details")
    # A fraction too long for the book's text is left to the chart's hover.
    assert table.rows == (("two", "2.8%", "two: 2.8% (exactly 1/36)"), ("seven", "66.0%", "seven: 66.0%"))


def test_horizontal_bars_and_several_traces_give_a_table_each_named_by_trace():
    fig = go.Figure([go.Bar(name=name, orientation="h", y=["knock", "roll"], x=[1.5, 2.25], hoverinfo="text",
                            hovertext=["knock: 3/2 points", "roll: 9/4 points"]) for name in ("you", "Blitz Bach")])
    fig.update_layout(title="Choices", xaxis_title="expected points", yaxis_title="choice")
    tables = data_tables(as_json(fig))
    assert [t.caption for t in tables] == ["Choices — you", "Choices — Blitz Bach"]
    assert tables[0].header == ("choice", "expected points", "details")
    assert tables[0].rows == (("knock", "1.500", "knock: 3/2 points"), ("roll", "2.250", "roll: 9/4 points"))


def test_a_heatmap_lists_its_coloured_cells_row_by_row_and_leaves_out_blank_cells_and_swatches():
    fig = go.Figure(go.Heatmap(x=["45", "10"], y=[1, 2], z=[[0.5, None], [0.25, 1.0]],
                               customdata=[["1/2", "0"], ["1/4", "1"]],
                               hovertemplate="box %{y} from the %{x}: %{z:.1%} (exactly %{customdata})"))
    add_legend_swatches(fig, {"run": "#d2ffc3"})
    fig.update_layout(xaxis_title="yard line", yaxis_title="box")
    (table,) = data_tables(as_json(fig))
    assert table.header == ("box", "yard line", "details")
    assert table.rows == (("1", "45", "box 1 from the 45: 50.0% (exactly 1/2)"),
                          ("2", "45", "box 2 from the 45: 25.0% (exactly 1/4)"),
                          ("2", "10", "box 2 from the 10: 100.0% (exactly 1)"))


def test_a_hidden_axis_has_no_column():
    fig = go.Figure(go.Scatter(x=[3, 63], y=[0.45, 0.45], mode="markers", name="space"))
    fig.update_layout(xaxis_title="space", yaxis_visible=False)
    (table,) = data_tables(as_json(fig))
    assert table.header == ("space",) and table.rows == (("3",), ("63",))


def test_a_chart_with_a_control_has_the_tables_of_every_step():
    steps = [Step(label, f"Hand {label}", ({"x": [0, 5], "y": [p, 1 - p]},), headline="h") for label, p in
             (("a", 0.25), ("b", 0.5))]
    fig = with_dropdown(go.Figure(go.Bar()), steps, "Bar chart with a dropdown of 2 hands")
    fig.update_layout(yaxis_tickformat=".0%")
    tables = data_tables(as_json(fig))
    assert [t.caption for t in tables] == ["Hand a", "Hand b"]
    assert [t.rows for t in tables] == [(("0", "25.0%"), ("5", "75.0%")), (("0", "50.0%"), ("5", "50.0%"))]


def test_readable_keeps_short_fractions_and_shows_long_ones_as_percentages():
    assert readable("3 points: 16.7% (exactly 1/6)") == "3 points: 16.7% (exactly 1/6)"
    assert readable("3 points: 66.0% (exactly 7627/11556)") == "3 points: 66.0%"
    assert readable("touchdown chance 1234/5678, 80/216 = 10/27") == "touchdown chance 21.7%, 80/216 = 10/27"


def test_the_tables_of_the_book_charts_keep_the_exact_values():
    fig = as_json(football_odds.blitz_scores(Distribution({0: Fraction(1, 4), 3: Fraction(3, 4)})))
    (table,) = data_tables(fig)
    assert table.rows == (("0", "25.0%", "points 0: 25.0% (exactly 1/4)"),
                          ("3", "75.0%", "points 3: 75.0% (exactly 3/4)"))
    assert figure_description(fig) == ("Bar chart: Blitz Bach's score this round: 2.25 points expected; the most "
                                        "likely, 3 points, has 75.0%")
