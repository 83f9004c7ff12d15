"""Registers every built-in game with the engine registry, with its option spec."""
from functools import partial

from .deer import DeerGame
from .deer.components import BUILTIN_COMPONENTS, DEFAULT_COMPONENTS, load_components
from .engine.registry import Option, register
from .football import FootballGame
from .football.game import DIFFICULTIES, ROUNDS

NOT_OFFERED = "an advanced rule this edition does not offer"
ADVANCED_RULES = (("knocking", "advanced rule: knocking, Ruling 18"),
                  ("headlights_spaces", "advanced rule: Deer-in-the-Headlights spaces, Ruling 19"),
                  ("bullseye_spaces", "advanced rule: Bullseye spaces, Ruling 20"))


def deer_options(components: str) -> list[Option]:
    """The options of a Deer edition; advanced rules can be switched on only where its components offer them."""
    data = load_components(components)
    offered = set(data.advanced_rules)
    switches = [("advanced", "every advanced rule, Rulings 18-21", bool(offered)),
                *((rule, help, rule in offered) for rule, help in ADVANCED_RULES)]
    return [
        Option("num_players", int, 4, "number of players", low=data.min_players, high=data.max_players),
        Option("components", str, components, "built-in component set or your own JSON file",
               choices=BUILTIN_COMPONENTS, path=True, data=True),
        *(Option(name, bool, False, help if on else NOT_OFFERED, choices=(False, True) if on else (False,))
          for name, help, on in switches),
    ]


FOOTBALL_OPTIONS = [
    Option("num_players", int, 2, "number of players; 1 is the solo game against Blitz Bach",
           low=min(ROUNDS), high=max(ROUNDS)),
    Option("solo_difficulty", str, "normal", "solo game difficulty", choices=DIFFICULTIES),
    Option("sheet_file", str, None, "your own play sheet instead of the built-in one", path=True),
    Option("sheet", dict, None, "the play sheet data itself (saved games embed it)"),
]

register("deer", DeerGame, deer_options(DEFAULT_COMPONENTS))
register("deer-cards", partial(DeerGame, components="card-game"), deer_options("card-game"))
register("football", FootballGame, FOOTBALL_OPTIONS)
