"""Registers every built-in game with the engine registry."""
from .engine.registry import register
from .deer import DeerGame
from .football import FootballGame

register("deer", DeerGame)
register("football", FootballGame)
