"""The strength ladder and the share of skill, from seeded batches (the balance study's stored ones, or new ones).

- `ladder`: each agent's win rate against the same field (greedy agents in every other seat), with 95% intervals,
  in the catalogue's order (random, greedy, advisor, search; the stored study measures the advisor level with greedy
  in Deer and Football, and the search above both), and the search seeing every hand (it cheats) as the ceiling.
- `skill_share`: how far the best fair agent gets above a fair share, as a fraction of the way from a fair share to
  winning every game (0: nothing but luck against this field; 1: skill decides every game).
- `information_value`: what seeing every hand adds to the search agent's win rate (the cheat's edge over it).
- `fit_temperature`: the temperature of the Deer win chances between rounds that the search agent values its
  rollouts by (`bots.search.TEMPERATURES`), fitted to greedy games.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Mapping, Sequence

from ..engine import make_game, play
from ..engine.registry import make_agents
from .batches import Batch, agent_win_rate
from .stats import Estimate, difference, proportion, rescaled

LADDER = ("random", "greedy", "advisor", "search", "perfect-info")  # the rungs, weakest first
LADDER_WORDS = {"random": "random", "greedy": "greedy", "advisor": "advisor", "search": "search",
                "perfect-info": "sees all (cheats)"}  # each rung in the book's words, short enough for a phone's axis
CHEATING = ("perfect-info",)  # rungs that see every hand: a ceiling, not a player
# The study's batch of each rung against greedy agents, by game (`study.CONFIGURATIONS`).
STUDY_RUNGS = {"deer": {"random": "deer-random", "greedy": "deer-basic", "advisor": "deer-advisor",
                        "search": "deer-search", "perfect-info": "deer-perfect-info"},
               "football": {"random": "football-random", "greedy": "football-2p", "advisor": "football-advisor",
                            "search": "football-search"}}


@dataclass(frozen=True)
class Rung:
    """One agent's win rate against the field, from one batch."""

    agent: str
    win_rate: Estimate
    games: int
    cheats: bool


def field_rate(batch: Batch, agent: str) -> Estimate:
    """`agent`'s win rate in a batch against the field: its own seat's result in each game; in a batch where every
    seat is the same agent (the field against itself), the result of seat i mod n in game i (one seat a game,
    every seat in turn: an estimate with its interval, where the mean of every seat would be exactly fair)."""
    if all(set(names) == {agent} for names in batch.seats):
        return proportion(result[i % len(result)] for i, result in enumerate(batch.returns))
    return agent_win_rate(batch, agent)


def ladder(batches: Mapping[str, Batch]) -> list[Rung]:
    """The rungs present in `batches` (agent name -> its batch against the field), weakest first (`LADDER`)."""
    return [Rung(agent, field_rate(batches[agent], agent), batches[agent].games, agent in CHEATING)
            for agent in LADDER if agent in batches]


def study_ladder(study: dict, game: str) -> list[Rung]:
    """The ladder of a stored balance study (`analysis.study.load_study`) for "deer" or "football"."""
    from .study import as_batch

    stored = study["configurations"]
    return ladder({agent: as_batch(stored[key]) for agent, key in STUDY_RUNGS[game].items() if key in stored})


def skill_share(rungs: Sequence[Rung], fair: float) -> Estimate:
    """(best fair win rate - fair share) / (1 - fair share), with its 95% interval: the share of the way from a
    fair share to winning every game that the strongest fair agent covers against the field."""
    best = max((r for r in rungs if not r.cheats), key=lambda r: r.win_rate.mean).win_rate
    return rescaled(best, fair, 1 - fair)


def information_value(rungs: Sequence[Rung]) -> Estimate | None:
    """The cheating search's win rate minus the search agent's (what seeing every hand is worth), or None if the
    ladder lacks either."""
    rates = {r.agent: r.win_rate for r in rungs}
    if "perfect-info" not in rates or "search" not in rates:
        return None
    return difference(rates["perfect-info"], rates["search"])


# -- the search agent's win chances between rounds ---------------------------------------------------------------
def round_pawns(game_name: str, num_players: int, games: int, seed: int) -> list[tuple[tuple[int, ...], tuple]]:
    """(pawns at the start of each round after the first, the game's returns) from seeded greedy games."""
    game = make_game(game_name, num_players=num_players)
    rows: list[tuple[tuple[int, ...], tuple]] = []
    for index in range(games):
        starts: dict[int, tuple[int, ...]] = {}
        final = play(game, make_agents(game, ["greedy"] * num_players), (seed, index),
                     on_step=partial(note_round, starts=starts))
        rows.extend((pawns, final.returns()) for pawns in starts.values())
    return rows


def note_round(state, action, starts: dict[int, tuple[int, ...]]) -> None:
    """Note the pawns when a round after the first is first met."""
    if state.round and state.round not in starts:
        starts[state.round] = state.pawns


def fit_temperature(rows: Sequence[tuple[tuple[int, ...], tuple]], candidates: Sequence[float]) -> float:
    """The temperature T (of `candidates`) whose win chances, a softmax of minus the pawns over T, give the
    observed winners the highest likelihood."""
    def loss(temperature: float) -> float:
        total = 0.0
        for pawns, returns in rows:
            low = min(pawns)
            weights = [math.exp((low - p) / temperature) for p in pawns]
            norm = sum(weights)
            total -= sum(r * math.log(w / norm) for r, w in zip(returns, weights) if r > 0)
        return total
    return min(candidates, key=loss)
