"""The one exception family every deerbook engine raises, and the guarded parsing of JSON input (files are read by
`engine.files`)."""
import json
from typing import Any, Callable, NoReturn

MAX_FILE_BYTES = 1_000_000  # a save or component file is a few kilobytes; anything this big is refused unread
MAX_JSON_DEPTH = 32  # saves and component files nest at most 6 deep
MAX_INT_DIGITS = 15  # every integer must survive a JavaScript round trip (the browser book), |n| < 2**53


class DeerbookError(Exception):
    """Base class of every error deerbook raises on purpose.

    Every one survives pickling (a worker process or a Dask worker sends its error back that way), whatever
    arguments its own `__init__` takes: it is rebuilt from its message and fields, without calling `__init__`."""

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(kind: type, args: tuple[Any, ...], fields: dict[str, Any]) -> "DeerbookError":
    """The error `DeerbookError.__reduce__` took apart, with the same message and fields."""
    error: DeerbookError = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


class RuleViolation(DeerbookError):
    """An action or outcome the rules forbid at this point; the state is unchanged.

    `rule` names the rule (e.g. "Ruling 12: predator die") that forbids it.
    """

    def __init__(self, rule: str, detail: str):
        self.rule = rule
        self.detail = detail
        super().__init__(f"{rule}: {detail}")


class SaveFileError(DeerbookError):
    """A saved game that is malformed, tampered with, or inconsistent with the rules."""


class OptionError(DeerbookError, ValueError):
    """A game option that is unknown, of the wrong type or not allowed; `option` names it."""

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(message)


class ComponentError(DeerbookError):
    """Component data (cards, dice, play sheet) that is malformed; names the bad entry."""


def parse_json(text: "str | bytes", where: str, error: type, limit: int = MAX_FILE_BYTES) -> Any:
    """Parse untrusted JSON text (UTF-8 if bytes): bounded size (`limit` characters), nesting and integer length,
    no NaN.

    Raises `error` (a DeerbookError subclass) naming `where` and, for a too-long integer, its field.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(f"{where}: expected JSON text, got {type(text).__name__}")
    if len(text) > limit:
        raise error(f"{where}: {len(text)} characters, more than the {limit} allowed")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        data = json.loads(text, parse_constant=_no_constant(where, error))
    except json.JSONDecodeError as exc:
        raise error(f"{where}: cannot read JSON, not a JSON document: {exc}") from None
    except RecursionError:
        raise error(f"{where}: JSON nested more than {MAX_JSON_DEPTH} deep") from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits
        raise error(f"{where}: an integer has thousands of digits (at most {MAX_INT_DIGITS})") from None
    _check_tree(data, where, error)
    return data


def sorted_copy(data: Any) -> Any:
    """A deep copy of component data with every object's keys sorted: equal data prints (and hashes) alike."""
    try:
        return json.loads(json.dumps(data, sort_keys=True))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ComponentError(f"component data: not JSON data: {exc}") from None


def _no_constant(where: str, error: type[Exception]) -> Callable[[str], NoReturn]:
    def refuse(name: str) -> NoReturn:
        raise error(f"{where}: {name} is not a JSON number")
    return refuse


def _check_tree(data: Any, where: str, error: type) -> None:
    """Refuse nesting deeper than MAX_JSON_DEPTH and integers longer than MAX_INT_DIGITS (level by level)."""
    level, depth = [data], 0
    while level:
        big = next((v for v in level if type(v) is int and not -_INT_LIMIT < v < _INT_LIMIT), None)
        if big is not None:
            raise error(f"{where}: {_path_to(data, big)}: an integer of {len(str(abs(big)))} digits is out of "
                        f"range (at most {MAX_INT_DIGITS})")
        containers = [v for v in level if isinstance(v, (list, dict))]
        depth += bool(containers)
        if depth > MAX_JSON_DEPTH:
            raise error(f"{where}: JSON nested more than {MAX_JSON_DEPTH} deep")
        level = [v for c in containers for v in (c.values() if isinstance(c, dict) else c)]


_INT_LIMIT = 10 ** MAX_INT_DIGITS


def _path_to(data: Any, target: Any) -> str:
    """The path of the value `target` (by identity) inside `data`, e.g. state.hands[0][3]."""
    stack = [(data, "")]
    while stack:
        value, path = stack.pop()
        if value is target:
            return path.lstrip(".") or "(top level)"
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}") for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(value))
    return "(top level)"
