"""The advisor: every legal choice ranked by its exact expected points this turn.

"This turn" is the actor's run of decisions: the active player's dice, a non-active player's two
picks, a final field-goal offer or an overtime roll; in solo it runs through the picks and Blitz
Bach's roll, so his points count against the choice. The advisor is the engine's exact expectimax
(`engine.exact.best_response`) over every line of the actor's own decisions, memoised on the
states; Blitz Bach's roll is a leaf whose exact score distribution `odds.blitz_roll_distribution` gives.

Best play maximises, in order: expected points minus Blitz Bach's (solo), then the expected worth of
the sheet at the end of the turn, then the fewest yards of plays used up (`preference`): a non-active pick whose
play would gain nothing, e.g. an incomplete pass, is declined.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Sequence, cast

from ..engine.distribution import Distribution
from ..engine.exact import best_response
from ..engine.caching import IdentityCache
from ..engine.protocol import Action
from ..engine.seeding import Rng
from .football_greedy import rebuild
from ..analysis.football_odds import blitz_roll_distribution, default_game, defense_faces, gain, marks_fields
from ..football.marks import Marks, field_space, points
from ..football.rules import ACTIVE, BLITZ_ROLL, PICKS
from ..football.save import position
from ..football.sheet import TRACKS
from ..football.state import FootballState


@dataclass(frozen=True)
class TurnEnd:
    """The actor's sheet totals and Blitz Bach's score at the end of a turn (absolute, or gained in `Advice`)."""

    points: int
    touchdowns: int
    field_goals: int
    blitz: int  # Blitz Bach's total (solo)
    marker: int
    power: int
    kick: int
    yards_used: int  # the base yards of the plays checked on the sheet (`PlaySheet.yards_used`)

    @classmethod
    def of(cls, state: FootballState, player: int, blitz_score: int = 0) -> "TurnEnd":
        """The figures of `player` at `state`, with `blitz_score` added to Blitz Bach's total."""
        m = state.marks[player]
        return cls(m.points, m.touchdowns, m.field_goals, sum(state.blitz) + blitz_score, m.marker, m.power, m.kick,
                   state.game.sheet.yards_used(m.checked))

    def gained_since(self, start: "TurnEnd") -> "TurnEnd":
        """Points, touchdowns, field goals, Blitz Bach's points and yards used since `start`; marker, power, kick as
        they end."""
        return TurnEnd(self.points - start.points, self.touchdowns - start.touchdowns,
                       self.field_goals - start.field_goals, self.blitz - start.blitz, self.marker, self.power,
                       self.kick, self.yards_used - start.yards_used)


POSITION_WEIGHTS = (1, 3, 2)  # per field space, Power Die, Kick Range box (tuned against the greedy agent)


