"""Seeded batches of games, summarised per seat."""
from __future__ import annotations

from concurrent.futures import Executor
from typing import Sequence

import numpy as np

from .batch import BatchSpec, agent_factories, run_batch
from .protocol import Game


def simulate(game: Game, agent_names: Sequence[str], games: int, seed: int, *, progress: bool = False,
             workers: int | None = None, executor: Executor | None = None) -> dict:
    """Play `games` seeded games and return a JSON-able summary.

    Game i is played from the i-th child of `numpy.random.SeedSequence(seed)`, so results do not
    depend on how many games run, nor on `workers` (default: every core) or the `executor` that
    plays them (see `engine.batch.run_batch`). Per-game figures come from the terminal state's
    `stats()`: numbers are averaged, per-seat lists averaged per seat.
    """
    factories = agent_factories(game, agent_names)
    if len(agent_names) != game.num_players:
        raise ValueError(f"{game.num_players} players need {game.num_players} agents, got {len(agent_names)}")
    spec = BatchSpec(game, factories)
    records = run_batch(spec, games, seed, workers=workers, executor=executor, progress=progress)
    wins = np.zeros(game.num_players)
    totals: dict = {}
    for record in records:
        wins += record.returns
        for key, value in record.stats.items():
            totals[key] = np.add(totals.get(key, 0), value)
    return {
        "game": game.name,
        "options": game.options(),
        "agents": list(agent_names),
        "games": games,
        "seed": seed,
        "wins_per_seat": [round(float(w), 6) for w in wins],
        "win_rate_per_seat": [round(float(w) / games, 6) for w in wins],
        "means": {key: np.round(np.asarray(total, dtype=float) / games, 4).tolist() for key, total in totals.items()},
    }


def format_summary(summary: dict) -> str:
    """A plain-text table of a `simulate` summary."""
    lines = [f"{summary['game']} {summary['options']}: {summary['games']} games, seed {summary['seed']}",
             f"{'seat':>4}  {'agent':<10} {'wins':>9} {'win rate':>9}"]
    for seat, agent in enumerate(summary["agents"]):
        lines.append(f"{seat:>4}  {agent:<10} {summary['wins_per_seat'][seat]:>9g} {summary['win_rate_per_seat'][seat]:>9.3f}")
    for key, value in summary["means"].items():
        shown = ", ".join(f"{v:g}" for v in value) if isinstance(value, list) else f"{value:g}"
        lines.append(f"mean {key}: {shown}")
    return "\n".join(lines)
