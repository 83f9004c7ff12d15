"""Deer in the Headlights odds as Plotly figures: every number is the exact one from `deerbook.analysis.deer_odds`
and `deerbook.bots.deer_turn_walk` (hover text shows the fraction), or a seeded estimate from
`deerbook.analysis.batches` drawn with its 95% interval.

Colours come from the registered ``deerbook`` / ``deerbook-dark`` templates (the book swaps them),
except the roll-space picture, which gives each combination its own colour from `CATEGORY_COLORS`.

Every chart carries its text alternative (`deerbook.charts.alternative.describe`): its kind, what it shows and
its headline number. Four charts explore themselves on the static page (`deerbook.charts.controls`):
`hand_odds_figure` (a dropdown of hands), `advisor_values_figure` (a dropdown of positions from a seeded game), and
`combination_chances` and `face_chances` (a dropdown of editions).
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..analysis.deer_positions import ADVISOR_QUESTIONS
from ..bots.deer_advisor import position_for_hand
from ..bots.deer_turn_walk import advise, turn_distribution, turn_summary
from ..analysis.batches import Batch
from ..analysis.stats import Estimate
from ..analysis.deer_combinations import chart_rows, combination_name, row_name
from ..play.deer_words import cards_text
from ..analysis.deer_odds import edition, face_counts, fraction_text, odds_report
from ..analysis.numbers import chance, decimal, percent
from ..deer.state import DeerState
from ..engine import Distribution
from ..engine.seeding import stream
from .alternative import describe, most_likely
from .controls import Step, cell_percent, chance_heatmap, choices_figure, choices_step, with_dropdown, wrap_label
from .theme import CATEGORY_COLORS, add_legend_swatches, discrete_colorscale

EDITIONS = ("deer", "deer-cards")
EDITION_LABELS = {"deer": "board game", "deer-cards": "card game"}


def _layout(fig: go.Figure, title: str, x: str, y: str, **extra) -> go.Figure:
    fig.update_layout(title=title, xaxis_title=x, yaxis_title=y, **extra)
    return fig


#: Height in px of one horizontal bar row (labels of combinations are long, so they go on the y axis,
#: on up to three short lines so the bars keep most of a phone-wide plot).
ROW_HEIGHT = 44
#: Characters per line of a combination's name beside its bar.
NAME_WIDTH = 20


def combination_label(name: str) -> str:
    """A combination's name on short lines (at most `NAME_WIDTH` characters), e.g. "Number + Deer<br>Head + ..."."""
    return wrap_label(name, NAME_WIDTH)


def _wrap_names(fig: go.Figure, names: list[str], **where) -> None:
    """Show long combination names on short lines (the data keep the full names)."""
    fig.update_yaxes(tickvals=names, ticktext=[combination_label(name) for name in names], **where)


def chance_hover(what: str, p: Fraction, name: str = "") -> str:
    """A bar's hover text: what it shows, its chance as the book writes it (`analysis.numbers.percent`, the one
    rounding of every page) and the exact fraction, e.g. "Three numbers: 29.6% (exactly 8/27), as rolled"."""
    return f"{what}: {percent(p)} (exactly {fraction_text(p)})" + (f", {name}" if name else "")


def _combination_bars(rows: list[dict], key: str, name: str = "") -> dict:
    """The data of one horizontal bar per combination (chart order, top down), the exact fraction in the hover."""
    return {"x": [float(Fraction(r[key])) for r in rows], "y": [r["name"] for r in rows],
            "hovertext": [chance_hover(r["name"], Fraction(r[key]), name) for r in rows]}


def _combination_bar(rows: list[dict], key: str, name: str) -> go.Bar:
    """One horizontal bar per combination (chart order, top down), the exact fraction in the hover text."""
    return go.Bar(name=name, orientation="h", hoverinfo="text", **_combination_bars(rows, key, name))


