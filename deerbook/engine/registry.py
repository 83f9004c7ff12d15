"""Games by name, so the command line, saved games and playthroughs can rebuild them.

Each game is registered with its option spec: `make_game` checks every option's name, type and
allowed values against it before building, the same way for every game, and the command line
reads option values and writes its help from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, cast

from .errors import DeerbookError, OptionError
from .protocol import Game

TRUE_WORDS, FALSE_WORDS = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True)
class Option:
    """One game option: its type (int, bool or str), default, allowed values or range, and a one-line help."""

    name: str
    type: type[Any]
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    path: bool = False  # str options only: the path of an existing file is allowed too
    data: bool = False  # the component data itself is allowed too (a dict, as saved games embed it; the game checks it)

    def allowed(self) -> str:
        """The allowed values in words, e.g. "an integer from 2 to 6"."""
        if self.choices:
            words = [str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices]
            words += ["the path of a JSON file"] if self.path else []
            return " or ".join(filter(None, (", ".join(words[:-1]), words[-1])))
        if self.type is int:
            return f"an integer from {self.low} to {self.high}"
        if self.type is bool:
            return "true or false"
        return "the path of a JSON file" if self.path else "a string"

    def check(self, game: str, value: Any) -> None:
        """Raise OptionError unless `value` is allowed (a bool is never an int here)."""
        if not (value is None and self.default is None or self._fits(value)):
            raise self.error(game, value)

    def error(self, game: str, value: Any) -> OptionError:
        """The OptionError for a value that is not allowed, saying what is."""
        message = f"{game} option {self.name} ({self.help}) must be {self.allowed()}, got {value!r}"
        return OptionError(self.name, message)

    def _fits(self, value: Any) -> bool:
        if self.data and isinstance(value, dict):
            return True
        if not isinstance(value, self.type) or (isinstance(value, bool) and self.type is not bool):
            return False
        if self.choices or self.path:
            return value in self.choices or (self.path and Path(value).is_file())
        return self.type is not int or cast(int, self.low) <= value <= cast(int, self.high)  # int options set both

    def parse(self, game: str, text: str) -> Any:
        """The value of a command-line word (`true`/`false` for a bool, digits for an int), not yet checked."""
        if self.type is bool and text.lower() in TRUE_WORDS + FALSE_WORDS:
            value: Any = text.lower() in TRUE_WORDS
        elif self.type is int and text.strip().lstrip("+-").isdigit():
            value = int(text)
        elif self.type is str:
            value = text
        else:
            raise self.error(game, text)
        return value


@dataclass(frozen=True)
class Registration:
    """A registered game's factory and option spec."""

    factory: Callable[..., Game]
    options: dict[str, Option]


_GAMES: dict[str, Registration] = {}


def register(name: str, factory: Callable[..., Game], options: Sequence[Option]) -> None:
    """Make `factory(**options)` buildable as `make_game(name, ...)`, with its option spec."""
    _GAMES[name] = Registration(factory, {option.name: option for option in options})


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    _load_builtin_games()
    return sorted(_GAMES)


def game_options(name: str) -> dict[str, Option]:
    """The option spec of a registered game, by option name."""
    return _registration(name).options


def check_options(name: str, options: dict[str, Any]) -> None:
    """Raise OptionError naming the first unknown or badly typed option (with the valid ones)."""
    for key, value in options.items():
        _option(name, key).check(name, value)


def read_option(name: str, key: str, text: str) -> Any:
    """The value of option `key` of game `name` from a command-line word (`true` for a switch)."""
    return _option(name, key).parse(name, text)


def _option(name: str, key: str) -> Option:
    spec = game_options(name)
    if key not in spec:
        raise OptionError(key, f"{name} has no option {key!r}; its options are {', '.join(spec)}")
    return spec[key]


def make_game(name: str, **options: Any) -> Game:
    """Build a registered game, e.g. make_game("deer", num_players=4), after checking its options."""
    check_options(name, options)
    return _registration(name).factory(**options)


def _registration(name: str) -> Registration:
    _load_builtin_games()
    if name not in _GAMES:
        raise DeerbookError(f"unknown game {name!r}; known games: {', '.join(sorted(_GAMES))}")
    return _GAMES[name]


def _load_builtin_games() -> None:
    import deerbook.games  # noqa: F401  (registers every built-in game)
