"""Play in a terminal: the table as text, numbered choices in plain words, bots' moves told as they happen.

    python -m deerbook play deer --seats human,greedy,greedy --seed 7
    python -m deerbook play deer-cards --seats human,human --advanced      (hot-seat: a pass screen between)
    python -m deerbook play football --seats human --load my-game.json      (solo against Blitz Bach)

`Terminal(session, read, write)` takes its input and output as functions, so tests script a whole game.
A bad entry asks again; 'q' offers to save before quitting; 's' saves and goes on (a save that cannot be
written says why, and the game goes on); 'u' takes back your last decision in a game against bots, as far back as
the last roll or draw, or another player's move (never to decide again knowing what came next). The log is told
in time order under a divider per turn (every card that enters or leaves your hand included); your own turn starts
when you press Enter to roll, and a choice with one option is made for you and told (the stepping is
`Session.advance`). A rack (or a Bullseye) is one decision (`play.split_prompt`): Enter plays the best rack at the
split that helps you most, or the split is typed in one line ("-6 15 0": one number per pawn, your own first); a
split the rules refuse is said in a sentence and nothing moves. A hot-seat game that is resumed shows the pass
screen first, then tells the log from the seat that plays next.

Nothing is lost: Ctrl-C, Ctrl-\\ (SIGQUIT), SIGTERM, a closed terminal (SIGHUP), the end of input, an output that
cannot be written, a bot that breaks a rule, a bot that thinks longer than `bot_timeout` seconds for one move and
any unexpected error (its traceback goes to a log file) stop the game between two moves, and the game is saved
before the table exits (in the save folder, else the home folder, else the temporary folder); the last line names
the file and the command that resumes it. A bot's move runs in a worker thread the table abandons when a signal
comes or the time is up (`play.bot_move`): nothing a bot does can make the table unstoppable, and the game is saved
as it was before that move, its random streams too. If no folder takes the save, the save itself is written last,
to be pasted into a file. The exit status says what became of the game: FINISHED (over, or quit without a save),
SAVED (stopped and saved) or LOST (stopped, and no folder took the save: printed instead, if the output could take
it).
"""
from __future__ import annotations

import errno
import os
import select
import shlex
import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, cast

from ..engine import Action
from ..engine.errors import RuleViolation, SaveFileError
from ..engine.files import FileWriteError, free_path, temporary_folder, unexpected, write_atomic
from ..engine.validate import whole_number
from .bot_move import TooSlow, in_worker, restore_streams
from .log import in_words
from .session import HUMAN, Session, Stop
from .split_prompt import SplitOffer, how_to_type, read_split, split_offers, split_words
from .table_html import choices, play_split, prompt_text, undone_words

PASS_SCREEN_LINES = 40  # blank lines that scroll the previous player's hand out of sight
STOP_SIGNALS = {"SIGINT": "Ctrl-C", "SIGTERM": "SIGTERM", "SIGHUP": "the terminal closed (SIGHUP)",
                "SIGQUIT": "Ctrl-\\ (SIGQUIT)"}
