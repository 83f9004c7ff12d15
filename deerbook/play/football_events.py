"""Football steps told to the table: every event is public (nothing at a Football table is hidden).

`FootballState.step(action)` returns the structured events the rules emit (`rules.py`, only when asked, so
`apply` stays fast), in the order things happen. Kinds and details (seat: the player concerned, None for the
table or Blitz Bach):

- rolls: `defense_rolled` (face, effect), `defense_marker_placed` (area), `dice_rolled` (dice "play" or
  "power", counts per area 1-6, purpose: the phase rolled for);
- choices: `area_taken` (area, play, power dice);
- the sheet: `box_checked` (track, box 1-based, code, action, yards), `bonus_checked` (track "breakaway" or
  "yac", box, yards), `kick_range_checked` (box, range), `power_unlocked` (power), `defense_applied`
  (penalty), `pass_incomplete` (marker);
- the ball and the score: `ball_moved` (marker, to), `touchdown` (marker, points, score),
  `field_goal` (marker, points, score), `blitz_scored` (removed areas, dice, points, score);
- the game: `turn_started` (turn, round), `overtime_started` (round, tied), `game_over` (scores).

`step_event(before, action, after)` is the one line each seat hears of a step (see `deerbook.play.narration`),
written by `narrate.step_line` from those events.
"""
from __future__ import annotations

import re

from ..engine.protocol import Action
from .narration import Narration
from .football_narrate import step_line


def step_event(before, action: Action, after) -> Narration:
    """One step in words (a Football table hides nothing: every seat hears all of it)."""
    return Narration(re.sub(r"\bP(\d+)\b", r"{P\1}", step_line(before, action)))
