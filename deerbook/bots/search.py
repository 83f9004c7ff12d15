"""The search agent: determinized Monte Carlo search over positions drawn from what its seat has seen.

At a decision with more than one legal action the agent draws full positions consistent with its observation
(Deer: `State.sample_belief`'s exact belief sampling, from the observation alone; Football: the public table itself),
plays each candidate action in each of them, then lets the greedy agent play every seat on the engine's fast path
(`State.play_decision`) to a horizon, and values the position reached for its seat (`value`). Every candidate is
tried on the same positions with the same dice (common random numbers: the candidates are compared on the same luck),
and the candidates are narrowed by successive halving: each round shares the round's rollouts among the candidates
left and keeps the better half (and the greedy agent's choice). The best candidate is taken only if it beats the
greedy agent's choice clearly: by more than `CLEARLY` standard errors of their paired differences (one between two
candidates, two among more). Without that gate
the search leaves the greedy choice about half the time on noise alone, and those switches, measured again on fresh
positions, are worth nothing on average (`analysis.choices`).

- Deer plays to the end of the round (a round decides who sheds what, and its end is seconds of play away) and values
  the pawns then by each seat's chance of winning from there (`deer_win_chances`: the lower the pawn the likelier
  the win, a softmax whose temperature was fitted to greedy games, `deerbook.analysis.skill.fit_temperature`), or the
  result itself when the game ended.
- Football plays to the end of the game and values the result (a shared win as its share), plus a hundredth of the
  point margin to tell equal results apart.

The budget is `simulations` rollouts per decision (a count, not a time, so a seeded game replays exactly);
`SearchAgent.default_simulations` keeps a decision near 0.1 s on one core (`benchmarks/agents.py` measures it).
`PerfectInformationSearch` searches the true position instead of drawn ones: it sees every hand (it cheats), the
balance study's ceiling for what hidden information is worth, never a seat at a table.
"""
from __future__ import annotations

import math
import random
import statistics
from typing import Any, Callable, Mapping, Sequence, cast

from ..deer.belief import Belief
from ..deer.component_file import load_components
from ..engine.agents import shown_to
from ..engine.protocol import Action, State
from ..engine.registry import game_of, make_agents
from ..engine.seeding import Rng
from .football_greedy import rebuild

# Deer: the softmax temperature of the round-end win chances, in pawn points, by edition, early and late in the game
# (late: once a pawn has gone `LATE` of the way to Finish), fitted to greedy games (`analysis.skill.fit_temperature`).
TEMPERATURES = {"deer": (70.0, 40.0), "deer-cards": (27.0, 20.0)}
LATE = 0.6
# The standard errors by which the best candidate must beat the greedy agent's choice to be taken: between two
# candidates, one; among more, two (the best of several looks better than it is: the most of several noisy means).
CLEARLY = (1.0, 2.0)
OPENINGS = 256  # candidates' openings kept (`SearchAgent.opening`): when full, it starts again


