"""The Deer odds charts draw exactly the exact values (figure data, not pixels)."""
from collections import Counter
from fractions import Fraction

import pytest

pytest.importorskip("plotly")

from deerbook.charts import deer_odds  # noqa: E402
from deerbook.bots.deer_turn_walk import advise, turn_distribution  # noqa: E402
from batch_studies import play_batch  # noqa: E402
from deerbook.analysis.stats import estimate  # noqa: E402
from deerbook.analysis.deer_combinations import combination_name  # noqa: E402
from deerbook.analysis.deer_odds import odds_report  # noqa: E402
from deerbook.engine import Action, make_game  # noqa: E402
from deerbook.deer import position as deer_position  # noqa: E402


def position(hands, **kwargs):
    return deer_position(make_game("deer", num_players=len(hands)), hands, **kwargs)


def roll(state, *faces):
    return state.apply(Action("roll", faces))


def exacts(bar) -> list[Fraction]:
    """The exact fractions a bar chart's hover texts give ("... (exactly 8/27)")."""
    return [Fraction(text.split("exactly ")[1].split(")")[0]) for text in bar.hovertext]


def exact(name, key="probability"):
    return {r["name"]: Fraction(r[key]) for r in odds_report(name)["combinations"]}


def test_combination_bars_are_the_exact_probabilities_both_editions():
    fig = deer_odds.combinations_figure()
    assert [bar.name for bar in fig.data] == ["board game", "card game"]
    for bar, name in zip(fig.data, ("deer", "deer-cards")):
        assert bar.orientation == "h"  # long combination names read across, one panel per edition
        assert dict(zip(bar.y, bar.x)) == {n: float(p) for n, p in exact(name).items()}
        assert exacts(bar) == list(exact(name).values())
    assert fig.data[0].xaxis != fig.data[1].xaxis or fig.data[0].yaxis != fig.data[1].yaxis
    assert fig.layout.title.text and fig.layout.xaxis2.title.text == "probability"
    assert fig.layout.yaxis.title.text == "combination"
    assert fig.layout.height >= 24 * 22  # every bar row gets its height
    ticks = [*fig.layout.yaxis.ticktext, *fig.layout.yaxis2.ticktext]  # long names on short lines, words whole
    assert [tick.replace("<br>", " ") for tick in ticks] == [*exact("deer"), *exact("deer-cards")]
    assert all(len(line) <= deer_odds.NAME_WIDTH for tick in ticks for line in tick.split("<br>"))


def test_board_combination_bars_are_the_brute_force_chart_chances():
    comp = make_game("deer", num_players=3).components
    fig = deer_odds.combinations_figure(["deer"])
    bar = fig.data[0]
    assert len(bar.y) == 9 == len(comp.chart)
    assert list(bar.y) == [combination_name(comp, row.signature) for row in comp.chart]
    chances = exacts(bar)
    assert chances == [comp.signature_odds[row.signature] for row in comp.chart]  # brute force over the faces
    assert list(bar.x) == [float(p) for p in chances] and sum(chances) == 1
    assert bar.y[0] == "Three numbers" and bar.hovertext[0] == "Three numbers: 29.6% (exactly 8/27), board game"


def test_joker_bars():
    fig = deer_odds.joker_figure("deer")
    assert dict(zip(fig.data[0].y, exacts(fig.data[0]))) == exact("deer")
    assert dict(zip(fig.data[1].y, exacts(fig.data[1]))) == exact("deer", "with_joker")


@pytest.mark.parametrize("name", ["deer", "deer-cards"])
def test_roll_space_has_every_roll_once_grouped_by_combination(name):
    fig = deer_odds.roll_space_figure(name)
    heat = fig.data[0]
    cells = [z for row in heat.z for z in row]
    assert len(cells) == 216
    swatches = fig.data[1:]
    names = [s.name for s in swatches]
    counts = Counter(names[z] for z in cells)
    assert {n: Fraction(c, 216) for n, c in counts.items()} == {n: p for n, p in exact(name).items() if p}
    assert cells == sorted(cells)  # grouped: each combination's rolls are contiguous, top row first
    assert names == list(dict.fromkeys(names[z] for z in cells))  # the legend lists them in the grid's order
    colors = [s.marker.color for s in swatches]
    assert len(set(colors)) == len(colors)  # every combination has its own colour
    scale = heat.colorscale
    assert [scale[2 * i][1] for i in range(len(colors))] == colors  # the legend's colour is the cells' colour


def test_turn_and_advisor_bars_are_exact():
    state = position([["3", "3", "5", "Fox"], ["7", "8"]])
    dist = turn_distribution(state)
    fig = deer_odds.turn_figure(dist)
    shed = deer_odds.shed_distribution(dist)
    assert dict(zip(fig.data[0].x, exacts(fig.data[0]))) == dict(shed)
    assert sum(exacts(fig.data[0])) == 1 and fig.data[0].width == 0.8  # one bar a point
    start = position([["5", "9", "9"], ["1"]], predator_pile=[], discard=None)
    ranked = advise(roll(start, "running_deer", 5, 7, "Fox"))
    bars = deer_odds.advisor_figure(ranked).data[0]
    assert list(bars.y) == [str(a) for a, _ in ranked]
    assert list(map(Fraction, bars.customdata)) == [v for _, v in ranked]


def test_long_match_and_seat_names_read_horizontally():
    rates = [estimate([1.0, 0.0, 1.0]), estimate([0.0, 0.0, 1.0])]
    fig = deer_odds.estimate_bars(["advisor vs 3 random", "knocks"], rates, 0.25, "title", "match")
    assert list(fig.data[0].x) == ["advisor vs 3<br>random", "knocks"] and fig.layout.xaxis.tickangle == 0
    seats = deer_odds.seat_figure(rates, 0.5)
    assert list(seats.data[0].x) == ["seat 0", "seat 1"] and seats.layout.xaxis.tickangle == 0


def test_seat_and_length_charts_show_the_estimates():
    batch = play_batch("deer", ["greedy"] * 4, 4, seed=1)
    rates = [estimate([r[s] for r in batch.returns]) for s in range(4)]
    fig = deer_odds.seat_figure(rates, 0.25)
    assert list(fig.data[0].y) == [e.mean for e in rates]
    assert list(fig.data[0].error_y.array) == pytest.approx([e.high - e.mean for e in rates])
    assert list(fig.data[0].error_y.arrayminus) == pytest.approx([e.mean - e.low for e in rates])  # Wilson's: uneven
    lengths = deer_odds.length_figure({"greedy": batch}, width=10)
    turns = batch.stats["turns"]
    assert list(lengths.data[0].x) == sorted({t // 10 * 10 for t in turns})
    assert list(lengths.data[0].y) == [sum(t // 10 * 10 == x for t in turns) / len(turns) for x in lengths.data[0].x]
    assert lengths.layout.xaxis.title.text == "turns (in bins of 10)"
