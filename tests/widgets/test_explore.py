"""The odds explorers show the exact figures of `bots.deer_turn_walk` and `analysis.football_odds` for their
controls."""
from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")


from deerbook.charts.deer_odds import shed_distribution  # noqa: E402
from deerbook.bots.deer_turn_walk import position_for_hand, turn_distribution, turn_summary  # noqa: E402
from deerbook.analysis.deer_odds import edition  # noqa: E402
from deerbook.analysis.football_odds import Gain, box_gain, box_sheet, default_game, next_box  # noqa: E402
from deerbook.football.rules import Marks  # noqa: E402
from deerbook.widgets import DeerExplorer, FootballExplorer  # noqa: E402
from deerbook.engine.seeding import stream  # noqa: E402
from deerbook.analysis.numbers import chance, decimal  # noqa: E402
from deerbook.charts.theme import LIGHT  # noqa: E402


def bars(figure):
    trace = figure.data[0]
    return dict(zip(trace.x, trace.y))


def test_deer_explorer_shows_the_exact_turn_of_the_hand():
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=3, others=4, seed=2)
    game = edition("deer-cards", 3)
    dist = turn_distribution(position_for_hand(game, ["3", "3", "7", "K"], [4, 4, 4], stream(2)))
    assert explorer.summary == turn_summary(dist)
    assert bars(explorer.figure) == {k: float(p) for k, p in shed_distribution(dist).items()}
    assert f"hand empties {chance(turn_summary(dist)['goes_out'])}" in explorer.message.value
    assert explorer.figure.layout.template == LIGHT  # the book's chart style


def test_deer_explorer_reads_card_names_in_any_case():
    explorer = DeerExplorer("deer", hand="3 fox JOKER", players=3, others=4, seed=2)
    dist = turn_distribution(position_for_hand(edition("deer", 3), ["3", "Fox", "Joker"], [3, 4, 4], stream(2)))
    assert explorer.summary == turn_summary(dist) and "3, Fox, Joker" in explorer.figure.layout.title.text


def test_deer_explorer_recomputes_when_a_control_changes():
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=3, others=4, seed=2)
    explorer.hand.value = "5"
    dist = turn_distribution(position_for_hand(edition("deer-cards", 3), ["5"], [1, 4, 4], stream(2)))
    assert explorer.summary["goes_out"] == turn_summary(dist)["goes_out"] > 0
    assert "5" in explorer.figure.layout.title.text


@pytest.mark.parametrize("hand, words", [
    ("3 Fox", "Fox is not a card of the card game; its cards are A, 2, 3"),
    ("", "the hand is empty"),
    ("7 7 7 7 7", "the card game has 4 cards of 7; the hand lists 5"),
])
def test_deer_explorer_reports_a_bad_hand_in_words(hand, words):
    explorer = DeerExplorer("deer-cards", hand=hand, players=3, others=4)
    assert explorer.figure is None and explorer.summary == {}
    assert "Cannot compute" in explorer.message.value and words in explorer.message.value
    assert "[" not in explorer.message.value and "'" not in explorer.message.value  # no Python list


def test_football_explorer_first_box_of_short_runs():
    explorer = FootballExplorer()
    assert explorer.summary == {"expected yards": Fraction(10, 3), "touchdown": 0, "incomplete": 0}
    assert bars(explorer.figure) == {0: 1 / 3, 5: 2 / 3}
    assert dict(next_box(default_game(), Marks(), 1)) == {Gain(5): Fraction(2, 3), Gain(0): Fraction(1, 3)}


