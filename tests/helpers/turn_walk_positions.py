"""Hand-made Deer positions for the advisor's exact turn walks: turn starts and mid-turn decisions."""
from deer_helpers import DH, RD, position, roll

from deerbook.analysis.deer_odds import edition
from deerbook.bots.deer_advisor import position_for_hand
from deerbook.engine.seeding import stream


def positions():
    """Turn starts and mid-turn decisions: Jokers, passes, predators, racks, draws, Three Deer Heads with a
    Discard pile to take, blocks by set-aside cards, both editions."""
    board = [position_for_hand(edition("deer", n), hand.split(), [len(hand.split())] + [others] * (n - 1),
                               stream(seed), discard=discard)
             for n, hand, others, seed, discard in [(2, "Fox Fox Joker 9 9", 3, 0, ()),
                                                    (4, "3 3 7 Fox Joker", 5, 1, ()),
                                                    (3, "1 2 3 4 5 6", 4, 2, ("6", "11")),
                                                    (2, "Wolf Wolf Bear Joker 2", 2, 3, ("7",))]]
    cards = position_for_hand(edition("deer-cards", 3), ["A", "3", "5", "K"], [4, 4, 4], stream(4))
    joker_at_deer_heads = roll(position([["2", "9", "Joker", "Fox"], ["3", "4"]], discard=["5", "12"]), DH, DH, DH,
                               "Bear")
    choose = roll(position([["5", "7", "9", "Fox", "Fox"], ["1", "2"], ["8"]]), RD, 5, 7, "Fox")
    frozen = position([["3", "7", "10", "Joker"], ["1", "2", "Wolf"], ["8", "12"]], frozen=[True, False, False])
    blocks = [position(hands, options={"advanced": True}, set_aside=aside, discard=discard)  # Ruling 19
              for hands, aside, discard in [([["3", "3", "5", "9", "Joker", "Fox"], ["7", "8"], ["1", "2", "4"]],
                                              [[], ["3", "9"], ["5"]], ["6"]),
                                             ([["1", "2", "Fox", "Fox", "Wolf"], ["7", "8", "12"]], [[], ["1"]], [])]]
    return [*board, cards, joker_at_deer_heads, choose, *blocks, frozen]
