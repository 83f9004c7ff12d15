"""The Table: a mutable working copy of a state's fields for one transition."""
from __future__ import annotations

from typing import Any, Sequence

from ...engine.events import Event
from ...engine.frozen import record
from ..components import ChartRow
from .cards import RollFacts, roll_facts
from .history import DISCARD, PILE, Entry, History, aside
from .phases import Phase


class RoundOver(Exception):
    """A hand became empty: the round ends at once (Ruling 15)."""


NESTED = frozenset({"hands", "set_aside"})  # per-player count vectors
PILE_CODES = {"discard": DISCARD, "predator_pile": PILE}  # the history's codes of the named piles (`Table.code`)
UNREAD = object()  # `Table.read_of` before any roll's facts are read: no roll is it


class Table:
    """A mutable working copy of a state's fields for one transition.

    The fields are those of `DeerState`, held as the state holds them (tuples) until a transition changes one:
    `edit` copies a count vector or per-player field to a list the first time it is changed in place (`pile`
    does the same for one player's vector in `hands` or `set_aside`) and notes its name; a transition that
    sets a whole field sets it to a tuple. `state_fields` turns the noted lists back into tuples for the next
    state, so a transition pays only for the vectors it changes."""

    __slots__ = ("comp", "n", "events", "edited", "read", "read_of", "__dict__")  # the fields alone live in __dict__

    game: Any
    comp: Any
    n: int
    events: list[Event] | None
    edited: list[str]  # the fields `edit` made lists
    read: RollFacts  # the facts of the roll last read (`facts`) ...
    read_of: object  # ... that roll (`UNREAD`: none read yet)
    phase: Phase
    current: int
    round: int
    hands: Sequence[Sequence[int]]
    deck: Sequence[int]
    discard: Sequence[int]
    predator_pile: Sequence[int]
    pawns: Sequence[int]
    frozen: Sequence[bool]
    extra_turns: int
    roll: tuple | None
    joker_die: int | None
    chosen: tuple[int, ...]
    to_pass: Sequence[int]
    rack: Sequence[int]
    moves_left: int
    move_target: tuple[int, int] | None
    round_points: tuple[int, ...]
    ledger: tuple[tuple[int, str, int, int], ...]
    turns: int
    racks_played: Sequence[int]
    set_aside: Sequence[Sequence[int]]
    set_aside_due: Sequence[int]
    bullseye_due: Sequence[bool]
    benefit_spaces: Sequence[int | None]
    pending: Sequence[int]
    giver: int | None
    blocking: tuple[int, int] | None
    history: History | list[Entry]  # a list while a transition appends to it (`entries`)

    def __init__(self, fields: dict, events: list[Event] | None = None):
        """A working copy of a state's `fields` (a dict the table takes over); with an `events` list, the
        transition reports into it."""
        self.__dict__ = fields
        self.comp, self.n, self.events, self.edited = fields["game"].components, len(fields["pawns"]), events, []
        self.read_of = UNREAD

    def edit(self, name: str) -> list:
        """A count vector or per-player field, to change in place (copied to a list the first time)."""
        value = self.__dict__[name]
        if value.__class__ is not list:
            value = self.__dict__[name] = list(value)
            self.edited.append(name)
        return value

    def state_fields(self) -> dict:
        """The fields as a state holds them (tuples), for the state after the transition (the table is done)."""
        fields = self.__dict__
        for name in self.edited:
            value = fields[name]
            if value.__class__ is list:  # not set whole (to a tuple) since it was edited
                fields[name] = (History.of(value) if name == "history" else
                                tuple(map(tuple, value)) if name in NESTED else tuple(value))
        return fields

    def faces(self) -> tuple:
        """The faces being resolved (every phase that reads them comes after a roll)."""
        assert self.roll is not None, "no roll is being resolved"
        return self.roll

    def numbers_rolled(self) -> tuple[int, ...]:
        """The numbers among the faces being resolved."""
        return self.facts().numbers

    def facts(self) -> RollFacts:
        """The facts of the roll being resolved (`roll_facts`: its chart row, numbers, the kinds it moves), looked up
        once per transition (while the roll stays the same: a Joker's number makes another)."""
        roll = self.roll
        if roll is not self.read_of:
            assert roll is not None, "no roll is being resolved"
            self.read, self.read_of = roll_facts(self.comp, roll), roll
        return self.read

    def row(self) -> ChartRow:
        """The chart row of the roll being resolved (the facts read once, as `facts` reads them)."""
        row = (self.read if self.roll is self.read_of else self.facts()).row
        assert row is not None, "a roll being resolved has a chart row"
        return row

    def pile(self, place) -> list[int]:
        """The count vector of a place, to change: a player's hand, a set-aside pile or a named pile."""
        if place.__class__ is int:  # a hand: most card movements
            piles, player = self.hands, place
            if piles.__class__ is not list:
                piles = self.edit("hands")
        elif isinstance(place, str):
            return self.edit(place)
        else:
            piles, player = self.edit("set_aside"), place[1]
        counts = piles[player]
        if counts.__class__ is not list:  # still the state's own tuple: copied on the first change
            counts = piles[player] = list(counts)
        return counts

    def emit(self, kind: str, player: int | None, detail: dict, seen_by: frozenset[int] | None = None,
             public: dict | None = None) -> None:
        """Report an event, if this transition was asked for them (`DeerState.step`)."""
        if self.events is not None:
            self.events.append(Event(kind, player, detail, seen_by, public or {}))

    def note(self, source: int, target: int, kind: int, mask: int, count: int = 1) -> None:
        """Add `count` entries to the round's history (`history`: places by code)."""
        history = self.history
        if history.__class__ is not list:
            history = self.entries()
        history.extend((record(Entry, (source, target, kind, mask)),) * count)

    def entries(self) -> list[Entry]:
        """The round's history, to append to (a list until the transition is done, as `edit` gives the piles)."""
        history = self.history
        if isinstance(history, History):
            history = self.history = history.writable()
            self.edited.append("history")
        return history

    def code(self, place) -> int | None:
        """The history's code of a place (`history`), or None for the deck (the deal is not an entry)."""
        if isinstance(place, int):
            return place
        if isinstance(place, tuple):
            return aside(place[1], self.n)
        return PILE_CODES.get(place)

    def _noted(self, kinds, source, target, shown: bool, mask: int | None) -> None:
        """Note cards moved ((kind, count) pairs): a card face up or `shown` is public (its own kind as its mask);
        a card moved face down names the kinds it may be, as a seat that did not see it knows them (`mask`)."""
        start = source if source.__class__ is int else self.code(source)  # a hand's code is its seat
        end = target if target.__class__ is int else self.code(target)
        if start is None or end is None:
            return
        public = shown or start == DISCARD or end == DISCARD
        assert public or mask is not None, "a face-down movement names the kinds its card may be"
        entries = self.history if self.history.__class__ is list else self.entries()
        for kind, count in kinds:
            entries.extend((record(Entry, (start, end, kind, 1 << kind if public or mask is None else mask)),) * count)

    def move(self, kind: int, source, target, shown: bool = False, mask: int | None = None,
             noted_from: int | None = None) -> None:
        """Move one card between places (a hand index, ("set_aside", player), "deck", "discard",
        "predator_pile"); `shown`: the card is shown to everyone (a rack, a Joker played); a card moved face down
        names in `mask` the kinds it may be for those who did not see it (the round's `history`, which notes it
        as leaving `noted_from` if given: the cards a hand set to pass)."""
        start = noted_from if noted_from is not None else source if source.__class__ is int else self.code(source)
        end = target if target.__class__ is int else self.code(target)  # a hand's code is its seat
        if start is not None and end is not None:  # one `_noted` card, inline: most moves are one card
            public = shown or start == DISCARD or end == DISCARD
            assert public or mask is not None, "a face-down movement names the kinds its card may be"
            entries = self.history if self.history.__class__ is list else self.entries()
            entries.append(record(Entry, (start, end, kind, 1 << kind if public or mask is None else mask)))
        taken = self.pile(source)
        taken[kind] -= 1
        self.pile(target)[kind] += 1
        if self.events is not None:
            self._card_moved(kind, source, target, shown)
        if source.__class__ is int and not any(taken):  # the hand it left (`pile`: the hand itself)
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

    def move_all(self, counts, source, target, shown: bool = False, mask: int | None = None) -> None:
        """Move every card of `counts` from `source` to `target` (one `move` per card when events are reported;
        else all at once: only the last card out can empty the source hand, as `move` checks)."""
        if self.events is not None:
            for kind, count in enumerate(list(counts)):  # `counts` may be the source pile itself
                for _ in range(count):
                    self.move(kind, source, target, shown, mask)
            return
        moved = [(kind, count) for kind, count in enumerate(counts) if count]  # read before any card moves
        if not moved:
            return
        self._noted(moved, source, target, shown, mask)
        taken, given = self.pile(source), self.pile(target)
        for kind, count in moved:
            taken[kind] -= count
            given[kind] += count
        if isinstance(source, int) and not any(taken):
            raise RoundOver

    def move_pawn(self, player: int, amount: int, reason: str) -> None:
        """Move a player's pawn (never below 0) and record the move in the ledger."""
        pawns = self.edit("pawns")
        before = pawns[player]
        after = max(before + amount, 0)
        pawns[player] = min(after, self.comp.finish) if self.comp.clamp_at_finish else after
        self.ledger += ((player, reason, amount, self.pawns[player] - before),)
        if self.events is not None:
            self.emit("pawn_moved", player, {"reason": reason, "requested": amount, "from": before,
                                             "to": self.pawns[player]})

    @property
    def dealer(self) -> int:
        """The dealer of this round."""
        return self.round % self.n


def _place(place) -> tuple[str, int | None]:
    """A place as (name, seat): ("hand", 2), ("set_aside", 0), ("discard", None)..."""
    if isinstance(place, tuple):
        return place[0], place[1]
    return ("hand", place) if isinstance(place, int) else (place, None)
