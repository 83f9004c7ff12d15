"""DeerGame: Deer in the Headlights, both editions, as one engine with options.

`make_game("deer", num_players=N)` is the 2014 board game (book/rulings.md §1, Rulings 1–17); its
advanced rules (rulings 18–21) are flags, one by one or all at once with `advanced=True`.
`make_game("deer-cards", num_players=N)` is the card-game edition (§2): the same class reading
other component data.
"""
from __future__ import annotations

import copy
from dataclasses import asdict
from functools import cached_property
from typing import Any

from ..engine.errors import OptionError
from ..engine.validate import is_whole
from .belief import Belief
from .component_file import DEFAULT_COMPONENTS, components_option, load_components
from .components import DeerComponents
from .save import load_state
from .spec import DeerOptions, DeerSetup
from .state import DeerState


class DeerGame(DeerSetup):
    """Deer in the Headlights (board or card edition): components, player count and rule options."""

    name = "deer"  # the board game; an instance takes its edition's name from its components

    def __init__(self, num_players: int = 4, components: "str | dict" = DEFAULT_COMPONENTS, advanced: bool = False,
                 **flags: bool):
        """`components`: a built-in edition name, the component data itself, or a JSON file path a person names.

        Build games with `make_game`, which checks every option against the registered spec first; what is
        checked here depends on the components, which may be a person's own (their player counts and rules)."""
        self.components: DeerComponents = load_components(components)
        self.name = self.components.game
        low, high = self.components.min_players, self.components.max_players
        if not is_whole(num_players) or not low <= num_players <= high:
            raise OptionError("num_players", f"{self.name} option num_players must be an integer from {low} to {high}, "
                                             f"got {num_players!r}")
        self._num_players = num_players
        self._components_option = components_option(self.components)
        self.advanced = DeerOptions(**{flag: advanced or on for flag, on in asdict(DeerOptions(**flags)).items()})
        offered = set(self.components.advanced_rules)
        refused = [flag for flag, on in asdict(self.advanced).items() if on and flag not in offered]
        if refused:
            raise OptionError(refused[0], f"{self.name} has no advanced rule(s) {refused}; it offers {sorted(offered)}")

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return self._num_players

    @cached_property
    def full_deck(self) -> tuple[int, ...]:
        """Every card in play for this player count (Ruling 17; §2: two decks for 5–6 players)."""
        return self.components.deck(self._num_players)

    @cached_property
    def observed_options(self) -> dict:
        """`options()`, worked out once: every observation carries a copy of it."""
        return self.options()

    def options(self) -> dict:
        """The JSON-able options that rebuild this game."""
        components = copy.deepcopy(self._components_option)  # embedded data: the caller may not change ours
        return {"num_players": self._num_players, "components": components, **asdict(self.advanced)}

    def initial_state(self) -> DeerState:
        """The state before the deal."""
        return DeerState.new_game(self)

    def sample_belief(self, observation: Any, rng: Any) -> DeerState:
        """A full position consistent with everything the observing seat has seen, drawn exactly (`belief`)."""
        return Belief(self, observation).sample(rng)

    def state_from_json(self, data: Any) -> DeerState:
        """A state rebuilt from `DeerState.to_json()`, checked."""
        return load_state(self, data)
