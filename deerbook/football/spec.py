"""What a Football Highlights position knows of its game: `FootballSetup`, the abstract game `FootballGame` is.

The state and save modules read the game only through it, so they never import the game module (which imports
them): the rules core has no import circle.
"""
from __future__ import annotations

from abc import abstractmethod

from ..engine.protocol import Game
from .sheet import PlaySheet


class FootballSetup(Game):
    """A Football Highlights game as its positions read it: players, solo difficulty, play sheet and length."""

    solo: bool
    solo_difficulty: str
    sheet: PlaySheet

    @property
    @abstractmethod
    def rounds(self) -> int:
        """The rounds of regulation play."""

    @property
    @abstractmethod
    def total_turns(self) -> int:
        """The turns of regulation play."""
