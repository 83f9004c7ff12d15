"""Game-agnostic agents. An agent sees only an observation and the legal actions."""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np

from .protocol import Action


class Agent(Protocol):
    def act(self, observation: dict, legal: Sequence[Action], rng: np.random.Generator) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def act(self, observation: dict, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]
