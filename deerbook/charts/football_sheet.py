"""The Football Play Sheet drawn as columns of boxes: the bonus and tally tracks, then the six Play tracks.

`sheet_figure(sheet, marks)` is a Plotly heatmap in two parts (the tracks the play tracks feed, above the play
tracks), one column per track and one cell per box (box 1 at the top), coloured by the box's action and labelled with
its contents; a player's checked boxes are shaded grey. Tracks stand as columns, and the parts apart, so that every
box and heading keeps a readable label on a phone-wide page. `sheet_rows(sheet)` is the same content as data (one
`Cell` per box), for tests and tables.
"""
from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..football.rules import Marks
from ..football.sheet import START_KICK_RANGE, TRACKS, Box, PlaySheet, default_sheet
from ..play.football_words import BOX_SHORT, box_label
from .alternative import describe
from .theme import add_legend_swatches, discrete_colorscale

TRACK_KINDS = {1: "short runs", 2: "medium runs", 3: "long runs",
               4: "short passes", 5: "medium passes", 6: "long passes"}
PLAY_ROWS = tuple(f"{t} {TRACK_KINDS[t]}" for t in TRACKS)
#: The sheet's two parts, one above the other as on the printed sheet: the tracks the play tracks feed, then the play
#: tracks. Drawn as two grids, each part's columns are wide enough for its headings and labels (on a phone, about 75
#: px and 50 px) at a readable size.
PARTS = (("Kick Range", "Power Dice", "Breakaway", "YAC"), PLAY_ROWS)
#: Each track's column heading (a box's hover names its track in full).
HEADINGS = {"Kick Range": "Kick Range", "Power Dice": "Power Dice", "Breakaway": "Breakaway", "YAC": "YAC",
            **{name: f"{t} {'run' if t <= 3 else 'pass'}" for t, name in zip(TRACKS, PLAY_ROWS)}}
#: Box kind -> fill colour (the legend, in this order): apart from each other for the common colour-vision
#: deficiencies, each under a label of AA contrast (tests/charts/test_palette.py).
COLORS = {
    "run": "#d2ffc3", "run + Breakaway": "#1ee178", "pass": "#a5b4ff", "pass + YAC": "#1e78b4",
    "chain": "#f0a50f", "wild chain": "#697878", "kick range": "#fff03c", "power die": "#96693c",
    "bonus yards": "#c3b4a5", "empty": "#c3c3d2", "checked": "#5a5a4b",
}
KINDS = tuple(COLORS)
#: px: the room the first part's column headings take above it, under the title (`titles.fit_title` leaves none)
HEADINGS_ROOM = 24


@dataclass(frozen=True)
class Cell:
    """One box as drawn: its label, its colour kind and its hover text."""

    label: str
    kind: str
    hover: str


def box_cell(track: int, index: int, box: Box) -> Cell:
    """A Play-track box: yards with B/Y, a circled chain target, ★ wild, K kick range, P power die (the drawings'
    marks, `play.football_words.box_label`)."""
    where = f"track {track}, box {index}"
    if box.action in ("run", "pass"):
        bonus = {"run": ("B", "Breakaway"), "pass": ("Y", "YAC")}[box.action] if box.bonus else ("", "")
        kind = box.action + (f" + {bonus[1]}" if box.bonus else "")
        return Cell(f"{box.yards}{bonus[0]}", kind, f"{where}: {box.yards}-yard {kind}")
    cells = {"chain": Cell(box_label(box), "chain", f"{where}: chained action to track {box.target}"),
             "wild": Cell(BOX_SHORT["wild"], "wild chain", f"{where}: wild chained action (any other Play track)"),
             "kick": Cell(BOX_SHORT["kick"], "kick range", f"{where}: check the next Kick Range box"),
             "power": Cell(BOX_SHORT["power"], "power die", f"{where}: unlock the next Power Die"),
             "empty": Cell("", "empty", f"{where}: empty")}
    return cells[box.action]


def bonus_cell(row: str, index: int, yards: int) -> Cell:
    """A Breakaway or YAC box: its bonus yards ('' when it adds nothing)."""
    if yards:
        return Cell(str(yards), "bonus yards", f"{row} box {index}: +{yards} yards")
    return Cell("", "empty", f"{row} box {index}: no extra yards")


def sheet_rows(sheet: PlaySheet) -> dict[str, list[Cell]]:
    """Every track of the sheet as a row of cells, top of the sheet first."""
    rows = {
        "Kick Range": [Cell(str(r), "kick range", f"Kick Range box {i}: range {r} yards (starts at {START_KICK_RANGE})")
                       for i, r in enumerate(sheet.kick_range, 1)],
        "Power Dice": [Cell(str(i), "power die", f"Power Dice box {i}: {i} unlocked") for i in range(1, 7)],
        "Breakaway": [bonus_cell("Breakaway", i, y) for i, y in enumerate(sheet.breakaway, 1)],
        "YAC": [bonus_cell("YAC", i, y) for i, y in enumerate(sheet.yac, 1)],
    }
    for t, name in zip(TRACKS, PLAY_ROWS):
        rows[name] = [box_cell(t, i, box) for i, box in enumerate(sheet.track(t), 1)]
    return rows


