"""One set of field checks for untrusted data (saved games, component files, options, command-line counts).

Each reader checks one value and returns it immutable, or raises the given error type (default
`SaveFileError`) with a message that starts with where the value sits (e.g. `state.pawns[2]`) and says
what was expected. A bool is never accepted as an integer.
"""
from __future__ import annotations

import math
import re
from typing import Any, Callable, TypeVar

from .errors import MAX_INT_DIGITS, SaveFileError

T = TypeVar("T")
MAX_MESSAGE = 400  # a refused value is quoted in the error, cut to this many characters
#: the largest integer a save may hold (`errors.parse_json` refuses longer ones): the one bound of a count that grows
#: as a game goes on (turns, rounds, scores), so a count the loader accepts is one the table can save again
MAX_WHOLE = 10 ** MAX_INT_DIGITS - 1


def require(condition: Any, where: str, message: str, error: type[Exception] = SaveFileError) -> None:
    """Raise `error("where: message")` unless `condition` holds."""
    if not condition:
        shown = message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + " ..."
        raise error(f"{where}: {shown}")


_WHOLE_WORD = re.compile(rf"[+-]?[0-9]{{1,{MAX_INT_DIGITS}}}")


def whole_number(text: str) -> int | None:
    """The integer a person typed ("12", "+3", "-2": ASCII digits, at most MAX_INT_DIGITS of them, spaces around
    allowed), or None for any other text ("²", "+-3", a 5,000-digit number)."""
    return int(text) if isinstance(text, str) and _WHOLE_WORD.fullmatch(text.strip()) else None


def is_whole(value: Any) -> bool:
    """Whether `value` is an int and not a bool."""
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def whole(value: Any, where: str, low: int, high: float = float("inf"), error: type[Exception] = SaveFileError) -> int:
    """An integer in low..high."""
    require(is_whole(value) and low <= value <= high, where, f"must be an integer from {low} to {high}, got {value!r}",
            error)
    return int(value)


def count(value: Any, where: str, error: type[Exception] = SaveFileError) -> int:
    """A count that grows as a game goes on: an integer from 0 to MAX_WHOLE."""
    return whole(value, where, 0, MAX_WHOLE, error)


def finite_numbers(data: Any, where: str, error: type[Exception] = SaveFileError) -> None:
    """Refuse a number in JSON data that is not finite (`1e999` reads as infinity), naming where it sits."""
    bad = _non_finite(data, where)
    require(bad is None, bad or where, "must be a finite number (one like 1e999 is out of range)", error)


def _non_finite(data: Any, where: str) -> str | None:
    """The place of the first number in `data` that is not finite (`where.key[i]`), or None."""
    if type(data) is float:
        return None if math.isfinite(data) else where
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        if isinstance(value, (dict, list, float)):
            place = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else str(key)
            found = _non_finite(value, place)
            if found is not None:
                return found
    return None


def list_of(value: Any, where: str, length: int | None, item: Callable[[Any, str], T],
            error: type[Exception] = SaveFileError) -> tuple[T, ...]:
    """A list (of `length` entries, if given), each entry read by `item(entry, "where[i]")`."""
    require(isinstance(value, list), where, "must be a list", error)
    require(length is None or len(value) == length, where, f"must have {length} entries, got {len(value)}", error)
    return tuple(item(x, f"{where}[{i}]") for i, x in enumerate(value))


def wholes(value: Any, where: str, length: int | None, low: int, high: float = float("inf"),
           error: type[Exception] = SaveFileError) -> tuple[int, ...]:
    """A list of integers in low..high (one fast pass; the slow path names the bad entry)."""
    if isinstance(value, list) and (length is None or len(value) == length) and all(
            type(x) is int and low <= x <= high for x in value):
        return tuple(value)
    return list_of(value, where, length, lambda x, w: whole(x, w, low, high, error), error)


def flag(value: Any, where: str, error: type[Exception] = SaveFileError) -> bool:
    """A true/false value."""
    require(isinstance(value, bool), where, f"must be true or false, got {value!r}", error)
    return bool(value)


def one_of(value: Any, where: str, allowed: Any, error: type[Exception] = SaveFileError) -> Any:
    """A value from `allowed` (any container)."""
    require(_hashable(value) and value in allowed, where, f"must be one of {sorted(map(str, allowed))}, got {value!r}",
            error)
    return value


def optional(value: Any, where: str, item: Callable[[Any, str], T]) -> T | None:
    """None, or a value read by `item`."""
    return None if value is None else item(value, where)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


