"""`rules.roll_facts`, a roll's facts worked out once per roll, reads every roll as the rules' functions read it."""
import pytest

from deerbook.deer.components import DEER_HEAD, EFFECTS
from deerbook.deer.rules import Phase, loses_turn, moved_numbers, rolled_faces, rolled_numbers
from deerbook.deer.rules.cards import roll_facts
from deerbook.engine import make_game


@pytest.mark.parametrize("name", ["deer", "deer-cards"])
def test_roll_facts_agree_with_the_rules_for_every_roll_and_joker_number(name):
    comp = make_game(name, num_players=4).components
    rolls = [action.args for action, _ in comp.roll_outcomes]
    jokered = [roll[:die] + (number,) + roll[die + 1:] for roll in rolls[:50] for die in range(len(comp.number_dice))
               for number in comp.numbers]  # a Joker makes a die show a number
    for roll in rolls + jokered:
        facts = roll_facts(comp, roll)
        assert facts.row == comp.chart_row(roll)
        assert facts.numbers == rolled_numbers(comp, roll)
        assert facts.predator == comp.predator_face(roll)
        assert (not facts.deer_head) == loses_turn(comp, Phase.REROLL, False, roll)
        assert facts.deer_head == (DEER_HEAD in rolled_faces(comp, roll))
        assert facts.moves == EFFECTS[facts.row.effect].moves
        if not facts.row.choices:
            moved = moved_numbers(comp, facts.row, facts.numbers)
            assert facts.moved_kinds == comp.numbers_kinds(moved) and facts.moved_mask == comp.numbers_mask(moved)
