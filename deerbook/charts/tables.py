"""Pictures of what is on a Deer in the Headlights table, drawn from the component data (for the How to play chapters).

- `dice_figure(game_name)`: every die with its six faces, one row per die.
- `cards_figure(game_name)`: every kind of card with its points and how many the deck holds.
- `board_figure(game_name)`: the board's score track with its special spaces (the board game).

The Football Highlights table is its play sheet (`deerbook.charts.football_sheet.sheet_figure`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

import plotly.graph_objects as go

from ..deer.components import CAR, DEER_HEAD, DISCARD_FACE, RUNNING_DEER
from ..engine import make_game
from .alternative import describe
from .deer_odds import EDITION_LABELS
from .theme import COLORWAY, add_legend_swatches, discrete_colorscale

if TYPE_CHECKING:
    from ..deer.components import DeerComponents
    from ..deer.game import DeerGame

#: Face kind -> colour of a die face (the legend of `dice_figure`, in this order): apart from each other for the common
#: colour-vision deficiencies, each under a label of AA contrast (tests/charts/test_palette.py).
FACE_COLORS = {"number": "#a5c3ff", DEER_HEAD: "#ffa55a", RUNNING_DEER: "#96ffb4", CAR: "#b4b4c3",
               "predator": "#96693c", DISCARD_FACE: "#c3b4a5"}
FACE_WORDS = {"number": "number", DEER_HEAD: "Deer Head", RUNNING_DEER: "Running Deer", CAR: "Car",
              "predator": "predator", DISCARD_FACE: "Discard"}
#: Card kind -> colour (odd numbers black and even ones red on the board game's cards, where parity matters).
CARD_COLORS = {"odd number": "#333333", "even number": "#a01414", "number card": "#d2e1ff", "predator": "#96693c",
               "joker": "#a5b4d2"}
#: Kinds of card per row of `cards_figure` (four fit side by side on a phone-wide page).
CARDS_PER_ROW = 4


def components(game_name: str, players: int = 4) -> "DeerComponents":
    """The component data of an edition."""
    return cast("DeerGame", make_game(game_name, num_players=players)).components


def face_kind(face) -> str:
    """The colour kind of a die face: a number, a symbol, a predator or Discard."""
    if isinstance(face, int):
        return "number"
    return face if face in FACE_COLORS else "predator"


def dice_figure(game_name: str = "deer") -> go.Figure:
    """Every die of the edition with its six faces, one column per die (the predator die last)."""
    comp = components(game_name)
    dice = [(f"die {name}", faces) for name, faces in comp.number_dice]
    dice += [("predator die", comp.predator_die)] if comp.predator_die else []
    kinds = list(FACE_COLORS)
    columns = list(zip(*(faces for _, faces in dice)))  # one row per face, one column per die
    fig = go.Figure(go.Heatmap(
        x=[name for name, _ in dice], y=list(range(1, 7)),
        z=[[kinds.index(face_kind(face)) for face in row] for row in columns],
        text=[[str(comp.face_name(face)).replace(" ", "<br>") for face in row] for row in columns],
        customdata=[[f"{name}, face {i}: {comp.face_name(face)}" for (name, _), face in zip(dice, row)]
                    for i, row in enumerate(columns, 1)],
        texttemplate="%{text}", textfont={"size": 12}, hovertemplate="%{customdata}<extra></extra>",
        colorscale=discrete_colorscale(list(FACE_COLORS.values())), zmin=-0.5, zmax=len(kinds) - 0.5,
        showscale=False, xgap=4, ygap=4))
    used = {face_kind(face) for _, faces in dice for face in faces}
    add_legend_swatches(fig, {comp.symbol_names.get(k, FACE_WORDS[k]): FACE_COLORS[k] for k in kinds if k in used})
    fig.update_layout(
        title=f"The dice of the {EDITION_LABELS[game_name]}: the six faces of each die",
        height=460, plot_bgcolor="rgba(0,0,0,0)", margin={"l": 8, "r": 8},
        xaxis={"side": "top", "showgrid": False, "zeroline": False},
        yaxis={"title": "face", "autorange": "reversed", "dtick": 1, "showgrid": False, "zeroline": False})
    numbers = sorted(face for _, faces in dice for face in faces if isinstance(face, int))
    return describe(fig, f"Grid of {len(dice)} dice by 6 faces, coloured by kind of face",
                    f"the number faces run from {numbers[0]} to {numbers[-1]}")


def card_kind(comp: "DeerComponents", index: int) -> str:
    """The colour kind of a card: a number card (odd or even, where a roll discards by parity), a predator or a
    Joker."""
    card = comp.cards[index]
    if card.category != "number":
        return card.category
    if not any(row.effect == "discard_parity" for row in comp.chart):
        return "number card"
    return ("even" if card.points % 2 == 0 else "odd") + " number"


def cards_figure(game_name: str = "deer") -> go.Figure:
    """Every kind of card of the edition (one deck): its name, its points and how many the deck holds."""
    comp = components(game_name)
    cards = list(enumerate(comp.cards))
    rows = [cards[i:i + CARDS_PER_ROW] for i in range(0, len(cards), CARDS_PER_ROW)]
    kinds = list(CARD_COLORS)

    def grid(value, missing=None):
        return [[value(i, card) for i, card in row] + [missing] * (CARDS_PER_ROW - len(row)) for row in rows]

    fig = go.Figure(go.Heatmap(
        x=list(range(1, CARDS_PER_ROW + 1)), y=list(range(1, len(rows) + 1)),
        z=grid(lambda i, card: kinds.index(card_kind(comp, i))),
        text=grid(lambda i, card: f"<b>{card.name}</b><br>{card.points} pt{'s' * (card.points != 1)} · ×{card.count}",
                  ""),
        customdata=grid(lambda i, card: f"{card.name}: {card_kind(comp, i).removesuffix(' card')} card worth "
                                        f"{card.points}; {card.count} in a deck", ""),
        texttemplate="%{text}", textfont={"size": 12}, hovertemplate="%{customdata}<extra></extra>",
        colorscale=discrete_colorscale(list(CARD_COLORS.values())), zmin=-0.5, zmax=len(kinds) - 0.5,
        showscale=False, xgap=6, ygap=6, hoverongaps=False))
    used = {card_kind(comp, i) for i, _ in cards}
    add_legend_swatches(fig, {kind: color for kind, color in CARD_COLORS.items() if kind in used})
    fig.update_layout(
        title=f"The {sum(comp.full_deck)} cards of the {EDITION_LABELS[game_name]} (one deck): points and copies",
        height=140 + 72 * len(rows), plot_bgcolor="rgba(0,0,0,0)", margin={"l": 8, "r": 8},
        xaxis={"visible": False}, yaxis={"visible": False, "autorange": "reversed"})
    top = max(comp.cards, key=lambda card: card.points)
    return describe(fig, f"Grid of {len(cards)} kinds of card, coloured by kind",
                    f"the card worth the most is {top.name} ({top.points} points)")


def board_figure(game_name: str = "deer") -> go.Figure:
    """The score track from 0 to Finish, with the special spaces of the advanced rules (their numbers beside)."""
    comp = components(game_name)
    finish = comp.finish
    fig = go.Figure()
    fig.add_shape(type="line", x0=0, x1=finish, y0=0, y1=0, line={"width": 8, "color": "#999999"})
    for name, spaces, symbol, color, side in (
            ("Deer in the Headlights space", comp.headlights_spaces, "star", COLORWAY[1], 1),
            ("Bullseye space", comp.bullseye_spaces, "circle-dot", COLORWAY[5], -1)):
        if spaces:
            fig.add_scatter(x=list(spaces), y=[0.45 * side] * len(spaces), mode="markers+text", name=name,
                            marker={"symbol": symbol, "size": 15, "color": color}, text=list(map(str, spaces)),
                            textposition="middle right", hovertext=[f"{name} {x}" for x in spaces], hoverinfo="text")
    fig.add_annotation(x=finish, y=0, text=f"Finish {finish}", showarrow=False, xanchor="right", yanchor="bottom",
                       yshift=8)
    fig.update_layout(
        title=f"The score track, from 0 to Finish ({finish})", height=280, margin={"l": 16, "r": 16},
        xaxis={"title": "space (your score)", "range": [-3, finish + 3], "dtick": 10, "showgrid": False,
               "zeroline": False},
        yaxis={"visible": False, "range": [-1, 1]})
    special = "; ".join(f"{trace.name}s at {', '.join(map(str, trace.x))}" for trace in fig.data) or "no special spaces"
    return describe(fig, "Diagram of the score track", special)
