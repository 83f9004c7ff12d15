"""`check_distribution`, which the conformance tests run at every chance node: it accepts exactly the lists of
distinct outcomes with positive Fractions summing to 1, as summing the Fractions one by one decides."""
import random
from fractions import Fraction

import pytest

from deerbook.engine.protocol import check_distribution


def random_pairs(rng: random.Random) -> list[tuple[str, Fraction]]:
    """Outcomes with random positive weights over mixed denominators, made to sum to 1, and often spoiled by a
    small change to one probability."""
    denominators = (1, 2, 3, 6, 7, 36, 216, 1001)
    weights = [Fraction(rng.randint(1, 50), rng.choice(denominators)) for _ in range(rng.randint(1, 9))]
    total = sum(weights)
    probabilities = [w / total for w in weights]
    if rng.random() < 0.5:
        probabilities[rng.randrange(len(probabilities))] += Fraction(rng.choice((1, -1)), 10 ** rng.randint(3, 40))
    return [(f"o{i}", p) for i, p in enumerate(probabilities)]


def test_it_accepts_exactly_what_the_fractions_summed_one_by_one_accept():
    rng = random.Random(3)
    verdicts = set()
    for _ in range(400):
        pairs = random_pairs(rng)
        expected = all(p > 0 for _, p in pairs) and sum(p for _, p in pairs) == 1
        try:
            check_distribution(pairs)
            accepted = True
        except AssertionError:
            accepted = False
        assert accepted == expected, pairs
        verdicts.add(accepted)
    assert verdicts == {True, False}


@pytest.mark.parametrize("pairs, rule", [
    ([], "needs outcomes"),
    ([("a", Fraction(1, 2)), ("b", Fraction(1, 2)), ("c", Fraction(0))], "positive Fractions"),
    ([("a", Fraction(3, 2)), ("b", Fraction(-1, 2))], "positive Fractions"),
    ([("a", 0.5), ("b", Fraction(1, 2))], "positive Fractions"),
    ([("a", Fraction(1, 3)), ("b", Fraction(1, 3))], "sum to exactly 1"),
    ([("a", Fraction(1, 2)), ("a", Fraction(1, 2))], "distinct"),
])
def test_each_broken_rule_is_named(pairs, rule):
    with pytest.raises(AssertionError, match=rule):
        check_distribution(pairs)
