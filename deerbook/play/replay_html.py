"""A recorded game stepped through on the book's play page (`play.page`, a link of a finished game), as HTML: the
turn shown and its scores, the controls (Back, Next, a turn box, the seat menu, Every hand once over), the drawing
of the seat shown (each seat's for every hand) and the log up to the turn shown.

The stepping and every word are `play.replay.Replay`'s, the drawings the game's view and the log the page table's
(`table_html`), so a replay reads as the game did at the table. Standard library only.
"""
from __future__ import annotations

from html import escape

from .replay import Replay
from .session import NO_SEAT
from .table_html import drawing_html, turns_html

#: the replay's requests (`play.requests`) and what each does to the `Replay`
STEPS = ("back", "forward", "goto", "as_seat")


def replay_step(replay: Replay, op: str, number: int = 0) -> str:
    """Make one replay request (`STEPS`: `number` is the turn of "goto", the seat of "as_seat", NO_SEAT for every
    hand); "" when done, else why nothing moved (at the start, at the last turn)."""
    if op == "back":
        return "" if replay.back() else "This is the start: Next goes on."
    if op == "forward":
        return "" if replay.forward() else "That was the last turn: Back goes back, or pick a turn."
    if op == "goto":
        replay.go_to(number)
    elif number == NO_SEAT:
        replay.show_every_hand()
    else:
        replay.view_seat(number)
    return ""


def status_html(replay: Replay) -> str:
    """The turn shown in words, the result at the last turn, and every seat's score as the seat shown reads it."""
    result = f" <b>Game over.</b> {escape(replay.result())}" if replay.result() else ""
    scores = scores_text(replay)
    seats = ", ".join(f"P{seat} ({name})" for seat, name in enumerate(replay.names))
    return (f'<p class="deerbook-status"><b>Replay {escape(replay.title())}</b>{result}</p>'
            + (f'<p class="deerbook-scores">{escape(scores)}</p>' if scores else "")
            + f'<p class="deerbook-seats"><small>A recorded game · seats: {escape(seats)}</small></p>')


def scores_text(replay: Replay) -> str:
    """Every seat's score at the turn shown, as the seat shown reads it (nobody's "you" for every hand)."""
    observation = replay.state.observation(replay.seat)
    if replay.every_hand:
        observation = {**observation, "player": NO_SEAT}
    return replay.view_module.score_line(observation, replay.game, replay.names)


def controls_html(replay: Replay) -> str:
    """Back and Next (each off where it cannot go), the turn box and its button, and the seat menu (with Every hand
    once the game is over)."""
    seats = "".join(f'<option value="{seat}"{" selected" * (seat == replay.seat and not replay.every_hand)}>'
                    f"P{seat} ({escape(name)})</option>" for seat, name in enumerate(replay.names))
    every = " selected" if replay.every_hand else ""
    if replay.over:
        seats += f'<option value="{NO_SEAT}"{every}>Every hand (the game is over)</option>'
    return (_button("back", "◂ Back", replay.turn == 0) + _button("forward", "Next turn ▸", replay.turn == replay.turns)
            + f'<label class="deerbook-field"><span>Turn (0 to {replay.turns})</span><input type="number" name="turn" '
              f'value="{replay.turn}" min="0" max="{replay.turns}" step="1"></label>'
            + _button("goto", "Go to the turn")
            + f'<label class="deerbook-field"><span>The table as seen by</span><select name="seat">{seats}</select>'
              "</label>")


def view_html(replay: Replay, width: int) -> str:
    """The drawing of the table at the turn shown, as the seat shown saw it (each seat's, headed, for every hand)."""
    seats = range(len(replay.names)) if replay.every_hand else [replay.seat]
    return "".join(f"<h3>P{seat}'s view</h3>" * replay.every_hand
                   + drawing_html(replay.view_module, replay.state.observation(seat), replay.game, replay.names, width)
                   for seat in seats)


def log_html(replay: Replay) -> str:
    """The log from the start to the turn shown, as the seat shown may read it."""
    return turns_html(replay.turn_log())


def _button(op: str, label: str, off: bool = False) -> str:
    state = " disabled data-off" if off else ""
    return f'<button type="button" class="deerbook-choice" data-op="{op}"{state}>{escape(label)}</button>'
