"""What the "Playing well" chapters show of a stored review (`analysis.reviewed_games`): the turn of a decision, as
the replay numbers turns, and the costliest decisions as a Markdown table. Standard library only."""
from __future__ import annotations

from bisect import bisect_right

from ..analysis.choices import decision_kind
from ..analysis.review import Decision, Review
from ..play.replay import Replay
from .lessons import markdown_table


def turn_of(review: Review, step: int) -> int:
    """The turn a step of the reviewed game belongs to, numbered as the replay numbers them."""
    return bisect_right(Replay(review.record).ends, step)


def loss_points(decision: Decision) -> str:
    """A decision's loss in percentage points, with its 95% interval: "18.6 (13.3 to 24.0)"."""
    low, high = decision.loss_interval
    return f"{100 * decision.loss:.1f} ({100 * low:.1f} to {100 * high:.1f})"


def costliest_table(review: Review, n: int = 3) -> str:
    """The `n` costliest decisions: turn, kind of decision, the move made, the reviewer's, the loss and the grade."""
    ends, positions = Replay(review.record).ends, review.record.positions()
    rows = [[bisect_right(ends, d.step), decision_kind(positions[d.step], positions[d.step].legal_actions()), d.made,
             d.best, loss_points(d), d.grade] for d in review.costliest(n)]
    return markdown_table(["Turn", "Decision", "Greedy played", "The reviewer's choice", "Loss (percentage points)",
                           "Grade"], rows)
