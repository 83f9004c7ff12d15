"""Balance analyses: seeded batches of whole games over the engine, with 95% confidence intervals.

Nothing here is exact: every figure is a Monte Carlo estimate from `play_batch` (game i is played
from `engine.seeding.stream(seed, i)` by `engine.batch.run_batch`, as in `simulate`), reported as
mean ± 1.96 standard errors. Sizes: `QUICK_GAMES` keeps a notebook to seconds; pass `big=True`
(or any `games=`) for tighter intervals.

- `seat_advantage`: win rate by seat, all seats the same agent.
- `matchup`: one agent against the others, the hero rotating through every seat.
- `game_length`, `score_summary`: rounds, turns and final scores of a batch.
- `compare_rules`: the same agents with and without advanced rules (e.g. knocking).
- `knocking_value`: a player who knocks against players who never do.
"""
from __future__ import annotations

import math
import statistics
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..engine import Action, make_game
from ..engine.batch import BatchSpec, GameRecord, agent_factories, run_batch
from .agents import GreedyAgent

QUICK_GAMES = 40
BIG_GAMES = 1000
Z95 = 1.96


def default_games(big: bool = False) -> int:
    """Games per configuration: the big study's count or the quick one's."""
    return BIG_GAMES if big else QUICK_GAMES


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its standard error and 95% interval."""

    mean: float
    se: float
    n: int

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.mean - Z95 * self.se

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.mean + Z95 * self.se

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {Z95 * self.se:.3f}"


def estimate(values) -> Estimate:
    """The mean of `values` with its standard error (infinite for fewer than two values)."""
    values = [float(v) for v in values]
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return Estimate(statistics.fmean(values), se, len(values))


@dataclass(frozen=True)
class Batch:
    """Seeded games: per game the agents by seat, each seat's result (a shared win splits 1) and stats."""

    game_name: str
    options: dict
    seed: int
    seats: tuple[tuple[str, ...], ...]  # games × seats: the agent name in each seat
    returns: tuple[tuple[float, ...], ...]  # games × seats
    rounds: tuple[int, ...]
    turns: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]  # games × seats: final pawn positions

    @property
    def games(self) -> int:
        """How many games the batch holds."""
        return len(self.seats)


def play_batch(game_name: str, agents: Sequence[str], games: int, seed: int, *, rotate: bool = False,
               num_players: int | None = None, workers: int | None = None, executor: Executor | None = None,
               **options) -> Batch:
    """Play `games` seeded games (`engine.batch.run_batch`: on `workers` processes, default every core, or
    an `executor`; the same games either way); with `rotate`, game i seats the agents rotated by i.
    Agents are named from the game's catalogue or `EXTRA_AGENTS`."""
    game = make_game(game_name, num_players=num_players or len(agents), **options)
    spec = BatchSpec(game, agent_factories(game, agents, EXTRA_AGENTS), rotate=rotate)
    records = run_batch(spec, games, seed, workers=workers, executor=executor)
    return batch_of(spec, agents, seed, records)


def batch_of(spec: BatchSpec, agents: Sequence[str], seed: int, records: Sequence[GameRecord]) -> Batch:
    """A `Batch` from the batch runner's records (`agents`: the names of `spec.agents`)."""
    return Batch(spec.game.name, spec.game.options(), seed, tuple(tuple(agents[a] for a in r.seating) for r in records),
                 tuple(r.returns for r in records), tuple(r.stats["rounds"] for r in records),
                 tuple(r.stats["turns"] for r in records), tuple(tuple(r.stats["final_score"]) for r in records))


def seat_win_rates(batch: Batch) -> list[Estimate]:
    """Each seat's win rate in the batch, with its 95% interval."""
    return [estimate([result[seat] for result in batch.returns]) for seat in range(len(batch.returns[0]))]


def agent_win_rate(batch: Batch, agent: str) -> Estimate:
    """The mean result of one seat held by `agent` (averaged over its seats in each game)."""
    shares = [statistics.fmean([r for name, r in zip(names, result) if name == agent])
              for names, result in zip(batch.seats, batch.returns)]
    return estimate(shares)


def seat_advantage(game_name: str = "deer", agent: str = "greedy", num_players: int = 4, games: int | None = None,
                   seed: int = 1, big: bool = False, **options) -> dict:
    """Win rate by seat (seat 0 is the first round's dealer, who moves first), every seat `agent`."""
    batch = play_batch(game_name, [agent] * num_players, games or default_games(big), seed, **options)
    return {"batch": batch, "win_rates": seat_win_rates(batch), "fair": 1 / num_players}


def matchup(game_name: str, hero: str, others: str, num_players: int = 4, games: int | None = None, seed: int = 1,
            big: bool = False, **options) -> dict:
    """`hero` against `num_players - 1` copies of `others`, the hero rotating through every seat."""
    agents = [hero] + [others] * (num_players - 1)
    batch = play_batch(game_name, agents, games or default_games(big), seed, rotate=True, **options)
    return {"batch": batch, "hero": hero, "others": others, "hero_win_rate": agent_win_rate(batch, hero),
            "fair": 1 / num_players}


def game_length(batch: Batch) -> dict[str, Estimate]:
    """The mean rounds and turns per game, with their 95% intervals."""
    return {"rounds": estimate(batch.rounds), "turns": estimate(batch.turns)}


def score_summary(batch: Batch) -> dict[str, Estimate]:
    """The winners' and everyone's final scores (a winner: the seat with the best result)."""
    winners = [scores[result.index(max(result))] for scores, result in zip(batch.scores, batch.returns)]
    return {"winner": estimate(winners), "all": estimate([s for scores in batch.scores for s in scores]),
            "highest": estimate([max(scores) for scores in batch.scores])}


def compare_rules(game_name: str, agents: Sequence[str], variants: dict[str, dict], games: int | None = None,
                  seed: int = 1, big: bool = False) -> dict[str, Batch]:
    """The same seeded games (same seed, same agents rotating seats) under each set of options."""
    return {label: play_batch(game_name, agents, games or default_games(big), seed, rotate=True, **options)
            for label, options in variants.items()}


def knocking_value(game_name: str = "deer", num_players: int = 4, games: int | None = None, seed: int = 1,
                   big: bool = False) -> dict:
    """With knocking on: the greedy agent (who knocks with a low hand) against greedy agents who never
    knock, rotating seats. Above the fair share, knocking is worth having."""
    return matchup(game_name, "greedy", "greedy-no-knock", num_players, games, seed, big, knocking=True)


class Refusing:
    """Wraps an agent so it never takes actions of one kind (e.g. never knocks): when the agent picks
    one, the first legal action of another kind is taken instead (if there is one)."""

    def __init__(self, agent, kind: str):
        self.agent, self.kind = agent, kind
        self.observes_by_key = getattr(agent, "observes_by_key", False)  # it reads what the wrapped agent reads

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng) -> Action:
        """The wrapped agent's choice, or the first legal action of another kind when it picks the refused kind."""
        choice = self.agent.act(observation, legal, rng)
        return next((a for a in legal if a.kind != self.kind), choice) if choice.kind == self.kind else choice


class NeverKnocks(Refusing):
    """The greedy agent, except that it never knocks."""

    def __init__(self):
        super().__init__(GreedyAgent(), "knock")


EXTRA_AGENTS = {"greedy-no-knock": NeverKnocks}
