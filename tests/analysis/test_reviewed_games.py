"""The stored reviews the "Playing well" chapters show: their games are the seeded games named, and their decisions
are what the reviewer says when asked again."""
import pytest

from deerbook.analysis.review import REVIEWER, review_decision
from deerbook.analysis.reviewed_games import REVIEW_SEED, REVIEWED, load_reviews
from deerbook.engine import SaveFileError
from deerbook.engine.record import action_between
from deerbook.engine.registry import make_agents

STORED = load_reviews()


def test_every_reviewed_game_is_stored_whole_and_is_the_seeded_game_named():
    assert set(STORED) == set(REVIEWED)
    for key, review in STORED.items():
        assert review.record == REVIEWED[key].record(), key
        assert review.decisions and {d.seat for d in review.decisions} == {REVIEWED[key].seat}


@pytest.mark.parametrize("key", sorted(REVIEWED))
def test_the_costliest_and_the_first_stored_decisions_are_what_the_reviewer_says_again(key):
    review = STORED[key]
    positions = review.record.positions()
    agent = make_agents(positions[0].game, [REVIEWER])[0]
    for stored in {review.decisions[0], *review.costliest(1)}:
        state = positions[stored.step]
        made = action_between(state, review.record.steps[stored.step])
        assert review_decision(agent, state, made, stored.step, REVIEW_SEED) == stored


def test_the_solo_games_final_turn_is_reviewed_exactly():
    exact = [d for d in STORED["football-solo"].decisions if d.exact]
    assert exact and all(d.made_value.low == d.made_value.high for d in exact)
    assert any(d.loss > 0 for d in exact)  # the game the chapter shows: greedy play misses a better final move


def test_a_damaged_reviews_file_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "reviews.json"
    path.write_text('{"deer": {"link": "deerbook:1:AAAA", "decisions": []}}')
    with pytest.raises(SaveFileError):
        load_reviews(path)
