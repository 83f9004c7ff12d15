"""Play any deerbook game in a notebook: the drawn table, your choices as buttons, the bots one turn at a time.

`GameTable()` is a table for every game and mode: its set-up (the **Set up a game** tool) picks the game and
edition, the players, a person or a bot in each seat, the rule options (advanced rules, solo difficulty), the seed,
the pace and whether a single choice waits for you, as the book page's table does (`play.setup`); press
**Start this game**. `GameTable("deer-cards")` seats you against bots with a fresh seed (shown on the table, so a
game can be replayed); `GameTable(game, ["human", "greedy", "human"], seed=7)` chooses in code. The table shows only
what the seat to play may know: its drawn view (`deer_view` / `football_view`), every seat's score, and a log told
from that seat, in time order with a divider per turn ("P2 drew a card from the Predator pile", never which card;
every card that enters or leaves your own hand). It is a board (`script`): the prompt, scores and choices beside the
drawing where the cell is wide, the log under them; on a phone the choices right above the drawing's phone layout,
the log folded under it; at each decision the dice, your hand and every choice are brought into sight together.
Your own turn starts with a Roll button (a frozen turn's roll
happens by itself); a step with a single legal choice is made for you and logged (unless you ask for them one by
one); a rack's moves are one decision, a number per pawn, starting at the split that helps you most; and after each
bot's turn the table pauses (`bot_delay` seconds, with no button that would show up only to vanish) or waits for
Next turn (`bot_delay=None`): the stepping is `Session.advance`, the same at every table. **Undo** takes back your
last decision in a game against bots, as far back as the last roll or draw, or another player's move (never to
decide again knowing what came after); it is off once the game is over. The choices, prompts, hints, rules card and
legend are the words of `play.table_html`, shared with the book page's table. Between two human seats a "pass to
P2" screen hides the previous hand, and a hot-seat game just loaded starts with that screen (then shows the seat
that plays next, its log told from that seat). Save writes a JSON file (never shown on the table); Load reads one
back, its log too; a file that cannot be loaded is named in a sentence and changes nothing. Once the game is over,
Review grades each person's decision against the reviewer (`widgets.review.ReviewPanel`, with progress and Stop).
Copy link shows the game as a link (`engine.link`) and copies it; a game with hidden hands offers one once it is
over or when every seat is a bot (`Session.why_no_link`, said in the note).

The table plays by keyboard alone: Tab goes through it in its reading order (set-up, status, choices, drawing, tools,
log, help), Enter or Space chooses, and after a choice the keyboard focus lands on the next first choice. The
choice controls are made once and shown or hidden (never replaced), so a focus request always finds its control
drawn. Each new log line is announced to a screen reader through the live region of `script.TableScript`
(`play.table_html.Announcer`: a seat is told only its own log's new lines; the "pass the table" screen tells
nothing), which also keeps the table's keys from JupyterLab's notebook shortcuts and sends what a menu or a split's
fields showed when its button was pressed on the page.

The table displays itself in a cell; where no live widget can run (the static book, a notebook not yet run or
trusted) its mime bundle carries a snapshot of the table as text/html that reads well even where a notebook's HTML
is cleaned of pictures: the status and scores, the drawing as an image, the table as text laid out in a table, the
log.
"""
from __future__ import annotations

import time
from functools import partial
from html import escape
from pathlib import Path
from typing import Any, Callable, Sequence, cast

import ipywidgets as w

from ..engine import DeerbookError, Game, SaveFileError, State
from ..engine.files import FileWriteError, free_path, write_atomic
from ..engine.seeding import Seed
from ..play.drawing import NARROW, WIDE, html_block
from ..play.hints import Hint, hint_function
from ..play.session import Session, Stop
from ..play.setup import (HOT_SEAT, Field, changed, checked, form_of, game_and_seats, hot_seat, hot_seats, players,
                          setup_fields)
from ..play.table_html import (NEXT, ROLL, UNDO_RULE, Announcer, choices, help_html, hints_html, load_problem,
                               log_html, openings, play_split, snapshot_html, split_offered, status_html, undone_words)
