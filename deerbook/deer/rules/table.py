"""The Table: a mutable working copy of a state's fields for one transition."""
from __future__ import annotations

from typing import Any, Sequence

from ...engine.events import Event
from .cards import rolled_numbers
from .phases import Phase


class RoundOver(Exception):
    """A hand became empty: the round ends at once (Ruling 15)."""


MUTABLE = ("deck", "discard", "predator_pile", "pawns", "frozen", "to_pass", "rack", "racks_played", "pending",
           "set_aside_due", "bullseye_due", "benefit_spaces")  # count vectors and per-player flags, as lists
NESTED = ("hands", "set_aside")  # per-player count vectors, as lists of tuples, each copied to a list when it changes
LISTS = frozenset(MUTABLE + NESTED)


class Table:
    """A mutable working copy of a state's fields for one transition.

    A field is read from the state on first use (a count vector copied as a list; a per-player one as a
    list of the state's tuples, a player's vector copied to a list only when a card moves in or out of it:
    `pile`), so a transition pays only for the fields it touches; `changed_fields` gives back what it set or
    used, as a state holds it (tuples). The fields are those of `DeerState`, typed as a transition holds them:
    a player's vector in `hands` or `set_aside` is read-only (a tuple, or a list once `pile` hands it out)."""

    __slots__ = ("game", "comp", "n", "events", "_source", "__dict__")  # the fields alone live in __dict__

    game: Any
    comp: Any
    n: int
    events: list[Event] | None
    phase: Phase
    current: int
    round: int
    hands: list[Sequence[int]]
    deck: list[int]
    discard: list[int]
    predator_pile: list[int]
    pawns: list[int]
    frozen: list[bool]
    extra_turns: int
    roll: tuple | None
    joker_die: int | None
    chosen: tuple[int, ...]
    to_pass: list[int]
    rack: list[int]
    moves_left: int
    move_target: tuple[int, int] | None
    round_points: tuple[int, ...]
    ledger: tuple[tuple[int, str, int, int], ...]
    turns: int
    racks_played: list[int]
    set_aside: list[Sequence[int]]
    set_aside_due: list[int]
    bullseye_due: list[bool]
    benefit_spaces: list[int | None]
    pending: list[int]
    giver: int | None
    blocking: tuple[int, int] | None

    def __init__(self, game, fields: dict, events: list[Event] | None = None):
        """A working copy of the state `fields`; with an `events` list, the transition reports into it."""
        self.game, self.comp, self.n = game, game.components, game.num_players
        self._source, self.events = fields, events

    def __getattr__(self, name: str) -> Any:
        """The first use of a field: read it from the state (a count vector copied as a list)."""
        try:
            value = self._source[name]
        except KeyError:
            raise AttributeError(name) from None
        if name in LISTS:
            value = list(value)
        self.__dict__[name] = value
        return value

    def changed_fields(self) -> dict:
        """The fields this transition set or used, as a state holds them (tuples)."""
        source, changed = self._source, {}
        for name, value in self.__dict__.items():
            if name in LISTS:
                changed[name] = tuple(map(tuple, value)) if name in NESTED else tuple(value)
            elif value is not source[name]:
                changed[name] = value
        return changed

    def faces(self) -> tuple:
        """The faces being resolved (every phase that reads them comes after a roll)."""
        assert self.roll is not None, "no roll is being resolved"
        return self.roll

    def numbers_rolled(self) -> tuple[int, ...]:
        """The numbers among the faces being resolved."""
        return rolled_numbers(self.comp, self.faces())

    def peek(self, name: str):
        """A field's value now, read without copying it (not to be changed)."""
        return self.__dict__.get(name, self._source[name])

    def pile(self, place) -> list[int]:
        """The count vector of a place, to change: a player's hand, a set-aside pile or a named pile."""
        if isinstance(place, str):
            return getattr(self, place)
        piles, player = (self.set_aside, place[1]) if isinstance(place, tuple) else (self.hands, place)
        counts = piles[player]
        if not isinstance(counts, list):  # still the state's own tuple: copied on the first change
            counts = piles[player] = list(counts)
        return counts

    def emit(self, kind: str, player: int | None, detail: dict, seen_by: frozenset[int] | None = None,
             public: dict | None = None) -> None:
        """Report an event, if this transition was asked for them (`DeerState.step`)."""
        if self.events is not None:
            self.events.append(Event(kind, player, detail, seen_by, public or {}))

    def move(self, kind: int, source, target, shown: bool = False) -> None:
        """Move one card between places (a hand index, ("set_aside", player), "deck", "discard",
        "predator_pile"); `shown`: the card is shown to everyone (a rack, a Joker played)."""
        self.pile(source)[kind] -= 1
        self.pile(target)[kind] += 1
        if self.events is not None:
            self._card_moved(kind, source, target, shown)
        if isinstance(source, int) and not any(self.hands[source]):
            raise RoundOver

    def _card_moved(self, kind: int, source, target, shown: bool) -> None:
        """A card_moved event: the card is seen by the seats whose places it leaves or enters, by everyone
        when it comes from or goes to the face-up Discard pile, or when it is `shown`."""
        (src, src_seat), (dst, dst_seat) = _place(source), _place(target)
        public = {"from": src, "from_seat": src_seat, "to": dst, "to_seat": dst_seat}
        seats = frozenset(seat for seat in (src_seat, dst_seat) if seat is not None)
        face_up = shown or "discard" in (src, dst)
        self.emit("card_moved", src_seat if src_seat is not None else dst_seat,
                  {**public, "card": self.comp.cards[kind].name, "kind": kind}, None if face_up else seats, public)

    def move_all(self, counts, source, target, shown: bool = False) -> None:
        """Move every card of `counts` from `source` to `target` (one `move` per card when events are reported;
        else all at once: only the last card out can empty the source hand, as `move` checks)."""
        counts = list(counts)  # `counts` may be the source pile itself
        if self.events is not None:
            for kind, count in enumerate(counts):
                for _ in range(count):
                    self.move(kind, source, target, shown)
            return
        if not any(counts):
            return
        taken, given = self.pile(source), self.pile(target)
        for kind, count in enumerate(counts):
            if count:
                taken[kind] -= count
                given[kind] += count
        if isinstance(source, int) and not any(taken):
            raise RoundOver

    def move_pawn(self, player: int, amount: int, reason: str) -> None:
        """Move a player's pawn (never below 0) and record the move in the ledger."""
        before = self.pawns[player]
        after = max(before + amount, 0)
        self.pawns[player] = min(after, self.comp.finish) if self.comp.clamp_at_finish else after
        self.ledger += ((player, reason, amount, self.pawns[player] - before),)
        if self.events is not None:
            self.emit("pawn_moved", player, {"reason": reason, "requested": amount, "from": before,
                                             "to": self.pawns[player]})

    @property
    def hand(self) -> Sequence[int]:
        """The current player's hand now (read-only: read without copying the hands)."""
        return self.peek("hands")[self.current]

    @property
    def dealer(self) -> int:
        """The dealer of this round."""
        return self.round % self.n


def _place(place) -> tuple[str, int | None]:
    """A place as (name, seat): ("hand", 2), ("set_aside", 0), ("discard", None)..."""
    if isinstance(place, tuple):
        return place[0], place[1]
    return ("hand", place) if isinstance(place, int) else (place, None)
