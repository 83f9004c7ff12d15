"""Belief sampling: a full Deer position consistent with everything one seat has seen, from its observation alone.

The seat's ledger (`knowledge.Knowledge`) says which hidden cards it knows where, and on which places (cells) the
rest lie, each of some kinds. A consistent deal puts the unseen cards on the cells, each card getting a place of its
kinds; every way of doing so with the physical cards is equally likely (`engine.sampling.Deal` draws one exactly,
by counting). This is the exact posterior over the seat's information when every physical history of the round
(the deal, each card drawn, each card another seat chose to move) is equally likely, as long as the seat never met
an ambiguity (`Knowledge.exact`). What the seat may infer from the other seats' decisions is not read: that someone
was offered a Joker, a rack or a predator decision and declined it, or the order in which the engine passes cards.

A drawn deal becomes a state with the seat's observation (`Belief.sample`): the hidden per-turn fields follow from
the cards (the cards waiting for blocks, those set to pass), and where another seat takes a private decision
(Ruling 19 blocks, the card chart's hand-overs) the decider is drawn among those the deal allows, each history
equally likely. A deal the rules forbid for the phase on the table (a player in the rack phase holds a rack, set-aside
numbers differ, ...) is drawn again: the truth is never such a deal.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..engine.errors import SaveFileError
from ..engine.frozen import rebuilt
from ..engine.sampling import NoDeal, dealer
from ..engine.seeding import Rng
from .knowledge import BeliefError, Knowledge
from .rules import PRIVATE_PHASES, Phase, matching, others, rolled_numbers
from .rules.history import (ANSWERED, DECK, NOTHING, PILE, History, aside, blocked_since, cards_set_to_pass,
                            open_pending, passing)
from .save import check_consistency
from .spec import DeerSetup
from .state import FIELD_NAMES, DeerState

MAX_TRIES = 100_000  # deals drawn for one sample before giving up (far beyond any position met in play)
PUBLIC_FIELDS = ("current", "round", "pawns", "frozen", "extra_turns", "roll", "joker_die", "chosen", "rack",
                 "moves_left", "move_target", "round_points", "ledger", "turns", "racks_played", "set_aside_due",
                 "bullseye_due", "benefit_spaces", "discard", "history")
NO_DEAL = "no deal of the unseen cards fits what the seat knows"


class Belief:
    """The positions consistent with one observation (`Knowledge`), drawn exactly (`sample`)."""

    def __init__(self, game: DeerSetup, obs: Mapping[str, Any]):
        self.game, self.obs = game, obs
        self.seat, self.n = obs["player"], game.num_players
        self.knowledge = Knowledge(game, obs)
        self.public = {name: as_tuples(obs[name]) for name in PUBLIC_FIELDS}  # read once: a view works each out
        self.public["history"] = History(self.knowledge.history)
        self.own = {name: as_tuples(obs[name]) for name in ("hand", "set_aside", "to_pass", "blocking", "giver")}
        self.waiting = obs["phase"] == "waiting"
        unseen = self.knowledge.unseen(obs)
        try:
            self.deal = dealer(self.knowledge.cells, unseen)
        except NoDeal as exc:
            raise BeliefError(NO_DEAL) from exc
        self.phase = self._phase()

    @property
    def exact(self) -> bool:
        """Whether the draws follow the exact posterior (no forgotten ambiguity, and a deal small enough to count:
        module docstring)."""
        return self.knowledge.exact and self.deal.exact

    def _phase(self) -> Phase:
        """The phase on the table: the observation's, or for another seat's private decision (shown as "waiting")
        a block while a movement waits for blocks (Ruling 19), else a hand-over (the card chart)."""
        phase = self.obs["phase"]
        if phase in Phase.__members__.values():
            return Phase(phase)
        pending = open_pending(self.knowledge.history)
        return Phase.BLOCK if pending is not None else Phase.HAND_OVER

    def sample(self, rng: Rng) -> DeerState:
        """A full position drawn with its probability given the seat's knowledge (module docstring)."""
        for _ in range(MAX_TRIES):
            state = self._candidate(rng)
            if state is not None:
                return state
        raise BeliefError(f"no consistent position found in {MAX_TRIES} draws")

    def places(self, rng: Rng) -> dict[int, list[int]]:
        """One deal: the cards of each hidden place (the known ones and the unseen ones drawn)."""
        cards = {place: list(known) for place, known in self.knowledge.known.items()}
        try:
            dealt = self.deal.draw(rng)
        except NoDeal as exc:
            raise BeliefError(NO_DEAL) from exc
        for cell, counts in dealt:
            place = cards[cell.place]
            for k, c in enumerate(counts):
                place[k] += c
        return cards

    def _candidate(self, rng: Rng) -> DeerState | None:
        """A drawn deal made a state, or None if the rules forbid it at this phase (drawn again)."""
        return self.position(self.places(rng), rng)

    def position(self, cards: dict[int, list[int]], rng: Rng) -> DeerState | None:
        """The state with the observation's public fields and the hidden places' `cards`, or None if the rules
        forbid it at this phase; another seat's private decider drawn from `rng` (`_decider`)."""
        own, n, me = self.own, self.n, self.seat
        zeros = (0,) * len(self.game.components.cards)
        fields: dict[str, Any] = dict(self.public)
        fields["hands"] = tuple(own["hand"] if q == me else
                                tuple(a + b for a, b in zip(cards[q], cards[passing(q, n)])) for q in range(n))
        fields["set_aside"] = tuple(own["set_aside"] if q == me else tuple(cards[aside(q, n)]) for q in range(n))
        fields.update(game=self.game, phase=self.phase, deck=tuple(cards[DECK]), predator_pile=tuple(cards[PILE]),
                      to_pass=zeros, pending=zeros, giver=own["giver"], blocking=own["blocking"])
        current = fields["current"]
        if self.phase in (Phase.PASS, Phase.GROUP):
            fields["to_pass"] = own["to_pass"] if current == me else tuple(cards[passing(current, n)])
        elif self.phase == Phase.BLOCK:
            fields["pending"] = self._pending(fields, cards)
        if self.phase in PRIVATE_PHASES and self.waiting and not self._decider(fields, rng):
            return None
        state = rebuilt(DeerState, {"game": self.game, **{name: fields[name] for name in FIELD_NAMES}})
        try:
            check_consistency(state)
        except SaveFileError:
            return None
        return state

    def _pending(self, fields: dict, cards: dict[int, list[int]]) -> tuple[int, ...]:
        """The mover's cards waiting for blocks (Ruling 19): those set to pass (Ruling 6), else every card of the
        movement's kinds; the kinds blocked since keep theirs."""
        opened = open_pending(self.knowledge.history)
        if opened is None:
            raise BeliefError("a block is on the table with no movement waiting for it")
        start, mover, mask = opened
        blocked = blocked_since(self.knowledge.history, start, self.n)
        set_to_pass = self._own_set_to_pass() if mover == self.seat else cards[passing(mover, self.n)]
        if any(set_to_pass):
            return tuple(0 if blocked >> k & 1 else c for k, c in enumerate(set_to_pass))
        left = mask & ~blocked
        return tuple(c if left >> k & 1 else 0 for k, c in enumerate(fields["hands"][mover]))

    def _own_set_to_pass(self) -> list[int]:
        """The cards the seat itself has set to pass, from its history (it sees their kinds)."""
        return cards_set_to_pass(self.knowledge.history, passing(self.seat, self.n), len(self.game.components.cards))

    def _decider(self, fields: dict, rng: Rng) -> bool:
        """Draw who takes another seat's private decision (a block, a hand-over) among those the deal allows, each
        history equally likely: the deal is kept in proportion to how many deciders it allows (`_deciders`)."""
        options, bound = self._deciders(fields)
        if not options or rng.randrange(bound) >= len(options):
            return False
        choice = options[rng.randrange(len(options))]
        if self.phase == Phase.BLOCK:
            fields["blocking"] = choice
        else:
            fields["giver"] = choice
        return True

    def _deciders(self, fields: dict) -> tuple[list, int]:
        """The private decisions the deal allows to be on the table now, and a bound on their number in any deal."""
        return self._blocks(fields) if self.phase == Phase.BLOCK else self._givers(fields)

    def _blocks(self, fields: dict) -> tuple[list, int]:
        """The block offers (Ruling 19) that may be on the table: in offer order, those before it declined, those
        after it not yet made, and the seat's own answers as it gave them (`ANSWERED`)."""
        n, me, history = self.n, self.seat, self.knowledge.history
        start, mover, _ = open_pending(history) or (0, fields["current"], 0)
        answered = {entry.kind for entry in history[start:] if entry.target == ANSWERED}
        offers = [(k, h) for k, count in enumerate(fields["pending"]) if count for h in others(mover, n)
                  if fields["set_aside"][h][k]]
        mine = [i for i, (_, h) in enumerate(offers) if h == me]
        open_offers = [offer for i, offer in enumerate(offers)
                       if offer[1] != me and all((j < i) == (offers[j][0] in answered) for j in mine)]
        return open_offers, max(1, sum(1 for count in fields["pending"] if count) * (n - 1))

    def _givers(self, fields: dict) -> tuple[list, int]:
        """The players who may be asked to hand their cards over now (the card chart): after the last who did, holding
        some of the rolled numbers, and before or after the seat as it was asked or not (`ANSWERED`)."""
        n, me, history, current = self.n, self.seat, self.knowledge.history, fields["current"]
        comp = self.game.components
        numbers = rolled_numbers(comp, fields["roll"])
        start = max((i for i, entry in enumerate(history) if entry.source == current and entry.target == NOTHING),
                    default=0)
        givers = others(current, n)
        handed = [givers.index(entry.source) for entry in history[start:] if entry.target == current
                  and entry.source in givers]
        first = max(handed, default=-1) + 1
        asked_me = any(entry.source == me and entry.target == ANSWERED for entry in history[start:])
        mine = me in givers and any(matching(comp, fields["hands"][me], numbers))  # asked before, or still to be
        askable = [giver for i, giver in enumerate(givers) if i >= first and giver != me
                   and any(matching(comp, fields["hands"][giver], numbers))
                   and not (mine and (givers.index(me) < i) != asked_me)]
        return askable, n - 1


def as_tuples(value):
    """An observation's value as the state holds it (JSON lists made tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(as_tuples(v) for v in value)
    return value

