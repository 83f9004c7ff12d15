"""The exact turn walk: one turn's points shed and received and whether it goes out, over every roll and choice.

`TurnAccount` wraps an engine state and keeps the turn's account as the engine moves cards: the
points that left the player's hand (`shed`) and came into it (`received`). At the round's end
the hand is scored, so the last step is accounted by the player's round score. The turn is over
at the next turn's roll, or when the round ends. `engine.exact` walks the wrapped states, so
every chance outcome and every legal action is the engine's own.

Three Deer Heads again on the re-roll, with the Discard pile already taken (Ruling 10), comes back
to the same position: a loop. At a re-roll the wrapper drops the outcomes that come back (following
the continuation policy's forced choices, e.g. 'no Joker') and divides the rest by 1 − (their
chance): the geometric series summed exactly. This needs a deterministic continuation policy
(the greedy agent's), as every policy here is.

Speed (an odds explorer or a hint answers in well under a second). Every position is solved once per
`advise` (one memo for all its choices) and remembered by what its future can read (`TurnAccount.walk_key`:
no roll after the predator die, only the predator face while passing). With the greedy continuation,
which does not read the predator face before the predator die, the walk rolls the number dice first
and the predator die only when the play reads it: the number dice are played out once, not once per
predator face. Two more cases never read the face, so it is not rolled there either: number dice that end the
turn at once (a re-roll or a frozen player's roll without a Deer Head, Rulings 7 and 10: all one outcome), and
the faces of predators the roller does not hold (Ruling 12: on to the rack, all one face).
tests/bots/test_deer_turn_walk.py checks the answers against the plain walk's, and each case against every face.

Unknown cards. `turn_distribution(state)` and `advise(state)` are exact for a *full* position
(every hand and pile given). At the table a player sees only their observation: `bots.deer_advisor.advise_seat` draws
full positions from the seat's belief and averages the exact answers over the draws.

Deals of one view share their solved positions (`shared_deals`, as the hints use it): a position is remembered
by its `deal_key` (the other hands and the Predator pile as their change since the turn's start, so the same play
gives the same key in every deal), and another deal takes it only if nothing in its future reads the unseen
cards (`TurnAccount.reads_unseen`: a draw from the Predator pile, another player's choice, a hand-over, the round's
end).
Each deal still counts the steps of its own walk: a taken position's own steps are counted once per deal that
meets it (`engine.exact.SharedWalks`). tests/bots/test_deer_turn_walk.py checks every taken position.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterator, Mapping, NamedTuple

from ..engine import CHANCE, Action, Distribution, State
from ..engine.exact import SharedWalks, action_values, agent_policy, outcome_distribution
from ..engine.caching import IdentityCache, cached_method
from ..engine.frozen import evolve
from .deer_greedy import GreedyAgent
from ..deer.rules import Phase, hand_value, loses_turn, matching, predator_decision, rolled_numbers
from ..deer.state import POSITION_FIELDS, DeerState

TURN_START_PHASES = frozenset({Phase.ROLL, Phase.KNOCK})  # a new turn begins (before its roll, or its knock choice)
# Phases whose future reads less of the roll on the table than all of it, and never the die a Joker was played
# on. Nothing: the re-roll overwrites both before reading them (Rulings 10 and 14: `on_roll`); after the predator
# die (Ruling 12) the predator discard, the rack, the draw and the end of the turn read neither (`end_turn` clears
# them). The predator face (the roll's last face) only: passing the number cards and the predator's cards go on to
# the predator die (Rulings 3 and 12: `on_pass`, `on_predator`, `predator_phase`). The greedy agent's choices in
# these phases read neither. The exact walks solve positions that differ only in what is not read once
# (`TurnAccount.walk_key`); tests/bots/test_deer_turn_walk.py checks every such pair met in its walks.
ROLL_FREE_PHASES = frozenset({Phase.REROLL, Phase.PREDATOR_DISCARD, Phase.RACK, Phase.RACK_PAWN, Phase.RACK_AMOUNT,
                              Phase.DRAW, Phase.DRAW_CARD})
PREDATOR_FACE_PHASES = frozenset({Phase.PASS, Phase.PREDATOR})
# The phases before the predator die: entered without reading the predator face, and left by a transition that
# reads it only if it goes on to the predator die (`predator_phase`) or away from these phases; the greedy
# agent's choices here do not read it. A walk whose policy says so (`predator_blind`) rolls the predator die
# only when it is read (`TurnAccount`).
BEFORE_PREDATOR_PHASES = frozenset({Phase.JOKER, Phase.JOKER_FACE, Phase.CHOOSE_NUMBER, Phase.GROUP,
                                    Phase.HAND_OVER, Phase.BLOCK, Phase.PASS, Phase.REROLL})
# The phases whose step may resolve the number dice (Rulings 2-8 and 14: `resolve_number_dice`, `on_choose`).
RESOLVING_PHASES = frozenset({Phase.ROLL, Phase.REROLL, Phase.JOKER, Phase.JOKER_FACE, Phase.CHOOSE_NUMBER})


@dataclass(frozen=True)
class TurnAccount(State):
    """An engine state plus the current turn's account for `player` (from the turn's start).

    With a `predator_blind` policy and a predator die, a roll's outcomes that differ only in the predator face
    are one outcome (its first, their chances summed) while the play stays in `BEFORE_PREDATOR_PHASES`: the
    turn then carries the face's chances given the number dice (`predator`). An action that leaves those phases
    first becomes a chance node of its own (`deferred`): the predator face, then the action (the faces it sends
    the same way, `face_effect`, rolled as one). The chances are the engine's: P(roll) = P(number dice) ×
    P(predator face | number dice).
    """

    inner: DeerState
    player: int
    round: int
    turns: int  # the engine's turn counter once this turn has rolled
    shed: int = 0
    received: int = 0
    policy: Any = field(default=None, compare=False, repr=False)  # the continuation (for loops)
    budget: "Budget | None" = field(default=None, compare=False, repr=False)
    # The turn's positions met so far, each kept once: a position met again (e.g. a re-roll's outcome that
    # the first roll reached too) is the same object, with its policy choice and successors already known.
    # None: not kept (a walk by `deal_key` hashes its keys, not the positions: keeping them would cost a hash each).
    met: dict | None = field(default_factory=dict, compare=False, repr=False)
    predator: tuple[tuple[Action, Fraction], ...] | None = None  # the faces still to roll, with their chances
    deferred: Action | None = None  # the action that reads the predator face, once it is rolled
    origin: DeerState | None = field(default=None, compare=False, repr=False)  # the turn's start (`deal_key`)
    changes: dict = field(default_factory=dict, compare=False, repr=False)  # `deal_key`'s, by (seat, cards)

    # Worked out once per state (`cached_method`): its successors by action (a re-roll's loop check and the walk
    # apply the same ones), the continuation policy's choice (both ask for it), its keys, its hash.
    @cached_method
    def __hash__(self) -> int:
        """Hashed once per state (the walks look each one up several times)."""
        return hash((self.inner, self.player, self.round, self.turns, self.shed, self.received, self.predator,
                     self.deferred))

    @classmethod
    def start(cls, state: DeerState, policy, budget: "Budget | None" = None, keep_met: bool = True) -> "TurnAccount":
        """The rest of the current player's turn from `state`, continued by `policy`."""
        before_roll = state.phase in TURN_START_PHASES
        return cls(state, state.current, state.round, state.turns + before_roll, policy=policy, budget=budget,
                   origin=state, met={} if keep_met else None)

    @cached_method
    def over(self) -> bool:
        """Whether the turn has ended (the next turn starts, or the round or game is over)."""
        s = self.inner
        return self.round_over() or (s.phase in TURN_START_PHASES and s.turns >= self.turns)

    @cached_method
    def decide(self) -> Distribution:
        """The continuation policy's choice here."""
        return self.policy(self)

    @cached_method
    def walk_key(self) -> "TurnAccount":
        """What the exact walks remember this position by: the turn itself, but in `ROLL_FREE_PHASES` with no
        roll and in `PREDATOR_FACE_PHASES` with only the predator face, and no Joker's die (what the rest of
        the turn does not read: positions differing only there have the same future)."""
        unread, predator = self._unread()
        return evolve(self, inner=evolve(self.inner, **unread), **predator) if unread else self

    def _unread(self) -> tuple[dict, dict]:
        """What `walk_key` changes, if anything: in the inner state, and in the turn."""
        s = self.inner
        if s.phase in ROLL_FREE_PHASES:
            if (s.roll, s.joker_die, self.predator) != (None, None, None):
                return {"roll": None, "joker_die": None}, {"predator": None}
        elif s.phase in PREDATOR_FACE_PHASES and (s.roll, s.joker_die) != (_predator_face(s), None):
            return {"roll": _predator_face(s), "joker_die": None}, {}
        return {}, {}

    @cached_method
    def deal_key(self) -> "DealKey":
        """The walk key with the other hands and the Predator pile as their change since the turn's start: within
        one walk it tells the same positions apart as `walk_key`; across deals of the unseen cards, positions
        reached by the same play have the same key (what `reads_unseen` guards)."""
        s = self.inner
        unread, predator = self._unread()
        fields = {**s.__dict__, **unread, "predator_pile": self._change(-1, s.predator_pile),
                  "hands": tuple(hand if p == self.player else self._change(p, hand) for p, hand in enumerate(s.hands))}
        return DealKey((self.player, self.round, self.turns, self.shed, self.received,
                        predator.get("predator", self.predator), self.deferred, s.game,
                        *map(fields.__getitem__, POSITION_FIELDS)))

    def _change(self, seat: int, cards: tuple) -> tuple:
        """How `seat`'s hand (-1: the Predator pile) changed since the turn's start, per kind (worked out once)."""
        assert self.origin is not None, "a turn from `TurnAccount.start` knows its start"
        start = self.origin.predator_pile if seat < 0 else self.origin.hands[seat]
        if cards is start:  # most positions: the very same count vector
            return _no_change(len(cards))
        change = self.changes.get((seat, cards))
        if change is None:
            change = self.changes[seat, cards] = tuple(a - b for a, b in zip(cards, start))
        return change

    def reads_unseen(self, action: Action | None = None, after: "TurnAccount | None" = None) -> bool:
        """Whether this position (no `action`), or its step by `action` to `after`, may read the unseen cards'
        contents: the other hands or the Predator pile (their sizes are the same in every deal; `advise` shares
        nothing while others hold set-aside cards, as a block reads them, Ruling 19). The player's own choices
        read only their observation (the greedy continuation's do), and the dice nothing unseen; what does read
        them: a draw from the Predator pile (Ruling 1), another player's choice (a hand-over or a block: they see
        their own hand), the round's end (scores after a knock read every hand, Ruling 18), and resolving a roll
        whose chart row makes the others hand over when the roller holds none of its numbers (Ruling 2)."""
        s = self.inner
        if action is not None:
            assert after is not None, "a step leads somewhere"
            return (after.over() and after.round_over()) or self._may_ask_for_hand_over(action, after)
        if self.over():
            return self.round_over()
        if self.is_chance_node():  # dice read nothing unseen; a re-roll's outcomes that come back neither
            return self.deferred is None and s.phase not in (Phase.ROLL, Phase.REROLL)
        return s.current_player() != self.player

    def _may_ask_for_hand_over(self, action: Action, after: "TurnAccount") -> bool:
        """Whether the step by `action` (to `after`) may resolve a roll whose chart row pulls from the other
        hands while the roller's hand holds none of the numbers it moves (Ruling 2: `discard_numbers`). Every
        roll it may resolve is checked: the one on the table, the one rolled, the one after it, the Joker's."""
        s = self.inner
        if s.phase not in RESOLVING_PHASES:
            return False
        rolls = [s.roll, after.inner.roll, action.args if action.kind == "roll" else None]
        if s.phase == Phase.JOKER_FACE and s.roll is not None and s.joker_die is not None:
            named = (self.deferred or action).args  # Ruling 14: the Joker's die shows the named number
            rolls.append(s.roll[:s.joker_die] + named + s.roll[s.joker_die + 1:])
        comp, hand = s.game.components, s.hands[self.player]
        return any(_pulls(comp, hand, roll) for roll in rolls if roll is not None)

    def round_over(self) -> bool:
        """Whether the round (or the game) has ended."""
        return self.inner.is_terminal() or self.inner.round != self.round

    def goes_out(self) -> bool:
        """The round ended this turn with the player scoring 0 (their hand emptied)."""
        return self.round_over() and self.inner.round_points[self.player] == 0

    def points(self) -> int:
        """The player's hand value now (their round score once the round is over)."""
        s = self.inner
        return s.round_points[self.player] if self.round_over() else hand_value(s.game.components, s.hands[self.player])

    # -- the engine protocol, delegated -----------------------------------------------------------
    @cached_method
    def current_player(self) -> int:
        """The inner state's player to move (chance while a deferred predator face is rolled)."""
        return CHANCE if self.deferred is not None else self.inner.current_player()

    def rule(self) -> str:
        """The inner state's governing rule."""
        return self.inner.rule()

    def _legal_actions(self) -> tuple[Action, ...]:
        return self.inner.legal_actions()

    def _chance_outcomes(self):
        if self.deferred is not None:
            return self.predator
        outcomes = self.inner.chance_outcomes()
        if self._defers():
            outcomes = self._by_number_dice(outcomes)
        if self.inner.phase != Phase.REROLL:
            return outcomes
        back = {a for a, _ in outcomes if self._rerolls_again(a) and self._comes_back(self._apply(a))}
        stay = 1 - sum((p for a, p in outcomes if a in back), Fraction(0))
        return tuple((a, p / stay) for a, p in outcomes if a not in back)

    def _defers(self) -> bool:
        """Whether this roll's predator face is rolled only when read."""
        s = self.inner
        return (s.phase in (Phase.ROLL, Phase.REROLL) and bool(s.game.components.predator_die)
                and getattr(self.policy, "predator_blind", False))

    def _by_number_dice(self, outcomes):
        """The roll's outcomes, those that differ only in the predator face merged into their first where it
        leads into `BEFORE_PREDATOR_PHASES` (its successor carries the faces' chances); every outcome whose number
        dice alone end the turn (`_loses_turn`: they all lead to the same position) merged into the first of them."""
        merged, lost = [], []
        for first, group in _PREDATOR_GROUPS.of(outcomes).items():
            if self._loses_turn(first):
                lost.append(group)
            elif group.faces is not None and self._apply(first).predator is not None:
                merged.append((first, group.chance))
            else:
                merged.extend(group.outcomes)
        if lost:
            merged.append((lost[0].outcomes[0][0], sum((group.chance for group in lost), Fraction(0))))
        return tuple(merged)

    def _loses_turn(self, roll: Action) -> bool:
        """Whether `roll`'s number dice alone end the turn, the predator face unread: a re-roll, or a frozen
        player's roll, with no Deer Head on them (Rulings 7 and 10: `on_roll` ends the turn at once)."""
        s = self.inner
        return loses_turn(s.game.components, s.phase, s.frozen[s.current], roll.args)

    def _rerolls_again(self, roll: Action) -> bool:
        """Whether this re-roll's outcome `roll` may come back here: only a roll whose number dice, as rolled,
        take the Discard pile and re-roll again (Ruling 10) can, as a Joker played on it leaves the hand."""
        return self.inner.game.components.chart_row(roll.args).effect == "take_discard_reroll"

    def _comes_back(self, s: "TurnAccount") -> bool:
        """Whether `s`, this re-roll's outcome, then the policy's forced choices, leads back here (the
        dice on the table aside: the same `walk_key`). The account only grows, so a change rules it out."""
        while (s.shed, s.received) == (self.shed, self.received) and not s.over() and not s.is_chance_node() \
                and len(choice := s.decide()) == 1:
            s = s._apply(next(iter(choice)))
        return s.walk_key() == self.walk_key()

    def returns(self):
        """The inner state's returns."""
        return self.inner.returns()

    def observation(self, player: int) -> dict:
        """The inner state's observation for `player`."""
        return self.inner.observation(player)

    def observation_view(self, player: int) -> Mapping[str, Any]:
        """The inner state's observation view for `player`."""
        return self.inner.observation_view(player)

    def to_json(self) -> dict:
        """The inner state as JSON-able data."""
        return self.inner.to_json()

    def _apply(self, action: Action) -> "TurnAccount":
        if self.budget is not None:
            self.budget.spend()  # counted on every apply, known successor or not
        known = self._successors()
        after = known.get(action)
        if after is None:
            after = self._successor(action)
            after = known[action] = self._kept(after)
        return after

    @cached_method
    def _successors(self) -> dict[Action, "TurnAccount"]:
        """The successors met so far, by action (filled by `_apply`)."""
        return {}

    def _successor(self, action: Action) -> "TurnAccount":
        if self.deferred is not None:  # the predator face rolled: then the action that reads it
            rolled = evolve(self.inner, roll=_number_faces(self.inner) + action.args)
            return evolve(self, inner=rolled, predator=None, deferred=None)._successor(self.deferred)
        inner = self.inner._apply(action)
        predator = self.predator
        if self._defers():
            group = _PREDATOR_GROUPS.of(self.inner.chance_outcomes()).get(action)
            predator = group and group.faces
        if predator is not None and inner.phase not in BEFORE_PREDATOR_PHASES:
            faces = () if self.inner.is_chance_node() else self._faces_read(inner, predator)
            if len(faces) > 1:
                split = evolve(self, deferred=action, predator=faces)  # `inner`: its outcome for the face on the table
                known = self._accounted(inner, None)
                split._successors().update({face: self._kept(known)
                                            for face, _ in faces if face.args == _predator_face(self.inner)})
                return split
            predator = None
        return self._accounted(inner, predator)

    def _kept(self, t: "TurnAccount") -> "TurnAccount":
        """`t`, or the equal position met before."""
        return t if self.met is None else self.met.setdefault(t, t)

    def _faces_read(self, inner: DeerState, faces):
        """The predator `faces` as `inner`, the outcome of an action that leaves `BEFORE_PREDATOR_PHASES`, reads
        them: those that `face_effect` sends the same way merged into their first, their chances summed."""
        merged: dict[Any, tuple[Action, Fraction]] = {}
        for face, chance in faces:
            effect = self.face_effect(inner, face)
            first, total = merged.get(effect, (face, Fraction(0)))
            merged[effect] = first, total + chance
        return tuple(merged.values())

    def face_effect(self, inner: DeerState, face: Action):
        """What a predator `face` does after `inner` (an action's outcome that leaves `BEFORE_PREDATOR_PHASES`):
        while the number cards are passed, the face itself is still to come; otherwise "rack" where the roller
        holds no card of that predator (none at all, for the Discard face), as the predator die then goes on to
        the rack (Ruling 12: `predator_phase`; nothing moves the hand after it)."""
        decision = predator_decision(inner.game.components, inner.hands[self.inner.current], face.args[0])
        return face if inner.phase == Phase.PASS or decision is not None else "rack"

    def _accounted(self, inner: DeerState, predator) -> "TurnAccount":
        """The turn moved on to `inner`, its account updated."""
        before, now = self.inner.hands[self.player], inner.hands[self.player]
        out = into = 0
        if inner.is_terminal() or inner.round != self.round:  # the round is over: the hand is scored
            change = inner.round_points[self.player] - self.points()
            out, into = max(0, -change), max(0, change)
        elif now != before:
            for p, b, a in zip(self.inner.game.components.points, before, now):
                if b > a:
                    out += p * (b - a)
                elif a > b:
                    into += p * (a - b)
        return evolve(self, inner=inner, shed=self.shed + out, received=self.received + into, predator=predator)


