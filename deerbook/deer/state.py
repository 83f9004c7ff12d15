"""DeerState: one immutable position of Deer in the Headlights (either edition, any options).

Cards are identified by kind; every place (the undealt deck, each hand, each player's
set-aside cards, the Discard pile, the Predator pile) is a count vector over the components'
card kinds, and every card is in exactly one place. The rules themselves live in `rules.py`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable

from ..engine import CHANCE, TERMINAL, Action, State
from ..engine.events import Event, Step
from ..engine.caching import IdentityCache, cached_method
from ..engine.frozen import evolve, field_values, rebuilt, with_fields
from ..engine.protocol import LEGAL_ACTIONS_KEY, ObservationView, observed_dict
from ..engine.seeding import Rng
from . import rules
from .rules import CHANCE_PHASES, PRIVATE_PHASES, Phase, card_list
from .rules.history import EMPTY, History, seen_by
from .rules.phases import BULLSEYE_AMOUNT, BULLSEYE_PAWN, DEAL, DRAW_CARD, END, HAND_OVER, REROLL, ROLL
from .spec import DeerSetup

BULLSEYE_PHASES = (BULLSEYE_PAWN, BULLSEYE_AMOUNT)
CARD_PHASES = (DEAL, DRAW_CARD)  # chance nodes whose outcome is a card from a pile
ROLL_PHASES = (ROLL, REROLL)  # chance nodes whose outcome is a roll of the dice


@dataclass(frozen=True)
class DeerState(State):
    """A position of Deer in the Headlights: every pile as a count vector per card kind."""

    game: DeerSetup
    phase: Phase
    current: int  # whose turn it is (during the deal: who receives the next card)
    round: int  # 0-based; the dealer is round mod players
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]  # undealt cards, non-empty only during the deal
    discard: tuple[int, ...]
    predator_pile: tuple[int, ...]
    pawns: tuple[int, ...]
    frozen: tuple[bool, ...]
    extra_turns: int  # pending extra turns of the current player (Ruling 9)
    roll: tuple | None  # the faces being resolved (after any Joker), predator face last
    joker_die: int | None  # the die a Joker is played on this roll (its number chosen after it)
    chosen: tuple[int, ...]  # numbers chosen so far (Rulings 4 and 8)
    to_pass: tuple[int, ...]  # cards of the current hand still to pass (Rulings 3 and 6)
    rack: tuple[int, ...]  # a rack being played: its cards stay in hand until its moves are made
    moves_left: int  # rack value not yet moved
    move_target: tuple[int, int] | None  # (pawn, +1 forward / -1 back) awaiting its amount
    round_points: tuple[int, ...]  # hand values scored at the end of the last round
    ledger: tuple[tuple[int, str, int, int], ...]  # (player, reason, requested, applied) per pawn move
    turns: int
    racks_played: tuple[int, ...]
    set_aside: tuple[tuple[int, ...], ...]  # face-down cards per player (Ruling 19)
    set_aside_due: tuple[int, ...]  # cards each player still sets aside after the deal (Ruling 19)
    bullseye_due: tuple[bool, ...]  # players still to split their Bullseye points (Ruling 20)
    benefit_spaces: tuple[int | None, ...]  # the benefit space each pawn ended the last round on (Ruling 21)
    pending: tuple[int, ...]  # the mover's number cards about to move, open to blocks (Ruling 19)
    giver: int | None  # the other player handing cards over (Ruling 2, card chart)
    blocking: tuple[int, int] | None  # (card kind, holder) offered a block
    # The round's card movements since the deal (`rules.history`): how the position was reached, not the position
    # (two states equal in every other field are the same position: not compared).
    history: History = field(compare=False)

    @cached_method
    def __hash__(self) -> int:
        """Hashed once per state (exact enumeration keys its memo by state)."""
        fields = self.__dict__
        return hash((self.game, *(fields[name] for name in POSITION_FIELDS)))

    # -- construction -------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, game: DeerSetup) -> "DeerState":
        """The state before the deal: every card in the deck."""
        n, k = game.num_players, len(game.components.cards)
        zeros = (0,) * k
        return cls(game, phase=DEAL, current=1 % n, round=0, hands=(zeros,) * n, deck=game.full_deck,
                   discard=zeros, predator_pile=zeros, pawns=(0,) * n, frozen=(False,) * n, extra_turns=0, roll=None,
                   joker_die=None, chosen=(), to_pass=zeros, rack=zeros, moves_left=0, move_target=None,
                   round_points=(0,) * n, ledger=(), turns=0, racks_played=(0,) * n, set_aside=(zeros,) * n,
                   set_aside_due=(0,) * n, bullseye_due=(False,) * n, benefit_spaces=(None,) * n, pending=zeros,
                   giver=None, blocking=None, history=EMPTY)

    # -- protocol ---------------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to move, or CHANCE, or TERMINAL."""
        role = _ROLES.get(self.phase)
        return rules.acting_player(self) if role is None else role

    def is_terminal(self) -> bool:
        """Whether the game is over (read from the phase: every step's loop asks)."""
        return self.phase is END

    def is_chance_node(self) -> bool:
        """Whether chance moves next (read from the phase)."""
        return self.phase in CHANCE_PHASES

    def rule(self) -> str:
        """The rule that governs the current phase."""
        return rules.rule(self)

    # The legal actions of the seat to move (none at chance and terminal nodes), cached. The phase alone says which
    # (`rules.legal_actions`, the method itself): no `current_player()` first, as the protocol's default asks.
    legal_actions = cached_method(rules.legal_actions)

    def _legal_actions(self) -> tuple[Action, ...]:
        return rules.legal_actions(self)

    def _chance_outcomes(self):
        return rules.chance_outcomes(self)

    def _chance_table(self):
        return rules.chance_table(self)

    def checked(self, action: Action) -> Action:
        """The legal action or chance outcome equal to `action` (a card dealt or drawn found from its pile's counts:
        `rules.card_outcome`; a roll the roll table drew, by identity); RuleViolation as the protocol's otherwise."""
        phase = self.phase
        if phase in CARD_PHASES:
            card = rules.card_outcome(self, action)
            if card is not None:
                return card
        elif phase in ROLL_PHASES and action is not None and self.game.components.rolls_by_id.get(id(action)) is action:
            return action  # the very outcome the roll table drew
        return super().checked(action)

    # A chance outcome drawn with its exact probability: `rules.draw` is the method (a card straight from its pile's
    # counts; a roll from the roll table).
    sample_chance = rules.draw

    def _chance_run(self, rng: Rng) -> State:
        """A deal's cards but the last, dealt on plain lists (each drawn as `sample_chance` draws it:
        `rules.drawn_kinds`) into one state; any other chance move alone (the chance moves after a decision are
        played with it: `play_decision`)."""
        if rules.deals_on_lists(self):
            return evolve(self, **rules.deal_fields(self, rules.drawn_kinds(self.deck, sum(self.deck) - 1, rng)))
        return super()._chance_run(rng)

    def play_decision(self, action: Action, rng: Rng) -> State:
        """`apply(action)` then `play_chance(rng)`: the decision and the chance moves after it (the roll that
        starts the next turn, a card drawn from the Predator pile, a roll that loses the turn and the rolls after
        it) on one Table, up to the next decision, the end or a new deal (`rules.play_chance`)."""
        legal = self.checked(action)
        table = rules.Table(field_values(self))
        rules.apply(table, legal)
        rules.play_chance(table, rng)
        after = rebuilt(DeerState, table.state_fields())
        return after.play_chance(rng) if table.phase == DEAL else after  # a new deal, still to deal

    def apply(self, action: Action) -> "DeerState":
        """The state after `action`; RuleViolation (naming the rule) if it is not legal. The protocol's `checked`
        then `_apply`, fused for the three actions a step loop hands back (every step comes here): a card dealt or
        drawn (found from its pile's counts), a roll the roll table drew, or one of the cached legal actions (all
        three found by identity in O(1), or a short scan); anything else goes the protocol's way."""
        phase = self.phase
        if phase is DEAL or phase is DRAW_CARD:
            kind = rules.drawn_card(self, action)
            if kind >= 0:
                return self._dealt(kind) if phase is DEAL and sum(self.deck) > 1 else self._transition(action, None)
        elif phase is ROLL or phase is REROLL:
            if action is not None and self.game.components.rolls_by_id.get(id(action)) is action:
                return self._transition(action, None)
        else:
            for legal in self.__dict__.get(LEGAL_ACTIONS_KEY, ()):
                if legal is action:  # an agent's choice is one of the actions it was shown: found without hashing
                    return self._transition(action, None)
        return self._apply(self.checked(action))

    def _apply(self, action: Action) -> "DeerState":
        if rules.deals_on_lists(self):  # most steps of a game: no Table needed
            return self._dealt(action.args[0])
        return self._transition(action, None)

    def _dealt(self, kind: int) -> "DeerState":
        """The state after dealing one card of `kind` while more cards follow it (`rules.deal_fields`, for one card)."""
        current, hands = self.current, list(self.hands)
        deck, hand = list(self.deck), list(hands[current])
        deck[kind] -= 1
        hand[kind] += 1
        hands[current] = tuple(hand)
        return with_fields(self, {"deck": tuple(deck), "hands": tuple(hands), "current": (current + 1) % len(hands)})

    def _step(self, action: Action) -> Step:
        """The state after `action` and the events the rules emitted where things changed: cards moved (each
        seen only by the seats that may see it), pawn moves, rolls, knocks, round and game ends."""
        events: list[Event] = []
        return Step(self._transition(action, events), tuple(events))

    def _transition(self, action: Action, events: list[Event] | None) -> "DeerState":
        table = rules.Table(field_values(self), events)
        rules.apply(table, action)
        return rebuilt(DeerState, table.state_fields())

    @property
    def dealer(self) -> int:
        """The dealer of this round."""
        return self.round % self.game.num_players

    def winners(self) -> tuple[int, ...]:
        """Ruling 16: lowest score; then fewest points in the final round; then a shared win."""
        best = min((self.pawns[p], self.round_points[p]) for p in range(self.game.num_players))
        return tuple(p for p in range(self.game.num_players) if (self.pawns[p], self.round_points[p]) == best)

    def returns(self) -> tuple[float, ...]:
        """Winners split 1.0 at the end; all 0 before."""
        n = self.game.num_players
        if not self.is_terminal():
            return (0.0,) * n
        winners = self.winners()
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))

    def observation(self, player: int) -> dict:
        """What `player` may know: own hand and set-aside cards, hand sizes, the public piles and track, the roll
        (`OBSERVED`, entry by entry)."""
        return observed_dict(self, player, OBSERVED)

    def observation_view(self, player: int) -> ObservationView:
        """`observation(player)`, each entry worked out when an agent reads it."""
        return ObservationView(self, player, OBSERVED)

    def sample_belief(self, player: int, rng: Rng) -> "DeerState":
        """A full position consistent with everything `player` has seen (its observation, the round's history as
        it saw it), each consistent deal of the unseen cards equally likely (`belief`)."""
        return self.game.sample_belief(self.observation(player), rng)

    def to_json(self) -> dict:
        """Every field as JSON-able data (read back by `load_state`)."""
        return {name: _lists(getattr(self, name)) for name in FIELD_NAMES}  # the history's entries as lists

    def stats(self) -> dict:
        """Rounds, turns, final pawn positions and racks played per seat."""
        racks = {"racks": list(self.racks_played)} if self.game.components.predator_kinds else {}
        return {"rounds": self.round + 1, "turns": self.turns, "final_score": list(self.pawns), **racks}

    def __str__(self) -> str:
        comp = self.game.components

        def cards(counts) -> str:
            return " ".join([f"({sum(counts)})", *card_list(comp, counts)])

        mover = {CHANCE: "chance", TERMINAL: "game over"}.get(self.current_player(), f"player {self.current}")
        lines = [f"round {self.round + 1} (dealer player {self.dealer}), turn {self.turns}, {self.phase}: {mover}"]
        if self.roll is not None:
            lines.append("roll: " + comp.roll_text(self.roll))
        for p, hand in enumerate(self.hands):
            extra = p == self.current and self.extra_turns > 0
            flags = " frozen" * self.frozen[p] + f" +{self.extra_turns} turns" * extra
            aside = f", set aside {cards(self.set_aside[p])}" * any(self.set_aside[p])
            lines.append(f"player {p}: pawn {self.pawns[p]}{flags}, hand {cards(hand)}{aside}")
        if any(self.deck):
            lines.append(f"deck {cards(self.deck)}")
        lines.append(f"discard {cards(self.discard)}")
        lines.append(f"predator pile {cards(self.predator_pile)}")
        pending = [("to pass", cards(self.to_pass)) if any(self.to_pass) else None,
                   ("chosen", " ".join(map(comp.face_name, self.chosen))) if self.chosen else None,
                   ("rack", f"{cards(self.rack)}, {self.moves_left} to move") if any(self.rack) else None,
                   ("bullseye", f"{self.moves_left} to move") if self.phase in BULLSEYE_PHASES else None,
                   ("to move", cards(self.pending)) if any(self.pending) else None,
                   ("hand-over from", f"player {self.giver}") if self.giver is not None else None,
                   ("block offered to", f"player {self.blocking[1]}") if self.blocking else None]
        lines.extend(f"{label}: {text}" for label, text in filter(None, pending))
        if self.is_terminal():
            lines.append(f"winners: {list(self.winners())} (round points {list(self.round_points)})")
        return "\n".join(lines)


