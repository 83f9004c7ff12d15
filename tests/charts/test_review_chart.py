"""The win chance through a reviewed game (`charts.review.win_chance_figure`): one line per seat reviewed, a
percentage axis from 0 to 100%, each point's exact value, interval, turn and moves in its hover, its 95% interval as
error bars, and a text alternative naming each seat's first, last and lowest win chance; short enough for a phone."""
from bisect import bisect_right

from deerbook.analysis.review import Review
from deerbook.charts.alternative import data_tables, figure_description
from deerbook.charts.review import win_chance_figure
from deerbook.play.replay import Replay
from quick_review import decision, written_review
from recorded_games import recorded

RECORD = recorded("deer", ["human", "greedy", "human"])


def test_one_line_per_seat_on_a_percentage_axis_with_exact_hovers():
    review = written_review(RECORD)
    review = Review(RECORD, (*review.decisions, decision(40, 2, "keep", "keep", 0.5, 0.5)), True)
    figure = win_chance_figure(review).to_plotly_json()
    assert [trace["name"] for trace in figure["data"]] == ["P0 (person)", "P2 (person)"]
    assert figure["layout"]["yaxis"]["tickformat"] == ".0%" and list(figure["layout"]["yaxis"]["range"]) == [0, 1]
    first = figure["data"][0]
    assert list(first["y"]) == [0.40, 0.45, 0.37, 0.63], "the reviewer's value before each decision"
    turn = bisect_right(Replay(RECORD).ends, 9)
    assert first["text"][1] == (f"turn {turn}: win chance 45.00% (95%: 44.02% to 45.98%)<br>made: pass Wolf<br>"
                                "reviewer: keep<br>blunder")
    assert round(first["error_y"]["array"][1], 4) == 0.0098
    assert list(figure["data"][1]["x"]) == [5], "the decisions in one order across seats"


def test_its_text_alternative_and_data_tables():
    figure = win_chance_figure(written_review(RECORD))
    assert figure_description(figure.to_plotly_json()) == (
        "Line chart, one line per seat reviewed: Win chance through the game; P0 (person) from 40.0% at the first "
        "decision reviewed to 63.0% at the last (lowest 37.0%)")
    (table,) = data_tables(figure.to_dict())
    assert table.rows[0][:2] == ("1", "40.0%")
    assert figure.layout.height <= 400
