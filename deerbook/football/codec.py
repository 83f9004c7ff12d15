"""Football Highlights actions as integers (`engine.codec`): every decision and chance outcome, numbered.

The numbering is the same for every Football game. Decisions (28): take the dice of area t, check a box of track t,
pick track t, send a wild chain to track t (t = 1..6 each, in that order), then kick a field goal, no field goal,
decline both picks, decline the second pick.

Chance outcomes: the Defense Die's three faces; the Defense Marker's die (6); then every roll of k play dice,
k = 1..11, and of k power dice, k = 1..6. A roll is its count of each face (the order of the dice does not
matter), so k dice have C(k + 5, 5) outcomes, listed as `rules.dice_roll` lists them: 3 + 6 + 12,375 + 923 =
13,307 outcomes in all.
"""
from __future__ import annotations

from functools import lru_cache

from ..engine.codec import ActionCodec
from ..engine.protocol import Action
from .rules import DECLINE_ACTIONS, DEFENSE_DIE, NO_KICK, PLAY_DICE, dice_roll
from .sheet import MAX_POWER_DICE, TRACKS
from .spec import FootballSetup

DECISION_KINDS = ("take", "check", "pick", "wild")


def codec(game: FootballSetup) -> ActionCodec:
    """The numbering of Football's actions (one for every game: it depends on no option)."""
    return _codec()


@lru_cache(maxsize=1)
def _codec() -> ActionCodec:
    decisions = [*(Action(kind, (t,)) for kind in DECISION_KINDS for t in TRACKS), Action("kick"), NO_KICK,
                 DECLINE_ACTIONS[2], DECLINE_ACTIONS[1]]
    return ActionCodec(decisions, chance_outcomes())


def chance_outcomes() -> list[Action]:
    """Every chance outcome, in numbering order."""
    rolls = [("defense marker", 1, 1), ("play dice", 1, PLAY_DICE), ("power dice", 1, MAX_POWER_DICE)]
    return [*(face for face, _ in DEFENSE_DIE),
            *(roll for kind, low, high in rolls for k in range(low, high + 1) for roll, _ in dice_roll(kind, k))]
