"""Win rates get Wilson score intervals: checked against the interval solved afresh and its known values, inside 0..1
at a rate of 0 or 1, combined for a difference; a mean keeps mean ± 1.96 standard errors."""
import math
import statistics

import pytest

from deerbook.analysis.stats import Z95, Estimate, departs, difference, estimate, proportion, rescaled, wilson


def score_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The rates p on the edge of the score test, (x/n - p)^2 = z^2 p (1 - p) / n, as the roots of its quadratic
    (1 + z^2/n) p^2 - (2 x/n + z^2/n) p + (x/n)^2 = 0."""
    rate = successes / n
    a, b, c = 1 + z * z / n, -(2 * rate + z * z / n), rate * rate
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


@pytest.mark.parametrize("successes, n", [(1, 100), (0, 10), (10, 10), (3, 7), (500, 1000), (2.5, 40)])
def test_the_wilson_interval_is_the_score_tests_acceptance_region(successes, n):
    assert wilson(successes / n, n) == pytest.approx(score_interval(successes, n), abs=1e-12)


def test_one_win_in_a_hundred_is_between_0_18_and_5_45_percent():
    low, high = proportion([1] + [0] * 99).low, proportion([1] + [0] * 99).high
    assert (round(low, 4), round(high, 4)) == (0.0018, 0.0545)
    normal = Estimate(0.01, statistics.stdev([1] + [0] * 99) / 10, 100)  # what estimate gave before
    assert normal.low < 0 < low  # the normal interval reaches below 0, Wilson's does not


@pytest.mark.parametrize("results", [[0] * 20, [1] * 20], ids=["never", "always"])
def test_a_rate_of_0_or_1_gets_an_interval_of_positive_width_inside_0_and_1(results):
    rate = proportion(results)
    assert rate.mean in (0, 1) and 0 <= rate.low <= rate.mean <= rate.high <= 1
    assert (rate.low, rate.high) == pytest.approx(score_interval(sum(results), 20), abs=1e-12)
    assert rate.high - rate.low > 0.1 and rate.percent().startswith(f"{rate.mean:.1%} (")


def test_a_rate_keeps_its_mean_and_standard_error_and_only_its_interval_changes():
    results = [1, 0, 0.5, 0, 1, 0, 0, 1 / 3]  # shared wins split
    rate, normal = proportion(results), estimate(results)
    assert (rate.mean, rate.se, rate.n) == (normal.mean, normal.se, normal.n)
    p = sum(results) / 8
    effective = 8 * p * (1 - p) / (sum((r - p) ** 2 for r in results) / 8)  # split wins vary less than wins
    assert effective > 8 and (rate.low, rate.high) == pytest.approx(score_interval(p * effective, effective))
    assert normal.bounds is None
    assert (normal.low, normal.high) == pytest.approx((normal.mean - Z95 * normal.se, normal.mean + Z95 * normal.se))


def test_a_share_of_the_wins_over_several_seats_is_as_wide_as_its_spread_says():
    """Three seats of one agent: a game gives them a third (one of them won) or nothing, far less spread than a win
    or a loss, so the interval is as narrow as the normal one, not as wide as 3,000 wins or losses would make it."""
    shares = [1 / 3] * 2250 + [0] * 750
    rate, normal = proportion(shares), estimate(shares)
    assert rate.high - rate.low == pytest.approx(normal.high - normal.low, rel=0.01)
    as_wins = wilson(0.25, 3000)
    assert rate.high - rate.low < (as_wins[1] - as_wins[0]) / 2


def test_a_mean_of_only_0s_and_1s_is_a_rate():
    assert estimate([1, 0, 0, 1, 1]) == proportion([1, 0, 0, 1, 1])
    assert estimate([1, 0, 1]).bounds == pytest.approx(wilson(2 / 3, 3))
    assert estimate([1, 0, 2]).bounds is None and estimate([0.5, 1]).bounds is None


def test_a_rate_needs_results_in_0_to_1():
    for bad in ([], [0, 2], [-0.5, 1]):
        with pytest.raises(ValueError, match="0..1"):
            proportion(bad)
    with pytest.raises(ValueError, match="at least one trial"):
        wilson(0.5, 0)


def test_a_difference_of_rates_joins_their_wilson_intervals_and_of_means_stays_normal():
    a, b = proportion([1] * 30 + [0] * 70), proportion([1] * 10 + [0] * 90)
    d = difference(a, b)
    assert d.mean == pytest.approx(0.2) and d.se == pytest.approx(math.hypot(a.se, b.se))
    assert d.low == pytest.approx(0.2 - math.hypot(a.mean - a.low, b.high - b.mean))
    assert d.high == pytest.approx(0.2 + math.hypot(a.high - a.mean, b.mean - b.low))
    assert departs(d, 0) and not departs(difference(a, proportion([1] * 28 + [0] * 72)), 0)
    x, y = estimate([1.0, 2.0, 3.0]), estimate([2.0, 2.5, 4.0])
    assert difference(x, y).bounds is None and difference(x, y).se == pytest.approx(math.hypot(x.se, y.se))


def test_a_rescaled_rate_carries_its_interval():
    rate = proportion([1] * 60 + [0] * 40)
    share = rescaled(rate, 0.25, 0.75)
    assert share.mean == pytest.approx((0.6 - 0.25) / 0.75)
    assert (share.low, share.high) == pytest.approx(((rate.low - 0.25) / 0.75, (rate.high - 0.25) / 0.75))