def checked_counts(marks: Marks) -> dict[str, int]:
    """How many boxes of each row a player has checked."""
    return {"Kick Range": marks.kick, "Power Dice": marks.power, "Breakaway": marks.breakaway,
            "YAC": marks.yac, **dict(zip(PLAY_ROWS, marks.checked))}


def checked_words(marks: Marks) -> str:
    """The boxes a player has checked, in words, the play tracks apart from the tracks above them: "6 boxes of the play
    tracks and 3 of the tracks above them (Power Dice 1, Breakaway 1, YAC 1)" (the book's text and the sheet's
    caption both say it so)."""
    counts = checked_counts(marks)
    play = sum(counts[name] for name in PLAY_ROWS)
    above = {name: n for name, n in counts.items() if name not in PLAY_ROWS and n}
    words = f"{play} box{'es' * (play != 1)} of the play tracks"
    if above:
        words += (f" and {sum(above.values())} of the tracks above them ("
                  + ", ".join(f"{name} {n}" for name, n in above.items()) + ")")
    return words


def _grid(tracks: list[list[Cell]], checked: list[int], depth: int, value, checked_value=None, missing=None) -> list:
    """One value per box (checked_value for checked boxes), `missing` past the end of a short track: one list per
    box number, one entry per track."""
    columns = [[(checked_value or value)(c) if i < done else value(c) for i, c in enumerate(cells)]
               + [missing] * (depth - len(cells)) for cells, done in zip(tracks, checked)]
    return [list(row) for row in zip(*columns)]


def sheet_figure(sheet: PlaySheet | None = None, marks: Marks | None = None, title: str | None = None) -> go.Figure:
    """The sheet as columns of boxes (box 1 at the top) in its two parts, the tracks the play tracks feed above the
    play tracks, as the printed sheet has them (each part's columns wide enough for their headings and labels at a
    readable size on a phone); with `marks`, that player's checked boxes are shaded grey."""
    sheet = sheet or default_sheet()
    rows = sheet_rows(sheet)
    checked = checked_counts(marks) if marks else dict.fromkeys(rows, 0)
    depths = [max(len(rows[name]) for name in part) for part in PARTS]
    figure = make_subplots(rows=len(PARTS), cols=1, row_heights=depths, vertical_spacing=0.07)
    for index, (part, depth) in enumerate(zip(PARTS, depths), 1):
        def grid(value, checked_value=None, missing=None, part=part, depth=depth):
            return _grid([rows[name] for name in part], [checked[name] for name in part], depth, value, checked_value,
                         missing)

        figure.add_trace(go.Heatmap(
            x=list(part), y=list(range(1, depth + 1)),
            z=grid(lambda c: KINDS.index(c.kind), lambda c: KINDS.index("checked")),
            text=grid(lambda c: c.label, missing=""),
            customdata=grid(lambda c: c.hover, lambda c: c.hover + " (checked)"),
            texttemplate="%{text}", textfont={"size": 12}, hovertemplate="%{customdata}<extra></extra>",
            colorscale=discrete_colorscale(list(COLORS.values())), zmin=-0.5, zmax=len(KINDS) - 0.5, showscale=False,
            xgap=2, ygap=2, hoverongaps=False, name="sheet"), row=index, col=1)
        figure.update_xaxes(side="top", tickvals=list(part), ticktext=[HEADINGS[name] for name in part], tickangle=0,
                            tickfont={"size": 12}, showgrid=False, zeroline=False, row=index, col=1)
        figure.update_yaxes(autorange="reversed", dtick=1, showgrid=False, zeroline=False, tickfont={"size": 11},
                            row=index, col=1)
    figure.update_yaxes(title_text="box (checked from the top down)", row=len(PARTS), col=1)
    add_legend_swatches(figure, COLORS)
    default_title = sheet.name + (f": {checked_words(marks)} checked" if marks else "")
    figure.update_layout(title=title or default_title, height=200 + 28 * sum(depths), plot_bgcolor="rgba(0,0,0,0)",
                         margin={"l": 8, "r": 8}, legend={"font": {"size": 12}})
    marked = f"; {checked_words(marks)} checked, shaded grey" if marks else ""
    describe(figure, f"Grid of boxes in two parts, one column per track ({len(rows)} tracks), coloured by kind of box",
             f"the longest track has {max(depths)} boxes{marked}")
    return figure.update_layout(margin={"t": figure.layout.margin.t + HEADINGS_ROOM},
                                height=figure.layout.height + HEADINGS_ROOM)
