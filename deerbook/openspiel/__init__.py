"""deerbook's games inside OpenSpiel (the `openspiel` extra: `pip install "deerbook[openspiel]"`).

Importing this package registers every deerbook game with `pyspiel` as a Python game: `deerbook_deer`,
`deerbook_deer_cards` and `deerbook_football` (a game installed from another package too, if it numbers its
actions), so `pyspiel.load_game("deerbook_deer", {"players": 3})` and OpenSpiel's algorithms play them.
"""
from .games import DeerbookGame, DeerbookState, register_all, short_name

GAMES = register_all()  # the OpenSpiel names registered

__all__ = ["DeerbookGame", "DeerbookState", "GAMES", "register_all", "short_name"]
