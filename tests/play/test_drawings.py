"""The table drawings a reader can read: no text under 11 px at any width a page lays them out for, nothing past the
drawing's edge, a wide and a phone layout in a notebook's output, and no light panel behind them.

Every drawing is laid out for the width it is shown at (never shrunk to it), so its own font sizes are the sizes a
reader sees; the built book's browser test (tests/built_book/test_book_build.py) measures the same on the pages, at
390 px.
"""
import xml.etree.ElementTree as ET

import pytest

from deerbook.engine import make_game, play
from deerbook.engine.registry import make_agents
from deerbook.play import deer_view, football_view
from deerbook.play.drawing import NARROW, SMALLEST, WIDE
from deerbook.play.views import draw

NS = "{http://www.w3.org/2000/svg}"
#: The widths a drawing is laid out for: the play page's narrowest and widest, a phone's, a notebook's.
WIDTHS = (300, NARROW, 390, 520, WIDE, 780)
GAMES = [("deer", {"num_players": 3}), ("deer", {"num_players": 6, "advanced": True}),
         ("deer-cards", {"num_players": 4}), ("football", {"num_players": 1}), ("football", {"num_players": 4})]


def positions(name: str, options: dict, every: int = 9) -> list:
    """Every `every`-th position of a seeded game between random players (each phase of a game comes up)."""
    game = make_game(name, **options)
    seen: list = []
    play(game, make_agents(game, ["random"] * game.num_players), 5, on_step=lambda state, _: seen.append(state))
    return seen[::every]


def extent(text: ET.Element) -> tuple[float, float]:
    """Where a text reaches left and right (its letters estimated at 0.58 em, as tests/play/test_views.py does)."""
    size, x, anchor = float(text.get("font-size")), float(text.get("x")), text.get("text-anchor", "start")
    length = 0.58 * size * len(text.text or "")
    left = x - length * {"start": 0, "middle": 0.5, "end": 1}[anchor]
    return left, left + length


@pytest.mark.parametrize("name, options", GAMES, ids=lambda value: str(value))
def test_no_text_is_smaller_than_11_px_nor_past_the_edge_at_any_width(name, options):
    view = deer_view if name.startswith("deer") else football_view
    states = positions(name, options)
    assert len(states) > 5
    for state in states:
        for width in WIDTHS:
            root = ET.fromstring(view.render_svg(state.observation(0), state.game, width=width))
            assert root.get("width") == str(width)
            sizes = [float(t.get("font-size")) for t in root.iter(f"{NS}text")]
            assert min(sizes) >= SMALLEST == 11, (width, min(sizes))
            outside = [t.text for t in root.iter(f"{NS}text") if not -2 <= extent(t)[0] <= extent(t)[1] <= width + 2]
            assert outside == [], (width, state.phase, outside)


def test_a_notebook_drawing_carries_a_wide_and_a_phone_layout():
    game = make_game("football", num_players=1)
    html = draw(game.initial_state())._repr_html_()
    wide, narrow = html.split('<div class="deerbook-narrow" style="display: none">')
    assert f'width="{WIDE}"' in wide and f'width="{NARROW}"' in narrow and f'width="{WIDE}"' not in narrow
    assert html.startswith('<div class="deerbook-view"><div class="deerbook-wide"><svg')


@pytest.mark.parametrize("name", ["deer", "football"])
def test_a_drawing_has_no_light_panel_behind_it(name):
    """On a dark page the drawing's background is the page's: no box covers most of it (cards, dice and sheet boxes
    carry their own small fills), and its words take the page's colour."""
    state = positions(name, {"num_players": 2})[3]
    for svg in (draw(state).svg, draw(state).narrow):
        root = ET.fromstring(svg)
        width, height = float(root.get("width")), float(root.get("height"))
        filled = [r for r in root.iter(f"{NS}rect") if r.get("fill") not in (None, "none")
                  and float(r.get("width")) * float(r.get("height")) > width * height / 4]
        assert filled == [] and root.get("fill") == "currentColor"


def test_a_count_of_one_card_reads_in_the_singular():
    from deerbook.deer import position

    game = make_game("deer", num_players=3)
    state = position(game, [["9"], ["10"], ["3", "4"]])
    text = str(draw(state))
    assert "Your hand (1 card, value 9)" in text and "P1: 1 card\n" in text and "P2: 2 cards" in text
    assert "Your hand: 1 card, value 9" in draw(state).svg


def pawn_discs(svg: str) -> list[tuple[float, float, float]]:
    """(x, y, r) of every pawn drawn on the track (a disc labelled "… on N")."""
    root = ET.fromstring(svg)
    return [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in root.iter(f"{NS}circle")
            if " on " in (c.findtext(f"{NS}title") or "")]


def hidden_pairs(discs: list[tuple[float, float, float]]) -> list:
    """The pairs of discs whose bounding boxes overlap (one covers part of the other)."""
    return [(a, b) for i, a in enumerate(discs) for b in discs[i + 1:]
            if abs(a[0] - b[0]) < a[2] + b[2] and abs(a[1] - b[1]) < a[2] + b[2]]


@pytest.mark.parametrize("players", range(2, 7))
def test_pawns_on_nearby_spaces_fan_out_so_none_hides_another(players):
    """Pawns on 28 and 29 drew one over the other; now every run of pawns on neighbouring spaces (every start on the
    track, spaces 0 to 3 apart) and every pair of spaces up to 4 apart is drawn with no disc over another, at a
    phone's width and a notebook's."""
    game = make_game("deer", num_players=players)
    o = game.initial_state().observation(0)
    finish = game.components.finish
    layouts = [[start + (seat * spread) % (spread * players + 1) for seat in range(players)]
               for start in range(finish + 1) for spread in range(4)]
    layouts += [[a, a + gap] + [0] * (players - 2) for a in range(finish) for gap in range(5)]
    for pawns in layouts:
        for width in (NARROW, WIDE):
            discs = pawn_discs(deer_view.render_svg({**o, "pawns": pawns}, game, width=width))
            assert len(discs) == players and hidden_pairs(discs) == [], (pawns, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_football_sheet_shows_every_box_of_every_row_at_any_width(width):
    """On a phone the sheet showed boxes 1–7 of each 24-box track; now a row's boxes wrap onto more lines, every box
    drawn inside the drawing and none over another."""
    game = make_game("football", num_players=1)
    state = positions("football", {"num_players": 1})[-1]
    root = ET.fromstring(football_view.render_svg(state.observation(0), game, width=width))
    boxes = [r for r in root.iter(f"{NS}rect") if "box" in (r.get("class") or "").split()]
    for track in range(1, 7):
        row = [r for r in boxes if f"track-{track}" in r.get("class").split()]
        assert len(row) == len(game.sheet.track(track)), (width, track)
    spots = [(float(r.get("x")), float(r.get("y"))) for r in boxes]
    assert len(set(spots)) == len(spots)
    assert all(0 <= x and x + float(r.get("width")) <= width for (x, _), r in zip(spots, boxes))
