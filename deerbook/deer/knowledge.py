"""What one Deer seat knows of the cards it cannot see, replayed from its observation alone.

What a seat knows is its observation: its own hand and set-aside cards, the public table, and the round's history
as it saw it (`rules.history`). `Knowledge` replays that history as a ledger of the cards the seat cannot see:

- a card it saw go into a hidden place (one it passed, one that went to the Predator pile as a predator of the die's
  face, a rack or Joker shown) is *known* to be there until it leaves;
- every other hidden card is a *token* of some place, of the kinds the rules allow it (`mask`): the cards dealt to a
  hand may be anything; a card passed face down under Ruling 3 is one of the rolled numbers, a Discard-face card on
  the Predator pile a predator, a set-aside card a number card. Tokens of one place with the same kinds are one
  `Cell` (`engine.sampling`);
- when every card of some numbers left a place (or it held none), the place's tokens are not those numbers
  (`NOTHING` entries).

The seat's unseen cards (all cards but its own, the Discard pile's and the known ones) then go on the tokens, each
token getting one of its kinds (`belief`). Where the seat meets an ambiguity (a face-down card leaving a place that
holds unseen cards of different descriptions, or a seen card that could also have been one of the place's unseen
ones), the ledger keeps what is certain and forgets which description the card had (the place's candidates become
one cell); `exact` says whether that happened.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..engine.sampling import Cell
from .rules import Phase
from .rules.history import DECK, DISCARD, NOTHING, PILE, UNSEEN, Entry, aside, kinds_of, owner, passing
from .spec import DeerSetup


class BeliefError(ValueError):
    """The observation contradicts itself (a history that does not fit the table): no deal is consistent."""


class Knowledge:
    """What `seat` knows of the cards it cannot see, replayed from its observation's history (module docstring)."""

    def __init__(self, game: DeerSetup, obs: Mapping[str, Any]):
        self.game, self.comp, self.n, self.seat = game, game.components, game.num_players, obs["player"]
        self.kinds = len(self.comp.cards)
        self.exact = True
        self.history = tuple(map(Entry._make, obs["history"]))
        self.places = self._hidden_places(obs)
        self.known = {place: [0] * self.kinds for place in self.places}
        self.cells: list[Cell] = []
        self.doubts: set[tuple[int, int]] = set()  # (place, kind): a seen card left that may have been unseen
        self._replay(obs)
        self.exact = self.exact and not self.doubts

    def _hidden_places(self, obs: Mapping[str, Any]) -> dict[int, int]:
        """Each place the seat cannot see, with the number of cards it holds now."""
        n, me = self.n, self.seat
        sets = self._passing_sizes()
        places: dict[int, int] = {PILE: int(obs["predator_pile_size"]), DECK: int(obs["deck_size"])}
        for q in range(n):
            if q != me:
                places[passing(q, n)] = sets[q]
                places[q] = obs["hand_sizes"][q] - sets[q]
                places[aside(q, n)] = obs["set_aside_sizes"][q]
        return places

    def _passing_sizes(self) -> list[int]:
        """The cards each seat has set to pass now (in its hand), counted from the history."""
        n, sizes = self.n, [0] * self.n
        for entry in self.history:
            if entry.target >= 2 * n:
                sizes[entry.target - 2 * n] += 1
            if entry.source >= 2 * n:
                sizes[entry.source - 2 * n] -= 1
        return sizes

    def own(self, place: int) -> bool:
        """Whether the seat sees every card of `place` (its own places and the Discard pile)."""
        return place == DISCARD or owner(place, self.n) == self.seat

    def _replay(self, obs: Mapping[str, Any]) -> None:
        start = dict(self.places)  # the sizes when the history began
        for entry in self.history:
            if entry.target >= PILE:  # a card moved
                for place, change in ((entry.source, 1), (entry.target, -1)):
                    if place in start:
                        start[place] += change
        for place, size in start.items():
            if size < 0:
                raise BeliefError(f"the history moves more cards out of place {place} than it held")
            if size:
                self.cells.append(Cell(place, self.comp.all_mask, size))
        for entry in self.history:
            if entry.target == NOTHING:
                self._void(entry.source, entry.mask)
            elif entry.target >= PILE:
                self._put(entry.target, self._take(entry.source, entry.kind, entry.mask))
        if obs["phase"] in (Phase.RACK_PAWN, Phase.RACK_AMOUNT) and obs["current"] != self.seat:
            for kind in kinds_listed(obs["rack"]):  # the rack being played is shown, still in the hand
                self._put(obs["current"], self._take(obs["current"], kind, 1 << kind))
        for place, size in self.places.items():
            if sum(self.known[place]) + sum(c.size for c in self.cells if c.place == place) != size:
                raise BeliefError(f"the history does not account for the cards of place {place}")

    def _at(self, place: int, mask: int) -> list[Cell]:
        return [c for c in self.cells if c.place == place and c.mask & mask]

    def _merged(self, place: int, cells: list[Cell]) -> Cell:
        """The one cell of `cells` (unseen cards of one place), or all of them made one (the seat forgets which
        description each card had)."""
        if not cells:
            raise BeliefError(f"a card leaves place {place}, which cannot hold it")
        if len(cells) == 1:
            return cells[0]
        self.exact = False
        merged = Cell(place, 0, 0)
        for cell in cells:
            merged.mask |= cell.mask
            merged.size += cell.size
            self.cells.remove(cell)
        self.cells.append(merged)
        return merged

    def _take(self, place: int, kind: int, mask: int) -> tuple[int, int]:
        """A card leaves `place`: (its kind, or UNSEEN, and the kinds it may be)."""
        if self.own(place):
            return kind, 1 << kind
        known = self.known[place]
        if kind != UNSEEN:
            cells = self._at(place, 1 << kind)
            if known[kind]:
                known[kind] -= 1
                if cells:  # it may have been an unseen card of the place instead: unless the place is then
                    self.doubts.add((place, kind))  # known to hold none of the kind, the seat forgets which
            else:
                self._shrink(self._merged(place, cells))
            return kind, 1 << kind
        held = [k for k in kinds_of(mask) if known[k]]
        cells = self._at(place, mask)
        if held:  # a known card may be the one that left: the place's candidates become unseen cards
            self.exact = False
            dissolved = Cell(place, 0, 0)
            for k in held:
                dissolved.mask |= 1 << k
                dissolved.size += known[k]
                known[k] = 0
            self.cells.append(dissolved)
            cells.append(dissolved)
        cell = self._merged(place, cells)
        self._shrink(cell)
        return UNSEEN, cell.mask & mask

    def _shrink(self, cell: Cell) -> None:
        cell.size -= 1
        if not cell.size:
            self.cells.remove(cell)

    def _put(self, place: int, card: tuple[int, int]) -> None:
        if self.own(place):
            return
        kind, mask = card
        if kind != UNSEEN:
            self.known[place][kind] += 1
            return
        same = next((c for c in self.cells if c.place == place and c.mask == mask), None)
        if same is None:
            self.cells.append(Cell(place, mask, 1))
        else:
            same.size += 1

    def _void(self, place: int, mask: int) -> None:
        if self.own(place):
            return
        if any(self.known[place][k] for k in kinds_of(mask)):
            raise BeliefError(f"place {place} holds none of some kinds it is known to hold")
        self.doubts -= {(place, k) for k in kinds_of(mask)}  # every card of the kind left: the ledger is exact
        for cell in [c for c in self.cells if c.place == place]:
            cell.mask &= ~mask
            if not cell.mask:
                raise BeliefError(f"the unseen cards of place {place} can be no card at all")

    def unseen(self, obs: Mapping[str, Any]) -> list[int]:
        """The cards the seat has not located: all of them but its own, the Discard pile's and the known ones."""
        left = list(self.game.full_deck)
        for counts in (obs["hand"], obs["set_aside"], obs["discard"], *self.known.values()):
            for k, c in enumerate(counts):
                left[k] -= c
        if any(c < 0 for c in left) or sum(left) != sum(c.size for c in self.cells):
            raise BeliefError("the observation's cards do not add up")
        return left


def kinds_listed(counts) -> list[int]:
    """One card kind per card of a count vector."""
    return [k for k, c in enumerate(counts) for _ in range(c)]