def combinations_figure(editions: Sequence[str] = EDITIONS) -> go.Figure:
    """Every combination's exact probability: one panel per edition, one horizontal bar per combination."""
    reports = {name: odds_report(name)["combinations"] for name in editions}
    labels = [EDITION_LABELS.get(name, name) for name in editions]
    fig = make_subplots(rows=len(editions), cols=1, shared_xaxes=True, vertical_spacing=0.12 / len(editions),
                        row_heights=[len(rows) for rows in reports.values()],
                        subplot_titles=labels if len(editions) > 1 else None)
    for i, (label, rows) in enumerate(zip(labels, reports.values()), 1):
        fig.add_trace(_combination_bar(rows, "probability", label), row=i, col=1)
        _wrap_names(fig, [r["name"] for r in rows], row=i, col=1)
    fig.update_yaxes(autorange="reversed", title_text="combination")
    fig.update_xaxes(tickformat=".0%")
    fig.update_xaxes(title_text="probability", row=len(editions), col=1)
    rows = sum(len(r) for r in reports.values())
    title = "Every combination of the number dice" + ("" if len(editions) > 1 else f" ({labels[0]})")
    fig.update_layout(title=title, showlegend=False, height=140 + 60 * len(editions) + ROW_HEIGHT * rows)
    headline = "; ".join(_combination_headline(rows) + (f" in the {label}" if len(editions) > 1 else "")
                         for label, rows in zip(labels, reports.values()))
    return describe(fig, "Bar chart" + (", one panel per edition" if len(editions) > 1 else ""), headline,
                    "the chance of each combination of the number dice as rolled")


def _combination_headline(rows: list[dict], key: str = "probability") -> str:
    return most_likely([r["name"] for r in rows], [Fraction(r[key]) for r in rows])


def joker_figure(game_name: str = "deer") -> go.Figure:
    """Each combination's chance as rolled and the chance of being able to reach it with a Joker."""
    rows = odds_report(game_name)["combinations"]
    fig = go.Figure([_combination_bar(rows, key, label) for label, key in
                     (("as rolled", "probability"), ("reachable with a Joker", "with_joker"))])
    _wrap_names(fig, [r["name"] for r in rows])
    _layout(fig, f"A Joker in hand ({EDITION_LABELS.get(game_name, game_name)})", "probability",
            "combination", barmode="group", xaxis_tickformat=".0%", yaxis_autorange="reversed",
            height=180 + 1.5 * ROW_HEIGHT * len(rows))
    return describe(fig, "Grouped bar chart", f"as rolled {_combination_headline(rows)}; with a Joker "
                                              f"{_combination_headline(rows, 'with_joker')}",
                    f"each combination's chance as rolled and reachable with a Joker in hand "
                    f"({EDITION_LABELS.get(game_name, game_name)})")


def roll_cells(game_name: str) -> list[tuple[tuple, str]]:
    """All equally likely face tuples of the number dice with their combination, grouped by combination."""
    comp = edition(game_name).components
    order = {combination_name(comp, row.signature): i for i, row in enumerate(chart_rows(comp))}
    cells = [(faces, row_name(comp, faces))
             for faces in itertools.product(*(f for _, f in comp.number_dice))]
    return sorted(cells, key=lambda cell: order[cell[1]])


def roll_space_figure(game_name: str = "deer", width: int = 18) -> go.Figure:
    """All the rolls of the number dice, one cell each, grouped and coloured by combination; the legend
    lists the combinations top down in the order they fill the grid."""
    comp = edition(game_name).components
    cells = roll_cells(game_name)
    names = list(dict.fromkeys(name for _, name in cells))
    if len(names) > len(CATEGORY_COLORS):
        raise ValueError(f"{game_name}: {len(names)} combinations but only {len(CATEGORY_COLORS)} distinct colours")
    colors = dict(zip(names, CATEGORY_COLORS))
    total = len(cells)
    counts = {name: sum(1 for _, n in cells if n == name) for name in names}
    rows = [cells[i:i + width] for i in range(0, total, width)]
    z = [[names.index(name) for _, name in row] for row in rows]
    hover = [[f"{', '.join(map(comp.face_name, faces))}<br>{name}: {counts[name]}/{total} = "
              f"{fraction_text(Fraction(counts[name], total))}" for faces, name in row] for row in rows]
    fig = go.Figure(go.Heatmap(z=z, text=hover, hovertemplate="%{text}<extra></extra>",
                               colorscale=discrete_colorscale(list(colors.values())), showscale=False,
                               zmin=-0.5, zmax=len(names) - 0.5, xgap=1, ygap=1))
    add_legend_swatches(fig, colors)
    _layout(fig, f"All {total} rolls ({EDITION_LABELS.get(game_name, game_name)}), grouped by combination",
            f"roll (in rows of {width})", "row", yaxis_autorange="reversed", xaxis_showgrid=False,
            yaxis_showgrid=False, height=520)
    largest = max(names, key=lambda name: counts[name])
    return describe(fig, f"Grid of {total} cells coloured by combination",
                    f"{len(names)} combinations; the largest, {largest}, takes {counts[largest]} of the {total} rolls "
                    f"({percent(Fraction(counts[largest], total))})")


