"""deerbook's games inside OpenSpiel: registered, checked by OpenSpiel's own random_sim_test, played by its bots.

Needs open-spiel (the `openspiel` extra, installed by `dev`); without it every test here is skipped with one line.
"""
import random
from fractions import Fraction

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (pip install 'deerbook[openspiel]')")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import deerbook.openspiel  # noqa: E402  (registers the games)
from deerbook.deer.state import DeerState  # noqa: E402
from deerbook.engine import OptionError, RuleViolation, State, make_game  # noqa: E402
from deerbook.engine.runner import play  # noqa: E402
from deerbook.engine.registry import make_agents  # noqa: E402
from deerbook.openspiel.compare import duel  # noqa: E402
from deerbook.openspiel.games import DeerbookState, shown_text  # noqa: E402

SIM_SETTINGS = [("deerbook_deer", {"players": 2}), ("deerbook_deer", {"players": 3, "knocking": True}),
                ("deerbook_deer", {"players": 6, "advanced": True}), ("deerbook_deer_cards", {"players": 2}),
                ("deerbook_deer_cards", {"players": 5}), ("deerbook_football", {"players": 1}),
                ("deerbook_football", {"players": 1, "solo_difficulty": "hard"}),
                ("deerbook_football", {"players": 2}), ("deerbook_football", {"players": 4})]
BELIEF_SAMPLING = pytest.mark.skipif(DeerState.sample_belief is State.sample_belief,
                                     reason="Deer's belief sampling (State.sample_belief) is not merged yet")


def test_importing_registers_every_builtin_game_with_its_options():
    assert deerbook.openspiel.GAMES == ["deerbook_deer", "deerbook_deer_cards", "deerbook_football"]
    assert set(deerbook.openspiel.GAMES) <= set(pyspiel.registered_names())
    deer = pyspiel.load_game("deerbook_deer").get_parameters()
    assert deer == {"players": 4, "components": "board-2014", "advanced": False, "knocking": False,
                    "headlights_spaces": False, "bullseye_spaces": False}
    assert pyspiel.load_game("deerbook_football").get_parameters() == {"players": 2, "solo_difficulty": "normal",
                                                                       "sheet_file": "", "sheet": ""}
    old_sheet = pyspiel.load_game("deerbook_football", {"sheet": "reconstructed-v1"}).new_initial_state()
    assert old_sheet.state.game.options()["sheet"] != make_game("football").sheet.data  # a built-in sheet by name


@pytest.mark.parametrize("name,information,players", [("deerbook_deer", "IMPERFECT_INFORMATION", (2, 6)),
                                                      ("deerbook_deer_cards", "IMPERFECT_INFORMATION", (2, 6)),
                                                      ("deerbook_football", "PERFECT_INFORMATION", (1, 4))])
def test_game_types(name, information, players):
    kind = pyspiel.load_game(name).get_type()
    assert kind.information == getattr(pyspiel.GameType.Information, information)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == players
    assert kind.provides_information_state_string and kind.provides_observation_string


@pytest.mark.parametrize("name,params", SIM_SETTINGS, ids=[f"{n}-{p}" for n, p in SIM_SETTINGS])
def test_openspiels_random_sim_test(name, params):
    """OpenSpiel's own checks: legal actions sorted and in range, chance outcomes summing to 1, clones equal,
    history, returns within the utility range. (Not its pickling of Python states: deerbook saves JSON only.)"""
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=False, verbose=False)


def test_deerbook_checks_the_options():
    with pytest.raises(OptionError, match="num_players .* must be an integer from 2 to 6, got 9"):
        pyspiel.load_game("deerbook_deer", {"players": 9})
    with pytest.raises(OptionError, match="knocking"):
        pyspiel.load_game("deerbook_deer_cards", {"knocking": True})


