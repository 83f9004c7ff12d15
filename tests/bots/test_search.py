"""The search agent (`deerbook.bots.search`): legal, seeded choices from its observation alone, the better candidate
kept, and the cheating ceiling kept away from the tables."""
import random

import pytest

from deerbook.bots.search import PerfectInformationSearch, SearchAgent, deer_win_chances, football_value
from deerbook.engine import make_game, play
from deerbook.engine.agents import shown_to
from deerbook.engine.registry import agents_for, make_agents, table_agents
from deerbook.engine.seeding import stream
from deerbook.play.session import Session

GAMES = [("deer", {"num_players": 3}), ("deer", {"num_players": 2, "advanced": True}),
         ("deer-cards", {"num_players": 3}), ("football", {"num_players": 2}), ("football", {"num_players": 1})]


def decisions(game, seed: int, every: int = 7) -> list:
    """Decision states with a choice, met in a greedy game."""
    states = []
    play(game, make_agents(game, ["greedy"] * game.num_players), seed,
         on_step=lambda s, a: states.append(s) if s.current_player() >= 0 and len(s.legal_actions()) > 1 else None)
    return states[::every]


@pytest.mark.parametrize("name,options", GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_the_search_agent_picks_a_legal_action_the_same_way_for_a_seed(name, options):
    game = make_game(name, **options)
    agent = SearchAgent(simulations=6)
    for state in decisions(game, 4)[:6]:
        player = state.current_player()
        legal = state.legal_actions()
        first = agent.act(shown_to(agent, state, player), legal, stream(1))
        assert first in legal
        assert agent.act(shown_to(agent, state, player), legal, stream(1)) == first


def test_a_single_legal_action_is_taken_without_searching():
    game = make_game("deer", num_players=4)
    state = next(s for s in decisions(game, 2, every=1) if len(s.legal_actions()) > 1)
    action = state.legal_actions()[0]
    assert SearchAgent(simulations=1).act({}, [action], stream(0)) is action  # no observation read at all


class Scripted(SearchAgent):
    """A search whose rollouts value one action at 1 and the rest at 0 (plus noise the halving must see through)."""

    def __init__(self, best):
        super().__init__(simulations=40)
        self.best = best

    def rollout(self, position, action, seat, seed, greedy):
        return float(action == self.best) + random.Random(seed).random() * 0.5


def test_successive_halving_keeps_the_best_candidate():
    game = make_game("deer", num_players=4)
    state = next(s for s in decisions(game, 3, every=1) if len(s.legal_actions()) >= 3)
    player, legal = state.current_player(), state.legal_actions()
    for best in legal:
        agent = Scripted(best)
        assert agent.act(shown_to(agent, state, player), legal, stream(2)) == best


def test_deer_win_chances_favour_the_lowest_pawn_and_add_up():
    game = make_game("deer", num_players=4)
    state = next(s for s in decisions(game, 5, every=1))
    from deerbook.engine.frozen import evolve
    chances = deer_win_chances(evolve(state, pawns=(10, 30, 60, 90)))
    assert sum(chances) == pytest.approx(1) and chances == sorted(chances, reverse=True)
    assert deer_win_chances(evolve(state, pawns=(50, 50, 50, 50))) == pytest.approx([0.25] * 4)


def test_football_values_the_result_then_the_margin():
    game = make_game("football", num_players=2)
    final = play(game, make_agents(game, ["greedy"] * 2), 6)
    winner = final.winners()[0]
    assert 1 <= football_value(final, winner) < 1.1 and -0.1 < football_value(final, 1 - winner) <= 0


def test_the_perfect_information_search_sees_the_true_state_and_no_table_seats_it():
    game = make_game("deer", num_players=3)
    state = decisions(game, 1)[0]
    agent = PerfectInformationSearch(simulations=4)
    shown = shown_to(agent, state, state.current_player())
    assert shown["true_state"] is state
    assert agent.act(shown, state.legal_actions(), stream(0)) in state.legal_actions()
    assert "perfect-info" in agents_for("deer") and "perfect-info" not in table_agents("deer")
    assert agents_for("deer")["perfect-info"].cheats and "search" in table_agents("deer")
    with pytest.raises(ValueError, match="perfect-info"):
        Session(game, ["human", "perfect-info", "greedy"], seed=1)


@pytest.mark.parametrize("name,options", GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_a_rollouts_greedy_move_is_the_greedy_agents_choice(name, options):
    """The rollouts' greedy moves (`greedy_move`: Football's from the state itself, no observation) are the moves
    the greedy agent makes from the seat's observation."""
    from deerbook.bots.search import greedy_move

    game = make_game(name, **options)
    agents = make_agents(game, ["greedy"] * game.num_players)
    states = decisions(game, 5, every=3)
    for state in states:
        player, agent = state.current_player(), agents[state.current_player()]
        expected = agent.act(shown_to(agent, state, player), state.legal_actions(), stream(2))
        assert greedy_move(agent, state, stream(2)) == expected
    assert states
