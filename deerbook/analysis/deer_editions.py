"""The editions side by side, for the book: the printed chart as text and the chance of a roll it does not list."""
from __future__ import annotations

from fractions import Fraction

from ..deer.components import DeerComponents
from .deer_chart import chart_table


def format_chart(comp: DeerComponents) -> str:
    """The combination chart as a text table: every possible roll, its exact chance and its play,
    the rolls the chart does not list marked as such."""
    rows = chart_table(comp)
    width = max(len(row["roll"]) for row in rows)
    lines = [f"{'roll':<{width}}  {'chance':>7}  play"]
    for row in rows:
        play = row["play"] if row["listed"] else f"(not listed) {row['play']}"
        lines.append(f"{row['roll']:<{width}}  {str(row['probability']):>7}  {play}")
    return "\n".join(lines)


def unlisted_chance(comp: DeerComponents) -> Fraction:
    """The exact chance that a roll is one the chart does not list."""
    return sum((row["probability"] for row in chart_table(comp) if not row["listed"]), 0)
