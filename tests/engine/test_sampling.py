"""Dealing cards onto places of some kinds (`deerbook.engine.sampling`), against brute force.

- the exact deal counting counts every assignment of the physical cards and draws each equally often;
- the swap chain keeps every cell to its kinds and comes close to the same frequencies;
- `fitting` finds an assignment whenever one exists, and NoDeal says when none does;
- `dealer` counts exactly where it can, and falls back on the swap chain where counting would take too long.
"""
import itertools
import math
import random
from collections import Counter

import pytest

from deerbook.engine.sampling import Cell, Deal, NoDeal, Shuffle, dealer, fitting
from chi_square import chi_square_p


def brute_force(cells: list[Cell], unseen: list[int]) -> Counter:
    """Every assignment of the physical cards to the cells' places that fits their kinds, as count vectors."""
    cards = [k for k, c in enumerate(unseen) for _ in range(c)]
    places = [i for i, cell in enumerate(cells) for _ in range(cell.size)]
    found = Counter()
    for order in itertools.permutations(range(len(cards))):
        kinds = [cards[c] for c in order]
        if all(cells[p].mask >> k & 1 for p, k in zip(places, kinds)):
            counts = [[0] * len(unseen) for _ in cells]
            for p, k in zip(places, kinds):
                counts[p][k] += 1
            found[tuple(map(tuple, counts))] += 1
    return found


def frequencies(drawer, cells: list[Cell], draws: int, seed: int) -> Counter:
    """How often `drawer` deals each assignment (count vectors in the order of `cells`)."""
    rng, seen = random.Random(seed), Counter()
    for _ in range(draws):
        by_cell = {id(cell): counts for cell, counts in drawer.draw(rng)}
        seen[tuple(tuple(by_cell[id(c)]) for c in cells)] += 1
    return seen


DEALS = [
    ([Cell(0, 0b1111, 2), Cell(1, 0b0011, 2), Cell(2, 0b1100, 1)], [2, 1, 1, 1]),
    ([Cell(0, 0b0111, 3), Cell(1, 0b1110, 2), Cell(2, 0b1111, 2)], [1, 2, 2, 2]),
    ([Cell(0, 0b101, 1), Cell(1, 0b110, 1), Cell(0, 0b111, 3)], [2, 2, 1]),
]
LARGE = ([Cell(i, 0xFFF & ~(1 << i), 4) for i in range(8)], [3] * 8 + [2] * 4)  # 32 cards of 12 kinds, 8 places


@pytest.mark.parametrize("cells,unseen", DEALS)
def test_the_deal_counting_draws_every_assignment_equally(cells, unseen):
    expected = brute_force(cells, unseen)
    deal = Deal(cells, unseen)
    assert deal.total * math.prod(math.factorial(c.size) for c in cells) == sum(expected.values())
    total, draws = sum(expected.values()), 4000
    seen = frequencies(deal, cells, draws, 3)
    assert chi_square_p(seen, {k: v / total for k, v in expected.items()}, draws) > 1e-4


@pytest.mark.parametrize("cells,unseen", DEALS)
def test_the_swap_chain_keeps_every_cell_to_its_kinds_and_nears_the_uniform_deal(cells, unseen):
    shuffle, rng = Shuffle(cells, unseen), random.Random(2)
    for _ in range(50):
        for cell, counts in shuffle.draw(rng):
            assert sum(counts) == cell.size and all(cell.mask >> k & 1 for k, c in enumerate(counts) if c)
    expected, draws = brute_force(cells, unseen), 4000
    total = sum(expected.values())
    seen = frequencies(shuffle, cells, draws, 4)
    assert chi_square_p(seen, {k: v / total for k, v in expected.items()}, draws) > 1e-4


@pytest.mark.parametrize("cells,unseen", [*DEALS, LARGE])
def test_fitting_puts_every_card_on_a_place_of_its_kinds(cells, unseen):
    kinds = fitting(cells, unseen)
    places = [cell for cell in cells for _ in range(cell.size)]
    assert sorted(kinds) == [k for k, c in enumerate(unseen) for _ in range(c)]
    assert all(cell.mask >> kind & 1 for cell, kind in zip(places, kinds))


def test_no_deal_when_no_assignment_fits():
    cells, unseen = [Cell(0, 0b01, 2), Cell(1, 0b11, 1)], [1, 2]  # two cards of kind 1, one place that takes it
    with pytest.raises(NoDeal):
        fitting(cells, unseen)
    with pytest.raises(NoDeal):
        Deal(cells, unseen).draw(random.Random(0))
    with pytest.raises(NoDeal):
        Shuffle(cells, unseen)


def test_the_dealer_counts_exactly_where_it_can_and_shuffles_where_counting_takes_too_long():
    assert all(isinstance(dealer(cells, unseen), Deal) for cells, unseen in DEALS)
    cells, unseen = LARGE
    shuffle = dealer(cells, unseen)
    assert isinstance(shuffle, Shuffle) and not shuffle.exact
    for cell, counts in shuffle.draw(random.Random(5)):
        assert sum(counts) == cell.size and all(cell.mask >> k & 1 for k, c in enumerate(counts) if c)