#: exit statuses: nothing left to resume (the game is over, or the person quit without saving); the game stopped
#: before its end and is saved (the last line names the file); it stopped and could not be saved anywhere
FINISHED, SAVED, LOST = 0, 3, 4
BOTS_CUT_SHORT = 141  # a table of bots whose output closed (`| head`): nothing of a person's to keep
POLL_SECONDS = 0.2  # at a terminal prompt, how long a signal may wait to be handled
BOT_TIMEOUT = 60.0  # seconds a bot may take for one move (the built-in bots' slowest takes about 3)


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
                 command: str = "deerbook play", bot_timeout: float | None = BOT_TIMEOUT):
        self.session, self.save_dir, self.command = session, Path(save_dir), command
        self.read, self._write = read or _input, write or _print
        self.bot_timeout = bot_timeout  # seconds a bot may take for one move (None: no limit)
        session.make_move = self._make_move
        self.told = 0  # log entries already written
        self.turn_key: object = None  # the turn of the last line written
        self._reading = False  # at a prompt: a signal stops the game at once (else at the next move's end, or a
        # bot's move is abandoned: `_make_move`)
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
            except KeyboardInterrupt as exc:  # a Ctrl-C is Interrupted (`_on_signal`) unless another handler took it
                self._stopping = True
                seat, seats = self.session.state.current_player(), self.session.seats
                if signal.getsignal(signal.SIGINT) not in (self._on_signal, signal.SIG_IGN) and (
                        threading.current_thread() is threading.main_thread()):
                    stop = Interrupted("Ctrl-C")
                elif 0 <= seat < len(seats) and seats[seat] != HUMAN:
                    stop = Interrupted(f"P{seat}'s bot {seats[seat]} raised KeyboardInterrupt, though no Ctrl-C was "
                                       "pressed; seat another bot with --seats when you resume")
                else:
                    stop = self._failed(exc)
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
            if s.resumed and len(s.humans()) > 1:  # hot seat resumed: whoever plays next takes the seat first,
                stop = s.run()  # then hears the whole log (bots' turns before it too) from that seat
                if stop != Stop.OVER:
                    self._take_seat(cast(int, s.next_person()), passing=True)
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

    def _take_seat(self, person: int, passing: bool = False) -> None:
        """Hot-seat: a different person to play (or anyone, when `passing`) gets a screen that hides the last hand
        first."""
        if person == self.session.viewer and not passing:
            return
        self.write("\n" * PASS_SCREEN_LINES + f"Pass the terminal to P{person}.")
        self._ask(f"P{person}, press Enter when the others look away: ")
        self.session.viewer = person

    def _decide(self) -> None:
        s = self.session
        observation = s.state.observation(s.viewer)
        self.write("\n" + s.view_module.render_text(observation, s.game, s.names))
        offers = split_offers(s)
        if offers:
            while not self._decide_split(offers):
                pass
            return
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

    def _decide_split(self, offers: list[SplitOffer]) -> bool:
        """A split decision (`play.split_prompt`: a rack and its split, or a Bullseye) in one prompt: Enter (or 1)
        plays the best offer at the split that helps most, a typed split plays it split so, another number plays
        another rack (its split asked next: a second prompt) or declines ("n" too). False when the person went
        back from that second prompt (ask again)."""
        s, best = self.session, offers[0]
        if not best.opening:
            self.write(f"You are P{s.viewer}. {prompt_text(s, Stop.DECIDE)}")
            return self._split_of(best, again=False)
        opening = {offer.opening for offer in offers}
        others = [choice for choice in choices(s, Stop.DECIDE) if choice.name not in opening]
        menu = [f"{best.label}: {split_words(best.split, best.best)} (the split that helps you most)",
                *(f"{offer.label}, then its split" for offer in offers[1:]),
                *(choice.label for choice in others)]
        decline = len(others) == 1  # "n" declines too (a rack's "No rack")
        if decline:
            menu[-1] += " (or n)"
        self.write(f"You are P{s.viewer}. {prompt_text(s, Stop.DECIDE)}")
        self.write("\n".join(f"  {i}) {label}" for i, label in enumerate(menu, 1)))
        self.write(f"Enter plays 1. Or split it your own way: {how_to_type(best)}")
        keys = f"Enter, 1-{len(menu)}{', n' * decline} or a split"
        while True:
            answer = self._answer(f"Your rack ({keys}; {self._undo_key()}s to save, q to quit): ")
            number = len(menu) if decline and answer == "n" else whole_number(answer) if answer else 1
            if number is not None and 1 <= number <= len(menu):
                if number == 1:
                    return self._play_split(best, best.best)
                if number <= len(offers):
                    return self._split_of(offers[number - 1], again=True)
                s.choose(others[number - len(offers) - 1].name)
                return True
            if number is None and self._typed_split(best, answer):
                return True
            if number is not None:
                self.write(f"Please press Enter, type a number from 1 to {len(menu)} or one number per pawn.")

    def _split_of(self, offer: SplitOffer, again: bool) -> bool:
        """Ask for `offer`'s split: Enter plays the split that helps most, or a typed split; "b" goes back to the
        choice of rack when `again` (False returned)."""
        if again:
            self.write(offer.split.prompt)
        self.write(f"  Enter) {split_words(offer.split, offer.best)} (the split that helps you most)")
        self.write(f"Or type your own: {how_to_type(offer)}")
        back = "b to choose again, " * again
        while True:
            answer = self._answer(f"Your split (Enter or one number per pawn; {back}{self._undo_key()}s to save, "
                                  "q to quit): ")
            if again and answer == "b":
                return False
            if not answer:
                return self._play_split(offer, offer.best)
            if self._typed_split(offer, answer):
                return True

    def _typed_split(self, offer: SplitOffer, answer: str) -> bool:
        """Play the split typed in `answer`; one that is not one whole number per pawn, or that the rules refuse,
        is said in a sentence (nothing moved) and False returned."""
        try:
            return self._play_split(offer, read_split(answer, offer.split))
        except ValueError as exc:
            self.write(f"Not played: {exc}. Nothing moved: press Enter for the split shown, or type another.")
        except RuleViolation as exc:
            self.write(f"Not played: {exc.detail}; {exc.rule}. Nothing moved: press Enter for the split shown, or "
                       "type another.")
        return False

    def _play_split(self, offer: SplitOffer, amounts: Sequence[int]) -> bool:
        """Make `offer` (its opening choice too) split as `amounts`, one decision (`table_html.play_split`)."""
        play_split(self.session, amounts, offer.opening)
        return True

    def _answer(self, prompt: str) -> str:
        """The person's answer to `prompt`, after handling s (save and ask again), u (undo, in a game against bots) and
        q (offer a save, then quit):
        the answer in lower case, "" for Enter."""
        while True:
            answer = self._ask(prompt).strip().lower()
            if answer == "s":
                self.save()
            elif answer == "u" and len(self.session.humans()) == 1:
                if not self.session.can_undo():  # nothing since the last roll or bot's move: say why, ask again
                    self.write(f"Not undone: {self.session.why_no_undo()}.")
                    continue
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
        return "u to undo back to the last roll, draw or other player's move, " if self.session.can_undo() else ""

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
        """Ask where to save (offering a name not yet taken; a folder is saved into, see `_typed_save_path`; a file
        already there is replaced only if the person says so) and write the game there; the path written, or None
        if it was not written (the line says why; the game goes on)."""
        folder = next((f for f in _save_folders(self.save_dir) if os.path.isabs(f) and os.path.isdir(f)), ".")
        default = self._free_path(folder)  # the save folder; if it was removed, the home folder
        answer = os.path.expanduser(self._ask(f"Save to [{default}]: ").strip())
        try:
            path = _typed_save_path(answer, self.session.save_stem) if answer else default
        except ValueError as exc:
            self.write(f"Not saved: {exc}. The game goes on.")
            return None
        if path != default and os.path.isfile(path) and not self._yes(f"{path} exists. Replace it? [y/N] "):
            self.write("Not saved: the file is kept as it was. The game goes on.")
            return None
        try:
            written = write_atomic(path, self.session.save_text(), "saved game")
        except (FileWriteError, SaveFileError) as exc:  # no folder took it, or the game cannot be written
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

    def _make_move(self, move: Callable[[], Action]) -> Action:
        """`Session.make_move` at this table: chance's move is drawn at once; a bot's runs in a worker thread
        (`bot_move.in_worker`) that a signal or the time limit abandons, and the random streams then go back to
        where they stood before it (the position has not changed), so the game is saved as it was before that
        move."""
        seat = self.session.state.current_player()
        if seat < 0:
            return move()
        before = self.session.match.streams()
        try:
            return in_worker(move, self.bot_timeout, self._stop_if_asked)
        except BaseException as exc:
            restore_streams(self.session.match, before)
            if isinstance(exc, TooSlow):
                raise Interrupted(f"P{seat}'s bot {self.session.seats[seat]} took longer than {exc.args[0]:g} s "
                                  "for one move; when you resume, seat another bot with --seats or allow it more "
                                  "time with --bot-timeout") from None
            raise

    def _on_signal(self, number: int, frame: Any) -> None:
        """Stop the game at once while waiting for an answer, else when the move being made is over (so the saved
        state and random streams agree), or a bot's move is abandoned (`_make_move`); ignored while the game is
        being saved."""
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
        line, and return the exit status: SAVED, LOST, or FINISHED if the game was over. If no folder takes it,
        the save itself is written last, to be pasted into a file (the status stays LOST)."""
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
        return self._last_words(lines + [self._paste_line(), text], LOST)

    def _paste_line(self) -> str:
        """The last resort when no folder took the save: the save is printed after this line, to be pasted."""
        return (f"No folder took the save, so here it is: paste the lines below, from {{ to }}, into a file ending "
                f".json and resume with: {self.command} {self.session.game.name} --load FILE")

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
    a relative save folder whose current folder was removed stays relative: writing there says so; no temporary
    folder when none takes a file)."""
    def absolute(folder: str) -> str:
        try:
            return os.path.realpath(folder)
        except OSError:
            return folder
    return list(dict.fromkeys(absolute(f) for f in (os.fspath(save_dir), os.path.expanduser("~"),
                                                    temporary_folder()) if f))


