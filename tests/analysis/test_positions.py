"""Decision states (`analysis.positions`, one for every game) and the decisions the book asks each game's advisor
about (`analysis.deer_positions`, `analysis.football_positions`)."""
from deerbook.analysis import deer_positions, football_positions
from deerbook.analysis.positions import decision_states
from deerbook.engine import make_game, play
from deerbook.engine.registry import make_agents


def test_decision_states_are_every_seat_to_move_of_the_seeded_game_in_order():
    game = make_game("toy-race", num_players=2)
    states = decision_states(game, ["random", "random"], 4)
    seen = []
    play(game, make_agents(game, ["random", "random"]), 4, on_step=lambda state, _: seen.append(state))
    assert states == [state for state in seen if state.current_player() >= 0] and states
    assert decision_states(game, ["random", "random"], 4) == states


def test_each_game_keeps_the_kinds_its_advisor_is_asked_about():
    deer = deer_positions.decision_positions(seed=3)
    football = football_positions.decision_positions(seed=7)
    assert deer and {s.phase for s in deer} <= set(deer_positions.ADVISOR_QUESTIONS)
    assert all(len(s.legal_actions()) > 1 for s in deer)
    assert football and {s.phase for s in football} == set(football_positions.ADVISOR_QUESTIONS)
