"""A game's options: one `Option` per option, with its type, default, allowed values and help; it checks a value
and reads one from a command-line word (`GameInfo.options` lists a game's; the registry checks `make_game`'s
options against them)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from .errors import OptionError
from .validate import whole_number

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
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:60] + "..."  # e.g. a 5,000-digit number
        message = f"{game} option {self.name} ({self.help}) must be {self.allowed()}, got {shown}"
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
        elif self.type is int and whole_number(text) is not None:
            value = whole_number(text)
        elif self.type is str:
            value = text
        else:
            raise self.error(game, text)
        return value
