"""Each game's drawn view and per-seat narration, found by game name; `draw` shows a seat's table in a notebook.

A game's view module (its registration's `view` hook) offers `render_svg`, `render_text`, `headline`,
`result_text` and `PHASE_WORDS`, and for the tables' words and help `choice_label`, `prompt`, `rule_reference`,
`legend` and `rules_card` (a view may leave any of these out: `Views` falls back to `PlainView`'s); its
`events` hook offers `step_event` and `turn_of` (see `deerbook.play.narration`). Standard library only.
"""
from __future__ import annotations

import inspect
from html import escape

from .drawing import Drawing
from ..engine import Game, State
from ..engine.registry import game_hook
from .narration import Narration, Turn, in_words, plain_turn


def views_of(game: Game) -> "Views":
    """A game's view and events hooks (`Views`); a game registered without a view gets `PlainView`'s."""
    view = game_hook(game.name, "view")
    return Views(view or PlainView, game_hook(game.name, "events") if view else PlainView)


class Views:
    """A game's view and events modules as one: each hook is the game's own where its module has it, else
    `PlainView`'s (a game's view written before a hook existed still plays at every table)."""

    def __init__(self, view, events):
        self.modules = (view, events, PlainView)

    def __getattr__(self, name: str):
        for module in self.modules:
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(name)

    def svg(self, observation: dict, game, names=None, width: int | None = None) -> str:
        """The view's drawing, laid out `width` pixels wide where the view takes a width."""
        draw_svg = self.render_svg
        if width is None or "width" not in inspect.signature(draw_svg).parameters:
            return draw_svg(observation, game, names)
        return draw_svg(observation, game, names, width=width)


class PlainView:
    """For a game registered without a drawn view: its observation as text, and a log that tells each
    seat only its own moves in full (others' moves and chance are just noted: the table cannot know
    what they would reveal)."""

    PHASE_WORDS: dict = {}

    @staticmethod
    def render_text(observation: dict, game, names=None) -> str:
        """The observation as one "key: value" line per field."""
        return "\n".join(f"{key}: {value}" for key, value in observation.items())

    @staticmethod
    def render_svg(observation: dict, game, names=None) -> str:
        """The plain text, escaped, in a <pre> block."""
        return f"<pre>{escape(PlainView.render_text(observation, game, names))}</pre>"

    @staticmethod
    def headline(observation: dict, game, names=None) -> str:
        """The game's name."""
        return game.name

    @staticmethod
    def result_text(observation: dict, game, winners, names=None) -> str:
        """The winners in words."""
        return "Winners: " + (", ".join(in_words(f"{{P{p}}}", observation.get("player", -1), names) for p in winners)
                              or "none")

    @staticmethod
    def step_event(before, action, after) -> Narration:
        """A step as an event: who moved, and to that player the action itself."""
        player = before.current_player()
        if player < 0:
            return Narration("chance moved")
        return Narration(f"{{P{player}}} moved", f"{{P{player}}}: {action}", frozenset({player}))

    @staticmethod
    def turn_of(state) -> Turn:
        """Each seat's run of moves is its turn."""
        return plain_turn(state)

    @staticmethod
    def choice_label(observation: dict, game, action, names=None) -> str:
        """The action's own text."""
        return str(action)

    @staticmethod
    def prompt(observation: dict, game, rule: str, legal, names=None) -> str:
        """The rule that governs the decision."""
        return rule

    @staticmethod
    def roll_prompt(observation: dict, game) -> str:
        """Your turn starts with chance."""
        return "roll."

    @staticmethod
    def rule_reference(rule: str) -> None:
        """No link to the book's rulings."""
        return None

    @staticmethod
    def legend(game) -> list:
        """No legend."""
        return []

    @staticmethod
    def rules_card(game) -> tuple[str, str]:
        """No rules card."""
        return "", ""


def draw(state: State, player: int = 0, names=None) -> Drawing:
    """What seat `player` sees of `state`, drawn (a notebook shows the SVG; `str()` gives the text twin)."""
    view = views_of(state.game)
    observation = state.observation(player)
    return Drawing(view.render_svg(observation, state.game, names), view.render_text(observation, state.game, names))
