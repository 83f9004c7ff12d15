"""Odds explorers: pick a position with a few controls and see its exact odds as a chart.

Each explorer is a class with `.widget` (the controls, a summary line and the chart) and `update()`,
which recomputes from the controls (it also runs whenever a control changes). After `update()`,
`.figure` is the Plotly figure shown (in the book's chart style) and `.summary` the exact figures, so code and
tests can read what is displayed without a browser. A bad input is reported in words under the controls.

- `DeerExplorer`: an edition and a hand ("3 3 7 Fox Joker", card names in any case); the exact distribution of
  points shed in the turn that starts now (greedy play, `bots.deer_advisor.turn_distribution`) and the chance the
  hand empties. The other hands hold `others` cards each, dealt from the unseen cards with the `deal seed`.
- `FootballExplorer`: a track, the marker's yard line and the box of the track the next die checks, numbered from
  1 as the play sheet is drawn (`analysis.football_odds.box_gain`); the exact yards of that die, Defense Die
  rolled, and the chances of a touchdown and of an incomplete pass.
"""
from __future__ import annotations

import json

import ipywidgets as w
import plotly.graph_objects as go

from ..analysis.deer_odds import edition
from ..analysis.football_odds import FIELD_POSITIONS, box_gain, default_game
from ..analysis.numbers import chance, decimal
from ..bots.deer_advisor import position_for_hand, turn_distribution, turn_summary
from ..charts.deer_odds import EDITION_LABELS, EDITIONS, turn_figure
from ..charts.football_odds import fraction_bar
from ..charts.football_sheet import TRACK_KINDS
from ..charts.theme import LIGHT
from ..engine import ComponentError, RuleViolation, SaveFileError
from ..engine.seeding import stream
from ..football.sheet import TRACKS
from .snapshot import SnapshotBox
from .table import _escape

#: How the explorers name their exact figures, in the summary line.
DEER_FIGURES = {"shed": "points shed", "received": "points received", "net": "net points shed",
                "goes_out": "hand empties"}
FOOTBALL_FIGURES = {"expected yards": "expected yards", "touchdown": "touchdown", "incomplete": "incomplete pass"}
CHANCES = ("goes_out", "touchdown", "incomplete")


def figure_output(figure: go.Figure) -> dict:
    """A figure as an Output widget's display item (set as widget state: it prints nothing in the cell)."""
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.plotly.v1+json": json.loads(figure.to_json()), "text/plain": "Figure"}}


def summary_words(summary: dict, names: dict[str, str]) -> str:
    """The exact figures in words: chances as percentages, means as decimals."""
    return ", ".join(f"{names.get(key, key)} {chance(value) if key in CHANCES else decimal(value)}"
                     for key, value in summary.items())


def hand_cards(game, text: str) -> list[str]:
    """The card names typed in `text` (any case, separated by spaces or commas), as the edition names them."""
    names = {name.lower(): name for name in game.components.kind_index}
    typed = text.replace(",", " ").split()
    if not typed:
        raise ValueError("the hand is empty: type card names, for example 3 3 7 Fox Joker")
    unknown = [card for card in typed if card.lower() not in names]
    if unknown:
        listed = ", ".join(game.components.kind_index)
        raise ValueError(f"{' and '.join(dict.fromkeys(unknown))} is not a card of the "
                         f"{EDITION_LABELS.get(game.name, game.name)}; its cards are {listed}")
    return [names[card.lower()] for card in typed]


class Explorer:
    """Controls on top, then a summary line and the chart; subclasses compute `(summary, figure)`."""

    names: dict[str, str] = {}

    def __init__(self, controls: list[w.Widget]):
        self.controls = controls
        self.message = w.HTML()
        self.output = w.Output()
        self.summary: dict = {}
        self.figure: go.Figure | None = None
        self.widget = SnapshotBox(self.snapshot_html, self.snapshot_text,
                                  children=[w.HBox(controls, layout=w.Layout(flex_flow="row wrap")), self.message,
                                            self.output])
        for control in controls:
            control.observe(lambda _: self.update(), names="value")
        self.update()

    def update(self) -> None:
        """Recompute from the controls; a bad input is reported in the message line, not raised."""
        try:
            summary, figure = self.compute()
        except (ValueError, KeyError, RuleViolation, ComponentError, SaveFileError) as exc:
            self.summary, self.figure = {}, None
            self.message.value = f"<b>Cannot compute:</b> {_escape(str(exc))}"
            self.output.outputs = ()
            return
        self.summary, self.figure = summary, figure.update_layout(template=LIGHT)
        self.message.value = _escape(summary_words(self.summary, self.names))
        self.output.outputs = (figure_output(self.figure),)

    def settings(self) -> str:
        """The controls' current values in words, e.g. "edition: board game, hand: 3 3 7 Fox Joker"."""
        return ", ".join(f"{c.description}: {getattr(c, 'label', None) or c.value}" for c in self.controls)

    def snapshot_text(self) -> str:
        """The explorer in words (for a page where the live controls cannot run)."""
        figures = summary_words(self.summary, self.names)
        return f"Odds explorer ({self.settings()}): {figures or 'nothing to compute'}"

    def snapshot_html(self) -> str:
        """The explorer as a static page shows it: its settings and exact figures (the chart is live-only)."""
        return (f"<p><b>Odds explorer</b> (live in JupyterLab) with {_escape(self.settings())}:<br>"
                f"{self.message.value}</p>")

    def compute(self) -> tuple[dict, go.Figure]:
        """The summary and the chart for the current controls."""
        raise NotImplementedError


