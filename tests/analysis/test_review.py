"""Reviewing a game (`analysis.review`): grades, determinism, what the reviewer may see, and refusals."""
import math
import random

import pytest
from quick_review import decision, fewer_rollouts
from recorded_games import recorded

from deerbook.analysis.football_final_turn import final_turn_values, is_final_turn
from deerbook.analysis.review import (GRADES, Review, Reviewer, ReviewError, football_result, grade, review_decision,
                                      reviewer_for)
from deerbook.bots.search import football_value
from deerbook.deer.belief import Belief
from deerbook.engine import make_game
from deerbook.engine.record import action_between, record_of_moves

FOUR = ["human", "greedy", "greedy", "greedy"]


@pytest.fixture(scope="module")
def deer_record():
    return recorded("deer", FOUR)


def test_the_same_record_and_seed_give_the_same_review(deer_record, monkeypatch):
    fewer_rollouts(monkeypatch)
    first, second, other = Reviewer(deer_record, seed=5), Reviewer(deer_record, seed=5), Reviewer(deer_record, seed=6)
    for _ in range(4):
        first.step(), second.step(), other.step()
    assert first.review() == second.review() and first.done == 4 and not first.review().complete
    assert other.review() != first.review()  # the seed is what the rollouts draw from


def test_run_reviews_every_decision_with_a_choice_of_the_person_s_seat_and_says_its_progress(monkeypatch):
    fewer_rollouts(monkeypatch)
    record = recorded("deer", ["greedy", "human"], seed=3)
    reviewer, seen = Reviewer(record, seed=1), []
    result = reviewer.run(lambda done, total: seen.append((done, total)))
    positions = record.positions()
    chosen = [step for step, state in enumerate(positions[:-1])
              if not state.is_chance_node() and state.current_player() == 1 and len(state.legal_actions()) > 1]
    assert [d.step for d in result.decisions] == chosen and {d.seat for d in result.decisions} == {1}
    assert result.complete and reviewer.step() is None and reviewer.total == len(chosen)
    assert seen == [(i, len(chosen)) for i in range(len(chosen) + 1)]
    assert result.win_chances() == [(d.step, 1, d.best_value) for d in result.decisions]
    for d in result.decisions:
        assert d.loss >= 0 and (d.loss == 0) == (d.made == d.best) and d.best_value.mean >= 0 and not d.exact
        assert d.grade in dict(GRADES) and d.unit == "win chance" and 0 <= d.made_value.low <= d.made_value.high <= 1


def test_a_clearly_losing_move_is_graded_worse_than_fine_and_the_reviewer_s_choice_fine(deer_record):
    """Step 338: the greedy seat keeps a Wolf where passing it to player 2 is clearly better (about 10 points of
    win chance, full budget)."""
    state = deer_record.positions()[338]
    actions = {str(a): a for a in state.legal_actions()}
    agent = reviewer_for(state.game)
    kept = review_decision(agent, state, actions["keep the rest"], 338, 0)
    passed = review_decision(agent, state, actions["pass Wolf to player 2"], 338, 0)
    assert kept.grade in ("mistake", "blunder") and kept.best == "pass Wolf to player 2" and kept.loss_interval[0] > 0
    assert passed.grade == "fine" and passed.loss == 0 and passed.best == passed.made


def test_solo_football_s_final_turn_is_reviewed_exactly_and_a_planted_blunder_found(monkeypatch):
    fewer_rollouts(monkeypatch)  # for the turns before the last
    record = recorded("football", ["human"], 2)
    positions = record.positions()
    step = next(i for i, s in enumerate(positions) if is_final_turn(s) and len(s.legal_actions()) > 1
                and min(final_turn_values(s).values()) < max(final_turn_values(s).values()))
    values = final_turn_values(positions[step])
    worst, best = min(values, key=values.__getitem__), max(values, key=values.__getitem__)
    game = make_game("football", num_players=1)
    planted = Reviewer(record_of_moves(game, ["human"], [*_moves(record)[:step], worst]))
    played = planted.run().decisions[-1]
    assert played.step == step and played.exact and played.made == str(worst) and played.best == str(best)
    assert played.loss == float(values[best] - values[worst]) > 0.10 and played.grade == "blunder"
    assert played.made_value.low == played.made_value.high == float(values[worst]) and played.unit == "win chance"
    assert review_decision(None, positions[step], best, step, 0).grade == "fine"


