"""Step through a recorded game in a notebook: `ReplayTable(link_or_record)`, what `GameTable.from_link` opens for a
finished game.

Back and Next step a turn, the turn box jumps to a turn, the seat menu shows the table as that seat saw it (its
drawing and that turn's log told to it, nothing more), and once the game is over "Every hand" shows each seat's
drawing and every private line. The stepping and the words are `play.replay.Replay`'s, the drawings the game's view
(`play.views.draw`), as at every table; a refusal (every hand before the end) is said in the note line. A finished
game has Review (`widgets.review.ReviewPanel`): each person's decision graded, with progress and Stop.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w

from ..engine import SaveFileError
from ..engine.link import record_from_link
from ..engine.record import GameRecord
from ..play.replay import Replay
from ..play.views import draw
from .review import ReviewPanel

LABEL = {"description_width": "initial"}


class ReplayTable:
    """A recorded game (a link or a `GameRecord`) to step through; display it (or its `.widget`) in a cell."""

    def __init__(self, game: str | GameRecord):
        self.replay = Replay(record_from_link(game) if isinstance(game, str) else game)
        r = self.replay
        self.title, self.view, self.log_view, self.note = (w.HTML() for _ in range(4))
        self.back_button = self._button("◂ Back", r.back, "the turn before")
        self.next_button = self._button("Next ▸", r.forward, "the next turn")
        self.turn_box = w.BoundedIntText(value=0, min=0, max=r.turns, description=f"Turn (0-{r.turns})", style=LABEL,
                                         layout=w.Layout(width="12em"))
        self.turn_box.observe(lambda change: self._act(lambda: r.go_to(change["new"])), names="value")
        self.seat_menu = w.Dropdown(options=[(f"P{seat} ({name})", seat) for seat, name in enumerate(r.names)],
                                    value=r.seat, description="As seen by", style=LABEL)
        self.seat_menu.observe(lambda change: self._act(lambda: r.view_seat(change["new"])), names="value")
        self.every_hand_button = self._button("Every hand", r.show_every_hand, "each seat's hand: once the game is "
                                                                               "over")
        self.every_hand_button.disabled = not r.over
        controls = w.HBox([self.back_button, self.next_button, self.turn_box, self.seat_menu, self.every_hand_button],
                          layout=w.Layout(flex_flow="row wrap"))
        self.review = ReviewPanel(lambda: (r.record, r.names))
        self.review.widget.layout.display = "" if r.over else "none"
        self.widget = w.VBox([self.title, controls, self.review.widget, self.note, self.view, self.log_view])
        self.widget.add_class("deerbook-replay")
        self._draw()

    def _button(self, text: str, action: Callable[[], object], tooltip: str) -> w.Button:
        button = w.Button(description=text, tooltip=tooltip, layout=w.Layout(width="auto"))
        button.on_click(lambda _: self._act(action))
        return button

    def _act(self, action: Callable[[], object]) -> None:
        """Run a step or a change of view and redraw; a refusal is said in the note line (nothing changed)."""
        self.note.value = ""
        try:
            action()
        except SaveFileError as refused:
            self.note.value = f"<b>Not shown:</b> {escape(str(refused))}"
        self._draw()

    def _draw(self) -> None:
        """The turn shown: its title, the drawing of each seat shown, the turn's log and, at the end, the result."""
        r = self.replay
        self.turn_box.value, self.seat_menu.value = r.turn, r.seat  # (setting the same value fires nothing)
        self.back_button.disabled, self.next_button.disabled = r.turn == 0, r.turn == r.turns
        self.title.value = f"<b>{escape(r.title())}</b>" + (f"<br>Game over. {escape(r.result())}" * bool(r.result()))
        seats = range(len(r.names)) if r.every_hand else [r.seat]
        self.view.value = "".join(f"<h4>P{seat}'s view</h4>" * r.every_hand
                                  + draw(r.state, seat, r.names)._repr_html_() for seat in seats)
        self.log_view.value = "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in r.lines()) + "</ul>"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)
