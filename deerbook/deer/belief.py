"""Belief sampling: a full Deer position consistent with everything one seat has seen, from its observation alone.

What a seat knows is its observation: its own hand and set-aside cards, the public table, and the round's history
as it saw it (`rules.history`). `Knowledge` replays that history as a ledger of the cards the seat cannot see:

- a card it saw go into a hidden place (one it passed, one that went to the Predator pile as a predator of the die's
  face, a rack or Joker shown) is *known* to be there until it leaves;
- every other hidden card is a *token* of some place, of the kinds the rules allow it (`mask`): the cards dealt to a
  hand may be anything; a card passed face down under Ruling 3 is one of the rolled numbers, a Discard-face card on
  the Predator pile a predator, a set-aside card a number card. Tokens of one place with the same kinds are one
  `Cell`;
- when every card of some numbers left a place (or it held none), the place's tokens are not those numbers
  (`NOTHING` entries).

A consistent deal puts the unseen cards (all cards but the seat's own, the Discard pile and the known ones) on the
tokens, each token getting one of its kinds; every way of doing so with the physical cards is equally likely
(`Deal` draws one exactly, by counting). This is the exact posterior over the seat's information when every
physical history of the round (the deal, each card drawn, each card another seat chose to move) is equally likely,
as long as the seat never met an ambiguity: a face-down card leaving a place that holds unseen cards of different
descriptions (or a seen card that could also have been one of the place's unseen ones). There the ledger keeps
what is certain and forgets which description the card had (the place's candidates become one cell); `exact`
says whether that happened. What the seat may infer from the other seats' decisions is not read: that someone
was offered a Joker, a rack or a predator decision and declined it, or the order in which the engine passes cards.

A drawn deal becomes a state with the seat's observation (`Belief.sample`): the hidden per-turn fields follow from
the cards (the cards waiting for blocks, those set to pass), and where another seat takes a private decision
(Ruling 19 blocks, the card chart's hand-overs) the decider is drawn among those the deal allows, each history
equally likely. A deal the rules forbid for the phase on the table (a player in the rack phase holds a rack, set-aside
numbers differ, ...) is drawn again: the truth is never such a deal.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from ..engine.errors import SaveFileError
from ..engine.protocol import rebuilt
from ..engine.seeding import Rng
from .rules import PRIVATE_PHASES, Phase, matching, others, rolled_numbers
from .rules.history import (ANSWERED, DISCARD, NOTHING, PILE, UNSEEN, History, aside, blocked_since, kinds_of,
                            open_pending, owner, passing)
from .save import check_consistency
from .spec import DeerSetup
from .state import FIELD_NAMES, DeerState

DECK = -9  # the undealt cards (a hidden place during the deal only; never in the history)
MAX_TRIES = 100_000  # deals drawn for one sample before giving up (far beyond any position met in play)
PUBLIC_FIELDS = ("current", "round", "pawns", "frozen", "extra_turns", "roll", "joker_die", "chosen", "rack",
                 "moves_left", "move_target", "round_points", "ledger", "turns", "racks_played", "set_aside_due",
                 "bullseye_due", "benefit_spaces", "discard", "history")


class BeliefError(ValueError):
    """The observation contradicts itself (a history that does not fit the table): no deal is consistent."""


@dataclass
class Cell:
    """Unseen cards of one place, each of the kinds in `mask`."""

    place: int
    mask: int
    size: int


class Knowledge:
    """What `seat` knows of the cards it cannot see, replayed from its observation's history (module docstring)."""

    def __init__(self, game: DeerSetup, obs: Mapping[str, Any]):
        self.game, self.comp, self.n, self.seat = game, game.components, game.num_players, obs["player"]
        self.kinds = len(self.comp.cards)
        self.exact = True
        self.history = tuple(map(tuple, obs["history"]))
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
        places = {PILE: int(obs["predator_pile_size"]), DECK: int(obs["deck_size"])}
        for q in range(n):
            if q != me:
                places[passing(q, n)] = sets[q]
                places[q] = obs["hand_sizes"][q] - sets[q]
                places[aside(q, n)] = obs["set_aside_sizes"][q]
        return places

    def _passing_sizes(self) -> list[int]:
        """The cards each seat has set to pass now (in its hand), counted from the history."""
        n, sizes = self.n, [0] * self.n
        for source, target, _, _ in self.history:
            if target >= 2 * n:
                sizes[target - 2 * n] += 1
            if source >= 2 * n:
                sizes[source - 2 * n] -= 1
        return sizes

    def own(self, place: int) -> bool:
        """Whether the seat sees every card of `place` (its own places and the Discard pile)."""
        return place == DISCARD or owner(place, self.n) == self.seat

    def _replay(self, obs: Mapping[str, Any]) -> None:
        start = dict(self.places)  # the sizes when the history began
        for source, target, _, _ in self.history:
            if target >= PILE:
                for place, change in ((source, 1), (target, -1)):
                    if place in start:
                        start[place] += change
        for place, size in start.items():
            if size < 0:
                raise BeliefError(f"the history moves more cards out of place {place} than it held")
            if size:
                self.cells.append(Cell(place, self.comp.all_mask, size))
        for source, target, kind, mask in self.history:
            if target == NOTHING:
                self._void(source, mask)
            elif target >= PILE:
                self._put(target, self._take(source, kind, mask))
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


