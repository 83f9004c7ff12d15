"""Football Highlights rules that do not depend on whose turn it is: dice, yardage, boxes.

A player's pencil marks live in `Marks`; `check_box` checks the next box of a track and
resolves its action with every chained action (runs, passes, Breakaway, YAC, the defense
die, touchdowns, Kick Range, Power Dice), stopping only where a wild chain needs a target.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from ..engine.protocol import Action, evolve
from .sheet import MAX_POWER_DICE, START_KICK_RANGE, TRACKS, PlaySheet

DECISIONS = (
    "Sheet: the publisher's play sheet is not public; deerbook ships a reconstructed sheet "
    "(data/sheet.json) that agrees with every example of the rule text, documented box by box.",
    "Sheet examples: Doug's breakaway run, Gina's first turn, Gina's wild chain and the solo example are read "
    "as fresh sheets; Gina's incomplete pass (on the 5-yard line), Doug's non-active picks ('his first box' = "
    "the first of his two picks) and Doug's field goal as sheets already in play.",
    "Sheet shape: each box holds one action; 24 boxes per Play track, 22 Breakaway and 22 YAC boxes (one per "
    "B or Y mark), 6 Kick Range boxes (15 to 40), 6 Power Dice boxes.",
    "Defense die: No Effect 1/2 (faces 1-3), -5 yards on a Run 1/3, -10 yards on a Pass 1/6. It applies once "
    "per player per turn (per round in solo), to that player's first run (for -5) or first COMPLETE pass "
    "(for -10), after Breakaway/YAC bonuses; yardage never goes below 0.",
    "Incomplete pass: decided on the box's base yardage before YAC and defense: incomplete if it would move "
    "the marker beyond End Zone 2. A Y box still checks its YAC box, whose yards are void.",
    "Field: 45, 40, ..., 5, End Zone 1, End Zone 2; one space per full 5 yards; entering the End Zone scores "
    "a touchdown (7), excess yards are ignored, and the marker goes back to 45.",
    "Field goals (3 points, marker back to 45, allowed when the marker's yard number is at most the Kick "
    "Range) are offered to a player only at the moments between their OWN dice (before the first, between "
    "two, after the last) and once more at the very end of the game, never inside a chain. A field goal "
    "changes only the kicker's own score and marker, so offering it at every other moment adds no choice.",
    "Kick Range starts at 10 and the reconstructed track tops out at 40 (a sheet may not exceed 40: a range "
    "of 45 would allow endless kicks from the 45-yard reset spot).",
    "Power Dice: at most 6 unlocked; a 7th Power Dice box is an empty box. A box aimed at a full track "
    "(Play, Breakaway, YAC, Kick Range) does nothing.",
    "Wild chain: the player names any other Play track that still has an open box; if none has, it does nothing.",
    "Play dice and power dice are each rolled as ONE chance node whose outcome is the count of dice per area "
    "(multinomial probabilities).",
    "Each turn the Defense Die, the passed play dice and the active player's power dice are rolled as three "
    "chance nodes in that order (they are independent); a node with no dice is skipped.",
    "The active player takes all dice (play and power) of one area and checks them one by one on that track, "
    "each box with all its chained actions before the next die; then (multiplayer) power dice return to the "
    "supply. A field goal 'before the first die' is offered after the area is chosen (equivalent: it changes "
    "nothing the choice depends on).",
    "Non-active players pick one after another in seat order from the active player's left; their picks cannot "
    "interact (no dice are removed, a field goal only changes the kicker's sheet), so the order is immaterial. "
    "Each picks two different tracks by rules A-D, the first resolved fully (with chains) before the second.",
    "Non-active picks: if 2+ areas have play dice, both picks are such areas; if exactly one has, it must be "
    "one of the picks; if none has, any two tracks. In solo, areas with play OR power dice count.",
    "Rounds: 1-2 players 6, 3 players 4, 4 players 3; the game ends after the last player's turn of the "
    "final round, after the end-of-game field-goal offers in seat order.",
    "Overtime: the tied players, in seat order, each roll as many play dice as they have unlocked power dice "
    "(no defense die) and check them in the order they choose, one die (with chains) at a time; later players "
    "see earlier results (harmless: only the drive-or-kick choice could depend on it). "
    "At most 10 overtime rounds, then the still-tied players share the win.",
    "Scores are never capped by the number of Touchdown/Field Goal boxes on the sheet.",
    "Solo: each round the Defense die and one power die (the Defense Marker's area) are rolled, then the play "
    "dice removed last round plus the unlocked power dice. Blitz Bach's power-dice roll removes every area "
    "showing one of the rolled faces; he scores by the chart on the fullest remaining area outside the Defense "
    "Marker's area (0-1: 0, 2: 3, 3: 7, 4: 10, 5: 14, 6+: 21). Normal difficulty starts with one power die "
    "unlocked, hard with none. Blitz Bach wins ties; there is no overtime in solo. The end-of-game field-goal "
    "offer comes after Blitz Bach's sixth score. In the engine a lost solo game returns 0 to the player.",
)

NO_EFFECT, RUN_MINUS_5, PASS_MINUS_10 = 0, 1, 2
DEFENSE_NAMES = ("no effect", "-5 yards on a run", "-10 yards on a pass")
DEFENSE_DIE = tuple((Action("defense", (face,), f"defense die: {DEFENSE_NAMES[face]}"), p)
                    for face, p in ((NO_EFFECT, Fraction(1, 2)), (RUN_MINUS_5, Fraction(1, 3)),
                                    (PASS_MINUS_10, Fraction(1, 6))))
PLAY_DICE = 11
TOUCHDOWN_POINTS, FIELD_GOAL_POINTS = 7, 3
END_ZONE = 9  # field spaces from the 45 to End Zone 1; End Zone 2 is space 10
BLITZ_CHART = (0, 0, 3, 7, 10, 14, 21)  # points by dice in the fullest area; 6+ dice score 21


def blitz_points(dice: int) -> int:
    """Blitz Bach's points for a number of dice (six or more score alike)."""
    return BLITZ_CHART[min(dice, 6)]


