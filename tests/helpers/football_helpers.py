"""Football fixtures (`two`, `solo`, `small_two`, served to every test folder by tests/conftest.py) and helpers:
a small sheet, actions by their text, a sample mean within four standard errors of its exact value."""
from math import sqrt

import numpy as np
import pytest

from deerbook.engine import make_game


SMALL_SHEET = {  # a person's own sheet, as small as the loader allows: one to three boxes a track
    "name": "a small test sheet",
    "play_tracks": [{"track": 1, "boxes": [{"box": "10B"}, {"box": "power"}]},
                    {"track": 2, "boxes": [{"box": "empty"}]},
                    {"track": 3, "boxes": [{"box": "chain 6"}, {"box": "kick"}]},
                    {"track": 4, "boxes": [{"box": "15Y"}, {"box": "wild"}]},
                    {"track": 5, "boxes": [{"box": "20"}]},
                    {"track": 6, "boxes": [{"box": "30"}, {"box": "empty"}, {"box": "5"}]}],
    "breakaway": {"boxes": [5]}, "yac": {"boxes": [0]}, "kick_range": {"start": 10, "boxes": [20]},
    "power_dice": {"boxes": 6}, "touchdowns": {"boxes": 4}, "field_goals": {"boxes": 4}, "rounds": {"boxes": 6},
    "blitz_bach_points": {"boxes": 6}}


@pytest.fixture
def small_two():
    """A two-player game on `SMALL_SHEET`."""
    return make_game("football", num_players=2, sheet=SMALL_SHEET)


@pytest.fixture
def two():
    return make_game("football", num_players=2)


@pytest.fixture
def solo():
    return make_game("football", num_players=1)


def play_texts(state, *texts):
    """Apply legal actions (or chance outcomes) by their text."""
    for text in texts:
        state = state.apply(state.find_action(text))
    return state


def texts(state):
    return [str(a) for a in state.legal_actions()]


def within_4_se(samples, exact):
    samples = np.asarray(samples, dtype=float)
    se = samples.std(ddof=1) / sqrt(len(samples))
    assert abs(samples.mean() - float(exact)) <= 4 * max(se, 1e-12)