@pytest.mark.parametrize("name,params", SIM_SETTINGS[::2], ids=[f"{n}-{p}" for n, p in SIM_SETTINGS[::2]])
def test_openspiel_plays_the_engines_own_game(name, params):
    """Move by move, the OpenSpiel state offers the engine's legal actions and chance outcomes (exact probabilities
    as floats), reads each as the engine does, and ends with the engine's returns."""
    game = pyspiel.load_game(name, params)
    codec, state, rng = game.numbering.codec, game.new_initial_state(), random.Random(4)
    engine = game.game.initial_state()
    while not engine.is_terminal():
        assert str(state) == str(engine) and state.current_player() == engine.current_player()
        if engine.is_chance_node():
            outcomes = engine.chance_outcomes()
            assert dict(state.chance_outcomes()) == {codec.outcome_id(a): float(p) for a, p in outcomes}
            action = engine.sample_chance(rng)
            number = codec.outcome_id(action)
        else:
            legal = engine.legal_actions()
            assert state.legal_actions() == sorted(codec.action_id(a) for a in legal) == state.legal_actions(
                state.current_player())
            assert all(state.legal_actions(p) == [] for p in range(game.num_players()) if p != engine.current_player())
            action = legal[rng.randrange(len(legal))]
            number = codec.action_id(action)
        assert state.action_to_string(state.current_player(), number) == str(action)
        state.apply_action(number)
        engine = engine.apply(action)
    assert state.is_terminal() and state.returns() == list(engine.returns())
    assert state.legal_actions() == [] and state.chance_outcomes() == []


def test_an_illegal_number_is_refused_by_rule_and_changes_nothing():
    state = pyspiel.load_game("deerbook_football").new_initial_state()
    state.apply_action(0)  # the Defense Die: no effect
    before = (str(state), state.history())
    with pytest.raises(RuleViolation, match="roll the play dice passed to you: defense die: .* is not allowed"):
        state.apply_action(1)
    with pytest.raises(RuleViolation, match="chance outcome numbers are integers from 0 to 13306"):
        state.apply_action(99_999)
    assert (str(state), state.history()) == before


def test_a_clone_goes_its_own_way():
    state = pyspiel.load_game("deerbook_deer", {"players": 3}).new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.chance_outcomes()[0][0])
    assert state.history() == [] and clone.history() == [0] and str(state) != str(clone)


def play_openspiel(game, bot_seat, bot, rng):
    """A game where `bot` (an OpenSpiel bot) plays one seat and the others move at random; the final state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            numbers, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(numbers, weights)[0])
        elif state.current_player() == bot_seat:
            state.apply_action(bot.step(state))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def test_openspiels_ismcts_plays_a_seat_of_a_three_player_deer_game_to_the_end():
    game = pyspiel.load_game("deerbook_deer", {"players": 3})
    numpy_rng, rng = np.random.RandomState(3), random.Random(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng, max_length=30)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=numpy_rng)
    bot.set_resampler(lambda state, player: state.resample(player, rng))
    final = play_openspiel(game, 1, bot, rng)
    assert sum(final.returns()) == pytest.approx(1.0)
    assert sum(step.player == 1 for step in final.full_history()) > 20  # the bot decided all through the game


def test_openspiels_mcts_plays_a_seat_of_a_two_player_football_game_to_the_end():
    """Football is a perfect-information game, which OpenSpiel's ISMCTS refuses (both its C++ and Python bots check
    the game type): its MCTS bot, the same search over one world, plays the seat."""
    game = pyspiel.load_game("deerbook_football", {"players": 2})
    numpy_rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng)
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, solve=False, random_state=numpy_rng)
    final = play_openspiel(game, 0, bot, random.Random(5))
    assert sorted(final.returns()) in ([0.0, 1.0], [0.5, 0.5])


def decision_states(game, seed, count):
    """`count` decision states of a seeded random game, spread over it."""
    states, state, rng = [], game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            numbers, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(numbers, weights)[0])
            continue
        states.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return states[len(states) // (2 * count)::len(states) // count][:count]


def test_a_resample_keeps_what_the_seat_knows():
    """ISMCTS asks this of every world it samples: the same information state (and so the same legal actions)."""
    game = pyspiel.load_game("deerbook_deer", {"players": 3})
    rng = random.Random(8)
    for state in decision_states(game, 8, 12):
        player = state.current_player()
        for _ in range(3):
            sampled = state.resample(player, rng)
            assert sampled.information_state_string(player) == state.information_state_string(player)
            assert sampled.observation_string(player) == state.observation_string(player)
            assert sampled.legal_actions() == state.legal_actions()
        sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sampled.information_state_string(player) == state.information_state_string(player)


@BELIEF_SAMPLING
def test_resamples_deal_the_hidden_cards_afresh():
    """Belief sampling redeals what the seat cannot see: over a few resamples the other hands differ."""
    game = pyspiel.load_game("deerbook_deer", {"players": 3})
    rng = random.Random(9)
    for state in decision_states(game, 9, 6):
        player = state.current_player()
        others = [p for p in range(3) if p != player and sum(state.state.hands[p]) > 1]
        if not others:
            continue
        hands = {tuple(state.resample(player, rng).state.hands[p] for p in others) for _ in range(10)}
        assert len(hands) > 1, "ten resamples dealt the other seats the same cards"
        assert all(state.resample(player, rng).state.hands[player] == state.state.hands[player] for _ in range(3))


def test_a_resample_that_shows_the_seat_something_else_is_refused(monkeypatch):
    game = pyspiel.load_game("deerbook_deer", {"players": 3})
    state = decision_states(game, 2, 3)[1]
    player = state.current_player()
    other = state.state.apply(state.state.legal_actions()[0]).play_chance(random.Random(1))
    monkeypatch.setattr(DeerState, "sample_belief", lambda self, seat, rng: other)
    with pytest.raises(RuleViolation, match="Belief sampling: the sampled state shows player .* something else"):
        state.resample(player, random.Random(1))


def test_a_duel_plays_the_engines_seeded_games():
    """With the challenger the field's own agent, a duel's games are the engine's: the same seed, the same results."""
    result = duel("deer", {"players": 3}, "greedy", "greedy", 6, 11)
    game = make_game("deer", num_players=3)
    expected = [play(game, make_agents(game, ["greedy"] * 3), (11, i)).returns()[i % 3] for i in range(6)]
    assert result.share.mean == pytest.approx(sum(expected) / 6)
    assert result.ms_per_move.n > 50 and result.budget_ms is None


