"""Command line.

  python -m deerbook simulate GAME --seed S [--players N] [--games G] [--agents a,b] [--json]
                     [--solo] [--difficulty normal|hard] [--advanced] [--option key=value ...]
  python -m deerbook odds GAME [--json]
  python -m deerbook play GAME [--seats human,greedy,...] [--seed S] [--advanced] [--difficulty D]
                     [--option key=value ...] [--load FILE]
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys

from .engine.registry import game_names, make_game
from .engine.simulate import format_summary, simulate

# Each module offers odds_report(game_name) -> JSON-able dict and format_odds(report) -> str.
ODDS_MODULES = {"deer": "deerbook.deer.odds", "deer-cards": "deerbook.deer.odds", "football": "deerbook.football.odds"}


def parse_option(text: str) -> tuple[str, object]:
    """'key=value' with a JSON value (bare words are strings)."""
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def game_options(args: argparse.Namespace) -> dict:
    options = {"num_players": 1 if args.solo else args.players, **dict(args.option)}
    if args.difficulty:
        options["solo_difficulty"] = args.difficulty
    if args.advanced:
        options["advanced"] = True
    return options


def run_simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    try:
        game = make_game(args.game, **game_options(args))
        names = (args.agents or "greedy").split(",")
        names = names * game.num_players if len(names) == 1 else names
        summary = simulate(game, names, args.games, args.seed, progress=args.games >= 50 and sys.stderr.isatty())
    except (ValueError, TypeError) as exc:
        parser.error(str(exc))
    print(json.dumps(summary, indent=1) if args.json else format_summary(summary))


def run_odds(args: argparse.Namespace) -> None:
    module = importlib.import_module(ODDS_MODULES[args.game])
    report = module.odds_report(args.game)
    print(json.dumps(report, indent=1) if args.json else module.format_odds(report))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deerbook", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
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
    sim.add_argument("--advanced", action="store_true", help="deer: all advanced rules")
    sim.add_argument("--option", type=parse_option, action="append", default=[], metavar="KEY=VALUE",
                     help="any other game option, e.g. --option knocking=true")
    odds = commands.add_parser("odds", help="print exact odds tables")
    odds.add_argument("game", choices=sorted(ODDS_MODULES))
    odds.add_argument("--json", action="store_true", help="print the tables as JSON")
    from . import terminal

    terminal.add_arguments(commands.add_parser("play", help="play in the terminal against bots or friends"),
                           game_names(), parse_option)
    args = parser.parse_args(argv)
    if args.command == "play":
        return terminal.main(args)
    if args.command == "simulate":
        run_simulate(args, parser)
    else:
        run_odds(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
