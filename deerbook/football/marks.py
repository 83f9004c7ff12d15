"""A Football Highlights player's sheet in pencil: the boxes checked, the marker on the field, and what checking a box
does.

`check_box` checks the next box of a track and resolves its action with every chained action (runs, passes,
Breakaway, YAC, the defense die, touchdowns, Kick Range, Power Dice), stopping only where a wild chain needs a
target; `box_outcome` is the same as the fields it changes, for a look-ahead that values a box without building its
marks. Every change takes `emit`, as the rules' transitions do (`football.rules`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .sheet import MAX_POWER_DICE, TRACKS, PlaySheet

Emit = Callable[..., None] | None  # emit(kind, player, **detail), or None: no events wanted

NO_EFFECT, RUN_MINUS_5, PASS_MINUS_10 = 0, 1, 2  # the defense die's faces
TOUCHDOWN_POINTS, FIELD_GOAL_POINTS = 7, 3
END_ZONE = 9  # field spaces from the 45 to End Zone 1; End Zone 2 is space 10
START_MARKER = 45  # the yard number a marker starts from and returns to after a score


def points(touchdowns: int, field_goals: int) -> int:
    """The points of a number of touchdowns and field goals."""
    return TOUCHDOWN_POINTS * touchdowns + FIELD_GOAL_POINTS * field_goals


@dataclass(frozen=True)
class Marks:
    """One player's pencil marks on their sheet, plus their marker on the field."""

    checked: tuple[int, ...] = (0,) * 6  # boxes checked on Play tracks 1-6
    breakaway: int = 0
    yac: int = 0
    kick: int = 0  # Kick Range boxes checked
    power: int = 0  # Power Dice unlocked
    touchdowns: int = 0
    field_goals: int = 0
    marker: int = START_MARKER  # the yard number of the marker's space
    defense_used: bool = False  # the defense die already cost this player yards this turn

    @property
    def points(self) -> int:
        """The points scored: touchdowns and field goals."""
        return points(self.touchdowns, self.field_goals)

    def kick_range(self, sheet: PlaySheet) -> int:
        """The field-goal range reached on the Kick Range track."""
        return sheet.ranges[self.kick]

    def can_kick(self, sheet: PlaySheet) -> bool:
        """Whether the marker is within kicking range."""
        return self.marker <= sheet.ranges[self.kick]

    def kick_field_goal(self) -> "Marks":
        """The marks after a field goal: one more scored, the marker reset to 45."""
        return _changed(self, {"field_goals": self.field_goals + 1, "marker": START_MARKER})

    def open_tracks(self, sheet: PlaySheet) -> tuple[int, ...]:
        """The play tracks that still have an unchecked box."""
        return tuple(t for t in TRACKS if self.checked[t - 1] < len(sheet.track(t)))


Outcome = tuple[tuple[int, ...], int, int, int, int, int, int, bool, int]  # see `box_outcome`


def check_box(marks: Marks, track: int, sheet: PlaySheet, defense: int, emit: Emit = None,
              player: int = 0) -> tuple[Marks, int]:
    """Check the next box of `track` and resolve it with all chained actions (events for `player`).

    Returns the new marks and the track of a wild box waiting for its target (0 if none).
    """
    checked, breakaway, yac, kick, power, touchdowns, marker, defense_used, wild = box_outcome(
        marks, track, sheet, defense, emit, player)
    after = _new(Marks)  # every field given: no copy of `marks`' fields to merge (`_changed`)
    _set_attribute(after, "__dict__", {
        "checked": checked, "breakaway": breakaway, "yac": yac, "kick": kick, "power": power, "touchdowns": touchdowns,
        "field_goals": marks.field_goals, "marker": marker, "defense_used": defense_used})
    return after, wild