@lru_cache(maxsize=4096)
def _pulls(comp, hand, roll: tuple) -> bool:
    """Whether resolving `roll` may ask the other players to hand over: its chart row pulls when the roller holds
    none of the numbers it moves, and the roller holds none of the rolled numbers (or the numbers are chosen
    among them: any may be one the roller lacks)."""
    row = comp.chart_row(roll)
    return row.pull_if_none and (row.choose_from_rolled > 0
                                 or not any(matching(comp, hand, rolled_numbers(comp, roll))))


def _predator_face(s: DeerState) -> tuple:
    """The roll's last face (the predator die's, in an edition with one), as a 1-tuple."""
    assert s.roll is not None, "a roll is on the table"
    return s.roll[-1:]


def _number_faces(s: DeerState) -> tuple:
    """The roll's faces but the last."""
    assert s.roll is not None, "a roll is on the table"
    return s.roll[:-1]


@lru_cache(maxsize=None)
def _no_change(kinds: int) -> tuple:
    return (0,) * kinds


class DealKey:
    """A `TurnAccount.deal_key`: the turn's and its state's fields as a tuple, hashed once."""

    __slots__ = ("fields", "hash")

    def __init__(self, fields: tuple):
        self.fields, self.hash = fields, hash(fields)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, DealKey) and self.hash == other.hash and self.fields == other.fields)


