"""Odds explorers: pick a position with a few controls and see its exact odds as a chart.

Each explorer is a class with `.widget` (the controls, a summary line and the chart) and `update()`,
which recomputes from the controls (it also runs whenever a control changes). After `update()`,
`.figure` is the Plotly figure shown (in the book's chart style, light or dark as the page's theme is:
`script.PageTheme` tells it) and `.summary` the exact figures, so code and tests can read what is displayed without
a browser. An explorer never changes what was typed behind the reader's back: a value it cannot use (a card the
edition lacks, 9 players, box 99, "abc" for a number) stays as typed, its control is outlined (`INVALID_BORDER`) and
a sentence under the controls says what is wrong and what would do; what it does change (a card's name in the other
edition) it says.

- `DeerExplorer`: an edition and a hand ("3 3 7 Fox Joker", card names in any case); the exact distribution of
  points shed in the turn that starts now (greedy play, `bots.deer_turn_walk.turn_distribution`) and the chance the
  hand empties. The other hands hold `others` cards each (at least one: an empty hand would have ended the round;
  at most what the deck leaves them), dealt from the unseen cards with the `deal seed`. Switching the edition renames
  the cards the other edition numbers alike (1 is the card game's A) and says so; a card it lacks stays in the hand,
  marked, until the edition is switched back.
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
from ..bots.deer_advisor import position_for_hand
from ..bots.deer_turn_walk import turn_distribution, turn_summary
from ..charts.deer_odds import EDITION_LABELS, EDITIONS, turn_figure
from ..charts.football_odds import fraction_bar
from ..charts.football_sheet import TRACK_KINDS
from ..charts.theme import DARK, LIGHT
from ..charts.titles import fit_title
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
INVALID_BORDER = "2px solid #D55E00"  # a control whose value cannot be used (Okabe–Ito vermilion)
PLAYERS = (2, 6)  # the fewest and the most players of a Deer game the explorer deals


class Invalid(ValueError):
    """A control's value that cannot be used, and the sentence that says why."""

    def __init__(self, control: w.Widget, sentence: str):
        super().__init__(sentence)
        self.control = control


def listed(items) -> str:
    """Words as a sentence lists them: "a", "a and b", "a, b and c" (each once, in order)."""
    items = list(dict.fromkeys(items))
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"


def whole_number(control: w.Text, what: str) -> int:
    """The whole number typed in `control`; if it is none, a sentence that it is not `what` ("a box number")."""
    text = str(control.value).strip()
    try:
        return int(text)
    except ValueError:
        raise Invalid(control, f"“{text}” is not {what}") from None


