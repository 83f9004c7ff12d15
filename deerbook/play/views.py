"""Each game's view and log hooks, found by game name; `draw` shows a seat's table in a notebook.

A game's view module (its registration's `view` hook) offers `render_svg`, `render_text`, `headline`,
`result_text` and `PHASE_WORDS`, and for the tables' words and help `choice_label`, `prompt`, `rule_reference`,
`legend`, `rules_card`, `score_line` (every seat's score in a line), `order_choices` (the order the choices are offered
in) and `split` / `split_moves` (a decision the tables take whole, `Split`, and the engine steps it makes); its
`log` hook offers `step_narration`, `turn_of` (see `deerbook.play.log`) and `rolls_by_itself` (a person's roll
the table makes without waiting). A view may leave any of these out: `Views` falls back to `PlainView`'s.
Standard library only.
"""
from __future__ import annotations

import inspect
from html import escape
from typing import NamedTuple

from .drawing import NARROW, WIDE, Drawing
from ..engine import Game, State
from ..engine.registry import game_hook
from .log import Narration, Turn, in_words, plain_turn


class SplitPart(NamedTuple):
    """One pawn of a split decision: its seat, its name in words, and the signed number it starts at."""

    seat: int
    label: str
    start: int


class Split(NamedTuple):
    """A decision that splits `total` points among the pawns at once (a Deer rack or Bullseye), as the view
    offers it: the prompt and a part per pawn."""

    total: int
    prompt: str
    parts: tuple[SplitPart, ...]


def views_of(game: Game) -> "Views":
    """A game's view and log hooks (`Views`); a game registered without a view gets `PlainView`'s."""
    view = game_hook(game.name, "view")
    return Views(view or PlainView, game_hook(game.name, "log") if view else PlainView)


class Views:
    """A game's view and log modules as one: each hook is the game's own where its module has it, else
    `PlainView`'s (a game's view written before a hook existed still plays at every table)."""

    def __init__(self, view, log):
        self.modules = (view, log, PlainView)

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
    def step_narration(before, action, after) -> Narration:
        """A step in the log: who moved, and to that player the action itself."""
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
    def order_choices(observation: dict, game, legal) -> list:
        """The engine's order."""
        return list(legal)

    @staticmethod
    def split(observation: dict, game, names=None) -> None:
        """No decision is a split."""
        return None

    @staticmethod
    def score_line(observation: dict, game, names=None) -> str:
        """No score line."""
        return ""

    @staticmethod
    def rolls_by_itself(state) -> bool:
        """Every roll of a person's own turn waits for the person."""
        return False

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
    """What seat `player` sees of `state`, drawn (a notebook shows the SVG, laid out for a wide page and for a phone;
    `str()` gives the text twin)."""
    view, observation = views_of(state.game), state.observation(player)
    wide, narrow = (view.svg(observation, state.game, names, width=width) for width in (WIDE, NARROW))
    return Drawing(wide, view.render_text(observation, state.game, names), "" if narrow == wide else narrow)
