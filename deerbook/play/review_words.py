"""A game's review in plain words: the lines the terminal, the notebook and the page all show.

`review_lines` tells what was reviewed and how, the grades' tally, each graded decision (the move made, the
reviewer's choice, their values with 95% intervals, the loss and its grade) and the three costliest decisions;
`progress_line` the review's progress. The grades, values and choices are the Reviewer's (`analysis.review`), so
every front end says the same. Standard library only.
"""
from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from typing import TYPE_CHECKING, Sequence

from ..analysis.review import GRADES, WIN_CHANCE

if TYPE_CHECKING:
    from ..analysis.review import Decision, Review
    from ..analysis.stats import Estimate

PLURALS = {"fine": "fine", "inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def progress_line(done: int, total: int) -> str:
    """The progress in words: "Reviewing decision 3 of 41…" while it runs, a closing line once all are done."""
    if total == 0:
        return "Nothing to review: no decision of these seats had more than one choice."
    if done >= total:
        return f"Reviewed all {total} decision{'s' * (total != 1)}."
    return f"Reviewing decision {done + 1} of {total}…"


def review_lines(review: Review, names: Sequence[str], turn_ends: Sequence[int] = ()) -> list[str]:
    """The review in lines: how it was made, the tally of grades, each decision, then the three costliest
    (`names`: each seat's name; `turn_ends`, if given, the steps played by the end of each turn,
    the `ends` of a `play.replay.Replay`, so each decision names its turn as the replay numbers them, else its step)."""
    decisions = review.decisions
    lines = [heading(review), rules_line(), tally(decisions), ""]
    lines += [decision_line(d, names, turn_ends) for d in decisions]
    worst = review.costliest(3)
    lines += ["", "The three costliest decisions:" if len(worst) == 3 else "The costliest decisions:"]
    lines += [f"{rank}. {costly_line(d, names, turn_ends)}" for rank, d in enumerate(worst, 1)]
    if not worst:
        lines[-1] = "No decision lost anything: every move was the reviewer's choice or better."
    return lines


def heading(review: Review) -> str:
    """What was reviewed, against whom, and whether the review is whole."""
    count = len(review.decisions)
    what = f"{count} decision{'s' * (count != 1)} with a choice"
    if not review.complete:
        return f"Review stopped before the end: {what} reviewed so far, against the search player."
    return f"Review of {what}, against the search player (it sees only what the seat saw)."


def rules_line() -> str:
    """The unit and the grades' thresholds, in words."""
    limits = [f"{name} below {threshold * 100:g}" for name, threshold in GRADES[:-1]]
    return (f"Values are win chances with 95% intervals; a loss is in percentage points: {', '.join(limits)}, "
            f"{GRADES[-1][0]} from {GRADES[-2][1] * 100:g}; a loss whose interval includes 0 is fine.")


def tally(decisions: Sequence[Decision]) -> str:
    """How many decisions got each grade."""
    counts = Counter(d.grade for d in decisions)
    return "Grades: " + ", ".join(f"{counts[name]} {PLURALS.get(name, name) if counts[name] != 1 else name}"
                                  for name, _ in GRADES) + "."


def decision_line(decision: Decision, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """One decision: where, who, the move made and its value, the reviewer's choice if another, the grade."""
    d = decision
    where = f"{place(d, turn_ends)}, {seat_name(d.seat, names)}"
    if d.made == d.best:
        return f'{where}: "{d.made}" ({value_text(d.made_value, d)}), the reviewer\'s choice too: {d.grade}.'
    return (f'{where}: "{d.made}" ({value_text(d.made_value, d)}); the reviewer: "{d.best}" '
            f"({value_text(d.best_value, d)}); loss {loss_text(d)}: {d.grade}.")


def win_chance_line(chances: Sequence[tuple[int, int, Estimate]], names: Sequence[str]) -> str:
    """The win chance through the game in words (the charts' text alternative): each seat's at its first decision
    reviewed, at its last, and its lowest."""
    parts = []
    for seat in sorted({seat for _, seat, _ in chances}):
        values = [estimate.mean for _, who, estimate in chances if who == seat]
        parts.append(f"{seat_name(seat, names)} from {values[0]:.1%} at the first decision reviewed to "
                     f"{values[-1]:.1%} at the last (lowest {min(values):.1%})")
    return "; ".join(parts) if parts else "no win chance was estimated in this review"


def costly_line(decision: Decision, names: Sequence[str], turn_ends: Sequence[int]) -> str:
    """One of the costliest decisions: where, who, the move made, the reviewer's choice and the loss."""
    d = decision
    return (f'{place(d, turn_ends)}, {seat_name(d.seat, names)}: "{d.made}" instead of the reviewer\'s "{d.best}": '
            f"{loss_text(d)} ({d.grade}).")


def place(decision: Decision, turn_ends: Sequence[int]) -> str:
    """Where the decision was: its turn as the replay numbers them, else its step in the record."""
    if turn_ends:
        return f"Turn {bisect_right(turn_ends, decision.step)}"
    return f"Step {decision.step}"


def seat_name(seat: int, names: Sequence[str]) -> str:
    """ "P0 (person)", or "P0" without a name."""
    return f"P{seat} ({names[seat]})" if seat < len(names) else f"P{seat}"


def value_text(value: Estimate, decision: Decision) -> str:
    """A value as a percentage with its 95% interval, or exact."""
    if decision.exact:
        return f"{value.mean:.1%} {decision.unit}, exact"
    return f"{decision.unit} {value.mean:.1%}, 95% interval {value.low:.1%} to {value.high:.1%}"


def loss_text(decision: Decision) -> str:
    """The loss in percentage points of win chance (with its 95% interval unless exact), or in its unit."""
    d = decision
    if d.unit != WIN_CHANCE:
        return f"{d.loss:.1f} {d.unit}"
    points = f"{d.loss * 100:.1f} percentage points"
    if d.exact:
        return points
    low, high = d.loss_interval
    return f"{points} (95% interval {low * 100:.1f} to {high * 100:.1f})"
