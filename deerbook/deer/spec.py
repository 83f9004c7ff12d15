"""What a Deer position knows of its game: the rule options, and `DeerSetup`, the abstract game `DeerGame` is.

The state and save modules read the game only through `DeerSetup`, so they never import the game module (which
imports them): the rules core has no import circle.
"""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field, fields
from typing import Any

from ..engine.protocol import Game
from .components import DeerComponents


@dataclass(frozen=True)
class DeerOptions:
    """The advanced rules, each switched on or off: the one list of them (each with its option's help). Ruling 21 comes
    with either space."""

    knocking: bool = field(default=False, metadata={"help": "advanced rule: knocking, Ruling 18"})
    headlights_spaces: bool = field(default=False,
                                    metadata={"help": "advanced rule: Deer-in-the-Headlights spaces, Ruling 19"})
    bullseye_spaces: bool = field(default=False, metadata={"help": "advanced rule: Bullseye spaces, Ruling 20"})


#: Each advanced rule's option name and help, in order (`DeerOptions`).
ADVANCED_RULES = {option.name: option.metadata["help"] for option in fields(DeerOptions)}


class DeerSetup(Game):
    """A Deer game as its positions read it: its edition's components, player count and rule options."""

    components: DeerComponents
    advanced: DeerOptions

    @property
    @abstractmethod
    def full_deck(self) -> tuple[int, ...]:
        """Every card in play for this player count."""

    @property
    @abstractmethod
    def observed_options(self) -> dict[str, Any]:
        """The options every observation carries."""

    @abstractmethod
    def sample_belief(self, observation: Any, rng: Any) -> Any:
        """A full position consistent with everything the observing seat has seen (`belief`)."""
