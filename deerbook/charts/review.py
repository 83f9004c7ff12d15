"""The win chance through a reviewed game (`analysis.review.Review`), for the notebook and the book.

`win_chance_figure(review, names)` draws each reviewed seat's win chance before each of its decisions (the
reviewer's value of the position, `Review.win_chances`) as one line per seat, the 95% interval as error bars, the
y axis in percentages and each point's exact value, interval, turn and the move made against the reviewer's choice in
its hover. Its text alternative names each seat's first, last and lowest win chance (`review_words.win_chance_line`).
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Sequence

import plotly.graph_objects as go

from ..analysis.review import Decision, Review
from ..analysis.stats import Estimate
from ..play.replay import Replay
from ..play.review_words import win_chance_line
from .alternative import describe

TITLE = "Win chance through the game"
HEIGHT = 380  # px: room for the title, the plot and the legend on a 358 px phone


def win_chance_figure(review: Review, names: Sequence[str] | None = None, title: str = TITLE) -> go.Figure:
    """One line per reviewed seat: its win chance before each decision reviewed (x: the decisions in order), with
    its 95% interval; an empty chart saying so when the review has no win chance (solo Football's points)."""
    replay = Replay(review.record)
    names = list(names or replay.names)
    by_step = {decision.step: decision for decision in review.decisions}
    chances = review.win_chances()
    figure = go.Figure()
    for seat in sorted({seat for _, seat, _ in chances}):
        points = [(order, step, estimate) for order, (step, who, estimate) in enumerate(chances, 1) if who == seat]
        figure.add_trace(go.Scatter(
            x=[order for order, _, _ in points], y=[estimate.mean for _, _, estimate in points],
            error_y={"type": "data", "symmetric": False,
                     "array": [estimate.high - estimate.mean for _, _, estimate in points],
                     "arrayminus": [estimate.mean - estimate.low for _, _, estimate in points], "thickness": 1},
            mode="lines+markers", name=f"P{seat} ({names[seat]})",
            text=[hover(by_step.get(step), step, estimate, bisect_right(replay.ends, step))
                  for _, step, estimate in points],
            hovertemplate="%{text}<extra></extra>"))
    figure.update_layout(
        title=title, height=HEIGHT, legend={"orientation": "h", "y": -0.25},
        xaxis={"title": "decision reviewed, in order", "rangemode": "tozero"},
        yaxis={"title": "win chance", "tickformat": ".0%", "range": [0, 1]})
    return describe(figure, "Line chart, one line per seat reviewed", win_chance_line(chances, names))


def hover(decision: Decision | None, step: int, estimate: Estimate, turn: int) -> str:
    """A point's hover: the turn, the exact win chance with its interval, the move made and the reviewer's."""
    value = f"{estimate.mean:.2%} (95%: {estimate.low:.2%} to {estimate.high:.2%})"
    if decision is None:
        return f"turn {turn}, step {step}: win chance {value}"
    return (f"turn {turn}: win chance {value}<br>made: {decision.made}<br>reviewer: {decision.best}"
            f"<br>{decision.grade}")
