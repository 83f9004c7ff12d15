"""Decision states: every position of a seeded game where a seat decides, for studying real choices."""
from __future__ import annotations

from typing import Sequence

from ..engine import Game, State, play
from ..engine.registry import make_agents


def decision_states(game: Game, agent_names: Sequence[str], seed: int) -> list[State]:
    """Every decision state of one seeded game of `game` played by the named agents, in the order met."""
    seen: list[State] = []
    play(game, make_agents(game, list(agent_names)), seed,
         on_step=lambda state, _: seen.append(state) if not state.is_chance_node() else None)
    return seen
