"""The search agent's Football rollouts open from the candidate's opening, worked out once (`SearchAgent.opening`),
and value every candidate exactly as playing each decision and its dice in turn does."""
import random
from dataclasses import replace

from deerbook.bots.search import SearchAgent, football_value, greedy_move
from deerbook.engine import make_game, play
from deerbook.engine.registry import make_agents


def decisions(game, seed: int) -> list:
    """Every fifth decision state with a choice, met in a greedy game."""
    states = []
    play(game, make_agents(game, ["greedy"] * game.num_players), seed,
         on_step=lambda s, a: states.append(s) if s.current_player() >= 0 and len(s.legal_actions()) > 1 else None)
    return states[::5]


def played_in_turn(position, action, seat: int, seed: int, greedy: list) -> float:
    """A rollout's value as each decision then the dice after it are played (`play_decision`), move by move."""
    rng = random.Random(seed)
    state = position.play_decision(action, rng)
    while not state.is_terminal():
        state = state.play_decision(greedy_move(greedy[state.current_player()], state, rng), rng)
    return football_value(state, seat)


def test_an_opening_is_worked_out_once_per_position_and_candidate():
    game = make_game("football", num_players=4)
    agent = SearchAgent()
    greedy = agent.greedy(game)
    position = decisions(game, 3)[2]
    action = position.legal_actions()[0]
    opening = agent.opening(position, action, greedy)
    assert opening.current_player() < 0  # a roll (or the end): no seat decides
    assert agent.opening(position, action, greedy) is opening
    again = replace(position)  # an equal position, another object: worked out again, alike
    assert again == position and agent.opening(again, action, greedy) is not opening
    assert agent.opening(again, action, greedy) == opening


def test_rollouts_from_the_opening_value_candidates_as_move_by_move_play():
    for players, seed in ((4, 1), (3, 2), (2, 5), (1, 6)):
        game = make_game("football", num_players=players)
        agent = SearchAgent()
        greedy = agent.greedy(game)
        for position in decisions(game, seed)[:4]:
            seat = position.current_player()
            for action in position.legal_actions():
                for dice in (11, 12):
                    assert agent.rollout(position, action, seat, dice, greedy) == played_in_turn(
                        position, action, seat, dice, greedy)
