"""Play in a terminal: the table as text, numbered choices, bots' moves told as they happen.

    python -m deerbook play deer --seats human,greedy,greedy --seed 7
    python -m deerbook play deer-cards --seats human,human --advanced      (hot-seat: a pass screen between)
    python -m deerbook play football --seats human --load my-game.json      (solo against Blitz Bach)

`play(session, read, write)` takes its input and output as functions, so tests script a whole game.
A bad entry asks again; 'q' offers to save before quitting; 's' saves and goes on.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, cast

from .engine import SaveFileError, make_game, state_from_json
from .session import HUMAN, Session

PASS_SCREEN_LINES = 40  # blank lines that scroll the previous player's hand out of sight


class Quit(Exception):
    """The person asked to stop."""


class Terminal:
    """One game played through `read` (like `input`) and `write` (like `print`)."""

    def __init__(self, session: Session, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, save_dir: str | Path = "."):
        self.session, self.save_dir = session, Path(save_dir)
        self.read, self.write = read or input, write or print
        self.told = 0  # events already written

    def play(self) -> None:
        """Play until the game ends or the person quits."""
        s = self.session
        try:
            while True:
                s.run(after_bot_move=self._tell)
                self._tell()
                if s.state.is_terminal():
                    self.write(f"Game over. {s.result()}")
                    return
                self._take_seat(cast(int, s.person_to_move()))  # after run(), a person is to move
                self._decide()
        except Quit:
            self.write("Goodbye.")

    def _tell(self) -> bool:
        """Write the log lines the viewer has not seen yet (False: never stop the bots)."""
        for event in self.session.events[self.told:]:
            line = event.told_to(self.session.viewer, self.session.names)
            if line:
                self.write(f"  {line}")
        self.told = len(self.session.events)
        return False

    def _take_seat(self, person: int) -> None:
        """Hot-seat: a different person to play gets a screen that hides the last hand first."""
        if person == self.session.viewer:
            return
        self.write("\n" * PASS_SCREEN_LINES + f"Pass the terminal to P{person}.")
        self._ask(f"P{person}, press Enter when the others look away: ")
        self.session.viewer = person

    def _decide(self) -> None:
        s = self.session
        observation = s.state.observation(s.viewer)
        self.write("\n" + s.view_module.render_text(observation, s.game, s.names))
        texts = [str(a) for a in s.state.legal_actions()]
        self.write(f"You are P{s.viewer}. Rule: {s.state.rule()}")
        self.write("\n".join(f"  {i}) {text}" for i, text in enumerate(texts, 1)))
        while True:
            answer = self._ask(f"Your choice (1-{len(texts)}, s to save, q to quit): ").strip().lower()
            if answer.isdigit() and 1 <= int(answer) <= len(texts):
                s.choose(texts[int(answer) - 1])
                return
            if answer == "s":
                self.save()
            elif answer == "q":
                if self._ask("Save the game before quitting? [y/N] ").strip().lower().startswith("y"):
                    self.save()
                raise Quit
            else:
                self.write(f"Please type a number from 1 to {len(texts)}, s or q.")

    def _ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            self.write("\nInput ended; the game was not saved.")
            raise Quit from None

    def save(self) -> Path:
        """Ask where to save (offering a default) and write the saved game there."""
        s = self.session
        default = self.save_dir / f"deerbook-{s.game.name}-seed{s.seed}-{len(s.events)}.json"
        answer = self._ask(f"Save to [{default}]: ").strip()
        path = Path(answer) if answer else default
        path.write_text(s.save_text())
        self.write(f"Saved to {path}. Continue it with --load {path}")
        return path


def add_arguments(parser: argparse.ArgumentParser, games: list[str], option: Callable[[str], tuple]) -> None:
    """The `play` subcommand's arguments (`option` parses a KEY=VALUE game option, as the other commands do)."""
    parser.add_argument("game", choices=games)
    parser.add_argument("--seats", help="comma-separated, one per player: human or a bot (default: you + greedy bots)")
    parser.add_argument("--seed", type=int, help="the dice (default: a fresh seed, printed)")
    parser.add_argument("--advanced", action="store_true", help="deer: all advanced rules")
    parser.add_argument("--difficulty", choices=("normal", "hard"), help="football solo difficulty")
    parser.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                        help="any other game option, e.g. --option knocking=true")
    parser.add_argument("--load", metavar="FILE", help="continue a saved game")


def session_from_args(args: argparse.Namespace, options: dict) -> Session:
    """The session the command line asks for: a saved game (`--load`) or a new one with the game `options`
    the caller has read and checked (raises DeerbookError, ValueError, TypeError or OSError on bad input)."""
    seats = args.seats.split(",") if args.seats else None
    if args.load:
        state = state_from_json(Path(args.load).read_text())
        if state.game.name != args.game:
            raise SaveFileError(f"{args.load} holds a {state.game.name} game, not {args.game}")
        return Session(state.game, seats, args.seed, state)
    return Session(make_game(args.game, **options), seats, args.seed)


def start(session: Session, loaded: str | None = None) -> None:
    """Say who sits where (and which save continues), then play until the game ends or the person quits."""
    seats = ", ".join(f"P{p} {name}" for p, name in enumerate(session.seats))
    print(f"{session.game.name}, seed {session.seed}; seats: {seats}" + (f"; continuing {loaded}" * bool(loaded)))
    if HUMAN not in session.seats:
        print("(no human seat: watching the bots)")
    Terminal(session).play()
