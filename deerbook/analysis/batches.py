"""Seeded batches of whole games, and what they say, with 95% intervals (Monte Carlo, never exact).

Every figure comes from `play_batch` (game i is played from `engine.seeding.stream(seed, i)` by
`engine.batch.run_batch`, as in `simulate`), reported with a 95% interval (`analysis.stats`: a win rate's Wilson
interval, a mean's ± 1.96 standard errors). The balance study (`analysis.study`) stores its batches and reads them
back as `Batch` too, so a batch played now and a stored one are summarised by the same functions.

- `seat_win_rates`, `agent_win_rate`: win rates by seat, and of one agent whatever its seat.
- `figure`: the mean of a per-game figure (`State.stats()`), e.g. turns per game.
- `score_summary`: the winners' and everyone's final scores (Deer: final pawn positions).
- `matchup`, `seat_advantage`, `compare_rules`: batches for one question each.
"""
from __future__ import annotations

import statistics
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Sequence

from ..engine import make_game
from ..engine.batch import BatchSpec, GameRecord, run_batch
from ..engine.registry import agent_factories
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


def play_batch(game_name: str, agents: Sequence[str], games: int, seed: int, *, rotate: bool = False,
               num_players: int | None = None, workers: int | None = None, executor: Executor | None = None,
               **options) -> Batch:
    """Play `games` seeded games (`engine.batch.run_batch`: on `workers` processes, default every core, or
    an `executor`; the same games either way); with `rotate`, game i seats the agents rotated by i.
    Agents are named from the catalogue (`engine.registry.agents_for`)."""
    game = make_game(game_name, num_players=num_players or len(agents), **options)
    spec = BatchSpec(game, agent_factories(game, agents), rotate=rotate)
    records = run_batch(spec, games, seed, workers=workers, executor=executor)
    return batch_of(spec, agents, seed, records)


def batch_of(spec: BatchSpec, agents: Sequence[str], seed: int, records: Sequence[GameRecord]) -> Batch:
    """A `Batch` from the batch runner's records (`agents`: the names of `spec.agents`)."""
    keys = records[0].stats if records else {}
    return Batch(spec.game.name, spec.game.options(), seed, tuple(tuple(agents[a] for a in r.seating) for r in records),
                 tuple(r.returns for r in records), {key: tuple(r.stats[key] for r in records) for key in keys})


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


def score_summary(batch: Batch, key: str = "final_score") -> dict[str, Estimate]:
    """The winners' and everyone's final scores (a winner: the seat with the best result)."""
    scores = batch.stats[key]
    winners = [s[result.index(max(result))] for s, result in zip(scores, batch.returns)]
    return {"winner": estimate(winners), "all": estimate([x for s in scores for x in s]),
            "highest": estimate([max(s) for s in scores])}


def seat_advantage(game_name: str, agent: str, num_players: int, games: int, seed: int, **options) -> dict:
    """Win rate by seat (seat 0 moves first), every seat `agent`."""
    batch = play_batch(game_name, [agent] * num_players, games, seed, **options)
    return {"batch": batch, "win_rates": seat_win_rates(batch), "fair": 1 / num_players}


def matchup(game_name: str, hero: str, others: str, num_players: int, games: int, seed: int, **options) -> dict:
    """`hero` against `num_players - 1` copies of `others`, the hero rotating through every seat."""
    agents = [hero] + [others] * (num_players - 1)
    batch = play_batch(game_name, agents, games, seed, rotate=True, **options)
    return {"batch": batch, "hero": hero, "others": others, "hero_win_rate": agent_win_rate(batch, hero),
            "fair": 1 / num_players}


def compare_rules(game_name: str, agents: Sequence[str], variants: dict[str, dict], games: int,
                  seed: int) -> dict[str, Batch]:
    """The same seeded games (same seed, same agents rotating seats) under each set of options."""
    return {label: play_batch(game_name, agents, games, seed, rotate=True, **options)
            for label, options in variants.items()}
