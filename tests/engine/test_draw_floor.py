"""`draw_index` picks by the exact floor of u * total, whether u is one of CPython's 53-bit `random()` values or any
other float an Rng hands back (its own common case and `uniform_below`'s exact fallback agree)."""
from fractions import Fraction
from math import floor

import pytest

from deerbook.engine.distribution import draw_index, uniform_below


class FixedRng:
    """An Rng whose `random()` returns one given value."""

    def __init__(self, value: float):
        self.value = value

    def random(self) -> float:
        return self.value


# u: a 53-bit value (CPython's), then floats with bits below 2**-53 (the exact fallback)
VALUES = (0.0, 0.5, 0.999999999999, 1 - 2 ** -53, 1e-300, 3e-17, 2 ** -60 * 3)
TOTALS = (1, 6, 36, 2 ** 60 + 7, 10 ** 30)


@pytest.mark.parametrize("u", VALUES)
@pytest.mark.parametrize("total", TOTALS)
def test_uniform_below_is_the_exact_floor(u, total):
    assert uniform_below(total, FixedRng(u)) == floor(Fraction(u) * total)


@pytest.mark.parametrize("u", VALUES)
@pytest.mark.parametrize("total", TOTALS)
def test_draw_index_brackets_the_exact_floor(u, total):
    cumulative = (total // 3, total // 3, total - 1, total)  # the second weight is 0: never drawn
    below = floor(Fraction(u) * total)
    index = draw_index(cumulative, FixedRng(u))
    assert (cumulative[index - 1] if index else 0) <= below < cumulative[index]
    assert index != 1  # a weight of 0 is never drawn
