"""Deer in the Headlights components as data: cards, dice, board and the combination chart.

`data/board-2014.json` holds the reconstructed 2014 board-game components (book/rulings.md §1),
`data/card-game.json` the card-game edition (§2). A user may load a replacement with
`DeerComponents.from_file(path)` or pass its data as a dict; every entry is validated and a bad
one raises ComponentError naming it (e.g. ``cards[3].points``). A game keeps the data it was
built from (`DeerComponents.data`), so a saved game embeds it instead of naming a file.

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
import json
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, cast

from ..engine import Action, ComponentError
from ..engine.protocol import ChanceTable
from ..engine.validate import is_whole
from ..engine.errors import sorted_copy
from ..engine.files import read_json

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_COMPONENTS = "board-2014"
DEER_HEAD, RUNNING_DEER, CAR = "deer_head", "running_deer", "car"
SYMBOLS = {DEER_HEAD: "Deer Head", RUNNING_DEER: "Running Deer", CAR: "Car"}
CATEGORIES = ("number", "predator", "joker")
DISCARD_FACE = "discard"
SIGNATURE_KEYS = ("numbers", "deer_head", "running_deer", "car")
ADVANCED_RULES = ("knocking", "headlights_spaces", "bullseye_spaces")
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

    @property
    def choices(self) -> int:
        """How many numbers the player chooses on this row."""
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

    @classmethod
    def from_file(cls, path: str | Path) -> "DeerComponents":
        """Components from a JSON file a person names (a regular file under the size limit)."""
        return cls.from_dict(read_json(path, "component file", ComponentError), source=str(path))

    @classmethod
    def from_dict(cls, data: dict, source: str = "components") -> "DeerComponents":
        """Components checked and built from their JSON data."""
        return replace(_Parser(source).components(data), data=sorted_copy(data))

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

    def numbers_kinds(self, numbers: tuple) -> tuple[int, ...]:
        """The kinds of the number cards of `numbers`, each once (worked out once per tuple of numbers)."""
        return self._numbers(numbers)[0]

    def numbers_mask(self, numbers: tuple) -> int:
        """The kinds of the number cards of `numbers` as a bit mask."""
        return self._numbers(numbers)[1]

    def _numbers(self, numbers: tuple) -> tuple[tuple[int, ...], int]:
        known = self._number_sets
        found = known.get(numbers)
        if found is None:
            if len(known) >= 4096:  # bounded: memory stays flat
                known.clear()
            kinds = tuple(sorted({self.number_kind[n] for n in numbers}))
            found = known[numbers] = kinds, sum(1 << k for k in kinds)
        return found

    @cached_property
    def _number_sets(self) -> dict[tuple, tuple[tuple[int, ...], int]]:
        """The kinds and mask of each tuple of numbers met (`numbers_kinds`, `numbers_mask`)."""
        return {}

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


def signature(faces: tuple) -> tuple[int, int, int, int]:
    """(#numbers, #Deer Head, #Running Deer, #Car) of the number dice faces."""
    return (sum(isinstance(f, int) for f in faces), faces.count(DEER_HEAD), faces.count(RUNNING_DEER), faces.count(CAR))


COUNT_WORDS = {1: "", 2: "two ", 3: "three "}


def combination_name(comp: DeerComponents, sig: tuple) -> str:
    """A roll signature in words, with the component set's face names, e.g. "Two numbers + Deer Head",
    "Number + two Running Deer" (the one naming of chart rows: odds tables, charts, the printed chart)."""
    numbers, *symbols = sig
    parts = [f"{COUNT_WORDS[numbers]}number{'s' * (numbers > 1)}"] if numbers else []
    for face, count in zip((DEER_HEAD, RUNNING_DEER, CAR), symbols):
        if count:
            name = comp.face_name(face)
            parts.append(COUNT_WORDS[count] + (name + "s" if count > 1 and not name.endswith(("Deer", "s")) else name))
    name = " + ".join(parts)
    return name[0].upper() + name[1:]


def row_name(comp: DeerComponents, roll: tuple) -> str:
    """The combination name of a roll (its number dice)."""
    return combination_name(comp, comp.chart_row(roll).signature)


def chart_rows(comp: DeerComponents) -> list[ChartRow]:
    """The chart's rows in its order, then the chart's default row for each possible roll it does not list."""
    listed = {row.signature for row in comp.chart}
    unlisted = sorted((sig for sig in comp.chart_by_signature if sig not in listed), reverse=True)
    return [*comp.chart, *(comp.chart_by_signature[sig] for sig in unlisted)]


def chart_table(comp: DeerComponents) -> list[dict]:
    """The combination chart as printed by the book: one line per possible roll signature (`chart_rows`
    order), with the chance of each from the dice faces (`signature_odds`)."""
    return [{"roll": combination_name(comp, r.signature), "play": r.rule, "effect": r.effect, "listed": r.listed,
             "probability": comp.signature_odds[r.signature]} for r in chart_rows(comp)]


BUILTIN_COMPONENTS = tuple(sorted(path.stem for path in DATA_DIR.glob("*.json")))


def load_components(spec: "str | dict | DeerComponents" = DEFAULT_COMPONENTS) -> DeerComponents:
    """Components from a built-in edition name, the component data itself (a dict), or a JSON file path."""
    if isinstance(spec, DeerComponents):
        return spec
    if isinstance(spec, dict):
        return _embedded(json.dumps(sorted_copy(spec)))
    if spec in BUILTIN_COMPONENTS:
        return _builtin(spec)
    if not isinstance(spec, str):
        raise ComponentError(f"components: must be an edition name {list(BUILTIN_COMPONENTS)}, component data "
                             f"or a file path, got {type(spec).__name__}")
    return DeerComponents.from_file(spec)


@lru_cache(maxsize=None)
def _builtin(name: str) -> DeerComponents:
    """A component set shipped in data/ (package data: read even while a save is loaded)."""
    return DeerComponents.from_dict(read_json(DATA_DIR / f"{name}.json", "component file", ComponentError, own=True),
                                   source=f"{name}.json")


@lru_cache(maxsize=32)
def _embedded(text: str) -> DeerComponents:
    """Component data embedded in a game's options (cached by its sorted JSON text: agents look it up each move)."""
    return DeerComponents.from_dict(json.loads(text), source="components (embedded)")


def components_option(comp: DeerComponents) -> "str | dict":
    """How a game's options name its components: the built-in edition's name, else the data itself."""
    builtin = next((name for name in BUILTIN_COMPONENTS if _builtin(name).data == comp.data), None)
    return builtin if builtin is not None else comp.data


def listing(values) -> str:
    """Values for an error message, e.g. "deer_head, running_deer, car"."""
    return ", ".join(map(str, values))


def signature_text(sig: tuple) -> str:
    """A roll signature for an error message, e.g. "numbers 0, deer_head 3, running_deer 0, car 0"."""
    return listing(f"{key} {count}" for key, count in zip(SIGNATURE_KEYS, sig))


class _Parser:
    """Validates component JSON, naming the first bad entry by its path."""

    def __init__(self, source: str):
        self.source = source

    def need(self, condition, where: str, message: str) -> None:
        if not condition:
            raise ComponentError(f"{self.source}: {where}: {message}")

    def int_at_least(self, data: dict, key: str, where: str, low: int) -> int:
        value: Any = data.get(key)
        self.need(is_whole(value) and value >= low, f"{where}.{key}", f"must be an integer >= {low}, got {value!r}")
        return value

    def obj(self, value, where: str) -> dict:
        self.need(isinstance(value, dict), where, "must be an object")
        return value

    def items(self, value, where: str) -> list:
        self.need(isinstance(value, list) and value, where, "must be a non-empty list")
        return value

    def components(self, data) -> DeerComponents:
        data = self.obj(data, "(top level)")
        name, game = data.get("name"), data.get("game")
        self.need(isinstance(name, str) and name, "name", "must be a non-empty string")
        self.need(isinstance(game, str) and game, "game", "must name the edition (e.g. \"deer\")")
        players = self.obj(data.get("players"), "players")
        low = self.int_at_least(players, "min", "players", 2)
        high = self.int_at_least(players, "max", "players", low)
        decks = self.decks(players, low, high)
        cards = tuple(self.card(c, f"cards[{i}]") for i, c in enumerate(self.items(data.get("cards"), "cards")))
        self.check_cards(cards)
        dice = self.items(data.get("number_dice"), "number_dice")
        self.need(len(dice) == 3, "number_dice", f"must list exactly 3 dice, got {len(dice)}")
        numbers = {c.number for c in cards if c.category == "number"}
        number_dice = tuple(self.die(d, f"number_dice[{i}]", numbers) for i, d in enumerate(dice))
        predator_die = self.predator_die(data, cards)
        board = self.obj(data.get("board"), "board")
        finish = self.int_at_least(board, "finish", "board", 1)
        clamp = board.get("clamp_at_finish", True)
        self.need(isinstance(clamp, bool), "board.clamp_at_finish", "must be true/false")
        spaces = {key: self.spaces(board, key, finish) for key in ("headlights_spaces", "bullseye_spaces")}
        advanced = data.get("advanced_rules", [])
        self.need(isinstance(advanced, list) and all(rule in ADVANCED_RULES for rule in advanced), "advanced_rules",
                  f"must list some of {list(ADVANCED_RULES)}")
        chart = tuple(self.chart_row(r, f"chart[{i}]") for i, r in enumerate(self.items(data.get("chart"), "chart")))
        default = data.get("chart_default")
        default = None if default is None else self.chart_effect(self.obj(default, "chart_default"), "chart_default")
        result = DeerComponents(name, game, low, high, decks, cards, number_dice, predator_die, finish, clamp,
                                spaces["headlights_spaces"], spaces["bullseye_spaces"], tuple(advanced), chart, default,
                                self.symbol_names(data), self.readings(data))
        self.check_chart(result)
        return result

    def symbol_names(self, data: dict) -> dict:
        """The printed names of the die symbols: the defaults, overridden by optional "symbol_names"."""
        names = self.obj(data.get("symbol_names", {}), "symbol_names")
        for symbol, name in names.items():
            self.need(symbol in SYMBOLS, f"symbol_names.{symbol}", f"must be one of {list(SYMBOLS)}")
            self.need(isinstance(name, str) and name, f"symbol_names.{symbol}", "must be a non-empty string")
        return {**SYMBOLS, **names}

    def readings(self, data: dict) -> dict:
        """The edition's readings (`READINGS`): optional "readings", each defaulting to the rulings'."""
        chosen = self.obj(data.get("readings", {}), "readings")
        for key, value in chosen.items():
            self.need(key in READINGS, f"readings.{key}", f"must be one of {listing(READINGS)}")
            self.need(value in READINGS[key], f"readings.{key}",
                      f"must be one of {listing(READINGS[key])}, got {value!r}")
        return {key: chosen.get(key, values[0]) for key, values in READINGS.items()}

    def decks(self, players: dict, low: int, high: int) -> dict:
        decks = self.obj(players.get("decks", {}), "players.decks")
        for key, value in decks.items():
            where = f"players.decks.{key}"
            self.need(key in {str(n) for n in range(low, high + 1)}, where, f"must be a player count {low}..{high}")
            self.need(is_whole(value) and value >= 1, where, "must be a number of decks >= 1")
        return {int(key): value for key, value in decks.items()}

    def predator_die(self, data: dict, cards: tuple[CardKind, ...]) -> tuple[str, ...]:
        predators = {c.name for c in cards if c.category == "predator"}
        faces = tuple(self.items(data["predator_die"], "predator_die")) if "predator_die" in data else ()
        for i, face in enumerate(faces):
            self.need(isinstance(face, str) and (face == DISCARD_FACE or face in predators), f"predator_die[{i}]",
                      f"{face!r} is neither a predator card name nor {DISCARD_FACE!r}")
        return faces

    def card(self, data, where: str) -> CardKind:
        data = self.obj(data, where)
        name, category = data.get("name"), data.get("category")
        self.need(isinstance(name, str) and name, f"{where}.name", "must be a non-empty string")
        self.need(category in CATEGORIES, f"{where}.category", f"must be one of {CATEGORIES}, got {category!r}")
        number = None
        if category == "number":
            number = self.int_at_least(data, "number", where, 1)
        else:
            self.need(data.get("number") is None, f"{where}.number", "only number cards have a number")
        return CardKind(name, category, self.int_at_least(data, "points", where, 0),
                        self.int_at_least(data, "count", where, 1), number)

    def check_cards(self, cards: tuple[CardKind, ...]) -> None:
        names, numbers = set(), set()
        for i, card in enumerate(cards):
            self.need(card.name not in names, f"cards[{i}].name", f"duplicate name {card.name!r}")
            self.need(card.number is None or card.number not in numbers, f"cards[{i}].number",
                      f"duplicate number {card.number}")
            names.add(card.name)
            numbers.add(card.number)
        self.need(sum(c.category == "joker" for c in cards) <= 1, "cards", "at most one Joker card kind")

    def die(self, data, where: str, numbers: set) -> tuple[str, tuple]:
        data = self.obj(data, where)
        self.need(isinstance(data.get("name"), str) and data["name"], f"{where}.name", "must be a non-empty string")
        faces = self.items(data.get("faces"), f"{where}.faces")
        for i, face in enumerate(faces):
            self.need(face in SYMBOLS if isinstance(face, str) else is_whole(face) and face in numbers,
                      f"{where}.faces[{i}]",
                      f"{face!r} is neither a number card's number nor one of {listing(SYMBOLS)}")
        return data["name"], tuple(faces)

    def spaces(self, board: dict, key: str, finish: int) -> tuple[int, ...]:
        values = board.get(key, [])
        self.need(isinstance(values, list) and all(is_whole(v) and 0 <= v <= finish for v in values),
                  f"board.{key}", f"must be a list of spaces 0..{finish}")
        return tuple(values)

    def chart_row(self, data, where: str) -> ChartRow:
        data = self.obj(data, where)
        sig = tuple(self.int_at_least(data, key, where, 0) for key in SIGNATURE_KEYS)
        self.need(sum(sig) == 3, where, f"a signature counts the 3 number dice, got {signature_text(sig)}")
        return self.chart_effect({k: v for k, v in data.items() if k not in SIGNATURE_KEYS}, where, sig)

    def chart_effect(self, data: dict, where: str, sig: tuple = ()) -> ChartRow:
        """The effect, rule and parameters of a chart row (no signature: the chart's default)."""
        effect: Any = data.get("effect")
        self.need(isinstance(effect, str) and effect in EFFECTS, f"{where}.effect",
                  f"unknown effect {effect!r}; known: {listing(sorted(EFFECTS))}")
        self.need(isinstance(data.get("rule"), str) and data["rule"], f"{where}.rule", "must name the rule")
        params = dict(EFFECTS[effect].params)
        for key, value in data.items():
            if key in ("effect", "rule"):
                continue
            self.need(key in params, f"{where}.{key}", f"not a parameter of effect {effect!r}")
            default = params[key]
            ok = isinstance(value, bool) if isinstance(default, bool) else is_whole(value) and value >= 0
            expected = "true/false" if isinstance(default, bool) else "an integer >= 0"
            self.need(ok, f"{where}.{key}", f"must be {expected}")
            params[key] = value
        self.need(not (params.get("choose_more") and params.get("choose_from_rolled")), where,
                  "choose_more and choose_from_rolled exclude each other")
        return ChartRow(sig, effect, data["rule"], **params, listed=bool(sig))

    def check_chart(self, comp: DeerComponents) -> None:
        seen = set()
        for i, row in enumerate(comp.chart):
            self.need(row.signature not in seen, f"chart[{i}]", f"duplicate signature {row.signature}")
            self.need(row.signature in comp.possible_signatures, f"chart[{i}]", "these dice cannot roll it")
            seen.add(row.signature)
        if comp.chart_default is None:
            for sig in sorted(comp.possible_signatures - seen):
                self.need(False, "chart", f"no row for the possible roll ({signature_text(sig)}) "
                                          "and no chart_default")
