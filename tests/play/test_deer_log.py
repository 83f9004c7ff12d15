"""The Deer log tells a rack, and a Bullseye, in one line with its last move: the cards, the points and each pawn's
share, whoever plays it and however its steps were taken."""
import re

from deerbook.engine import make_game
from deerbook.play.session import Session, Stop

SPLIT_LINE = re.compile(r"^P(\d) \(greedy\) (?:played ([A-Za-z+]+) \((\d+)\)|moved the pawns with the Bullseye "
                        r"\((12)\)): (.*)$")
SHARE = re.compile(r"^(?:your|P\d \(greedy\)'s) pawn (?:forward|back) (\d+)(?: \(it stopped at (?:0|Finish): "
                   r"\d+ spaces? lost\))?$")


def test_every_rack_and_bullseye_of_a_game_is_one_line_whose_shares_add_up():
    session = Session(make_game("deer", num_players=3, advanced=True), ["greedy"] * 3, seed=6)
    while session.run() != Stop.OVER:
        pass
    lines = [found for line in session.history if (found := SPLIT_LINE.match(line))]
    racks = [found for found in lines if found.group(2)]
    assert len(racks) == sum(session.state.racks_played) > 0, "each rack told once"
    assert any(found.group(4) for found in lines), "this game has a Bullseye"
    for found in lines:
        shares = [SHARE.match(share) for share in found.group(5).split(", ")]
        assert all(shares) and sum(int(share.group(1)) for share in shares) == int(found.group(3) or found.group(4))
    assert not any(re.search(r"moved .*pawn (forward|back) \d+ space", line) for line in session.history), \
        "no move told on a line of its own"


def test_a_rack_walked_step_by_step_is_still_one_line_and_says_what_was_lost():
    from deerbook.chapters.deer_examples import act, roll
    from deerbook.deer import position

    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]], pawns=[4, 0, 0]),
                     1, 2, 4, "discard"), "discard nothing")
    session = Session(game, ["human", "greedy", "greedy"], seed=1, state=state)
    for step in ("rack Fox+Wolf+Bear (15)", "move player 0 back", "6 spaces", "move player 1 forward", "4 spaces",
                 "move player 1 forward", "5 spaces"):
        session.choose(step)
    assert session.history[0] == ("You played Fox+Wolf+Bear (15): your pawn back 6 (it stopped at 0: 2 spaces lost), "
                                  "P1 (greedy)'s pawn forward 9")
    told_to_p1 = [line for entry in session.log for line in entry.narration.lines_for(1)]
    assert told_to_p1 == ["P0 played Fox+Wolf+Bear (15): P0's pawn back 6 (it stopped at 0: 2 spaces lost), your pawn "
                          "forward 9"], "the others hear the one line, and nothing of your hand"
