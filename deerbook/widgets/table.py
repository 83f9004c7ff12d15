"""Play any deerbook game in a notebook: the drawn table, your choices as buttons, bots one move at a time.

`GameTable("deer-cards")` seats you against bots with a fresh seed (shown on the table, so a game can be
replayed); `GameTable(game, ["human", "greedy", "human"], seed=7)` chooses. The table shows only what the
seat to play may know: its drawn view (`deer.view` / `football.view`) and a log told from that seat
(`events`: "P2 drew a card from the Predator pile", never which card). Between two human seats a
"pass to P2" screen hides the previous hand. Chance comes from a seeded Generator, so the same seed and
clicks replay the same game. Save writes a JSON file (never shown on the table); Load reads one back.

The table displays itself in a cell; where no live widget can run (the static book) its mime bundle
carries a drawn snapshot of the table as text/html.
"""
from __future__ import annotations

import time
from html import escape
from pathlib import Path
from typing import Any, Callable, Sequence, cast

import ipywidgets as w

from ..play.drawing import html_block
from ..engine import DeerbookError, Game, SaveFileError, State
from ..engine.seeding import Seed
from ..play.narration import in_words
from ..play.session import Session
from ..play.hints import Hint, format_hints, hint_function
from .snapshot import SnapshotBox

MAX_BUTTONS = 12
LOG_LINES = 200


