"""Monte Carlo estimates: a mean with its standard error and 95% interval (the one statistics helper).

Every rate and mean the book reports from seeded games (a seat's win rate, turns per game) is an `Estimate`. A mean
gets the normal interval, mean ± 1.96 standard errors; a rate (`proportion`: results in 0..1, a shared win split;
`estimate` of only 0s and 1s) gets the Wilson score interval, which stays inside 0..1 and keeps its 95% coverage
near 0 and 1, where the normal one falls short (the random agent's 1.1%). `difference` compares two independent
estimates (Newcombe's combination of their intervals, the normal one for two means) and `departs` says whether an
estimate is really away from a reference value (its 95% interval leaves the value out). Standard library only.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Iterable

Z95 = 1.96  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its standard error and 95% interval: `bounds` when given (a rate's Wilson
    interval), else mean ± 1.96 standard errors."""

    mean: float
    se: float
    n: int
    bounds: tuple[float, float] | None = None

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.mean - Z95 * self.se if self.bounds is None else self.bounds[0]

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + Z95 * self.se if self.bounds is None else self.bounds[1]

    def __str__(self) -> str:
        return f"{self.mean:.3f} ({self.low:.3f} to {self.high:.3f})"

    def percent(self) -> str:
        """The estimate as a percentage with its interval, e.g. "23.6% (21.0% to 26.2%)"."""
        return f"{self.mean:.1%} ({self.low:.1%} to {self.high:.1%})"


def wilson(rate: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate observed in `n` trials: the rates p whose normal test,
    |rate - p| <= z * sqrt(p (1 - p) / n), does not reject them."""
    if n < 1 or not 0 <= rate <= 1:
        raise ValueError(f"a Wilson interval needs a rate in 0..1 and at least one trial, got {rate!r} of {n!r}")
    shrink = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / shrink
    half = z / shrink * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion(values: Iterable[float]) -> Estimate:
    """The mean of results in 0..1 (a win 1, a loss 0, a shared win split) with its Wilson interval over the
    effective number of games (`effective_trials`)."""
    values = [float(v) for v in values]
    if not values or not all(0 <= v <= 1 for v in values):
        raise ValueError("a rate needs at least one result, each in 0..1")
    mean = min(1.0, max(0.0, statistics.fmean(values)))
    return Estimate(mean, _standard_error(values), len(values), wilson(mean, effective_trials(values, mean)))


def effective_trials(values: list[float], mean: float) -> float:
    """How many wins-or-losses carry as much information as `values` (results in 0..1 with this mean): n p (1 - p)
    over their variance, which is n for wins and losses alone and more where split wins vary less (the design
    effect of Korn and Graubard); n when the results do not vary."""
    spread = statistics.pvariance(values, mean)
    return len(values) * mean * (1 - mean) / spread if spread > 0 else len(values)


def estimate(values: Iterable[float]) -> Estimate:
    """The mean of `values` with its standard error (infinite for fewer than two values) and 95% interval: a mean
    of only 0s and 1s is a rate (a win or not, a choice made or not), with its Wilson interval; any other, the
    normal one."""
    values = [float(v) for v in values]
    if values and all(v in (0.0, 1.0) for v in values):
        return proportion(values)
    return Estimate(statistics.fmean(values), _standard_error(values), len(values))


def _standard_error(values: list[float]) -> float:
    """The standard error of the mean of `values` (infinite for fewer than two)."""
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def difference(a: Estimate, b: Estimate) -> Estimate:
    """a - b for independent estimates: real (at 95%) when its interval leaves out 0. The interval joins the two
    (Newcombe's method: each end from the distances of the two intervals' ends to their means), which for two
    normal intervals is the normal interval of the difference."""
    mean, se = a.mean - b.mean, math.hypot(a.se, b.se)
    if a.bounds is None and b.bounds is None:
        return Estimate(mean, se, min(a.n, b.n))
    low = mean - math.hypot(a.mean - a.low, b.high - b.mean)
    high = mean + math.hypot(a.high - a.mean, b.mean - b.low)
    return Estimate(mean, se, min(a.n, b.n), (low, high))


def rescaled(e: Estimate, offset: float, scale: float) -> Estimate:
    """(e - offset) / scale, its interval with it (`scale` > 0)."""
    bounds = None if e.bounds is None else ((e.low - offset) / scale, (e.high - offset) / scale)
    return Estimate((e.mean - offset) / scale, e.se / scale, e.n, bounds)


def departs(e: Estimate, reference: float) -> bool:
    """Whether the 95% interval of `e` leaves out `reference` (a real difference, not noise)."""
    return not e.low <= reference <= e.high
