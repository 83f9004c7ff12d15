"""Exact answers by enumerating the engine's own chance outcomes.

A *policy* maps a decision state to a `Distribution` over its legal actions
(`uniform_policy`, or `agent_policy` for a deterministic agent). From a state we
walk every chance outcome and every action the policy may take until `stop(state)`
holds, and collect `value(state)` there with its exact probability.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Hashable, TypeVar


from .agents import Agent
from .distribution import Distribution
from .protocol import Action, State
from .seeding import stream

S = TypeVar("S", bound=State)
Policy = Callable[[State], Distribution]
Weights = tuple[dict[Hashable, int], int]  # integer weight per value, and the total they are out of


def uniform_policy(state: State) -> Distribution:
    """Every legal action equally likely."""
    return Distribution.uniform(state.legal_actions())


def agent_policy(agent: Agent) -> Policy:
    """The policy of a deterministic agent (it is given a fixed-seed generator it must not need)."""

    unused = stream(0)  # one generator for every call: a deterministic agent never draws from it

    def choose(state: State) -> Distribution:
        player = state.current_player()
        action = agent.act(state.observation(player), state.legal_actions(), unused)
        return Distribution.certain(action)

    return choose


def outcome_distribution(
    state: S,
    value: Callable[[S], Hashable],
    stop: Callable[[S], bool],
    policy: Callable[[S], Distribution] = uniform_policy,
    key: Callable[[S], Hashable] | None = None,
) -> Distribution:
    """The exact distribution of value(s) at the first state s where stop(s) or s is terminal.

    States are solved once each, remembered by `key(s)` (default: the state itself); a `key` may merge
    states only if their futures are the same (same chance outcomes, same policy choices, same values)."""
    return _distribution(_walker(value, stop, policy, key)(state))


def _walker(value: Callable[[S], Hashable], stop: Callable[[S], bool], policy: Callable[[S], Distribution],
            key: Callable[[S], Hashable] | None) -> Callable[[S], Weights]:
    """The exact walk from a state to the weights of `value` where it stops, remembering every state solved
    (one memo for every walk of this function)."""
    memo: dict[Hashable, Weights] = {}
    open_states: set[Hashable] = set()

    def walk(s: S) -> Weights:
        k = s if key is None else key(s)
        if k in memo:
            return memo[k]
        if k in open_states:
            raise ValueError(f"the play can return to an earlier state; choose a `stop` that cuts the loop:\n{s}")
        open_states.add(k)
        if s.is_terminal() or stop(s):
            result: Weights = ({value(s): 1}, 1)
        else:
            branches = s.chance_outcomes() if s.is_chance_node() else policy(s).items()
            result = _mix([(p, walk(s.apply(a))) for a, p in branches])
        memo[k] = result
        open_states.discard(k)
        return result

    return walk


def _distribution(weights: Weights) -> Distribution:
    """Integer weights over their total as an exact distribution."""
    counts, total = weights
    return Distribution((v, Fraction(w, total)) for v, w in counts.items())


def _mix(branches: list[tuple[Fraction, Weights]]) -> Weights:
    """The branches' weights, each scaled by its exact probability, over one common total (lowest terms):
    integer sums instead of a Fraction per product."""
    totals = [p.denominator * total for p, (_, total) in branches]
    common = math.lcm(*totals)
    mixed: dict[Hashable, int] = {}
    for (p, (weights, _)), total in zip(branches, totals):
        scale = p.numerator * (common // total)
        for v, w in weights.items():
            mixed[v] = mixed.get(v, 0) + scale * w
    divisor = math.gcd(common, *mixed.values())
    return ({v: w // divisor for v, w in mixed.items()}, common // divisor) if divisor > 1 else (mixed, common)


def action_values(
    state: S,
    value: Callable[[S], Fraction | int],
    stop: Callable[[S], bool],
    policy: Callable[[S], Distribution] = uniform_policy,
    key: Callable[[S], Hashable] | None = None,
) -> list[tuple[Action, Fraction]]:
    """Each legal action with the exact expected value reached after it, best first (one walk for all the
    actions: a position reached after several of them is solved once; `key` as in `outcome_distribution`)."""
    walk = _walker(value, stop, policy, key)
    scored = [(a, _distribution(walk(state.apply(a))).expectation()) for a in state.legal_actions()]
    return sorted(scored, key=lambda pair: -pair[1])


def best_response(
    state: S,
    leaf: Callable[[S], Distribution],
    stop: Callable[[S], bool],
    key: Callable[[Distribution], Any] = Distribution.expectation,
    memo: dict[S, tuple[Action | None, Distribution]] | None = None,
) -> tuple[Action | None, Distribution]:
    """Exact expectimax: the best first action and the distribution it leads to.

    Play goes on until `stop(s)` or the end, where `leaf(s)` gives the distribution of outcomes (often one
    certain value). Chance is averaged with its exact probabilities; at every decision the action whose outcome
    distribution has the largest `key` (default: its mean) is taken, the first of equals in legal-action order.
    Pass a `memo` dict to share solved states between calls."""
    solved: dict[S, tuple[Action | None, Distribution]] = {} if memo is None else memo

    def solve(s: S) -> tuple[Action | None, Distribution]:
        if s not in solved:
            solved[s] = expand(s)
        return solved[s]

    def expand(s: S) -> tuple[Action | None, Distribution]:
        if s.is_terminal() or stop(s):
            return None, leaf(s)
        if s.is_chance_node():
            return None, Distribution((v, p * q) for a, p in s.chance_outcomes() for v, q in solve(s.apply(a))[1].items())
        options = [(a, solve(s.apply(a))[1]) for a in s.legal_actions()]
        best = max(range(len(options)), key=lambda i: (key(options[i][1]), -i))
        return options[best]

    return solve(state)
