"""Dealing cards onto places that each take only some kinds, every assignment of the physical cards equally likely.

The cards are a count vector (`unseen[k]` cards of kind k, each card a distinct physical card); the places are
`Cell`s, each `size` cards that may be any of the kinds in its bit mask (bit k: kind k). `Deal` draws an
assignment exactly, by counting; `Shuffle` approximates it with a swap chain where counting would take too long
(`TooMany`); `dealer` gives the first that can; `fitting` finds one assignment. A game's belief builds the cells
from what a seat knows and deals the cards it has not seen onto them (Deer's: `deerbook.deer.belief`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

from .seeding import Rng

DEAL_BUDGET = 1_500  # ways of filling one cell that the exact count may try before the swap chain takes over
SWAPS_PER_CARD = 60  # swap-chain steps per card (`Shuffle`)


@dataclass
class Cell:
    """`size` cards of one place, each of the kinds in `mask`."""

    place: int
    mask: int
    size: int


class NoDeal(ValueError):
    """No assignment of the cards fits the cells' kinds."""


class TooMany(Exception):
    """The exact count of deals would take longer than `DEAL_BUDGET` allows."""


class Deal:
    """Uniform draws of the cards onto the cells (each cell's cards of its kinds), every assignment of the
    physical cards equally likely, by exact counting.

    The cells are filled one after another. Card kinds that the cells still to fill treat alike form one class;
    `ways(i, counts)` counts the ways (physical cards) to fill cells i.. from class counts `counts`, summing over
    how many cards of each class cell i takes the product of binomials (which cards of the class) times the ways
    for the rest. Drawing picks each cell's class counts in proportion to their ways, then the cards of each class
    uniformly among its physical cards left. Raises TooMany when the count would try more than `budget` ways to
    fill a cell."""

    exact = True

    def __init__(self, cells: list[Cell], unseen: list[int], budget: int = DEAL_BUDGET):
        self.cells = sorted(cells, key=lambda c: (sum(n for k, n in enumerate(unseen) if c.mask >> k & 1), c.size))
        self.unseen, self.budget = unseen, budget
        kinds = [k for k, c in enumerate(unseen) if c]
        # classes[i]: the kinds grouped by which of cells i.. may hold them; parent[i][j]: class j's class at i+1
        self.classes: list[list[list[int]]] = []
        self.parent: list[list[int]] = []
        for i in range(len(self.cells) + 1):
            groups: dict[tuple[int, ...], list[int]] = {}
            for k in kinds:
                groups.setdefault(tuple(c.mask >> k & 1 for c in self.cells[i:]), []).append(k)
            self.classes.append(list(groups.values()))
        for i in range(len(self.cells)):
            index = {k: j for j, group in enumerate(self.classes[i + 1]) for k in group}
            self.parent.append([index[group[0]] for group in self.classes[i]])
        self.allowed = [[j for j, group in enumerate(self.classes[i]) if cell.mask >> group[0] & 1]
                        for i, cell in enumerate(self.cells)]
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = {}
        self.total = self.ways(0, tuple(sum(unseen[k] for k in group) for group in self.classes[0]))

    def ways(self, i: int, counts: tuple[int, ...]) -> int:
        """The ways to fill cells i.. with the class counts `counts` (classes of stage i)."""
        if i == len(self.cells):
            return int(not any(counts))
        key = (i, counts)
        if key not in self._ways:
            self._ways[key] = sum(self._options(i, counts)[1][-1:] or [0])
        return self._ways[key]

    def _options(self, i: int, counts: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """Each way cell i can take its cards by class, with the running total of the ways it leaves."""
        key = (i, counts)
        if key not in self._choices:
            takes, totals, running = [], [], 0
            for take in self._takes(i, counts):
                self.budget -= 1
                if self.budget < 0:
                    raise TooMany
                rest = [0] * len(self.classes[i + 1])
                weight = 1
                for j, (have, taken) in enumerate(zip(counts, take)):
                    weight *= math.comb(have, taken)
                    rest[self.parent[i][j]] += have - taken
                weight *= self.ways(i + 1, tuple(rest))
                if weight:
                    running += weight
                    takes.append(take)
                    totals.append(running)
            self._choices[key] = takes, totals
        return self._choices[key]

    def _takes(self, i: int, counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every split of cell i's size over the classes it may hold (within the counts)."""
        allowed, size = self.allowed[i], self.cells[i].size
        take = [0] * len(counts)

        def split(a: int, left: int) -> Iterator[tuple[int, ...]]:
            if a == len(allowed):
                if not left:
                    yield tuple(take)
                return
            j = allowed[a]
            room = sum(counts[b] for b in allowed[a + 1:])
            for x in range(max(0, left - room), min(counts[j], left) + 1):
                take[j] = x
                yield from split(a + 1, left - x)
            take[j] = 0

        yield from split(0, size)

    def draw(self, rng: Rng) -> list[tuple[Cell, list[int]]]:
        """One deal: each cell with the count vector of the cards it gets (NoDeal if none fits)."""
        if not self.total:
            raise NoDeal("no deal of the cards fits the cells' kinds")
        left = list(self.unseen)
        counts = tuple(sum(left[k] for k in group) for group in self.classes[0])
        dealt = []
        for i, cell in enumerate(self.cells):
            takes, totals = self._options(i, counts)
            pick = rng.randrange(totals[-1])
            take = takes[next(t for t, total in enumerate(totals) if total > pick)]
            cards = [0] * len(left)
            for j, taken in enumerate(take):
                for _ in range(taken):  # a physical card of the class, uniformly
                    kind = _pick(self.classes[i][j], left, rng)
                    left[kind] -= 1
                    cards[kind] += 1
            dealt.append((cell, cards))
            rest = [0] * len(self.classes[i + 1])
            for j, (have, taken) in enumerate(zip(counts, take)):
                rest[self.parent[i][j]] += have - taken
            counts = tuple(rest)
        return dealt


class Shuffle:
    """Deals of the cards onto the cells for positions too large to count (`TooMany`): a Markov chain on the
    assignments of the physical cards, from one that fits, swapping two cards of different cells when each may go
    to the other's cell. Every swap is as likely as its reverse, so the chain's limit is the uniform deal; run for
    `SWAPS_PER_CARD` steps per card from the last deal drawn, it approximates it (not exact)."""

    exact = False

    def __init__(self, cells: list[Cell], unseen: list[int]):
        self.cells = cells
        self.tokens = [i for i, cell in enumerate(cells) for _ in range(cell.size)]  # the cell of each card place
        self.kinds, self.width = fitting(cells, unseen), len(unseen)

    def draw(self, rng: Rng) -> list[tuple[Cell, list[int]]]:
        """One deal, after `SWAPS_PER_CARD` swap attempts per card."""
        kinds, tokens, masks = self.kinds, self.tokens, [c.mask for c in self.cells]
        size = len(tokens)
        for _ in range(SWAPS_PER_CARD * size if size > 1 else 0):
            a, b = rng.randrange(size), rng.randrange(size)
            if masks[tokens[a]] >> kinds[b] & 1 and masks[tokens[b]] >> kinds[a] & 1:
                kinds[a], kinds[b] = kinds[b], kinds[a]
        dealt = [(cell, [0] * self.width) for cell in self.cells]
        for token, kind in zip(tokens, kinds):
            dealt[token][1][kind] += 1
        return dealt


def dealer(cells: list[Cell], unseen: list[int]) -> Deal | Shuffle:
    """The exact deal of the cards onto the cells (`Deal`), or the swap chain where counting would take too long
    (`Shuffle`; NoDeal if no assignment fits)."""
    try:
        return Deal(cells, unseen)
    except TooMany:
        return Shuffle(cells, unseen)


def fitting(cells: list[Cell], unseen: list[int]) -> list[int]:
    """One card kind per card place of the cells (in `Shuffle.tokens` order) that fits every cell's kinds, found
    by augmenting paths (a bipartite matching of the cards to the places); NoDeal if none fits."""
    places = [cell.mask for cell in cells for _ in range(cell.size)]
    cards = [k for k, c in enumerate(unseen) for _ in range(c)]
    owner_of: list[int | None] = [None] * len(cards)  # the place each card is on

    def place_card(p: int, seen: set[int]) -> bool:
        for c, kind in enumerate(cards):
            if places[p] >> kind & 1 and c not in seen:
                seen.add(c)
                holder = owner_of[c]
                if holder is None or place_card(holder, seen):
                    owner_of[c] = p
                    return True
        return False

    for p in range(len(places)):
        if not place_card(p, set()):
            raise NoDeal("no deal of the cards fits the cells' kinds")
    kinds = [0] * len(places)
    for c, holder in enumerate(owner_of):
        if holder is not None:
            kinds[holder] = cards[c]
    return kinds


def _pick(kinds: list[int], left: list[int], rng: Rng) -> int:
    """A card kind of `kinds`, each physical card left equally likely."""
    index = rng.randrange(sum(left[k] for k in kinds))
    for kind in kinds:
        index -= left[kind]
        if index < 0:
            return kind
    raise AssertionError("unreachable: the index is below the cards left")
