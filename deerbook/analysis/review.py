"""Review a game: each decision of the seats reviewed, graded against the reviewer, the strongest fair player.

The reviewer is the search agent (`bots.search`, read through the catalogue by name, as the analysis reads every
agent) seeing only what the seat saw: its observation, from which Deer's hidden hands are drawn by exact belief
sampling (never the true hands). At a decision with more than one legal action (one leaves nothing to choose: not
reviewed) it values the move made and every other candidate by the search's own rollouts: a position drawn from
the observation, the candidate played, then greedy play to the round's end (Deer: the seat's win chance from the
pawns then, `deer_win_chances`) or the game's (Football: the seat's win share). Every candidate is tried on the
same positions and dice (common random numbers). Successive halving, as the search does, narrows the other
candidates to one challenger on `SELECTION_ROLLOUTS` rollouts; then the move made and the challenger are played
again on `CONFIRMATION_PAIRS` fresh positions and dice, so the values and their 95% intervals are not inflated by
the choice of the challenger (no winner's curse). The reviewer's choice is the challenger if it does better there
on average, else the move made.

The loss is the mean of the paired differences (best minus made) and its grade is by `GRADES`. A loss whose 95%
interval includes 0 is "fine": the reviewer cannot tell the move from its own choice. Solo Football's final turn is
solved exactly (`football_final_turn`): values are exact win chances, intervals of zero width.

Each decision's rollouts draw from `stream(seed, step)`, so a record and a seed give the same review in every front
end (the terminal, a notebook, the page's Python). Standard library only.
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..engine.agents import shown_to
from ..engine.errors import DeerbookError
from ..engine.protocol import Action, State
from ..engine.record import GameRecord, action_between
from ..engine.registry import agents_for, make_agents
from ..engine.seeding import Rng, stream
from ..engine.validate import is_whole
from .football_final_turn import final_turn_values, is_final_turn
from .stats import Z95, Estimate, proportion

# The grades by loss of win chance: below 2 percentage points "fine", below 5 an "inaccuracy", below 10 a "mistake",
# 10 or more a "blunder" (and any loss whose 95% interval includes 0 is "fine").
GRADES: tuple[tuple[str, float], ...] = (("fine", 0.02), ("inaccuracy", 0.05), ("mistake", 0.10),
                                         ("blunder", math.inf))
WIN_CHANCE = "win chance"
REVIEWER = "search"  # the catalogue's name of the reviewer
SELECTION_ROLLOUTS = 96  # shared by successive halving among the candidates other than the move made
CONFIRMATION_PAIRS = 96  # fresh positions and dice on which the move made and the challenger are valued
HUMAN = "human"  # a person's seat in a record


class ReviewError(DeerbookError):
    """A review that cannot be made as asked (a seat not at the table, a game the reviewer does not play)."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the move made and the reviewer's choice, their values, the loss and its grade.

    `step` indexes `record.steps` (the position before it is `record.positions()[step]`); `loss_interval` is the
    95% interval of the paired differences (best minus made) the grade reads."""

    step: int
    seat: int
    made: str
    best: str
    made_value: Estimate
    best_value: Estimate
    loss: float
    grade: str
    unit: str
    exact: bool
    loss_interval: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Review:
    """The decisions reviewed so far (`complete` once every one is)."""

    record: GameRecord
    decisions: tuple[Decision, ...]
    complete: bool

    def costliest(self, n: int = 3) -> list[Decision]:
        """The `n` decisions that lost the most (largest loss first, ties by step); only losses above 0."""
        return sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.step))[:n]

    def win_chances(self) -> list[tuple[int, int, Estimate]]:
        """(step, seat, the seat's win chance before the move, with best play) for each decision: the chart's line."""
        return [(d.step, d.seat, d.best_value) for d in self.decisions if d.unit == WIN_CHANCE]


class Reviewer:
    """Reviews a record's decisions one at a time (`step`), so a front end shows progress and can stop."""

    def __init__(self, record: GameRecord, seats: Sequence[int] | None = None, seed: int = 0):
        if not is_whole(seed) or seed < 0:
            raise ReviewError(f"a review's seed is a whole number from 0, got {seed!r}")
        positions = record.positions()
        game = positions[0].game
        self.record, self.seed = record, seed
        self.seats = seats_to_review(record, seats, game.num_players)
        self._agent = reviewer_for(game)
        self._pending = [(step, state, action_between(state, index))
                         for step, (state, index) in enumerate(zip(positions, record.steps))
                         if chooses(state, self.seats)]
        self._decisions: list[Decision] = []
        self.total = len(self._pending)

    @property
    def done(self) -> int:
        """The decisions reviewed so far."""
        return len(self._decisions)

    def step(self) -> Decision | None:
        """Review the next decision and return it (None once all are reviewed)."""
        if self.done == self.total:
            return None
        step, state, action = self._pending[self.done]
        decision = review_decision(self._agent, state, action, step, self.seed)
        self._decisions.append(decision)
        return decision

    def review(self) -> Review:
        """What is reviewed so far."""
        return Review(self.record, tuple(self._decisions), self.done == self.total)

    def run(self, progress: Callable[[int, int], None] | None = None) -> Review:
        """Review every decision left, calling `progress(done, total)` before each and at the end."""
        while True:
            if progress is not None:
                progress(self.done, self.total)
            if self.step() is None:
                return self.review()


def seats_to_review(record: GameRecord, seats: Sequence[int] | None, players: int) -> tuple[int, ...]:
    """The seats asked for (each once, in order); None: every person's seat, or every seat if none is a person's.
    ReviewError for a seat not at the table."""
    if seats is None:
        people = tuple(i for i, name in enumerate(record.seats) if name == HUMAN)
        return people or tuple(range(players))
    if not seats:
        raise ReviewError("name at least one seat to review")
    for seat in seats:
        if not is_whole(seat) or not 0 <= seat < players:
            raise ReviewError(f"seat {seat!r} is not at this table: it seats {players} player"
                              f"{'s' * (players != 1)}, numbered 0 to {players - 1}")
    return tuple(dict.fromkeys(seats))


def reviewer_for(game) -> Any:
    """The reviewer (the search agent) for `game`; ReviewError if it does not play it."""
    if REVIEWER not in agents_for(game.name):
        raise ReviewError(f"the reviewer ({REVIEWER}) does not play {game.name}, so its games cannot be reviewed")
    return make_agents(game, [REVIEWER])[0]


def chooses(state: State, seats: tuple[int, ...]) -> bool:
    """Whether `state` is a decision of one of `seats` with more than one legal action."""
    return not state.is_chance_node() and state.current_player() in seats and len(state.legal_actions()) > 1


def review_decision(agent: Any, state: State, made: Action, step: int, seed: int) -> Decision:
    """The decision at `state` (step `step` of its record) reviewed: exactly in solo Football's final turn, else by
    the reviewer's rollouts from `stream(seed, step)` (module docstring)."""
    if is_final_turn(state):
        return exact_decision(state, made, step)
    return sampled_decision(agent, state, made, step, stream(seed, step))


def exact_decision(state: State, made: Action, step: int) -> Decision:
    """A decision of solo Football's final turn, every value an exact win chance (the move made wins ties)."""
    values = final_turn_values(state)
    best = max(values, key=lambda action: (values[action], action == made))
    loss = float(values[best] - values[made])
    return Decision(step, state.current_player(), str(made), str(best), exact(values[made]), exact(values[best]),
                    loss, grade(loss), WIN_CHANCE, True, (loss, loss))


def exact(value: Any) -> Estimate:
    """An exact value as an estimate with an interval of zero width."""
    return Estimate(float(value), 0.0, 1, (float(value), float(value)))


def sampled_decision(agent: Any, state: State, made: Action, step: int, rng: Rng) -> Decision:
    """A decision reviewed by rollouts (module docstring): the challenger chosen by successive halving, then it and
    the move made valued on fresh positions and dice."""
    seat, game = state.current_player(), state.game
    draw = agent.positions(game, shown_to(agent, state, seat))

    def value(position: State, action: Action, dice: int) -> float:
        result = agent.rollout(position, action, seat, dice, agent.greedy(game))
        return result if game.name != "football" else football_result(result)

    def values(actions: Sequence[Action], pairs: int) -> dict[Action, list[float]]:
        found: dict[Action, list[float]] = {action: [] for action in actions}
        for _ in range(pairs):
            position, dice = draw(rng), rng.getrandbits(64)
            for action in actions:
                found[action].append(value(position, action, dice))
        return found

    challenger = best_other(state.legal_actions(), made, values)
    confirmed = values([made, challenger], CONFIRMATION_PAIRS)
    gains = [c - m for c, m in zip(confirmed[challenger], confirmed[made])]
    made_value = proportion(confirmed[made])
    if statistics.fmean(gains) <= 0:  # the move made is the reviewer's choice: nothing lost
        return Decision(step, seat, str(made), str(made), made_value, made_value, 0.0, grade(0.0), WIN_CHANCE, False)
    loss, interval = statistics.fmean(gains), paired_interval(gains)
    return Decision(step, seat, str(made), str(challenger), made_value, proportion(confirmed[challenger]), loss,
                    grade(loss, interval[0]), WIN_CHANCE, False, interval)


def best_other(legal: Sequence[Action], made: Action,
               values: Callable[[Sequence[Action], int], dict[Action, list[float]]]) -> Action:
    """The best candidate other than `made`, by successive halving over `SELECTION_ROLLOUTS` rollouts (each round
    values the candidates left on the same new positions and keeps the better half); the only other one if there is
    one."""
    alive = [action for action in legal if action != made]
    totals = {action: 0.0 for action in alive}
    rounds = math.ceil(math.log2(len(alive))) if len(alive) > 1 else 0
    for _ in range(rounds):
        pairs = max(2, SELECTION_ROLLOUTS // rounds // len(alive))
        for action, found in values(alive, pairs).items():
            totals[action] += sum(found)
        alive.sort(key=lambda action: -totals[action])  # each left has been valued on the same positions
        alive = alive[:max(1, (len(alive) + 1) // 2)]
    return alive[0]


def football_result(value: float) -> float:
    """The seat's result (its win share) inside the search's Football value, the result plus a thousandth of the
    point margin over the best other (`bots.search.football_value`): a sole win has a positive margin (a value
    above 1), a loss a negative or no margin (at most 0), a shared win none (its share); no margin reaches 1000."""
    return 1.0 if value > 1 else 0.0 if value <= 0 else value


def paired_interval(gains: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of paired differences (normal: mean ± 1.96 standard errors)."""
    mean = statistics.fmean(gains)
    half = Z95 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
    return mean - half, mean + half


def grade(loss: float, low: float | None = None) -> str:
    """The grade of a loss of win chance (`GRADES`): "fine" when the lower end `low` of its 95% interval (default:
    the loss itself, exact) is 0 or below, else the first grade whose threshold the loss is below."""
    if (loss if low is None else low) <= 0:
        return GRADES[0][0]
    return next((name for name, threshold in GRADES if loss < threshold), GRADES[-1][0])
