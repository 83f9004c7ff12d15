"""A whole seeded game of greedy bots as a game record, for the link and replay tests."""
from __future__ import annotations

from deerbook.engine import State, make_game
from deerbook.engine.record import GameRecord, record_of_play
from deerbook.engine.registry import make_agents


def seeded(name: str, seats: list[str], seed: int = 7, **options) -> tuple[GameRecord, State]:
    """A whole game of greedy bots from `seed`, recorded with `seats` (a person's seat played by a bot here): its
    record and its last position."""
    game = make_game(name, num_players=len(seats), **options)
    return record_of_play(game, seats, make_agents(game, ["greedy"] * len(seats)), seed)


def recorded(name: str, seats: list[str], seed: int = 7) -> GameRecord:
    """The record of `seeded`'s game."""
    return seeded(name, seats, seed)[0]
