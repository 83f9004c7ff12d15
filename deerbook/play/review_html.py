"""A game's review on the book's play page (`play.page`'s "review" requests), as HTML: while it runs, a progress line
and a Stop button; then the graded decisions (a table with a caption, each grade in words), the three costliest
named, and the win chance through the game as a small inline SVG with its text alternative.

The grades and values are the Reviewer's (`analysis.review`), the words `review_words`' (the terminal's and the
notebook's); the drawing follows the page's light or dark mode as the table's drawings do (`currentColor` for
ink, the seats' colours of `play.drawing`). Standard library only.
"""
from __future__ import annotations

from bisect import bisect_right
from html import escape
from typing import TYPE_CHECKING, Sequence

from .drawing import SMALLEST, SOFT, Svg, seat_colour
from .review_words import (costly_line, heading, loss_text, progress_line, rules_line, seat_name, tally,
                           value_text, win_chance_line)

if TYPE_CHECKING:
    from ..analysis.review import Review
    from ..analysis.stats import Estimate

CHART_WIDTH, CHART_HEIGHT = 340, 190  # px: the chart's own size, readable on a phone (it shrinks no smaller)
LEFT, RIGHT, TOP, BOTTOM = 44, 30, 12, 34  # px: the room around the plot for the axes' labels and the seats' names
STOP = '<button type="button" class="deerbook-tool" data-op="review_stop">Stop the review</button>'


def progress_html(done: int, total: int) -> str:
    """The review's progress: its line in words, a progress bar and the Stop button (pressed: the review stops after
    the decision under way and shows what was reviewed)."""
    line = progress_line(done, total)
    return (f'<p class="deerbook-review-progress"><span data-review-line>{escape(line)}</span> '
            f'<progress data-review-bar max="{max(total, 1)}" value="{done}" aria-label="Review progress">'
            f"{done} of {total}</progress> {STOP}</p>")


