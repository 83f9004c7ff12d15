"""The drawn tables: well-formed SVG with the expected pieces, and no card the seat may not see."""
import xml.etree.ElementTree as ET

from deerbook.play import deer_view as deer_view
from deerbook.chapters.deer_examples import roll
from deerbook.engine import make_game
from deerbook.play import football_view as football_view
from deerbook.football.rules import ACTIVE
from deerbook.football.save import position
from deerbook.deer import position as deer_position

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element, cls: str | None = None) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text") if cls is None or t.get("class") == cls]


def hover_titles(root: ET.Element) -> list[str]:
    return [t.text for t in root.iter(f"{NS}title")]


def advanced_position():
    game = make_game("deer", num_players=4, advanced=True)
    start = deer_position(
        game, [["3", "7", "7", "9", "Fox", "Wolf", "Wolf"], ["1", "Joker"], ["4", "5"], ["6", "8"]],
        set_aside=[["10"], ["7", "11"], ["12", "1", "2"], []], pawns=[3, 65, 3, 40], frozen=[False, True, False, False])
    return game, roll(start, 3, "deer_head", 7, "Bear")


def test_deer_board_view_draws_track_dice_hand_and_the_other_hands_as_backs():
    game, state = advanced_position()
    root = parse(deer_view.render_svg(state.observation(0), game, ["human", "greedy", "greedy", "greedy"]))
    titles = hover_titles(root)
    assert [t for t in titles if " on " in t and t.startswith("P")] == [
        "P0 (you) on 3", "P1 (greedy) on 65", "P2 (greedy) on 3", "P3 (greedy) on 40"]
    assert {"Headlights space 3", "Headlights space 63", "Bullseye space 5", "Bullseye space 65"} <= set(titles)
    assert {"die A: 3", "die B: Deer Head", "die C: 7", "predator die: Bear"} <= set(titles)
    assert texts(root, "card") == ["3", "7", "9", "Fox", "Wolf", "10"]  # the hand sorted and grouped, then set-aside
    assert "×2" in texts(root)
    words = " ".join(texts(root))
    assert "2 cards" in words and "2 set aside, frozen" in words and "3 set aside" in words
    assert "Predator pile: 41 cards face down" in words


def test_deer_view_never_shows_another_seats_cards():
    game, state = advanced_position()
    for player in range(4):
        svg = deer_view.render_svg(state.observation(player), game)
        text = deer_view.render_text(state.observation(player), game)
        shown = texts(parse(svg), "card")
        hand = [game.components.cards[k].name for k, c in enumerate(state.hands[player]) if c]
        aside = [game.components.cards[k].name for k, c in enumerate(state.set_aside[player]) if c]
        assert sorted(shown) == sorted(hand + aside)
        if player != 1:
            assert "Joker" not in svg and "Joker" not in text  # only P1 holds the Joker


def test_deer_text_twin_reads_the_same_table():
    game, state = advanced_position()
    text = deer_view.render_text(state.observation(0), game)
    assert "your turn, may block" not in text  # P0 is the roller; P1 decides a block in private
    assert "P1's turn" not in text and "your turn, waiting for another player" in text
    assert "Your hand (7 cards, value 39): 3, 7 ×2, 9, Fox, Wolf ×2" in text
    assert "P1: 2 cards, 2 set aside" in text and "Special spaces: Headlights 3, Bullseye 5" in text
    holder = deer_view.render_text(state.observation(1), game)
    assert "may block" in holder


def test_card_edition_writes_ranks_and_the_race_to_150():
    game = make_game("deer-cards", num_players=3)
    start = deer_position(game, [["A", "J", "Q", "K", "K"], ["2"], ["3"]], pawns=[120, 3, 7])
    root = parse(deer_view.render_svg(start.observation(0), game))
    assert texts(root, "card") == ["A", "J", "Q", "K"]
    assert "Finish 150" in texts(root) and "150" in texts(root)
    assert "Predator pile" not in " ".join(texts(root))
    text = deer_view.render_text(start.observation(0), game)
    assert "race to 150" in text and "A, J, Q, K ×2" in text


def football_position(players: int):
    game = make_game("football", num_players=players)
    marks = {0: dict(checked=(3, 0, 1, 0, 0, 2), breakaway=1, kick=2, power=1, marker=20, touchdowns=1)}
    board = (2, 0, 1, 0, 3, 1)
    return game, position(game, marks=marks, phase=ACTIVE, board=board, power_board=(0, 0, 1, 0, 0, 0),
                          hand=(0, 0, 0, 0, 2, 0), defense=1,
                          **({"defense_marker": 4} if players == 1 else {}))


def test_football_view_draws_field_areas_and_the_play_sheet():
    game, state = football_position(3)
    root = parse(football_view.render_svg(state.observation(0), game))
    titles = hover_titles(root)
    assert "P0 (you): ball on the 20" in titles and "P2: ball on the 45" in titles
    assert sum(t.startswith("play die in area") for t in titles) == 7
    assert titles.count("power die in area 3") == 1
    assert "Defense Die: -5 yards on a run" in titles
    boxes = [r.get("class").split() for r in root.iter(f"{NS}rect") if (r.get("class") or "").startswith("box")]
    for track in range(1, 7):
        assert sum(f"track-{track}" in b for b in boxes) == len(game.sheet.track(track))
    assert sum("breakaway" in b for b in boxes) == len(game.sheet.breakaway) and sum("power" in b for b in boxes) == 6
    checked = {row: sum(row in b and "checked" in b for b in boxes)
               for row in ("track-1", "track-3", "track-6", "breakaway", "kick-range", "power", "yac")}
    assert checked == {"track-1": 3, "track-3": 1, "track-6": 2, "breakaway": 1, "kick-range": 2, "power": 1, "yac": 0}
    words = " ".join(texts(root))
    assert "dice to check: 2 on track 5" in words and "Blitz Bach" not in words
    assert "P0 (you): 13 points" not in words and "P0 (you): 7 points (1 TD, 0 FG)" in words


