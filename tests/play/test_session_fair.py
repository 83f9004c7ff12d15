"""Fair play at every table's one `Session`: Undo goes back only through the person's own decisions since the last
thing the person did not decide (a chance outcome, another seat's move), never past it; and a continued hot-seat
game is seen from the seat that plays next (issue 52)."""
import random

import pytest

from deerbook.engine import RuleViolation
from deerbook.play.session import HUMAN, Session, Stop

TABLES = [  # (game, seats, seeds): every game, against bots (Undo applies) and Football alone
    ("deer", ["human", "random", "random"], (1, 2, 3)),
    ("deer", ["human", "greedy"], (7,)),
    ("deer-cards", ["human", "random"], (1, 2, 3)),
    ("football", ["human", "random"], (1, 2)),
    ("football", ["human"], (1, 2, 3)),
]


class Watched(Session):
    """A session that keeps the engine steps as they stood after the last step no person decided."""

    def step(self, action) -> bool:
        state = self.state
        news = state.is_chance_node() or self.seats[state.current_player()] != HUMAN
        told = super().step(action)
        if news:
            self.floor = list(self.moves)
        return told


def test_undo_never_goes_back_past_a_chance_outcome_or_a_bots_move():
    """Random decisions, rolls and undos at every game: each step no person decided stays played."""
    undone = 0
    for game, seats, seeds in TABLES:
        for seed in seeds:
            session, rng = Watched(game, seats, seed=seed), random.Random(seed)
            session.floor = []
            for _ in range(400):
                stop = session.run()
                if stop == Stop.OVER:
                    assert not session.can_undo(), "no Undo once the game is over"
                    break
                if session.can_undo() and rng.random() < 0.4:
                    before = len(session.undo_stack)
                    session.undo()
                    undone += 1
                    assert len(session.undo_stack) == before - 1
                elif stop == Stop.ROLL:
                    session.roll()
                else:
                    session.choose(str(rng.choice(session.state.legal_actions())))
                assert session.moves[:len(session.floor)] == session.floor, \
                    f"{game} {seats} seed {seed}: an undo took back a step no person decided"
                if session.undo_stack:
                    last = session.undo_stack[0]
                    assert last.moves >= len(session.floor), "no decision before the news stays undoable"
    assert undone > 50, "the walk took back many decisions"


def test_undo_is_refused_after_a_roll_with_words_that_say_why():
    session = Session("deer", ["human", "greedy"], seed=7)
    assert session.until_decision() == Stop.DECIDE
    while session.person_to_move() is not None:  # the first turn's decisions
        session.choose(str(session.state.legal_actions()[0]))
        session.run()
    assert session.run() == Stop.ROLL
    session.roll()
    rolled = list(session.moves)
    with pytest.raises(RuleViolation, match="since the last roll or draw, or another player's move"):
        session.undo()
    assert session.moves == rolled and not session.can_undo()


def test_undo_within_a_turn_restores_the_position_the_log_and_the_streams():
    session = Session("deer", ["human", "greedy"], seed=7)
    session.until_decision()
    state, log, streams = session.state, session.history, session.match.streams()
    session.choose(str(session.state.legal_actions()[-1]))
    if session.run() == Stop.DECIDE and session.can_undo():  # still the person's own turn: nothing else happened
        session.choose(str(session.state.legal_actions()[0]))
        session.undo()
    session.undo()
    assert (session.state, session.history, session.match.streams()) == (state, log, streams)


def test_undo_is_off_once_the_game_is_over():
    session = Session("football", ["human"], seed=1)
    while session.until_decision() != Stop.OVER:
        session.choose(str(session.state.legal_actions()[0]))
    session.undo_stack.append(session._snapshot("a decision"))  # even with a decision on the stack
    assert not session.can_undo()
    with pytest.raises(RuleViolation, match="the game is over"):
        session.undo()


HOT_SEATS = [("deer", 2), ("deer", 3), ("deer-cards", 2), ("football", 2)]


def hot_seat_handed_on(game, players, seed=7):
    """A hot-seat game played until the first seat has finished its turn and P1 plays next."""
    session = Session(game, [HUMAN] * players, seed=seed)
    while True:
        stop = session.run()
        person = session.person_to_move() if stop == Stop.DECIDE else session.roller()
        if person == 1:
            return session
        session.roll() if stop == Stop.ROLL else session.choose(str(session.state.legal_actions()[0]))


def seen_by(session, seat):
    """The whole log as `seat` reads it."""
    return [line for entry in session.log for line in entry.narration.lines_for(seat, session.names)]


@pytest.mark.parametrize("game, players", HOT_SEATS)
def test_a_hot_seat_game_loaded_is_told_from_the_seat_that_plays_next(game, players):
    played = hot_seat_handed_on(game, players)
    assert played.viewer == 0, "the person who played last still sees the table"
    for loaded in (Session(game, [HUMAN] * players, seed=1), Session()):
        loaded.load_text(played.save_text(), "the file")
        assert loaded.viewer == 1 and loaded.resumed
        assert loaded.history[:-1] == seen_by(played, 1), "P1's own view of the log, nothing of P0's"
    if game.startswith("deer"):
        assert any(line.startswith("You were dealt") for line in seen_by(played, 0))
        secrets = set(seen_by(played, 0)) - set(seen_by(played, 1))
        assert secrets and not secrets & set(loaded.history)


def test_football_shows_every_seat_the_same_table():
    """Football has no hidden information: each seat's observation is the whole state."""
    played = hot_seat_handed_on("football", 2)
    one, other = (played.state.observation(seat) for seat in (0, 1))
    assert {**one, "player": None} == {**other, "player": None}
