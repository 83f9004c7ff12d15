"""Time of a whole game's review: python benchmarks/review.py [--seed S] [--game deer|football-solo|football]

A seeded game of greedy bots (seat 0 recorded as a person's) is reviewed by `analysis.review.Reviewer` in CPython,
one core. Prints the decisions reviewed, the seconds in all and a decision, beside the target: a whole 4-player
Deer game within 60 s on a 2-core machine (issue 55).
"""
import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.analysis.review import Reviewer  # noqa: E402
from deerbook.engine import make_game  # noqa: E402
from deerbook.engine.record import record_of_play  # noqa: E402
from deerbook.engine.registry import make_agents  # noqa: E402

TARGET_SECONDS = 60
GAMES = {"deer": ("deer", {"num_players": 4}), "football-solo": ("football", {"num_players": 1}),
         "football": ("football", {"num_players": 2})}


def recorded_game(name: str, options: dict, seed: int):
    """A seeded game of greedy bots, seat 0 recorded as a person's."""
    game = make_game(name, **options)
    seats = ["human"] + ["greedy"] * (game.num_players - 1)
    return record_of_play(game, seats, make_agents(game, ["greedy"] * game.num_players), seed)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7, help="the game's seed (default: 7)")
    parser.add_argument("--game", choices=sorted(GAMES), default="deer", help="the game and mode (default: deer)")
    args = parser.parse_args()
    record = recorded_game(*GAMES[args.game], args.seed)
    start = time.perf_counter()
    reviewer = Reviewer(record)
    review = reviewer.run()
    seconds = time.perf_counter() - start
    print(f"{args.game}, seed {args.seed}: {len(review.decisions)} decisions reviewed in {seconds:.1f} s "
          f"({seconds / max(1, len(review.decisions)):.2f} s a decision); target: a whole 4-player Deer game within "
          f"{TARGET_SECONDS} s: {'met' if args.game != 'deer' or seconds <= TARGET_SECONDS else 'NOT met'}")


if __name__ == "__main__":
    main()
