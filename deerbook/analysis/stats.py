"""Monte Carlo estimates: a mean with its standard error and 95% interval (the one statistics helper).

Every rate and mean the book reports from seeded games (a seat's win rate, turns per game) is an `Estimate`;
`difference` compares two independent ones and `departs` says whether an estimate is really away from a
reference value (its 95% interval leaves the value out). Standard library only.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Iterable

Z95 = 1.96  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its standard error and 95% interval."""

    mean: float
    se: float
    n: int

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.mean - Z95 * self.se

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + Z95 * self.se

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {Z95 * self.se:.3f}"

    def percent(self) -> str:
        """The estimate as a percentage with its interval, e.g. "23.6% (21.0% to 26.2%)"."""
        return f"{self.mean:.1%} ({self.low:.1%} to {self.high:.1%})"


def estimate(values: Iterable[float]) -> Estimate:
    """The mean of `values` with its standard error (infinite for fewer than two values)."""
    values = [float(v) for v in values]
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return Estimate(statistics.fmean(values), se, len(values))


def difference(a: Estimate, b: Estimate) -> Estimate:
    """a - b for independent estimates: real (at 95%) when its interval leaves out 0."""
    return Estimate(a.mean - b.mean, math.hypot(a.se, b.se), min(a.n, b.n))


def departs(e: Estimate, reference: float) -> bool:
    """Whether the 95% interval of `e` leaves out `reference` (a real difference, not noise)."""
    return not e.low <= reference <= e.high
