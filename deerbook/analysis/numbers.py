"""Numbers for people: exact probabilities and means as the book shows them.

A chance is shown as a percentage, with its exact fraction beside it only when the fraction is short (both sides
below 1,000); a mean as a decimal, or a whole number when it is one. The exact fraction of every figure stays in the
package (and in a chart's hover text). Standard library only.
"""
from __future__ import annotations

from fractions import Fraction
from numbers import Rational

#: Largest numerator or denominator of a fraction the book shows in running text.
SHORT = 999


def percent(p, places: int = 1) -> str:
    """A probability as a percentage, e.g. "29.6%"; one that would round to 0% or 100% gets more decimals
    ("0.05%", "99.99%"), then two significant digits ("2.8e-07%", "almost 100%"); an exact 0 or 1 has none."""
    value = float(p)
    if value in (0.0, 1.0):
        return f"{value:.0%}"
    for shown_places in range(places, places + 4):
        shown = f"{value:.{shown_places}%}"
        if 0 < float(shown[:-1]) < 100:
            return shown
    return f"{value * 100:.2g}%" if value < 0.5 else "almost 100%"


def exact(p) -> str | None:
    """The exact fraction of `p` as "8/27" when both sides are short (at most `SHORT`), else None."""
    if not isinstance(p, Rational):
        return None
    p = Fraction(p)
    if p.denominator == 1 or abs(p.numerator) > SHORT or p.denominator > SHORT:
        return None
    return f"{p.numerator}/{p.denominator}"


def chance(p, places: int = 1) -> str:
    """A probability in words: "29.6% (8/27)" with a short exact fraction, else the percentage alone."""
    fraction = exact(p)
    return f"{percent(p, places)} ({fraction})" if fraction else percent(p, places)


def decimal(x, places: int = 2) -> str:
    """A mean or a value as a decimal ("5.83"), or as a whole number when it is one ("49")."""
    if isinstance(x, Rational) and Fraction(x).denominator == 1:
        return str(Fraction(x).numerator)
    value = float(x)
    return str(int(value)) if value.is_integer() else f"{value:.{places}f}"


def one_in(p) -> str:
    """A probability as "1 in N" (N rounded), e.g. "1 in 108"; "never" for 0 and "always" for 1."""
    value = float(p)
    if value <= 0:
        return "never"
    if value >= 1:
        return "always"
    return f"1 in {round(1 / value):,}"


__all__ = ["SHORT", "percent", "exact", "chance", "decimal", "one_in"]


def point_change(estimate, unit: str = " percentage points") -> str:
    """A difference of chances (an `Estimate`) in percentage points with its 95% interval, e.g. "+1.2 percentage points
    (-0.3 to +2.7)" (a table whose heading names the unit gives `unit=""`: "+1.2 (-0.3 to +2.7)")."""
    return f"{estimate.mean * 100:+.1f}{unit} ({estimate.low * 100:+.1f} to {estimate.high * 100:+.1f})"
