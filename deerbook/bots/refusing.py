"""An agent that refuses one kind of move: the greedy Deer agent that never knocks (the knocking study)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..engine import Action
from .deer_greedy import GreedyAgent


class Refusing:
    """Wraps an agent so it never takes actions of one kind (e.g. never knocks): when the agent picks
    one, the first legal action of another kind is taken instead (if there is one)."""

    def __init__(self, agent, kind: str):
        self.agent, self.kind = agent, kind
        self.observes_by_key = getattr(agent, "observes_by_key", False)  # it reads what the wrapped agent reads

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng) -> Action:
        """The wrapped agent's choice, or the first legal action of another kind when it picks the refused kind."""
        choice = self.agent.act(observation, legal, rng)
        return next((a for a in legal if a.kind != self.kind), choice) if choice.kind == self.kind else choice


class NeverKnocks(Refusing):
    """The greedy agent, except that it never knocks."""

    def __init__(self):
        super().__init__(GreedyAgent(), "knock")

