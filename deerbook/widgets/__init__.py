"""ipywidgets on top of the engines (requires the `widgets` extra)."""
from .explore import DeerExplorer, FootballExplorer
from ..play.hints import Hint, format_hints, hint_function
from .table import GameTable

__all__ = ["DeerExplorer", "FootballExplorer", "GameTable", "Hint", "format_hints", "hint_function"]
