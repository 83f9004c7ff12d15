"""Structured events: what one engine step did, as data the rules emit (kind, seat, what moved).

Charts, narration and odds read these instead of parsing text or comparing states. An event is public
unless `seen_by` names the only seats that may know its `detail` (a card passed face down is seen by the
passer and the receiver); `for_seat` gives each seat only what it may know.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple


@dataclass(frozen=True)
class Event:
    """One thing a step did: its kind (e.g. "pawn_moved"), the seat it concerns, and what moved (JSON-able)."""

    kind: str
    player: int | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)
    seen_by: frozenset[int] | None = None  # None: every seat may know the detail
    public: Mapping[str, Any] = field(default_factory=dict)  # what the other seats learn (e.g. a count)

    def visible_to(self, seat: int) -> bool:
        """Whether `seat` may know this event's `detail`."""
        return self.seen_by is None or seat in self.seen_by

    def for_seat(self, seat: int) -> "Event":
        """The event as `seat` may know it: the detail, or only its public part."""
        if self.visible_to(seat):
            return self
        return Event(self.kind, self.player, self.public, frozenset(), self.public)

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-able data."""
        data: dict[str, Any] = {"kind": self.kind, "player": self.player, "detail": dict(self.detail)}
        if self.seen_by is not None:
            data["seen_by"] = sorted(self.seen_by)
        return data


class Step(NamedTuple):
    """A state after one action, and the events that action emitted."""

    state: Any
    events: tuple[Event, ...]
