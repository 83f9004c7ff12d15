"""Immutable exact probability distributions over hashable outcomes."""
from __future__ import annotations

import bisect
import itertools
import math
from fractions import Fraction
from typing import Any, Callable, Hashable, ItemsView, Iterable, Iterator, Mapping, ValuesView

from .seeding import Rng


ONE = Fraction(1)


class Distribution(Mapping[Any, Fraction]):
    """outcome -> Fraction, positive and summing to exactly 1."""

    __slots__ = ("_probs",)

    def __init__(self, pairs: Mapping[Any, Fraction | int] | Iterable[tuple[Hashable, Fraction | int]]):
        merged: dict[Any, Fraction] = {}
        for outcome, p in pairs.items() if isinstance(pairs, Mapping) else pairs:
            p = p if type(p) is Fraction else Fraction(p)
            merged[outcome] = merged[outcome] + p if outcome in merged else p
        total = exact_sum(list(merged.values()))
        if total != 1 or any(p < 0 for p in merged.values()):
            raise ValueError(f"probabilities must be non-negative and sum to 1, got total {total}")
        self._probs = {o: p for o, p in merged.items() if p}

    @classmethod
    def certain(cls, outcome: Hashable) -> "Distribution":
        """Probability 1 on `outcome` (valid by construction: no sum to check)."""
        certain = object.__new__(cls)
        certain._probs = {outcome: ONE}
        return certain

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> "Distribution":
        """Equal probability for each outcome."""
        outcomes = list(outcomes)
        return cls((o, Fraction(1, len(outcomes))) for o in outcomes)

    @classmethod
    def from_counts(cls, counts: Mapping[Any, int]) -> "Distribution":
        """Probabilities proportional to the counts (zero counts dropped)."""
        total = sum(counts.values())
        return cls((o, Fraction(c, total)) for o, c in counts.items() if c)

    def __getitem__(self, outcome: Any) -> Fraction:
        return self._probs.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)

    def items(self) -> ItemsView[Any, Fraction]:
        """(outcome, probability) pairs, straight from the underlying dict (the Mapping default looks each up)."""
        return self._probs.items()

    def values(self) -> ValuesView[Fraction]:
        """The probabilities, straight from the underlying dict."""
        return self._probs.values()

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._probs.items())
        return f"Distribution({{{body}}})"

    def map(self, f: Callable[[Any], Hashable]) -> "Distribution":
        """The distribution of f(outcome)."""
        return Distribution((f(o), p) for o, p in self._probs.items())

    def bind(self, f: Callable[..., "Distribution"]) -> "Distribution":
        """Chain: for each outcome o, continue with the distribution f(o)."""
        return Distribution((o2, p * p2) for o, p in self._probs.items() for o2, p2 in f(o).items())

    def probability(self, event: Callable[..., bool]) -> Fraction:
        """The probability that `event(outcome)` holds."""
        return sum((p for o, p in self._probs.items() if event(o)), Fraction(0))

    def expectation(self, value: Callable[[Any], Any] = lambda o: o) -> Fraction:
        """The exact mean of `value(outcome)` (by default the outcome itself)."""
        return sum((p * Fraction(value(o)) for o, p in self._probs.items()), Fraction(0))

    def given(self, event: Callable[..., bool]) -> "Distribution":
        """The conditional distribution given `event` (which must have positive probability)."""
        mass = self.probability(event)
        if mass == 0:
            raise ValueError("cannot condition on an event of probability 0")
        return Distribution((o, p / mass) for o, p in self._probs.items() if event(o))


def exact_sum(probabilities: list[Fraction]) -> Fraction:
    """The sum of `probabilities`, added as whole numbers over their common denominator (far quicker than adding
    Fractions one by one, each addition reducing by a gcd)."""
    common = math.lcm(*(p.denominator for p in probabilities))
    return Fraction(sum(p.numerator * (common // p.denominator) for p in probabilities), common)


def cumulative_weights(probabilities: list[Fraction]) -> tuple[int, ...]:
    """Integer running totals proportional to the exact `probabilities` (scaled by their common denominator)."""
    common = math.lcm(*(p.denominator for p in probabilities))
    return tuple(itertools.accumulate(p.numerator * (common // p.denominator) for p in probabilities))


def draw_index(cumulative: tuple[int, ...], rng: Rng) -> int:
    """Index drawn with weights given as integer running totals, using one uniform draw u from `rng`.

    Exact integer arithmetic: index i is chosen when cumulative[i-1] <= u * total < cumulative[i]
    (u * total < c holds for an integer c exactly when floor(u * total) < c). The floor is `uniform_below`'s, its
    common case worked out here (every chance step of a game comes here: one call fewer)."""
    u = rng.random()
    scaled = u * 9007199254740992.0  # u * 2**53, exact (a power of two)
    whole = int(scaled)
    below = whole * cumulative[-1] >> 53 if whole == scaled else scaled_floor(u, cumulative[-1])
    return bisect.bisect_right(cumulative, below)


def uniform_below(total: int, rng: Rng) -> int:
    """floor(u * total) for one uniform draw u from `rng`, in exact integer arithmetic: each of 0..total-1
    (as evenly as `rng.random()`'s 53-bit values allow)."""
    u = rng.random()
    scaled = u * 9007199254740992.0  # u * 2**53, exact (a power of two)
    whole = int(scaled)
    if whole == scaled:  # u = whole / 2**53, as every CPython `random()` value is: the same floor, no big division
        return whole * total >> 53
    return scaled_floor(u, total)


def scaled_floor(u: float, total: int) -> int:
    """floor(u * total) in exact integer arithmetic, for any float u (one with more than 53 bits after the point)."""
    u_num, u_den = u.as_integer_ratio()
    return u_num * total // u_den