def figure_output(figure: go.Figure) -> dict:
    """A figure as an Output widget's display item (set as widget state: it prints nothing in the cell)."""
    return {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.plotly.v1+json": json.loads(figure.to_json()), "text/plain": "Figure"}}


def summary_words(summary: dict, names: dict[str, str]) -> str:
    """The exact figures in words: chances as percentages, means as decimals."""
    return ", ".join(f"{names.get(key, key)} {chance(value) if key in CHANCES else decimal(value)}"
                     for key, value in summary.items())


def hand_cards(game, text: str, switched_from: str = "") -> list[str]:
    """The card names typed in `text` (any case, separated by spaces or commas), as the edition names them; cards
    the edition lacks are named in a sentence (which says to switch back to `switched_from` if that edition has
    them all)."""
    names = {name.lower(): name for name in game.components.kind_index}
    typed = text.replace(",", " ").split()
    if not typed:
        raise ValueError("the hand is empty: type card names, for example 3 3 7 Fox Joker")
    unknown = list(dict.fromkeys(card for card in typed if card.lower() not in names))
    if unknown:
        label, one = EDITION_LABELS.get(game.name, game.name), len(unknown) == 1
        verb = f"is not a card of the {label}" if one else f"are not cards of the {label}"
        sentence = f"{listed(unknown)} {verb} (its cards are {', '.join(game.components.kind_index)})"
        if switched_from and all(card.lower() in map(str.lower, edition(switched_from, 2).components.kind_index)
                                 for card in unknown):
            sentence += f": switch back to the {EDITION_LABELS[switched_from]} to keep {'it' if one else 'them'}"
        raise ValueError(sentence)
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
        """Recompute from the controls; a bad input is reported in the message line (and its control outlined), not
        raised, and the controls keep what was typed."""
        notice = f"{_escape(self.notice)} " if self.notice and self._notice_for == self.settings() else ""
        for control in self.controls:
            control.layout.border = None
        try:
            summary, figure = self.compute()
        except (ValueError, KeyError, RuleViolation, ComponentError, SaveFileError) as exc:
            if isinstance(exc, Invalid):
                exc.control.layout.border = INVALID_BORDER
            self.summary, self.figure = {}, None
            said = str(exc) if str(exc).endswith((".", "!", "?")) else f"{exc}."
            self.message.value = f"{notice}<b>Cannot compute:</b> {_escape(said)}"
            self.output.outputs = ()
            return
        self.summary = summary
        self.figure = figure.update_layout(template=DARK if self.theme.dark else LIGHT)  # its title fitted
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
        """The summary and the chart for the current controls, its title fitted (`fit_title`)."""
        raise NotImplementedError


class DeerExplorer(Explorer):
    """One turn of a Deer hand: exact points shed and the chance of going out."""

    names = DEER_FIGURES

    def __init__(self, game_name: str = "deer", hand: str = "3 3 7 Fox Joker", players: int | str = 4,
                 others: int | str = 5, seed: int | str = 0):
        self.edition = w.Dropdown(options=[(EDITION_LABELS[e], e) for e in EDITIONS], value=game_name,
                                  description="edition")
        self.hand = w.Text(value=hand, description="hand", continuous_update=False)
        self.players = w.Text(value=str(players), description="players", continuous_update=False)
        self.others = w.Text(value=str(others), description="others hold", continuous_update=False)
        self.seed = w.Text(value=str(seed), description="deal seed", continuous_update=False)
        self.switched_from = ""  # the edition the hand was typed in, while a switch leaves cards it lacks
        self.edition.observe(self._rename_cards, names="value")  # before the recompute every control triggers
        super().__init__([self.edition, self.hand, self.players, self.others, self.seed])

    def _rename_cards(self, change: dict) -> None:
        """The hand in the edition chosen now: each card the new edition numbers alike takes its name there (the
        board game's 1 is the card game's A), said so; a card it lacks stays as typed (the hand is then marked, and
        switching back keeps it)."""
        old, new = edition(change["old"], 2).components, edition(change["new"], 2).components
        numbers = {card.name.lower(): card.number for card in old.cards if card.number is not None}
        by_number = {card.number: card.name for card in new.cards if card.number is not None}
        typed = self.hand.value.replace(",", " ").split()
        now = [by_number.get(numbers.get(card.lower()), card) for card in typed]
        renamed = [f"{card} is {name}" for card, name in zip(typed, now) if card != name]
        self.switched_from = change["old"] if any(card.lower() not in map(str.lower, new.kind_index)
                                                  for card in now) else ""
        if renamed:
            self.hand.value = " ".join(now)
            self.tell(f"The hand in the {EDITION_LABELS[change['new']]}: {self.hand.value} "
                      f"({listed(renamed)} there).")

    def game(self):
        """The edition for the number of players typed (a sentence if it is no number of players a game has)."""
        players = whole_number(self.players, "a number of players")
        if not PLAYERS[0] <= players <= PLAYERS[1]:
            raise Invalid(self.players, f"a game has {PLAYERS[0]} to {PLAYERS[1]} players, not {players}")
        return edition(self.edition.value, players)

    def position(self):
        """The start of player 0's turn holding the hand; the other hands dealt from the unseen cards."""
        game = self.game()
        try:
            hand = hand_cards(game, self.hand.value, self.switched_from)
        except ValueError as exc:
            raise Invalid(self.hand, str(exc)) from None
        others = whole_number(self.others, "a number of cards")
        left, hands = sum(game.full_deck) - len(hand), game.num_players - 1
        most = max(1, left // hands)
        if not 1 <= others <= most:
            raise Invalid(self.others, f"each other hand holds 1 to {most} cards here, not {others} (at least 1: an "
                                       f"empty hand would have ended the round; at most the deck's {left} cards "
                                       f"besides yours shared by {hands} hands)")
        seed = whole_number(self.seed, "a deal seed (a whole number)")
        return position_for_hand(game, hand, [len(hand)] + [others] * (game.num_players - 1), stream(seed))

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

    def __init__(self, track: int = 1, marker: int = 45, box: int | str = 1):
        self.game = default_game()
        self.track = w.Dropdown(options=[(f"{t}: {TRACK_KINDS[t]}", t) for t in TRACKS], value=track,
                                description="track")
        self.marker = w.Dropdown(options=FIELD_POSITIONS, value=marker, description="marker on")
        self.box = w.Text(value=str(box), description="box", continuous_update=False)
        super().__init__([self.track, self.marker, self.box])

    def boxes(self, track: int) -> int:
        """How many boxes the track has (every one of them can be picked)."""
        return len(self.game.sheet.track(track))

    def compute(self) -> tuple[dict, go.Figure]:
        """The exact outcome of one die checking the chosen box from the chosen yard line: summary and chart."""
        track, marker, box = self.track.value, self.marker.value, whole_number(self.box, "a box number")
        if not 1 <= box <= self.boxes(track):
            raise Invalid(self.box, f"track {track} has boxes 1 to {self.boxes(track)}, not {box}")
        dist = box_gain(self.game, track, box, marker)
        yards = dist.map(lambda g: g.yards)
        summary = {"expected yards": yards.expectation(), "touchdown": dist.probability(lambda g: g.touchdown),
                   "incomplete": dist.probability(lambda g: g.incomplete)}
        fig = go.Figure(fraction_bar(yards, f"track {track}", "yards"))
        fig.update_xaxes(title_text="yards gained (a touchdown: the yards to the End Zone)")
        fig.update_yaxes(title_text="probability", tickformat=".0%")
        fig.update_layout(title=f"One die on box {box} of track {track} ({TRACK_KINDS[track]}) from the {marker}: "
                                f"touchdown chance {chance(summary['touchdown'])}")
        return summary, fit_title(fig)
