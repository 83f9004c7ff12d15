"""Football seasons for the tests: seeded seasons of whole games (game i from `engine.seeding.stream(seed, i)`, through
`engine.batch.run_batch` as `simulate` plays them), solo seasons of several agents, their win rates and figures."""
import statistics
from concurrent.futures import Executor
from fractions import Fraction

from deerbook.analysis.stats import Estimate, estimate, proportion
from deerbook.engine import make_game
from deerbook.engine.batch import BatchSpec, run_batch
from deerbook.engine.registry import agent_factories


def season(game, agent_names: list[str], games: int, seed: int, *, workers: int | None = None,
           executor: Executor | None = None) -> list[dict]:
    """Play `games` seeded games (game i from the i-th child seed, by the batch runner `simulate` uses); each
    game's stats()."""
    spec = BatchSpec(game, agent_factories(game, agent_names))
    return [record.stats for record in run_batch(spec, games, seed, workers=workers, executor=executor)]


def win_rates(seasons: dict) -> dict:
    """{(agent, difficulty): wins, games, win rate, mean points, Blitz Bach's mean} from the seasons of each."""
    table = {}
    for key, stats in seasons.items():
        wins = sum(s["won_vs_blitz_bach"] for s in stats)
        table[key] = {"wins": wins, "games": len(stats), "win_rate": Fraction(wins, len(stats)),
                      "mean_points": Fraction(sum(s["points"][0] for s in stats), len(stats)),
                      "mean_blitz_bach": Fraction(sum(s["blitz_bach_score"] for s in stats), len(stats))}
    return table


def solo_seasons(agents: list[str], difficulties=("normal", "hard"), games: int = 20, seed: int = 1) -> dict:
    """{(agent, difficulty): the stats() of `games` seeded solo games against Blitz Bach} (same seeds for all)."""
    return {(agent, difficulty): season(make_game("football", num_players=1, solo_difficulty=difficulty), [agent],
                                        games, seed)
            for difficulty in difficulties for agent in agents}


def season_figures(stats: list[dict]) -> dict[str, Estimate]:
    """A season's figures with 95% intervals: points, touchdowns and field goals per seat and touchdowns per seat a
    round (each game's mean over its seats, so that the games are the independent samples); solo also the win rate
    against Blitz Bach and his points."""
    def per_seat(key: str, scale: float = 1) -> Estimate:
        return estimate(statistics.fmean(s[key]) * scale for s in stats)

    figures = {"points": per_seat("points"), "touchdowns": per_seat("touchdowns"),
               "field_goals": per_seat("field_goals"),
               "touchdowns_per_round": estimate(statistics.fmean(s["touchdowns"]) / s["rounds"] for s in stats)}
    if "won_vs_blitz_bach" in stats[0]:
        figures |= {"win_rate": proportion(s["won_vs_blitz_bach"] for s in stats),
                    "blitz_bach_points": estimate(s["blitz_bach_score"] for s in stats)}
    return figures