FIELD_NAMES = tuple(f.name for f in fields(DeerState) if f.name != "game")
POSITION_FIELDS = tuple(f.name for f in fields(DeerState) if f.name != "game" and f.compare)  # all but the history
_ROLES = {END: TERMINAL, **dict.fromkeys(rules.CHANCE_PHASES, CHANCE)}  # the phases no seat decides


# The card count of each player's pile (hands, set-aside cards), once per tuple: the next states share the
# tuples no card left.
_SIZES = IdentityCache(lambda piles: tuple(map(sum, piles)), maxsize=64)


def _decider_hidden(s: DeerState, player: int) -> bool:
    """A private decision of another player (a block offer, Ruling 19; a hand-over, card chart): who is asked would
    tell who holds those numbers, so `player` sees phase "waiting", with no decider."""
    return s.phase in PRIVATE_PHASES and player != rules.acting_player(s)


# What a seat sees, entry by entry: the observation (a dict) and its view (read by key) are both built from it.
OBSERVED: dict[str, Callable[[DeerState, int], Any]] = {
    "player": lambda s, p: p, "phase": lambda s, p: "waiting" if _decider_hidden(s, p) else s.phase,
    "current": lambda s, p: s.current, "options": lambda s, p: s.game.observed_options.copy(),
    "hand": lambda s, p: s.hands[p], "hand_sizes": lambda s, p: _SIZES.of(s.hands),
    "deck_size": lambda s, p: sum(s.deck), "discard": lambda s, p: s.discard,
    "predator_pile_size": lambda s, p: sum(s.predator_pile), "pawns": lambda s, p: s.pawns,
    "dealer": lambda s, p: s.dealer, "round": lambda s, p: s.round, "frozen": lambda s, p: s.frozen,
    "extra_turns": lambda s, p: s.extra_turns, "roll": lambda s, p: s.roll, "joker_die": lambda s, p: s.joker_die,
    "chosen": lambda s, p: s.chosen, "to_pass": lambda s, p: s.to_pass if p == s.current else None,
    "to_pass_count": lambda s, p: sum(s.to_pass), "rack": lambda s, p: s.rack,
    "moves_left": lambda s, p: s.moves_left, "move_target": lambda s, p: s.move_target,
    "round_points": lambda s, p: s.round_points, "ledger": lambda s, p: s.ledger, "turns": lambda s, p: s.turns,
    "set_aside": lambda s, p: s.set_aside[p], "set_aside_sizes": lambda s, p: _SIZES.of(s.set_aside),
    "giver": lambda s, p: None if s.phase == HAND_OVER and _decider_hidden(s, p) else s.giver,
    "blocking": lambda s, p: None if _decider_hidden(s, p) else s.blocking,
    "pending_count": lambda s, p: sum(s.pending) if p == rules.mover(s) else None,  # only their owner counts them
    "racks_played": lambda s, p: s.racks_played, "set_aside_due": lambda s, p: s.set_aside_due,
    "bullseye_due": lambda s, p: s.bullseye_due, "benefit_spaces": lambda s, p: s.benefit_spaces,
    "history": lambda s, p: seen_by(s.history, p, s.game.num_players),  # the round's movements as `p` saw them
}


def _lists(value):
    if isinstance(value, History):
        value = value.entries()
    if not isinstance(value, tuple):
        return value
    return [_lists(v) if isinstance(v, tuple) else v for v in value]