def box_outcome(marks: Marks, track: int, sheet: PlaySheet, defense: int, emit: Emit = None,
                player: int = 0) -> Outcome:
    """`check_box` as the fields it changes, no Marks built (a look-ahead values most boxes it checks and goes on
    from few): the boxes checked per track, Breakaway and YAC boxes, Kick Range boxes, Power Dice, touchdowns,
    the marker, whether the defense die was used, then the wild box's track (0 if none)."""
    checked, tracks = list(marks.checked), sheet.tracks
    while (done := checked[track - 1]) < len(boxes := tracks[track - 1]):
        box = boxes[done]
        checked[track - 1] = done + 1
        if emit:
            emit("box_checked", player, track=track, box=done + 1, code=box.code, action=box.action, yards=box.yards)
        action = box.action
        if action == "chain":
            track = box.target
        elif action == "wild":
            others = any(checked[t - 1] < len(tracks[t - 1]) for t in TRACKS if t != track)
            return _unchanged(marks, tuple(checked), track if others else 0)
        else:
            return _resolve(marks, box, sheet, defense, tuple(checked), emit, player)
    return _unchanged(marks, tuple(checked), 0)


def _unchanged(marks: Marks, checked: tuple[int, ...], wild: int) -> Outcome:
    """The outcome of boxes that change only which boxes are checked."""
    return (checked, marks.breakaway, marks.yac, marks.kick, marks.power, marks.touchdowns, marks.marker,
            marks.defense_used, wild)


def _resolve(marks: Marks, box, sheet: PlaySheet, defense: int, checked: tuple[int, ...], emit: Emit,
             player: int) -> Outcome:
    """The outcome of the action of `box` (its own box already counted in `checked`)."""
    action = box.action
    breakaway, yac, kick, power, marker = marks.breakaway, marks.yac, marks.kick, marks.power, marks.marker
    if action == "kick":
        kick = min(kick + 1, len(sheet.kick_range))
        if emit and kick > marks.kick:
            emit("kick_range_checked", player, box=kick, range=sheet.kick_range[kick - 1])
    elif action == "power":
        power = min(power + 1, MAX_POWER_DICE)
        if emit and power > marks.power:
            emit("power_unlocked", player, power=power)
    if action != "run" and action != "pass":
        return checked, breakaway, yac, kick, power, marks.touchdowns, marker, marks.defense_used, 0
    yards = box.yards
    if box.bonus:  # the next Breakaway (run) or YAC (pass) box, unless that track is full
        name, used, bonuses = ("breakaway", breakaway, sheet.breakaway) if action == "run" else ("yac", yac, sheet.yac)
        if used < len(bonuses):
            yards += bonuses[used]
            if action == "run":
                breakaway += 1
            else:
                yac += 1
            if emit:
                emit("bonus_checked", player, track=name, box=used + 1, yards=bonuses[used])
    start = field_space(marker)
    if action == "pass" and start + box.yards // 5 > END_ZONE + 1:
        if emit:
            emit("pass_incomplete", player, marker=marker)
        return checked, breakaway, yac, kick, power, marks.touchdowns, marker, marks.defense_used, 0
    defended, penalty = (defense == RUN_MINUS_5, 5) if action == "run" else (defense == PASS_MINUS_10, 10)
    defense_used = marks.defense_used
    if defended and not defense_used:  # the defense die: first eligible play only
        defense_used, yards = True, max(0, yards - penalty)
        if emit:
            emit("defense_applied", player, penalty=penalty)
    space = start + yards // 5  # one space per full 5 yards
    if space >= END_ZONE:
        if emit:
            emit("touchdown", player, marker=marker, points=TOUCHDOWN_POINTS,
                 score=points(marks.touchdowns + 1, marks.field_goals))
        return checked, breakaway, yac, kick, power, marks.touchdowns + 1, START_MARKER, defense_used, 0
    moved = START_MARKER - 5 * space
    if emit and moved != marker:
        emit("ball_moved", player, marker=marker, to=moved)
    return checked, breakaway, yac, kick, power, marks.touchdowns, moved, defense_used, 0


def _changed(marks: Marks, changes: dict[str, Any]) -> Marks:
    """`engine.frozen.with_fields` for Marks, shorter (a look-ahead builds one for every box it values): Marks cache
    no lookup (tests/football/test_marks.py), so the field values are copied whole, with `changes`."""
    new = _new(Marks)
    _set_attribute(new, "__dict__", marks.__dict__ | changes)
    return new


_new = object.__new__
_set_attribute = object.__setattr__  # sets a frozen dataclass's __dict__ whole


def field_space(marker: int) -> int:
    """Spaces from the 45-yard space (0) to the marker's space (8 is the 5-yard line)."""
    return (START_MARKER - marker) // 5
