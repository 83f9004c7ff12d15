"""Command line: python -m deerbook simulate GAME --players N --games G --seed S [--agents a,b] [--json]"""
from __future__ import annotations

import argparse
import json
import sys

from .engine.registry import game_names, make_game
from .engine.simulate import format_summary, simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deerbook", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play seeded games and summarise them")
    sim.add_argument("game", choices=game_names())
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, required=True)
    sim.add_argument("--agents", help="comma-separated, one per seat (or one for all); default greedy")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--solo", action="store_true", help="one player (football: solo against Blitz Bach)")
    sim.add_argument("--difficulty", choices=("normal", "hard"), help="football solo difficulty")
    args = parser.parse_args(argv)

    options = {"num_players": 1 if args.solo else args.players}
    if args.difficulty:
        options["solo_difficulty"] = args.difficulty
    game = make_game(args.game, **options)
    names = (args.agents or "greedy").split(",")
    names = names * game.num_players if len(names) == 1 else names
    try:
        summary = simulate(game, names, args.games, args.seed, progress=args.games >= 50 and sys.stderr.isatty())
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps(summary, indent=1) if args.json else format_summary(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
