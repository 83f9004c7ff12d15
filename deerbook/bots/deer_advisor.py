"""The Deer advisor agent: the exact turn walk's best choice where this turn's points are the story, else greedy.

The walk itself (`Turn`, `advise`, `advise_seat`: every roll and choice of the rest of the turn, exactly) is in
`bots.deer_turn_walk`; the decisions the book shows it are in `analysis.deer_positions`.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..analysis.deer_positions import DECISION_QUESTIONS, decision_positions
from ..deer.rules import Phase
from ..deer.state import DeerState
from ..engine import Action
from ..engine.seeding import Rng
from .deer_greedy import GreedyAgent
from .deer_turn_walk import TABLE_BUDGET, OverBudget, advise, advise_seat, mean

# The agent follows the advisor where this turn's points are the story: the numbers it names (on the dice, on a
# Joker's die, in Ruling 6 groups) and knocking. Predators, racks and draws build racks for later turns, and so does
# whether to play a Joker at all (kept, it may stand in for a rack): the greedy agent's. Measured where the advisor
# chose otherwise than greedy, both choices played out again by the search agent's rollouts to the round's end
# (`analysis.choices.differences(..., agent_name="advisor")`, 4-player games of seed 7001): deciding the Joker too,
# it chose otherwise only there (182 of 960 decisions in 200 games, nearly all keeping a Joker greedy would play),
# each time costing its seat 1.1 points of win chance in 100 (95% interval 0.3 to 1.9); with knocking on, it knocks
# otherwise than greedy at 69 of 268 decisions in 100 games, each worth +10.8 points (6.2 to 15.4).
ADVISED_PHASES = frozenset({Phase.JOKER_FACE, Phase.CHOOSE_NUMBER, Phase.GROUP, Phase.KNOCK})


class AdvisorAgent:
    """At the numbers it names and knocking (`ADVISED_PHASES`), the choice with the best expected net points shed this
    turn over `deals` positions drawn from its seat's belief (`advise_seat`; ties: the greedy agent's choice);
    elsewhere the greedy agent. A position whose exact answer would take more than `budget` engine steps (a Three
    Deer Heads that could take a huge Discard pile into hand) is left to the greedy agent too."""

    budget = TABLE_BUDGET
    largest = 40  # hand + Discard pile: beyond this, greedy (the engine slows down on huge hands)
    deals = 4
    observes_by_key = True  # reads its observation by key (the belief reads the entries it needs)

    def __init__(self):
        self.greedy = GreedyAgent()

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The exact advisor's choice where it is cheap enough, else the greedy agent's."""
        greedy = self.greedy.act(observation, legal, rng)
        size = sum(observation["hand"]) + sum(observation["discard"])
        if len(legal) == 1 or observation["phase"] not in ADVISED_PHASES or size > self.largest:
            return greedy
        values = advise_seat(observation, self.deals, rng, self.budget)
        if not values:
            return greedy
        best = mean(next(iter(values.values())))
        tied = [action for action, deals in values.items() if mean(deals) == best]
        return greedy if greedy in tied else tied[0]


def advisor_positions(seed: int = 3, game_name: str = "deer", **options) -> list[DeerState]:
    """The first decision of each kind the advisor takes (`DECISION_QUESTIONS`, in that order) among a seeded game's
    (`decision_positions`), within the advisor agent's step budget."""
    first: dict[str, DeerState] = {}
    for state in decision_positions(seed, game_name, **options):
        if state.phase not in first:
            try:
                advise(state, budget=AdvisorAgent.budget)
            except OverBudget:
                continue
            first[state.phase] = state
    return [first[phase] for phase in DECISION_QUESTIONS if phase in first]
