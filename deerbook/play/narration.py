"""What happened at the table, in game words, told to each seat only as far as that seat may know.

A game's `step_event(before, action, after)` turns one engine step into a `Narration`: a public text every
seat hears, and optionally a fuller private text for the seats in `insiders` (who dealt, drew or passed
the card). A step nobody outside the insiders may notice (a declined block) has no public text at all.
Texts name seats as ``{P2}`` (``{P2}'s``); `Narration.told_to(seat, names)` writes "you" ("your") for the seat itself.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

SEAT = re.compile(r"\{P(\d+)\}('s)?")


def seat_label(viewer: int, seat: int, names: Sequence[str] | None = None) -> str:
    """'P2 (you)', 'P2 (greedy)' when seat names are given, else 'P2'."""
    if seat == viewer:
        return f"P{seat} (you)"
    return f"P{seat} ({names[seat]})" if names else f"P{seat}"


def in_words(text: str, viewer: int, names: Sequence[str] | None = None) -> str:
    """`text` with each ``{Pn}`` written as 'you' for the viewer and 'Pn (name)' for the others."""
    def name(match: re.Match) -> str:
        seat, possessive = int(match.group(1)), match.group(2) or ""
        if seat == viewer:
            return "your" if possessive else "you"
        return (f"P{seat} ({names[seat]})" if names else f"P{seat}") + possessive

    words = SEAT.sub(name, text)
    return words[:1].upper() + words[1:]


@dataclass(frozen=True)
class Narration:
    """What one step tells the table: a public line, and a private one for the insiders."""

    public: str | None
    private: str | None = None
    insiders: frozenset = field(default_factory=frozenset)

    def told_to(self, seat: int, names: Sequence[str] | None = None) -> str | None:
        """The line `seat` may read, or None when the step is hidden from it."""
        text = self.private if seat in self.insiders and self.private else self.public
        return None if text is None else in_words(text, seat, names)
