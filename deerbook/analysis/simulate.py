"""Seeded batches of games, summarised per seat."""
from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, Sequence

from ..engine.batch import BatchSpec, Progress, batch_records
from ..engine.protocol import Game
from ..engine.registry import agent_factories


def simulate(game: Game, agent_names: Sequence[str], games: int, seed: int, *, progress: Progress | None = None,
             workers: int | None = None, executor: Executor | None = None) -> dict[str, Any]:
    """Play `games` seeded games and return a JSON-able summary.

    Game i is played from `engine.seeding.stream(seed, i)`, so results do not
    depend on how many games run, nor on `workers` (default: every core) or the `executor` that
    plays them (see `engine.batch.batch_records`; the records are summed as they come, so memory stays flat).
    Per-game figures come from the terminal state's `stats()`: numbers are averaged, per-seat lists averaged per
    seat.
    """
    check_count("games", games, 1)
    check_count("seed", seed, 0)
    if len(agent_names) != game.num_players:
        raise ValueError(f"{game.num_players} players need {game.num_players} agents, got {len(agent_names)}")
    spec = BatchSpec(game, agent_factories(game, agent_names))
    wins = [0.0] * game.num_players
    totals: dict[str, Any] = {}
    for record in batch_records(spec, games, seed, workers=workers, executor=executor, progress=progress):
        wins = [w + r for w, r in zip(wins, record.returns)]
        for key, value in record.stats.items():
            totals[key] = _add(totals[key], value) if key in totals else value
    return {
        "game": game.name,
        "options": game.options(),
        "agents": list(agent_names),
        "games": games,
        "seed": seed,
        "wins_per_seat": [round(float(w), 6) for w in wins],
        "win_rate_per_seat": [round(float(w) / games, 6) for w in wins],
        "means": {key: _mean(total, games) for key, total in totals.items()},
    }


def _add(total: Any, value: Any) -> Any:
    """A number added to a number, or a per-seat list added seat by seat."""
    return [a + b for a, b in zip(total, value)] if isinstance(value, list) else total + value


def _mean(total: Any, games: int) -> Any:
    """A total (or per-seat totals) over `games`, rounded to 4 places."""
    return [round(t / games, 4) for t in total] if isinstance(total, list) else round(total / games, 4)


def check_count(name: str, value: int, low: int) -> None:
    """Raise ValueError unless `value` is an integer >= low (a bool is not)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"{name} must be an integer >= {low}, got {value!r}")


def describe_options(options: dict[str, Any]) -> str:
    """Game options in plain words, e.g. "4 players, components board-2014, knocking off"."""
    words = []
    for key, value in options.items():
        label = key.replace("_", " ")
        if key == "num_players":
            words.append(f"{value} player{'s' if value != 1 else ''}")
        elif isinstance(value, bool):
            words.append(f"{label} {'on' if value else 'off'}")
        elif value is not None:
            words.append(f"{label} {value}")
    return ", ".join(words)


def format_summary(summary: dict[str, Any]) -> str:
    """A plain-text table of a `simulate` summary, saying how shared wins count."""
    games, wins = summary["games"], summary["wins_per_seat"]
    lines = [f"{summary['game']}: {describe_options(summary['options'])}",
             f"{games} games from seed {summary['seed']}",
             f"{'seat':>4}  {'agent':<10} {'wins':>9} {'win rate':>9}"]
    for seat, agent in enumerate(summary["agents"]):
        lines.append(f"{seat:>4}  {agent:<10} {wins[seat]:>9g} {summary['win_rate_per_seat'][seat]:>9.3f}")
    lines.append("(a shared win counts 1/k to each of its k winners)")
    unwon = games - sum(wins)
    if unwon > 1e-6:
        lines.append(f"no seat won {unwon:g} of the {games} games")
    for key, value in summary["means"].items():
        shown = ", ".join(f"{v:g}" for v in value) if isinstance(value, list) else f"{value:g}"
        lines.append(f"mean {key.replace('_', ' ')}: {shown}")
    return "\n".join(lines)
