"""Balance batches: seeded, reproducible, and their estimates and intervals computed correctly."""
import math

import numpy as np
import pytest

from deerbook.deer.balance import (QUICK_GAMES, Refusing, agent_win_rate, compare_rules, default_games, estimate,
                                   game_length, matchup, play_batch, score_summary, seat_advantage, seat_win_rates)
from deerbook.engine import Action


def test_estimate_is_mean_and_standard_error():
    e = estimate([0, 1, 1, 0, 1])
    assert e.mean == pytest.approx(0.6) and e.n == 5
    assert e.se == pytest.approx(np.std([0, 1, 1, 0, 1], ddof=1) / math.sqrt(5))
    assert e.low == pytest.approx(0.6 - 1.96 * e.se) and e.high == pytest.approx(0.6 + 1.96 * e.se)
    assert default_games() == QUICK_GAMES and default_games(big=True) > QUICK_GAMES


def test_batches_are_seeded_and_results_sum_to_one():
    a = play_batch("deer", ["greedy"] * 3, 6, seed=3)
    b = play_batch("deer", ["greedy"] * 3, 6, seed=3)
    assert a.returns == b.returns and a.turns == b.turns
    assert all(sum(r) == pytest.approx(1) for r in a.returns)  # one win per game (a shared win splits it)
    assert all(max(scores) >= 100 for scores in a.scores)  # the board game ends with a pawn on Finish
    assert sum(e.mean for e in seat_win_rates(a)) == pytest.approx(1)
    assert game_length(a)["turns"].mean == pytest.approx(np.mean(a.turns))
    assert score_summary(a)["winner"].mean <= score_summary(a)["highest"].mean


def test_rotation_seats_the_hero_everywhere():
    result = matchup("deer-cards", "greedy", "random", num_players=3, games=6, seed=2)
    batch = result["batch"]
    assert [names.index("greedy") for names in batch.seats] == [0, 2, 1, 0, 2, 1]
    hero = [r[names.index("greedy")] for names, r in zip(batch.seats, batch.returns)]
    assert result["hero_win_rate"].mean == pytest.approx(np.mean(hero))
    assert agent_win_rate(batch, "greedy").mean == pytest.approx(np.mean(hero))
    assert all(max(scores) >= 150 for scores in batch.scores)  # the card game ends at 150


def test_seat_advantage_and_rule_variants():
    seats = seat_advantage("deer", num_players=4, games=6, seed=1)
    assert seats["fair"] == 0.25 and len(seats["win_rates"]) == 4
    variants = compare_rules("deer", ["greedy"] * 4, {"basic": {}, "knocking": {"knocking": True}}, games=4, seed=1)
    assert variants["knocking"].options["knocking"] and not variants["basic"].options["knocking"]


def test_refusing_never_takes_the_refused_kind():
    class First:
        def act(self, observation, legal, rng):
            return legal[0]

    knock, roll = Action("knock", (), "knock"), Action("no_knock", (), "roll the dice")
    assert Refusing(First(), "knock").act({}, [knock, roll], None) == roll
    assert Refusing(First(), "knock").act({}, [knock], None) == knock