def test_solo_football_shows_blitz_bach_and_his_chart():
    game, state = football_position(1)
    svg = football_view.render_svg(state.observation(0), game)
    words = " ".join(texts(parse(svg)))
    assert "Blitz Bach: 0 points" in words and "6+ dice 21" in words and "area 4 marker" in words
    text = football_view.render_text(state.observation(0), game)
    assert "Defense Marker on area 4" in text and "Blitz Bach: 0 points" in text
    assert "track 1: 3/24" in text


def test_views_use_theme_colours_and_load_nothing():
    game, state = advanced_position()
    for svg in (deer_view.render_svg(state.observation(0), game),
                football_view.render_svg(football_position(2)[1].observation(0), make_game("football", num_players=2))):
        assert "currentColor" in svg and "http://" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "https://" not in svg and "<image" not in svg and "<script" not in svg


def test_draw_shows_the_seat_drawing_in_a_notebook_and_text_in_print():
    from deerbook.play.views import draw

    game, state = advanced_position()
    drawing = draw(state, 2, ["greedy", "greedy", "human", "greedy"])
    assert drawing._repr_html_().startswith('<div class="deerbook-view"><div class="deerbook-wide"><svg')
    assert str(drawing) == deer_view.render_text(state.observation(2), game, ["greedy", "greedy", "human", "greedy"])
    assert "Your hand (2 cards, value 9): 4, 5" in str(drawing)


def test_standings_in_words_say_you_and_handle_ties():
    game, state = advanced_position()
    observation = state.observation(0)
    assert deer_view.result_text(observation, game, [1], ["human", "greedy", "greedy", "greedy"]) == \
        "P1 (greedy) wins with 65; then you 3, P2 (greedy) 3, P3 (greedy) 40."
    assert deer_view.result_text(observation, game, [0, 2]) == "You and P2 share the win with 3; then P3 40, P1 65."
    football, position_ = football_position(2)
    assert football_view.result_text(position_.observation(1), football, [0, 1]) == (
        "P0 and you share the win with 7 points. The most points wins. P0: 1 touchdown and 0 field goals. "
        "You: 0 touchdowns and 0 field goals.")


def test_the_result_says_why_the_game_ended():
    game = make_game("deer", num_players=3)
    final = deer_position(game, [["1"], ["2"], ["3"]], pawns=[40, 100, 40])
    text = deer_view.result_text(final.observation(0), game, [0], ["human", "greedy", "greedy"])
    assert text == ("You win with 40; then P2 (greedy) 40, P1 (greedy) 100. The game ended after round 1, when "
                    "P1 (greedy) reached Finish (100); the lowest score wins. The tie went to the fewest points in "
                    "the last round.")
    solo = make_game("football", num_players=1)
    lost = position(solo, marks={0: dict(touchdowns=2, field_goals=1)}, blitz=(3, 7, 0, 10, 0, 7), phase="over",
                    turn=6)
    assert football_view.result_text(lost.observation(0), solo, []) == (
        "Blitz Bach wins 27–17: your 2 touchdowns and 1 field goal against his points of 6 rounds (3 + 7 + 0 + 10 + "
        "0 + 7); each round he scored from the area with the most dice once his power dice had cleared the areas "
        "they showed, leaving out the Defense Marker's area.")


def within(root: ET.Element, width: float) -> list[str]:
    """The boxes and texts of a drawing that reach past `width` (a text's extent estimated at 0.58 em a letter)."""
    wide = [f"rect at {r.get('x')}" for r in root.iter(f"{NS}rect")
            if float(r.get("x")) + float(r.get("width")) > width]
    for t in root.iter(f"{NS}text"):
        size, x, anchor = float(t.get("font-size")), float(t.get("x")), t.get("text-anchor", "start")
        extent = 0.58 * size * len(t.text or "") * {"start": 1, "middle": 0.5, "end": 0}[anchor]
        wide += [f"text {t.text!r} reaches {x + extent:.0f}"] * (x + extent > width + 2)
    return wide


def test_a_narrow_page_gets_a_narrow_drawing_with_every_part():
    game, state = advanced_position()
    wide, narrow = (parse(deer_view.render_svg(state.observation(0), game, width=w)) for w in (780, 360))
    assert narrow.get("width") == "360" and sorted(texts(narrow, "card")) == sorted(texts(wide, "card"))
    assert within(narrow, 360) == []
    football, position_ = football_position(1)
    root = parse(football_view.render_svg(position_.observation(0), football, width=360))
    assert within(root, 360) == []
    boxes = [r.get("class") for r in root.iter(f"{NS}rect") if (r.get("class") or "").startswith("box track-1")]
    assert len(boxes) == 24 and sum("checked" in b for b in boxes) == 3  # every box, wrapped: the next one is box 4


def test_views_need_no_plotting_or_widget_library():
    import subprocess
    import sys

    code = ("import sys, deerbook.play.deer_view, deerbook.play.football_view, deerbook.play.views, "
            "deerbook.play.terminal\n"
            "print(sorted(m for m in ('plotly', 'ipywidgets', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120).stdout
    assert out.strip() == "[]"
