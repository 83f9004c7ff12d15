"""The table's announcements (what a screen reader is told after each redraw): each seat is told its own log's new
lines, once each, in order, and never a line of another seat's log."""
import random

from deerbook.play.session import Session, Stop
from deerbook.play.table_html import Announcer


def test_each_seat_is_told_its_own_new_lines_once_in_order():
    session = Session("deer", ["human", "human", "greedy"], seed=5)
    announcer, told = Announcer(), {0: [], 1: []}
    rng = random.Random(5)
    for _ in range(400):
        stop = session.advance()
        if stop == Stop.OVER:
            break
        session.viewer = session.person_to_move() if stop == Stop.DECIDE else session.roller() or session.viewer
        news = announcer.news(session)
        told[session.viewer].extend(news)
        assert told[session.viewer] == session.history  # all of this seat's log, nothing else, each line once
        if stop == Stop.DECIDE:
            session.choose(str(rng.choice(session.state.legal_actions())))
        elif stop == Stop.ROLL:
            session.roll()
    assert told[0] and told[1] and told[0] != told[1]  # the seats' logs differ: each was told only its own


def test_a_new_game_starts_the_telling_again():
    session = Session("football", ["human", "greedy"], seed=3)
    announcer = Announcer()
    session.until_decision()
    first = announcer.news(session)
    assert first and announcer.news(session) == []
    session.restart(seed=4)
    announcer.reset()
    session.until_decision()
    assert announcer.news(session) == session.history
