"""deerbook's own games, one `GameInfo` each; `GAMES` is the `deerbook.games` entry point (see engine.registry)."""
from functools import partial

from .deer import DeerGame
from .deer.components import BUILTIN_COMPONENTS, DEFAULT_COMPONENTS, load_components
from .engine.registry import Benchmark, GameInfo, Option
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

ADVANCED_FLAGS = [name for name, _ in ADVANCED_RULES]
DEER_HOOKS = {"odds": "deerbook.deer.odds", "hints": "deerbook.widgets.hints:deer_hints",
              "view": "deerbook.deer.view", "events": "deerbook.deer.events"}

DEER = GameInfo(
    "deer", "Deer in the Headlights, the board game", DeerGame, deer_options(DEFAULT_COMPONENTS), **DEER_HOOKS,
    configs=[*({"num_players": n} for n in range(2, 7)), *({"num_players": n, "advanced": True} for n in range(2, 7)),
             *({"num_players": n, flag: True} for n in (2, 4, 6) for flag in ADVANCED_FLAGS)],
    benchmarks=[Benchmark({"num_players": 4}, "random", target_steps=50_000),
                Benchmark({"num_players": 4}, "greedy", target_ms=5),
                Benchmark({"num_players": 6}, "greedy")])
DEER_CARDS = GameInfo(
    "deer-cards", "Deer in the Headlights, the card game", partial(DeerGame, components="card-game"),
    deer_options("card-game"), **DEER_HOOKS,
    configs=[{"num_players": n} for n in range(2, 7)],  # one deck for 2-4, two decks for 5-6
    benchmarks=[Benchmark({"num_players": 4}, "greedy")])
FOOTBALL = GameInfo(
    "football", "Football Highlights: The Dice Game", FootballGame, FOOTBALL_OPTIONS, odds="deerbook.football.odds",
    hints="deerbook.widgets.hints:football_hints", view="deerbook.football.view", events="deerbook.football.events",
    configs=[{"num_players": 1, "solo_difficulty": "normal"}, {"num_players": 1, "solo_difficulty": "hard"},
             *({"num_players": n} for n in range(2, 5))],
    benchmarks=[Benchmark({"num_players": 2}, "greedy", target_ms=3), Benchmark({"num_players": 1}, "greedy")])
GAMES = (DEER, DEER_CARDS, FOOTBALL)
