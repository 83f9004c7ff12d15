"""Each game's drawn view and per-seat narration, found by game name; `draw` shows a seat's table in a notebook.

A game's view module (its registration's `view` hook) offers `render_svg`, `render_text`, `headline`,
`result_text` and `PHASE_WORDS`; its `events` hook offers `step_event` (see `deerbook.play.narration`). Standard
library only.
"""
from __future__ import annotations

from html import escape

from .drawing import Drawing
from ..engine import Game, State
from ..engine.registry import game_hook
from .narration import Narration, in_words


def views_of(game: Game):
    """(view module, step_event function) of a game; a game registered without a view gets `PlainView`."""
    view = game_hook(game.name, "view")
    if view is None:
        return PlainView, PlainView.step_event
    return view, game_hook(game.name, "events").step_event


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


def draw(state: State, player: int = 0, names=None) -> Drawing:
    """What seat `player` sees of `state`, drawn (a notebook shows the SVG; `str()` gives the text twin)."""
    view, _ = views_of(state.game)
    observation = state.observation(player)
    return Drawing(view.render_svg(observation, state.game, names), view.render_text(observation, state.game, names))
