"""Play in a terminal: the table as text, numbered choices in plain words, bots' moves told as they happen.

    python -m deerbook play deer --seats human,greedy,greedy --seed 7
    python -m deerbook play deer-cards --seats human,human --advanced      (hot-seat: a pass screen between)
    python -m deerbook play football --seats human --load my-game.json      (solo against Blitz Bach)

`Terminal(session, read, write)` takes its input and output as functions, so tests script a whole game.
A bad entry asks again; 'q' offers to save before quitting; 's' saves and goes on (a save that cannot be
written says why, and the game goes on); 'u' takes back your last decision in a game against bots (the dice stay as
rolled). The log is told in time order under a divider per turn (every card that
enters or leaves your hand included); your own turn starts when you press Enter to roll, and a choice with one
option is made for you and told (the stepping is `Session.advance`).

Nothing is lost: Ctrl-C, Ctrl-\\ (SIGQUIT), SIGTERM, a closed terminal (SIGHUP), the end of input, an output that
cannot be written, a bot that breaks a rule and any unexpected error (its traceback goes to a log file) stop the
game between two moves, and the game is saved before the table exits (in the save folder, else the home folder,
else the temporary folder); the last line names the file and the command that resumes it. The exit status says
what became of the game: FINISHED (over, or quit without a save), SAVED (stopped and saved) or LOST (stopped, and
no folder took the save).
"""
from __future__ import annotations

import errno
import os
import select
import shlex
import signal
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, cast

from ..engine.errors import RuleViolation
from ..engine.files import FileWriteError, free_path, unexpected, write_atomic
from ..engine.validate import whole_number
from .log import in_words
from .session import HUMAN, Session, Stop
from .table_html import choices, prompt_text, undone_words

PASS_SCREEN_LINES = 40  # blank lines that scroll the previous player's hand out of sight
STOP_SIGNALS = {"SIGINT": "Ctrl-C", "SIGTERM": "SIGTERM", "SIGHUP": "the terminal closed (SIGHUP)",
                "SIGQUIT": "Ctrl-\\ (SIGQUIT)"}
#: exit statuses: nothing left to resume (the game is over, or the person quit without saving); the game stopped
#: before its end and is saved (the last line names the file); it stopped and could not be saved anywhere
FINISHED, SAVED, LOST = 0, 3, 4
BOTS_CUT_SHORT = 141  # a table of bots whose output closed (`| head`): nothing of a person's to keep
POLL_SECONDS = 0.2  # at a terminal prompt, how long a signal may wait to be handled


class Quit(Exception):
    """The person asked to stop; `args[0]` is the exit status (SAVED if they saved first, else FINISHED)."""


class Undone(Exception):
    """The person took back their last decision: the table asks again from there."""


class Interrupted(Exception):
    """The game stops before its end; the message says why, in words."""


class OutputClosed(Interrupted):
    """The reader of the output has gone (`| head`)."""


