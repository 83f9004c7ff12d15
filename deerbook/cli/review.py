"""`deerbook review LINK_OR_SAVE_FILE [--seat N] [--seed S]`: grade each decision of a recorded game in the terminal.

The game comes as `deerbook replay` reads it (`cli.replay.read_record`). Each decision with a choice of the seats
reviewed (`--seat`, default: every person's seat, else every seat) is graded against the search player, seeing
only what the seat saw (`analysis.review`); the same record and `--seed` give the same grades in every front end.
Progress goes to standard error ("Reviewing decision 3 of 41…", overwritten on a terminal); Ctrl-C stops the
review and prints what was reviewed so far (exit status 130). Then the graded decisions and the three costliest
(`play.review_words`), each named by its turn as `deerbook replay` numbers them.
"""
from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..analysis.review import Review, Reviewer, ReviewError
from ..engine import SaveFileError
from ..engine.seeding import MAX_SEED_DIGITS
from ..engine.validate import whole_number
from ..play.replay import Replay
from ..play.review_words import progress_line, review_lines
from .replay import read_record
from .usage import DONE, INTERRUPTED, OUTPUT_CLOSED, UsageError

SOURCE = "LINK_OR_SAVE_FILE"
EPILOG = """Each decision of the seats reviewed is graded against the search player (it sees only what the seat
saw): fine, inaccuracy, mistake or blunder by the win chance lost. Ctrl-C stops and prints what was reviewed.

examples:
  deerbook review 'deerbook:1:eNp...'
  deerbook review deerbook-deer-seed7-640.json --seat 2 --seed 1
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The `review` subcommand's arguments."""
    parser.add_argument("source", metavar=SOURCE, help="a game's link, a file holding one, or a saved game")
    parser.add_argument("--seat", type=seat_number, metavar="N", help="the seat to review (default: every person's "
                                                                      "seat, else every seat)")
    parser.add_argument("--seed", type=seed_number, default=0, metavar="S",
                        help="seed of the reviewer's rollouts (default: 0; the same seed gives the same grades)")


def seat_number(text: str) -> int:
    """An argparse type: a seat's number, a whole number from 0."""
    value = whole_number(text)
    if value is None or value < 0:
        raise argparse.ArgumentTypeError(f"a seat is a whole number from 0, got {text!r}")
    return value


def seed_number(text: str) -> int:
    """An argparse type: the review's seed, a whole number from 0 of at most MAX_SEED_DIGITS digits."""
    value = whole_number(text)
    if value is None or not 0 <= value < 10 ** MAX_SEED_DIGITS:
        raise argparse.ArgumentTypeError(f"a review's seed is a whole number from 0 of at most {MAX_SEED_DIGITS} "
                                         f"digits, got {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    """The `review` command: read the game, review it with progress on standard error, print the review."""
    try:
        record = read_record(args.source)
        replay = Replay(record)
    except SaveFileError as exc:
        raise UsageError(SOURCE, str(exc)) from None
    try:
        reviewer = Reviewer(record, None if args.seat is None else [args.seat], args.seed)
    except ReviewError as exc:
        raise UsageError("--seat" if args.seat is not None else SOURCE, str(exc)) from None
    progress = ProgressLine(sys.stderr)
    review, status = review_with_progress(reviewer, progress)
    try:
        print("\n".join(review_lines(review, replay.names, replay.ends)), flush=True)
    except BrokenPipeError:  # the reader went away (`| head`): end quietly
        return OUTPUT_CLOSED
    return status


def review_with_progress(reviewer: Reviewer, progress: "ProgressLine") -> tuple[Review, int]:
    """The whole review, or what was reviewed when Ctrl-C stopped it, with the exit status (DONE or INTERRUPTED)."""
    try:
        review, status = reviewer.run(progress), DONE
    except KeyboardInterrupt:
        review, status = reviewer.review(), INTERRUPTED
    progress.close(None if status == DONE else f"Stopped by Ctrl-C: {reviewer.done} of {reviewer.total} decisions "
                                               "reviewed.")
    return review, status


class ProgressLine:
    """The review's progress on `stream`: overwritten in place on a terminal, a line each otherwise (a stream that
    cannot be written shows nothing, and the review goes on)."""

    def __init__(self, stream: TextIO | None):
        self.stream = stream
        self.overwrite = stream is not None and stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Show `progress_line(done, total)`."""
        line = progress_line(done, total)
        self._write(f"\r\x1b[K{line}" if self.overwrite else f"{line}\n")

    def close(self, last: str | None) -> None:
        """End the progress, with a `last` line if given."""
        self._write(("\n" if self.overwrite else "") + (f"{last}\n" if last else ""))

    def _write(self, text: str) -> None:
        if self.stream is None or not text:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or full standard error: no progress shown
            pass