from .script import LOG_FOLD, PICK_CLASS, TABLE_CLASS, TableScript
from .snapshot import SnapshotBox
from ..engine.link import LinkError, record_from_link
from ..engine.record import save_of_record
from ..play.session import HUMAN
from .replay import ReplayTable
from .review import ReviewPanel

MAX_BUTTONS = 12
MAX_PAWNS = 8  # a split's number fields (one per pawn)
LOG_TURNS = 60  # the turns the log shows (the newest last)
DELAYS = {"pause": 0.8, "step": None, "quick": 0.0}  # each pace's pause after a bot's turn (None: Next turn)
# A control's layout.display: shown (the style sheet's own display) or hidden. Never None: Pyodide's kernel sends a
# Python None to the page as `undefined`, which leaves the last display in place.
SHOWN, HIDDEN = "", "none"
LOG_BOX = "max-height:16em;overflow:auto;display:flex;flex-direction:column-reverse"  # opens scrolled to the newest
# The board: the prompt, scores and choices (the panel), the drawing, the tools and the log. Laid out by the table's
# style sheet (`script.CSS`): the panel, the tools and the log under them beside the drawing where the cell is wide
# enough, one above the other where it is not, so that what you decide on stays in sight while you decide.
BOARD = w.Layout(width="100%")
FULL_WIDTH = w.Layout(width="auto", max_width="100%")
LABEL = {"description_width": "initial"}


