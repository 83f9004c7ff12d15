"""Readable narration of Football Highlights steps: which boxes each action checked and what they did.

`narrate(state, texts)` applies actions (or chance outcomes) by their text and returns the new
state with one line per step, e.g.
"P0: check a 1 -> track 1 box 1 [5B], Breakaway box 1 [+0], defense die applied".
"""
from __future__ import annotations

from typing import Iterable

from ..engine.protocol import Action
from .rules import FIELD_GOAL_POINTS, TOUCHDOWN_POINTS, Marks
from .sheet import TRACKS, PlaySheet
from .state import FootballState


def sheet_changes(before: Marks, after: Marks, sheet: PlaySheet) -> list[str]:
    """What one step changed on one player's sheet and field, in sheet order."""
    changes = [f"track {t} box {i + 1} [{sheet.track(t)[i].code}]"
               for t in TRACKS for i in range(before.checked[t - 1], after.checked[t - 1])]
    changes += [f"Breakaway box {i + 1} [+{sheet.breakaway[i]}]" for i in range(before.breakaway, after.breakaway)]
    changes += [f"YAC box {i + 1} [+{sheet.yac[i]}]" for i in range(before.yac, after.yac)]
    changes += [f"Kick Range box {i + 1} [{sheet.kick_range[i]}]" for i in range(before.kick, after.kick)]
    if after.power != before.power:
        changes.append(f"Power Dice {before.power} -> {after.power}")
    if after.defense_used and not before.defense_used:
        changes.append("defense die applied")
    changes += [f"TOUCHDOWN +{TOUCHDOWN_POINTS}"] * (after.touchdowns - before.touchdowns)
    changes += [f"FIELD GOAL +{FIELD_GOAL_POINTS}"] * (after.field_goals - before.field_goals)
    if after.marker != before.marker:
        changes.append(f"marker {before.marker} -> {after.marker}")
    return changes


def step_line(state: FootballState, action: Action) -> str:
    """One step as text: who acted, the action (with its exact probability at a chance node), what changed."""
    after = state.apply(action)
    probability = dict(state.chance_outcomes()).get(action)
    who = "chance" if state.is_chance_node() else f"P{state.current_player()}"
    line = f"{who}: {action}" + (f" (probability {probability})" if probability is not None else "")
    changes = [("" if p == state.current_player() else f"P{p} ") + ", ".join(found)
               for p, (old, new) in enumerate(zip(state.marks, after.marks))
               if (found := sheet_changes(old, new, state.game.sheet))]
    return line + (" -> " + "; ".join(changes) if changes else "")


def narrate(state: FootballState, texts: Iterable[str]) -> tuple[FootballState, list[str]]:
    """Apply legal actions or chance outcomes by their text; return the final state and one line per step."""
    lines = []
    for text in texts:
        action = state.find_action(text)
        lines.append(step_line(state, action))
        state = state.apply(action)
    return state, lines
