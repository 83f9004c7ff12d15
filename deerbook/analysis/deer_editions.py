"""The editions side by side, for the book: the chance of a roll the printed chart does not list."""
from __future__ import annotations

from fractions import Fraction

from ..deer.components import DeerComponents
from .deer_combinations import chart_table


def unlisted_chance(comp: DeerComponents) -> Fraction:
    """The exact chance that a roll is one the chart does not list."""
    return sum((row["probability"] for row in chart_table(comp) if not row["listed"]), 0)
