"""The two Deer editions as registered games: options, hooks, the configurations the conformance suite plays and
the benchmark cases (the `deerbook.games` entry point `GAMES`)."""
from functools import partial

from ..engine.options import Option
from ..engine.registry import Benchmark, GameInfo
from .component_file import BUILTIN_COMPONENTS, DEFAULT_COMPONENTS, load_components
from .game import DeerGame
from .spec import ADVANCED_RULES

NOT_OFFERED = "an advanced rule this edition does not offer"
HOOKS = {"odds": "deerbook.analysis.deer_odds", "hints": "deerbook.play.hints:deer_hints",
         "view": "deerbook.play.deer_view", "log": "deerbook.play.deer_log", "codec": "deerbook.deer.codec:codec"}
METADATA = {"information": "imperfect", "chance": "explicit", "utility": "constant-sum"}  # winners split 1


def deer_options(components: str) -> list[Option]:
    """The options of a Deer edition; advanced rules can be switched on only where its components offer them."""
    data = load_components(components)
    offered = set(data.advanced_rules)
    switches = [("advanced", "every advanced rule, Rulings 18-21", bool(offered)),
                *((rule, help, rule in offered) for rule, help in ADVANCED_RULES.items())]
    return [
        Option("num_players", int, 4, "number of players", low=data.min_players, high=data.max_players),
        Option("components", str, components, "built-in component set or your own JSON file",
               choices=BUILTIN_COMPONENTS, path=True, data=True),
        *(Option(name, bool, False, help if on else NOT_OFFERED, choices=(False, True) if on else (False,))
          for name, help, on in switches),
    ]


DEER = GameInfo(
    "deer", "Deer in the Headlights, the board game", DeerGame, deer_options(DEFAULT_COMPONENTS), **HOOKS,
    **METADATA,
    configs=[*({"num_players": n} for n in range(2, 7)), *({"num_players": n, "advanced": True} for n in range(2, 7)),
             *({"num_players": n, flag: True} for n in (2, 4, 6) for flag in ADVANCED_RULES)],
    benchmarks=[Benchmark({"num_players": 4}, "random", target_steps=50_000),
                Benchmark({"num_players": 4}, "greedy", target_ms=5),
                Benchmark({"num_players": 6}, "greedy")])
DEER_CARDS = GameInfo(
    "deer-cards", "Deer in the Headlights, the card game", partial(DeerGame, components="card-game"),
    deer_options("card-game"), **HOOKS, **METADATA,
    configs=[{"num_players": n} for n in range(2, 7)],  # one deck for 2-4, two decks for 5-6
    benchmarks=[Benchmark({"num_players": 4}, "greedy")])
GAMES = (DEER, DEER_CARDS)
