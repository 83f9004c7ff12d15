from fractions import Fraction
from math import prod

from deerbook.analysis.football_solo_size import opening_rolls, positions_at_first_decision, turn_starts
from deerbook.engine import make_game

SOLO = make_game("football", num_players=1)


def test_the_first_decision_starts_from_every_outcome_of_the_opening_rolls():
    """Each roll before the first decision gives a different position for each of its outcomes (so their product
    counts positions), and after them the game waits for a decision."""
    state, counts = SOLO.initial_state(), []
    while state.is_chance_node():
        after = [state.apply(action) for action, _ in state.chance_outcomes()]
        assert len(set(after)) == len(after)
        counts.append(len(after))
        state = after[-1]
    assert not state.is_terminal() and state.legal_actions()
    assert [count for _, count in opening_rolls(SOLO)] == counts == [3, 6, 4368, 6]
    assert positions_at_first_decision(SOLO) == 471_744 == prod(counts)


def test_the_play_rolls_outcomes_are_every_way_eleven_dice_fall_on_six_areas():
    state = SOLO.initial_state()
    while str(state.phase) != "play roll":
        state = state.apply(state.chance_outcomes()[0][0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 4368 == 16 * 15 * 14 * 13 * 12 // 120  # multisets of 11 dice over 6 faces: C(16, 5)
    assert sum(p for _, p in outcomes) == Fraction(1)


def test_turn_starts_are_one_per_game_before_the_turns_defense_die():
    starts = turn_starts(SOLO, ["greedy"], 5, 2, 11)
    assert len(starts) == 5 and all(s.turn == 2 and str(s.phase) == "defense roll" for s in starts)
    assert turn_starts(SOLO, ["greedy"], 3, 999, 11) == []  # no game lasts that long
    assert turn_starts(SOLO, ["greedy"], 5, 2, 11) == starts  # seeded
