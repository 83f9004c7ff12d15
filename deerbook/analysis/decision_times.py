"""The CPU time each agent takes a decision, measured by the balance study on a configuration's own seeded games.

`time_decisions` plays the first games of a batch again in this process with every agent timed (`Timed`: CPU
seconds, `time.process_time`, of each decision with a choice; a single legal action costs nothing to decide) and
checks that the timed games are the batch's games (a timer that changed the play would be refused). Each agent's
times become a `DecisionTime`: the median with its 95% distribution-free interval (the order statistics that a
binomial(n, 1/2) count brackets), the number of decisions and games timed. The decisions of one game are not
independent draws, so the interval is a guide, not a guarantee. CPU time is the machine's: the study stores it with
the load it ran under.
"""
from __future__ import annotations

import math
import os
import time
from statistics import fmean
from dataclasses import asdict, dataclass
from typing import Any, Callable, Mapping, Sequence

from ..engine.batch import BatchSpec, play_record
from ..engine.protocol import Action
from ..engine.seeding import Rng
from .stats import Z95


class Timed:
    """An agent that notes the CPU seconds of each of its decisions with a choice in `seconds`."""

    def __init__(self, agent: Any, seconds: list[float]):
        self.agent, self.seconds = agent, seconds
        self.observes_by_key = getattr(agent, "observes_by_key", False)  # what it is shown (`engine.agents.shown_to`)
        self.sees_every_hand = getattr(agent, "sees_every_hand", False)

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The agent's action, timed when there was a choice."""
        start = time.process_time()
        action = self.agent.act(observation, legal, rng)
        if len(legal) > 1:
            self.seconds.append(time.process_time() - start)
        return action


@dataclass(frozen=True)
class DecisionTime:
    """An agent's median CPU milliseconds a decision with its 95% interval, and the mean (a few long decisions, the
    advisor's knocks, show in it), from `decisions` in `games` games."""

    median_ms: float
    low_ms: float
    high_ms: float
    mean_ms: float
    decisions: int
    games: int


def short_time(ms: float) -> str:
    """Milliseconds in two significant figures (at least whole ms), seconds from one second."""
    if ms >= 1000:
        return f"{ms / 1000:.2g} s"
    return f"{ms:.2g} ms" if ms < 10 else f"{round(ms):d} ms"


def median_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The median of `values` and its 95% distribution-free interval (order statistics n/2 -+ 1.96 sqrt(n)/2)."""
    ordered, n = sorted(values), len(values)
    if not n:
        raise ValueError("a median needs at least one value")
    half = Z95 * math.sqrt(n) / 2
    low, high = max(0, math.floor(n / 2 - half)), min(n - 1, math.ceil(n / 2 + half) - 1)
    middle = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    return middle, ordered[low], ordered[high]


def decision_time(seconds: Sequence[float], games: int) -> DecisionTime:
    """The summary of one agent's decision times (seconds) in ms, rounded to 4 significant figures."""
    median, low, high, mean = (float(f"{1000 * s:.4g}") for s in (*median_interval(seconds), fmean(seconds)))
    return DecisionTime(median, low, high, mean, len(seconds), games)


Check = Callable[[int, Any], None]  # told each timed game's index and record: it raises if the game is not the batch's


def time_decisions(spec: BatchSpec, names: Sequence[str], seed: int, games: int,
                   check: Check | None = None) -> dict[str, dict]:
    """Games 0 to games-1 of the batch `(spec, seed)` played again with every agent timed (`names`: each factory's
    agent name): each agent's `DecisionTime` as a dict, by name (an agent with no decision with a choice left out)."""
    seconds: dict[str, list[float]] = {name: [] for name in names}
    for index in range(games):
        timed = BatchSpec(spec.game, tuple(timed_factory(factory, seconds[name])
                                           for factory, name in zip(spec.agents, names)), spec.rotate)
        record = play_record(timed, seed, index)
        if check is not None:
            check(index, record)
    return {name: asdict(decision_time(values, games)) for name, values in seconds.items() if values}


def timed_factory(factory: Callable[[], Any], seconds: list[float]) -> Callable[[], Timed]:
    """A factory of `factory`'s agent timed into `seconds`."""
    return lambda: Timed(factory(), seconds)


def load_average() -> float | None:
    """The machine's load average over the last minute, where the system tells it."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None