def preference(outcome: Distribution) -> tuple[Fraction, Fraction, Fraction]:
    """What best play maximises: expected net points, then the expected worth of the sheet
    (field spaces + 3 per Power Die + 2 per Kick Range box), then the fewest expected yards of plays used up.
    Exact, summed over a common denominator."""
    common = math.lcm(*(p.denominator for p in outcome.values()))
    net = worth = used = 0
    w_field, w_power, w_kick = POSITION_WEIGHTS
    for e, p in outcome.items():
        weight = p.numerator * (common // p.denominator)
        net += weight * (e.points - e.blitz)
        worth += weight * (w_field * field_space(e.marker) + w_power * e.power + w_kick * e.kick)
        used += weight * e.yards_used
    return Fraction(net, common), Fraction(worth, common), Fraction(-used, common)


def horizon(state: FootballState) -> tuple[int, int, int]:
    """The turn a state belongs to: actor, turn and overtime round."""
    return state.actor, state.turn, state.overtime


@dataclass(frozen=True)
class Advice:
    """One legal choice and the exact distribution of what it gains by the end of the turn."""

    action: Action
    outcome: Distribution  # of TurnEnd, gained since the decision

    @property
    def expected_points(self) -> Fraction:
        """The exact expected points by the end of the turn."""
        return self.outcome.expectation(lambda e: e.points)

    @property
    def touchdown_chance(self) -> Fraction:
        """The exact chance of scoring a touchdown this turn."""
        return self.outcome.probability(lambda e: e.touchdowns > 0)

    @property
    def expected_blitz(self) -> Fraction:
        """Blitz Bach's exact expected points."""
        return self.outcome.expectation(lambda e: e.blitz)

    @property
    def expected_net(self) -> Fraction:
        """Expected points less Blitz Bach's."""
        return self.expected_points - self.expected_blitz


MAX_PREFERENCES = 1 << 16  # solved outcomes whose preference is remembered (then it starts again: memory stays flat)
RANKINGS = {"points": lambda a: a.expected_points, "touchdown": lambda a: a.touchdown_chance,
            "net": lambda a: a.expected_net}


class Advisor:
    """Exact best play to the end of the actor's turn (`engine.exact.best_response`); memoises engine states per
    turn (call `clear` between games)."""

    def __init__(self):
        self._memos: dict[tuple, dict[FootballState, tuple[Action | None, Distribution]]] = {}
        # `preference` of a solved state's outcome, once per distribution (a state reached by several lines is
        # compared again at each)
        self._preferences = IdentityCache(preference, maxsize=MAX_PREFERENCES)
        self._leaves: dict[tuple, Distribution] = {}  # by the turn's end totals (and Blitz Bach's board, solo)

    def clear(self) -> None:
        """Forget the solved states (when a new turn starts)."""
        self._memos.clear()
        self._preferences.clear()
        self._leaves.clear()

    def outcome(self, state: FootballState, turn: tuple) -> Distribution:
        """The distribution of TurnEnd for the actor of `turn` (a `horizon`) when that turn ends, from `state` on."""
        return self._respond(state, turn)[1]

    def _respond(self, state: FootballState, turn: tuple) -> tuple[Action | None, Distribution]:
        """Expectimax over the rest of `turn`: it stops where the turn ends, or at Blitz Bach's roll, whose score
        distribution is the leaf (it changes no mark of the player). Memoised per turn: a state that ends one turn
        is a leaf for that turn's player only."""
        player = turn[0]

        def stop(s: FootballState) -> bool:
            return horizon(s) != turn or s.phase == BLITZ_ROLL

        def leaf(s: FootballState) -> Distribution:
            blitz_rolls = s.phase == BLITZ_ROLL and horizon(s) == turn
            key = (TurnEnd.of(s, player), (s.game, s.board, s.defense_marker, s.me.power) if blitz_rolls else None)
            if key not in self._leaves:  # many lines end with the same totals (and the same board for Blitz Bach)
                self._leaves[key] = (blitz_roll_distribution(s).map(lambda score: TurnEnd.of(s, player, score))
                                     if blitz_rolls else Distribution({key[0]: 1}))
            return self._leaves[key]

        return best_response(state, leaf, stop, self._preferences.of, self._memos.setdefault(turn, {}))

    def best_action(self, state: FootballState) -> Action:
        """The action with the best exact outcome for the player to move."""
        return cast(Action, self._respond(state, horizon(state))[0])  # a decision state has a best action

    def policy(self, state: FootballState) -> Distribution:
        """The advisor as a policy for `deerbook.engine.exact`."""
        return Distribution({self.best_action(state): 1})

    def advise(self, state: FootballState, by: str = "points") -> list[Advice]:
        """Every legal choice with its exact outcome, best first by expected `by` ("points", "touchdown" or
        "net"), ties broken by the advisor's full preference."""
        start, turn = TurnEnd.of(state, state.actor), horizon(state)
        advice = [Advice(a, self.outcome(state.apply(a), turn).map(lambda e: e.gained_since(start)))
                  for a in state.legal_actions()]
        return sorted(advice, key=lambda a: (RANKINGS[by](a), preference(a.outcome)), reverse=True)


class AdvisorAgent:
    """Plays the advisor's best choice: most expected points this turn (net of Blitz Bach's in solo)."""

    def __init__(self):
        self.advisor, self._turn = Advisor(), None

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The exact advisor's best action (the only one when there is no choice)."""
        if len(legal) == 1:
            return legal[0]
        state = rebuild(observation)
        if horizon(state) != self._turn:
            self.advisor.clear()
            self._turn = horizon(state)
        return self.advisor.best_action(state)


# --- whole choices from a sheet position, over the Defense Die -------------------------------------
@dataclass(frozen=True, order=True)
class ChoiceOutcome:
    """What a whole choice gained: yards (a touchdown counts the yards to the End Zone), touchdowns, field goals."""

    yards: int
    touchdowns: int
    field_goals: int

    @property
    def points(self) -> int:
        """The points scored: touchdowns and field goals."""
        return points(self.touchdowns, self.field_goals)


def play_choice(state: FootballState, advisor: Advisor) -> ChoiceOutcome:
    """Follow the advisor from `state` until the actor's dice of this phase are done; add up what they gained."""
    player, phase, yards = state.actor, state.phase, 0
    start = state.marks[player]
    while not state.is_terminal() and state.actor == player and state.phase == phase:
        state, events = state.step(advisor.best_action(state))
        yards += gain(e for e in events if e.player == player).yards
    end = state.marks[player]
    return ChoiceOutcome(yards, end.touchdowns - start.touchdowns, end.field_goals - start.field_goals)


def _over_defense(game, build, defense: int | None, advisor: Advisor | None) -> Distribution:
    advisor = advisor or Advisor()
    faces = defense_faces(game) if defense is None else ((defense, Fraction(1)),)
    return Distribution((play_choice(build(face), advisor), p) for face, p in faces)


def active_choice(marks: Marks, track: int, dice: int, defense: int | None = None, game=None,
                  advisor: Advisor | None = None) -> Distribution:
    """Exact distribution of ChoiceOutcome for the active player taking `dice` dice on `track` from the sheet
    `marks`, the Defense Die rolled (or the face `defense`), later decisions (field goals, wild targets) best."""
    game = game or default_game()
    hand = tuple(dice if t == track else 0 for t in TRACKS)
    return _over_defense(game, lambda face: position(game, marks={0: marks_fields(marks)}, phase=ACTIVE, hand=hand,
                                                       defense=face), defense, advisor)


def picks_choice(marks: Marks, first: int, second: int, defense: int | None = None, game=None,
                 advisor: Advisor | None = None) -> Distribution:
    """The same for a non-active player (seat 1 of a 2-player game) whose picks are tracks `first` and `second`
    (in the better order)."""
    game = game or default_game()
    board = tuple(int(t in (first, second)) for t in TRACKS)
    return _over_defense(game, lambda face: position(game, marks={1: marks_fields(marks)}, phase=PICKS, actor=1,
                                                       board=board, defense=face), defense, advisor)
