"""`deerbook play`: a game at the terminal table (`play.terminal`), new, loaded from a save, or played on from a
game's link (`engine.link`: hot seat by link, each person plays their turn and sends the new link)."""
from __future__ import annotations

import argparse
import math
from typing import Callable

from ..engine import SaveFileError, State, make_game
from ..engine.files import read_bytes
from ..engine.link import is_link, record_from_link
from ..engine.record import save_of_record
from ..engine.saving import TableRecord, read_save
from ..engine.seeding import MAX_SEED_DIGITS, MAX_SEED_PARTS, parse_seed
from ..play.session import HUMAN, Session
from ..play.terminal import BOT_TIMEOUT, FINISHED, LOST, SAVED, Terminal
from .usage import BAD_INPUT, FAILED

EPILOG = f"""at the table: a number chooses, Enter rolls, s saves and goes on, q quits
(offering a save).

A game in progress is never lost: Ctrl-C, Ctrl-\\, SIGTERM, a closed terminal,
the end of input (Ctrl-D), an output that cannot be written, a bot that breaks
a rule, a bot that thinks longer than --bot-timeout or an unexpected error save
it first (in the current folder, else your home folder, else the temporary
folder; never over another file). The last line names the file and the command
that resumes it. A stop while a bot thinks abandons its move: the game is saved
as it was before that move. If no folder takes the save, the save itself is
printed last, to paste into a file ending .json.

exit status:
  {FINISHED}  nothing to resume: the game is over, or you quit without saving
  {FAILED}  the game could not start (e.g. a bot that fails as it is made)
  {BAD_INPUT}  bad input (an argument, or a --load file that is no good save)
  {SAVED}  the game stopped before its end and is saved (you quit with a save,
     or something stopped it): the last line names the file
  {LOST}  the game stopped and no folder took the save: it is printed instead
     (paste it into a file ending .json to resume), else lost
  141  a table of bots only whose output closed (| head): nothing to keep
"""


def add_arguments(parser: argparse.ArgumentParser, games: list[str], option: Callable[[str], tuple]) -> None:
    """The `play` subcommand's arguments (`option` parses a KEY=VALUE game option, as the other commands do)."""
    parser.add_argument("game", choices=games)
    parser.add_argument("--seats", help="comma-separated, one per player: human or a bot (default: you + greedy bots)")
    parser.add_argument("--seed", type=seed_argument, help=f"the game's seed: a whole number of at most "
                                                            f"{MAX_SEED_DIGITS} digits, or up to {MAX_SEED_PARTS} "
                                                            "joined by '/', e.g. S/I for game I of a batch with seed "
                                                            "S (default: a fresh seed, printed)")
    parser.add_argument("--advanced", action="store_true", help="deer: all advanced rules")
    parser.add_argument("--difficulty", choices=("normal", "hard"), help="football solo difficulty")
    parser.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                        help="any other game option, e.g. --option knocking=true")
    parser.add_argument("--load", metavar="FILE_OR_LINK", help="continue a saved game (with its options, seed and "
                                                               "seats; --seats may seat others), or a game's link "
                                                               "(deerbook:1:..., or a file holding one: its game goes "
                                                               "on with fresh dice and cards)")
    parser.add_argument("--bot-timeout", type=seconds_argument, default=BOT_TIMEOUT, metavar="SECONDS",
                        help=f"the longest a bot may think about one move; a bot that takes longer stops the game, "
                             f"saved as it was before that move (default: {BOT_TIMEOUT:g}; 0: no limit)")


def seed_argument(text: str) -> int | tuple[int, ...]:
    """An argparse type: a seed as `engine.seeding.parse_seed` reads it."""
    try:
        return parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seconds_argument(text: str) -> float:
    """An argparse type: a time limit in seconds, a number from 0 (no limit) up."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        raise argparse.ArgumentTypeError(f"a number of seconds from 0 (no limit) up, e.g. 60, got {text[:40]!r}")
    return seconds


def session_from_args(args: argparse.Namespace, options: dict) -> Session:
    """The session the command line asks for: a saved game (`--load`: its seats, unless --seats are given, its seed
    and random streams) or a new one with the game `options` the caller has read and checked (raises
    DeerbookError, ValueError or TypeError on bad input)."""
    seats = args.seats.split(",") if args.seats else None
    if args.load:
        state, table = loaded(args.load)
        if state.game.name != args.game:
            source = "the link" if is_link(args.load) else args.load
            raise SaveFileError(f"{source} holds a {state.game.name} game, not {args.game}")
        return Session(state.game, seats, args.seed, state, table=table)
    return Session(make_game(args.game, **options), seats, args.seed)


def loaded(source: str) -> tuple[State, TableRecord | None]:
    """The game `--load` names: a saved game's state and table, or a link's (or a file holding one) record as a save
    of it (`engine.record.save_of_record`: fresh randomness for what comes next); SaveFileError (a LinkError for a
    link) saying what is wrong, and for a link whose game is over, that `deerbook replay` steps through it."""
    text = source
    if not is_link(source):
        data = read_bytes(source, "saved game", SaveFileError)
        text = data.decode("utf-8", "replace")
        if not is_link(text):
            return read_save(data, f"saved game {source}")
    record = record_from_link(text)
    if record.final_state().is_terminal():
        raise SaveFileError("the link's game is over, so there is nothing to play on: step through it with "
                            "deerbook replay LINK")
    return read_save(save_of_record(record), "the link")


def start(session: Session, loaded: str | None = None, bot_timeout: float = BOT_TIMEOUT) -> int:
    """Say who sits where (and which save continues), then play until the game ends or the person quits, each bot
    given `bot_timeout` seconds a move (0: no limit); the exit status (`play.terminal.Terminal.play`: a game stopped
    early is saved first)."""
    source = "the link" if loaded and is_link(loaded) else loaded
    intro = [f"{session.game.name}, seed {session.seed_text}" + f"; continuing {source}" * bool(loaded) + "; seats:"]
    intro += [f"  {summary}" for summary in session.seat_summaries()]
    intro += ["(no human seat: watching the bots)"] * (HUMAN not in session.seats)
    return Terminal(session, bot_timeout=bot_timeout or None).play(intro)
