"""Deer in the Headlights, board-game edition (2014), basic rules: `make_game("deer", num_players=N)`."""
from .agents import GreedyAgent
from .components import ComponentError, DeerComponents, load_components
from .game import DECISIONS, DeerGame, DeerOptions
from .state import DeerState

__all__ = ["ComponentError", "DECISIONS", "DeerComponents", "DeerGame", "DeerOptions", "DeerState", "GreedyAgent",
           "load_components"]
