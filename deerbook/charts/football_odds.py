"""Plotly charts of exact Football Highlights odds (`deerbook.analysis.football_odds`,
`deerbook.bots.football_advisor`).

Exact figures carry their exact fraction in the hover text; simulated ones say how many games and which seed.
Every chart carries its text alternative (`deerbook.charts.alternative.describe`).
Four charts explore themselves on the static page (`deerbook.charts.controls`): `yards_by_marker` (a slider over
the marker's yard line), `advisor_values` (a dropdown of positions from a seeded game), and `touchdown_boxes` and
`yards_boxes` (every box of a track, a dropdown of tracks).
"""
from __future__ import annotations

from typing import Mapping, Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..engine.distribution import Distribution
from ..analysis.football_positions import ADVISOR_QUESTIONS
from ..bots.football_advisor import Advisor
from ..analysis.football_odds import (FIELD_POSITIONS, area_count_tables, box_gain, chance_by_field_position,
                                      default_game, expected_yards, whole_track)
from ..analysis.numbers import decimal, percent
from ..football.rules import BLITZ_SCORES
from ..football.sheet import TRACKS
from ..football.state import FootballState
from .alternative import describe, most_likely
from .controls import SLIDER_BOTTOM, Step, cell_percent, chance_heatmap, choices_figure, choices_step, with_slider
from .football_sheet import TRACK_KINDS


def fraction_bar(dist: Distribution | Mapping, name: str = "", label: str = "value") -> go.Bar:
    """Bars of exact probabilities (sorted by outcome), hover text with the fraction."""
    keys = sorted(dist)
    return go.Bar(x=keys, y=[float(dist[k]) for k in keys], name=name,
                  hovertext=[f"{label} {k}: {percent(dist[k])} (exactly {dist[k]})" for k in keys], hoverinfo="text")


def track_yards(game, track: int, marker: int) -> go.Bar:
    """The bars of the yards one die gains on `track` from `marker`, anywhere along the track, Defense Die rolled."""
    return fraction_bar(whole_track(game, track, marker).map(lambda g: g.yards), f"track {track}", "yards")


def yards_title(marker: int) -> str:
    """The title of `yards_by_track` from `marker`."""
    return f"Yards gained by one die, anywhere along each track (from the {marker}, exact)"


