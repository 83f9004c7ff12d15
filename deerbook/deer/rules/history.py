"""The round's history: every card movement since the deal, and what the rules say the moves left behind.

A seat's information is more than what lies before it now: it saw which cards it passed and received face down,
which cards went to the Predator pile, what the Discard pile showed, and what a forced move ("every card of these
numbers") says about the hand it left. The state keeps the round's movements as entries of four integers
(`DeerState.history`, cleared when the cards are gathered for the next deal; the deal itself is not an entry),
and each seat's observation holds the entries as that seat saw them (`seen_by`): what `knowledge` reads to deal the
unseen cards consistently with everything the seat saw.

An entry is an `Entry(source, target, kind, mask)`:

- a card moved from place `source` to place `target` (`place`: a hand, a set-aside pile, the cards of a hand set
  to be passed, the Discard pile, the Predator pile); `kind` is its card kind and `mask` the card kinds it may be,
  by the rules, for a seat that did not see it (bit k for kind k): a single kind when everyone knows it (a card
  face up, a rack or Joker shown, a predator of the die's face);
- `(place, NOTHING, -1, mask)`: the place now holds no card of `mask` (every card of the rolled numbers left it,
  or it held none of them: Rulings 2-6, the card chart);
- `(mover, PENDING, -1, mask)`: the mover's cards of `mask` are about to move, open to blocks (Ruling 19);
- `(seat, ANSWERED, kind, 0)`: the seat declined a private decision (a block of `kind`, Ruling 19; a hand-over,
  kind -1, card chart), seen by that seat alone.

A seat sees the kind of a card that leaves or enters one of its own places and of every card whose mask is a
single kind; for the others it sees -1.
"""
from __future__ import annotations

from enum import IntEnum
from typing import Iterable, Iterator, NamedTuple


class Place(IntEnum):
    """The codes of the places that are no seat's, and of the targets of the entries that move no card (a seat's
    places are numbered from 0: `hand`, `aside`, `passing`)."""

    DISCARD = -1  # the Discard pile (face up)
    PILE = -2  # the Predator pile (face down)
    NOTHING = -3  # the source holds no card of the mask
    PENDING = -4  # the source's cards of the mask wait for blocks
    ANSWERED = -5  # the source declined a private decision
    DECK = -9  # the undealt cards: a hidden place while the cards are dealt, never in the history


# The places as globals, as the rules read them on every card movement (an enum's attribute takes ten times longer)
DISCARD, PILE, NOTHING, PENDING, ANSWERED, DECK = (Place.DISCARD, Place.PILE, Place.NOTHING, Place.PENDING,
                                                   Place.ANSWERED, Place.DECK)
UNSEEN = -1  # the kind of a card a seat did not see


class Entry(NamedTuple):
    """One entry of the round's history (module docstring); saved as the list [source, target, kind, mask]."""

    source: int  # the place a card left, or the seat the entry is about
    target: int  # the place the card entered, or NOTHING, PENDING or ANSWERED
    kind: int  # the card's kind, or UNSEEN
    mask: int  # the kinds it may be, by the rules, for a seat that did not see it (bit k: kind k)


class History:
    """A round's entries, immutable. The histories of one line of play share one list (each sees its first `size`
    entries), so a transition appends to it in place (`writable`, `of`); a history that is not the latest of its
    list copies its own entries first (a second move tried from the same position)."""

    __slots__ = ("_items", "_size")

    def __init__(self, entries: Iterable[Iterable[int]] = ()):
        self._items: list[Entry] = list(map(Entry._make, entries))
        self._size = len(self._items)

    def writable(self) -> list[Entry]:
        """A list of the entries to append to: the shared list when this is the latest history of its line of play,
        else (or when empty: `EMPTY` is every round's start) a copy (`of` makes the next history from it)."""
        return self._items if len(self._items) == self._size and self._size else self._items[:self._size]

    @staticmethod
    def of(items: list[Entry]) -> "History":
        """The history of the entries of `items` (from `writable`, appended to)."""
        history = History.__new__(History)
        history._items, history._size = items, len(items)
        return history

    def entries(self) -> tuple[Entry, ...]:
        """The entries, oldest first."""
        return tuple(self._items[:self._size])

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._items[:self._size])

    def __getitem__(self, index: int) -> Entry:
        if not -self._size <= index < self._size:
            raise IndexError("history index out of range")
        return self._items[index % self._size]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and self.entries() == other.entries()

    def __hash__(self) -> int:
        return hash(self.entries())

    def __repr__(self) -> str:
        return f"History({list(self.entries())!r})"


EMPTY = History()


def hand(seat: int) -> int:
    """The place code of a seat's hand."""
    return seat


def aside(seat: int, n: int) -> int:
    """The place code of a seat's face-down set-aside cards (Ruling 19)."""
    return n + seat


def passing(seat: int, n: int) -> int:
    """The place code of the cards of a seat's hand set to be passed (in the hand until each is passed)."""
    return 2 * n + seat


def owner(place: int, n: int) -> int | None:
    """The seat a place belongs to (its hand, set-aside cards or cards to pass), or None (a pile)."""
    return place % n if 0 <= place < 3 * n else None


def kinds_of(mask: int) -> list[int]:
    """The card kinds of a bit mask."""
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


def single(mask: int) -> bool:
    """Whether a mask names one card kind (so everyone knows the card)."""
    return mask != 0 and mask & (mask - 1) == 0


def seen_by(history: Iterable[Entry], seat: int, n: int) -> tuple[Entry, ...]:
    """The history as `seat` saw it: the kinds of cards it did not see made UNSEEN, others' private answers left
    out."""
    seen = []
    for entry in history:
        if entry.target == ANSWERED:
            if entry.source == seat:
                seen.append(entry)
        elif (entry.kind >= 0 and not single(entry.mask) and owner(entry.source, n) != seat
              and owner(entry.target, n) != seat):
            seen.append(Entry(entry.source, entry.target, UNSEEN, entry.mask))
        else:
            seen.append(entry)
    return tuple(seen)


def open_pending(history) -> tuple[int, int, int] | None:
    """(index, mover, mask) of the movement waiting for blocks (a PENDING entry not yet closed by the mover's
    NOTHING entry), or None (`history`: a History or a tuple of entries)."""
    for i in range(len(history) - 1, -1, -1):
        entry = history[i]
        if entry.target == PENDING:
            return i, entry.source, entry.mask
        if entry.target == NOTHING:
            return None
    return None


def blocked_since(history, start: int, n: int) -> int:
    """The mask of the kinds revealed from set-aside cards after entry `start` (blocks, Ruling 19)."""
    mask = 0
    for i in range(start, len(history)):
        entry = history[i]
        if entry.target == DISCARD and n <= entry.source < 2 * n:
            mask |= 1 << entry.kind
    return mask


def cards_set_to_pass(history, place: int, kinds: int) -> list[int]:
    """The cards of each of `kinds` card kinds a hand has set to pass now: those noted into its `place` (`passing`)
    and not out of it since."""
    counts = [0] * kinds
    for entry in history:
        if entry.target == place:
            counts[entry.kind] += 1
        elif entry.source == place:
            counts[entry.kind] -= 1
    return counts
