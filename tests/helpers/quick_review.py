"""A quicker reviewer for the front ends' tests: fewer rollouts a decision (the grades' logic unchanged), the game
they review (fixtures `quick` and `record`), and a review made of decisions written out by hand."""
from __future__ import annotations

import pytest

from deerbook.analysis import review
from deerbook.analysis.review import WIN_CHANCE, Decision, Review, grade
from deerbook.analysis.stats import Estimate
from deerbook.engine.record import GameRecord
from recorded_games import recorded

ROLLOUTS = 8  # a decision's rollouts of each kind (the real reviewer's are in `analysis.review`)


def fewer_rollouts(monkeypatch) -> None:
    """Review with `ROLLOUTS` rollouts a decision in this test: the same code, about 1/16 of the time."""
    monkeypatch.setattr(review, "SELECTION_ROLLOUTS", ROLLOUTS)
    monkeypatch.setattr(review, "CONFIRMATION_PAIRS", ROLLOUTS)


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """Every test of a module that imports this fixture reviews with `fewer_rollouts`."""
    fewer_rollouts(monkeypatch)


@pytest.fixture(scope="module")
def record() -> GameRecord:
    """A seeded three-player Deer game with a person in seat 0, to review."""
    return recorded("deer", ["human", "greedy", "greedy"], seed=5)


def decision(step: int, seat: int, made: str, best: str, made_chance: float, best_chance: float) -> Decision:
    """A decision graded by its loss alone (an interval of width 0.01 on each side of it)."""
    loss = best_chance - made_chance
    return Decision(step, seat, made, best, Estimate(made_chance, 0.005, 100), Estimate(best_chance, 0.005, 100),
                    loss, grade(loss, loss - 0.01), WIN_CHANCE, False, (loss - 0.01, loss + 0.01))


def written_review(record: GameRecord, complete: bool = True) -> Review:
    """Four decisions of seat 0 of `record`: fine, a blunder, a mistake, an inaccuracy."""
    return Review(record, (decision(3, 0, "keep", "keep", 0.40, 0.40), decision(9, 0, "pass Wolf", "keep", 0.25, 0.45),
                           decision(20, 0, "roll", "stop", 0.30, 0.37), decision(31, 0, "rack", "no rack", 0.6, 0.63)),
                  complete)
