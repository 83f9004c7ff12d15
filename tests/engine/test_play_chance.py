"""Unwatched play (`runner.play` with no `on_step`) plays each run of chance moves by `State.play_chance`, and each
decision with the chance moves after it by `State.play_decision`: the same random draws, the same choices and the
same final state as the step-by-step path, in every configuration."""
import random

import pytest

from deerbook.engine.registry import agents_for
from deerbook.engine.registry import make_agents
from deerbook.engine import Action, RuleViolation, make_game, play
from deerbook.engine.protocol import CHANCE

from game_configs import CONFIGS

SEEDS = range(8)


class Recording:
    """An agent that plays as `inner` and records every (observation, legal actions, choice)."""

    def __init__(self, inner, log):
        self.inner, self.log = inner, log

    def act(self, observation, legal, rng):
        action = self.inner.act(observation, legal, rng)
        self.log.append((observation, legal, action))
        return action


def played(game, agent: str, seed: int, watched: bool):
    """The final state and every seat's recorded decisions of one seeded game, watched step by step or not."""
    log: list = []
    agents = [Recording(make_agents(game, [agent])[0], log) for _ in range(game.num_players)]
    final = play(game, agents, seed, on_step=(lambda state, action: None) if watched else None)
    return final, log


AGENT_CONFIGS = [(name, options, agent) for name, options in CONFIGS
                 for agent in ("random", "greedy") if agent in agents_for(name)]


@pytest.mark.parametrize("name, options, agent", AGENT_CONFIGS)
def test_unwatched_play_makes_the_same_draws_choices_and_final_state(name, options, agent):
    game = make_game(name, **options)
    for seed in SEEDS:
        final, log = played(game, agent, seed, watched=False)
        assert final.is_terminal()
        assert (final, log) == played(game, agent, seed, watched=True), f"seed {seed}"


@pytest.mark.parametrize("name, options", CONFIGS)
def test_play_chance_draws_as_sample_chance_then_apply(name, options):
    """From every chance node of a game, `play_chance` reaches the state the generic loop reaches, with the
    random stream left at the same point."""
    game = make_game(name, **options)
    state, rng = game.initial_state(), random.Random(5)
    agent = make_agents(game, ["random"])[0]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            fast_rng, slow_rng = random.Random(), random.Random()
            fast_rng.setstate(rng.getstate())
            slow_rng.setstate(rng.getstate())
            slow = state
            while slow.current_player() == CHANCE:
                slow = slow._apply(slow.sample_chance(slow_rng))
            assert state.play_chance(fast_rng) == slow
            assert fast_rng.getstate() == slow_rng.getstate()
            state, rng = slow, slow_rng
            continue
        player = state.current_player()
        state = state.apply(agent.act(state.observation(player), state.legal_actions(), rng))


def _chance_played(state, rng):
    """The state after every chance move due, each drawn by `sample_chance` and applied alone."""
    while state.current_player() == CHANCE:
        state = state._apply(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("name, options", CONFIGS)
def test_play_decision_is_apply_then_the_chance_moves_one_by_one(name, options):
    """At every decision of a game, `play_decision` reaches the state `apply` then the generic chance loop reach,
    with the random stream left at the same point; an illegal action is refused as `apply` refuses it."""
    game = make_game(name, **options)
    rng = random.Random(6)
    state = _chance_played(game.initial_state(), rng)
    agent = make_agents(game, ["random"])[0]
    while not state.is_terminal():
        player = state.current_player()
        with pytest.raises(RuleViolation):
            state.play_decision(Action("no such move"), rng)
        action = agent.act(state.observation(player), state.legal_actions(), rng)
        fast_rng, slow_rng = random.Random(), random.Random()
        fast_rng.setstate(rng.getstate())
        slow_rng.setstate(rng.getstate())
        slow = _chance_played(state.apply(action), slow_rng)
        assert state.play_decision(action, fast_rng) == slow
        assert fast_rng.getstate() == slow_rng.getstate()
        state, rng = slow, slow_rng
