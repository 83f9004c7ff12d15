"""Seeded batches played for the tests, and batches for one question each, read with `deerbook.analysis.batches`:
final scores, seat advantage, a matchup, rule variants."""
from concurrent.futures import Executor
from typing import Sequence

from deerbook.analysis.batches import Batch, agent_win_rate, seat_win_rates
from deerbook.analysis.stats import Estimate, estimate
from deerbook.engine import make_game
from deerbook.engine.batch import BatchSpec, GameRecord, run_batch
from deerbook.engine.registry import agent_factories


def batch_of(spec: BatchSpec, agents: Sequence[str], seed: int, records: Sequence[GameRecord]) -> Batch:
    """A `Batch` from the batch runner's records (`agents`: the names of `spec.agents`)."""
    keys = records[0].stats if records else {}
    return Batch(spec.game.name, spec.game.options(), seed, tuple(tuple(agents[a] for a in r.seating) for r in records),
                 tuple(r.returns for r in records), {key: tuple(r.stats[key] for r in records) for key in keys})


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