@lru_cache(maxsize=None)
def dice_roll(kind: str, k: int) -> tuple[tuple[Action, Fraction], ...]:
    """k six-sided dice as one chance node: outcomes are counts per face, multinomial probabilities."""
    outcomes = []
    for faces in combinations_with_replacement(TRACKS, k):
        counts = tuple(faces.count(face) for face in TRACKS)
        ways = factorial(k) // prod(factorial(c) for c in counts)
        text = f"{kind}: " + " ".join(map(str, faces))
        outcomes.append((Action(kind, counts, text), Fraction(ways, 6 ** k)))
    return tuple(outcomes)


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
    marker: int = 45  # the yard number of the marker's space
    defense_used: bool = False  # the defense die already cost this player yards this turn

    @property
    def points(self) -> int:
        """The points scored: touchdowns and field goals."""
        return TOUCHDOWN_POINTS * self.touchdowns + FIELD_GOAL_POINTS * self.field_goals

    def kick_range(self, sheet: PlaySheet) -> int:
        """The field-goal range reached on the Kick Range track."""
        return sheet.kick_range[self.kick - 1] if self.kick else START_KICK_RANGE

    def can_kick(self, sheet: PlaySheet) -> bool:
        """Whether the marker is within kicking range."""
        return self.marker <= self.kick_range(sheet)

    def kick_field_goal(self) -> "Marks":
        """The marks after a field goal: one more scored, the marker reset to 45."""
        return evolve(self, field_goals=self.field_goals + 1, marker=45)

    def open_tracks(self, sheet: PlaySheet) -> tuple[int, ...]:
        """The play tracks that still have an unchecked box."""
        return tuple(t for t in TRACKS if self.checked[t - 1] < len(sheet.track(t)))


def check_box(marks: Marks, track: int, sheet: PlaySheet, defense: int) -> tuple[Marks, int]:
    """Check the next box of `track` and resolve it with all chained actions.

    Returns the new marks and the track of a wild box waiting for its target (0 if none).
    """
    checked, tracks = list(marks.checked), sheet.tracks
    while checked[track - 1] < len(tracks[track - 1]):
        box = tracks[track - 1][checked[track - 1]]
        checked[track - 1] += 1
        if box.action == "chain":
            track = box.target
        elif box.action == "wild":
            others = any(checked[t - 1] < len(tracks[t - 1]) for t in TRACKS if t != track)
            return evolve(marks, checked=tuple(checked)), (track if others else 0)
        else:
            return _resolve(marks, box, sheet, defense, tuple(checked)), 0
    return evolve(marks, checked=tuple(checked)), 0


def _resolve(marks: Marks, box, sheet: PlaySheet, defense: int, checked: tuple[int, ...]) -> Marks:
    """The marks after the action of `box` (its own box already counted in `checked`), in one new Marks."""
    if box.action == "kick":
        return evolve(marks, checked=checked, kick=min(marks.kick + 1, len(sheet.kick_range)))
    if box.action == "power":
        return evolve(marks, checked=checked, power=min(marks.power + 1, MAX_POWER_DICE))
    if box.action not in ("run", "pass"):
        return evolve(marks, checked=checked)
    changes: dict = {"checked": checked}
    yards = box.yards
    if box.bonus:  # the next Breakaway (run) or YAC (pass) box, unless that track is full
        name, bonuses = ("breakaway", sheet.breakaway) if box.action == "run" else ("yac", sheet.yac)
        used = getattr(marks, name)
        if used < len(bonuses):
            changes[name], yards = used + 1, yards + bonuses[used]
    if box.action == "pass" and field_space(marks.marker) + box.yards // 5 > END_ZONE + 1:
        return evolve(marks, **changes)  # incomplete: decided on the box's base yardage
    defended, penalty = (defense == RUN_MINUS_5, 5) if box.action == "run" else (defense == PASS_MINUS_10, 10)
    if defended and not marks.defense_used:  # the defense die: first eligible play only
        changes["defense_used"], yards = True, max(0, yards - penalty)
    space = field_space(marks.marker) + yards // 5  # one space per full 5 yards
    if space >= END_ZONE:
        changes.update(touchdowns=marks.touchdowns + 1, marker=45)
    else:
        changes["marker"] = 45 - 5 * space
    return evolve(marks, **changes)


def field_space(marker: int) -> int:
    """Spaces from the 45-yard space (0) to the marker's space (8 is the 5-yard line)."""
    return (45 - marker) // 5
