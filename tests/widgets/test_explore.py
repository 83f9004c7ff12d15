"""The odds explorers show the exact figures of `bots.deer_turn_walk` and `analysis.football_odds` for their
controls."""
from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")


from deerbook.charts.deer_odds import shed_distribution  # noqa: E402
from deerbook.bots.deer_advisor import position_for_hand  # noqa: E402
from deerbook.bots.deer_turn_walk import turn_distribution, turn_summary  # noqa: E402
from deerbook.analysis.deer_odds import edition  # noqa: E402
from deerbook.analysis.football_odds import Gain, box_gain, box_sheet, default_game, next_box  # noqa: E402
from deerbook.football.rules import Marks  # noqa: E402
from deerbook.widgets import DeerExplorer, FootballExplorer  # noqa: E402
from deerbook.charts.alternative import plain  # noqa: E402
from deerbook.widgets.explore import INVALID_BORDER, listed  # noqa: E402
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
    assert explorer.summary == turn_summary(dist) and "3, Fox, Joker" in plain(explorer.figure.layout.title.text)


def test_deer_explorer_recomputes_when_a_control_changes():
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=3, others=4, seed=2)
    explorer.hand.value = "5"
    dist = turn_distribution(position_for_hand(edition("deer-cards", 3), ["5"], [1, 4, 4], stream(2)))
    assert explorer.summary["goes_out"] == turn_summary(dist)["goes_out"] > 0
    assert "5" in explorer.figure.layout.title.text


@pytest.mark.parametrize("hand, words", [
    ("3 Fox", "Fox is not a card of the card game (its cards are A, 2, 3"),
    ("99 3 dragon", "99 and dragon are not cards of the card game (its cards are A, 2, 3"),
    ("", "the hand is empty"),
    ("7 7 7 7 7", "the card game has 4 cards of 7; the hand lists 5"),
])
def test_deer_explorer_reports_a_bad_hand_in_words(hand, words):
    explorer = DeerExplorer("deer-cards", hand=hand, players=3, others=4)
    assert explorer.figure is None and explorer.summary == {}
    assert "Cannot compute" in explorer.message.value and words in explorer.message.value
    assert "[" not in explorer.message.value and "'" not in explorer.message.value  # no Python list
    assert explorer.hand.value == hand and explorer.hand.layout.border == INVALID_BORDER  # kept as typed, marked


def test_football_explorer_first_box_of_short_runs():
    explorer = FootballExplorer()
    assert explorer.summary == {"expected yards": Fraction(10, 3), "touchdown": 0, "incomplete": 0}
    assert bars(explorer.figure) == {0: 1 / 3, 5: 2 / 3}
    assert dict(next_box(default_game(), Marks(), 1)) == {Gain(5): Fraction(2, 3), Gain(0): Fraction(1, 3)}


@pytest.mark.parametrize("track, marker, box", [(5, 15, 2), (2, 5, 4), (6, 45, 24)])
def test_football_explorer_matches_the_box_as_the_sheet_numbers_it(track, marker, box):
    explorer = FootballExplorer()
    explorer.track.value, explorer.marker.value, explorer.box.value = track, marker, str(box)
    game = default_game()
    sheet = box_sheet(game, track, box)
    assert sheet.checked[track - 1] == box - 1 and sum(sheet.checked) == box - 1  # box 1 is the first box
    dist = box_gain(game, track, box, marker)
    assert explorer.summary["touchdown"] == dist.probability(lambda g: g.touchdown)
    assert explorer.summary["expected yards"] == dist.expectation(lambda g: g.yards)
    assert bars(explorer.figure) == {k: float(p) for k, p in dist.map(lambda g: g.yards).items()}
    assert f"box {box} of track {track}" in plain(explorer.figure.layout.title.text)


def test_every_box_of_every_track_can_be_picked():
    explorer = FootballExplorer()
    for track in (1, 6):
        explorer.track.value = track
        for box in (1, len(default_game().sheet.track(track))):
            explorer.box.value = str(box)
            assert explorer.figure is not None and explorer.box.layout.border is None


@pytest.mark.parametrize("box, said", [("99", "track 5 has boxes 1 to 24, not 99."), ("0", "not 0."),
                                       ("abc", "“abc” is not a box number.")])