def _moves(record):
    """Every step of `record` as its action."""
    positions = record.positions()
    return [action_between(state, index) for state, index in zip(positions, record.steps)]


def test_grades_grow_with_the_loss_and_a_loss_not_told_from_zero_is_fine():
    order = [name for name, _ in GRADES]
    losses = [i / 1000 for i in range(300)]
    ranks = [order.index(grade(loss, loss / 2)) for loss in losses]
    assert ranks == sorted(ranks) and ranks[0] == 0 and ranks[-1] == len(GRADES) - 1
    assert [grade(t - 1e-9, 0.001) for _, t in GRADES[:-1]] == order[:-1]
    assert [grade(t, 0.001) for _, t in GRADES[:-1]] == order[1:]
    assert grade(0.5, 0.0) == grade(0.5, -0.1) == "fine" and grade(math.inf) == "blunder"


def test_a_seat_s_review_reads_only_what_it_saw(deer_record, monkeypatch):
    """The other seats' hands dealt again, consistently with what seat 0 saw: the same review of its decision."""
    fewer_rollouts(monkeypatch)
    positions = deer_record.positions()
    step = next(i for i, s in enumerate(positions[:-1]) if i > 100 and not s.is_chance_node()
                and s.current_player() == 0 and len(s.legal_actions()) > 2)
    state = positions[step]
    other = Belief(state.game, state.observation(0)).sample(random.Random(1))
    assert other != state and other.hands != state.hands and other.observation(0) == state.observation(0)
    made = action_between(state, deer_record.steps[step])
    agent = reviewer_for(state.game)
    assert review_decision(agent, other, made, step, 4) == review_decision(agent, state, made, step, 4)


def test_the_costliest_decisions_by_loss_then_step_and_only_losses(deer_record):
    decisions = (decision(1, 0, "a", "a", 0.3, 0.3), decision(5, 0, "b", "x", 0.2, 0.3),
                 decision(7, 0, "c", "x", 0.1, 0.4), decision(2, 0, "d", "x", 0.2, 0.3),
                 decision(9, 0, "e", "x", 0.25, 0.3))
    ranked = Review(deer_record, decisions, True).costliest()
    assert [d.step for d in ranked] == [7, 2, 5]
    assert [d.step for d in Review(deer_record, decisions, True).costliest(10)] == [7, 2, 5, 9]
    assert Review(deer_record, decisions[:1], True).costliest() == []


def test_football_s_result_is_read_back_from_the_search_s_value():
    for seats, seed in ((["human"], 1), (["human"], 2), (["human", "greedy"], 3), (["human", "greedy", "greedy"], 4)):
        end = recorded("football", seats, seed).final_state()
        assert [football_result(football_value(end, seat)) for seat in range(len(seats))] == list(end.returns())


def test_bad_requests_are_refused_with_a_sentence(deer_record):
    with pytest.raises(ReviewError, match="seat 4 is not at this table: it seats 4 players, numbered 0 to 3"):
        Reviewer(deer_record, [4])
    with pytest.raises(ReviewError, match="seat -1 is not"):
        Reviewer(deer_record, [0, -1])
    with pytest.raises(ReviewError, match="at least one seat"):
        Reviewer(deer_record, [])
    with pytest.raises(ReviewError, match="seed is a whole number from 0"):
        Reviewer(deer_record, seed=-3)


def test_without_a_person_every_seat_is_reviewed_and_seats_asked_for_once_each():
    record = recorded("deer", ["greedy", "greedy"], seed=3)
    assert Reviewer(record).seats == (0, 1)
    assert Reviewer(record, [1, 1]).seats == (1,)