class DeerExplorer(Explorer):
    """One turn of a Deer hand: exact points shed and the chance of going out."""

    names = DEER_FIGURES

    def __init__(self, game_name: str = "deer", hand: str = "3 3 7 Fox Joker", players: int = 4, others: int = 5,
                 seed: int = 0):
        self.edition = w.Dropdown(options=[(EDITION_LABELS[e], e) for e in EDITIONS], value=game_name,
                                  description="edition")
        self.hand = w.Text(value=hand, description="hand", continuous_update=False)
        self.players = w.BoundedIntText(value=players, min=2, max=6, description="players")
        self.others = w.BoundedIntText(value=others, min=0, max=20, description="others hold")
        self.seed = w.IntText(value=seed, description="deal seed")
        super().__init__([self.edition, self.hand, self.players, self.others, self.seed])

    def position(self):
        """The start of player 0's turn holding the hand; the other hands dealt from the unseen cards."""
        game = edition(self.edition.value, self.players.value)
        hand = hand_cards(game, self.hand.value)
        sizes = [len(hand)] + [self.others.value] * (game.num_players - 1)
        return position_for_hand(game, hand, sizes, stream(self.seed.value))

    def compute(self) -> tuple[dict, go.Figure]:
        """The exact points-shed distribution of the chosen position: summary and chart."""
        state = self.position()
        dist = turn_distribution(state)
        summary = turn_summary(dist)
        hand = ", ".join(hand_cards(state.game, self.hand.value))
        title = (f"Points shed this turn holding {hand} ({EDITION_LABELS[self.edition.value]}): "
                 f"hand empties with chance {chance(summary['goes_out'])}")
        return summary, turn_figure(dist, title)


class FootballExplorer(Explorer):
    """One die checking a given box of a track from a field position: exact yards and the touchdown chance."""

    names = FOOTBALL_FIGURES

    def __init__(self, track: int = 1, marker: int = 45, box: int = 1):
        self.game = default_game()
        self.track = w.Dropdown(options=[(f"{t}: {TRACK_KINDS[t]}", t) for t in TRACKS], value=track,
                                description="track")
        self.marker = w.Dropdown(options=FIELD_POSITIONS, value=marker, description="marker on")
        self.box = w.BoundedIntText(value=box, min=1, max=self.boxes(track), description="box")
        self.track.observe(lambda change: setattr(self.box, "max", self.boxes(change["new"])), names="value")
        super().__init__([self.track, self.marker, self.box])

    def boxes(self, track: int) -> int:
        """How many boxes the track has (every one of them can be picked)."""
        return len(self.game.sheet.track(track))

    def compute(self) -> tuple[dict, go.Figure]:
        """The exact outcome of one die checking the chosen box from the chosen yard line: summary and chart."""
        track, marker, box = self.track.value, self.marker.value, self.box.value
        dist = box_gain(self.game, track, box, marker)
        yards = dist.map(lambda g: g.yards)
        summary = {"expected yards": yards.expectation(), "touchdown": dist.probability(lambda g: g.touchdown),
                   "incomplete": dist.probability(lambda g: g.incomplete)}
        fig = go.Figure(fraction_bar(yards, f"track {track}", "yards"))
        fig.update_xaxes(title_text="yards gained (a touchdown: the yards to the End Zone)")
        fig.update_yaxes(title_text="probability", tickformat=".0%")
        fig.update_layout(title=f"One die on box {box} of track {track} ({TRACK_KINDS[track]}) from the {marker}: "
                                f"touchdown chance {chance(summary['touchdown'])}")
        return summary, fig
