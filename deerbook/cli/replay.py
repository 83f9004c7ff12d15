"""`deerbook replay LINK_OR_SAVE_FILE [--seat N]`: step through a recorded game in the terminal.

The game comes from a link (`engine.link`: `deerbook:1:...`, or a play page's address with `#game=...`), a file
holding one, or a saved game that lists its steps (`engine.record.record_from_save`); anything else is refused in
one line. The replay (`play.replay.Replay`) starts at the start, seen by `--seat` (default: the first person's
seat, else P0). Keys: n or Enter next turn, p back, t N turn N, s N seat N's view, a every hand (once the game is
over), q quit (so does the end of input).
"""
from __future__ import annotations

import argparse
from typing import Callable

from ..engine import SaveFileError
from ..engine.files import read_bytes
from ..engine.link import is_link, record_from_link
from ..engine.record import GameRecord, record_from_save
from ..engine.validate import whole_number
from ..play.replay import Replay
from ..play.session import HUMAN
from .usage import DONE, OUTPUT_CLOSED, UsageError

SOURCE = "LINK_OR_SAVE_FILE"
EPILOG = """keys: n or Enter next turn, p back, t N turn N, s N seat N's view, a every hand
(once the game is over), q quit.

examples:
  deerbook replay 'deerbook:1:eNp...'
  deerbook replay deerbook-deer-seed7-640.json --seat 2
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The `replay` subcommand's arguments."""
    parser.add_argument("source", metavar=SOURCE, help="a game's link, a file holding one, or a saved game")
    parser.add_argument("--seat", type=int, metavar="N", help="whose view to start from (default: the first "
                                                              "person's seat, else 0)")


def run(args: argparse.Namespace) -> int:
    """The `replay` command: read the game, then step through it at the terminal."""
    try:
        replay = Replay(read_record(args.source))
        if args.seat is not None:
            replay.view_seat(args.seat)
        elif HUMAN in replay.record.seats:
            replay.view_seat(replay.record.seats.index(HUMAN))
    except SaveFileError as exc:
        raise UsageError("--seat" if "no seat" in str(exc) else SOURCE, str(exc)) from None
    try:
        return ReplayTerminal(replay).run()
    except BrokenPipeError:  # the reader went away (`| head`): nothing is lost, end quietly
        return OUTPUT_CLOSED


def read_record(source: str) -> GameRecord:
    """The record of a link, of a file holding a link, or of a saved game; SaveFileError (a LinkError for a link)
    saying what is wrong."""
    if is_link(source):
        return record_from_link(source)
    data = read_bytes(source, "saved game", SaveFileError)
    text = data.decode("utf-8", errors="replace")
    return record_from_link(text) if is_link(text) else record_from_save(data, f"saved game {source}")


class ReplayTerminal:
    """The replay at a terminal: `read` (like `input`) and `write` (like `print`), so tests script it."""

    def __init__(self, replay: Replay, read: Callable[[str], str] = input, write: Callable[[str], None] = print):
        self.replay, self.read, self.write = replay, read, write

    def run(self) -> int:
        """Show the turn, then follow the keys until q or the end of input; the exit status (DONE)."""
        self.show()
        while True:
            try:
                answer = self.read(self.prompt()).strip().lower()
            except EOFError:
                return DONE
            if answer == "q":
                return DONE
            self.act(answer)

    def prompt(self) -> str:
        """The keys, with the turns and seats there are."""
        r = self.replay
        every = ", a every hand" if r.over else ""
        view = "every hand" if r.every_hand else f"P{r.seat}'s view"
        return (f"Replay, {view}: n/Enter next, p back, t N turn (0-{r.turns}), s N seat (0-{len(r.names) - 1})"
                f"{every}, q quit: ")

    def act(self, answer: str) -> None:
        """Follow one answer: move or change the view and show it, or say why not (nothing changed)."""
        try:
            moved = self._moved(answer)
        except SaveFileError as exc:
            self.write(f"Not shown: {exc}.")
            return
        if moved:
            self.show()

    def _moved(self, answer: str) -> bool:
        """Whether `answer` moved the replay or changed its view (else a line says what is allowed)."""
        r = self.replay
        key, _, rest = answer.partition(" ")
        number = whole_number(rest)
        if key == "t" and number is not None:
            r.go_to(number)
        elif key == "s" and number is not None:
            r.view_seat(number)
        elif answer == "a":
            r.show_every_hand()
        elif answer in ("", "n", "p"):
            return (r.back() if answer == "p" else r.forward()) or self._say(
                "This is the start: n goes on, q quits." if answer == "p" else
                "That was the last turn: p goes back, t N jumps, q quits.")
        else:
            return self._say("Please type n (or Enter), p, t and a turn's number, s and a seat's number, a or q.")
        return True

    def _say(self, line: str) -> bool:
        """Write `line`; False (nothing moved)."""
        self.write(line)
        return False

    def show(self) -> None:
        """The turn shown: its title, its log as the seat shown may read it, the table, and the result at the end."""
        r = self.replay
        self.write(f"--- {r.title()} ---")
        for line in r.lines():
            self.write(f"  {line}")
        self.write(r.table_text())
        if r.result():
            self.write(f"Game over. {r.result()}")
