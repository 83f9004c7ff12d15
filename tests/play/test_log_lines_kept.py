"""A table tells its whole log again after every move: each step's lines are worked out once per seat and seat names
(`deerbook.play.log._lines_for`), and what a seat reads stays its own."""
from deerbook.engine import make_game
from deerbook.play.log import Narration, _lines_for
from deerbook.play.session import Session


def test_telling_the_log_again_works_out_no_step_twice():
    session = Session(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=5)
    for _ in range(30):
        if session.state.is_terminal():
            break
        session.step(session.state.legal_actions()[0] if not session.state.is_chance_node()
                     else session.state.chance_outcomes()[0][0])
    first = session.turn_log()
    worked_out = _lines_for.cache_info().misses
    assert session.turn_log() == first and session.history == [line for _, lines in first for line in lines]
    assert _lines_for.cache_info().misses == worked_out
    assert len(session.log) >= 20


def test_the_lines_kept_are_each_seats_and_follow_the_names():
    narration = Narration("{P0} rolls.", private="{P0} drew the 7.", insiders=frozenset({0}),
                          own=((1, "{P1}'s hand grows."),))
    assert narration.lines_for(0, ["Ann", "Bob"]) == ["You drew the 7."]
    assert narration.lines_for(1, ["Ann", "Bob"]) == ["P0 (Ann) rolls.", "Your hand grows."]
    assert narration.lines_for(1, ["Cy", "Bob"]) == ["P0 (Cy) rolls.", "Your hand grows."]
    assert narration.lines_for(1) == ["P0 rolls.", "Your hand grows."]
