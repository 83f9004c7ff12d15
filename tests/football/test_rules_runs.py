"""A run of decisions followed on the few fields it changes (`rules.checks_in_a_row`, `rules.taken_hand`) is the run
that `apply` plays in full."""
from deerbook.analysis.positions import decision_states
from deerbook.engine import make_game
from deerbook.football.rules import ACTIVE, checks_in_a_row, taken_hand


def test_checks_in_a_row_are_the_hands_checks_applied_one_by_one():
    """The marks, the hand left and the waiting wild box of applying an active hand's only check in turn."""
    states = [s for players in (1, 2, 3) for seed in range(4)
              for s in decision_states(make_game("football", num_players=players), ["random"] * players, seed)
              if s.phase == ACTIVE and not s.wild_from]
    waits = 0
    for state in states:
        marks, hand, wild_from = checks_in_a_row(state.me, state.hand, state.game.sheet, state.defense)
        actor, after = state.actor, state
        while after.phase == ACTIVE and not after.wild_from and any(after.hand):
            after = after.apply(next(a for a in after.legal_actions() if a.kind == "check"))
        assert marks == after.marks[actor]
        if wild_from:
            waits += 1
            assert (after.phase, after.hand, after.wild_from) == (ACTIVE, hand, wild_from)
        else:
            assert not any(hand) and (not after.wild_from or after.phase != ACTIVE)
    assert len(states) > 100 and waits > 5


def test_an_area_taken_puts_all_its_dice_on_its_track(two):
    state = decision_states(two, ["greedy"] * 2, 0)[0]
    take = next(a for a in state.legal_actions() if a.kind == "take")
    track = take.args[0]
    assert state.apply(take).hand == taken_hand(track, state.board[track - 1] + state.power_board[track - 1])
