"""The answers to the exercises of the book's OpenSpiel chapter, computed through OpenSpiel (needs open-spiel)."""
from __future__ import annotations

import pyspiel

from .games import short_name


def numbered(game_name: str, players: int) -> tuple[int, int]:
    """How many numbered actions and chance outcomes OpenSpiel gives a deerbook game."""
    game = pyspiel.load_game(short_name(game_name), {"players": players})
    return game.num_distinct_actions(), game.max_chance_outcomes()


def passes_random_sim_test(game_name: str, params: dict, games: int = 1) -> bool:
    """Whether OpenSpiel's own `random_sim_test` passes `games` random games (it raises if not)."""
    pyspiel.random_sim_test(pyspiel.load_game(short_name(game_name), params), num_sims=games, serialize=False,
                            verbose=False)
    return True
