"""Football odds charts: the figure data against exact values, not pixels."""

import pytest

pytest.importorskip("plotly")

from deerbook.analysis.numbers import decimal, percent  # noqa: E402
from deerbook.charts import football_odds as charts  # noqa: E402
from deerbook.engine import make_game  # noqa: E402
from deerbook.bots.football_advisor import Advisor  # noqa: E402
from deerbook.analysis.football_odds import (area_count_tables, blitz_board, chance_by_field_position,  # noqa: E402
                                   default_game, whole_track)
from deerbook.football.rules import NO_EFFECT  # noqa: E402
from deerbook.football.rules import AREA  # noqa: E402
from deerbook.football.save import position  # noqa: E402
from deerbook.charts.alternative import plain  # noqa: E402


def titled(fig):
    assert fig.layout.title.text
    return fig


def test_yards_small_multiples_hold_each_tracks_exact_distribution():
    fig = titled(charts.yards_by_track())
    assert len(fig.data) == 6 and fig.layout.xaxis5.title.text == fig.layout.xaxis6.title.text == "yards gained"
    for t, bar in enumerate(fig.data, 1):
        yards = whole_track(default_game(), t).map(lambda g: g.yards)
        assert list(bar.x) == sorted(yards) and list(bar.y) == [float(yards[k]) for k in sorted(yards)]
        assert str(yards[bar.x[-1]]) in bar.hovertext[-1]


def test_touchdown_lines_by_field_position():
    fig = titled(charts.touchdown_by_field_position())
    six = chance_by_field_position(default_game(), 6, "touchdown")
    assert list(fig.data[5].x) == list(six) and list(fig.data[5].y) == [float(p) for p in six.values()]
    assert fig.data[5].hovertext[0] == f"track 6 from the 45: {percent(six[45])} (exactly {six[45]})"
    assert fig.layout.yaxis.title.text and fig.layout.xaxis.title.text


def test_area_counts_for_eleven_dice():
    fig = titled(charts.area_counts(11))
    largest = area_count_tables(11)["largest area"]
    assert list(fig.data[1].x) == sorted(largest)
    assert sum(fig.data[1].y) == pytest.approx(1) and fig.data[1].y[1] == float(largest[3])
    assert "125125/279936" in fig.data[1].hovertext[1]


def test_advisor_bars_show_expected_points_and_blitz_bach():
    solo = make_game("football", num_players=1)
    state = position(solo, phase=AREA, board=(3, 2, 1, 2, 2, 1), power_board=(0, 0, 0, 0, 1, 0),
                     marks={0: dict(power=1)}, defense_marker=2, defense=NO_EFFECT)
    advice = Advisor().advise(state)
    fig = titled(charts.advisor_bars(advice))
    assert list(fig.data[0].y) == [str(a.action) for a in advice][::-1]
    assert list(fig.data[0].x) == [float(a.expected_points) for a in advice][::-1]
    assert list(fig.data[1].x) == [float(a.expected_blitz) for a in advice][::-1]


def test_blitz_bach_score_chart():
    dist = blitz_board((3, 2, 1, 2, 2, 1), 5, 2)
    fig = titled(charts.blitz_scores(dist))
    assert list(fig.data[0].x) == sorted(dist) and sum(fig.data[0].y) == pytest.approx(1)
    assert f": {decimal(dist.expectation())} points expected" in plain(fig.layout.title.text)
