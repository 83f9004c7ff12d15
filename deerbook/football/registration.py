"""Football Highlights as a registered game: options, hooks, the configurations the conformance suite plays and
the benchmark cases (the `deerbook.games` entry point `GAMES`)."""
from ..engine.options import Option
from ..engine.registry import Benchmark, GameInfo
from .game import DIFFICULTIES, ROUNDS, FootballGame
from .sheet import BUILTIN_SHEETS

OPTIONS = [
    Option("num_players", int, 2, "number of players; 1 is the solo game against Blitz Bach",
           low=min(ROUNDS), high=max(ROUNDS)),
    Option("solo_difficulty", str, "normal", "solo game difficulty", choices=DIFFICULTIES),
    Option("sheet_file", str, None, "your own play sheet instead of the built-in one", path=True),
    Option("sheet", str, None, "a built-in play sheet (the default is calibrated-v2) or the sheet data itself "
           "(saved games embed it)", choices=tuple(BUILTIN_SHEETS), data=True),
]

FOOTBALL = GameInfo(
    "football", "Football Highlights: The Dice Game", FootballGame, OPTIONS,
    odds="deerbook.analysis.football_odds", hints="deerbook.play.hints:football_hints",
    view="deerbook.play.football_view", log="deerbook.play.football_log",
    codec="deerbook.football.codec:codec",
    information="perfect", chance="explicit", utility="general-sum",  # solo: nobody scores when Blitz Bach wins
    configs=[{"num_players": 1, "solo_difficulty": "normal"}, {"num_players": 1, "solo_difficulty": "hard"},
             *({"num_players": n} for n in range(2, 5))],
    benchmarks=[Benchmark({"num_players": 2}, "greedy", target_ms=3), Benchmark({"num_players": 1}, "greedy")])
GAMES = (FOOTBALL,)
