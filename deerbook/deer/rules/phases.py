"""The phases of a Deer turn and round, named once (str-valued: a save holds the same strings)."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What happens next: a chance node, a decision, or the end of the game."""

    DEAL = "deal"
    SET_ASIDE = "set_aside"
    KNOCK = "knock"
    ROLL = "roll"
    REROLL = "reroll"
    JOKER = "joker"
    JOKER_FACE = "joker_face"
    CHOOSE_NUMBER = "choose_number"
    GROUP = "group"
    HAND_OVER = "hand_over"
    BLOCK = "block"
    PASS = "pass"
    PREDATOR = "predator"
    PREDATOR_DISCARD = "predator_discard"
    RACK = "rack"
    RACK_PAWN = "rack_pawn"
    RACK_AMOUNT = "rack_amount"
    DRAW = "draw"
    DRAW_CARD = "draw_card"
    BULLSEYE_PAWN = "bullseye_pawn"
    BULLSEYE_AMOUNT = "bullseye_amount"
    END = "end"


# The members as module globals, for the rules' hot paths: a member read as an attribute of its enum (`Phase.DEAL`)
# takes about ten times as long in Python 3.11, and the rules read them at every step.
(DEAL, SET_ASIDE, KNOCK, ROLL, REROLL, JOKER, JOKER_FACE, CHOOSE_NUMBER, GROUP, HAND_OVER, BLOCK, PASS, PREDATOR,
 PREDATOR_DISCARD, RACK, RACK_PAWN, RACK_AMOUNT, DRAW, DRAW_CARD, BULLSEYE_PAWN, BULLSEYE_AMOUNT, END) = Phase
