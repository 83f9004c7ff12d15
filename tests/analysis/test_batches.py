"""Batches: seeded, reproducible, and their estimates and intervals computed correctly."""
import math
import statistics

import pytest

from batch_studies import compare_rules, matchup, play_batch, score_summary, seat_advantage

from deerbook.analysis.batches import agent_win_rate, figure, seat_win_rates
from deerbook.analysis.stats import departs, difference, estimate, wilson
from deerbook.bots.refusing import Refusing
from deerbook.engine import Action


def test_estimate_is_mean_and_standard_error():
    e = estimate([0.5, 1, 1, 0, 1])
    assert e.mean == pytest.approx(0.7) and e.n == 5
    assert e.se == pytest.approx(statistics.stdev([0.5, 1, 1, 0, 1]) / math.sqrt(5))
    assert e.low == pytest.approx(0.7 - 1.96 * e.se) and e.high == pytest.approx(0.7 + 1.96 * e.se)
    assert e.percent() == f"70.0% ({e.low:.1%} to {e.high:.1%})"
    assert estimate([0, 1, 1, 0, 1]).bounds == pytest.approx(wilson(0.6, 5))  # 0s and 1s: a rate (test_stats.py)
    d = difference(e, estimate([0, 0, 1, 0, 0]))
    assert d.mean == pytest.approx(0.5) and d.se == pytest.approx(math.hypot(e.se, estimate([0, 0, 1, 0, 0]).se))
    assert departs(estimate([1.0, 1.1, 0.9, 1.0]), 0) and not departs(e, 0.5)


def test_batches_are_seeded_and_results_sum_to_one():
    a = play_batch("deer", ["greedy"] * 3, 6, seed=3)
    b = play_batch("deer", ["greedy"] * 3, 6, seed=3)
    assert a.returns == b.returns and a.stats["turns"] == b.stats["turns"]
    assert all(sum(r) == pytest.approx(1) for r in a.returns)  # one win per game (a shared win splits it)
    assert all(max(scores) >= 100 for scores in a.stats["final_score"])  # the board game ends with a pawn on Finish
    assert sum(e.mean for e in seat_win_rates(a)) == pytest.approx(1)
    assert figure(a, "turns").mean == pytest.approx(statistics.fmean(a.stats["turns"]))
    assert (figure(a, "final_score", seat=1).mean
            == pytest.approx(statistics.fmean(s[1] for s in a.stats["final_score"])))
    assert score_summary(a)["winner"].mean <= score_summary(a)["highest"].mean


def test_rotation_seats_the_hero_everywhere():
    result = matchup("deer-cards", "greedy", "random", num_players=3, games=6, seed=2)
    batch = result["batch"]
    assert [names.index("greedy") for names in batch.seats] == [0, 2, 1, 0, 2, 1]
    hero = [r[names.index("greedy")] for names, r in zip(batch.seats, batch.returns)]
    assert result["hero_win_rate"].mean == pytest.approx(statistics.fmean(hero))
    assert agent_win_rate(batch, "greedy").mean == pytest.approx(statistics.fmean(hero))
    assert all(max(scores) >= 150 for scores in batch.stats["final_score"])  # the card game ends at 150


def test_seat_advantage_and_rule_variants():
    seats = seat_advantage("deer", "greedy", num_players=4, games=6, seed=1)
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
