"""Football Highlights: The Dice Game — multiplayer (2-4) and solo against Blitz Bach."""
from .game import FootballGame
from .decisions import DECISIONS
from .marks import Marks
from .rules import Phase
from .sheet import PlaySheet, default_sheet
from .save import position
from .state import FootballState

__all__ = ["DECISIONS", "FootballGame", "FootballState", "Marks", "Phase", "PlaySheet",
           "default_sheet", "position"]