def test_a_box_the_track_lacks_stays_as_typed_and_is_marked(box, said):
    """Box 99 became 24 and "abc" was ignored, both without a word."""
    explorer = FootballExplorer(track=5)
    explorer.box.value = box
    assert explorer.box.value == box and explorer.box.layout.border == INVALID_BORDER
    assert explorer.figure is None and explorer.message.value.endswith(said)
    explorer.box.value = "3"
    assert explorer.figure is not None and explorer.box.layout.border is None


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


def test_switching_the_edition_keeps_the_cards_it_lacks_marked_and_switching_back_restores_them():
    """The hand lost Fox and the Joker when the edition was switched, and did not get them back."""
    explorer = DeerExplorer("deer", hand="3 3 7 Fox Joker", players=3, others=4)
    explorer.edition.value = "deer-cards"
    assert explorer.hand.value == "3 3 7 Fox Joker" and explorer.figure is None
    assert explorer.hand.layout.border == INVALID_BORDER
    assert explorer.message.value.endswith("Fox and Joker are not cards of the card game (its cards are A, 2, 3, 4, "
                                           "5, 6, 7, 8, 9, 10, J, Q, K): switch back to the board game to keep them.")
    explorer.edition.value = "deer"
    assert explorer.hand.value == "3 3 7 Fox Joker" and explorer.figure is not None
    assert explorer.hand.layout.border is None and "Cannot compute" not in explorer.message.value


def test_a_lone_king_reads_in_the_singular_and_comes_back():
    explorer = DeerExplorer("deer-cards", hand="A 3 K", players=3, others=4)
    explorer.edition.value = "deer"
    assert explorer.hand.value == "1 3 K"
    assert explorer.message.value.startswith("The hand in the board game: 1 3 K (A is 1 there). <b>Cannot compute")
    assert "K is not a card of the board game (its cards are 1," in explorer.message.value
    assert explorer.message.value.endswith(": switch back to the card game to keep it.")
    explorer.edition.value = "deer-cards"
    assert explorer.hand.value == "A 3 K" and explorer.figure is not None


def test_cards_renamed_by_a_switch_are_said():
    explorer = DeerExplorer("deer", hand="1 11 12", players=3, others=4)
    explorer.edition.value = "deer-cards"
    assert explorer.hand.value == "A J Q" and explorer.figure is not None
    assert explorer.message.value.startswith("The hand in the card game: A J Q (1 is A, 11 is J and 12 is Q there).")
    explorer.seed.value = "5"  # another change: the notice has been read
    assert not explorer.message.value.startswith("The ")


@pytest.mark.parametrize("control, typed, said", [
    ("players", "9", "a game has 2 to 6 players, not 9."),
    ("players", "abc", "“abc” is not a number of players."),
    ("others", "0", "each other hand holds 1 to 24 cards here, not 0 (at least 1: an empty hand would have ended "
                    "the round; at most the deck's 48 cards besides yours shared by 2 hands)."),
    ("others", "99", "1 to 24 cards here, not 99 (at least 1"),
    ("seed", "x", "“x” is not a deal seed (a whole number)."),
])
def test_a_number_that_cannot_be_used_stays_as_typed_and_is_marked(control, typed, said):
    """9 players became 6 and "abc" was ignored, without a word."""
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=3, others=4)
    getattr(explorer, control).value = typed
    assert getattr(explorer, control).value == typed and getattr(explorer, control).layout.border == INVALID_BORDER
    assert explorer.figure is None and said in explorer.message.value
    assert all(other.layout.border is None for other in explorer.controls if other is not getattr(explorer, control))


def test_the_most_cards_the_others_hold_follows_the_players():
    explorer = DeerExplorer("deer-cards", hand="3 3 7 K", players=4, others=20)
    assert explorer.figure is None and "1 to 16 cards here, not 20" in explorer.message.value
    explorer.players.value = "3"  # more cards for each other hand now: 20 is allowed
    assert explorer.figure is not None and explorer.others.value == "20"


@pytest.mark.parametrize("items, words", [(["dragon"], "dragon"), (["99", "dragon"], "99 and dragon"),
                                          (["a", "b", "c", "b"], "a, b and c")])
def test_a_list_reads_as_a_sentence(items, words):
    assert listed(items) == words


def test_the_chart_follows_the_pages_theme():
    from deerbook.charts.theme import DARK

    explorer = FootballExplorer()
    explorer.theme.dark = True  # what the page's script reports when JupyterLab's theme is dark
    assert explorer.figure.layout.template == DARK
    explorer.theme.dark = False
    assert explorer.figure.layout.template == LIGHT