def shed_distribution(dist: Distribution) -> Distribution:
    """The points-shed marginal of a `turn_distribution` (outcomes (shed, received, goes out))."""
    return dist.map(lambda outcome: outcome[0])


def points_bars(shed: Distribution) -> dict:
    """The bars of a points-shed distribution: one a number of points (every point counted apart), the hover text
    with the chance as the book writes it (`analysis.numbers.percent`) and the exact fraction."""
    points = sorted(shed)
    return {"x": points, "y": [float(shed[k]) for k in points],
            "hovertext": [f"{k} point{'s' * (k != 1)}: {percent(shed[k])} (exactly {fraction_text(shed[k])})"
                          for k in points]}


POINT_BARS = {"width": 0.8, "hoverinfo": "text"}  # bars one point wide, their hover text alone


def points_xaxis(points: Sequence[int]) -> dict:
    """A points axis with a tick mark at every point (a label every 5), for bars one point wide (`POINT_BARS`): 6
    and 7 points are two bars, however far apart the chances' points are. The axis spans the bars and no more
    (Plotly's own range pads it by a twentieth: below 0 points, to -3 for bars up to 45)."""
    span = {"range": [min(points) - 0.5, max(points) + 0.5]} if points else {}
    return {"title": {"text": "points shed"}, "type": "linear", "tick0": 0, "dtick": 5,
            "minor": {"dtick": 1, "ticks": "outside", "ticklen": 4}, **span}


def points_axis(fig: go.Figure) -> go.Figure:
    """`fig`'s bars one point wide on a points axis (`points_xaxis`)."""
    fig.update_traces(**POINT_BARS)
    return fig.update_xaxes(points_xaxis([x for trace in fig.data for x in trace.x or ()]))


def turn_figure(dist: Distribution, title: str = "Points shed in one turn") -> go.Figure:
    """The exact distribution of points shed this turn (built in one go: the live explorer draws one per answer)."""
    shed = shed_distribution(dist)
    bars = points_bars(shed)
    fig = go.Figure(go.Bar(**bars, **POINT_BARS),
                    {"title": {"text": title}, "xaxis": points_xaxis(bars["x"]),
                     "yaxis": {"title": {"text": "probability"}, "tickformat": ".0%"}})
    return describe(fig, "Bar chart", most_likely(bars["x"], [shed[k] for k in bars["x"]], " points"))


def advisor_figure(ranked, title: str = "Expected points shed this turn, by choice") -> go.Figure:
    """The advisor's choices (best at the top) and their exact expected net points shed."""
    fig = go.Figure(go.Bar(y=[str(a) for a, _ in ranked], x=[float(v) for _, v in ranked], orientation="h",
                           customdata=[fraction_text(v) for _, v in ranked],
                           hovertemplate="%{y}: %{customdata} = %{x:.3f} points<extra></extra>"))
    _layout(fig, title, "expected net points shed", "choice", yaxis_autorange="reversed")
    (best, value), count = ranked[0], len(ranked)
    return describe(fig, "Bar chart", f"the best of {count} choices, {best}, expects {decimal(value)} "
                                      f"net points shed")


def estimate_bars(labels: Sequence[str], estimates: Sequence[Estimate], fair: float | None, title: str,
                  x: str, y: str = "win rate") -> go.Figure:
    """Estimates with 95% intervals as bars, and a dashed line at the fair share; long labels wrap, horizontal."""
    fig = go.Figure(go.Bar(x=[wrap_label(label) for label in labels], y=[e.mean for e in estimates],
                           error_y={"type": "data", "symmetric": False, "array": [e.high - e.mean for e in estimates],
                                    "arrayminus": [e.mean - e.low for e in estimates]},
                           hoverinfo="text", hovertext=[f"{label}: {e.percent()} (95% interval), {e.n:,} games"
                                                        for label, e in zip(labels, estimates)]))
    if fair is not None:  # a dashed line, named in the legend (a label on the line would sit on the bars)
        fig.add_hline(y=fair, line={"dash": "dash", "color": "#888888"})
        fig.add_scatter(x=[None], y=[None], mode="lines", name=f"fair share {percent(fair)}",
                        line={"dash": "dash", "color": "#888888"})
        fig.data[0].name = "win rate (95% interval)"
    _layout(fig, title, x, y, xaxis_type="category", xaxis_tickangle=0, yaxis_tickformat=".0%")
    top = max(range(len(estimates)), key=lambda i: estimates[i].mean)
    best = estimates[top]
    fair_share = f"; the fair share is {percent(fair)}" if fair is not None else ""
    return describe(fig, "Bar chart with 95% intervals",
                    f"the highest, {labels[top]}, has {percent(best.mean)} (95% interval {percent(best.low)} to "
                    f"{percent(best.high)}, {best.n:,} games){fair_share}")


