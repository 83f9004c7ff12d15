"""Play in a terminal: the table as text, numbered choices in plain words, bots' moves told as they happen.

    python -m deerbook play deer --seats human,greedy,greedy --seed 7
    python -m deerbook play deer-cards --seats human,human --advanced      (hot-seat: a pass screen between)
    python -m deerbook play football --seats human --load my-game.json      (solo against Blitz Bach)

`play(session, read, write)` takes its input and output as functions, so tests script a whole game.
A bad entry asks again; 'q' offers to save before quitting; 's' saves and goes on. The log is told in time order
under a divider per turn (every card that enters or leaves your hand included); your own turn starts when you
press Enter to roll, and a choice with one option is still yours to confirm (the stepping is `Session.advance`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, cast

from .narration import in_words
from .session import Session, Stop
from .table_html import choices, prompt_text

PASS_SCREEN_LINES = 40  # blank lines that scroll the previous player's hand out of sight


class Quit(Exception):
    """The person asked to stop."""


class Terminal:
    """One game played through `read` (like `input`) and `write` (like `print`)."""

    def __init__(self, session: Session, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, save_dir: str | Path = "."):
        self.session, self.save_dir = session, Path(save_dir)
        self.read, self.write = read or input, write or print
        self.told = 0  # log entries already written
        self.turn_key: object = None  # the turn of the last line written

    def play(self) -> None:
        """Play until the game ends or the person quits."""
        s = self.session
        try:
            self._rules()
            while True:
                stop = s.run(on_turn=self._tell)
                self._tell()
                if stop == Stop.OVER:
                    self.write(f"Game over. {s.result()}")
                    return
                person = s.person_to_move() if stop == Stop.DECIDE else s.roller()
                self._take_seat(cast(int, person))  # after run(), a person is to move or roll
                self._roll() if stop == Stop.ROLL else self._decide()
        except Quit:
            self.write("Goodbye.")

    def _rules(self) -> None:
        """The rules card in words, before the first move."""
        _, text = self.session.view_module.rules_card(self.session.game)
        if text:
            self.write(f"How to play:\n{text}\n")

    def _tell(self) -> None:
        """Write the log lines the viewer has not seen yet, a divider before each new turn."""
        s = self.session
        for turn, narration in s.log[self.told:]:
            lines = narration.lines_for(s.viewer, s.names)
            if lines and turn.key != self.turn_key:
                self.turn_key = turn.key
                self.write(f"--- {in_words(turn.title, s.viewer, s.names)} ---")
            for line in lines:
                self.write(f"  {line}")
        self.told = len(s.log)

    def _roll(self) -> None:
        """The person's own turn starts with a roll: shown, and rolled when they press Enter."""
        s = self.session
        self.write("\n" + s.view_module.render_text(s.state.observation(s.viewer), s.game, s.names))
        self._ask(f"Your turn: {prompt_text(s, Stop.ROLL)} Press Enter to roll: ")
        s.roll()

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
        offered = choices(s, Stop.DECIDE)
        texts = [choice.name for choice in offered]
        self.write(f"You are P{s.viewer}. {prompt_text(s, Stop.DECIDE)}")
        self.write("\n".join(f"  {i}) {choice.label}" for i, choice in enumerate(offered, 1)))
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
