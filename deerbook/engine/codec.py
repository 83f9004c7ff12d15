"""Actions as integers: a game's fixed numbering of every action and of every chance outcome it can have.

Libraries such as OpenSpiel name a move by an integer from 0 to `num_actions - 1` (a chance outcome by one from
0 to `num_outcomes - 1`). A game lists every action of every node it can reach, once, in a fixed order that
depends only on the game (its options), never on the position; an action's number is its place in that list.
Actions compare by (kind, args), so a decoded action is the legal one wherever it is legal (`State.apply`
hands back the state's own action, with its text).
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable, cast

from .errors import RuleViolation
from .protocol import Action

RULE = "Action numbering"
_KIND, _ARGS = attrgetter("kind"), attrgetter("args")


class ActionCodec:
    """A fixed numbering of a game's decision actions and, separately, of its chance outcomes."""

    __slots__ = ("actions", "outcomes", "_action_ids", "_outcome_ids")

    def __init__(self, actions: Iterable[Action], outcomes: Iterable[Action]):
        self.actions, self.outcomes = tuple(actions), tuple(outcomes)
        self._action_ids = _numbered(self.actions, "action")
        self._outcome_ids = _numbered(self.outcomes, "chance outcome")

    @property
    def num_actions(self) -> int:
        """How many decision actions the game numbers (each a number from 0 to this - 1)."""
        return len(self.actions)

    @property
    def num_outcomes(self) -> int:
        """How many chance outcomes the game numbers (each a number from 0 to this - 1)."""
        return len(self.outcomes)

    def action_id(self, action: Action) -> int:
        """The number of a decision action; RuleViolation if the game has no such action."""
        return _lookup(self._action_ids, action, "action")

    def outcome_id(self, outcome: Action) -> int:
        """The number of a chance outcome; RuleViolation if the game has no such outcome."""
        return _lookup(self._outcome_ids, outcome, "chance outcome")

    def action_ids(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of several decision actions at once (RuleViolation if the game lacks one)."""
        return _lookup_all(self._action_ids, actions, "action")

    def outcome_ids(self, outcomes: Iterable[Action]) -> list[int]:
        """The numbers of several chance outcomes at once (RuleViolation if the game lacks one)."""
        return _lookup_all(self._outcome_ids, outcomes, "chance outcome")

    def action(self, number: int) -> Action:
        """The decision action numbered `number`; RuleViolation outside 0..num_actions - 1."""
        return _entry(self.actions, number, "action")

    def outcome(self, number: int) -> Action:
        """The chance outcome numbered `number`; RuleViolation outside 0..num_outcomes - 1."""
        return _entry(self.outcomes, number, "chance outcome")


def _numbered(entries: tuple[Action, ...], what: str) -> dict[tuple[str, tuple[Any, ...]], int]:
    """Each entry's number, keyed by what identifies an action, (kind, args): a plain tuple hashes fast."""
    numbers = {(entry.kind, entry.args): i for i, entry in enumerate(entries)}
    if len(numbers) != len(entries):
        raise ValueError(f"a numbering lists each {what} once")
    return numbers


def _lookup(numbers: dict[tuple[str, tuple[Any, ...]], int], action: Action, what: str) -> int:
    try:
        return numbers[action.kind, action.args]
    except (KeyError, TypeError, AttributeError):  # not an Action of this game, or no Action at all
        raise RuleViolation(RULE, f"this game has no {what} {action!r}") from None


def _lookup_all(numbers: dict[tuple[str, tuple[Any, ...]], int], actions: Iterable[Action], what: str) -> list[int]:
    """`_lookup` of each action, with no Python call per action (a chance node can have hundreds)."""
    actions = tuple(actions)
    try:
        found = list(map(numbers.get, zip(map(_KIND, actions), map(_ARGS, actions))))
    except (TypeError, AttributeError):
        found = [None]
    if None in found:
        return [_lookup(numbers, action, what) for action in actions]  # raises, naming the first unknown one
    return cast(list[int], found)


def _entry(entries: tuple[Action, ...], number: int, what: str) -> Action:
    if type(number) is not int or not 0 <= number < len(entries):
        raise RuleViolation(RULE, f"{what} numbers are integers from 0 to {len(entries) - 1}, got {number!r}")
    return entries[number]
