"""Conformance: the engine protocol's promises, checked over every configuration of every registered game."""
from fractions import Fraction

import pytest

from deerbook.engine import RuleViolation, make_game, state_from_json, state_to_json
from deerbook.engine.protocol import Action, State, check_distribution
from deerbook.engine.registry import game_info, game_names
from deerbook.engine.seeding import stream

from game_configs import CONFIGS, IDS, walk as walk_from

SEEDS = range(3)
# A save round trip validates the whole state, the round's history included (40% of these games' CPU time when it
# ran at every state of the first game): every tenth state of each game, and each state that asks for something new
# in its game (`asks`), the first and the last among them.
ROUND_TRIP_EVERY = 10


def walk(game, seed):
    """Every state of one random game from the start."""
    return walk_from(game.initial_state(), seed)


def asks(state: State) -> tuple:
    """What a state asks for: the end, a draw (by its first outcome's first word), or a seat's decision (by the first
    word of each action)."""
    if state.is_terminal():
        return ("over",)
    if state.is_chance_node():
        return "draw", str(state.chance_outcomes()[0][0]).split(" ", 1)[0]
    return state.current_player(), frozenset(str(action).split(" ", 1)[0] for action in state.legal_actions())


@pytest.fixture(params=CONFIGS, ids=IDS)
def game(request):
    name, options = request.param
    return make_game(name, **options)


@pytest.mark.parametrize("seed", SEEDS)
def test_protocol_holds_along_random_games(game, seed):
    steps, asked = 0, set()
    for state in walk(game, seed):
        steps += 1
        if steps % ROUND_TRIP_EVERY == 1 or asks(state) not in asked:
            assert state_from_json(state_to_json(state)) == state, "a state saves and loads back equal"
            asked.add(asks(state))
        player = state.current_player()
        if state.is_chance_node():
            check_distribution(state.chance_outcomes())
            assert state.legal_actions() == ()
        elif not state.is_terminal():
            legal = state.legal_actions()
            assert 0 <= player < game.num_players and legal
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), "legal actions must read differently"
            assert state.chance_outcomes() == ()
        if not state.is_terminal():
            assert not any(state.returns()), "returns are all zero before the game ends"
    assert state.is_terminal()
    returns = state.returns()
    assert len(returns) == game.num_players
    solo_loss = game.num_players == 1 and returns == (0.0,)  # a solo game can be lost to the game itself
    assert sum(returns) == pytest.approx(1.0) or solo_loss
    assert state.winners() == tuple(seat for seat, result in enumerate(returns) if result > 0), \
        "the tables tell the result from winners(): the seats with a positive return"
    assert steps > 1


@pytest.mark.parametrize("seed", SEEDS)
def test_apply_never_mutates(game, seed):
    rng = stream(100 + seed)
    for i, state in enumerate(walk(game, seed)):
        if state.is_terminal() or i % 11:
            continue
        before = state_to_json(state)
        options = [a for a, _ in state.chance_outcomes()] or list(state.legal_actions())
        for action in (options[0], options[rng.randrange(len(options))]):
            state.apply(action)
        assert state_to_json(state) == before


def test_illegal_action_names_a_rule_and_leaves_state(game):
    state = next(s for s in walk(game, 0) if not s.is_chance_node() and not s.is_terminal())
    before = state_to_json(state)
    with pytest.raises(RuleViolation) as info:
        state.apply(Action("no-such-move", (99,)))
    assert info.value.rule == state.rule() and info.value.rule
    assert state_to_json(state) == before


def test_observation_is_json_and_per_player(game):
    import json

    for i, state in enumerate(walk(game, 1)):
        if i % 23 == 0 or state.is_terminal():
            for player in range(game.num_players):
                observation = state.observation(player)
                assert isinstance(observation, dict) and observation
                assert isinstance(json.loads(json.dumps(observation)), dict)


def test_the_observation_view_holds_the_observation(game):
    """What an agent reading by key is handed (`observation_view`) has the observation's entries, in its order,
    at every state of a game, for every seat (hidden information included: it is the same)."""
    for state in walk(game, 1):
        for player in range(game.num_players):
            observation, view = state.observation(player), state.observation_view(player)
            assert list(view) == list(observation) and dict(view) == observation
    with pytest.raises(KeyError):
        state.observation_view(0)["no-such-entry"]


def test_chance_probabilities_are_exact(game):
    for state in walk(game, 2):
        if state.is_chance_node():
            assert all(type(p) is Fraction for _, p in state.chance_outcomes())


def test_every_imperfect_information_game_samples_beliefs():
    """A game with hidden information overrides `State.sample_belief` (the default returns the state itself)."""
    imperfect = [name for name in game_names() if game_info(name).information == "imperfect"]
    assert imperfect
    for name in imperfect:
        state = make_game(name, **game_info(name).configs[0]).initial_state()
        assert type(state).sample_belief is not State.sample_belief, f"{name} hides information but samples none"


def test_a_sampled_belief_shows_the_seat_its_observation(game):
    """At states along a random game, a state drawn from a seat's belief gives that seat the same observation."""
    rng = stream(5)
    for i, state in enumerate(walk(game, 1)):
        if i % 17 == 0:
            for player in range(game.num_players):
                assert state.sample_belief(player, rng).observation(player) == state.observation(player)
