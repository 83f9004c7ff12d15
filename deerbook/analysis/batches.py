"""Seeded batches of whole games, and what they say, with 95% intervals (Monte Carlo, never exact).

A batch's game i is played from `engine.seeding.stream(seed, i)` by `engine.batch.run_batch`, as in `simulate`;
every figure is reported with a 95% interval (`analysis.stats`: a win rate's Wilson interval, a mean's ± 1.96
standard errors). The balance study (`analysis.study`) stores its batches and
reads them back as `Batch` too, so a batch played now and a stored one are summarised by the same functions.

- `seat_win_rates`, `agent_win_rate`: win rates by seat, and of one agent whatever its seat.
- `figure`: the mean of a per-game figure (`State.stats()`), e.g. turns per game.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from .stats import Estimate, estimate, proportion


@dataclass(frozen=True)
class Batch:
    """Seeded games: per game the agent in each seat, each seat's result (a shared win splits 1) and its
    figures (`State.stats()`) as columns."""

    game_name: str
    options: dict
    seed: int
    seats: tuple[tuple[str, ...], ...]  # games × seats: the agent name in each seat
    returns: tuple[tuple[float, ...], ...]  # games × seats
    stats: dict[str, tuple[Any, ...]]  # figure -> one value per game (a number, or one per seat)

    @property
    def games(self) -> int:
        """How many games the batch holds."""
        return len(self.seats)


def seat_win_rates(batch: Batch) -> list[Estimate]:
    """Each seat's win rate in the batch, with its 95% interval."""
    return [proportion([result[seat] for result in batch.returns]) for seat in range(len(batch.returns[0]))]


def agent_win_rate(batch: Batch, agent: str) -> Estimate:
    """The mean result of one seat held by `agent` (averaged over its seats in each game)."""
    shares = [statistics.fmean([r for name, r in zip(names, result) if name == agent])
              for names, result in zip(batch.seats, batch.returns)]
    return proportion(shares)


def figure(batch: Batch, key: str, seat: int | None = None) -> Estimate:
    """The mean of one per-game figure; for a per-seat figure, of one seat's values (or of every seat's)."""
    values = batch.stats[key]
    if values and isinstance(values[0], (list, tuple)):
        values = tuple(v[seat] for v in values) if seat is not None else tuple(x for v in values for x in v)
    return estimate(values)
