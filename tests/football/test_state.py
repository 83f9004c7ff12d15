"""Football's observation view: the observation's entries read by key, and the public state itself."""
import random

from deerbook.bots.football_greedy import GreedyAgent, rebuild
from deerbook.engine import make_game
from deerbook.engine.agents import shown_to
from deerbook.football.state import PublicView


def decisions(players: int, seed: int):
    """Every decision node of a random seeded game."""
    game, rng = make_game("football", num_players=players), random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        yield state
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])


def test_the_view_shows_the_observation_and_hands_over_the_state():
    state = next(decisions(3, 1))
    view = state.observation_view(state.actor)
    assert isinstance(view, PublicView)
    assert dict(view) == state.observation(state.actor)
    assert view.public_state is state
    assert rebuild(view) is state


def test_the_greedy_agent_reads_the_view_and_chooses_as_from_the_dict():
    agent = GreedyAgent()
    assert isinstance(shown_to(agent, next(decisions(2, 0)), 0), PublicView)  # the runner hands it the view
    for players, seed in ((1, 4), (2, 5), (4, 6)):
        for state in decisions(players, seed):
            legal, player = state.legal_actions(), state.actor
            assert agent.act(state.observation_view(player), legal, None) is agent.act(
                state.observation(player), legal, None)
