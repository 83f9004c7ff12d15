"""Deer in the Headlights components as data: cards, dice, board and the combination chart.

`data/board-2014.json` holds the reconstructed 2014 board-game components (RULINGS.md §1).
A user may load a replacement with `DeerComponents.from_file(path)`; every entry is
validated and a bad one raises ComponentError naming it (e.g. ``cards[3].points``).

The chart maps a roll signature (#numbers, #Deer Head, #Running Deer, #Car) to an effect
spec; the engine reads the effect by name (see `EFFECTS`), never by edition.
"""
from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path

from ..engine import Action, ComponentError

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_COMPONENTS = "board-2014"
DEER_HEAD, RUNNING_DEER, CAR = "deer_head", "running_deer", "car"
SYMBOLS = {DEER_HEAD: "Deer Head", RUNNING_DEER: "Running Deer", CAR: "Car"}
CATEGORIES = ("number", "predator", "joker")
DISCARD_FACE = "discard"
SIGNATURE_KEYS = ("numbers", "deer_head", "running_deer", "car")

# effect name -> its parameters and their defaults (the rule code has one handler per name)
EFFECTS: dict[str, dict] = {
    "discard_rolled": {"pull_if_none": False, "choose_more": 0},
    "pass_rolled": {},
    "discard_parity": {},
    "pass_number_and_sums": {},
    "freeze": {},
    "extra_turns": {"turns": 2},
    "take_discard_reroll": {},
    "nothing": {},
}


@dataclass(frozen=True)
class CardKind:
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
    pull_if_none: bool = False
    choose_more: int = 0
    turns: int = 0


