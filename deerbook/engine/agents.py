"""Game-agnostic agents. An agent sees only an observation and the legal actions."""
from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from .protocol import Action, State
from .seeding import Rng


class Agent(Protocol):
    """Anything that picks one of the legal actions from what its seat may see.

    An agent that only reads its observation by key (`observation["hand"]`) may say so with a class attribute
    `observes_by_key = True`: it is then handed `State.observation_view`, the same entries worked out as they are
    read, instead of the whole dict (`shown_to`)."""

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The chosen action, one of `legal` (`observation` is the dict `State.observation`, or its view)."""


def shown_to(agent: Agent, state: State, player: int) -> Mapping[str, Any]:
    """What `agent`, deciding for `player`, is handed: the observation view if it reads by key, else the dict. An
    agent that says it sees every hand (`sees_every_hand`: it cheats, a measuring stick for studies, registered with
    `AgentInfo.cheats` and never seated at a table) is handed the observation plus the true state (`"true_state"`)."""
    if getattr(agent, "sees_every_hand", False):
        return {**state.observation(player), "true_state": state}
    return state.observation_view(player) if getattr(agent, "observes_by_key", False) else state.observation(player)


class RandomAgent:
    """Picks uniformly among the legal actions."""

    observes_by_key = True  # it reads nothing

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """A uniformly random legal action."""
        return legal[rng.randrange(len(legal))]
