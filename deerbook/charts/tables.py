"""Pictures of each game's table for the book's first chapter, drawn from the component data.

`deer_table_figure(game_name)` draws a Deer in the Headlights table (board or card edition): the
score track with its special spaces and the pawns at the start, the dice with their faces, and the
hands as the deal leaves them. The Football Highlights table is its play sheet
(`deerbook.charts.football_sheet.sheet_figure`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

import plotly.graph_objects as go

from ..engine import make_game
from .deer_odds import EDITION_LABELS
from .theme import COLORWAY

if TYPE_CHECKING:
    from ..deer.game import DeerGame

TRACK_Y, DICE_Y, HANDS_Y = 3.8, 2.6, 0.4


def dealt_hands(game_name: str, players: int) -> list[int]:
    """How many cards each player holds once the engine has dealt (every card of the deck is dealt,
    one at a time, so the sizes do not depend on which cards fall where)."""
    state = cast("DeerGame", make_game(game_name, num_players=players)).initial_state()
    while state.phase == "deal":
        state = state.apply(state.chance_outcomes()[0][0])
    return [sum(hand) for hand in state.hands]


def deer_table_figure(game_name: str = "deer", players: int = 4) -> go.Figure:
    """The table at the start: score track and pawns, the dice and their faces, the dealt hands."""
    comp = cast("DeerGame", make_game(game_name, num_players=players)).components
    finish = comp.finish
    fig = go.Figure()
    fig.add_shape(type="line", x0=0, x1=finish, y0=TRACK_Y, y1=TRACK_Y, line={"width": 6, "color": "#999999"})
    specials = [(x, "Bullseye") for x in comp.bullseye_spaces] + [(x, "Deer in the Headlights")
                                                                  for x in comp.headlights_spaces]
    if specials:
        fig.add_scatter(x=[x for x, _ in specials], y=[TRACK_Y] * len(specials), mode="markers", name="special space",
                        marker={"symbol": "star", "size": 14, "color": COLORWAY[6]},
                        hovertext=[f"{kind} space {x}" for x, kind in specials], hoverinfo="text")
    fig.add_scatter(x=[0] * players, y=[TRACK_Y + 0.25 * (p + 1) for p in range(players)], mode="markers",
                    name="pawns", marker={"size": 12, "color": COLORWAY[:players]},
                    hovertext=[f"player {p}'s pawn at 0" for p in range(players)], hoverinfo="text")
    dice = [(f"die {name}", faces) for name, faces in comp.number_dice]
    dice += [("predator die", comp.predator_die)] if comp.predator_die else []
    step = finish / len(dice)
    faces = [[str(comp.face_name(face)) for face in die] for _, die in dice]
    fig.add_scatter(x=[step * (i + 0.5) for i in range(len(dice))], y=[DICE_Y] * len(dice), mode="markers+text",
                    name="dice", marker={"symbol": "square", "size": 34, "color": COLORWAY[0]},
                    text=[name.split()[-1] if name.startswith("die") else "P" for name, _ in dice],
                    textfont={"color": "#ffffff"}, hoverinfo="text",
                    hovertext=[f"{name}: " + ", ".join(names) for (name, _), names in zip(dice, faces)])
    for i, names in enumerate(faces):  # the faces, a word per line (narrow enough for a phone), under each die
        fig.add_annotation(x=step * (i + 0.5), y=DICE_Y - 0.3, yanchor="top", showarrow=False,
                           text="<br>".join(names).replace(" ", "<br>"), font={"size": 10})
    hands = dealt_hands(game_name, players)
    fig.add_scatter(x=[finish * (p + 0.5) / players for p in range(players)], y=[HANDS_Y] * players,
                    mode="markers+text", name="hands",
                    marker={"symbol": "square", "size": 30, "color": COLORWAY[:players]},
                    text=[str(n) for n in hands], textfont={"color": "#ffffff"}, hoverinfo="text",
                    hovertext=[f"player {p}: {n} cards in hand" for p, n in enumerate(hands)])
    labels = {TRACK_Y: f"score track 0–{finish}", DICE_Y: "dice and faces", HANDS_Y: "hands (cards dealt)"}
    fig.update_layout(title=f"Deer in the Headlights, {EDITION_LABELS[game_name]}: the table for {players} players",
                      showlegend=False, height=460, margin={"l": 8, "r": 8, "t": 48, "b": 24},
                      xaxis={"visible": False, "range": [-finish * 0.05, finish * 1.05]},
                      yaxis={"range": [0, TRACK_Y + 0.25 * players + 0.4], "tickvals": list(labels),
                             "ticktext": list(labels.values()), "showgrid": False, "zeroline": False})
    return fig
