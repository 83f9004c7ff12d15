"""The table's log, its data model: what one step tells each seat (`Narration`) and the turn it belongs to (`Turn`).

What happened at the table is told in game words, to each seat only as far as that seat may know.

A game's `step_narration(before, action, after)` turns one engine step into a `Narration`: a public line every
seat hears, and optionally a fuller private line for the seats in `insiders` (who dealt, drew or passed
the card); `notes`, lines of their own every seat hears after it (a round's scores); and `own`, a line for one
seat alone (the cards that entered or left that seat's hand). A step nobody outside the insiders may notice
(a declined block) has no public line at all. Texts name seats as ``{P2}`` (``{P2}'s``);
`Narration.lines_for(seat, names)` writes "you" ("your") for the seat itself.

A game's `turn_of(state)` says which turn a position belongs to (`Turn`): the tables show each turn as its own
step of the log, under its title, and pause between two bots' turns.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Hashable, NamedTuple, Sequence

SEAT = re.compile(r"\{P(\d+)\}('s)?")
SENTENCE_START = re.compile(r"(^|[.!?] )(\w)")  # a letter that starts a sentence
LINES_KEPT = 16_384  # the steps' lines remembered (`_lines_for`): a long game's log, for several seats


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
    return SENTENCE_START.sub(lambda found: found.group(1) + found.group(2).capitalize(), words)


@dataclass(frozen=True)
class Narration:
    """What one step tells the table: a public line, a private one for the insiders, notes for all, own lines."""

    public: str | None
    private: str | None = None
    insiders: frozenset = field(default_factory=frozenset)
    notes: tuple[str, ...] = ()  # lines every seat hears after the step's own line (a round's scores)
    own: tuple[tuple[int, str], ...] = ()  # (seat, line) told to that seat alone (its hand's changes)
    made_for: int | None = None  # the seat whose only legal choice this step was, made by the table for it

    def told_to(self, seat: int, names: Sequence[str] | None = None) -> str | None:
        """The step's own line as `seat` may read it, or None when the step is hidden from it."""
        text = self.private if seat in self.insiders and self.private else self.public
        return None if text is None else in_words(text, seat, names)

    def lines_for(self, seat: int, names: Sequence[str] | None = None) -> list[str]:
        """Every line `seat` may read of this step, in order: its own line, the notes, the seat's own lines."""
        return list(_lines_for(self, seat, tuple(names) if names else None))


@lru_cache(maxsize=LINES_KEPT)
def _lines_for(narration: Narration, seat: int, names: tuple[str, ...] | None) -> tuple[str, ...]:
    """`Narration.lines_for`, worked out once per step, seat and names: a table tells its whole log again after
    every move."""
    first = narration.told_to(seat, names)
    if first is not None and seat == narration.made_for:
        first += " (your only choice, made for you)"
    rest = [*narration.notes, *(text for owner, text in narration.own if owner == seat)]
    return (*([] if first is None else [first]), *(in_words(text, seat, names) for text in rest))


class Turn(NamedTuple):
    """The turn a position belongs to: the seat whose turn it is (None: nobody's, e.g. the deal), a key that
    tells turns apart, and its title (``{Pn}`` for seats)."""

    seat: int | None
    key: Hashable
    title: str


def plain_turn(state) -> Turn:
    """A game without its own turns: each seat's run of moves is its turn; chance belongs to the moves around it."""
    player = state.current_player()
    return Turn(player, ("moves", player), f"{{P{player}}}'s move") if player >= 0 else Turn(None, ("chance",),
                                                                                                 "chance")
