"""A chi-square goodness-of-fit p-value for the tests of sampled frequencies against exact probabilities."""
import math
from collections import Counter


def chi_square_p(observed: Counter, expected: dict, draws: int) -> float:
    """The p-value of Pearson's chi-square statistic (Wilson-Hilferty approximation of the chi-square tail)."""
    cells = list(expected)
    stat = sum((observed[c] - draws * expected[c]) ** 2 / (draws * expected[c]) for c in cells)
    assert sum(observed[c] for c in cells) == draws, "a sample outside the consistent positions"
    df = len(cells) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))