class GameTable(Session):
    """A notebook table for one game at a time; display it (or its `.widget`) in a cell.

    `bot_delay` (seconds) is the pause after each bot's turn while a person is clicking; None waits for the Next
    turn button instead. `one_by_one`: a single legal choice waits for your click too. `rulings_url` links each
    prompt's ruling to the book's rulings page (None: named only)."""

    def __init__(self, game: Game | str = "deer", seats: Sequence[str] | None = None,
                 seed: Seed | str | None = None, state: State | None = None,
                 hint: Callable[[State, int], list[Hint]] | None = None, *, bot_delay: float | None = 0.8,
                 one_by_one: bool = False, save_dir: str | Path = ".", rulings_url: str | None = None):
        super().__init__(game, seats, seed, state)
        self.bot_delay, self.one_by_one = bot_delay, one_by_one
        self.save_dir, self.rulings_url = Path(save_dir), rulings_url
        self.hint_function = hint or hint_function(self.game.name)
        self.hints: list[Hint] = []
        self.passing_to: int | None = None
        self._pass_first = self._hot_seat_resumed()
        self.stop, self._clicked, self._pausing = Stop.OVER, False, False
        self.redraws = 0
        self.announcer = Announcer()
        self._build_widgets()
        self.advance()

    @classmethod
    def from_link(cls, link: str, **options: Any) -> "GameTable | ReplayTable":
        """The game of a link (`engine.link`, or a play page's address with `#game=`): a game in progress at a table
        to play on from where the link left it (its seats, its log told again, fresh randomness; `options` as
        `GameTable` takes them), a finished game to step through (`ReplayTable`). LinkError, one sentence, for a link
        that cannot be opened."""
        record = record_from_link(link)
        end = record.final_state()
        if end.is_terminal():
            return ReplayTable(record)
        try:
            Session(end.game, list(record.seats))  # the seats checked, and the save made, before the table
            save = save_of_record(record)
        except (ValueError, SaveFileError) as exc:
            raise LinkError(f"The link's game cannot be opened at a table here: {exc}.") from None
        table = cls(end.game, [HUMAN] * end.game.num_players, state=end, **options)  # no bot moves before the load
        table.load(save, "the link")
        return table

    @property
    def waiting_for_continue(self) -> bool:
        """Whether the table waits for the Next turn button (a bot's turn has just been shown)."""
        return self.stop == Stop.TURN

    @property
    def pace(self) -> str:
        """The pace of the bots' turns: "pause" (a short pause), "step" (Next turn) or "quick" (no pause)."""
        return "step" if self.bot_delay is None else "quick" if self.bot_delay == 0 else "pause"

    # -- widgets ----------------------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status, self.view, self.log_view, self.hint_view, self.note = (w.HTML() for _ in range(5))
        self.view.add_class("deerbook-drawing")
        self.log_view.add_class("deerbook-log-part")
        self.help = w.HTML(help_html(self))
        self.script = TableScript(on_pick=self._on_page_pick, on_copied=self._on_link_copied)
        self.hint_button = self._button("Hint", self.show_hints, "every legal choice with the advisor's value")
        self.undo_button = self._button("Undo my last decision", self.take_back, UNDO_RULE, choice=True)
        self.pass_button = self._button("Show my table", self._take_seat, "only the named player should look",
                                        "deerbook-pass", choice=True)
        self.continue_button = self._button("Next turn ▸", self.advance, "show the next bot turn", "deerbook-continue",
                                            choice=True)
        self.roll_button = self._button("Roll the dice", self.roll, "your turn starts with a roll", "deerbook-choice",
                                        choice=True)
        self.new_button = self._button("New game", self.new_game, "a fresh game with a new seed", "deerbook-new",
                                       choice=True)
        self.again_button = self._button("Play the same seed again", self.play_again, "the same deal and dice",
                                         "deerbook-new", choice=True)
        self._build_controls()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load a saved game",
                                   tooltip="continue a game saved with Save (a JSON file)")
        self.upload.add_class("deerbook-load")
        self.upload.observe(self._on_upload, names="value")
        self.setup_toggle = w.ToggleButton(description="Set up a game", tooltip="choose the game, the seats and "
                                           "the seed", layout=w.Layout(width="auto"))
        self.setup_toggle.observe(lambda change: self._show_setup(change["new"]), names="value")
        save = self._button("Save", self.save, "write the game to a JSON file")
        link = self._button("Copy link", self.copy_link, "the game as a link: to replay it, or to play on")
        tools = w.HBox([self.hint_button, self.undo_button, save, link, self.upload, self.setup_toggle],
                       layout=w.Layout(flex_flow="row wrap"))
        tools.add_class("deerbook-tools")
        self.setup_form = form_of(self.game, self.seats, self.seed_text, self.pace, self.one_by_one)
        self.setup_box = w.VBox(layout=w.Layout(display=HIDDEN))
        self.setup_box.add_class("deerbook-setup")
        self._draw_setup()
        panel = w.VBox([self.status, self.choices, self.hint_view, self.note])
        panel.add_class("deerbook-panel")
        board = w.Box([panel, self.view, tools, self.log_view], layout=BOARD)
        board.add_class("deerbook-board")
        self.review = ReviewPanel(lambda: (self.record(), self.names))
        self.widget = SnapshotBox(self.snapshot_html, self.summary,
                                  children=[self.setup_box, board, self.review.widget, self.help, self.script])
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
        self.note.value = ""  # a note tells of the last click only
        try:
            action()
        except (DeerbookError, ValueError) as refused:
            self.note.value = f"<b>Not allowed:</b> {escape(str(refused))}"
            self._draw()
        finally:
            self._clicked = False
        if then_focus and (control := self.first_control()) is not None:
            control.focus()

    # -- the set-up -------------------------------------------------------------------------------------
    def _show_setup(self, shown: bool) -> None:
        self.setup_box.layout.display = SHOWN if shown else HIDDEN
        self.note.value = ""  # a note tells of the last action only

    def _draw_setup(self) -> None:
        """The set-up's controls for the form as it is (a new game, player count, seat or rule box redraws them):
        each field, the hot-seat box after the seats (a table of two or more), then Start."""
        controls = [self._setup_control(field) for field in setup_fields(self.setup_form)]
        if players(self.setup_form) > 1:
            box = w.Checkbox(value=hot_seat(self.setup_form), description=HOT_SEAT, indent=False, layout=FULL_WIDTH)
            box.observe(lambda change: self._on_hot_seat(change["new"]), names="value")
            controls.append(box)
        start = self._button("Start this game", self.start_game, "a new game as set up here", "deerbook-start",
                             choice=True)
        self.setup_box.children = [w.HBox(controls, layout=w.Layout(flex_flow="row wrap")), start]

    def _on_hot_seat(self, on: bool) -> None:
        """The hot-seat box: a person in every seat, or you against the default bot in every other seat."""
        self.setup_form = {**self.setup_form, **hot_seats(self.setup_form, on)}
        self.note.value = ""
        self._draw_setup()

    def _setup_control(self, field: Field) -> w.Widget:
        """One field of the set-up as a control; a change updates the form (and redraws or applies at once)."""
        if field.kind == "check":
            control: w.Widget = w.Checkbox(value=bool(field.value), description=field.label, indent=False,
                                           layout=FULL_WIDTH)
        elif field.kind == "text":
            control = w.Text(value=str(field.value), description=field.label, placeholder="blank: a new deal",
                             style=LABEL, layout=w.Layout(width="14em"))
        else:
            titles = dict(field.titles)
            control = w.Dropdown(options=[(words, value) for value, words in field.options], value=str(field.value),
                                 description=field.label, style=LABEL, layout=FULL_WIDTH,
                                 tooltip=" / ".join(f"{words}: {titles[value]}" for value, words in field.options
                                                    if value in titles))
        control.observe(partial(self._on_setup_change, field), names="value")
        about = dict(field.about).get(str(field.value), "")
        if not about:
            return control
        return w.HBox([control, w.HTML(f'<small class="deerbook-about">{escape(about)}</small>')],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))

    def _on_setup_change(self, field: Field, change: dict) -> None:
        self.note.value = ""  # a note tells of the last action only
        self.setup_form = changed(self.setup_form, {field.name: change["new"]}, field.name)
        if field.name == "pace":
            self.bot_delay = DELAYS[change["new"]]
        elif field.name == "one_by_one":
            self.one_by_one = checked(change["new"])
        elif field.redraw:
            self._draw_setup()

    def start_game(self) -> None:
        """A new game as the set-up says (game, players, seats, rule options, seed); a bad seed is refused in the
        note line and changes nothing."""
        game, seats, seed = game_and_seats(self.setup_form)
        self.reseat(game, seats, seed)
        self.setup_toggle.value = False  # the set-up folds: the new game in sight
        self._after_new_game()

    # -- playing ----------------------------------------------------------------------------------------
    def advance(self) -> Stop:
        """Let chance and bots move, one turn at a time, until a person must decide or roll or the game ends;
        after each bot turn pause `bot_delay` seconds (while a person is clicking: no choice is offered meanwhile)
        or wait for Next turn."""
        while True:
            self.stop = super().advance()
            if self.stop != Stop.TURN or self.bot_delay is None:
                break
            if self.bot_delay > 0 and self._clicked:
                self._pausing = True
                try:
                    self._draw()
                    time.sleep(self.bot_delay)
                finally:
                    self._pausing = False
        self._draw()
        return self.stop

    def play(self, text: str) -> None:
        """The person to move plays the legal action that reads `text`; then the table moves on."""
        self.choose(text)
        self.advance()

    def split(self, amounts: Sequence[int], opening: str = "") -> None:
        """The person's whole rack (or Bullseye) split, one signed number per pawn (your own first), with the choice
        that opens it if any (`opening`: the rack played, `play.table_html.openings`); then the table moves on."""
        play_split(self, amounts, opening)
        self.advance()

    def roll(self) -> None:
        """The person whose turn starts now rolls; then the table moves on."""
        super().roll()
        self.advance()

    def take_back(self) -> str:
        """Undo: take back your last decision since the last roll or draw, or another player's move (the position, the
        log and the random streams as they were); what the table says of it."""
        words = undone_words(self.undo())
        self.advance()
        self.note.value = escape(words)
        self.script.tell([words])
        return words

    def new_game(self) -> None:
        """A fresh game at the same seats with a new seed."""
        self.restart()
        self._after_new_game()

    def play_again(self) -> None:
        """The same seed once more: the same deal and dice (as long as the same choices are made)."""
        self.restart(self.seed)
        self._after_new_game()

    def _after_new_game(self) -> None:
        self.passing_to = None  # a new game: no pass screen of the last one stays up
        self.review.clear()  # nor the last game's review
        self._new_telling()
        self.note.value = ""
        self.help.value = help_html(self)
        self.hint_function = hint_function(self.game.name)
        self.setup_form = form_of(self.game, self.seats, self.seed_text, self.pace, self.one_by_one)
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
        self.hint_button.layout.display = SHOWN if self.hint_function else HIDDEN
        self.hint_button.disabled = hidden or self.stop != Stop.DECIDE or self._pausing
        self.undo_button.layout.display = SHOWN if len(self.humans()) == 1 and self.stop != Stop.OVER else HIDDEN
        self.undo_button.disabled = hidden or self._pausing or not self.can_undo()
        self.pass_button.description = f"I am P{self.passing_to}: show my table" if hidden else ""
        self.review.widget.layout.display = SHOWN if self.stop == Stop.OVER and not hidden else HIDDEN
        if hidden:
            self.script.clear()  # nothing the last seat was told stays in the page
        else:
            self.script.tell(self.announcer.news(self))
        self.status.value = self._status_html() + (  # for timing in a browser: which redraw, bots' share
            f'<span class="deerbook-redraw" data-redraw="{self.redraws}" '
            f'data-bots-ms="{1000 * self.bot_seconds:.1f}"></span>')

    def _choose_viewer(self) -> None:
        """The person to move (or roll) sees the table; a different person first gets the 'pass to' screen, and so
        does the first person at a hot-seat game just loaded (whoever sits there: `load`)."""
        person = self.person_to_move() if self.stop == Stop.DECIDE else self.roller()
        if self._pass_first and self.passing_to is None:
            self.passing_to = self.viewer if person is None else person
        elif person is not None and person != self.viewer and self.passing_to is None:
            self.passing_to = person
        self._pass_first = False

    def _hot_seat_resumed(self) -> bool:
        """Whether this is a game continued at a table of several people: the pass screen comes first, whoever
        plays."""
        return self.resumed and len(self.humans()) > 1

    def _take_seat(self) -> None:
        self.viewer, self.passing_to = cast(int, self.passing_to), None  # called only while passing
        self._draw()

    def _status_html(self) -> str:
        if self.passing_to is not None:
            return f"<b>Pass the table to P{self.passing_to}.</b> The other players look away."
        return status_html(self, self.stop, self.rulings_url)

    def _log_html(self, opened: bool = False) -> str:
        """The log in a box that scrolls, reachable by Tab so that a keyboard can scroll it, inside a disclosure
        (`LOG_FOLD`): the table's script opens it where the log sits beside the drawing, folds it on a phone, and
        keeps it as the person left it (`opened`: open from the start, for a page without the script)."""
        return (f'<details class="{LOG_FOLD}"{" open" * opened}><summary>The log</summary>'
                f'<div class="deerbook-logbox" tabindex="0" role="region" aria-label="Log" style="{LOG_BOX}">'
                f'{log_html(self, LOG_TURNS)}</div></details>')

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
        self.menu = w.Dropdown(description="Choose", style=LABEL, layout=FULL_WIDTH)
        self.menu_box = w.HBox([self.menu, self._button("Play", lambda: self.play(self.menu.value),
                                                        "play the chosen move", "deerbook-choice", choice=True)],
                               layout=w.Layout(flex_flow="row wrap"))
        self.split_fields = [w.BoundedIntText(description="", style=LABEL, layout=w.Layout(width="auto"))
                             for _ in range(MAX_PAWNS)]
        self.split_button = self._button("", lambda: self.split([f.value for f in self.shown_split_fields],
                                                                self._split_opening),
                                         "move every pawn as set here", "deerbook-choice", choice=True)
        self._split_opening = ""  # the choice the split is made with (a rack played), or ""
        self.split_box = w.HBox([*self.split_fields, self.split_button], layout=w.Layout(flex_flow="row wrap"))
        self._split_for: State | None = None  # the position the split's numbers were set for
        for box in (self.menu_box, self.split_box):
            box.add_class(PICK_CLASS)
        self.choices = w.HBox([self.pass_button, self.roll_button, self.continue_button, self.new_button,
                               self.again_button, self.split_box, self.choice_row, self.menu_box],
                              layout=w.Layout(flex_flow="row wrap"))
        self.choices.add_class("deerbook-choices")

    @property
    def shown_split_fields(self) -> list[w.BoundedIntText]:
        """The split's number fields shown now, one per pawn (your own first)."""
        return [field for field in self.split_fields if field.layout.display != HIDDEN]

    def _on_page_pick(self, index: int, amounts: list[int]) -> None:
        """Play or a split's button pressed on the page, with the option its menu and the numbers its fields showed
        then (the controls' own values may still be on their way: `script.TableScript`)."""
        if self.menu_box in self.shown_controls and 0 <= index < len(self.menu.options):
            self._click(lambda: self.play(self.menu.options[index][1]), then_focus=True)
        elif self.split_box in self.shown_controls:
            self._click(lambda: self.split(amounts, self._split_opening), then_focus=True)

    def _play_button(self, index: int) -> None:
        """Play the choice on the button at `index` (its tooltip is the action's text)."""
        self.play(self.choice_buttons[index].tooltip)

    @property
    def shown_controls(self) -> tuple[w.Widget, ...]:
        """The choice controls the table shows now (a button, a row of buttons, a menu or a split)."""
        return tuple(box for box in self.choices.children if box.layout.display != HIDDEN)

    def first_control(self) -> w.Widget | None:
        """The control a keyboard lands on after a choice: the first one shown (in a row, its first part shown; in
        a split, its button, which makes the split it starts at)."""
        if not self.shown_controls:
            return None
        first = self.shown_controls[0]
        if first is self.split_box:
            return self.split_button
        if isinstance(first, w.Box):
            return next(part for part in first.children if part.layout.display != HIDDEN)
        return first

    def _show(self, shown: tuple[w.Widget, ...]) -> None:
        for box in self.choices.children:
            box.layout.display = SHOWN if box in shown else HIDDEN

    def _controls(self) -> tuple[w.Widget, ...]:
        if self.stop == Stop.OVER:
            return self.new_button, self.again_button
        if self._pausing:
            return ()
        offered = split_offered(self, self.stop)
        if offered is not None:
            return (self._split_control(offered),)
        opened = openings(self, self.stop)
        if opened:  # a rack: played and split in one form, the other choices ("No rack") beside it
            rest = [choice for choice in choices(self, self.stop) if choice.name != opened[0].choice.name]
            return self._split_control(opened[0].split, *opened[0].choice), self._buttons(rest)
        offered_choices = choices(self, self.stop)
        if not offered_choices:
            return ()
        if offered_choices[0].name == ROLL:
            return (self.roll_button,)
        if offered_choices[0].name == NEXT:
            return (self.continue_button,)
        return (self._buttons(offered_choices) if len(offered_choices) <= MAX_BUTTONS
                else self._menu(offered_choices),)

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

    def _split_control(self, offered, opening: str = "", label: str = "") -> w.Widget:
        """A rack's (or Bullseye's) moves as one control: a number per pawn, starting at the split that helps the
        person most (a redraw of the same decision, after a refusal, keeps the numbers typed), and the button that
        makes them; `opening` (and its `label`): the choice made with them (a rack played)."""
        fresh, self._split_for = self._split_for is not self.state, self.state
        self._split_opening = opening
        for i, field in enumerate(self.split_fields):
            if i < len(offered.parts) and fresh:
                part = offered.parts[i]
                field.min, field.max = -offered.total, offered.total
                field.description, field.value = part.label, part.start
            field.layout.display = SHOWN if i < len(offered.parts) else HIDDEN
        self.split_button.description = f"{label}: move the pawns" if opening else \
            f"Move the pawns ({offered.total} spaces)"  # the rack played is named on its button
        return self.split_box

    # -- saving -----------------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the game to a JSON file, all at once (default: a new file in `save_dir` named by game, seed and
        step); loading it continues the game exactly. The path written, or None if it could not be written: the
        note line says why (a save never fails unseen)."""
        try:
            written = write_atomic(path or free_path(self.save_dir, self.save_stem, ".json"), self.save_text(),
                                   "saved game")
        except (FileWriteError, SaveFileError) as exc:  # no folder took it, or the game cannot be written
            self.note.value = f"<b>Not saved:</b> {escape(str(exc))}"
            return None
        self.note.value = f"Saved to <code>{escape(str(written))}</code>."
        return written

    def copy_link(self) -> str:
        """Show the game's link in the note, ready to select, and copy it to the clipboard in the page; or say why
        the table offers none now (`Session.why_no_link`). The link, or ""."""
        why = self.why_no_link()
        if why:
            self.note.value = f"<b>No link to this game now:</b> {escape(why)}."
            return ""
        link = self.link()
        self.note.value = link_note(link, "")
        self.script.copy(link)
        return link

    def _on_link_copied(self, done: bool) -> None:
        if self.script.link and self.script.link in self.note.value:  # the note still shows that link
            self.note.value = link_note(self.script.link, "Copied to the clipboard. " if done else
                                        "The browser did not let the table copy it: select it and copy. ")

    def load(self, text: str, source: str = "the file") -> bool:
        """Continue the saved game in `text`, its log told again (from the seat that plays next; at a hot-seat table
        after the pass screen); on a bad file say why in a sentence about the file or the game, and change
        nothing."""
        try:
            self.load_text(text, source)
        except SaveFileError as exc:
            self.note.value = f"<b>Not loaded:</b> {escape(load_problem(exc, source))}"
            return False
        self.passing_to, self._pass_first = None, self._hot_seat_resumed()
        self._new_telling()
        self.note.value = f"Loaded {escape(source)}."
        self.help.value = help_html(self)
        self.hint_function = hint_function(self.game.name)
        self.setup_form = form_of(self.game, self.seats, self.seed_text, self.pace, self.one_by_one)
        self._draw_setup()
        self.advance()
        return True

    def _on_upload(self, change) -> None:
        uploads = change["new"]
        if not uploads:
            return
        self.note.value = ""
        for upload in uploads:
            self.load(bytes(upload["content"]).decode("utf-8", errors="replace"), upload["name"])
        self.upload.value = ()  # the Load button counts no file: each load is done with, loaded or not

    # -- display ----------------------------------------------------------------------------------------
    def summary(self) -> str:
        """One line about the table (the plain-text form of the table, never the state)."""
        turn = ("game over" if self.state.is_terminal() else
                f"P{self.viewer} to play" if self.stop in (Stop.DECIDE, Stop.ROLL) else "others to play")
        return f"{self.game.name} table, seed {self.seed_text}, seats {', '.join(self.seats)}: {turn}"

    def snapshot_html(self) -> str:
        """The table for a page without live widgets: status and scores, the drawing as an image, the table as
        text in a table, the log (each part readable where the page's HTML is cleaned of pictures)."""
        return snapshot_html(self, self.stop, self.passing_to, self._status_html(), self._log_html(opened=True))

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)


def _escape(text: str) -> str:
    """Text safe inside HTML (used by the explorers too)."""
    return escape(text, quote=False)


def link_note(link: str, said: str) -> str:
    """The note showing a game's link in a field to select and copy (what opens it: `GameTable.from_link`,
    `deerbook replay`, the book's play page after `#game=`), after `said` (whether it was copied)."""
    return (f'{escape(said)}<label>The game as a link ({len(link):,} characters; open it with '
            f'<code>GameTable.from_link</code>, <code>deerbook replay</code> or the play page): '
            f'<input class="deerbook-link" readonly value="{escape(link)}" style="width:100%"></label>')
