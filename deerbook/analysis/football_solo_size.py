"""How big solo Football is: why no table of exact values covers a whole game, while its final turn is solved
exactly (`football_final_turn`). The book's "Playing well" chapter for Football shows both."""
from __future__ import annotations

from math import prod

from ..engine import Game, State, play
from ..engine.registry import make_agents
from ..engine.seeding import Seed, stream
from ..football.rules import DEFENSE_ROLL


def opening_rolls(game: Game) -> list[tuple[str, int]]:
    """The rolls before a game's first decision, each with its number of outcomes: their product is the number of
    positions (each a different set of dice) the first decision can start from (`positions_at_first_decision`)."""
    state, rolls = game.initial_state(), []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        rolls.append((str(state.phase), len(outcomes)))  # type: ignore[attr-defined]
        state = state.apply(outcomes[0][0])
    return rolls


def positions_at_first_decision(game: Game) -> int:
    """The positions a game's first decision can start from: every outcome of the rolls before it."""
    return prod(count for _, count in opening_rolls(game))


def turn_starts(game: Game, agent_names: list[str], games: int, turn: int, seed: int) -> list[State]:
    """The position as turn `turn` (0-based) starts, before its Defense Die, in each of `games` seeded games of the
    named agents (game i from `stream(seed, i)`); a game over before it has none."""
    found = (turn_start(game, agent_names, stream(seed, index), turn) for index in range(games))
    return [state for state in found if state is not None]


def turn_start(game: Game, agent_names: list[str], seed: Seed, turn: int) -> State | None:
    """The position as turn `turn` starts in one seeded game of the named agents (None: the game ended first)."""
    found: list[State] = []

    def seen(state: State, _action) -> None:
        if not found and state.phase == DEFENSE_ROLL and state.turn == turn:  # type: ignore[attr-defined]
            found.append(state)
    play(game, make_agents(game, agent_names), seed, on_step=seen)
    return found[0] if found else None
