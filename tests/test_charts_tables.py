"""The table pictures of the first chapter are drawn from the component data and the engine's deal."""
import pytest

pytest.importorskip("plotly")

from deerbook.charts.tables import dealt_hands, deer_table_figure  # noqa: E402
from deerbook.engine import make_game  # noqa: E402


@pytest.mark.parametrize("name, players", [("deer", 4), ("deer", 3), ("deer-cards", 4), ("deer-cards", 5)])
def test_every_card_is_dealt(name, players):
    comp = make_game(name, num_players=players).components
    hands = dealt_hands(name, players)
    assert len(hands) == players and sum(hands) == sum(comp.deck(players))
    assert max(hands) - min(hands) <= 1  # dealt one at a time around the table


@pytest.mark.parametrize("name", ["deer", "deer-cards"])
def test_table_shows_track_dice_faces_and_hands(name):
    comp = make_game(name, num_players=4).components
    fig = deer_table_figure(name, players=4)
    traces = {trace.name: trace for trace in fig.data}
    assert list(traces["pawns"].x) == [0, 0, 0, 0]
    assert fig.layout.shapes[0].x1 == comp.finish  # the score track runs to the finish
    specials = sorted(comp.bullseye_spaces + comp.headlights_spaces)
    drawn = sorted(traces["special space"].x) if "special space" in traces else []
    assert drawn == specials
    dice = [faces for _, faces in comp.number_dice] + ([comp.predator_die] if comp.predator_die else [])
    assert len(traces["dice"].x) == len(dice)
    assert [a.text.split("<br>") for a in fig.layout.annotations] == [
        [word for f in die for word in str(comp.face_name(f)).split()] for die in dice]
    assert [int(t) for t in traces["hands"].text] == dealt_hands(name, 4)
    assert fig.layout.title.text
