"""The How to play pictures are drawn from the component data and the engine's deal (checked against the data)."""
import pytest

pytest.importorskip("plotly")

from deerbook.charts.tables import (CARD_COLORS, CARDS_PER_ROW, board_figure, card_kind, cards_figure,  # noqa: E402
                                    dice_figure)
from deerbook.chapters.lessons import dealt_hands  # noqa: E402
from deerbook.engine import make_game  # noqa: E402

EDITIONS = ["deer", "deer-cards"]


def components(name):
    return make_game(name, num_players=4).components


@pytest.mark.parametrize("name, players", [("deer", 4), ("deer", 3), ("deer-cards", 4), ("deer-cards", 5)])
def test_every_card_is_dealt(name, players):
    comp = make_game(name, num_players=players).components
    hands = dealt_hands(name, players)
    assert len(hands) == players and sum(hands) == sum(comp.deck(players))
    assert max(hands) - min(hands) <= 1  # dealt one at a time around the table


@pytest.mark.parametrize("name", EDITIONS)
def test_dice_picture_shows_every_face_of_every_die(name):
    comp = components(name)
    dice = [faces for _, faces in comp.number_dice] + ([comp.predator_die] if comp.predator_die else [])
    trace = dice_figure(name).data[0]  # one column per die, one row per face
    assert [[text.replace("<br>", " ") for text in row] for row in trace.text] == [
        [str(comp.face_name(face)) for face in faces] for faces in zip(*dice)]
    assert len(trace.x) == len(dice) == (4 if comp.predator_die else 3) and list(trace.y) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("name", EDITIONS)
def test_cards_picture_shows_every_kind_with_points_and_count(name):
    comp = components(name)
    fig = cards_figure(name)
    cells = [text for row in fig.data[0].text for text in row if text]
    assert len(cells) == len(comp.cards) and all(text in ("", *cells) for row in fig.data[0].text for text in row)
    for card, text in zip(comp.cards, cells):
        assert text.startswith(f"<b>{card.name}</b><br>{card.points} pt") and text.endswith(f"×{card.count}")
    assert all(len(row) == CARDS_PER_ROW for row in fig.data[0].z)
    assert f"The {sum(comp.full_deck)} cards" in fig.layout.title.text
    assert {trace.name for trace in fig.data[1:]} == {card_kind(comp, i) for i in range(len(comp.cards))}
    assert {trace.name for trace in fig.data[1:]} <= set(CARD_COLORS)


def test_board_picture_marks_the_special_spaces_and_finish():
    comp = components("deer")
    fig = board_figure("deer")
    spaces = {trace.name: sorted(trace.x) for trace in fig.data if trace.name.endswith("space")}
    assert spaces == {"Deer in the Headlights space": sorted(comp.headlights_spaces),
                      "Bullseye space": sorted(comp.bullseye_spaces)}
    assert fig.layout.shapes[0].x1 == comp.finish and str(comp.finish) in fig.layout.title.text
