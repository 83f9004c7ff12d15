"""Deer in the Headlights components as data: cards, dice, board and the combination chart.

`data/board-2014.json` holds the reconstructed 2014 board-game components (book/rulings.md §1),
`data/card-game.json` the card-game edition (§2); `component_file` reads and checks them (or a user's
replacement) into a `DeerComponents`. A game keeps the data it was built from (`DeerComponents.data`), so a
saved game embeds it instead of naming a file.

The chart maps a roll signature (#numbers, #Deer Head, #Running Deer, #Car) to an effect
spec; the engine reads the effect by name (see `EFFECTS`), never by edition. Rolls the chart
does not list get its `chart_default` row (e.g. "nothing"). Everything an edition lacks
(predator die, predators, Jokers, clamping at Finish, advanced rules) is simply absent from
its data.

Where a rule text reads two ways, optional "readings" name the one an edition uses (`READINGS`;
the first value is the book's rulings page's, and the default): "joker" — a Joker makes its die any number
("any_number", Ruling 14) or another of that die's own faces, symbols included ("own_faces", the
narrower first reading); "set_aside" — a player on a Deer-in-the-Headlights space may stop setting
cards aside at any pick ("optional", Ruling 19) or must set aside three ("compulsory").
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import cast

from ..engine import Action
from ..engine.protocol import ChanceTable

DEER_HEAD, RUNNING_DEER, CAR = "deer_head", "running_deer", "car"
SYMBOLS = {DEER_HEAD: "Deer Head", RUNNING_DEER: "Running Deer", CAR: "Car"}
CATEGORIES = ("number", "predator", "joker")
DISCARD_FACE = "discard"
SIGNATURE_KEYS = ("numbers", "deer_head", "running_deer", "car")
READINGS = {"joker": ("any_number", "own_faces"), "set_aside": ("optional", "compulsory")}  # first: the default


@dataclass(frozen=True)
class Effect:
    """A chart effect: its parameters with their defaults, and where the number cards it moves go (the rule
    code has one handler per effect, `rules.transitions.EFFECT_HANDLERS`)."""

    params: dict
    moves: str | None = None  # "discard" or "pass": it moves number cards (open to blocks, Ruling 19)
    groups: bool = False  # it also passes groups adding up to the rolled number card's points (Ruling 6)


EFFECTS: dict[str, Effect] = {
    "discard_rolled": Effect({"pull_if_none": False, "pull_is_choice": False, "choose_more": 0,
                              "choose_from_rolled": 0}, "discard"),
    "pass_rolled": Effect({}, "pass"),
    "discard_parity": Effect({}, "discard"),
    "pass_number_and_sums": Effect({}, "pass", groups=True),
    "freeze": Effect({}),
    "extra_turns": Effect({"turns": 2}),
    "take_discard_reroll": Effect({}),
    "nothing": Effect({}),
}


@dataclass(frozen=True)
class CardKind:
    """One kind of card: its name, category, points, how many the deck holds and any die number."""

    name: str
    category: str  # "number", "predator" or "joker"
    points: int
    count: int
    number: int | None = None  # the die number a number card matches


@dataclass(frozen=True)
class ChartRow:
    """One line of the combination chart: a roll signature and what it makes the roller do."""

    signature: tuple[int, int, int, int]
    effect: str
    rule: str
    pull_if_none: bool = False  # holding none of the rolled numbers, the others hand theirs over
    pull_is_choice: bool = False  # ... each other player choosing whether to
    choose_more: int = 0  # numbers chosen besides the rolled ones
    choose_from_rolled: int = 0  # numbers chosen among the rolled ones (instead of all of them)
    turns: int = 0
    listed: bool = True  # False: the chart's default for a roll it does not list

    @cached_property
    def choices(self) -> int:
        """How many numbers the player chooses on this row (worked out once: the rules ask at every choice)."""
        return self.choose_more + self.choose_from_rolled


@dataclass(frozen=True, eq=False)
class DeerComponents:
    """Validated component data; derived tables are cached on first use."""

    name: str
    game: str  # the registry name of the edition these components make
    min_players: int
    max_players: int
    decks: dict  # player count -> decks shuffled together (default 1)
    cards: tuple[CardKind, ...]  # counts per deck
    number_dice: tuple[tuple[str, tuple], ...]  # (die name, faces)
    predator_die: tuple[str, ...]  # empty: no predator die
    finish: int  # the game ends after a round with a score at or past it
    clamp_at_finish: bool  # pawns never move past Finish (board game)
    headlights_spaces: tuple[int, ...]
    bullseye_spaces: tuple[int, ...]
    advanced_rules: tuple[str, ...]  # the advanced-rule options this edition offers
    chart: tuple[ChartRow, ...]
    chart_default: ChartRow | None  # for the possible rolls the chart does not list
    symbol_names: dict  # die symbol -> the name this edition prints (e.g. the card game's "Deer in Headlights")
    readings: dict  # READINGS key -> the reading this edition uses
    data: dict = field(default_factory=dict, repr=False)  # the validated JSON data these components were read from

    # -- derived tables -------------------------------------------------------------------
    @property
    def joker_any_number(self) -> bool:
        """Ruling 14: a Joker makes its die any number (else another of the die's own faces)."""
        return self.readings["joker"] == "any_number"

    @property
    def set_aside_optional(self) -> bool:
        """Ruling 19: setting aside may stop at any pick (else three cards are compulsory)."""
        return self.readings["set_aside"] == "optional"

    @cached_property
    def kind_index(self) -> dict[str, int]:
        """The card kind index of each card name."""
        return {card.name: k for k, card in enumerate(self.cards)}

    @cached_property
    def number_kind(self) -> dict[int, int]:
        """The card kind index of each number card, by its die number."""
        return {cast(int, card.number): k for k, card in enumerate(self.cards) if card.category == "number"}

    @cached_property
    def numbers(self) -> tuple[int, ...]:
        """The die numbers that have a card, in order."""
        return tuple(sorted(self.number_kind))

    @cached_property
    def number_kinds_by_points(self) -> tuple[int, ...]:
        """The number card kinds, cheapest first."""
        return tuple(sorted(self.number_kind.values(), key=lambda k: (self.cards[k].points, k)))

    @cached_property
    def predator_kinds(self) -> tuple[int, ...]:
        """The predator card kinds."""
        return tuple(k for k, card in enumerate(self.cards) if card.category == "predator")

    @cached_property
    def number_mask(self) -> int:
        """The number card kinds as a bit mask (bit k: kind k), as the round's history names card kinds."""
        return sum(1 << k for k in self.number_kind.values())

    @cached_property
    def predator_mask(self) -> int:
        """The predator card kinds as a bit mask."""
        return sum(1 << k for k in self.predator_kinds)

    @cached_property
    def all_mask(self) -> int:
        """Every card kind as a bit mask."""
        return (1 << len(self.cards)) - 1

    def number_set(self, numbers: tuple) -> tuple[tuple[int, ...], int]:
        """The kinds of the number cards of `numbers`, each once, and the same as a bit mask (worked out once per tuple
        of numbers)."""
        return _number_set(self, numbers)

    def numbers_kinds(self, numbers: tuple) -> tuple[int, ...]:
        """The kinds of the number cards of `numbers`, each once (worked out once per tuple of numbers)."""
        return _number_set(self, numbers)[0]

    def numbers_mask(self, numbers: tuple) -> int:
        """The kinds of the number cards of `numbers` as a bit mask."""
        return _number_set(self, numbers)[1]

    @cached_property
    def joker_kind(self) -> int | None:
        """The Joker card kind, or None without a Joker."""
        return next((k for k, card in enumerate(self.cards) if card.category == "joker"), None)

    @cached_property
    def points(self) -> tuple[int, ...]:
        """The points of each card kind."""
        return tuple(card.points for card in self.cards)

    @cached_property
    def full_deck(self) -> tuple[int, ...]:
        """The card counts of one deck."""
        return tuple(card.count for card in self.cards)

    def deck(self, num_players: int) -> tuple[int, ...]:
        """The cards dealt for `num_players` (one deck, or several shuffled together)."""
        decks = self.decks.get(num_players, 1)
        return tuple(decks * count for count in self.full_deck)

    @cached_property
    def chart_by_signature(self) -> dict[tuple, ChartRow]:
        """A row for every possible roll: the listed ones, the rest the chart's default."""
        rows = {sig: replace(self.chart_default, signature=sig) for sig in self.possible_signatures
                if self.chart_default}
        rows.update({row.signature: row for row in self.chart})
        return rows

    @cached_property
    def _row_by_faces(self) -> dict[tuple, ChartRow]:
        """The chart row of every number-dice result a roll can show, a Joker's number included (chart_row
        looks it up)."""
        rows = self.chart_by_signature
        shown = [tuple(dict.fromkeys((*faces, *self.numbers))) for _, faces in self.number_dice]
        by_faces = {faces: rows.get(signature(faces)) for faces in itertools.product(*shown)}
        return {faces: row for faces, row in by_faces.items() if row is not None}

    def chart_row(self, roll: tuple) -> ChartRow:
        """The chart row that governs a roll (the listed row, else the default for its signature)."""
        faces = roll[:len(self.number_dice)]
        row = self._row_by_faces.get(faces)
        return row if row is not None else self.chart_by_signature[signature(faces)]

    def predator_face(self, roll: tuple):
        """The predator die's face of a roll, or None without a predator die."""
        return roll[-1] if self.predator_die else None

    def face_name(self, face) -> str:
        """A die face in words: the number card's name, or the symbol's name."""
        if isinstance(face, int):
            return self.cards[self.number_kind[face]].name
        return self.symbol_names.get(face) or ("Discard" if face == DISCARD_FACE else face)

    def roll_text(self, roll: tuple) -> str:
        """A roll in words: the number dice, then any predator die."""
        dice = ", ".join(self.face_name(f) for f in roll[:len(self.number_dice)])
        return f"{dice}; predator {self.face_name(roll[-1])}" if self.predator_die else dice

    @cached_property
    def all_dice(self) -> list[tuple]:
        """The faces of every die rolled at once: the number dice, then any predator die."""
        return [faces for _, faces in self.number_dice] + ([self.predator_die] if self.predator_die else [])

    @cached_property
    def roll_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The roll of all dice as one chance node, identical face tuples merged (exact),
        most likely first (sampling walks the list)."""
        counts = dict(sorted(Counter(itertools.product(*self.all_dice)).items(), key=lambda item: -item[1]))
        total = sum(counts.values())
        return tuple((Action("roll", roll, "roll " + self.roll_text(roll)), Fraction(c, total))
                     for roll, c in counts.items())

    @cached_property
    def roll_table(self) -> ChanceTable:
        """`roll_outcomes` ready to sample (every roll draws from it)."""
        return ChanceTable.from_outcomes(self.roll_outcomes)

    @cached_property
    def rolls_by_id(self) -> dict[int, Action]:
        """Each roll outcome by its identity (the table hands out the same objects: a roll drawn from it is found
        without hashing it)."""
        return {id(action): action for action in self.roll_table.actions}

    @cached_property
    def signature_odds(self) -> dict[tuple, Fraction]:
        """The chance of each possible roll signature of the number dice."""
        counts = Counter(signature(faces) for faces in itertools.product(*(f for _, f in self.number_dice)))
        total = sum(counts.values())
        return {sig: Fraction(c, total) for sig, c in counts.items()}

    @property
    def possible_signatures(self) -> frozenset:
        """Every signature a roll of the number dice can have."""
        return frozenset(self.signature_odds)


@lru_cache(maxsize=4096)  # bounded: memory stays flat (components hash by identity: `eq=False`)
def _number_set(comp: DeerComponents, numbers: tuple) -> tuple[tuple[int, ...], int]:
    """The kinds of the number cards of `numbers`, each once, and the same as a bit mask."""
    kinds = tuple(sorted({comp.number_kind[n] for n in numbers}))
    return kinds, sum(1 << k for k in kinds)


def signature(faces: tuple) -> tuple[int, int, int, int]:
    """(#numbers, #Deer Head, #Running Deer, #Car) of the number dice faces."""
    return (sum(isinstance(f, int) for f in faces), faces.count(DEER_HEAD), faces.count(RUNNING_DEER), faces.count(CAR))
