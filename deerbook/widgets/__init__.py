"""ipywidgets on top of the engines (requires the `widgets` extra)."""
from .table import GameTable

__all__ = ["GameTable"]