def review_html(review: Review, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """The review: whether it is whole or stopped, the grades' thresholds and tally, the three costliest decisions,
    the win-chance chart and the table of every graded decision (`turn_ends`: the steps played by the end of each
    turn, the `ends` of a `play.replay.Replay`, so that each decision names its turn as the replay numbers them)."""
    reviewed = len(review.decisions)
    head = "Review of the game" if review.complete else \
        f"Review stopped after {reviewed} decision{'s' * (reviewed != 1)}"
    return (f'<section class="deerbook-review-result" aria-label="Review"><h3 tabindex="-1" data-review-heading>'
            f"{head}</h3><p>{escape(heading(review))} {escape(rules_line())}</p><p>{escape(tally(review.decisions))}"
            f"</p>{costliest_html(review, names, turn_ends)}{chart_html(review, names, turn_ends)}"
            f"{table_html(review, names, turn_ends)}</section>")


def summary(review: Review, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """The review in a few words, for a screen reader: what was reviewed, the grades' tally and the costliest."""
    worst = review.costliest(1)
    costliest = f" The costliest: {costly_line(worst[0], names, turn_ends)}" if worst else ""
    return f"{heading(review)} {tally(review.decisions)}{costliest}"


def costliest_html(review: Review, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """The three costliest decisions, named (`review_words.costly_line`), or that none lost anything."""
    worst = review.costliest(3)
    if not worst:
        return "<p>No decision lost anything: every move was the reviewer's choice or better.</p>"
    items = "".join(f"<li>{escape(costly_line(decision, names, turn_ends))}</li>" for decision in worst)
    return f"<p><b>The costliest decision{'s' * (len(worst) != 1)}:</b></p><ol>{items}</ol>"


def table_html(review: Review, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """Every graded decision as a table with a caption, folded (a whole game has dozens): its turn and seat, the move
    made and the reviewer's choice with their values and 95% intervals, the loss and the grade in words (a box that
    scrolls sideways on a phone)."""
    rows = "".join(
        f"<tr><td>{bisect_right(turn_ends, d.step)}</td><td>{escape(seat_name(d.seat, names))}</td>"
        f"<td>{escape(d.made)}<br><small>{escape(value_text(d.made_value, d))}</small></td>"
        f"<td>{escape(d.best)}<br><small>{escape(value_text(d.best_value, d))}</small></td>"
        f'<td>{escape(loss_text(d))}</td><td class="deerbook-grade" data-grade="{escape(d.grade)}">'
        f"{escape(d.grade)}</td></tr>" for d in review.decisions)
    caption = (f"Each decision reviewed ({len(review.decisions)}): the move made and the reviewer's choice, each "
               "valued with its 95% interval, the loss and its grade.")
    return (f'<details class="deerbook-review-all"><summary>Every decision graded ({len(review.decisions)})</summary>'
            '<div class="deerbook-review-table" tabindex="0" role="region" aria-label="The graded decisions">'
            f"<table><caption>{escape(caption)}</caption><thead><tr><th scope=\"col\">Turn</th>"
            '<th scope="col">Seat</th><th scope="col">Made</th><th scope="col">Reviewer\'s choice</th>'
            f'<th scope="col">Loss</th><th scope="col">Grade</th></tr></thead><tbody>{rows}</tbody></table></div>'
            "</details>")


def chart_html(review: Review, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """The win-chance chart as a figure: the SVG (its text alternative as its accessible name) and that text as the
    figure's caption; nothing for a review without win chances."""
    chances = review.win_chances()
    if not chances:
        return ""
    alternative = chart_alternative(chances, names)
    return (f'<figure class="deerbook-review-chart">{chart_svg(chances, alternative, turn_ends)}'
            f"<figcaption><small>{escape(alternative)}</small></figcaption></figure>")


def chart_alternative(chances: Sequence[tuple[int, int, Estimate]], names: Sequence[str]) -> str:
    """The chart in words (`review_words.win_chance_line`)."""
    return f"Line chart of the win chance before each decision reviewed: {win_chance_line(chances, names)}."


def chart_svg(chances: Sequence[tuple[int, int, Estimate]], alternative: str, turn_ends: Sequence[int]) -> str:
    """The win chance (0 to 100%) before each decision reviewed, one line per seat in its colour and named at its
    end, each point's turn, exact value and interval in its hover; the x axis the decisions in order."""
    svg = Svg(CHART_WIDTH, alternative)
    plot_w, plot_h = CHART_WIDTH - LEFT - RIGHT, CHART_HEIGHT - TOP - BOTTOM
    for share in (0, 0.5, 1):
        y = TOP + plot_h * (1 - share)
        svg.line(LEFT, y, LEFT + plot_w, y, stroke=SOFT)
        svg.text(LEFT - 6, y + 4, f"{share:.0%}", size=SMALLEST, anchor="end")
    count = len(chances)

    def x_of(index: int) -> float:
        return LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    for seat in sorted({seat for _, seat, _ in chances}):
        points = [(x_of(i), TOP + plot_h * (1 - estimate.mean), step, estimate)
                  for i, (step, who, estimate) in enumerate(chances) if who == seat]
        for (x1, y1, *_), (x2, y2, *_) in zip(points, points[1:]):
            svg.line(x1, y1, x2, y2, stroke=seat_colour(seat), width=2)
        for x, y, step, estimate in points:
            svg.circle(x, y, 3, seat_colour(seat), stroke=seat_colour(seat),
                       label=f"P{seat}, turn {bisect_right(turn_ends, step)}: {estimate.mean:.2%} "
                             f"(95%: {estimate.low:.2%} to {estimate.high:.2%})")
        svg.text(points[-1][0] + 5, points[-1][1] + 4, f"P{seat}", size=SMALLEST, weight="bold")
    svg.text(LEFT + plot_w / 2, CHART_HEIGHT - 6, f"decisions reviewed, in order (1 to {count})", size=SMALLEST,
             anchor="middle")
    return str(svg)
