import pytest

from deerbook.engine import make_game


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
