"""Play any deerbook game in a notebook: the drawn table, your choices as buttons, the bots one turn at a time.

`GameTable("deer-cards")` seats you against bots with a fresh seed (shown on the table, so a game can be
replayed); `GameTable(game, ["human", "greedy", "human"], seed=7)` chooses. The table shows only what the
seat to play may know: its drawn view (`deer_view` / `football_view`) and a log told from that seat, in time
order with a divider per turn ("P2 drew a card from the Predator pile", never which card; every card that enters
or leaves your own hand). Your own turn starts with a Roll button, a choice with a single option waits for your
click too, and after each bot's turn the table pauses (`bot_delay` seconds) or waits for Next turn (`bot_delay=None`):
the stepping is `Session.advance`, the same at every table. The choices, prompts, hints, rules card and legend are
the words of `play.table_html`, shared with the book page's table. Between two human seats a "pass to P2" screen
hides the previous hand. Save writes a JSON file (never shown on the table); Load reads one back.

The table plays by keyboard alone: Tab goes through it in its reading order (status, choices, tools, log, drawing,
help), Enter or Space chooses, and after a choice the keyboard focus lands on the next first choice. The choice
controls are made once and shown or hidden (never replaced), so a focus request always finds its control drawn.
Each new log line is announced to a screen reader through the live region of `script.TableScript`
(`play.table_html.Announcer`: a seat is told only its own log's new lines; the "pass the table" screen tells
nothing), which also keeps the table's keys from JupyterLab's notebook shortcuts and sends what a menu showed
when its Play or Move button was pressed on the page.

The table displays itself in a cell; where no live widget can run (the static book) its mime bundle
carries a drawn snapshot of the table as text/html.
"""
from __future__ import annotations

import time
from functools import partial
from html import escape
from pathlib import Path
from typing import Any, Callable, Sequence, cast

import ipywidgets as w

from ..play.drawing import NARROW, WIDE, html_block
from ..engine import DeerbookError, Game, SaveFileError, State
from ..engine.files import FileWriteError, free_path, write_atomic
from ..engine.seeding import Seed
from ..play.session import Session, Stop
from ..play.hints import Hint, hint_function
from ..play.table_html import NEXT, ROLL, Announcer, choices, help_html, hints_html, log_html, status_html
from .script import PICK_CLASS, TABLE_CLASS, TableScript
from .snapshot import SnapshotBox

MAX_BUTTONS = 12
LOG_TURNS = 60  # the turns the log shows (the newest last)
PACES = {"pause": ("a short pause after each bot turn", 0.8),
         "step": ("step by step: Next turn after each bot turn", None), "quick": ("no pause", 0.0)}
# A control's layout.display: shown (the style sheet's own display) or hidden. Never None: Pyodide's kernel sends a
# Python None to the page as `undefined`, which leaves the last display in place.
SHOWN, HIDDEN = "", "none"
LOG_BOX = "max-height:16em;overflow:auto;display:flex;flex-direction:column-reverse"  # opens scrolled to the newest