@dataclass(frozen=True, eq=False)
class DeerComponents:
    """Validated component data; derived tables are cached on first use."""

    name: str
    min_players: int
    max_players: int
    cards: tuple[CardKind, ...]
    number_dice: tuple[tuple[str, tuple], ...]  # (die name, faces)
    predator_die: tuple[str, ...]
    finish: int
    headlights_spaces: tuple[int, ...]
    bullseye_spaces: tuple[int, ...]
    chart: tuple[ChartRow, ...]

    @classmethod
    def from_file(cls, path: str | Path) -> "DeerComponents":
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise ComponentError(f"{path}: cannot read component file: {exc}") from None
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: dict, source: str = "components") -> "DeerComponents":
        return _Parser(source).components(data)

    # -- derived tables -------------------------------------------------------------------
    @cached_property
    def kind_index(self) -> dict[str, int]:
        return {card.name: k for k, card in enumerate(self.cards)}

    @cached_property
    def number_kind(self) -> dict[int, int]:
        return {card.number: k for k, card in enumerate(self.cards) if card.category == "number"}

    @cached_property
    def numbers(self) -> tuple[int, ...]:
        return tuple(sorted(self.number_kind))

    @cached_property
    def number_kinds_by_points(self) -> tuple[int, ...]:
        return tuple(sorted(self.number_kind.values(), key=lambda k: (self.cards[k].points, k)))

    @cached_property
    def predator_kinds(self) -> tuple[int, ...]:
        return tuple(k for k, card in enumerate(self.cards) if card.category == "predator")

    @cached_property
    def joker_kind(self) -> int | None:
        return next((k for k, card in enumerate(self.cards) if card.category == "joker"), None)

    @cached_property
    def points(self) -> tuple[int, ...]:
        return tuple(card.points for card in self.cards)

    @cached_property
    def full_deck(self) -> tuple[int, ...]:
        return tuple(card.count for card in self.cards)

    @cached_property
    def chart_by_signature(self) -> dict[tuple, ChartRow]:
        return {row.signature: row for row in self.chart}

    def chart_row(self, roll: tuple) -> ChartRow:
        return self.chart_by_signature[signature(roll[:len(self.number_dice)])]

    def face_name(self, face) -> str:
        if isinstance(face, int):
            return self.cards[self.number_kind[face]].name
        return SYMBOLS.get(face) or ("Discard" if face == DISCARD_FACE else face)

    def roll_text(self, roll: tuple) -> str:
        dice = ", ".join(self.face_name(f) for f in roll[:len(self.number_dice)])
        return f"{dice}; predator {self.face_name(roll[-1])}"

    @cached_property
    def roll_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The roll of all four dice as one chance node, identical face tuples merged (exact),
        most likely first (sampling walks the list)."""
        dice = [faces for _, faces in self.number_dice] + [self.predator_die]
        counts = Counter(itertools.product(*dice))
        counts = dict(sorted(counts.items(), key=lambda item: -item[1]))
        total = sum(counts.values())
        return tuple((Action("roll", roll, "roll " + self.roll_text(roll)), Fraction(c, total))
                     for roll, c in counts.items())

    @cached_property
    def possible_signatures(self) -> frozenset:
        return frozenset(signature(faces) for faces in itertools.product(*(f for _, f in self.number_dice)))


def signature(faces: tuple) -> tuple[int, int, int, int]:
    """(#numbers, #Deer Head, #Running Deer, #Car) of the number dice faces."""
    return (sum(isinstance(f, int) for f in faces), faces.count(DEER_HEAD), faces.count(RUNNING_DEER), faces.count(CAR))


@lru_cache(maxsize=None)
def load_components(name_or_path: str = DEFAULT_COMPONENTS) -> DeerComponents:
    """A built-in component set by name (a file in data/) or a user's JSON file by path."""
    builtin = DATA_DIR / f"{name_or_path}.json"
    return DeerComponents.from_file(builtin if builtin.is_file() else name_or_path)


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Parser:
    """Validates component JSON, naming the first bad entry by its path."""

    def __init__(self, source: str):
        self.source = source

    def need(self, condition, where: str, message: str) -> None:
        if not condition:
            raise ComponentError(f"{self.source}: {where}: {message}")

    def int_at_least(self, data: dict, key: str, where: str, low: int) -> int:
        value = data.get(key)
        self.need(is_int(value) and value >= low, f"{where}.{key}", f"must be an integer >= {low}, got {value!r}")
        return value

    def obj(self, value, where: str) -> dict:
        self.need(isinstance(value, dict), where, "must be an object")
        return value

    def items(self, value, where: str) -> list:
        self.need(isinstance(value, list) and value, where, "must be a non-empty list")
        return value

    def components(self, data) -> DeerComponents:
        data = self.obj(data, "(top level)")
        name = data.get("name")
        self.need(isinstance(name, str) and name, "name", "must be a non-empty string")
        players = self.obj(data.get("players"), "players")
        low = self.int_at_least(players, "min", "players", 2)
        high = self.int_at_least(players, "max", "players", low)
        cards = tuple(self.card(c, f"cards[{i}]") for i, c in enumerate(self.items(data.get("cards"), "cards")))
        self.check_cards(cards)
        dice = self.items(data.get("number_dice"), "number_dice")
        self.need(len(dice) == 3, "number_dice", f"must list exactly 3 dice, got {len(dice)}")
        numbers = {c.number for c in cards if c.category == "number"}
        number_dice = tuple(self.die(d, f"number_dice[{i}]", numbers) for i, d in enumerate(dice))
        predators = {c.name for c in cards if c.category == "predator"}
        predator_die = tuple(self.items(data.get("predator_die"), "predator_die"))
        for i, face in enumerate(predator_die):
            self.need(face == DISCARD_FACE or face in predators, f"predator_die[{i}]",
                      f"{face!r} is neither a predator card name nor {DISCARD_FACE!r}")
        board = self.obj(data.get("board"), "board")
        finish = self.int_at_least(board, "finish", "board", 1)
        spaces = {key: self.spaces(board, key, finish) for key in ("headlights_spaces", "bullseye_spaces")}
        chart = tuple(self.chart_row(r, f"chart[{i}]") for i, r in enumerate(self.items(data.get("chart"), "chart")))
        result = DeerComponents(name, low, high, cards, number_dice, predator_die, finish,
                                spaces["headlights_spaces"], spaces["bullseye_spaces"], chart)
        self.check_chart(result)
        return result

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
            self.need(face in SYMBOLS if isinstance(face, str) else is_int(face) and face in numbers,
                      f"{where}.faces[{i}]", f"{face!r} is neither a number card's number nor one of {list(SYMBOLS)}")
        return data["name"], tuple(faces)

    def spaces(self, board: dict, key: str, finish: int) -> tuple[int, ...]:
        values = board.get(key, [])
        self.need(isinstance(values, list) and all(is_int(v) and 0 <= v <= finish for v in values),
                  f"board.{key}", f"must be a list of spaces 0..{finish}")
        return tuple(values)

    def chart_row(self, data, where: str) -> ChartRow:
        data = self.obj(data, where)
        sig = tuple(self.int_at_least(data, key, where, 0) for key in SIGNATURE_KEYS)
        self.need(sum(sig) == 3, where, f"a signature counts the 3 number dice, got {dict(zip(SIGNATURE_KEYS, sig))}")
        effect = data.get("effect")
        self.need(effect in EFFECTS, f"{where}.effect", f"unknown effect {effect!r}; known: {sorted(EFFECTS)}")
        self.need(isinstance(data.get("rule"), str) and data["rule"], f"{where}.rule", "must name the rule")
        params = dict(EFFECTS[effect])
        for key, value in data.items():
            if key in (*SIGNATURE_KEYS, "effect", "rule"):
                continue
            self.need(key in params, f"{where}.{key}", f"not a parameter of effect {effect!r}")
            default = params[key]
            ok = isinstance(value, bool) if isinstance(default, bool) else is_int(value) and value >= 0
            expected = "true/false" if isinstance(default, bool) else "an integer >= 0"
            self.need(ok, f"{where}.{key}", f"must be {expected}")
            params[key] = value
        return ChartRow(sig, effect, data["rule"], **params)

    def check_chart(self, comp: DeerComponents) -> None:
        seen = set()
        for i, row in enumerate(comp.chart):
            self.need(row.signature not in seen, f"chart[{i}]", f"duplicate signature {row.signature}")
            seen.add(row.signature)
        for sig in sorted(comp.possible_signatures - seen):
            self.need(False, "chart", f"no row for the possible roll {dict(zip(SIGNATURE_KEYS, sig))}")
