"""Exact answers by enumerating the engine's own chance outcomes.

A *policy* maps a decision state to a `Distribution` over its legal actions
(`uniform_policy`, or `agent_policy` for a deterministic agent). From a state we
walk every chance outcome and every action the policy may take until `stop(state)`
holds, and collect `value(state)` there with its exact probability.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Hashable, NamedTuple, Protocol, TypeVar, cast


from .agents import Agent, shown_to
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
        action = agent.act(shown_to(agent, state, player), state.legal_actions(), unused)
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
            key: Callable[[S], Hashable] | None, shared: "SharedWalks | None" = None,
            ledger: "Ledger | None" = None) -> Callable[[S], Weights]:
    """The exact walk from a state to the weights of `value` where it stops, remembering every state solved
    (one memo for every walk of this function; with `shared`, also what the walks of related starts solved)."""
    if shared is not None and ledger is None:
        raise ValueError("walks that share solved states count their steps: pass a `ledger`")
    sharing = None if shared is None else (shared, cast(Ledger, ledger))
    memo: dict[Hashable, Weights] = {}
    open_states: set[Hashable] = set()

    def walk(s: S) -> Weights:
        k = s if key is None else key(s)
        if k in memo:
            return memo[k]
        known = None if sharing is None else sharing[0].entries.get(k)
        if sharing is not None and known is not None and known.weights is not None:
            return sharing[0].replay(k, memo, sharing[1])
        if k in open_states:
            raise ValueError(f"the play can return to an earlier state; choose a `stop` that cuts the loop:\n{s}")
        open_states.add(k)
        successors: list[Successor] = []
        own_steps = 0
        if s.is_terminal() or stop(s):
            result: Weights = ({value(s): 1}, 1)
        elif sharing is None:
            branches = s.chance_outcomes() if s.is_chance_node() else policy(s).items()
            result = _mix([(p, walk(s.apply(a))) for a, p in branches])
        elif known is not None:
            result = sharing[0].follow(s, known, walk, memo, sharing[1])
        else:
            result, successors, own_steps = sharing[0].expand(s, policy, walk, sharing[1])
        memo[k] = result
        open_states.discard(k)
        if sharing is not None and known is None:
            sharing[0].record(s, k, result, successors, own_steps, key or _itself)
        return result

    return walk


def _itself(s: Any) -> Hashable:
    return cast(Hashable, s)


class Ledger(Protocol):
    """Counts the steps a walk takes (e.g. a step budget)."""

    def used(self) -> int:
        """Steps taken so far."""

    def spend(self, steps: int = 1) -> None:
        """Count `steps` more steps."""


Successor = tuple[Action, Fraction, Any]  # a branch: its action, its chance, the state it leads to


class Known(NamedTuple):
    """A state solved by one of the walks sharing a `SharedWalks`, as every walk would meet it."""

    weights: Weights | None  # None if its future may read what the starts differ in
    branches: tuple[tuple[Action, Fraction, Hashable, bool], ...]  # action, chance, successor's key, step reads
    steps: int  # the steps the state took itself (applying its branches, and any to list them)


class SharedWalks:
    """What the walks of related starts (e.g. deals of the unseen cards) solved, for one another. Their `key`
    tells states apart within one walk and gives a state of another walk the same key if the same play led
    there. `reads(s, action, t)` says whether state `s` itself (action and t None), or its step by `action` to
    `t`, may read what the starts differ in; a state that does not is kept with its branches (the same in every
    walk), and with its weights too if nothing in its future reads it. Each walk counts on its `Ledger` the
    steps it would take without the others: a kept state's own steps once per walk that meets it."""

    def __init__(self, reads: Callable[[Any, Any, Any], bool]):
        self.reads = reads
        self.entries: dict[Hashable, Known] = {}
        self.keys: dict[Hashable, Hashable] = {}

    def expand(self, s: Any, policy: Callable[[Any], Distribution], walk: Callable[[Any], Weights],
               ledger: Ledger) -> tuple[Weights, list[Successor], int]:
        """Walk every branch of `s`: its weights, its (action, chance, successor) triples and the steps `s`
        took itself (those of its branches' walks aside)."""
        start, walked = ledger.used(), 0
        mixed: list[tuple[Fraction, Weights]] = []
        successors: list[Successor] = []
        for a, p in (s.chance_outcomes() if s.is_chance_node() else policy(s).items()):
            t = s.apply(a)
            before = ledger.used()
            mixed.append((p, walk(t)))
            walked += ledger.used() - before
            successors.append((a, p, t))
        return _mix(mixed), successors, ledger.used() - start - walked

    def follow(self, s: Any, known: Known, walk: Callable[[Any], Weights], memo: dict[Hashable, Weights],
               ledger: Ledger) -> Weights:
        """Walk `s` along its kept branches: a step that reads nothing to a solved state is only counted; the
        rest are applied (unchecked: the state's own branches, as walked before) and walked."""
        ledger.spend(known.steps - len(known.branches))  # the steps to list its branches
        mixed: list[tuple[Fraction, Weights]] = []
        for a, p, child, reads in known.branches:
            if not reads and self.solved(child):
                ledger.spend()
                mixed.append((p, self.replay(child, memo, ledger)))
            else:
                mixed.append((p, walk(s._apply(a))))
        return _mix(mixed)

    def record(self, s: Any, k: Hashable, result: Weights, successors: list[Successor], own_steps: int,
               key: Callable[[Any], Hashable]) -> None:
        """Keep `s` (solved to `result`) unless it reads what the starts differ in."""
        if self.reads(s, None, None):
            return
        branches = tuple((a, p, self._canonical(key(t)), self.reads(s, a, t)) for a, p, t in successors)
        solved = all(not reads and self.solved(child) for _, _, child, reads in branches)
        self.entries[self._canonical(k)] = Known(result if solved else None, branches, own_steps)

    def _canonical(self, k: Hashable) -> Hashable:
        """One object per key (looked up by identity first: no field-by-field comparison)."""
        return self.keys.setdefault(k, k)

    def solved(self, k: Hashable) -> bool:
        """Whether `k` is kept with its weights (nothing in its future reads what the starts differ in)."""
        known = self.entries.get(k)
        return known is not None and known.weights is not None

    def replay(self, k: Hashable, memo: dict[Hashable, Weights], ledger: Ledger) -> Weights:
        """The weights of solved `k`; each state of its future that the walk has not met is remembered, and the
        steps it took itself counted on `ledger`."""
        stack, steps = [k], 0
        while stack:
            state = stack.pop()
            if state not in memo:
                known = self.entries[state]
                assert known.weights is not None, "a solved state's future is solved"
                memo[state] = known.weights
                steps += known.steps
                stack.extend(child for _, _, child, _ in known.branches)
        ledger.spend(steps)  # the same total as step by step: over the budget or not alike
        return memo[k]


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
    shared: SharedWalks | None = None,
    ledger: Ledger | None = None,
) -> list[tuple[Action, Fraction]]:
    """Each legal action with the exact expected value reached after it, best first (one walk for all the
    actions: a position reached after several of them is solved once; `key` as in `outcome_distribution`;
    `shared` with the walks of related starts, counting the walk's steps on `ledger`)."""
    walk = _walker(value, stop, policy, key, shared, ledger)
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
            return None, Distribution((v, p * q) for a, p in s.chance_outcomes()
                                      for v, q in solve(s.apply(a))[1].items())
        options = [(a, solve(s.apply(a))[1]) for a in s.legal_actions()]
        best = max(range(len(options)), key=lambda i: (key(options[i][1]), -i))
        return options[best]

    return solve(state)
