"""The game-agnostic engine: protocol, exact distributions, runner, JSON I/O, errors."""
from .agents import Agent, RandomAgent
from .distribution import Distribution
from .errors import ComponentError, DeerbookError, OptionError, RuleViolation, SaveFileError
from .options import Option
from .protocol import CHANCE, TERMINAL, Action, Game, State, check_distribution
from .registry import GameInfo, game_names, make_game, register
from .runner import play
from .saving import state_from_json, state_to_json

__all__ = ["Action", "Agent", "CHANCE", "ComponentError", "DeerbookError", "Distribution", "Game",
           "GameInfo", "Option", "OptionError", "RandomAgent", "RuleViolation", "SaveFileError", "State", "TERMINAL",
           "check_distribution", "game_names", "make_game", "play", "register", "state_from_json", "state_to_json"]