class SearchAgent:
    """Determinized Monte Carlo search with greedy rollouts (module docstring); `simulations` rollouts a decision."""

    default_simulations = 48
    observes_by_key = True  # reads its observation by key (the Deer belief reads the entries it needs)

    def __init__(self, simulations: int | None = None):
        self.simulations = simulations or self.default_simulations
        self._greedy: dict[Any, list] = {}
        self._openings: dict[Action, tuple[State, State]] = {}  # `opening`'s, by candidate: (position, opening)

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The candidate with the best mean value over the rollouts, if it beats the greedy agent's choice clearly
        (`clearly`); else the greedy agent's choice."""
        if len(legal) == 1:
            return legal[0]
        game, seat = self.game_of(observation), observation["player"]
        greedy = self.greedy(game)
        preferred = greedy[seat].act(observation, legal, rng)
        draw = self.positions(game, observation)
        rounds = max(1, math.ceil(math.log2(len(legal))))
        alive = list(legal)
        values: dict[Action, list[float]] = {a: [] for a in legal}  # values[a][i]: a's value on drawn position i
        drawn: list[tuple[State, int]] = []
        for _ in range(rounds):
            done, share = len(values[preferred]), max(1, self.simulations // rounds // len(alive))
            while len(drawn) < done + share:
                drawn.append((draw(rng), rng.getrandbits(64)))
            for position, seed in drawn[done:done + share]:
                for action in alive:
                    values[action].append(self.rollout(position, action, seat, seed, greedy))
            alive.sort(key=lambda a: (-statistics.fmean(values[a]), a is not preferred))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if preferred not in alive:  # the greedy choice stays: the best is compared with it, position by position
                alive.append(preferred)
            if len(alive) == 1:
                break
        best = max(alive, key=lambda a: (statistics.fmean(values[a]), a is preferred))
        return best if clearly(values[best], values[preferred], CLEARLY[len(legal) > 2]) else preferred

    def game_of(self, observation: Mapping[str, Any]):
        """The game the observation is of (built once per distinct options)."""
        options = observation["options"]
        if "components" in options:
            return game_of(load_components(options["components"]).game, options)
        return game_of("football", options)

    def greedy(self, game) -> list:
        """The greedy agent of every seat (the rollouts' players), made once per game (Football's remember their
        choices: the rollouts of several candidates meet the same decisions again)."""
        if game not in self._greedy:
            self._greedy[game] = make_agents(game, ["greedy"] * game.num_players)
        return self._greedy[game]

    def positions(self, game, observation: Mapping[str, Any]) -> Callable[[Rng], State]:
        """A function drawing full positions consistent with the observation."""
        if game.name == "football":
            state = rebuild(observation)
            return lambda rng: state
        belief = Belief(game, observation)
        return belief.sample

    def rollout(self, position: State, action: Action, seat: int, seed: int, greedy: list) -> float:
        """The value for `seat` of playing `action` in `position`, then greedy play to the horizon (`seed`: the
        dice, the same for every candidate)."""
        rng = random.Random(seed)
        deer = position.game.name != "football"
        state: Any = (position.play_decision(action, rng) if deer
                      else self.opening(position, action, greedy).play_chance(rng))
        start_round = cast(Any, position).round
        while not state.is_terminal() and not (deer and state.round != start_round):
            state = state.play_decision(greedy_move(greedy[state.current_player()], state, rng), rng)
        return deer_value(state, seat) if deer else football_value(state, seat)

    def opening(self, position: State, action: Action, greedy: list) -> State:
        """Football: the state after `action` in `position` and the greedy decisions after it, up to the first roll
        or the end. No die is rolled on the way, so every rollout of the candidate opens alike: worked out once
        per position and candidate (the latest position's kept), then each rollout's dice drawn from there exactly
        as `play_decision` after each move would draw them."""
        known = self._openings.get(action)
        if known is None or known[0] is not position:
            if len(self._openings) >= OPENINGS:
                self._openings.clear()
            state = position.apply(action)
            while (player := state.current_player()) >= 0:  # a seat decides: no chance move, no end
                state = state.apply(greedy[player].act_in_state(state, state.legal_actions(), player))
            known = self._openings[action] = (position, state)
        return known[1]


def greedy_move(agent, state: State, rng: Rng) -> Action:
    """The greedy `agent`'s move at `state`, for the seat to move: from the state itself where the agent can take it
    (Football's: everything is public, so its observation is that state), else from the seat's observation."""
    player, legal = state.current_player(), state.legal_actions()
    act_in_state = getattr(agent, "act_in_state", None)
    if act_in_state is not None:  # speed: no observation built and read back for every greedy move of a rollout
        return act_in_state(state, legal, player)
    return agent.act(shown_to(agent, state, player), legal, rng)


def clearly(best: list[float], preferred: list[float], errors: float) -> bool:
    """Whether `best` beats `preferred` on the same positions and dice by more than `errors` standard errors of the
    paired differences (a choice that only looks better by luck stays the greedy agent's)."""
    gains = [b - p for b, p in zip(best, preferred)]
    if len(gains) < 2 or not any(gains):
        return False
    return statistics.fmean(gains) > errors * statistics.stdev(gains) / math.sqrt(len(gains))


def deer_value(state: State, seat: int) -> float:
    """`seat`'s chance of winning from a Deer position at a round's end (`deer_win_chances`), or its result."""
    if state.is_terminal():
        return state.returns()[seat]
    return deer_win_chances(state)[seat]


def deer_win_chances(state) -> list[float]:
    """Each seat's chance of winning from its pawn between rounds: a softmax of minus the pawns over a temperature
    fitted to greedy games (`TEMPERATURES`)."""
    comp = state.game.components
    early, late = TEMPERATURES.get(comp.game, TEMPERATURES["deer"])
    temperature = late if max(state.pawns) >= LATE * comp.finish else early
    low = min(state.pawns)
    weights = [math.exp((low - pawn) / temperature) for pawn in state.pawns]
    total = sum(weights)
    return [w / total for w in weights]


def football_value(state: State, seat: int) -> float:
    """`seat`'s result at the end of a Football game, plus a thousandth of its point margin over the best other
    (Blitz Bach solo): equal results told apart by the score."""
    football = cast(Any, state)
    marks = football.marks
    others = [sum(football.blitz)] if football.solo else [m.points for i, m in enumerate(marks) if i != seat]
    return state.returns()[seat] + (marks[seat].points - max(others)) / 1000


class PerfectInformationSearch(SearchAgent):
    """The search agent searching the true position: it sees every hand (it CHEATS: the study's ceiling for what
    hidden information is worth; never offered at a table)."""

    sees_every_hand = True  # the runner hands it the true state (`engine.agents.shown_to`)

    def positions(self, game, observation: Mapping[str, Any]) -> Callable[[Rng], State]:
        """The true position, every time."""
        state = observation["true_state"]
        return lambda rng: state
