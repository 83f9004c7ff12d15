"""Football steps told to the table: every event is public (nothing at a Football table is hidden).

`step_event(before, action, after)` is the one line each seat hears of a step (see `deerbook.events`).
"""
from __future__ import annotations

import re

from ..engine.protocol import Action
from ..events import Event
from .narrate import step_line


def step_event(before, action: Action, after) -> Event:
    """One step in words (a Football table hides nothing: every seat hears all of it)."""
    return Event(re.sub(r"\bP(\d+)\b", r"{P\1}", step_line(before, action)))
