"""Odds explorers: pick a position with a few controls and see its exact odds as a chart.

Each explorer is a class with `.widget` (the controls, a summary line and the chart) and `update()`,
which recomputes from the controls (it also runs whenever a control changes). After `update()`,
`.figure` is the Plotly figure shown (in the book's chart style, light or dark as the page's theme is:
`script.PageTheme` tells it) and `.summary` the exact figures, so code and tests can read what is displayed without
a browser. A bad input is reported in words under the controls.

- `DeerExplorer`: an edition and a hand ("3 3 7 Fox Joker", card names in any case); the exact distribution of
  points shed in the turn that starts now (greedy play, `bots.deer_turn_walk.turn_distribution`) and the chance the
  hand empties. The other hands hold `others` cards each (at least one: an empty hand would have ended the round;
  at most what the deck leaves them), dealt from the unseen cards with the `deal seed`. Switching the edition keeps
  the cards of the hand the other edition has (by their number: 1 is the card game's A) and says what it dropped.
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
from ..bots.deer_turn_walk import position_for_hand, turn_distribution, turn_summary
from ..charts.deer_odds import EDITION_LABELS, EDITIONS, turn_figure
from ..charts.football_odds import fraction_bar
from ..charts.football_sheet import TRACK_KINDS
from ..charts.theme import DARK, LIGHT
from ..engine import ComponentError, RuleViolation, SaveFileError
from ..engine.seeding import stream
from ..football.sheet import TRACKS
from .script import PageTheme
from .snapshot import SnapshotBox
from .table import _escape

#: How the explorers name their exact figures, in the summary line.
DEER_FIGURES = {"shed": "points shed", "received": "points received", "net": "net points shed",
                "goes_out": "hand empties"}
FOOTBALL_FIGURES = {"expected yards": "expected yards", "touchdown": "touchdown", "incomplete": "incomplete pass"}
CHANCES = ("goes_out", "touchdown", "incomplete")
EXAMPLE_HANDS = {"deer": "3 3 7 Fox Joker", "deer-cards": "3 3 7 K"}  # each edition's hand to start from


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
    cards = [names[card.lower()] for card in typed]
    deck = dict(zip((card.name for card in game.components.cards), game.full_deck))
    extra = [name for name in dict.fromkeys(cards) if cards.count(name) > deck[name]]
    if extra:
        name = extra[0]
        raise ValueError(f"the {EDITION_LABELS.get(game.name, game.name)} has {deck[name]} cards of {name}; the hand "
                         f"lists {cards.count(name)}")
    return cards


class Explorer:
    """Controls on top, then a summary line and the chart; subclasses compute `(summary, figure)`."""

    names: dict[str, str] = {}
    notice, _notice_for = "", ""  # what the explorer changed by itself, and for which settings (`tell`)

    def __init__(self, controls: list[w.Widget]):
        self.controls = controls
        self.message = w.HTML()
        self.output = w.Output()
        self.theme = PageTheme()
        self.summary: dict = {}
        self.figure: go.Figure | None = None
        self.widget = SnapshotBox(self.snapshot_html, self.snapshot_text,
                                  children=[w.HBox(controls, layout=w.Layout(flex_flow="row wrap")), self.message,
                                            self.output, self.theme])
        for control in controls:
            control.observe(lambda _: self.update(), names="value")
        self.theme.observe(lambda _: self.update(), names="dark")
        self.update()

    def tell(self, notice: str) -> None:
        """Say what the explorer changed by itself (shown above the figures while the settings stay as they are)."""
        self.notice, self._notice_for = notice, self.settings()

    def update(self) -> None:
        """Recompute from the controls; a bad input is reported in the message line, not raised."""
        notice = f"{_escape(self.notice)} " if self.notice and self._notice_for == self.settings() else ""
        try:
            summary, figure = self.compute()
        except (ValueError, KeyError, RuleViolation, ComponentError, SaveFileError) as exc:
            self.summary, self.figure = {}, None
            self.message.value = f"{notice}<b>Cannot compute:</b> {_escape(str(exc))}"
            self.output.outputs = ()
            return
        self.summary = summary
        self.figure = figure.update_layout(template=DARK if self.theme.dark else LIGHT)
        self.message.value = notice + _escape(summary_words(self.summary, self.names))
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
        self.others = w.BoundedIntText(value=max(others, 1), min=1, max=99, description="others hold")
        self.seed = w.IntText(value=seed, description="deal seed")
        self.controls = [self.edition, self.hand, self.players, self.others, self.seed]
        self.edition.observe(self._adapt_hand, names="value")  # before the recompute every control triggers
        for control in (self.edition, self.hand, self.players):
            control.observe(lambda _: self._bound_others(), names="value")
        self._bound_others()
        if others < 1:
            self.tell("Each other hand holds at least 1 card (an empty hand would have ended the round).")
        super().__init__(self.controls)

    def _adapt_hand(self, change: dict) -> None:
        """The hand in the edition chosen now: each card kept by its number (the card game's A is the board
        game's 1), the cards the new edition lacks dropped, and said so; none left: the edition's own example."""
        old, new = edition(change["old"], self.players.value), edition(change["new"], self.players.value)
        try:
            typed = hand_cards(old, self.hand.value)
        except ValueError:
            return  # a hand that was already wrong stays as typed: its message says why
        by_number = {card.number: card.name for card in new.components.cards if card.number is not None}
        numbers = {card.name: card.number for card in old.components.cards}
        kept = [by_number[numbers[name]] for name in typed if numbers[name] in by_number]
        dropped = [name for name in typed if numbers[name] not in by_number]
        label = EDITION_LABELS[change["new"]]
        if not kept:
            self.hand.value = EXAMPLE_HANDS[change["new"]]
            self.tell(f"The {label} has none of those cards: the hand is now its example, {self.hand.value}.")
        elif kept != typed:
            self.hand.value = " ".join(kept)
            lacks = f" ({' and '.join(dict.fromkeys(dropped))} left out: the {label} has no such card)" * bool(dropped)
            self.tell(f"The hand in the {label}: {self.hand.value}{lacks}.")

    def _bound_others(self) -> None:
        """The most cards each other hand can hold: the cards the deck has left, shared (said when it binds)."""
        try:
            game = edition(self.edition.value, self.players.value)
            left = sum(game.full_deck) - len(hand_cards(game, self.hand.value))
        except ValueError:
            return
        most = max(1, left // (game.num_players - 1))
        bound = self.others.value > most
        self.others.max = most  # a larger number becomes this one
        if bound:
            self.tell(f"Each other hand holds at most {most} cards here: the deck has {left} cards besides yours.")

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
