"""A recorded game stepped through turn by turn, as one seat saw it, or every hand once the game is over.

`Replay(record)` replays a `engine.record.GameRecord` (from a link or a save) through the engine and keeps every
position and every step's narration (the game's own `step_narration` and `turn_of`, as at the tables). It stands at
the end of a turn: turn 0 is the start, turn `turns` the last position. It shows the table as the chosen seat saw it
there (that seat's observation, drawn by the game's view, and that turn's log told to that seat), never more; once
the game is over `every_hand` shows each seat's view and the log with every private line. The terminal's
`deerbook replay` (`cli.replay`) and the notebook's table step through it. Standard library and the engine only.
"""
from __future__ import annotations

from ..engine import SaveFileError, State
from ..engine.record import GameRecord, action_between
from .log import Narration, Turn, in_words, seat_label
from .session import HUMAN, NO_SEAT, LogEntry
from .views import views_of


class Replay:
    """A recorded game to step through: `turn` (0 to `turns`), `seat` (whose view), `every_hand` (once over)."""

    def __init__(self, record: GameRecord):
        self.record = record
        self.states = record.positions()
        self.game = self.states[0].game
        self.view_module = views_of(self.game)
        self.names = ["person" if seat == HUMAN else seat for seat in record.seats]
        self.log = [LogEntry(self.view_module.turn_of(before), self.view_module.step_narration(
            before, action_between(before, index), after))
            for before, index, after in zip(self.states, record.steps, self.states[1:])]
        self.ends = [0, *_turn_ends(self.log)]  # the steps played by the end of each turn (turn 0: none)
        self.turn, self.seat, self.every_hand = 0, 0, False

    @property
    def turns(self) -> int:
        """The turns played in the record."""
        return len(self.ends) - 1

    @property
    def over(self) -> bool:
        """Whether the recorded game ended (then every hand may be shown)."""
        return self.states[-1].is_terminal()

    @property
    def state(self) -> State:
        """The position at the end of the turn shown."""
        return self.states[self.ends[self.turn]]

    def go_to(self, turn: int) -> None:
        """Stand at the end of `turn` (0: the start); SaveFileError naming the range for another number."""
        if not 0 <= turn <= self.turns:
            raise SaveFileError(f"there is no turn {turn}: this game has turns 0 (the start) to {self.turns}")
        self.turn = turn

    def forward(self) -> bool:
        """The next turn; False at the last one (nothing moves)."""
        if self.turn == self.turns:
            return False
        self.turn += 1
        return True

    def back(self) -> bool:
        """The turn before; False at the start (nothing moves)."""
        if self.turn == 0:
            return False
        self.turn -= 1
        return True

    def view_seat(self, seat: int) -> None:
        """See the table as `seat` saw it (every hand hidden again); SaveFileError naming the seats for another."""
        if not 0 <= seat < len(self.names):
            raise SaveFileError(f"there is no seat {seat}: the seats are 0 to {len(self.names) - 1}")
        self.seat, self.every_hand = seat, False

    def show_every_hand(self) -> None:
        """Show every seat's hand and every private line; SaveFileError, nothing changed, while the game is not over
        (its hands are still hidden)."""
        if not self.over:
            raise SaveFileError("every hand is shown only once the game is over, and this game was not finished: "
                                "each seat's view shows its own hand")
        self.every_hand = True

    def entries(self) -> list[LogEntry]:
        """The steps of the turn shown (none at the start)."""
        return self.log[self.ends[max(self.turn - 1, 0)]:self.ends[self.turn]] if self.turn else []

    def title(self) -> str:
        """The turn shown in words, with its number in the replay: "[12/80] Round 1, turn 11: P2 (greedy)'s turn"."""
        if not self.turn:
            return f"[0/{self.turns}] The start"
        return f"[{self.turn}/{self.turns}] {in_words(self.entries()[0].turn.title, self._listener, self.names)}"

    def lines(self) -> list[str]:
        """The log of the turn shown, as the seat shown may read it (every private line when showing every hand)."""
        return self._lines(self.entries())

    def turn_log(self) -> list[tuple[str, list[str]]]:
        """The log from the start to the turn shown, as the seat shown may read it: (turn title, lines) per turn,
        oldest first, as a table's log shows it (a turn with nothing to read left out)."""
        turns = [(in_words(self.log[start].turn.title, self._listener, self.names), self._lines(self.log[start:end]))
                 for start, end in zip(self.ends[:self.turn], self.ends[1:self.turn + 1])]
        return [(title, lines) for title, lines in turns if lines]

    def _lines(self, entries: list[LogEntry]) -> list[str]:
        if self.every_hand:
            return [line for _, narration in entries for line in _every_line(narration, self.names)]
        return [line for _, narration in entries for line in narration.lines_for(self.seat, self.names)]

    def table_text(self) -> str:
        """The table at the turn shown, drawn as text for the seat shown (each seat's in turn for every hand)."""
        seats = range(len(self.names)) if self.every_hand else [self.seat]
        return "\n\n".join(f"P{seat}'s view:\n" * self.every_hand
                           + self.view_module.render_text(self.state.observation(seat), self.game, self.names)
                           for seat in seats)

    def result(self) -> str:
        """Who won, in words (once the game is over; "" before)."""
        if not self.over or self.turn != self.turns:
            return ""
        observation = {**self.state.observation(self.seat), **({"player": NO_SEAT} if self.every_hand else {})}
        return self.view_module.result_text(observation, self.game, list(self.state.winners()), self.names)

    @property
    def _listener(self) -> int:
        return NO_SEAT if self.every_hand else self.seat


def _turn_ends(log: list[LogEntry]) -> list[int]:
    """The step count at the end of each turn: where the next step's turn differs, and at the last step."""
    return [i + 1 for i, (entry, following) in enumerate(zip(log, [*log[1:], None]))
            if following is None or _key(following.turn) != _key(entry.turn)]


def _key(turn: Turn) -> object:
    return turn.key


def _every_line(narration: Narration, names: list[str]) -> list[str]:
    """Every line of a step, its private one in place of the public, each seat named (for a game that is over)."""
    texts = [narration.private or narration.public, *narration.notes]
    return ([in_words(text, NO_SEAT, names) for text in texts if text]
            + [f"{seat_label(NO_SEAT, seat, names)}: {in_words(text, seat, names)}" for seat, text in narration.own])
