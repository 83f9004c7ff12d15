"""A whole seeded game of greedy bots as a game record, for the link and replay tests."""
from __future__ import annotations

from deerbook.engine import State, make_game
from deerbook.engine.record import GameRecord, record_of_moves
from deerbook.engine.registry import agent_factories
from deerbook.engine.runner import play


def seeded(name: str, seats: list[str], seed: int = 7, **options) -> tuple[GameRecord, State]:
    """A whole game of greedy bots from `seed`, recorded with `seats` (a person's seat played by a bot here): its
    record and its last position."""
    game = make_game(name, num_players=len(seats), **options)
    moves: list = []
    end = play(game, [make() for make in agent_factories(game, ["greedy"] * len(seats))], seed,
               on_step=lambda state, action: moves.append(action))
    return record_of_moves(game, seats, moves), end


def recorded(name: str, seats: list[str], seed: int = 7) -> GameRecord:
    """The record of `seeded`'s game."""
    return seeded(name, seats, seed)[0]
