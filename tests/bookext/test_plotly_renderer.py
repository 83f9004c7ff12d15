"""The book's chart HTML (`deerbook.bookext.plotly_renderer.figure_html`): a figure named by the chart's description,
the drawn picture hidden from assistive technology, and the chart's data as escaped tables in a folded box."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

pytest.importorskip("plotly")
pytest.importorskip("sphinx")

import plotly.graph_objects as go  # noqa: E402

from deerbook.bookext.plotly_renderer import DATA_SUMMARY, DIV_CLASS, figure_html  # noqa: E402
from deerbook.charts.alternative import describe  # noqa: E402


class Elements(HTMLParser):
    """Every start tag's attributes (tag, attributes) and the text inside each element with an id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.texts.append(data)


def parsed(figure: go.Figure) -> Elements:
    elements = Elements()
    elements.feed(figure_html(json.loads(figure.to_json()), "deerbook-plotly-abc"))
    return elements


def chart() -> go.Figure:
    fig = go.Figure(go.Bar(x=["one < two", "seven"], y=[1 / 36, 1 / 6], customdata=["1/36", "1/6"],
                           hovertemplate="%{x}: %{y:.1%} (exactly %{customdata})"))
    fig.update_layout(title="Totals & more", xaxis_title="total", yaxis_title="chance", yaxis_tickformat=".0%")
    return describe(fig, "Bar chart", "the most likely, seven, has 16.7%")


def test_the_figure_is_named_by_its_description_and_the_drawn_chart_is_hidden():
    elements = parsed(chart())
    figure = next(attrs for tag, attrs in elements.tags if tag == "figure")
    described = next(attrs for tag, attrs in elements.tags if attrs.get("id") == figure["aria-labelledby"])
    assert described["class"] == "deerbook-chart-description"
    assert "Bar chart: Totals & more; the most likely, seven, has 16.7%" in elements.texts
    drawn = next(attrs for tag, attrs in elements.tags if DIV_CLASS in attrs.get("class", "").split())
    assert drawn["id"] == "deerbook-plotly-abc" and drawn["aria-hidden"] == "true"


def test_the_data_are_an_escaped_table_in_a_folded_keyboard_scrollable_box():
    elements = parsed(chart())
    tags = [tag for tag, _ in elements.tags]
    assert tags.index("details") < tags.index("summary") < tags.index("table") and "open" not in dict(
        elements.tags[tags.index("details")][1])
    region = next(attrs for tag, attrs in elements.tags if attrs.get("role") == "region")
    assert region["tabindex"] == "0" and region["aria-label"] == f"{DATA_SUMMARY}: Totals & more"  # one per chart
    assert [attrs.get("scope") for tag, attrs in elements.tags if tag == "th"] == ["col"] * 3 + ["row"] * 2
    assert "one < two" in elements.texts and "2.8%" in elements.texts
    assert "one < two: 2.8% (exactly 1/36)" in elements.texts


def test_a_figure_without_a_description_is_named_by_its_title_with_a_warning(caplog):
    fig = go.Figure(go.Bar(x=[1], y=[2]), layout={"title": "Plain"})
    elements = parsed(fig)
    assert "Chart: Plain" in elements.texts
    assert "without a text alternative" in caplog.text