class GameTable(Session):
    """A notebook table for one game; display it (or its `.widget`) in a cell.

    `bot_delay` (seconds) paces the bots' replies to a person's click, one visible move at a time;
    None waits for the Continue button instead."""

    def __init__(self, game: Game | str = "deer", seats: Sequence[str] | None = None,
                 seed: Seed | str | None = None, state: State | None = None,
                 hint: Callable[[State, int], list[Hint]] | None = None, *, bot_delay: float | None = 0.6,
                 auto_single: bool = True, save_dir: str | Path = "."):
        super().__init__(game, seats, seed, state, auto_single=auto_single)
        self.bot_delay, self.save_dir = bot_delay, Path(save_dir)
        self.hint_function = hint or hint_function(self.game.name)
        self.hints: list[Hint] = []
        self.passing_to: int | None = None
        self.waiting_for_continue = self._clicked = False
        self.redraws = 0
        self._build_widgets()
        self.advance()

    # -- widgets ----------------------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status, self.view, self.log, self.hint_view, self.note = w.HTML(), w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self.choices = w.VBox()
        self._build_controls()
        self.hint_button = self._button("Hint", self.show_hints, "every legal choice with the advisor's value")
        self.hint_button.layout.display = None if self.hint_function else "none"
        self.continue_button = self._button("Continue", self.advance, "show the next move", "deerbook-continue")
        self.pass_button = self._button("Show my table", self._take_seat, "only the named player should look",
                                        "deerbook-pass")
        self.new_button = self._button("New game", self.new_game, "a fresh game with a new seed", "deerbook-new")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load")
        self.upload.observe(self._on_upload, names="value")
        self.auto_box = w.Checkbox(value=self.auto_single, description="play single choices by themselves",
                                   indent=False)
        self.auto_box.observe(lambda change: setattr(self, "auto_single", change["new"]), names="value")
        tools = w.HBox([self.hint_button, self._button("Save", self.save, "write the game to a JSON file"),
                        self.upload, self.new_button, self.auto_box])
        self.widget = SnapshotBox(self.snapshot_html, self.summary,
                                  children=[self.status, self.view, self.choices, self.continue_button,
                                            self.pass_button, self.hint_view, tools, self.note, self.log])

    def _button(self, text: str, action: Callable[[], object], tooltip: str, css: str = "deerbook-tool") -> w.Button:
        button = w.Button(description=text, tooltip=tooltip, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _: self._click(action))
        return button

    def _click(self, action: Callable[[], object]) -> None:
        """Run a person's click; bots' replies are shown one at a time only then (see `_pause`). A move the
        rules refuse is named in the note line (a click handler's exception would vanish unseen)."""
        self._clicked = True
        try:
            action()
        except DeerbookError as refused:
            self.note.value = f"<b>Not allowed:</b> {escape(str(refused))}"
            self._draw()
        finally:
            self._clicked = False

    # -- playing ----------------------------------------------------------------------------------------
    def advance(self) -> None:
        """Let chance and bots move until a person must decide or the game ends; then redraw."""
        self.waiting_for_continue = False
        self.run(after_bot_move=self._pause)
        self._draw()

    def _pause(self) -> bool:
        """After a bot's move the viewer can see: wait (bot_delay seconds, only while a person is clicking at
        a displayed table) or stop for the Continue button."""
        if self.bot_delay is None:
            self.waiting_for_continue = True  # `advance` draws the table with the Continue button
            return True
        if self.bot_delay > 0 and self._clicked:
            self._draw()
            time.sleep(self.bot_delay)
        return False

    def play(self, text: str) -> None:
        """The person to move plays the legal action that reads `text`; then bots and chance move."""
        self.choose(text)
        self.advance()

    def move_pawn(self, move_text: str, spaces: int) -> None:
        """A rack or Bullseye move as one choice: the pawn and direction, then the number of spaces."""
        self.choose(move_text)
        self.choose(f"{spaces} space{'s' * (spaces > 1)}")
        self.advance()

    def new_game(self) -> None:
        """A fresh game at the same seats with a new seed."""
        self.restart()
        self.note.value = ""
        self.advance()

    def show_hints(self) -> None:
        """Show the person to move every legal choice with the advisor's value, best first."""
        if self.hint_function is None or self.state.is_terminal() or self.state.is_chance_node():
            return
        self.hints = self.hint_function(self.state, self.state.current_player())
        self.hint_view.value = f"<pre>{escape(format_hints(self.hints))}</pre>"

    # -- the log and the view ---------------------------------------------------------------------------
    def _draw(self) -> None:
        """Redraw the table for the viewing seat (the status, with its redraw count, is written last)."""
        self.redraws += 1
        self.hints, self.hint_view.value = [], ""
        self._choose_viewer()
        hidden = self.passing_to is not None
        observation = self.state.observation(self.viewer)
        self.view.value = "" if hidden else html_block(self.view_module.render_svg(observation, self.game, self.names))
        self.log.value = "" if hidden else self._log_html()  # the log tells the last seat's secrets too
        human_turn = self.person_to_move() is not None and not hidden and not self.waiting_for_continue
        self.choices.children = (self._controls(),) if human_turn else ()
        self.hint_button.disabled = not human_turn
        self.continue_button.layout.display = None if self.waiting_for_continue else "none"
        self.pass_button.layout.display = None if hidden else "none"
        self.pass_button.description = f"I am P{self.passing_to}: show my table" if hidden else ""
        self.new_button.layout.display = None if self.state.is_terminal() else "none"
        self.status.value = self._status_html() + (  # for timing in a browser: which redraw, bots' share
            f'<span class="deerbook-redraw" data-redraw="{self.redraws}" '
            f'data-bots-ms="{1000 * self.bot_seconds:.1f}"></span>')

    def _choose_viewer(self) -> None:
        """The person to move sees the table; a different person first gets the 'pass to' screen."""
        person = self.person_to_move()
        if person is not None and person != self.viewer and self.passing_to is None:
            self.passing_to = person

    def _take_seat(self) -> None:
        self.viewer, self.passing_to = cast(int, self.passing_to), None  # called only while passing
        self._draw()

    def _status_html(self) -> str:
        if self.state.is_terminal():
            return f"<b>Game over.</b> {escape(self.result())}"
        if self.passing_to is not None:
            return f"<b>Pass the table to P{self.passing_to}.</b> The other players look away."
        if self.person_to_move() == self.viewer and not self.waiting_for_continue:
            doing = self.view_module.PHASE_WORDS.get(getattr(self.state, "phase", None), "your choice")
            todo = (f"<b>Your move, P{self.viewer}</b> — {escape(doing)}: choose below."
                    f"<br><small>{escape(self.state.rule())}</small>")
        else:
            todo = "<b>The bots are playing.</b>" + " Press Continue for the next move." * self.waiting_for_continue
        return f"{todo}<br><small>Seed {self.seed_text} · seats: {escape(', '.join(self._seat_words()))}</small>"

    def _seat_words(self) -> list[str]:
        """Each seat as the viewer reads it: "You (P0)", and each other with its bot's strength, "P1 (search,
        strong)"."""
        return [in_words(f"{{P{p}}}", self.viewer, [self._with_strength(q) for q in range(len(self.seats))])
                + f" (P{p})" * (p == self.viewer) for p in range(len(self.seats))]

    def _with_strength(self, seat: int) -> str:
        strength = self.strength(seat)
        return f"{self.seats[seat]}, {strength}" if strength else self.seats[seat]

    def _log_html(self) -> str:
        lines = self.history[-LOG_LINES:][::-1]  # newest on top
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        return (f'<div style="max-height:14em;overflow:auto">'
                f'<ol class="deerbook-log" reversed style="margin:0">{items}</ol></div>')

    def _build_controls(self) -> None:
        """The choice controls are made once and reused (a redraw sends new labels, not new widgets)."""
        self.choice_buttons: list[w.Button] = []
        self.choice_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.menu = w.Dropdown()
        self.menu_box = w.HBox([self.menu, self._button("Play", lambda: self.play(self.menu.value),
                                                        "play the chosen move", "deerbook-choice")])
        self.move_which = w.Dropdown(description="Move")
        self.move_spaces = w.BoundedIntText(value=1, min=1, max=1)
        self.move_box = w.HBox([self.move_which, self.move_spaces, self._button(
            "Move", lambda: self.move_pawn(self.move_which.value, self.move_spaces.value), "make this move",
            "deerbook-choice")])

    def _controls(self) -> w.Widget:
        legal = self.state.legal_actions()
        texts = [str(a) for a in legal]
        if all(a.kind == "move" for a in legal):
            return self._move_control(texts)
        return self._buttons(texts) if len(texts) <= MAX_BUTTONS else self._menu(texts)

    def _buttons(self, texts: list[str]) -> w.Widget:
        while len(self.choice_buttons) < len(texts):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("deerbook-choice")
            button.on_click(lambda b: self._click(lambda: self.play(b.description)))
            self.choice_buttons.append(button)
        for button, text in zip(self.choice_buttons, texts):
            button.description = button.tooltip = text
        self.choice_row.children = tuple(self.choice_buttons[:len(texts)])
        return self.choice_row

    def _menu(self, texts: list[str]) -> w.Widget:
        self.menu.options = texts
        return self.menu_box

    def _move_control(self, texts: list[str]) -> w.Widget:
        """A rack's (or Bullseye's) next move as one control: pawn and direction, spaces, Move."""
        left = cast(Any, self.state).moves_left  # rack and Bullseye moves exist in the deer games only
        self.move_which.options = texts
        self.move_spaces.max = max(left, self.move_spaces.min)
        self.move_spaces.value = left
        self.move_spaces.description = f"spaces (of {left})"
        return self.move_box

    # -- saving -----------------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path:
        """Write the game to a JSON file (default: in `save_dir`, named by game, seed and step)."""
        path = (Path(path) if path
                else self.save_dir / f"deerbook-{self.game.name}-seed{self.seed_text.replace('/', '-')}"
                                     f"-{len(self.events)}.json")
        path.write_text(self.save_text())
        self.note.value = f"Saved to <code>{escape(str(path))}</code>."
        return path

    def load(self, text: str, source: str = "the file") -> bool:
        """Continue the saved game in `text`; on a bad file say why and change nothing."""
        try:
            self.load_text(text, source)
        except SaveFileError as exc:
            self.note.value = f"<b>Cannot load {escape(source)}:</b> {escape(str(exc))}"
            return False
        self.note.value = f"Loaded {escape(source)}."
        self.advance()
        return True

    def _on_upload(self, change) -> None:
        for upload in change["new"]:
            self.load(bytes(upload["content"]).decode("utf-8", errors="replace"), upload["name"])

    # -- display ----------------------------------------------------------------------------------------
    def summary(self) -> str:
        """One line about the table (the plain-text form of the table, never the state)."""
        turn = ("game over" if self.state.is_terminal() else
                f"P{self.viewer} to play" if self.person_to_move() == self.viewer else "others to play")
        return f"{self.game.name} table, seed {self.seed_text}, seats {', '.join(self.seats)}: {turn}"

    def snapshot_html(self) -> str:
        """The table drawn for a page without live widgets: status, the viewing seat's table, the log."""
        status = f"<div>{self._status_html()}</div>"
        if self.passing_to is not None:
            return status
        observation = self.state.observation(self.viewer)
        svg = self.view_module.render_svg(observation, self.game, self.names)
        text = self.view_module.render_text(observation, self.game, self.names)
        return f"{status}{html_block(svg, text)}{self._log_html()}"

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _escape(text: str) -> str:
    """Text safe inside HTML (used by the explorers too)."""
    return escape(text, quote=False)
