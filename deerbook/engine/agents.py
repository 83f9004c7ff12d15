"""Game-agnostic agents. An agent sees only an observation and the legal actions."""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from .protocol import Action
from .seeding import Rng


class Agent(Protocol):
    """Anything that picks one of the legal actions from what its seat may see."""

    def act(self, observation: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The chosen action, one of `legal`."""


class RandomAgent:
    """Picks uniformly among the legal actions."""

    def act(self, observation: dict[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]
