"""Football Highlights: The Dice Game — multiplayer (2-4) and solo against Blitz Bach."""
from .agents import GreedyAgent
from .game import FootballGame
from .rules import DECISIONS, Marks
from .sheet import PlaySheet, default_sheet
from .state import FootballState, position

__all__ = ["DECISIONS", "FootballGame", "FootballState", "GreedyAgent", "Marks", "PlaySheet", "default_sheet",
           "position"]
