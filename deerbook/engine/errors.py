"""The one exception family every deerbook engine raises."""
import json
from pathlib import Path
from typing import Any


class DeerbookError(Exception):
    """Base class of every error deerbook raises on purpose."""


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


def read_component_file(path: "str | Path", what: str) -> Any:
    """The JSON data of a component file; ComponentError if it cannot be read or parsed."""
    try:
        return json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ComponentError(f"{what} {path}: cannot read JSON: {exc}") from None
