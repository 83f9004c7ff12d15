"""A split decision (a Deer rack or Bullseye: `views.Split`) offered, typed and played in one line of text, as the
terminal asks it.

A choice that opens a split (a Deer rack: its split follows at once, by the same person) and that split are one
decision. `split_offers` finds the split due now, or each choice that opens one (the tables' `openings`), with its
split; the first offer is the best: the one worth the most points (the greedy agent's rack,
`bots.deer_greedy.choose_rack`), at the split the view starts at (the split that helps you most: the greedy agent's
moves, and where the page's and the notebook's split forms start). `read_split` reads a typed split: one signed
number per pawn in the split's order (your own pawn first, then the others by seat, as the page's fields), minus
back, plus forward. The tables' own `play_split` plays the choice and the split (the engine's steps, `split_moves`,
in one `Session.decide`: all of them, or none if the engine refuses one). Standard library only.
"""
from __future__ import annotations

import re
from typing import NamedTuple, Sequence

from ..engine.validate import whole_number
from .session import Session, Stop
from .table_html import openings, split_offered
from .views import Split

SEPARATORS = re.compile(r"[\s,;]+")


class SplitOffer(NamedTuple):
    """A split the person may make now: the choice that `opening`s it (its name and `label`; "" when the split is due
    now) and the `split`."""

    opening: str
    label: str
    split: Split

    @property
    def best(self) -> list[int]:
        """The split the view starts at, one signed number per pawn (the split that helps you most)."""
        return [part.start for part in self.split.parts]


def split_offers(session: Session) -> list[SplitOffer]:
    """The viewer's split decisions now, the best first (the most points, then in the table's order): the split due
    now (`split_offered`), or one per choice that opens a split (`openings`); [] when the decision is not a split."""
    due = split_offered(session, Stop.DECIDE)
    if due is not None:
        return [SplitOffer("", "", due)]
    offers = [SplitOffer(found.choice.name, found.choice.label, found.split)
              for found in openings(session, Stop.DECIDE)]
    return sorted(offers, key=lambda offer: -offer.split.total)


def read_split(text: str, split: Split) -> list[int]:
    """The signed numbers a person typed for `split`, one per pawn ("-6 15 0"; commas also part them); ValueError
    with a sentence when they are not whole numbers or not one per pawn (whether they add up is the rules' to say:
    `play_split`)."""
    words = [word for word in SEPARATORS.split(text.replace("\u2212", "-")) if word]
    numbers = [whole_number(word) for word in words]
    bad = [word for word, number in zip(words, numbers) if number is None]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a whole number of spaces")
    if len(numbers) != len(split.parts):
        raise ValueError(f"type one number for each of the {len(split.parts)} pawns ({pawn_names(split)}); you "
                         f"typed {len(numbers)}")
    return [int(number) for number in numbers if number is not None]


def split_words(split: Split, amounts: Sequence[int]) -> str:
    """The pawns a split moves, in words: "your pawn back 6, P1 (greedy)'s pawn forward 15"."""
    moved = [f"{pawn} {'forward' if amount > 0 else 'back'} {abs(amount)}"
             for pawn, amount in zip(_pawns(split), amounts) if amount]
    return ", ".join(moved) or "no pawn moved"


def how_to_type(offer: SplitOffer) -> str:
    """How to type a split of `offer`, with its best split as the example."""
    example = " ".join(f"{amount:+d}" if amount else "0" for amount in offer.best)
    return (f"one number per pawn, in this order: {pawn_names(offer.split)}; minus moves a pawn back, plus forward, "
            f"and their sizes add up to {offer.split.total} (\"{example}\" is the split above).")


def pawn_names(split: Split) -> str:
    """The split's pawns in the order a typed split gives them: "your pawn, P1 (greedy)'s pawn, P2 (greedy)'s pawn"."""
    return ", ".join(_pawns(split))


def _pawns(split: Split) -> list[str]:
    """Each pawn's name without where it stands ("Your pawn (on 6)" -> "your pawn")."""
    names = [part.label.split(" (on ")[0] for part in split.parts]
    return [name[:1].lower() + name[1:] if name.startswith("Your ") else name for name in names]
