"""The Deer advisor agent: the exact turn walk's best choice whether to knock, else greedy.

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
from .deer_turn_walk import TABLE_BUDGET, OverBudget, advise, advise_seat, mean, seat_belief

# The agent walks the turn exactly only where that gains strength: knocking. Measured where the advisor chose
# otherwise than greedy, both choices played out again by the search agent's rollouts to the round's end
# (`analysis.choices.differences(..., agent_name="advisor")`, 4-player games of seed 7001): with knocking on, it
# knocks otherwise than greedy at 42 of 179 decisions in 60 games, each worth +11.1 points of win chance in 100 (95%
# interval 5.3 to 16.9). At the numbers it names (on the dice, on a Joker's die, in Ruling 6 groups) it chose as
# greedy at every one of 884 decisions in 100 games (and of 476 with knocking on), at 100 times greedy's cost: those
# are the greedy agent's now, and every game of the stored study's two advisor configurations replays unchanged.
# Whether to play a Joker stays greedy's too: decided by the walk, it cost its seat 1.1 points in 100 (95% interval
# 0.3 to 1.9; it chose otherwise at 182 of 960 decisions in 200 games, nearly all keeping a Joker greedy would play).
ADVISED_PHASES = frozenset({Phase.KNOCK})
NUMBER_PHASES = frozenset({Phase.JOKER_FACE, Phase.CHOOSE_NUMBER, Phase.GROUP})  # walked until the measure above


class AdvisorAgent:
    """At a knock (`ADVISED_PHASES`), the choice with the best expected net points shed this turn over `deals`
    positions drawn from its seat's belief (`advise_seat`; ties: the greedy agent's choice); elsewhere the greedy
    agent. A position whose exact answer would take more than `budget` engine steps (a Three
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
        if len(legal) == 1 or size > self.largest:
            return greedy
        if observation["phase"] in NUMBER_PHASES:
            self.draw_deals(observation, rng)
        if observation["phase"] not in ADVISED_PHASES:
            return greedy
        values = advise_seat(observation, self.deals, rng, self.budget)
        if not values:
            return greedy
        best = mean(next(iter(values.values())))
        tied = [action for action, deals in values.items() if mean(deals) == best]
        return greedy if greedy in tied else tied[0]

    def draw_deals(self, observation: Mapping[str, Any], rng: Rng) -> None:
        """Draw the deals the walk at a number decision drew (`advise_seat`), walking none of them: with knocking on,
        the seat's stream then stands where it stood, so each knock sees the same deals as before and seeded games
        (the stored study's) replay unchanged. Without knocking nothing reads the stream again: nothing is drawn."""
        if observation["options"].get("knocking"):
            belief = seat_belief(observation)
            for _ in range(self.deals):
                belief.sample(rng)


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
