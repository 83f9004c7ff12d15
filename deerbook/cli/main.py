"""deerbook's command line (`deerbook`, or `python -m deerbook`): seeded simulations, exact odds, and play.

Every bad input ends with one line naming the argument and what is allowed, and exit code 2; every other failure
is one line too, never a traceback (`cli.usage` lists the exit statuses).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, cast

from .. import __version__
from ..analysis.simulate import format_summary, simulate
from ..bots.catalogue import labels_help
from ..engine.batch import WORKERS_PER_CORE, default_workers, max_workers
from ..engine.errors import ComponentError, DeerbookError, OptionError, SaveFileError
from ..engine.files import unexpected
from ..engine.seeding import MAX_SEED_DIGITS, check_seed, parse_seed
from ..engine.validate import whole_number
from ..engine.registry import (STRENGTHS, agent_factories, agent_info, agent_names, agents_for, game_hook, game_info,
                               game_names, load_errors, make_game)
from . import balance, play as table, replay as replaying, review as reviewing
from .running import ClusterError, executor_for, progress_bar
from .usage import BAD_INPUT, FAILED, INTERRUPTED, OUTPUT_CLOSED, UsageError

PROG = "deerbook"
MAX_GAMES = 1_000_000  # one record per game is kept in memory; beyond this, run several seeds
GAMES_WHY = " (for more, run several seeds)"
NO_OUTPUT = "cannot write the output: the standard output is closed"

SIMULATE_EXAMPLES = """examples:
  deerbook simulate deer --players 4 --games 1000 --seed 7
  deerbook simulate deer --players 4 --games 1000 --seed 7 --advanced
  deerbook simulate deer --players 3 --games 200 --seed 1 --agents advisor,greedy,random --json
  deerbook simulate deer --players 4 --games 100 --seed 7 --option knocking=true
  deerbook simulate football --solo --difficulty hard --games 1000 --seed 7

Game i plays from deerbook.engine.seeding.stream(SEED, i): the same seed gives the same games.
Wins: a shared win counts 1/k to each of its k winners, so wins can be fractional.
"""
MAIN_EXAMPLES = """examples:
  deerbook simulate deer --players 4 --games 1000 --seed 7
  deerbook odds deer
  deerbook play deer --seats human,greedy,greedy
  deerbook balance --games 2000 --workers 2

'deerbook simulate --help' and 'deerbook odds --help' show each command's arguments and defaults.
"""
ODDS_EXAMPLES = """examples:
  deerbook odds deer            every roll combination with its exact probability
  deerbook odds deer-cards
  deerbook odds football --json