def yards_by_track(game=None, marker: int = 45) -> go.Figure:
    """Small multiples: the yards one die gains on each track, anywhere along the track, Defense Die rolled."""
    game = game or default_game()
    fig = make_subplots(rows=3, cols=2, subplot_titles=[f"track {t}: {TRACK_KINDS[t]}" for t in TRACKS],
                        shared_yaxes=True, vertical_spacing=0.12)
    for i, t in enumerate(TRACKS):
        fig.add_trace(track_yards(game, t, marker), row=i // 2 + 1, col=i % 2 + 1)
    fig.update_xaxes(title_text="yards gained", row=3)
    fig.update_yaxes(title_text="probability", col=1)
    fig.update_yaxes(tickformat=".0%")
    fig.update_annotations(font_size=12)  # the panel titles fit side by side on a phone
    fig.update_layout(title=yards_title(marker), showlegend=False, height=640)
    return describe(fig, YARDS_KIND, likeliest_per_panel(fig.data, " yards"))


#: The kind of chart `yards_by_track` is, in its text alternative.
YARDS_KIND = "Bar charts, one per track"


def likeliest_per_panel(bars: Sequence[go.Bar], unit: str) -> str:
    """The most likely outcome of each panel's bars, e.g. "the most likely per panel: track 1: 3 yards (40.0%), ..."."""
    best = [max(zip(bar.y, bar.x), key=lambda point: point[0]) for bar in bars]
    return "the most likely per panel: " + ", ".join(f"{bar.name}: {x}{unit} ({percent(y)})"
                                                     for bar, (y, x) in zip(bars, best))


def yards_by_marker(game=None, markers: Sequence[int] = FIELD_POSITIONS) -> go.Figure:
    """`yards_by_track` with a slider over the marker's yard line: every track's exact yards from each marker."""
    game = game or default_game()
    steps = [_yards_step(marker, [track_yards(game, t, marker) for t in TRACKS]) for marker in markers]
    fig = yards_by_track(game, markers[0])
    fig.update_layout(height=fig.layout.height + SLIDER_BOTTOM)  # the plot's height (its title's room kept) + slider
    kind = f"{YARDS_KIND}, with a slider of {len(markers)} yard lines"
    return with_slider(fig, steps, "marker on the ", kind)


def _yards_step(marker: int, bars: list[go.Bar]) -> Step:
    return Step(str(marker), yards_title(marker), tuple({key: bar[key] for key in ("x", "y", "hovertext")}
                                                        for bar in (bar.to_plotly_json() for bar in bars)),
                headline=likeliest_per_panel(bars, " yards"))


def touchdown_by_field_position(game=None) -> go.Figure:
    """One line per track: the chance one die scores a touchdown, by the marker's yard line."""
    game = game or default_game()
    fig = go.Figure()
    best = (-1.0, 0, 0)
    for t in TRACKS:
        chances = chance_by_field_position(game, t, "touchdown")
        best = max(best, *((float(p), -t, m) for m, p in chances.items()))
        fig.add_trace(go.Scatter(x=list(chances), y=[float(p) for p in chances.values()], mode="lines+markers",
                                 name=f"track {t} ({TRACK_KINDS[t]})", hoverinfo="text",
                                 hovertext=[f"track {t} from the {m}: {percent(p)} (exactly {p})"
                                            for m, p in chances.items()]))
    fig.update_xaxes(title_text="marker on the yard line", autorange="reversed", tickvals=list(FIELD_POSITIONS))
    fig.update_yaxes(title_text="touchdown chance", tickformat=".0%")
    fig.update_layout(title="Touchdown chance of one die by field position and track (exact)")
    chance, track, marker = best
    return describe(fig, "Line chart, one line per track", f"the highest, track {-track} ({TRACK_KINDS[-track]}) "
                                                           f"from the {marker}, is {percent(chance)}")


def area_counts(play: int = 11, power: int = 0) -> go.Figure:
    """Three panels for one roll: dice in one area, in the largest area, and the number of empty areas."""
    tables = area_count_tables(play, power)
    fig = make_subplots(rows=1, cols=3, subplot_titles=list(tables))
    for i, (name, dist) in enumerate(tables.items(), 1):
        fig.add_trace(fraction_bar(dist, name, "count"), row=1, col=i)
    fig.update_xaxes(title_text="dice", col=1)
    fig.update_xaxes(title_text="dice", col=2)
    fig.update_xaxes(title_text="empty areas", col=3)
    fig.update_yaxes(title_text="probability", col=1)
    fig.update_yaxes(tickformat=".0%")
    fig.update_annotations(font_size=12)  # the panel titles fit side by side on a phone
    dice = f"{play} play dice" + (f" + {power} power dice" if power else "")
    fig.update_layout(title=f"Drafting odds: one roll of {dice} (exact)", showlegend=False)
    return describe(fig, "Bar charts, three panels", likeliest_per_panel(fig.data, ""))


def advisor_bars(advice: Sequence, title: str = "The advisor's ranking") -> go.Figure:
    """Horizontal bars: each legal choice's exact expected points this turn (and Blitz Bach's, in solo)."""
    labels = [str(a.action) for a in advice][::-1]
    rows = list(advice)[::-1]
    fig = go.Figure(go.Bar(y=labels, x=[float(a.expected_points) for a in rows], orientation="h", name="your points",
                           hoverinfo="text",
                           hovertext=[f"{a.action}: {a.expected_points} points expected, touchdown chance "
                                      f"{a.touchdown_chance}" for a in rows]))
    if any(a.expected_blitz for a in rows):
        fig.add_trace(go.Bar(y=labels, x=[float(a.expected_blitz) for a in rows], orientation="h",
                             name="Blitz Bach's points", hoverinfo="text",
                             hovertext=[f"{a.action}: Blitz Bach expects {a.expected_blitz}" for a in rows]))
    fig.update_xaxes(title_text="expected points")
    fig.update_yaxes(title_text="choice")
    # Grouped horizontal bars draw the first trace lowest: the reversed legend reads like the bars.
    fig.update_layout(title=title, barmode="group", legend={"traceorder": "reversed"})
    best = advice[0]
    blitz = f" (Blitz Bach {decimal(best.expected_blitz)})" if best.expected_blitz else ""
    return describe(fig, "Bar chart", f"the best of {len(advice)} choices, {best.action}, expects "
                                      f"{decimal(best.expected_points)} points{blitz}")


def blitz_scores(dist: Distribution, title: str = "Blitz Bach's score this round") -> go.Figure:
    """Blitz Bach's exact score distribution for one round, as bars."""
    fig = go.Figure(fraction_bar(dist, "Blitz Bach", "points"))
    fig.update_xaxes(title_text="Blitz Bach's points", tickvals=list(BLITZ_SCORES))
    fig.update_yaxes(title_text="probability", tickformat=".0%")
    fig.update_layout(title=f"{title}: {decimal(dist.expectation())} points expected")
    scores = sorted(dist)
    return describe(fig, "Bar chart", most_likely(scores, [dist[k] for k in scores], " points"))


#: The advisor's decisions in Football Highlights, as a reader would ask them.
def _advice_step(state: FootballState) -> Step:
    label = f"round {state.round}, player {state.actor}"
    choices = [(str(a.action), a.expected_points, f"{a.action}: {decimal(a.expected_points)} points, "
                                                  f"touchdown chance {percent(a.touchdown_chance)}")
               for a in Advisor().advise(state)]
    title = f"{label.capitalize()}: {ADVISOR_QUESTIONS[state.phase]} The advisor's expected points this turn"
    return choices_step(f"{label}: {'dice' if state.phase == 'area' else 'picks'}", title, choices, "points")


def advisor_values(states: Sequence[FootballState]) -> go.Figure:
    """The advisor's exact expected points this turn for every legal choice, a dropdown of positions."""
    return choices_figure([_advice_step(state) for state in states], "expected points this turn")


# -- every box of a track, a dropdown of tracks (Explore the odds) --------------------------------------------------
def box_heatmap(x: Sequence[str], x_title: str, hover: str, steps: Sequence[Step]) -> go.Figure:
    """A `chance_heatmap` of the boxes of a track (rows, box 1 at the top), a dropdown of tracks."""
    kind = f"Heatmap with a dropdown of {len(steps)} tracks"
    return chance_heatmap(x, x_title, "box of the track", hover, steps, kind)


def _touchdown_step(game, track: int) -> Step:
    boxes = range(1, len(game.sheet.track(track)) + 1)
    gains = [[box_gain(game, track, box, marker) for marker in FIELD_POSITIONS] for box in boxes]
    chances = [[gain.probability(lambda g: g.touchdown) for gain in row] for row in gains]
    numbers = [[[percent(p), str(p), percent(gain.probability(lambda g: g.incomplete)), decimal(expected_yards(gain))]
                for p, gain in zip(row, gain_row)] for row, gain_row in zip(chances, gains)]
    best, box, marker = max((p, -box, -i) for box, row in zip(boxes, chances) for i, p in enumerate(row))
    return Step(f"track {track}: {TRACK_KINDS[track]}",
                f"Track {track} ({TRACK_KINDS[track]}): the touchdown chance (%) of one die on each box, by field "
                "position",
                ({"z": [[float(p) if p else None for p in row] for row in chances],  # 0: blank, no colour
                  "text": [[cell_percent(p) for p in row] for row in chances], "customdata": numbers,
                  "y": list(boxes)},),
                headline=f"the highest, box {-box} from the {FIELD_POSITIONS[-marker]}, is {percent(best)}")


def touchdown_boxes(game=None) -> go.Figure:
    """The exact touchdown chance of one die checking each box of a track (rows, box 1 at the top) from each yard
    line (columns), Defense Die rolled; a dropdown picks the track (`analysis.football_odds.box_gain`). The hover
    also gives the chance of an incomplete pass and the expected yards, as the live explorer does."""
    game = game or default_game()
    return box_heatmap([str(m) for m in FIELD_POSITIONS], "marker on the yard line",
                       "box %{y} from the %{x}: touchdown %{customdata[0]} (exactly %{customdata[1]}), incomplete "
                       "pass %{customdata[2]}, %{customdata[3]} yards expected",
                       [_touchdown_step(game, track) for track in TRACKS])


def yard_columns(game) -> list[int]:
    """Every number of yards one die can gain from the 45 on some box of the sheet, Defense Die rolled."""
    return sorted({gain.yards for track in TRACKS for box in range(1, len(game.sheet.track(track)) + 1)
                   for gain in box_gain(game, track, box)})


def _box_yards_step(game, track: int, columns: Sequence[int]) -> Step:
    boxes = range(1, len(game.sheet.track(track)) + 1)
    dists = [box_gain(game, track, box).map(lambda g: g.yards) for box in boxes]
    chances = [[dist[yards] for yards in columns] for dist in dists]
    numbers = [[[percent(p), str(p), decimal(dist.expectation())] for p in row] for row, dist in zip(chances, dists)]
    means = [dist.expectation() for dist in dists]
    best = max(range(len(means)), key=lambda i: (means[i], -i))
    return Step(f"track {track}: {TRACK_KINDS[track]}",
                f"Track {track} ({TRACK_KINDS[track]}): the yards one die gains on each box (chance in %), from the 45",
                ({"z": [[float(p) if p else None for p in row] for row in chances],
                  "text": [[cell_percent(p) for p in row] for row in chances], "customdata": numbers,
                  "y": list(boxes)},),
                headline=f"the most on average, box {best + 1}, gains {decimal(means[best])} yards")


def yards_boxes(game=None) -> go.Figure:
    """The exact yards one die gains checking each box of a track (rows, box 1 at the top; columns the yards) from
    the 45, Defense Die rolled; a dropdown picks the track (`analysis.football_odds.box_gain`)."""
    game = game or default_game()
    columns = yard_columns(game)
    return box_heatmap([str(yards) for yards in columns], "yards gained",
                       "box %{y}: %{x} yards, %{customdata[0]} (exactly %{customdata[1]}); %{customdata[2]} yards "
                       "expected",
                       [_box_yards_step(game, track, columns) for track in TRACKS])
