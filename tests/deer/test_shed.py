"""Which cards a chart effect takes out of a hand: one rules function (`moved_numbers`), read by the
transitions and by the greedy agent's points-shed estimate alike."""
import itertools

import pytest

from deer_helpers import DH, RD, position, roll
from deerbook.bots.deer_greedy import GreedyAgent, shed_points
from deerbook.deer.rules import group_target, hand_value, moved_numbers
from deerbook.engine import make_game
from deerbook.engine.seeding import stream

BOARD = make_game("deer", num_players=3).components


@pytest.mark.parametrize("faces, chosen, moved", [
    ((1, 2, 4), (), (1, 2, 4)),  # Ruling 2: three numbers
    ((1, 2, DH), (), (1, 2)),  # Ruling 3: two numbers + Deer Head, passed
    ((1, 2, RD), (12,), (1, 2, 12)),  # Ruling 4: both numbers and the chosen third
    ((3, DH, RD), (), (1, 3, 5, 7, 9, 11)),  # Ruling 5: every number of the rolled one's parity
    ((RD, RD, 8), (), (8,)),  # Ruling 6: the number (its groups are chosen on top)
    ((DH, DH, RD), (5, 11), (5, 11)),  # Ruling 8: the two chosen numbers
    ((6, DH, DH), (), ()),  # Ruling 7: frozen, nothing moves
    ((DH, DH, DH), (), ()),  # Ruling 10: the discard pile comes in, nothing goes out
])
def test_each_effect_moves_the_cards_its_ruling_names(faces, chosen, moved):
    row = BOARD.chart_row(faces)
    assert moved_numbers(BOARD, row, tuple(f for f in faces if isinstance(f, int)), chosen) == moved


def test_only_the_sums_effect_passes_groups_worth_the_rolled_number():
    assert group_target(BOARD, BOARD.chart_row((RD, RD, 8)), (8,)) == 8
    assert group_target(BOARD, BOARD.chart_row((1, 2, DH)), (1, 2)) == 0


NUMBER_ACTION_PHASES = {"choose_number", "group", "pass"}


@pytest.mark.parametrize("edition", ["deer", "deer-cards"])
def test_greedy_shed_points_are_what_its_play_of_every_roll_takes_out_of_the_hand(edition):
    """For every number-dice roll, the agent's estimate equals the points the rules then move out of a hand
    holding two of every number card (its choices and Ruling 6 groups played by the agent itself)."""
    comp = make_game(edition, num_players=3).components
    numbers = [k.name for k in comp.cards if k.category == "number"]
    start = position([numbers * 2, numbers[:1], numbers[1:2]], edition=edition)
    predator = ("Bear",) if comp.predator_die else ()  # a predator the hand lacks: no predator phase follows
    agent = GreedyAgent()
    for faces in itertools.product(*(dict.fromkeys(die_faces) for _, die_faces in comp.number_dice)):
        s = roll(start, *faces, *predator)
        while s.phase in NUMBER_ACTION_PHASES:
            s = s.apply(agent.act(s.observation(s.current_player()), s.legal_actions(), stream(0)))
        shed = hand_value(comp, start.hands[0]) - hand_value(comp, s.hands[0])
        assert shed == shed_points(comp, start.hands[0], start.discard, faces + predator), faces