class Terminal:
    """One game played through `read` (like `input`) and `write` (like `print`); saved games go to `save_dir`,
    and `command` is how the person resumes one (`deerbook play`)."""

    def __init__(self, session: Session, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, save_dir: str | Path = ".",
                 command: str = "deerbook play"):
        self.session, self.save_dir, self.command = session, Path(save_dir), command
        self.read, self._write = read or _input, write or _print
        self.told = 0  # log entries already written
        self.turn_key: object = None  # the turn of the last line written
        self._reading = False  # at a prompt: a signal stops the game at once (else at the next move's end)
        self._pending: Interrupted | None = None
        self._stopping = False

    def play(self, intro: Sequence[str] = ()) -> int:
        """Write the `intro` lines, then play until the game ends or the person quits (FINISHED, or SAVED if they
        saved first). Stopped before the end by anything (see the module docstring), the game is saved first:
        SAVED, or LOST if no folder took it."""
        with self._signals_stop_the_game():
            try:
                for line in intro:
                    self.write(line)
                return self._play()
            except KeyboardInterrupt:  # Ctrl-C before the handler was set, or outside the main thread
                stop = Interrupted("Ctrl-C")
            except Interrupted as exc:
                stop = exc
            except (Exception, SystemExit) as exc:  # a bot's fault or a bug: the game is still kept
                self._stopping = True  # (already while its log is written)
                stop = self._failed(exc)
            self._stopping = True  # a second signal no longer interrupts: the save is being written
            return self._save_and_stop(stop)

    def _play(self) -> int:
        s = self.session
        try:
            self._rules()
            while True:
                stop = s.run(on_turn=self._tell)
                self._tell()
                if stop == Stop.OVER:
                    self.write(f"Game over. {s.result()}")
                    return FINISHED
                person = s.person_to_move() if stop == Stop.DECIDE else s.roller()
                self._take_seat(cast(int, person))  # after run(), a person is to move or roll
                try:
                    self._roll() if stop == Stop.ROLL else self._decide()
                except Undone:
                    self.told = len(s.log)  # the log is back where it was: told from there on
        except Quit as exc:
            self.write("Goodbye.")
            return cast(int, exc.args[0])

    def _failed(self, exc: BaseException) -> Interrupted:
        """Why the game stops on an exception nobody caught: a bot's move the rules forbid (the seat and the bot
        named), else an unexpected error in one line, its traceback in a log file."""
        s = self.session
        seat = s.state.current_player()
        if isinstance(exc, RuleViolation) and 0 <= seat < len(s.seats) and s.seats[seat] != HUMAN:
            return Interrupted(f"P{seat}'s bot {s.seats[seat]} made a move the rules forbid ({exc}); seat another "
                               "bot with --seats when you resume")
        return Interrupted(unexpected(exc, f"deerbook play {s.game.name}, seed {s.seed_text}, seats "
                                           f"{','.join(s.seats)}, step {s.played}"))

    def _rules(self) -> None:
        """The rules card in words, before the first move (for the people at the table: none at a table of bots)."""
        _, text = self.session.view_module.rules_card(self.session.game)
        if text and self.session.humans():
            self.write(f"How to play:\n{text}\n")

    def write(self, text: str) -> None:
        """Write a line; an output that has closed stops the game (it is saved)."""
        try:
            self._write(text)
        except OSError as exc:
            raise _closed(exc) from None

    def _tell(self) -> None:
        """Write the log lines the listener has not seen yet, a divider before each new turn. Between two moves: a
        signal that came during the last one stops the game here."""
        s = self.session
        for turn, narration in s.log[self.told:]:
            lines = narration.lines_for(s.listener, s.names)
            if lines and turn.key != self.turn_key:
                self.turn_key = turn.key
                self.write(f"--- {in_words(turn.title, s.listener, s.names)} ---")
            for line in lines:
                self.write(f"  {line}")
        self.told = len(s.log)
        self._stop_if_asked()

    def _roll(self) -> None:
        """The person's own turn starts with a roll: shown, and rolled when they press Enter (or s, q as always)."""
        s = self.session
        self.write("\n" + s.view_module.render_text(s.state.observation(s.viewer), s.game, s.names))
        while self._answer(f"Your turn: {prompt_text(s, Stop.ROLL)} Press Enter to roll ({self._undo_key()}s to save, "
                           "q to quit): "):
            self.write("Please press Enter to roll, or type s or q.")
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
            answer = self._answer(f"Your choice (1-{len(texts)}, {self._undo_key()}s to save, q to quit): ")
            number = whole_number(answer)
            if number is not None and 1 <= number <= len(texts):
                s.choose(texts[number - 1])
                return
            self.write(f"Please type a number from 1 to {len(texts)}, s or q.")

    def _answer(self, prompt: str) -> str:
        """The person's answer to `prompt`, after handling s (save and ask again), u (undo, in a game against bots) and
        q (offer a save, then quit):
        the answer in lower case, "" for Enter."""
        while True:
            answer = self._ask(prompt).strip().lower()
            if answer == "s":
                self.save()
            elif answer == "u" and self.session.can_undo():
                self.write(undone_words(self.session.undo()))
                raise Undone
            elif answer == "q":
                if not self._yes("Save the game before quitting? [y/N] "):
                    raise Quit(FINISHED)
                if self.save() is not None:  # a save that failed: the game goes on
                    raise Quit(SAVED)
            else:
                return answer

    def _undo_key(self) -> str:
        """The prompt's mention of undo, where the person has a decision to take back."""
        return "u to undo your last decision, " if self.session.can_undo() else ""

    def _yes(self, question: str) -> bool:
        return self._ask(question).strip().lower().startswith("y")

    def _ask(self, prompt: str) -> str:
        """The person's answer to `prompt`; a signal while waiting, the end of input or a failed read stops the
        game."""
        self._reading = True
        try:
            self._stop_if_asked()  # a signal that came before the prompt; from here on one raises at once
            return self.read(prompt)
        except EOFError:
            raise Interrupted("the input ended") from None
        except OSError as exc:
            raise _closed(exc, "the input or output cannot be used") from None
        finally:
            self._reading = False

    def save(self) -> Path | None:
        """Ask where to save (offering a name not yet taken; a folder is saved into; a file already there is
        replaced only if the person says so) and write the game there; the path written, or None if it was not
        written (the line says why; the game goes on)."""
        folder = next((f for f in _save_folders(self.save_dir) if os.path.isabs(f) and os.path.isdir(f)), ".")
        default = self._free_path(folder)  # the save folder; if it was removed, the home folder
        answer = os.path.expanduser(self._ask(f"Save to [{default}]: ").strip())
        path = default if not answer else self._free_path(answer) if os.path.isdir(answer) else Path(answer)
        if path != default and os.path.isfile(path) and not self._yes(f"{path} exists. Replace it? [y/N] "):
            self.write("Not saved: the file is kept as it was. The game goes on.")
            return None
        try:
            written = write_atomic(path, self.session.save_text(), "saved game")
        except FileWriteError as exc:
            self.write(f"Not saved: {exc}. The game goes on.")
            return None
        self.write(self._saved_line(written))
        return written

    def _free_path(self, folder: str | Path) -> Path:
        """A new file in `folder` named by the game, its seed and the steps since it began (`Session.save_stem`)."""
        return free_path(folder, self.session.save_stem, ".json")

    def _saved_line(self, path: Path) -> str:
        return f"Saved to {path}. Resume with: {self.command} {self.session.game.name} --load {shlex.quote(str(path))}"

    # -- stopping before the end: the game is saved first ------------------------------------------------------
    @contextmanager
    def _signals_stop_the_game(self) -> Iterator[None]:
        """Within this block Ctrl-C, Ctrl-\\, SIGTERM and SIGHUP stop the game (see `_on_signal`); only the main
        thread may set signal handlers, elsewhere nothing changes."""
        numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
        if threading.current_thread() is not threading.main_thread():
            numbers = []
        previous = {number: signal.signal(number, self._on_signal) for number in numbers}
        try:
            yield
        finally:
            for number, handler in previous.items():
                signal.signal(number, signal.SIG_DFL if handler is None else handler)

    def _on_signal(self, number: int, frame: Any) -> None:
        """Stop the game at once while waiting for an answer, else when the move being made is over (so the saved
        state and random streams agree); ignored while the game is being saved."""
        if self._stopping:
            return
        name = signal.Signals(number).name
        stop = Interrupted(STOP_SIGNALS.get(name, name))
        if self._reading:
            raise stop
        self._pending = stop

    def _stop_if_asked(self) -> None:
        if self._pending is not None:
            raise self._pending

    def _save_and_stop(self, stop: Interrupted) -> int:
        """Save the game in progress (save folder, else home, else the temporary folder), say where as the last
        line, and return the exit status: SAVED, LOST, or FINISHED if the game was over."""
        lines = ["", f"Stopped: {stop}."]  # the blank line ends a prompt's line
        if isinstance(stop, OutputClosed) and not self.session.humans():
            return BOTS_CUT_SHORT  # bots watched through a pipe (`| head`): nobody's moves to keep, end quietly
        if self.session.state.is_terminal():
            return self._last_words(lines + ["The game was over; nothing to save."], FINISHED)
        try:
            text = self.session.save_text()
        except Exception as exc:  # a bug: said in one line, with its log
            return self._last_words(lines + [f"The game could not be saved: {unexpected(exc, 'saving the game')}"],
                                    LOST)
        for folder in _save_folders(self.save_dir):
            try:
                written = write_atomic(self._free_path(folder), text, "saved game")
            except FileWriteError as exc:
                lines.append(f"Not saved: {exc}.")
                continue
            return self._last_words(lines + [self._saved_line(written)], SAVED)
        return self._last_words(lines + ["The game could not be saved anywhere: it is lost."], LOST)

    def _last_words(self, lines: list[str], status: int) -> int:
        """Write the closing lines to the output, or to stderr if the output has gone; return `status`."""
        for out in (self._write, _to_stderr):
            try:
                for line in lines:
                    out(line)
                return status
            except OSError:
                continue
        return status


