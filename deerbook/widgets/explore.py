"""Odds explorers: pick a position with a few controls and see its exact odds as a chart.

Each explorer is a class with `.widget` (the controls, a summary line and the chart) and `update()`,
which recomputes from the controls (it also runs whenever a control changes). After `update()`,
`.figure` is the Plotly figure shown and `.summary` the exact figures, so code and tests can read
what is displayed without a browser.

- `DeerExplorer`: an edition and a hand ("3 3 7 Fox Joker"); the exact distribution of points shed in
  the turn that starts now (greedy play, `deer.advisor.turn_distribution`) and the chance the hand empties.
  The other hands hold `others` cards each, dealt from the unseen cards with the `deal seed`.
- `FootballExplorer`: a track, the marker's yard line and the box on the track (0 = the first box);
  the exact yards of one die there, Defense Die rolled (`football.odds.next_box`), and the touchdown chance.
"""
from __future__ import annotations

import json
from dataclasses import replace

import ipywidgets as w
import plotly.graph_objects as go

from ..charts.deer_odds import EDITION_LABELS, EDITIONS, turn_figure
from ..charts.football_odds import fraction_bar
from ..charts.football_sheet import TRACK_KINDS
from ..bots.deer_advisor import position_for_hand, turn_distribution, turn_summary
from ..analysis.deer_odds import edition
from ..engine import ComponentError, RuleViolation, SaveFileError
from ..engine.seeding import stream
from ..analysis.football_odds import FIELD_POSITIONS, default_game, next_box, track_sheets
from ..football.sheet import TRACKS
from .snapshot import SnapshotBox
from .table import _escape


def figure_output(figure: go.Figure) -> dict:
    """A figure as an Output widget's display item (set as widget state: it prints nothing in the cell)."""
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.plotly.v1+json": json.loads(figure.to_json()), "text/plain": "Figure"}}


class Explorer:
    """Controls on top, then a summary line and the chart; subclasses compute `(summary, figure)`."""

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
            self.summary, self.figure = self.compute()
        except (ValueError, KeyError, RuleViolation, ComponentError, SaveFileError) as exc:
            self.summary, self.figure = {}, None
            self.message.value = f"<b>Cannot compute:</b> {_escape(str(exc))}"
            self.output.outputs = ()
            return
        self.message.value = ", ".join(f"{key}: {value} ≈ {float(value):.3f}" for key, value in self.summary.items())
        self.output.outputs = (figure_output(self.figure),)

    def settings(self) -> str:
        """The controls' current values in words, e.g. "edition: board game, hand: 3 3 7 Fox Joker"."""
        return ", ".join(f"{c.description}: {getattr(c, 'label', None) or c.value}" for c in self.controls)

    def snapshot_text(self) -> str:
        """The explorer in words (for a page where the live controls cannot run)."""
        figures = ", ".join(f"{key} {value} ≈ {float(value):.3f}" for key, value in self.summary.items())
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
        hand = self.hand.value.split()
        if not hand:
            raise ValueError("the hand is empty: type card names, e.g. 3 3 7 Fox Joker")
        unknown = sorted(set(hand) - set(game.components.kind_index))
        if unknown:
            raise ValueError(f"unknown card(s) {unknown}; this edition has {sorted(game.components.kind_index)}")
        sizes = [len(hand)] + [self.others.value] * (game.num_players - 1)
        return position_for_hand(game, hand, sizes, stream(self.seed.value))

    def compute(self) -> tuple[dict, go.Figure]:
        """The exact points-shed distribution of the chosen position: summary and chart."""
        dist = turn_distribution(self.position())
        summary = turn_summary(dist)
        title = f"Points shed this turn: {', '.join(self.hand.value.split())} ({EDITION_LABELS[self.edition.value]})"
        return summary, turn_figure(dist, title)


class FootballExplorer(Explorer):
    """One die on a track from a sheet position: exact yards and the touchdown chance."""

    def __init__(self, track: int = 1, marker: int = 45, box: int = 0):
        self.game = default_game()
        self.track = w.Dropdown(options=[(f"{t}: {TRACK_KINDS[t]}", t) for t in TRACKS], value=track,
                                description="track")
        self.marker = w.Dropdown(options=FIELD_POSITIONS, value=marker, description="marker on")
        self.box = w.BoundedIntText(value=box, min=0, max=self.boxes(track) - 1, description="box")
        self.track.observe(lambda change: setattr(self.box, "max", self.boxes(change["new"]) - 1), names="value")
        super().__init__([self.track, self.marker, self.box])

    def boxes(self, track: int) -> int:
        """How many dice the track takes from a fresh sheet (`track_sheets`)."""
        return len(track_sheets(self.game, track))

    def compute(self) -> tuple[dict, go.Figure]:
        """The exact next-box outcome of the chosen track and position: summary and chart."""
        track, marker, box = self.track.value, self.marker.value, self.box.value
        sheet = replace(track_sheets(self.game, track)[box], marker=marker)
        dist = next_box(self.game, sheet, track)
        yards = dist.map(lambda g: g.yards)
        summary = {"expected yards": yards.expectation(), "touchdown": dist.probability(lambda g: g.touchdown),
                   "incomplete": dist.probability(lambda g: g.incomplete)}
        fig = go.Figure(fraction_bar(yards, f"track {track}", "yards"))
        fig.update_xaxes(title_text="yards gained (a touchdown: the yards to the End Zone)")
        fig.update_yaxes(title_text="probability")
        fig.update_layout(title=f"One die on track {track} ({TRACK_KINDS[track]}), box {box}, from the {marker}: "
                                f"touchdown chance {summary['touchdown']} (exact)")
        return summary, fig
