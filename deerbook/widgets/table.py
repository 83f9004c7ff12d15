"""Play any deerbook game in a notebook: people click, bots and dice move by themselves.

`GameTable(game, seats=["human", "greedy", ...], seed=7)` shows what the person to
move may see (their observation, never other hands), their legal actions as
buttons (a menu when there are many), and a log. Chance is drawn from a seeded
Generator, so a table replays the same dice for the same clicks.

A game with a hint function (`hints.HINTS`, or the `hint` argument: `(state, player) ->
[Hint(action text, value, label), ...]`, best first) gets a Hint button for the person to move.
"""
from __future__ import annotations

import json
from typing import Callable, Sequence

import ipywidgets as w
import numpy as np

from ..engine import RuleViolation, SaveFileError, State, state_from_json, state_to_json
from ..engine.runner import as_generator, sample_outcome
from .hints import Hint, format_hints, hint_function

HUMAN = "human"
MAX_BUTTONS = 12


def describe(observation: dict) -> str:
    """An observation as aligned 'key: value' lines."""
    width = max((len(k) for k in observation), default=0)
    return "\n".join(f"{k:<{width}} : {json.dumps(v) if isinstance(v, (dict, list)) else v}"
                     for k, v in observation.items())


class GameTable:
    """A notebook table for one game; `.widget` is the ipywidgets box to display."""

    def __init__(self, game, seats: Sequence[str], seed: int | np.random.Generator, state: State | None = None,
                 hint: Callable[[State, int], list[Hint]] | None = None):
        if len(seats) != game.num_players:
            raise ValueError(f"{game.name} needs {game.num_players} seats, got {len(seats)}")
        catalogue = game.agents()
        for seat in seats:
            if seat != HUMAN and seat not in catalogue:
                raise ValueError(f"seat {seat!r}: use 'human' or one of {sorted(catalogue)}")
        self.game, self.seats = game, list(seats)
        self.rng = as_generator(seed)
        self.agents = {i: catalogue[s]() for i, s in enumerate(seats) if s != HUMAN}
        self.history: list[str] = []
        self.hint_function = hint or hint_function(game.name)
        self.hints: list[Hint] = []
        self.hint_view = w.HTML()
        self.hint_button = w.Button(description="Hint", tooltip="every legal choice with the advisor's value")
        self.hint_button.on_click(lambda _: self.show_hints())
        self.hint_button.layout.display = None if self.hint_function else "none"
        self.status = w.HTML()
        self.view = w.HTML()
        self.choices = w.VBox()
        self.log = w.Textarea(layout=w.Layout(width="100%", height="10em"), disabled=True)
        self.saved = w.Textarea(placeholder="saved game JSON", layout=w.Layout(width="100%", height="4em"))
        save, load = w.Button(description="Save"), w.Button(description="Load")
        save.on_click(lambda _: self._save())
        load.on_click(lambda _: self._load())
        self.widget = w.VBox([self.status, self.view, self.choices, w.HBox([self.hint_button]), self.hint_view, self.log, w.HBox([save, load]), self.saved])
        self.state = game.initial_state() if state is None else state
        self.advance()

    def advance(self) -> None:
        """Let chance and bots move until a person must decide or the game ends; then redraw."""
        while not self.state.is_terminal():
            player = self.state.current_player()
            if self.state.is_chance_node():
                action = sample_outcome(self.state, self.rng)
            elif player in self.agents:
                action = self.agents[player].act(self.state.observation(player), self.state.legal_actions(), self.rng)
            else:
                break
            self._record(player, action)
            self.state = self.state.apply(action)
        self._draw()

    def play(self, text: str) -> None:
        """The person to move plays the legal action that reads `text`."""
        action = self.state.find_action(text)
        self._record(self.state.current_player(), action)
        self.state = self.state.apply(action)
        self.advance()

    def show_hints(self) -> None:
        """Show the person to move every legal choice with the advisor's value, best first."""
        if self.hint_function is None or self.state.is_terminal():
            return
        self.hints = self.hint_function(self.state, self.state.current_player())
        self.hint_view.value = f"<pre>{_escape(format_hints(self.hints))}</pre>"

    def _record(self, player: int, action) -> None:
        who = "chance" if player < 0 else f"P{player} ({self.seats[player]})"
        self.history.append(f"{who}: {action}")
        self.log.value = "\n".join(self.history[-200:])

    def _draw(self) -> None:
        self.hints, self.hint_view.value = [], ""
        self.hint_button.disabled = self.state.is_terminal()
        if self.state.is_terminal():
            self.status.value = f"<b>Game over.</b> Returns: {list(self.state.returns())}"
            self.view.value = f"<pre>{_escape(str(self.state))}</pre>"
            self.choices.children = ()
            return
        player = self.state.current_player()
        self.status.value = f"<b>P{player} to move</b> — {_escape(self.state.rule())}"
        self.view.value = f"<pre>{_escape(describe(self.state.observation(player)))}</pre>"
        texts = [str(a) for a in self.state.legal_actions()]
        self.choices.children = (self._buttons(texts) if len(texts) <= MAX_BUTTONS else self._menu(texts),)

    def _buttons(self, texts: list[str]) -> w.Widget:
        buttons = [w.Button(description=t, tooltip=t, layout=w.Layout(width="auto")) for t in texts]
        for button in buttons:
            button.on_click(lambda b: self.play(b.description))
        return w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))

    def _menu(self, texts: list[str]) -> w.Widget:
        menu = w.Dropdown(options=texts)
        go = w.Button(description="Play")
        go.on_click(lambda _: self.play(menu.value))
        return w.HBox([menu, go])

    def _save(self) -> None:
        self.saved.value = state_to_json(self.state)

    def _load(self) -> None:
        try:
            self.state = state_from_json(self.saved.value)
        except (SaveFileError, RuleViolation) as exc:
            self.status.value = f"<b>Cannot load:</b> {_escape(str(exc))}"
            return
        self.advance()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
