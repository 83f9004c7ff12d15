"""The greedy Football agent's remembered choices (`GreedyAgent.act_in_state`, what the search agent's rollouts call):
a decision met again, by value, is not worked out again, and a remembered choice is the one worked out fresh."""
import deerbook.bots.football_greedy as football_greedy
from deerbook.analysis.positions import decision_states
from deerbook.bots.football_greedy import GreedyAgent, best_index
from deerbook.engine import make_game
from deerbook.football.rules import PICKS
from deerbook.football.save import position, trusted_state


def counting_decisions(monkeypatch) -> list:
    """Count `best_index` calls (one per decision worked out)."""
    calls: list = []
    work_out = football_greedy.best_index

    def counted(*args):
        calls.append(args[1])
        return work_out(*args)

    monkeypatch.setattr(football_greedy, "best_index", counted)
    return calls


def test_a_decision_met_again_by_value_is_remembered_not_worked_out_again(two, monkeypatch):
    """A rollout meets the same decision in a state of its own, whose marks are other objects of equal value."""
    state = position(two, marks={1: dict(marker=15)}, phase=PICKS, actor=1, board=(0, 3, 0, 0, 3, 3))
    again = trusted_state(two, state.to_json())  # the same position in the same game, built anew from its JSON
    assert again.marks[1] is not state.marks[1] and again.marks[1] == state.marks[1]
    calls, agent, legal = counting_decisions(monkeypatch), GreedyAgent(), state.legal_actions()
    first = agent.act_in_state(state, legal, 1)
    worked_out = len(calls)
    assert worked_out == 1 and len(legal) > 1
    assert agent.act_in_state(again, again.legal_actions(), 1) is first
    assert len(calls) == worked_out  # nothing valued again


def test_the_same_fields_in_another_game_are_worked_out_again(two, small_two, monkeypatch):
    """The key holds no game: a choice remembered in one game is not handed to the same fields on another sheet."""
    fields = dict(marks={1: dict(marker=15)}, phase=PICKS, actor=1, board=(0, 3, 0, 0, 0, 3))
    default, small = position(two, **fields), position(small_two, **fields)
    calls, agent = counting_decisions(monkeypatch), GreedyAgent()
    agent.act_in_state(default, default.legal_actions(), 1)
    before = len(calls)
    chosen = agent.act_in_state(small, small.legal_actions(), 1)
    assert len(calls) > before
    assert str(chosen) == "pick track 2"  # the small sheet's empty box, as the plain greedy choice there


def test_remembered_choices_are_the_fresh_ones_through_many_games(monkeypatch):
    """One agent for every decision of several games and seat counts (solo too): each choice is the one worked out
    fresh, and the agent keeps at most `CHOICES_KEPT` of them."""
    monkeypatch.setattr(football_greedy, "CHOICES_KEPT", 50)
    agent = GreedyAgent()
    states = [s for players in (1, 2, 4) for seed in range(2)
              for s in decision_states(make_game("football", num_players=players), ["greedy"] * players, seed)
              if len(s.legal_actions()) > 1]
    assert len(states) > 200
    for state in states * 2:  # the second time round, from memory where still kept
        player, legal = state.current_player(), state.legal_actions()
        assert agent.act_in_state(state, legal, player) is legal[best_index(state, legal, player)]
        assert len(agent._choices) <= 50
