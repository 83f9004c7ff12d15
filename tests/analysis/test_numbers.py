"""Numbers for people: chances as percentages, short fractions beside them, means as decimals."""
from fractions import Fraction

import pytest

from deerbook.analysis.numbers import chance, decimal, exact, one_in, percent, point_change


@pytest.mark.parametrize("p, shown", [(Fraction(8, 27), "29.6%"), (0, "0%"), (1, "100%"), (Fraction(1, 2160), "0.05%"),
                                      (Fraction(9999, 10000), "99.99%"), (Fraction(1, 362797056), "2.8e-07%"),
                                      (1 - Fraction(1, 10 ** 9), "almost 100%"), (0.2345, "23.4%")])
def test_percent_never_rounds_a_chance_to_0_or_100(p, shown):
    assert percent(p) == shown


def test_a_fraction_is_shown_beside_the_percentage_only_when_short():
    assert chance(Fraction(8, 27)) == "29.6% (8/27)" and chance(Fraction(977, 2889)) == "33.8%"
    assert exact(Fraction(999, 1000)) is None and exact(Fraction(1, 999)) == "1/999" and exact(Fraction(3)) is None
    assert exact(0.5) is None  # a float has no exact fraction to show


def test_decimals_and_odds():
    assert decimal(Fraction(49)) == "49" and decimal(Fraction(269593, 46224)) == "5.83" and decimal(3.0) == "3"
    assert one_in(Fraction(1, 108)) == "1 in 108" and one_in(0) == "never" and one_in(1) == "always"
    assert one_in(Fraction(1, 2160)) == "1 in 2,160"


def test_a_change_of_chances_reads_in_percentage_points():
    from deerbook.analysis.stats import Estimate

    assert point_change(Estimate(0.012, 0.0075, 100)) == "+1.2 percentage points (-0.3 to +2.7)"
    assert point_change(Estimate(-0.012, 0.0075, 100), unit="") == "-1.2 (-2.7 to +0.3)"  # the unit in a heading