"""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage dump, no traceback), exit code 2."""

    def error(self, message: str):
        """Exit with status 2, pointing the user at --help."""
        self.exit(BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def count(low: int, high: int | None = None, why: str = ""):
    """An argparse type: an integer from low (to high, if given; `why` explains the bounds)."""
    allowed = (f"an integer from {low:,} to {high:,}" if high else f"an integer >= {low}") + why

    def parse(text: str) -> int:
        value = whole_number(text)
        if value is None or value < low or (high and value > high):
            raise argparse.ArgumentTypeError(f"must be {allowed}, got {text[:40]!r}")
        return value
    return parse


def batch_seed(text: str) -> int:
    """An argparse type for a batch's --seed: one whole number by the seed rule (`engine.seeding.check_seed`), so
    game i of the batch, seed S/i, is a seed every table plays and every save keeps."""
    try:
        seed = parse_seed(text)
        return cast(int, check_seed(seed if isinstance(seed, int) else -1, text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be one whole number of at most {MAX_SEED_DIGITS} digits (game i "
                                         f"of the run plays seed SEED/i), got {text[:40]!r}") from None


def workers_count():
    """An argparse type for --workers: 1 to `engine.batch.max_workers()` local processes."""
    return count(1, max_workers(), f" ({WORKERS_PER_CORE} per core; this machine has {default_workers()})")


def key_value(text: str) -> tuple[str, str]:
    """An argparse type: 'key=value' (the value is read by the game's option spec)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, e.g. knocking=true, got {text!r}")
    return key.strip(), value.strip()


def chosen_options(args: argparse.Namespace) -> dict:
    """The game options the flags and --option ask for, each checked against the game's option spec."""
    if args.solo and args.players not in (None, 1):
        raise UsageError("--solo", f"a solo game has one player; drop --players {args.players}")
    info = game_info(args.game)
    spec = info.option_spec
    chosen: dict[str, tuple[Any, str]] = {}
    wanted: list[tuple[str, Any, str]] = [("num_players", 1, "--solo")] if args.solo else []
    wanted += [("num_players", args.players, "--players")] if args.players is not None and not args.solo else []
    wanted += [("solo_difficulty", args.difficulty, "--difficulty")] if args.difficulty else []
    wanted += [("advanced", True, "--advanced")] if args.advanced else []
    wanted += [(key, text, "--option") for key, text in args.option]
    for key, value, flag in wanted:
        if key in chosen:
            raise UsageError(flag, f"sets {key} again (already set by {chosen[key][1]})")
        try:
            value = info.option(key).parse(args.game, value) if flag == "--option" else value
            info.check({key: value})
        except OptionError as exc:
            raise UsageError(flag, str(exc)) from None
        chosen[key] = (value, flag)
    switched_off = [key for key, (value, _) in chosen.items() if value is False and spec[key].type is bool]
    if args.advanced and switched_off:
        raise UsageError("--option", f"{switched_off[0]}=false contradicts --advanced (every advanced rule on)")
    players = chosen.get("num_players", (spec["num_players"].default,))[0]
    if "solo_difficulty" in chosen and players != 1:
        raise UsageError(chosen["solo_difficulty"][1], f"is for the solo game only (add --solo); this game has "
                                                       f"{players} players")
    return {key: value for key, (value, _) in chosen.items()}


def seat_agents(text: str | None, game) -> list[str]:
    """One agent name per seat from --agents ('a,b,c', or one name for every seat; default greedy, else random)."""
    default = "greedy" if "greedy" in agents_for(game.name) else "random"
    names = [default] if text is None else [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError("--agents", f"empty agent name in {text!r}; give names separated by commas, "
                                     f"from {', '.join(agents_for(game.name))}")
    if len(names) not in (1, game.num_players):
        raise UsageError("--agents", f"give one name for every seat, or {game.num_players} names (one per seat), "
                                     f"got {len(names)}")
    names = names * game.num_players if len(names) == 1 else names
    try:
        agent_factories(game, names)
    except ValueError as exc:
        raise UsageError("--agents", str(exc)) from None
    return names


def build_game(args: argparse.Namespace):
    """The game the arguments ask for; a user's data file that is bad or does not fit is named as the culprit."""
    options = chosen_options(args)
    try:
        return make_game(args.game, **options)
    except (ComponentError, ValueError) as exc:
        files = [key for key in options if game_info(args.game).option_spec[key].path]
        raise UsageError(" ".join(["--option", *files[:1]]), str(exc)) from None


def run_simulate(args: argparse.Namespace) -> str:
    """The `simulate` command: play seeded games and report the summary."""
    game = build_game(args)
    names = seat_agents(args.agents, game)
    with executor_for(args.workers, args.scheduler) as executor, \
            progress_bar(args.games, game.name, args.games >= 50 and sys.stderr.isatty()) as progress:
        summary = simulate(game, names, args.games, args.seed, executor=executor, progress=progress)
    return json.dumps(summary, indent=1) if args.json else format_summary(summary)


def run_odds(args: argparse.Namespace) -> str:
    """The `odds` command: the game's exact odds report, as text or JSON."""
    module = game_hook(args.game, "odds")  # odds_report(game_name) -> JSON-able dict, format_odds(report) -> str
    report = module.odds_report(args.game)
    return json.dumps(report, indent=1) if args.json else module.format_odds(report)


def run_play(args: argparse.Namespace) -> int:
    """Play in the terminal: the game prints as it goes; returns the exit status (a game stopped early is saved)."""
    seats = args.seats.split(",") if args.seats else None
    if args.load:
        refuse_with_load(args)
    elif seats is not None:
        players = game_info(args.game).option_spec["num_players"]
        low, high = cast(int, players.low), cast(int, players.high)  # an integer option sets both
        if not low <= len(seats) <= high:
            raise UsageError("--seats", f"{args.game} is for {low} to {high} players: give one seat each, "
                                        f"got {len(seats)}")
    args.solo, args.players = False, (len(seats) if seats else None)
    options = {} if args.load else chosen_options(args)
    try:
        session = table.session_from_args(args, options)
    except (DeerbookError, ValueError, TypeError) as exc:  # the file's fault, or the seats'
        blamed = "--load" if args.load and (isinstance(exc, SaveFileError) or not seats) else "--seats"
        raise UsageError(blamed, str(exc)) from None
    return table.start(session, args.load, args.bot_timeout)


def refuse_with_load(args: argparse.Namespace) -> None:
    """A saved game goes on with its own options and seed: a flag that would set them is refused, not ignored."""
    given = [flag for flag, value in (("--seed", args.seed is not None), ("--advanced", args.advanced),
                                      ("--difficulty", args.difficulty), ("--option", args.option)) if value]
    if given:
        what = "seed" if given[0] == "--seed" else "options"
        raise UsageError(given[0], f"a loaded game goes on with the {what} it was saved with; drop {given[0]} "
                                   f"(or drop --load for a new game)")


def options_help() -> str:
    """Every game's options, from the registry's option specs, for the simulate help."""
    lines = ["game options (--option KEY=VALUE; a switch takes true or false):"]
    for name in game_names():
        lines.append(f"  {name} ({game_info(name).title}):")
        for option in game_info(name).option_spec.values():
            default = "none" if option.default is None else str(option.default).lower()
            lines.append(f"    {option.name:<18} {option.help} (default {default})")
            lines.append(f"    {'':<18} allowed: {option.allowed()}")
    return "\n".join(lines)


def agents_help() -> str:
    """Every agent of the catalogue with its strength, what it does and the games it plays."""
    lines = ["agents (--agents, --seats), weakest first:"]
    rank = {name: STRENGTHS.index(agent_info(name).strength) for name in agent_names()}
    for name in sorted(agent_names(), key=rank.__getitem__):
        games = [game for game in game_names() if name in agents_for(game)]
        lines.append(f"  {agent_info(name).summary} [{', '.join(games)}]")
    return "\n".join(lines)


def build_parser() -> Parser:
    """The `deerbook` argument parser with its subcommands."""
    parser = Parser(prog=PROG, description=__doc__, epilog=MAIN_EXAMPLES,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-V", "--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    sim = commands.add_parser("simulate", help="play seeded games between bots and summarise them",
                              description="Play seeded games between bots and print wins per seat and mean "
                                          "figures.",
                              epilog=f"{agents_help()}\n\n{options_help()}\n\n{SIMULATE_EXAMPLES}",
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sim.add_argument("game", choices=game_names(), help="the game to play")
    sim.add_argument("--seed", type=batch_seed, required=True, help="seed of the run, a whole number of at most "
                                                                   f"{MAX_SEED_DIGITS} digits (required)")
    defaults = ", ".join(f"{name} {game_info(name).option_spec['num_players'].default}" for name in game_names())
    sim.add_argument("--players", type=count(0), help=f"number of players (default: {defaults})")
    sim.add_argument("--games", type=count(1, MAX_GAMES, GAMES_WHY), default=100,
                     help="number of games (default: 100)")
    sim.add_argument("--agents", metavar="A[,B...]", help="agent per seat, or one for every seat (listed below; "
                                                          "default: greedy, or random for a game without greedy)")
    sim.add_argument("--solo", action="store_true", help="football: one player against Blitz Bach")
    sim.add_argument("--difficulty", choices=("normal", "hard"), help="football solo difficulty (with --solo; "
                                                                     "default: normal)")
    sim.add_argument("--advanced", action="store_true", help="deer: every advanced rule (Rulings 18-21)")
    sim.add_argument("--option", type=key_value, action="append", default=[], metavar="KEY=VALUE",
                     help="any other game option (listed below); may be repeated")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    cores = sim.add_mutually_exclusive_group()
    cores.add_argument("--workers", type=workers_count(), help="local processes to play on (default: every core; "
                                                                f"at most {WORKERS_PER_CORE} per core)")
    cores.add_argument("--scheduler", metavar="ADDRESS", help="play on a Dask cluster, e.g. tcp://HOST:8786")
    sim.set_defaults(run=run_simulate, parser=sim)
    odds = commands.add_parser("odds", help="print exact odds tables", epilog=ODDS_EXAMPLES,
                               description="Print every roll combination with its exact probability.",
                               formatter_class=argparse.RawDescriptionHelpFormatter)
    odds.add_argument("game", choices=[name for name in game_names() if game_info(name).odds], help="the game")
    odds.add_argument("--json", action="store_true", help="print the tables as JSON")
    odds.set_defaults(run=run_odds, parser=odds)
    study = commands.add_parser("balance", help="run the balance study and write its results file",
                                description="Run the balance study and write its results file.",
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    balance.add_arguments(study, count(1, MAX_GAMES, GAMES_WHY), workers_count(), count(0))
    study.set_defaults(run=balance.run, parser=study)
    play = commands.add_parser("play", help="play a game in the terminal against bots or friends",
                               description="Play in the terminal: the table as text, your choices numbered.",
                               epilog=f"{table.EPILOG}\n\n{labels_help()}",
                               formatter_class=argparse.RawDescriptionHelpFormatter)
    table.add_arguments(play, game_names(), key_value)
    play.set_defaults(run=run_play, parser=play)
    replay = commands.add_parser("replay", help="step through a game's link or saved game in the terminal",
                                 description="Step through a recorded game, turn by turn, as any seat saw it.",
                                 epilog=replaying.EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    replaying.add_arguments(replay)
    replay.set_defaults(run=replaying.run, parser=replay)
    review = commands.add_parser("review", help="grade each decision of a game's link or saved game",
                                 description="Grade each decision of a recorded game against the search player.",
                                 epilog=reviewing.EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    reviewing.add_arguments(review)
    review.set_defaults(run=reviewing.run, parser=review)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (`cli.usage`: bad input exits with 2, a failure with 1)."""
    try:
        _never_fail_on_characters()
        return _run(argv)
    except KeyboardInterrupt:  # Ctrl-C while the games load or a batch runs
        return interrupted()


def interrupted() -> int:
    """Say in one line that Ctrl-C stopped the command; the status INTERRUPTED."""
    _ctrl_c_handled()
    try:
        print(f"{PROG}: interrupted", file=sys.stderr, flush=True)
    except OSError:  # no standard error to say it on
        pass
    return INTERRUPTED


def _ctrl_c_handled() -> None:
    """Clear CPython's note of a Ctrl-C nobody handled. A KeyboardInterrupt that passed out of code run from a string
    (the methods a dataclass makes, while a game's module is imported) leaves it set though the Ctrl-C is handled
    here, and `python -m deerbook` would then end by SIGINT (status -2) after its one line; running any string clears
    it (CPython's run_eval_code_obj)."""
    exec("")  # an empty constant: nothing is read or run


def _run(argv: list[str] | None) -> int:
    for entry, why in load_errors().items():  # another package's broken game must not stop the others
        print(f"{PROG}: warning: skipped the games of entry point {entry}: {why}", file=sys.stderr)
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):  # `deerbook` alone: its help, not an error
        return emit(parser.format_help().rstrip("\n"))
    args = parser.parse_args(argv)
    if sys.stdout is None and args.run is not run_play:  # started with its output closed (`>&-`): nobody would read
        return failed(f"{args.parser.prog}: error: {NO_OUTPUT}")
    try:
        result = args.run(args)
    except (UsageError, ClusterError) as exc:
        args.parser.error(str(exc))
    except DeerbookError as exc:  # found while the command ran: not the arguments' fault
        return settle(failed(f"{args.parser.prog}: error: {exc}"))
    except (Exception, SystemExit) as exc:  # a bug, or a plugin's: one line, the traceback in a log file
        command = " ".join([PROG, *(sys.argv[1:] if argv is None else argv)])
        return settle(failed(f"{args.parser.prog}: error: {unexpected(exc, command)}"))
    return emit(result) if isinstance(result, str) else settle(result or 0)


def _never_fail_on_characters() -> None:
    """Read and write the standard streams without ever failing on a character: a byte the input's encoding
    cannot read becomes U+FFFD, a character the output's (e.g. a latin-1 terminal's) cannot show becomes "?"."""
    for stream in (sys.stdin, sys.stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed stream, or one that cannot change now
                pass


def emit(text: str) -> int:
    """Print `text`; if the reader has gone (e.g. `| head -1`) stop quietly with the usual code 141, if the output
    cannot be written (a full disk) say so in one line."""
    if sys.stdout is None:
        return failed(f"{PROG}: error: {NO_OUTPUT}")
    try:
        print(text, flush=True)
    except BrokenPipeError:
        return settle(OUTPUT_CLOSED)
    except OSError as exc:
        return settle(failed(f"{PROG}: error: cannot write the output: {exc.strerror or exc}"))
    return settle(0)


def failed(line: str) -> int:
    """Print the one line that says why the command failed, on standard error (if it can be written); the status
    FAILED."""
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        pass
    return FAILED


def settle(status: int) -> int:
    """`status`, after making sure an output that cannot be written (a closed pipe, a full disk) raises no second
    error at exit: its unwritten text is dropped."""
    if sys.stdout is None:  # closed from the start: nothing was written, nothing to flush
        return status
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        status = status or OUTPUT_CLOSED
    except OSError as exc:
        status = status or failed(f"{PROG}: error: cannot write the output: {exc.strerror or exc}")
    else:
        if status != OUTPUT_CLOSED:
            return status
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


if __name__ == "__main__":
    sys.exit(main())
