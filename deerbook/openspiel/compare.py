"""OpenSpiel's ISMCTS bot against deerbook's agents: the same games, strength and speed side by side.

`duel(game, options, challenger, field, games, seed)` plays `games` seeded games of a deerbook game loaded in
OpenSpiel: the challenger (`"ismcts"`, OpenSpiel's information-set MCTS bot, or any deerbook agent name) in one
seat, rotated seat by seat from game to game, the `field` agent in every other seat. Game i draws its chance
moves and each seat's choices from the streams spawned from `engine.seeding.stream(seed, i)`, as every deerbook
game does, so each challenger meets the same deals and rolls. The result is the challenger's share of the wins (a
shared win splits 1; against n - 1 copies of the field an equal player's share is 1/n) and its CPU time per
decision, each with a 95% interval.

ISMCTS runs a number of simulations per decision, or as many as fit a CPU time budget (`budget_ms`, worked out
from the time its last decisions took per simulation): give it the time per decision a deerbook agent took to
compare them at equal time per move. Each simulation samples a world with the engine's belief sampling
(`DeerbookState.resample`) and plays random moves from a new leaf to the end (OpenSpiel's
`RandomRolloutEvaluator`).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..analysis.stats import Estimate, estimate, proportion
from ..engine.agents import shown_to
from ..engine.registry import make_agents
from ..engine.seeding import spawn, stream
from .games import DeerbookState, short_name

ISMCTS = "ismcts"  # the challenger name of OpenSpiel's ISMCTS bot
UCT_C = 2.0  # OpenSpiel's examples' exploration constant
MIN_SIMULATIONS = 2  # OpenSpiel's ISMCTS needs two: the first only expands the root


@dataclass(frozen=True)
class DuelResult:
    """A challenger against a field: its share of the wins and its CPU milliseconds per decision."""

    challenger: str
    field: str
    game: str
    options: dict[str, Any]
    games: int
    seed: int
    share: Estimate  # the challenger's result per game (winners split 1)
    ms_per_move: Estimate  # CPU milliseconds per decision of the challenger
    median_ms: float
    budget_ms: float | None  # ISMCTS: the time budget per decision it was given
    simulations: float | None  # ISMCTS: simulations per decision, on average

    def summary(self) -> str:
        """The result in one line."""
        who = self.challenger + (f" ({self.budget_ms:.4g} ms budget)" if self.budget_ms is not None else "")
        sims = f", {self.simulations:.1f} simulations a decision" if self.simulations is not None else ""
        won = self.share.mean * self.games
        return (f"{who} vs {self.field} x{self.seats - 1}: won {won:g} of {self.games} games, {self.share.percent()} "
                f"(equal share {1 / self.seats:.1%}); {self.ms_per_move.mean:.2f} ms a decision "
                f"(median {self.median_ms:.2f}){sims}")

    @property
    def seats(self) -> int:
        """How many seats each game has."""
        return int(self.options["players"])


class IsmctsSeat:
    """OpenSpiel's ISMCTS bot in one seat: a fixed number of simulations per decision, or a CPU time budget."""

    def __init__(self, game: pyspiel.Game, rng: random.Random, simulations: int | None = None,
                 budget_ms: float | None = None, uct_c: float = UCT_C):
        if (simulations is None) == (budget_ms is None):
            raise ValueError("give ISMCTS either simulations or budget_ms per decision")
        self.game, self.rng, self.uct_c = game, rng, uct_c
        self.simulations, self.budget = simulations, None if budget_ms is None else budget_ms / 1000
        self.random_state = np.random.RandomState(rng.getrandbits(32))
        self.evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.random_state)
        self.per_simulation: float | None = None  # CPU seconds a simulation took lately
        self.run: list[int] = []  # simulations of each decision searched

    def step(self, state: DeerbookState) -> int:
        """The bot's decision at `state` (its seat is to move)."""
        simulations = self._simulations()
        bot = ismcts.ISMCTSBot(self.game, self.evaluator, self.uct_c, simulations, random_state=self.random_state)
        bot.set_resampler(lambda sampled, player: sampled.resample(player, self.rng))
        start = time.process_time()
        number = int(bot.step(state))
        if len(state.legal_actions()) > 1:  # else the bot answers without searching
            spent = (time.process_time() - start) / simulations
            self.per_simulation = spent if self.per_simulation is None else 0.8 * self.per_simulation + 0.2 * spent
            self.run.append(simulations)
        return number

    def _simulations(self) -> int:
        if self.simulations is not None:
            return self.simulations
        if self.per_simulation is None or self.budget is None:
            return MIN_SIMULATIONS  # the first decision measures the cost of a simulation
        return max(MIN_SIMULATIONS, int(self.budget / self.per_simulation))


def duel(game_name: str, options: dict[str, Any], challenger: str, field: str, games: int, seed: int,
         simulations: int | None = None, budget_ms: float | None = None) -> DuelResult:
    """`games` seeded games: `challenger` in seat i mod n of game i, `field` in every other seat."""
    game = pyspiel.load_game(short_name(game_name), options)
    results, times, sims = [], [], []
    for i in range(games):
        seat = i % game.num_players()
        result, spent, run = _play(game, challenger, field, seat, (seed, i), simulations, budget_ms)
        results.append(result)
        times.extend(spent)
        sims.extend(run)
    ms = [1000 * t for t in times]
    return DuelResult(challenger, field, game_name, dict(game.get_parameters()), games, seed, proportion(results),
                      estimate(ms), float(np.median(ms)), budget_ms if challenger == ISMCTS else None,
                      float(np.mean(sims)) if sims else None)


def _play(game: pyspiel.Game, challenger: str, field: str, seat: int, key: tuple[int, int],
          simulations: int | None, budget_ms: float | None) -> tuple[float, list[float], list[int]]:
    """One game: the challenger's result, its CPU seconds per decision, and ISMCTS's simulations per decision."""
    n, rules = game.num_players(), game.game
    chance, *seat_rngs = spawn(stream(*key), 1 + n)
    agents = make_agents(rules, [challenger if p == seat and challenger != ISMCTS else field for p in range(n)])
    bot = IsmctsSeat(game, seat_rngs[seat], simulations, budget_ms) if challenger == ISMCTS else None
    codec, state, spent = game.numbering.codec, game.new_initial_state(), []
    while not state.is_terminal():
        player, now = state.current_player(), state.state
        if state.is_chance_node():
            state.apply_action(codec.outcome_id(now.sample_chance(chance)))
            continue
        start = time.process_time()
        if player == seat and bot is not None:
            number = bot.step(state)
        else:
            agent = agents[player]
            number = codec.action_id(agent.act(shown_to(agent, now, player), now.legal_actions(), seat_rngs[player]))
        if player == seat:
            spent.append(time.process_time() - start)
        state.apply_action(number)
    return state.returns()[seat], spent, bot.run if bot is not None else []
