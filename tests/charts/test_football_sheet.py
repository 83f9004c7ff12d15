"""The sheet picture shows exactly the sheet's boxes (checked against the sheet data, not pixels)."""
import pytest

pytest.importorskip("plotly")

from deerbook.charts.football_sheet import COLORS, KINDS, PLAY_ROWS, sheet_figure, sheet_rows  # noqa: E402
from deerbook.football.rules import Marks  # noqa: E402
from deerbook.football.sheet import default_sheet  # noqa: E402
from deerbook.charts.alternative import plain  # noqa: E402

SHEET = default_sheet()


def heatmaps(figure):
    return [trace for trace in figure.data if trace.type == "heatmap"]


def row(figure, name, field="text"):
    """A track's boxes, box 1 first (the sheet is drawn with one column per track)."""
    trace = next(trace for trace in heatmaps(figure) if name in trace.x)
    column = list(trace.x).index(name)
    return [boxes[column] for boxes in getattr(trace, field)]


def test_columns_are_the_sheet_tracks_top_part_first_and_rows_the_boxes_from_1():
    figure = sheet_figure()
    top, play = heatmaps(figure)
    assert list(top.x) == ["Kick Range", "Power Dice", "Breakaway", "YAC"] and list(play.x) == list(PLAY_ROWS)
    assert list(top.y) == list(range(1, 13)) and list(play.y) == list(range(1, 25))
    assert figure.layout.yaxis.domain[0] > figure.layout.yaxis2.domain[1]  # the tracks fed above the play tracks
    # On a phone a part's columns share about 300 px: each heading fits its column at 12 px (about 7 px a letter).
    for axis, columns in ((figure.layout.xaxis, 4), (figure.layout.xaxis2, 6)):
        assert axis.tickfont.size == 12 and all(7 * len(heading) <= 300 / columns for heading in axis.ticktext)


def test_play_track_labels_follow_the_box_codes():
    figure = sheet_figure()
    for track, name in enumerate(PLAY_ROWS, 1):
        for label, box in zip(row(figure, name), SHEET.track(track)):
            expected = {"chain": "①②③④⑤⑥"[box.target - 1], "wild": "★", "kick": "K", "power": "P",
                        "empty": ""}.get(box.action, box.code)
            assert label == expected
    assert row(figure, "1 short runs")[:3] == ["5B", "", "5B"]  # Doug's breakaway example
    assert row(figure, "5 medium passes")[:3] == ["★", "20", "②"]  # Gina's wild chain


def test_bonus_and_tally_rows_hold_the_sheet_values():
    figure = sheet_figure()
    assert row(figure, "Breakaway")[:len(SHEET.breakaway)] == [str(y) if y else "" for y in SHEET.breakaway]
    assert row(figure, "YAC")[:len(SHEET.yac)] == [str(y) if y else "" for y in SHEET.yac]
    assert row(figure, "Kick Range")[:6] == [str(r) for r in SHEET.kick_range]
    assert row(figure, "Power Dice")[:6] == ["1", "2", "3", "4", "5", "6"]
    assert row(figure, "Kick Range")[6:] == [""] * 6 and row(figure, "Kick Range", "z")[6:] == [None] * 6  # of 12 rows


def test_colours_and_hover_name_each_box():
    rows = sheet_rows(SHEET)
    figure = sheet_figure()
    assert row(figure, "2 medium runs", "z") == [KINDS.index(cell.kind) for cell in rows["2 medium runs"]]
    assert row(figure, "1 short runs", "customdata")[0] == "track 1, box 1: 5-yard run + Breakaway"
    assert [t.name for t in figure.data[2:]] == list(COLORS)  # the legend
    assert figure.layout.title.text == SHEET.name


def test_checked_boxes_are_shaded():
    marks = Marks(checked=(3, 0, 0, 0, 2, 0), breakaway=2, kick=1, power=1)
    figure = sheet_figure(marks=marks)
    checked = KINDS.index("checked")
    assert row(figure, "1 short runs", "z")[:4] == [checked] * 3 + [KINDS.index("run")]
    assert row(figure, "1 short runs", "text")[:3] == ["5B", "", "5B"]  # contents stay readable
    assert row(figure, "5 medium passes", "customdata")[1].endswith("(checked)")
    assert sum(v == checked for trace in heatmaps(figure) for r in trace.z for v in r) == 3 + 2 + 2 + 1 + 1
    words = "5 boxes of the play tracks and 4 of the tracks above them (Kick Range 1, Power Dice 1, Breakaway 2)"
    assert f"{words} checked" in plain(figure.layout.title.text) and words in figure.layout.meta["description"]


def test_the_column_headings_have_room_under_the_title():
    """The first part's headings stand above it, in the top margin: they were drawn over the title."""
    from deerbook.charts.football_sheet import HEADINGS_ROOM
    from deerbook.charts.titles import BREAK, title_top

    figure = sheet_figure(SHEET)
    lines = len(BREAK.split(figure.layout.title.text))
    assert figure.layout.margin.t == title_top(lines) + HEADINGS_ROOM
