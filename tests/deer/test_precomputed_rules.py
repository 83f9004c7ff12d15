"""What the step loop reads precomputed agrees with the rules' own functions: a roll's facts (the rolled numbers'
cards, the numbers a row lets the roller choose, Ruling 6's group target), the cards a Ruling 6 group can hold, a
number set's kinds and mask, and the Table's roll facts after a Joker changes the roll."""
import itertools
import random

import pytest

from deerbook.deer.rules import Table, choosable_numbers, group_target, sum_groups
from deerbook.deer.rules.cards import group_caps, group_options, roll_facts
from deerbook.engine import make_game
from deerbook.engine.frozen import field_values

EDITIONS = ["deer", "deer-cards"]


def rolls(comp):
    """Every roll of the dice, and some with a Joker's number on a die."""
    rolled = [action.args for action, _ in comp.roll_outcomes]
    return rolled + [roll[:die] + (number,) + roll[die + 1:] for roll in rolled[:40]
                     for die in range(len(comp.number_dice)) for number in comp.numbers]


@pytest.mark.parametrize("name", EDITIONS)
def test_a_rolls_facts_hold_its_numbers_cards_choices_and_group_target(name):
    comp = make_game(name, num_players=4).components
    for roll in rolls(comp):
        facts = roll_facts(comp, roll)
        assert (facts.rolled_kinds, facts.rolled_mask) == comp.number_set(facts.numbers)
        assert facts.rolled_kinds == comp.numbers_kinds(facts.numbers)
        assert facts.rolled_mask == comp.numbers_mask(facts.numbers)
        row = facts.row
        assert facts.choosable == (choosable_numbers(comp, roll, row) if row.choices else ())
        assert facts.group_target == (group_target(comp, row, facts.numbers) if facts.numbers else 0)


@pytest.mark.parametrize("name", EDITIONS)
def test_groups_found_from_the_cards_a_group_can_hold_are_the_groups_of_the_whole_hand(name):
    comp = make_game(name, num_players=4).components
    rng = random.Random(5)
    targets = sorted({comp.points[k] for k in comp.number_kind.values()})
    found = 0
    for target, _ in itertools.product(targets, range(60)):
        available = tuple(rng.randrange(5) if k in comp.number_kind.values() else rng.randrange(3)
                          for k in range(len(comp.cards)))
        pool = tuple(min(count, cap) for count, cap in zip(available, group_caps(comp, target)))
        assert sum_groups(comp, pool, target) == sum_groups(comp, available, target)
        found += bool(sum_groups(comp, available, target))
    assert found > 50  # most draws hold groups


def test_a_group_can_hold_only_number_cards_worth_less_than_its_target():
    comp = make_game("deer-cards", num_players=4).components
    caps = group_caps(comp, 7)
    assert [caps[comp.number_kind[n]] for n in comp.numbers] == [7, 3, 2, 1, 1, 1] + [0] * 7


def test_the_group_options_of_a_position_are_those_of_the_whole_hand():
    game = make_game("deer-cards", num_players=4)
    comp, seen = game.components, 0
    for seed in range(30):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_terminal():
            if state.phase == "group":
                available = tuple(h - p for h, p in zip(state.hands[state.current], state.to_pass))
                target = group_target(comp, comp.chart_row(state.roll), roll_facts(comp, state.roll).numbers)
                assert group_options(state) == sum_groups(comp, available, target)
                seen += 1
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
    assert seen > 20


def test_the_tables_roll_facts_follow_the_roll_when_a_joker_changes_it():
    game = make_game("deer", num_players=4)
    comp = game.components
    first, second = (action.args for action, _ in comp.roll_outcomes[:2])
    table = Table(field_values(game.initial_state()))
    table.roll = first
    assert table.facts() == roll_facts(comp, first) and table.row() == comp.chart_row(first)
    table.roll = second[:1] + (comp.numbers[0],) + second[2:]  # a new tuple, as a Joker's number makes
    assert table.facts() == roll_facts(comp, table.roll)
    assert table.numbers_rolled() == roll_facts(comp, table.roll).numbers
    table.roll = None
    with pytest.raises(AssertionError, match="no roll"):
        table.facts()