# -- drawing a deal exactly -------------------------------------------------------------------------------------
DEAL_BUDGET = 1_500  # ways of filling one cell that the exact count may try before the swap chain takes over
SWAPS_PER_CARD = 60  # swap-chain steps per unseen card (`Shuffle`)


class TooMany(Exception):
    """The exact count of deals would take longer than `DEAL_BUDGET` allows."""


class Deal:
    """Uniform draws of the unseen cards onto the cells (each cell's cards of its kinds), every assignment of the
    physical cards equally likely, by exact counting.

    The cells are filled one after another. Card kinds that the cells still to fill treat alike form one class;
    `ways(i, counts)` counts the ways (physical cards) to fill cells i.. from class counts `counts`, summing over
    how many cards of each class cell i takes the product of binomials (which cards of the class) times the ways
    for the rest. Drawing picks each cell's class counts in proportion to their ways, then the cards of each class
    uniformly among its physical cards left. Raises TooMany when the count would try more than `budget` ways to
    fill a cell."""

    exact = True

    def __init__(self, cells: list[Cell], unseen: list[int], budget: int = DEAL_BUDGET):
        self.cells = sorted(cells, key=lambda c: (sum(unseen[k] for k in kinds_of(c.mask)), c.size))
        self.unseen, self.budget = unseen, budget
        kinds = [k for k, c in enumerate(unseen) if c]
        # classes[i]: the kinds grouped by which of cells i.. may hold them; parent[i][j]: class j's class at i+1
        self.classes: list[list[list[int]]] = []
        self.parent: list[list[int]] = []
        for i in range(len(self.cells) + 1):
            groups: dict[tuple, list[int]] = {}
            for k in kinds:
                groups.setdefault(tuple(c.mask >> k & 1 for c in self.cells[i:]), []).append(k)
            self.classes.append(list(groups.values()))
        for i in range(len(self.cells)):
            index = {k: j for j, group in enumerate(self.classes[i + 1]) for k in group}
            self.parent.append([index[group[0]] for group in self.classes[i]])
        self.allowed = [[j for j, group in enumerate(self.classes[i]) if cell.mask >> group[0] & 1]
                        for i, cell in enumerate(self.cells)]
        self._ways: dict[tuple, int] = {}
        self._choices: dict[tuple, tuple[list[tuple[int, ...]], list[int]]] = {}
        self.total = self.ways(0, tuple(sum(unseen[k] for k in group) for group in self.classes[0]))

    def ways(self, i: int, counts: tuple[int, ...]) -> int:
        """The ways to fill cells i.. with the class counts `counts` (classes of stage i)."""
        if i == len(self.cells):
            return int(not any(counts))
        key = (i, counts)
        if key not in self._ways:
            self._ways[key] = sum(self._options(i, counts)[1][-1:] or [0])
        return self._ways[key]

    def _options(self, i: int, counts: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """Each way cell i can take its cards by class, with the running total of the ways it leaves."""
        key = (i, counts)
        if key not in self._choices:
            takes, totals, running = [], [], 0
            for take in self._takes(i, counts):
                self.budget -= 1
                if self.budget < 0:
                    raise TooMany
                rest = [0] * len(self.classes[i + 1])
                weight = 1
                for j, (have, taken) in enumerate(zip(counts, take)):
                    weight *= math.comb(have, taken)
                    rest[self.parent[i][j]] += have - taken
                weight *= self.ways(i + 1, tuple(rest))
                if weight:
                    running += weight
                    takes.append(take)
                    totals.append(running)
            self._choices[key] = takes, totals
        return self._choices[key]

    def _takes(self, i: int, counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every split of cell i's size over the classes it may hold (within the counts)."""
        allowed, size = self.allowed[i], self.cells[i].size
        take = [0] * len(counts)

        def split(a: int, left: int) -> Iterator[tuple[int, ...]]:
            if a == len(allowed):
                if not left:
                    yield tuple(take)
                return
            j = allowed[a]
            room = sum(counts[b] for b in allowed[a + 1:])
            for x in range(max(0, left - room), min(counts[j], left) + 1):
                take[j] = x
                yield from split(a + 1, left - x)
            take[j] = 0

        yield from split(0, size)

    def draw(self, rng: Rng) -> list[tuple[Cell, list[int]]]:
        """One deal: each cell with the count vector of the cards it gets."""
        if not self.total:
            raise BeliefError("no deal of the unseen cards fits what the seat knows")
        left = list(self.unseen)
        counts = tuple(sum(left[k] for k in group) for group in self.classes[0])
        dealt = []
        for i, cell in enumerate(self.cells):
            takes, totals = self._options(i, counts)
            pick = rng.randrange(totals[-1])
            take = takes[next(t for t, total in enumerate(totals) if total > pick)]
            cards = [0] * len(left)
            for j, taken in enumerate(take):
                for _ in range(taken):  # a physical card of the class, uniformly
                    kind = _pick(self.classes[i][j], left, rng)
                    left[kind] -= 1
                    cards[kind] += 1
            dealt.append((cell, cards))
            rest = [0] * len(self.classes[i + 1])
            for j, (have, taken) in enumerate(zip(counts, take)):
                rest[self.parent[i][j]] += have - taken
            counts = tuple(rest)
        return dealt


class Shuffle:
    """Deals of the unseen cards onto the cells for positions too large to count (`TooMany`): a Markov chain on the
    assignments of the physical cards, from one that fits, swapping two cards of different cells when each may go
    to the other's cell. Every swap is as likely as its reverse, so the chain's limit is the uniform deal; run for
    `SWAPS_PER_CARD` steps per card from the last deal drawn, it approximates it (not exact)."""

    exact = False

    def __init__(self, cells: list[Cell], unseen: list[int]):
        self.cells = cells
        self.tokens = [i for i, cell in enumerate(cells) for _ in range(cell.size)]  # the cell of each card place
        self.kinds, self.width = fitting(cells, unseen), len(unseen)

    def draw(self, rng: Rng) -> list[tuple[Cell, list[int]]]:
        """One deal, after `SWAPS_PER_CARD` swap attempts per card."""
        kinds, tokens, masks = self.kinds, self.tokens, [c.mask for c in self.cells]
        size = len(tokens)
        for _ in range(SWAPS_PER_CARD * size if size > 1 else 0):
            a, b = rng.randrange(size), rng.randrange(size)
            if masks[tokens[a]] >> kinds[b] & 1 and masks[tokens[b]] >> kinds[a] & 1:
                kinds[a], kinds[b] = kinds[b], kinds[a]
        dealt = [(cell, [0] * self.width) for cell in self.cells]
        for token, kind in zip(tokens, kinds):
            dealt[token][1][kind] += 1
        return dealt


def fitting(cells: list[Cell], unseen: list[int]) -> list[int]:
    """One card kind per card place of the cells (in `Shuffle.tokens` order) that fits every cell's kinds, found
    by augmenting paths (a bipartite matching of the unseen cards to the places)."""
    places = [cell.mask for cell in cells for _ in range(cell.size)]
    cards = [k for k, c in enumerate(unseen) for _ in range(c)]
    owner_of: list[int | None] = [None] * len(cards)  # the place each card is on

    def place_card(p: int, seen: set[int]) -> bool:
        for c, kind in enumerate(cards):
            if places[p] >> kind & 1 and c not in seen:
                seen.add(c)
                holder = owner_of[c]
                if holder is None or place_card(holder, seen):
                    owner_of[c] = p
                    return True
        return False

    for p in range(len(places)):
        if not place_card(p, set()):
            raise BeliefError("no deal of the unseen cards fits what the seat knows")
    kinds = [0] * len(places)
    for c, holder in enumerate(owner_of):
        if holder is not None:
            kinds[holder] = cards[c]
    return kinds


def _pick(kinds: list[int], left: list[int], rng: Rng) -> int:
    """A card kind of `kinds`, each physical card left equally likely."""
    index = rng.randrange(sum(left[k] for k in kinds))
    for kind in kinds:
        index -= left[kind]
        if index < 0:
            return kind
    raise AssertionError("unreachable: the index is below the cards left")


# -- a full position from one deal ------------------------------------------------------------------------------
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
            self.deal: Deal | Shuffle = Deal(self.knowledge.cells, unseen)
        except TooMany:
            self.deal = Shuffle(self.knowledge.cells, unseen)
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
        for cell, counts in self.deal.draw(rng):
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
        place, counts = passing(self.seat, self.n), [0] * len(self.game.components.cards)
        for source, target, kind, _ in self.knowledge.history:
            if place in (source, target):
                counts[kind] += 1 if target == place else -1
        return counts

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
        answered = {kind for source, target, kind, _ in history[start:] if target == ANSWERED}
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
        start = max((i for i, (source, target, _, _) in enumerate(history) if source == current and target == NOTHING),
                    default=0)
        givers = others(current, n)
        handed = [givers.index(source) for source, target, _, _ in history[start:] if target == current
                  and source in givers]
        first = max(handed, default=-1) + 1
        asked_me = any(source == me and target == ANSWERED for source, target, _, _ in history[start:])
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

