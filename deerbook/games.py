"""Registers every built-in game with the engine registry."""
from functools import partial

from .engine.registry import register
from .deer import DeerGame
from .football import FootballGame

register("deer", DeerGame)
register("deer-cards", partial(DeerGame, components="card-game"))
register("football", FootballGame)
