"""A game's review in a notebook: the Review button of `ReplayTable` and of a finished `GameTable`.

`ReviewPanel(game)` (`game`: a function giving the record and the seats' names when Review is pressed) grades each
decision of the person seats against the reviewer (`analysis.review.Reviewer`), one decision at a time, with a
progress bar and a Stop button, then shows the review in `review_words`' lines (the terminal's) and the win-chance
chart (`charts.review`).

The review runs as a task of the kernel's event loop that yields after each decision, so the kernel handles a click
on Stop (a comm message) between two decisions, and the widgets update as it goes. Not a thread: JupyterLite's
Python (Pyodide) has none, ipywidgets are not safe to update from one, and the review is pure Python, so a thread
would not make it faster. Where no event loop runs (a script), Review runs it through at once.
"""
from __future__ import annotations

import asyncio
import json
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..analysis.review import Review, Reviewer
from ..engine import DeerbookError
from ..engine.record import GameRecord
from ..play.replay import Replay
from ..play.review_words import progress_line, review_lines

SHOWN, HIDDEN = "", "none"  # a control's layout.display (never None: Pyodide's kernel would leave it as it was)


class ReviewPanel:
    """The Review button, then the review's progress bar and Stop, then the review; display its `.widget`."""

    def __init__(self, game: Callable[[], tuple[GameRecord, Sequence[str]]], seed: int = 0):
        self.game, self.seed = game, seed
        self.reviewer: Reviewer | None = None
        self.names: Sequence[str] = ()
        self.turn_ends: Sequence[int] = ()
        self.stopping = False
        self.task: asyncio.Task | None = None
        self.review: Review | None = None
        self.button = w.Button(description="Review", tooltip="grade each decision against the reviewer, the "
                               "strongest fair player (it sees only what the seat saw)", layout=w.Layout(width="auto"))
        self.button.on_click(lambda _: self.start())
        self.stop_button = w.Button(description="Stop the review", tooltip="stop after the decision under way",
                                    layout=w.Layout(width="auto", display=HIDDEN))
        self.stop_button.on_click(lambda _: self.stop())
        self.bar = w.IntProgress(value=0, min=0, max=1, description="", layout=w.Layout(display=HIDDEN))
        self.line, self.result = w.HTML(), w.HTML()
        self.chart = w.Output()  # the win-chance chart, set as the widget's state (nothing printed in the cell)
        self.widget = w.VBox([w.HBox([self.button, self.bar, self.stop_button], layout=w.Layout(flex_flow="row wrap")),
                              self.line, self.result, self.chart])
        self.widget.add_class("deerbook-review")

    def start(self) -> None:
        """Review the game: one decision a pass of the kernel's event loop (Stop works between two), or all at once
        where no loop runs."""
        if self.task is not None and not self.task.done():
            return
        try:
            self.begin()
        except DeerbookError as refused:
            self.line.value = f"<b>Not reviewed:</b> {escape(str(refused))}"
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            while self.step():
                pass
            return
        self.task = loop.create_task(self.run())

    async def run(self) -> None:
        """Review decision after decision, yielding to the kernel after each (it handles a Stop click then)."""
        while self.step():
            await asyncio.sleep(0)

    def begin(self) -> None:
        """A new review of the game as it is now: the progress shown, Stop offered, the last review cleared."""
        record, self.names = self.game()
        self.turn_ends = Replay(record).ends  # each decision named by its turn, as the replay numbers them
        self.reviewer, self.stopping, self.review = Reviewer(record, seed=self.seed), False, None
        self.bar.max, self.bar.value = max(self.reviewer.total, 1), 0
        self.line.value = escape(progress_line(0, self.reviewer.total))
        self.result.value = ""
        self.chart.outputs = ()
        self._show(running=True)

    def step(self) -> bool:
        """Review one decision; whether to go on (decisions remain and Stop was not pressed). At the end, or on Stop,
        the review is shown."""
        reviewer = self.reviewer
        assert reviewer is not None
        if not self.stopping and reviewer.step() is not None:
            self.bar.value = reviewer.done
            self.line.value = escape(progress_line(reviewer.done, reviewer.total))
            if reviewer.done < reviewer.total:
                return True
        self.finish(reviewer.review())
        return False

    def stop(self) -> None:
        """Stop after the decision under way (the review so far is shown)."""
        self.stopping = True
        self.stop_button.description = "Stopping…"

    def finish(self, review: Review) -> None:
        """Show the review: its lines in words and the win-chance chart."""
        from ..charts.review import win_chance_figure  # plotly only once a review is shown

        self.review = review
        self._show(running=False)
        self.result.value = "<pre>" + escape("\n".join(review_lines(review, self.names, self.turn_ends))) + "</pre>"
        chances = review.win_chances()
        self.chart.outputs = (chart_output(win_chance_figure(review, self.names).to_json()),) if chances else ()

    def clear(self) -> None:
        """No review shown (a new game at the table); a review under way is dropped."""
        if self.task is not None:
            self.task.cancel()
        self.review, self.line.value, self.result.value = None, "", ""
        self.chart.outputs = ()
        self._show(running=False)

    def _show(self, running: bool) -> None:
        self.button.disabled = running
        self.bar.layout.display = self.stop_button.layout.display = SHOWN if running else HIDDEN
        self.stop_button.description = "Stop the review"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)


def chart_output(figure_json: str) -> dict:
    """A figure's JSON as an Output widget's display item (set as its state: nothing is printed in the cell)."""
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.plotly.v1+json": json.loads(figure_json), "text/plain": "Figure"}}
