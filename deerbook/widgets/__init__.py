"""ipywidgets on top of the engines (requires the `widgets` extra)."""
from .explore import DeerExplorer, FootballExplorer
from .hints import HINTS, Hint, format_hints
from .table import GameTable

__all__ = ["DeerExplorer", "FootballExplorer", "GameTable", "HINTS", "Hint", "format_hints"]
