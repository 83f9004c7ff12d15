"""Play in a terminal: the table as text, numbered choices, bots' moves told as they happen.

    python -m deerbook play deer --seats human,greedy,greedy --seed 7
    python -m deerbook play deer-cards --seats human,human --advanced      (hot-seat: a pass screen between)
    python -m deerbook play football --seats human --load my-game.json      (solo against Blitz Bach)

`play(session, read, write)` takes its input and output as functions, so tests script a whole game.
A bad entry asks again; 'q' offers to save before quitting; 's' saves and goes on.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, cast

from .session import Session

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
        default = self.save_dir / f"deerbook-{s.game.name}-seed{s.seed_text.replace('/', '-')}-{len(s.events)}.json"
        answer = self._ask(f"Save to [{default}]: ").strip()
        path = Path(answer) if answer else default
        path.write_text(s.save_text())
        self.write(f"Saved to {path}. Continue it with --load {path}")
        return path
