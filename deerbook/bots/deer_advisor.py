"""The Deer advisor agent: the exact turn walk's best choice whether to knock, else greedy; and the advice for a seat.

The walk itself (`TurnAccount`, `advise`: every roll and choice of the rest of the turn, exactly, for a full
position) is in `bots.deer_turn_walk`. A seat sees only its observation: `advise_seat` draws full positions from
the seat's belief (`deer.belief`, the one model of what a seat knows: its hand, the table and the round's history
as it saw it; `State.sample_belief`) and averages the walk's exact answers over the draws. The agent and the hints
(`play.hints`) both ask it, within `TABLE_BUDGET` engine steps. The decisions the book shows the advisor are in
`analysis.deer_positions` and `chapters.deer_examples`.
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any, Mapping, Sequence, cast

from ..deer.belief import Belief
from ..deer.component_file import load_components
from ..deer.game import DeerGame
from ..deer.rules import Phase, card_list
from ..deer.save import position
from ..deer.state import DeerState
from ..engine import Action
from ..engine.registry import game_of
from ..engine.seeding import Rng
from .deer_greedy import GreedyAgent
from .deer_turn_walk import OverBudget, advise, shared_deals

# The engine steps an answer at the table may take (the advisor agent's and the hints'): beyond, e.g. a Three Deer
# Heads that could take a huge Discard pile into hand, no answer.
TABLE_BUDGET = 30_000

# The agent walks the turn exactly only where that gains strength: knocking. Where it chooses otherwise than greedy,
# both choices are played out again by the search agent's rollouts to the round's end: the stored measurement
# "advisor-knocking" of `analysis.choices.CHOICE_STUDIES` (the numbers, in analysis/data/search-choices.json;
# tests/bots/test_deer_advisor_choices.py checks that they bear this out: a real gain at the knock, greedy's choice
# everywhere else). Walked at the numbers it names and at the Jokers too, it chose as greedy at nearly every one at
# 100 times greedy's cost, and its Jokers cost its seat win chance (measured then: this file's history): those are
# the greedy agent's now, and every game of the stored study's advisor configurations replays unchanged.
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


def seat_belief(observation: Mapping[str, Any]) -> Belief:
    """What the observing seat knows (`deer.belief`): every position it cannot tell from the true one, drawn with
    its probability given all the seat has seen (its hand, the table and the round's history as it saw it)."""
    options = observation["options"]
    return Belief(cast(DeerGame, game_of(load_components(options["components"]).game, options)), observation)


def position_for_hand(game, hand: Sequence[str], hand_sizes: Sequence[int], rng: Rng, discard: Sequence[str] = (),
                      player: int = 0) -> DeerState:
    """The start of `player`'s turn holding `hand` (card names) beside the Discard pile `discard`, the other hands
    of `hand_sizes` and the Predator pile drawn from the belief of a seat that has seen nothing else (every deal of
    the unseen cards equally likely)."""
    unseen = Counter(card_list(game.components, game.full_deck)) - Counter(hand) - Counter(discard)
    cards = list(unseen.elements())
    ends = list(itertools.accumulate((0 if p == player else hand_sizes[p] for p in range(game.num_players)),
                                     initial=0))
    hands = [list(hand) if p == player else cards[ends[p]:ends[p + 1]] for p in range(game.num_players)]
    return position(game, hands, discard=list(discard), current=player).sample_belief(player, rng)


def advise_seat(observation: Mapping[str, Any], deals: int, rng: Rng,
                budget: int | None = None) -> dict[Action, list[Fraction]]:
    """Every legal choice with its exact expected net points shed this turn (`advise`) on each of `deals` positions
    drawn from the seat's belief (`seat_belief`), best first by their mean. The deals share every position whose
    future reads none of the unseen cards (`shared_deals`); a deal whose answer would take more than `budget`
    engine steps is left out (none left: an empty answer)."""
    belief, shared = seat_belief(observation), shared_deals()
    values: dict[Action, list[Fraction]] = {}
    for _ in range(deals):
        try:
            ranked = advise(belief.sample(rng), budget=budget, shared=shared)
        except OverBudget:
            continue
        for action, value in ranked:
            values.setdefault(action, []).append(value)
    return dict(sorted(values.items(), key=lambda item: mean(item[1]), reverse=True))


def mean(values: Sequence[Fraction]) -> Fraction:
    """The exact mean of some values."""
    return sum(values, Fraction(0)) / len(values)
