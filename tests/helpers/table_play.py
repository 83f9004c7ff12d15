"""A whole game played at a table as a person would, by random legal clicks."""
import random

from deerbook.play.session import Session, Stop
from deerbook.play.table_html import NEXT, ROLL, choices


def play_out(session: Session, seed: int, on_stop=lambda session, stop: None) -> list[Stop]:
    """Play a whole game as a person would: roll at each roll, a random legal choice at each decision, Next after
    each bot turn; `on_stop` sees every stop. Returns the stops."""
    rng, stops = random.Random(seed), []
    stop = session.advance()
    while stop != Stop.OVER:
        stops.append(stop)
        on_stop(session, stop)
        offered = choices(session, stop)
        pick = rng.choice(offered)
        if pick.name == ROLL:
            session.roll()
        elif pick.name != NEXT:
            session.choose(pick.name)
        stop = session.advance()
        assert len(stops) < 5000
    return stops
