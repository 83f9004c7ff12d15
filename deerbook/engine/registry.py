"""Games by name, so the command line, saved games and playthroughs can rebuild them."""
from __future__ import annotations

from typing import Callable

from .errors import DeerbookError
from .protocol import Game

_GAMES: dict[str, Callable[..., Game]] = {}


def register(name: str, factory: Callable[..., Game]) -> None:
    _GAMES[name] = factory


def game_names() -> list[str]:
    _load_builtin_games()
    return sorted(_GAMES)


def make_game(name: str, **options) -> Game:
    """Build a registered game, e.g. make_game("deer", num_players=4)."""
    _load_builtin_games()
    if name not in _GAMES:
        raise DeerbookError(f"unknown game {name!r}; known games: {', '.join(sorted(_GAMES))}")
    return _GAMES[name](**options)


def _load_builtin_games() -> None:
    import deerbook.games  # noqa: F401  (registers every built-in game)
