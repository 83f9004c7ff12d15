"""Deer component files: the built-in editions, a user's own JSON file or data, read and checked into a
`DeerComponents`.

`load_components` takes what a game's `components` option holds (a built-in edition's name, the data itself, or
the path of a JSON file a person names) and `components_option` says it back for a save. Every entry is validated,
and a bad one raises ComponentError naming it (e.g. ``cards[3].points``), with the file or source it came from.
"""
from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine import ComponentError
from ..engine.errors import sorted_copy
from ..engine.files import read_json
from ..engine.validate import is_whole
from .components import (CATEGORIES, DISCARD_FACE, EFFECTS, READINGS, SIGNATURE_KEYS, SYMBOLS, CardKind, ChartRow,
                         DeerComponents)
from .spec import ADVANCED_RULES

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_COMPONENTS = "board-2014"
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
    return components_from_file(spec)


def components_from_file(path: str | Path) -> DeerComponents:
    """Components from a JSON file a person names (a regular file under the size limit)."""
    return components_from_data(read_json(path, "component file", ComponentError), source=str(path))


def components_from_data(data: dict, source: str = "components") -> DeerComponents:
    """Components checked and built from their JSON data (`source` names it in an error)."""
    return replace(_Parser(source).components(data), data=sorted_copy(data))


@lru_cache(maxsize=None)
def _builtin(name: str) -> DeerComponents:
    """A component set shipped in data/ (package data: read even while a save is loaded)."""
    return components_from_data(read_json(DATA_DIR / f"{name}.json", "component file", ComponentError, own=True),
                                source=f"{name}.json")


@lru_cache(maxsize=32)
def _embedded(text: str) -> DeerComponents:
    """Component data embedded in a game's options (cached by its sorted JSON text: agents look it up each move)."""
    return components_from_data(json.loads(text), source="components (embedded)")


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
        self.need(isinstance(advanced, list) and all(isinstance(rule, str) and rule in ADVANCED_RULES
                                                     for rule in advanced), "advanced_rules",
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
