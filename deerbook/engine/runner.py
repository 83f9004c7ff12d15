"""Play whole games: chance sampled from a seeded Generator, decisions by agents."""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from .agents import Agent
from .protocol import CHANCE, TERMINAL, Action, Game, State


def as_generator(seed_or_rng: int | np.random.Generator | None) -> np.random.Generator:
    """A numpy Generator from a seed, or the generator itself; None is refused (no global random state)."""
    if isinstance(seed_or_rng, np.random.Generator):
        return seed_or_rng
    if seed_or_rng is None:
        raise ValueError("pass a seed or a numpy Generator: deerbook never uses global random state")
    return np.random.default_rng(seed_or_rng)


def sample_outcome(state: State, rng: np.random.Generator) -> Action:
    """A chance outcome of `state` drawn with its exact probability."""
    return state.sample_chance(rng)


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | np.random.Generator | None,
    *,
    state: State | None = None,
    on_step: Callable[[State, Action], None] | None = None,
    max_steps: int = 1_000_000,
) -> State:
    """Play from `state` (default: the initial state) to the end and return the terminal state.

    Chance and each agent draw from their own streams spawned from `seed`, so the
    same seed and agents give the same game.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} agents")
    chance_rng, *agent_rngs = as_generator(seed).spawn(1 + game.num_players)
    state = game.initial_state() if state is None else state
    for _ in range(max_steps):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = state.sample_chance(chance_rng)
            if on_step is not None:
                on_step(state, action)
            state = state._apply(action)  # drawn from the state's own outcomes: no need to check it
            continue
        action = agents[player].act(state.observation(player), state.legal_actions(), agent_rngs[player])
        if on_step is not None:
            on_step(state, action)
        state = state.apply(action)
    raise RuntimeError(f"game did not end within {max_steps} steps")