class RollGroup(NamedTuple):
    """The outcomes of a roll with the same number dice."""

    outcomes: tuple[tuple[Action, Fraction], ...]  # in the roll's order
    chance: Fraction  # their chance together
    faces: tuple[tuple[Action, Fraction], ...] | None  # of several: each predator face, its chance given the dice


def _grouped(outcomes: tuple) -> dict[Action, RollGroup]:
    """A roll's outcomes grouped by number dice, keyed by each group's first."""
    groups: dict[tuple, list] = {}
    for a, p in outcomes:
        groups.setdefault(a.args[:-1], []).append((a, p))
    result = {}
    for group in groups.values():
        total = sum((p for _, p in group), Fraction(0))
        faces = tuple((Action("predator", a.args[-1:], f"predator die: {a.args[-1]}"), p / total) for a, p in group)
        result[group[0][0]] = RollGroup(tuple(group), total, faces if len(group) > 1 else None)
    return result


# Worked out once per outcomes tuple (the components hand out one tuple of roll outcomes), kept by its identity.
_PREDATOR_GROUPS = IdentityCache(_grouped, maxsize=64)


class OverBudget(Exception):
    """The exact answer needs more engine steps than allowed."""


class Budget:
    """A count of engine steps an exact answer may take (deterministic, unlike a time limit). The steps are
    the walk's own `TurnAccount` steps, fewer than the plain walk's (merged positions, the predator die deferred,
    only the re-roll outcomes that can come back tried: `_rerolls_again`). Whether a budget changes a game the
    advisor played is checked by replaying a sample of the stored balance study's games, the advisor's among them
    (tests/analysis/test_balance_study.py)."""

    def __init__(self, steps: int):
        self.steps = self.left = steps

    def used(self) -> int:
        """Steps taken so far."""
        return self.steps - self.left

    def spend(self, steps: int = 1) -> None:
        """Count `steps` more states; raise OverBudget once the budget is used up."""
        self.left -= steps
        if self.left < 0:
            raise OverBudget