def test_a_duel_gives_ismcts_its_time_budget():
    """On a two-player game: a three-player one took ten times as long to check the same."""
    result = duel("deer", {"players": 2}, "ismcts", "greedy", 1, 2, budget_ms=5)
    assert result.simulations is not None and result.simulations >= 2
    assert 0.0 <= result.share.mean <= 1.0 and result.budget_ms == 5


def test_the_observation_string_is_the_seats_observation():
    state = decision_states(pyspiel.load_game("deerbook_deer_cards", {"players": 4}), 3, 2)[1]
    for seat in range(4):
        assert state.observation_string(seat) == shown_text(state.state, seat)
        assert state.information_state_string(seat).startswith(state.observation_string(seat) + "\nhistory ")
    assert len({state.observation_string(seat) for seat in range(4)}) == 4  # each sees its own hand
    assert isinstance(state, DeerbookState)


def test_fractions_survive_as_floats():
    """Football's biggest roll (11 play dice, 4,368 outcomes) sums to 1 as floats too."""
    state = pyspiel.load_game("deerbook_football").new_initial_state()
    state.apply_action(0)
    assert len(state.chance_outcomes()) == 4368
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0, abs=1e-12)
    exact = dict(state.state.chance_outcomes())
    assert Fraction(min(exact.values())) == Fraction(1, 6 ** 11)


def test_a_view_worked_out_late_is_the_one_worked_out_move_by_move():
    """The trail keeps few states: a seat's information state asked only at the end (the states before played
    again) is the one asked at every move, and differs from seat to seat."""
    def playthrough(ask_every_move: bool):
        state, rng = pyspiel.load_game("deerbook_deer", {"players": 3}).new_initial_state(), random.Random(6)
        for _ in range(300):
            if ask_every_move:
                [state.information_state_string(seat) for seat in range(3)]
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])  # at a chance node: its outcomes
        return [state.information_state_string(seat) for seat in range(3)]

    late = playthrough(False)
    assert late == playthrough(True) and len(set(late)) == 3


def test_the_chapters_exercises_read_the_codecs():
    from deerbook.engine.registry import game_info
    from deerbook.openspiel import exercises

    codec = game_info("football").hook("codec")(make_game("football", num_players=2))
    assert exercises.numbered("football", 2) == (codec.num_actions, codec.num_outcomes) == (28, 13_307)
    assert exercises.passes_random_sim_test("deer", {"players": 2})
