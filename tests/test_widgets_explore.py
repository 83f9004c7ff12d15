"""The odds explorers show the exact figures of `deer.advisor` and `football.odds` for their controls."""
from dataclasses import replace
from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")


from deerbook.charts.deer_odds import shed_distribution  # noqa: E402
from deerbook.bots.deer_advisor import position_for_hand, turn_distribution, turn_summary  # noqa: E402
from deerbook.analysis.deer_odds import edition  # noqa: E402
from deerbook.analysis.football_odds import Gain, default_game, next_box, track_sheets  # noqa: E402
from deerbook.football.rules import Marks  # noqa: E402
from deerbook.widgets import DeerExplorer, FootballExplorer  # noqa: E402
from deerbook.engine.seeding import stream


def bars(figure):
    trace = figure.data[0]
    return dict(zip(trace.x, trace.y))


def test_deer_explorer_shows_the_exact_turn_of_the_hand():
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=3, others=4, seed=2)
    game = edition("deer-cards", 3)
    dist = turn_distribution(position_for_hand(game, ["3", "3", "7", "K"], [4, 4, 4], stream(2)))
    assert explorer.summary == turn_summary(dist)
    assert bars(explorer.figure) == {k: float(p) for k, p in shed_distribution(dist).items()}
    assert f"goes_out: {turn_summary(dist)['goes_out']}" in explorer.message.value


def test_deer_explorer_recomputes_when_a_control_changes():
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=3, others=4, seed=2)
    explorer.hand.value = "5"
    dist = turn_distribution(position_for_hand(edition("deer-cards", 3), ["5"], [1, 4, 4], stream(2)))
    assert explorer.summary["goes_out"] == turn_summary(dist)["goes_out"] > 0
    assert "5" in explorer.figure.layout.title.text


def test_deer_explorer_reports_a_bad_hand():
    explorer = DeerExplorer("deer-cards", hand="3 Fox", players=3, others=4)
    assert explorer.figure is None and explorer.summary == {}
    assert "Cannot compute" in explorer.message.value and "Fox" in explorer.message.value


def test_football_explorer_first_box_of_short_runs():
    explorer = FootballExplorer()
    assert explorer.summary == {"expected yards": Fraction(10, 3), "touchdown": 0, "incomplete": 0}
    assert bars(explorer.figure) == {0: 1 / 3, 5: 2 / 3}
    assert dict(next_box(default_game(), Marks(), 1)) == {Gain(5): Fraction(2, 3), Gain(0): Fraction(1, 3)}


@pytest.mark.parametrize("track, marker, box", [(5, 15, 2), (2, 5, 4)])
def test_football_explorer_matches_next_box(track, marker, box):
    explorer = FootballExplorer()
    explorer.track.value, explorer.marker.value, explorer.box.value = track, marker, box
    game = default_game()
    dist = next_box(game, replace(track_sheets(game, track)[box], marker=marker), track)
    assert explorer.summary["touchdown"] == dist.probability(lambda g: g.touchdown)
    assert explorer.summary["expected yards"] == dist.expectation(lambda g: g.yards)
    assert bars(explorer.figure) == {k: float(p) for k, p in dist.map(lambda g: g.yards).items()}
    assert f"box {box}, from the {marker}" in explorer.figure.layout.title.text


def test_football_box_range_follows_the_track():
    explorer = FootballExplorer()
    explorer.box.value = explorer.box.max
    explorer.track.value = 6
    assert explorer.box.max == len(track_sheets(default_game(), 6)) - 1
    assert explorer.box.value <= explorer.box.max and explorer.figure is not None


def test_the_chart_is_the_output_widgets_content():
    explorer = FootballExplorer()
    (shown,) = explorer.output.outputs
    assert shown["data"]["application/vnd.plotly.v1+json"]["data"][0]["x"] == [0, 5]


def test_an_explorer_shows_its_settings_and_figures_where_widgets_cannot_run():
    explorer = DeerExplorer()
    bundle = explorer.widget._repr_mimebundle_()
    assert "VBox(" not in bundle["text/plain"] and "hand: 3 3 7 Fox Joker" in bundle["text/plain"]
    assert bundle["text/html"].startswith("<p><b>Odds explorer</b>") and "goes_out" in bundle["text/html"]
    assert f"net {explorer.summary['net']} " in bundle["text/plain"]