def seat_figure(win_rates: Sequence[Estimate], fair: float, title: str = "Win rate by seat") -> go.Figure:
    """Win rate by seat with 95% intervals and the fair share marked."""
    return estimate_bars([f"seat {i}" for i in range(len(win_rates))], win_rates, fair, title, "seat (0 moves first)")


def length_bins(values, width: int) -> dict[int, float]:
    """The share of games in each bin of `width` (keyed by the bin's first value), in order."""
    counts = Counter(value // width * width for value in values)
    return {start: counts[start] / len(values) for start in sorted(counts)}


def length_figure(batches: dict[str, Batch], measure: str = "turns", title: str | None = None,
                  width: int = 5) -> go.Figure:
    """How long games last (turns or rounds): the share of each batch's games in bins of `width`, side by side."""
    fig = go.Figure()
    for label, batch in batches.items():
        shares = length_bins(batch.stats[measure], width)
        fig.add_bar(name=label, x=list(shares), y=list(shares.values()),
                    customdata=[start + width - 1 for start in shares],
                    hovertemplate=f"{measure} %{{x}} to %{{customdata}}: %{{y:.1%}} of the games<extra>{label}</extra>")
    _layout(fig, title or f"Game length in {measure}", f"{measure} (in bins of {width})", "share of games",
            barmode="group", bargap=0.1, yaxis_tickformat=".0%")
    headline = "; ".join(f"{label}: " + most_likely(*_bins(batch.stats[measure], width), f" {measure}",
                                                     "the most common length") for label, batch in batches.items())
    return describe(fig, "Grouped bar chart", headline)


def _bins(values, width: int) -> tuple[list[str], list[float]]:
    shares = length_bins(values, width)
    return [f"{start} to {start + width - 1}" for start in shares], list(shares.values())


# -- charts with their own controls (precomputed exact data; see `deerbook.charts.controls`) ------------------
#: Representative hands of player 0 for `hand_odds_figure`: the live explorer's first hand, one card, two low cards,
#: a Joker, predators, and a big hand of high cards.
SAMPLE_HANDS = ("3 3 7 Fox Joker", "7", "1 2", "4 4 1 Joker", "2 5 9 Wolf Wolf", "10 11 12 12 Bear Wolf")
#: The rest of the position a sample hand is played from, as the live explorer (`widgets.DeerExplorer`) builds it
#: by default: four players, the other three holding five cards each, dealt from the cards player 0 does not hold
#: with deal seed 0; every other card is in the Predator pile.
PLAYERS, OTHERS, DEAL_SEED = 4, 5, 0


def hand_position(hand: str, game_name: str = "deer") -> DeerState:
    """The start of player 0's turn holding `hand` (card names), the other hands dealt as the live explorer deals
    them (`PLAYERS`, `OTHERS`, `DEAL_SEED`)."""
    game, cards = edition(game_name, PLAYERS), hand.split()
    return position_for_hand(game, cards, [len(cards)] + [OTHERS] * (PLAYERS - 1), stream(DEAL_SEED))


def _hand_step(hand: str, game_name: str) -> Step:
    dist = turn_distribution(hand_position(hand, game_name))
    shed, summary = shed_distribution(dist), turn_summary(dist)
    points = sorted(shed)
    title = (f"Points shed this turn holding {hand.replace(' ', ', ')}: {decimal(summary['shed'])} expected, "
             f"hand empties with chance {chance(summary['goes_out'])}")
    return Step(hand, title, (points_bars(shed),), (("xaxis.range", [-0.5, points[-1] + 0.5]),),
                headline=most_likely(points, [shed[k] for k in points], " points"))


def hand_odds_figure(hands: Sequence[str] = SAMPLE_HANDS, game_name: str = "deer") -> go.Figure:
    """The exact distribution of points shed in the turn that starts now (greedy play) for a hand picked from a
    dropdown, the other hands dealt as the live explorer deals them (`hand_position`)."""
    fig = points_axis(go.Figure(go.Bar()))
    fig.update_layout(yaxis_title="probability", yaxis_tickformat=".0%", height=520)
    return with_dropdown(fig, [_hand_step(hand, game_name) for hand in hands],
                         f"Bar chart with a dropdown of {len(hands)} hands")


def _decision_step(state: DeerState) -> Step:
    comp, player = state.game.components, state.current
    roll = f", rolled {', '.join(map(comp.face_name, state.roll))}" if state.roll else ""
    question = ADVISOR_QUESTIONS[state.phase]
    title = (f"Round {state.round + 1}, player {player} holding {cards_text(comp, state.hands[player])}{roll}: "
             f"{question}")
    choices = [(str(action), value, f"{action}: {decimal(value)} points (exactly {fraction_text(Fraction(value))})")
               for action, value in advise(state)]
    return choices_step(question, title, choices, "net points shed")


def advisor_values_figure(states: Sequence[DeerState]) -> go.Figure:
    """The advisor's exact expected net points shed this turn for every legal choice, a dropdown of positions."""
    return choices_figure([_decision_step(state) for state in states], "expected net points shed")


# -- every combination's chance, as rolled and with a Joker, a dropdown of editions (Explore the odds) -----------
def _combination_step(game_name: str) -> Step:
    rows = odds_report(game_name)["combinations"]
    names = [r["name"] for r in rows]
    ticks = [combination_label(name) for name in names]

    def bars(key: str, name: str) -> dict:
        if not all(key in r for r in rows):
            return {"x": [], "y": [], "hovertext": []}
        return _combination_bars(rows, key, name)

    label = EDITION_LABELS[game_name]
    joker = " and with a Joker in hand" if all("with_joker" in r for r in rows) else " (no Jokers in this edition)"
    return Step(label, f"The {label}: the chance of each combination as rolled{joker}",
                (bars("probability", "as rolled"), bars("with_joker", "with a Joker in hand")),
                (("height", 200 + 1.5 * ROW_HEIGHT * len(rows)), ("yaxis.tickvals", names), ("yaxis.ticktext", ticks)),
                f"as rolled {_combination_headline(rows)}")


def combination_chances(editions: Sequence[str] = EDITIONS) -> go.Figure:
    """Every combination's exact chance as rolled and, where the edition has Jokers, the chance of being able to
    make it with a Joker in hand; a dropdown picks the edition."""
    fig = go.Figure([go.Bar(name=name, orientation="h", hoverinfo="text") for name in ("as rolled",
                                                                                       "with a Joker in hand")])
    fig.update_xaxes(title_text="chance", tickformat=".0%")
    fig.update_yaxes(title_text="combination", autorange="reversed")
    fig.update_layout(barmode="group")
    return with_dropdown(fig, [_combination_step(name) for name in editions],
                         f"Grouped bar chart with a dropdown of {len(editions)} editions")


# -- every face of the dice: how many dice show it, a dropdown of editions (Explore the odds) ---------------------
def _face_step(game_name: str) -> Step:
    game = edition(game_name)
    counts = face_counts(game)
    dice = len(game.components.number_dice)
    columns = [lambda d: 1 - d[0], *(lambda d, k=k: d[k] for k in range(1, dice + 1))]
    chances = [[column(dist) for column in columns] for dist in counts.values()]
    label = EDITION_LABELS[game_name]
    top = max(counts, key=lambda face: 1 - counts[face][0])
    return Step(label, f"The {label}: the chance (%) that a face shows in one roll, on any die (at least one) or on "
                       "exactly so many dice",
                ({"z": [[float(p) if p else None for p in row] for row in chances],
                  "text": [[cell_percent(p, 1) for p in row] for row in chances],
                  "customdata": [[[percent(p), fraction_text(p)] for p in row] for row in chances],
                  "y": list(counts)},),
                (("height", 160 + 30 * len(counts)),),
                f"the likeliest face, {top}, shows on at least one die with {percent(1 - counts[top][0])}")


def face_chances(editions: Sequence[str] = EDITIONS) -> go.Figure:
    """The exact chance that each face of the dice (every number, every symbol, each face of the predator die) shows
    in one roll, on at least one die or on exactly 1, 2 or 3 of the number dice; a dropdown picks the edition
    (`analysis.deer_odds.face_counts`)."""
    dice = {len(edition(name).components.number_dice) for name in editions}
    if len(dice) != 1:
        raise ValueError("the editions of one chart roll the same number of number dice")
    (count,) = dice
    columns = ["any die", *(f"{k} {'die' if k == 1 else 'dice'}" for k in range(1, count + 1))]
    return chance_heatmap(columns, "dice showing the face", "face", "%{y} on %{x}: %{customdata[0]} (exactly "
                          "%{customdata[1]})", [_face_step(name) for name in editions],
                          f"Heatmap with a dropdown of {len(editions)} editions")