def greedy_policy():
    """The greedy agent as a (deterministic) policy; before the predator die (`BEFORE_PREDATOR_PHASES`) its
    choices do not read the predator face (`predator_blind`)."""
    policy = agent_policy(GreedyAgent())
    policy.predator_blind = True  # type: ignore[attr-defined]
    return policy


def turn_distribution(state: DeerState, policy=None) -> Distribution:
    """Exact distribution of (points shed, points received, goes out) over the rest of the current
    player's turn, every decision taken by `policy` (default: the greedy agent)."""
    if policy is None:
        return _greedy_turn_distribution(state)
    return _turn_distribution(state, policy)


@lru_cache(maxsize=64)  # speed: an odds explorer's controls set back to a position met before answer at once
def _greedy_turn_distribution(state: DeerState) -> Distribution:
    """`turn_distribution` with the greedy continuation (a `Distribution` cannot be changed: it is shared)."""
    return _turn_distribution(state, None)


def _turn_distribution(state: DeerState, policy) -> Distribution:
    """`turn_distribution` worked out."""
    with _walked(state, policy) as start:
        return outcome_distribution(start, lambda t: (t.shed, t.received, t.goes_out()), TurnAccount.over,
                                    TurnAccount.decide, TurnAccount.walk_key)


def turn_summary(dist: Distribution) -> dict:
    """Expected points shed, received and net, and the chance of going out, of a `turn_distribution`."""
    return {"shed": dist.expectation(lambda o: o[0]), "received": dist.expectation(lambda o: o[1]),
            "net": dist.expectation(lambda o: o[0] - o[1]), "goes_out": dist.probability(lambda o: o[2])}