def _closed(exc: OSError, otherwise: str = "the output cannot be written") -> Interrupted:
    """The interruption of a table whose output pipe closed (`| head`), whose terminal went away, or whose output
    cannot take more (a full disk, a file size limit: `otherwise`, and why)."""
    if isinstance(exc, BrokenPipeError):
        return OutputClosed("the output closed")
    if exc.errno == errno.EIO:
        return Interrupted(f"the terminal closed ({exc.strerror})")
    return Interrupted(f"{otherwise} ({exc.strerror or exc})")


def _typed_save_path(answer: str, stem: str) -> Path:
    """The file a name typed at the save prompt stands for: a new file named `stem` in a folder (a name that ends
    with a separator is a folder, made if it is new), else the file named, with .json added to a new name without
    a suffix. ValueError saying why, for a name with a character the input could not read or the file system's
    encoding cannot write, or a folder that cannot be made."""
    if "\ufffd" in answer:
        raise ValueError(f"{answer} holds a character the terminal's encoding could not read; type the name again")
    try:
        os.fsencode(answer)
    except UnicodeEncodeError as exc:
        raise ValueError(f"{answer} cannot be a file name here: the file system's encoding "
                         f"({sys.getfilesystemencoding()}) has no {exc.object[exc.start]!r}") from None
    if answer.endswith(tuple(filter(None, (os.sep, os.altsep)))) and not os.path.isdir(answer):
        try:
            os.mkdir(answer)
        except OSError as exc:
            raise ValueError(f"cannot make the folder {answer} ({exc.strerror or exc})") from None
    if os.path.isdir(answer):
        return free_path(answer, stem, ".json")
    path = Path(answer)
    return path if path.suffix or os.path.lexists(path) else path.with_name(path.name + ".json")


def _input(prompt: str) -> str:
    """`input(prompt)`; at a terminal, the answer is awaited in steps of POLL_SECONDS, so a signal that comes just as
    the prompt appears is handled within a step (inside `input` it would wait for the next answer). The answer is
    read in the input's encoding (a latin-1 terminal's é is é); a process started with its input closed (`<&-`)
    stops the game."""
    if sys.stdin is None:
        raise Interrupted("the input is closed")
    if os.name != "posix" or not sys.stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    while not select.select([sys.stdin], [], [], POLL_SECONDS)[0]:
        pass  # back in Python between steps: a signal's handler runs here
    line = os.read(sys.stdin.fileno(), 1 << 16)  # a terminal hands over one line at a time
    if not line:
        raise EOFError
    return line.decode(sys.stdin.encoding or "utf-8", errors="replace").rstrip("\n")


def _print(text: str) -> None:
    if sys.stdout is None:  # started with its output closed (`>&-`): print would drop every line unsaid
        raise OSError(errno.EBADF, "standard output is closed")
    print(text, flush=True)  # flushed: a closed output is found at once, while the game can still be saved


def _to_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