def _save_folders(save_dir: Path) -> list[str]:
    """Where a stopped game is saved, in order: the save folder, the home folder, the temporary folder (each once;
    a relative save folder whose current folder was removed stays relative: writing there says so)."""
    def absolute(folder: str) -> str:
        try:
            return os.path.realpath(folder)
        except OSError:
            return folder
    return list(dict.fromkeys(absolute(f) for f in (os.fspath(save_dir), os.path.expanduser("~"),
                                                    tempfile.gettempdir())))


def _closed(exc: OSError, otherwise: str = "the output cannot be written") -> Interrupted:
    """The interruption of a table whose output pipe closed (`| head`), whose terminal went away, or whose output
    cannot take more (a full disk, a file size limit: `otherwise`, and why)."""
    if isinstance(exc, BrokenPipeError):
        return OutputClosed("the output closed")
    if exc.errno == errno.EIO:
        return Interrupted(f"the terminal closed ({exc.strerror})")
    return Interrupted(f"{otherwise} ({exc.strerror or exc})")


def _input(prompt: str) -> str:
    """`input(prompt)`; at a terminal, the answer is awaited in steps of POLL_SECONDS, so a signal that comes just as
    the prompt appears is handled within a step (inside `input` it would wait for the next answer)."""
    if os.name != "posix" or not sys.stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    while not select.select([sys.stdin], [], [], POLL_SECONDS)[0]:
        pass  # back in Python between steps: a signal's handler runs here
    line = os.read(sys.stdin.fileno(), 1 << 16)  # a terminal hands over one line at a time
    if not line:
        raise EOFError
    return line.decode(errors="replace").rstrip("\n")


def _print(text: str) -> None:
    print(text, flush=True)  # flushed: a closed output is found at once, while the game can still be saved


def _to_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