def advise(state: DeerState, policy=None, budget: int | None = None,
           shared: SharedWalks | None = None) -> list[tuple[Action, Fraction]]:
    """Every legal choice with the exact expected net points shed (shed − received) this turn,
    best first; after the choice the turn continues under `policy` (default: the greedy agent).
    With a `budget` of engine steps, raises OverBudget rather than take more. `shared` (`shared_deals`) shares
    the positions solved between deals of the same player's view: the answers, and the steps counted, are
    those of each deal's own walk."""
    if any(any(cards) for p, cards in enumerate(state.set_aside) if p != state.current):
        shared = None  # a block may read another player's set-aside cards (Ruling 19); none are set aside in a turn
    if shared is not None and budget is None:
        budget = sys.maxsize  # the deals sharing a store count their steps
    with _walked(state, policy, budget, keep_met=shared is None) as start:
        if shared is None:
            return action_values(start, _net, TurnAccount.over, TurnAccount.decide, TurnAccount.walk_key)
        return action_values(start, _net, TurnAccount.over, TurnAccount.decide, TurnAccount.deal_key, shared,
                             start.budget)


def _net(turn: TurnAccount) -> int:
    """The turn's net points shed so far."""
    return turn.shed - turn.received


def shared_deals() -> SharedWalks:
    """A store for `advise` to share positions between deals of the unseen cards for one player's view (the
    same own hand and public cards; the greedy continuation): a position is shared only if nothing in its
    future reads the unseen cards (`TurnAccount.reads_unseen`)."""
    return SharedWalks(TurnAccount.reads_unseen)


@contextmanager
def _walked(state: DeerState, policy, budget: int | None = None, keep_met: bool = True) -> Iterator[TurnAccount]:
    """The turn from `state` for an exact walk (`policy` by default the greedy agent's); at the end its positions
    are let go at once (they refer to each other through `met`: a cycle only the garbage collector would free)."""
    start = TurnAccount.start(state, policy or greedy_policy(), None if budget is None else Budget(budget), keep_met)
    try:
        yield start
    finally:
        if start.met is not None:
            start.met.clear()