class GameTable(Session):
    """A notebook table for one game; display it (or its `.widget`) in a cell.

    `bot_delay` (seconds) is the pause after each bot's turn while a person is clicking; None waits for the Next
    turn button instead. `rulings_url` links each prompt's ruling to the book's rulings page (None: named only)."""

    def __init__(self, game: Game | str = "deer", seats: Sequence[str] | None = None,
                 seed: Seed | str | None = None, state: State | None = None,
                 hint: Callable[[State, int], list[Hint]] | None = None, *, bot_delay: float | None = 0.8,
                 save_dir: str | Path = ".", rulings_url: str | None = None):
        super().__init__(game, seats, seed, state)
        self.bot_delay, self.save_dir, self.rulings_url = bot_delay, Path(save_dir), rulings_url
        self.hint_function = hint or hint_function(self.game.name)
        self.hints: list[Hint] = []
        self.passing_to: int | None = None
        self.stop, self._clicked = Stop.OVER, False
        self.redraws = 0
        self.announcer = Announcer()
        self._build_widgets()
        self.advance()

    @property
    def waiting_for_continue(self) -> bool:
        """Whether the table waits for the Next turn button (a bot's turn has just been shown)."""
        return self.stop == Stop.TURN

    # -- widgets ----------------------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status, self.view, self.log_view, self.hint_view, self.note = (w.HTML() for _ in range(5))
        self.help = w.HTML(help_html(self))
        self.script = TableScript(on_pick=self._on_page_pick)
        self.hint_button = self._button("Hint", self.show_hints, "every legal choice with the advisor's value")
        self.hint_button.layout.display = SHOWN if self.hint_function else HIDDEN
        self.pass_button = self._button("Show my table", self._take_seat, "only the named player should look",
                                        "deerbook-pass", choice=True)
        self.continue_button = self._button("Next turn ▸", self.advance, "show the next bot turn", "deerbook-continue",
                                            choice=True)
        self.roll_button = self._button("Roll the dice", self.roll, "your turn starts with a roll", "deerbook-choice",
                                        choice=True)
        self.new_button = self._button("New game", self.new_game, "a fresh game with a new seed", "deerbook-new",
                                       choice=True)
        self._build_controls()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load")
        self.upload.observe(self._on_upload, names="value")
        pace = next((key for key, (_, delay) in PACES.items() if delay == self.bot_delay), "pause")
        self.pace = w.Dropdown(options=[(words, key) for key, (words, _) in PACES.items()], value=pace,
                               description="Pace", layout=w.Layout(width="auto"))
        self.pace.observe(lambda change: setattr(self, "bot_delay", PACES[change["new"]][1]), names="value")
        tools = w.HBox([self.hint_button, self._button("Save", self.save, "write the game to a JSON file"),
                        self.upload, self.pace], layout=w.Layout(flex_flow="row wrap"))
        self.widget = SnapshotBox(self.snapshot_html, self.summary,
                                  children=[self.status, self.choices, self.hint_view, self.note, tools, self.log_view,
                                            self.view, self.help, self.script])
        self.widget.add_class(TABLE_CLASS)

    def _button(self, text: str, action: Callable[[], object], tooltip: str, css: str = "deerbook-tool", *,
                choice: bool = False) -> w.Button:
        """A button that runs `action`; after a choice's button the keyboard focus moves to the next first choice
        (after a tool's it stays)."""
        button = w.Button(description=text, tooltip=tooltip, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _: self._click(action, then_focus=choice))
        return button

    def _click(self, action: Callable[[], object], then_focus: bool = False) -> None:
        """Run a person's click; bots' turns are paced only then (see `advance`). A move the rules refuse is named
        in the note line (a click handler's exception would vanish unseen). After a choice the keyboard focus goes
        to the first control shown (the old one may be hidden now)."""
        self._clicked = True
        try:
            action()
        except DeerbookError as refused:
            self.note.value = f"<b>Not allowed:</b> {escape(str(refused))}"
            self._draw()
        finally:
            self._clicked = False
        if then_focus and (control := self.first_control()) is not None:
            control.focus()

    # -- playing ----------------------------------------------------------------------------------------
    def advance(self) -> Stop:
        """Let chance and bots move, one turn at a time, until a person must decide or roll or the game ends;
        after each bot turn pause `bot_delay` seconds (while a person is clicking) or wait for Next turn."""
        while True:
            self.stop = super().advance()
            if self.stop != Stop.TURN or self.bot_delay is None:
                break
            if self.bot_delay > 0 and self._clicked:
                self._draw()
                time.sleep(self.bot_delay)
        self._draw()
        return self.stop

    def play(self, text: str) -> None:
        """The person to move plays the legal action that reads `text`; then the table moves on."""
        self.choose(text)
        self.advance()

    def roll(self) -> None:
        """The person whose turn starts now rolls; then the table moves on."""
        super().roll()
        self.advance()

    def move_pawn(self, move_text: str, spaces: int) -> None:
        """A rack or Bullseye move as one choice: the pawn and direction, then the number of spaces."""
        self.choose(move_text)
        self.choose(f"{spaces} space{'s' * (spaces > 1)}")
        self.advance()

    def new_game(self) -> None:
        """A fresh game at the same seats with a new seed."""
        self.restart()
        self._new_telling()
        self.note.value = ""
        self.advance()

    def _new_telling(self) -> None:
        """A new game at the table: nothing told yet, the live region empty."""
        self.announcer.reset()
        self.script.clear()

    def show_hints(self) -> None:
        """Show the person to move every legal choice with the advisor's value, best first."""
        if self.hint_function is None or self.person_to_move() is None:
            return
        self.hints = self.hint_function(self.state, self.state.current_player())
        self.hint_view.value = hints_html(self, self.hints)

    # -- the view ---------------------------------------------------------------------------------------
    def _draw(self) -> None:
        """Redraw the table for the viewing seat (the status, with its redraw count, is written last)."""
        self.redraws += 1
        self.hints, self.hint_view.value = [], ""
        self._choose_viewer()
        hidden = self.passing_to is not None
        self.view.value = "" if hidden else self._drawing_html()
        self.log_view.value = "" if hidden else self._log_html()  # the log tells the last seat's secrets too
        self._show((self.pass_button,) if hidden else self._controls())
        self.hint_button.disabled = hidden or self.stop != Stop.DECIDE
        self.pass_button.description = f"I am P{self.passing_to}: show my table" if hidden else ""
        if hidden:
            self.script.clear()  # nothing the last seat was told stays in the page
        else:
            self.script.tell(self.announcer.news(self))
        self.status.value = self._status_html() + (  # for timing in a browser: which redraw, bots' share
            f'<span class="deerbook-redraw" data-redraw="{self.redraws}" '
            f'data-bots-ms="{1000 * self.bot_seconds:.1f}"></span>')

    def _choose_viewer(self) -> None:
        """The person to move (or roll) sees the table; a different person first gets the 'pass to' screen."""
        person = self.person_to_move() if self.stop == Stop.DECIDE else self.roller()
        if person is not None and person != self.viewer and self.passing_to is None:
            self.passing_to = person

    def _take_seat(self) -> None:
        self.viewer, self.passing_to = cast(int, self.passing_to), None  # called only while passing
        self._draw()

    def _status_html(self) -> str:
        if self.passing_to is not None:
            return f"<b>Pass the table to P{self.passing_to}.</b> The other players look away."
        return status_html(self, self.stop, self.rulings_url)

    def _log_html(self) -> str:
        """The log in a box that scrolls, reachable by Tab so that a keyboard can scroll it."""
        return (f'<div class="deerbook-logbox" tabindex="0" role="region" aria-label="Log" style="{LOG_BOX}">'
                f'{log_html(self, LOG_TURNS)}</div>')

    def _drawing_html(self) -> str:
        """The viewing seat's drawn table, wide and for a phone (`play.drawing.html_block`), and its text twin."""
        observation, views = self.state.observation(self.viewer), self.view_module
        wide, narrow = (views.svg(observation, self.game, self.names, width=width) for width in (WIDE, NARROW))
        return html_block(wide, views.render_text(observation, self.game, self.names), "" if narrow == wide else narrow)

    def _build_controls(self) -> None:
        """The choice controls are made once and shown or hidden (a redraw sends new labels, not new widgets)."""
        self.choice_buttons: list[w.Button] = []
        for i in range(MAX_BUTTONS):
            self.choice_buttons.append(self._button("", partial(self._play_button, i), "", "deerbook-choice",
                                                    choice=True))
        self.choice_row = w.HBox(self.choice_buttons, layout=w.Layout(flex_flow="row wrap"))
        self.menu = w.Dropdown(description="Choose", style={"description_width": "initial"},
                               layout=w.Layout(width="auto", max_width="100%"))
        self.menu_box = w.HBox([self.menu, self._button("Play", lambda: self.play(self.menu.value),
                                                        "play the chosen move", "deerbook-choice", choice=True)],
                               layout=w.Layout(flex_flow="row wrap"))
        self.move_which = w.Dropdown(description="Move", style={"description_width": "initial"},
                                     layout=w.Layout(width="auto", max_width="100%"))
        self.move_spaces = w.BoundedIntText(value=1, min=1, max=1, description="spaces",
                                            style={"description_width": "initial"}, layout=w.Layout(width="10em"))
        self.move_left = w.HTML()
        self.move_box = w.HBox([self.move_which, self.move_spaces, self.move_left, self._button(
            "Move", lambda: self.move_pawn(self.move_which.value, self.move_spaces.value), "make this move",
            "deerbook-choice", choice=True)], layout=w.Layout(flex_flow="row wrap"))
        for box in (self.menu_box, self.move_box):
            box.add_class(PICK_CLASS)
        self.choices = w.HBox([self.pass_button, self.roll_button, self.continue_button, self.new_button,
                               self.choice_row, self.menu_box, self.move_box], layout=w.Layout(flex_flow="row wrap"))
        self.choices.add_class("deerbook-choices")

    def _on_page_pick(self, index: int, spaces: int | None) -> None:
        """Play or Move pressed on the page, with the option its menu and the number its field showed then (the
        controls' own values may still be on their way: `script.TableScript`)."""
        if self.menu_box in self.shown_controls and 0 <= index < len(self.menu.options):
            self._click(lambda: self.play(self.menu.options[index][1]), then_focus=True)
        elif self.move_box in self.shown_controls and 0 <= index < len(self.move_which.options):
            self._click(lambda: self.move_pawn(self.move_which.options[index][1], spaces or 0), then_focus=True)

    def _play_button(self, index: int) -> None:
        """Play the choice on the button at `index` (its tooltip is the action's text)."""
        self.play(self.choice_buttons[index].tooltip)

    @property
    def shown_controls(self) -> tuple[w.Widget, ...]:
        """The choice controls the table shows now (a button, a row of buttons, a menu or the rack's move)."""
        return tuple(box for box in self.choices.children if box.layout.display != HIDDEN)

    def first_control(self) -> w.Widget | None:
        """The control a keyboard lands on after a choice: the first one shown (in a row, its first part shown)."""
        if not self.shown_controls:
            return None
        first = self.shown_controls[0]
        if isinstance(first, w.Box):
            return next(part for part in first.children if part.layout.display != HIDDEN)
        return first

    def _show(self, shown: tuple[w.Widget, ...]) -> None:
        for box in self.choices.children:
            box.layout.display = SHOWN if box in shown else HIDDEN

    def _controls(self) -> tuple[w.Widget, ...]:
        if self.stop == Stop.OVER:
            return (self.new_button,)
        offered = choices(self, self.stop)
        if not offered:
            return ()
        if offered[0].name == ROLL:
            return (self.roll_button,)
        if offered[0].name == NEXT:
            return (self.continue_button,)
        if all(a.kind == "move" for a in self.state.legal_actions()):
            return (self._move_control(offered),)
        return (self._buttons(offered) if len(offered) <= MAX_BUTTONS else self._menu(offered),)

    def _buttons(self, offered) -> w.Widget:
        for i, button in enumerate(self.choice_buttons):
            if i < len(offered):
                button.description, button.tooltip = offered[i].label, offered[i].name
            button.layout.display = SHOWN if i < len(offered) else HIDDEN
        return self.choice_row

    def _menu(self, offered) -> w.Widget:
        self.menu.options = [(choice.label, choice.name) for choice in offered]
        self.menu.value = offered[0].name  # new options leave the menu on none of them
        return self.menu_box

    def _move_control(self, offered) -> w.Widget:
        """A rack's (or Bullseye's) next move as one control: pawn and direction (your own pawn back to start
        with), spaces, Move; it says how many spaces are left after each part."""
        left = cast(Any, self.state).moves_left  # rack and Bullseye moves exist in the deer games only
        self.move_which.options = [(choice.label, choice.name) for choice in offered]
        own_back = f"move player {self.viewer} back"
        self.move_which.value = own_back if any(c.name == own_back for c in offered) else offered[0].name
        self.move_spaces.max = max(left, self.move_spaces.min)
        self.move_spaces.value = left
        self.move_left.value = f"of <b>{left}</b> left"
        return self.move_box

    # -- saving -----------------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the game to a JSON file, all at once (default: a new file in `save_dir` named by game, seed and
        step); loading it continues the game exactly. The path written, or None if it could not be written: the
        note line says why (a save never fails unseen)."""
        try:
            written = write_atomic(path or free_path(self.save_dir, self.save_stem, ".json"), self.save_text(),
                                   "saved game")
        except FileWriteError as exc:
            self.note.value = f"<b>Not saved:</b> {escape(str(exc))}"
            return None
        self.note.value = f"Saved to <code>{escape(str(written))}</code>."
        return written

    def load(self, text: str, source: str = "the file") -> bool:
        """Continue the saved game in `text`; on a bad file say why and change nothing."""
        try:
            self.load_text(text, source)
        except SaveFileError as exc:
            self.note.value = f"<b>Cannot load {escape(source)}:</b> {escape(str(exc))}"
            return False
        self._new_telling()
        self.note.value = f"Loaded {escape(source)}."
        self.help.value = help_html(self)
        self.advance()
        return True

    def _on_upload(self, change) -> None:
        for upload in change["new"]:
            self.load(bytes(upload["content"]).decode("utf-8", errors="replace"), upload["name"])

    # -- display ----------------------------------------------------------------------------------------
    def summary(self) -> str:
        """One line about the table (the plain-text form of the table, never the state)."""
        turn = ("game over" if self.state.is_terminal() else
                f"P{self.viewer} to play" if self.stop in (Stop.DECIDE, Stop.ROLL) else "others to play")
        return f"{self.game.name} table, seed {self.seed_text}, seats {', '.join(self.seats)}: {turn}"

    def snapshot_html(self) -> str:
        """The table drawn for a page without live widgets: status, the viewing seat's table, the log."""
        status = f"<div>{self._status_html()}</div>"
        if self.passing_to is not None:
            return status
        return f"{status}{self._drawing_html()}{self._log_html()}"

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _escape(text: str) -> str:
    """Text safe inside HTML (used by the explorers too)."""
    return escape(text, quote=False)
