"""Deer in the Headlights: the board game (2014) with its advanced rules as options,
`make_game("deer", num_players=N, advanced=True)`, and the card game, `make_game("deer-cards", num_players=N)`."""
from ..engine import ComponentError
from .component_file import load_components
from .components import DeerComponents
from .decisions import DECISIONS
from .game import DeerGame
from .save import position
from .spec import DeerOptions
from .state import DeerState

__all__ = ["ComponentError", "DECISIONS", "DeerComponents", "DeerGame", "DeerOptions", "DeerState",
           "load_components", "position"]