@pytest.mark.parametrize("track, marker, box", [(5, 15, 2), (2, 5, 4), (6, 45, 24)])
def test_football_explorer_matches_the_box_as_the_sheet_numbers_it(track, marker, box):
    explorer = FootballExplorer()
    explorer.track.value, explorer.marker.value, explorer.box.value = track, marker, box
    game = default_game()
    sheet = box_sheet(game, track, box)
    assert sheet.checked[track - 1] == box - 1 and sum(sheet.checked) == box - 1  # box 1 is the first box
    dist = box_gain(game, track, box, marker)
    assert explorer.summary["touchdown"] == dist.probability(lambda g: g.touchdown)
    assert explorer.summary["expected yards"] == dist.expectation(lambda g: g.yards)
    assert bars(explorer.figure) == {k: float(p) for k, p in dist.map(lambda g: g.yards).items()}
    assert f"box {box} of track {track}" in explorer.figure.layout.title.text


def test_every_box_of_every_track_can_be_picked():
    explorer = FootballExplorer()
    for track in (1, 6):
        explorer.track.value = track
        assert (explorer.box.min, explorer.box.max) == (1, len(default_game().sheet.track(track)))
        explorer.box.value = explorer.box.max
        assert explorer.figure is not None


def test_box_sheet_refuses_a_box_the_track_lacks():
    with pytest.raises(ValueError, match="track 2 has boxes 1 to"):
        box_sheet(default_game(), 2, 0)


def test_the_chart_is_the_output_widgets_content():
    explorer = FootballExplorer()
    (shown,) = explorer.output.outputs
    assert shown["data"]["application/vnd.plotly.v1+json"]["data"][0]["x"] == [0, 5]


def test_an_explorer_shows_its_settings_and_figures_where_widgets_cannot_run():
    explorer = DeerExplorer()
    bundle = explorer.widget._repr_mimebundle_()
    assert "VBox(" not in bundle["text/plain"] and "hand: 3 3 7 Fox Joker" in bundle["text/plain"]
    assert bundle["text/html"].startswith("<p><b>Odds explorer</b>") and "hand empties" in bundle["text/html"]
    assert f"net points shed {decimal(explorer.summary['net'])}, " in bundle["text/plain"]


@pytest.mark.parametrize("hand, now, said", [
    ("3 3 7 Fox Joker", "3 3 7", "The hand in the card game: 3 3 7 (Fox and Joker left out: the card game has no "
                                 "such card)."),
    ("1 11 12", "A J Q", "The hand in the card game: A J Q."),
    ("Fox Wolf", "3 3 7 K", "The card game has none of those cards: the hand is now its example, 3 3 7 K."),
])
def test_switching_the_edition_adapts_the_hand_and_says_so(hand, now, said):
    explorer = DeerExplorer("deer", hand=hand, players=3, others=4)
    explorer.edition.value = "deer-cards"
    assert explorer.hand.value == now and explorer.message.value.startswith(said)
    assert explorer.figure is not None and "Cannot compute" not in explorer.message.value
    explorer.seed.value = 5  # another change: the notice has been read
    assert not explorer.message.value.startswith("The ")


def test_back_to_the_board_game_the_king_is_left_out():
    explorer = DeerExplorer("deer-cards", hand="A 3 K", players=3, others=4)
    explorer.edition.value = "deer"
    assert explorer.hand.value == "1 3" and "K left out" in explorer.message.value


@pytest.mark.parametrize("others, held, said", [
    (0, 1, "Each other hand holds at least 1 card (an empty hand would have ended the round)."),
    (20, 16, "Each other hand holds at most 16 cards here: the deck has 48 cards besides yours."),
])
def test_others_hold_is_kept_to_what_a_round_in_play_allows(others, held, said):
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=4, others=others)
    assert explorer.others.value == held and explorer.message.value.startswith(said)
    assert explorer.figure is not None and "hand is empty" not in explorer.message.value
    explorer.players.value = 3  # more cards for each other hand now: the most allowed grows
    assert explorer.others.max == 24


def test_the_chart_follows_the_pages_theme():
    from deerbook.charts.theme import DARK

    explorer = FootballExplorer()
    explorer.theme.dark = True  # what the page's script reports when JupyterLab's theme is dark
    assert explorer.figure.layout.template == DARK
    explorer.theme.dark = False
    assert explorer.figure.layout.template == LIGHT
