"""Exact Football Highlights odds, from the engine's own chance outcomes and rules.

Nothing here models the rules a second time: dice come from the engine's chance nodes
(`rules.dice_roll`, the Defense Die of a `DEFENSE_ROLL` state, Blitz Bach's roll), and
every yard comes from applying actions to positions built with `state.position`.

- Dice on the board: `board_counts`, `area_count_tables` (one area, the largest area, empty areas).
- One die on a track: `next_box` (from any sheet position), `box_gain` (the die checking a given box),
  `track_sheets` / `track_profile`
  (the dice of a track one after another from a fresh sheet), `chance_by_field_position`.
- Solo: `blitz_roll_distribution` / `blitz_board` (Blitz Bach's exact score at his roll).
- `odds_report` / `format_odds` for `python -m deerbook odds football`.
Whole choices and the advisor are in `deerbook.bots.football_advisor`; seeded batches of whole games in
`deerbook.analysis.batches`.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, cast

from ..engine.distribution import Distribution
from ..engine.events import Event, Step
from ..engine.frozen import evolve
from ..engine.protocol import Action
from ..engine.registry import make_game
from ..football.marks import START_MARKER, Marks
from ..football.rules import ACTIVE, BLITZ_ROLL, DEFENSE_ROLL, PLAY_DICE, dice_roll
from ..football.sheet import MAX_POWER_DICE, PASS_TRACKS, TRACKS
from ..football.save import position
from ..football.state import MARK_FIELDS, FootballState

if TYPE_CHECKING:
    from ..football.game import FootballGame

FIELD_POSITIONS = tuple(range(START_MARKER, 0, -5))  # the marker's yard number, 45 down to the 5


# --- dice on the board ------------------------------------------------------------------------
@lru_cache(maxsize=None)
def board_ways(play: int, power: int = 0) -> tuple[Counter, int]:
    """Dice per area 1-6 after rolling `play` play dice and `power` power dice, as (ways, total ways).

    From the engine's chance nodes: its node of `play` dice, then its one-die node for each power die
    (the same distribution as one node of `power` dice, and far quicker than pairing two big nodes).
    Integer ways over a common denominator keep the exact arithmetic fast.
    """
    if power == 0:
        return _as_ways(dice_roll("play dice", play))
    ways, total = board_ways(play, power - 1)
    die, sides = _as_ways(dice_roll("power dice", 1))
    added: Counter[tuple[int, ...]] = Counter()
    for face, w in die.items():
        for counts, v in ways.items():
            added[tuple(a + b for a, b in zip(counts, face))] += w * v
    return added, total * sides


def _as_ways(outcomes) -> tuple[Counter, int]:
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    return Counter({a.args: int(p * denominator) for a, p in outcomes}), denominator


def board_counts(play: int, power: int = 0) -> Distribution:
    """The exact distribution of dice per area 1-6 (see `board_ways`)."""
    return Distribution.from_counts(board_ways(play, power)[0])


AREA_STATISTICS: dict[str, Callable[[tuple[int, ...]], int]] = {
    "one area": lambda counts: counts[0], "largest area": max, "empty areas": lambda counts: counts.count(0)}


def area_count_tables(play: int, power: int = 0) -> dict[str, Distribution]:
    """Distributions of the dice in one area (area 1; all six are alike), in the fullest area, and of empty areas."""
    return {name: _area_statistic(play, power, name) for name in AREA_STATISTICS}


@lru_cache(maxsize=None)
def _area_statistic(play: int, power: int, name: str) -> Distribution:
    counts: Counter[int] = Counter()
    for board, w in board_ways(play, power)[0].items():
        counts[AREA_STATISTICS[name](board)] += w
    return Distribution.from_counts(counts)


# --- one die on a track -----------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Gain:
    """What one die on a track did: yards gained (a touchdown counts the yards to the End Zone)."""

    yards: int
    touchdown: bool = False
    incomplete: bool = False


def default_game():
    """The two-player game on the default play sheet (the calibrated sheet v2)."""
    return make_game("football", num_players=2)


def defense_faces(game) -> tuple[tuple[int, Fraction], ...]:
    """The Defense Die as the engine rolls it: (face, probability) pairs."""
    return tuple((action.args[0], p) for action, p in position(game, phase=DEFENSE_ROLL).chance_outcomes())


def marks_fields(marks: Marks, **changes) -> dict:
    """Marks as the keyword fields `position` takes, with changes."""
    return {name: getattr(marks, name) for name in MARK_FIELDS} | changes


def die_position(game, marks: Marks, track: int, defense: int) -> FootballState:
    """Player 0 about to check one die on `track` with the given sheet and Defense Die face."""
    hand = tuple(int(t == track) for t in TRACKS)
    return position(game, marks={0: marks_fields(marks)}, phase=ACTIVE, hand=hand, defense=defense)


def resolutions(state: FootballState, track: int) -> list[Step]:
    """Every way to finish checking one die on `track` (one per choice of wild-chain targets), with its events."""
    pending, done = [state.step(state.find_action(f"check a {track}"))], []
    while pending:
        s, events = pending.pop()
        if s.wild_from:
            pending.extend(Step(after, events + more) for after, more in (s.step(a) for a in s.legal_actions()))
        else:
            done.append(Step(s, events))
    return done


def gain(events: Iterable[Event]) -> Gain:
    """A die's Gain, read off the events of its steps: the yards the ball moved, a touchdown (the yards that were
    left to the End Zone) or an incomplete pass; nothing else gains yards."""
    for event in events:
        if event.kind == "touchdown":
            return Gain(event.detail["marker"], touchdown=True)
        if event.kind == "ball_moved":
            return Gain(event.detail["marker"] - event.detail["to"])
        if event.kind == "pass_incomplete":
            return Gain(0, incomplete=True)
    return Gain(0)


def best_resolution(game, marks: Marks, track: int, defense: int) -> tuple[Marks, Gain]:
    """The sheet after one die on `track`, wild targets chosen for the best gain (touchdown, yards)."""
    results = [(s.marks[0], gain(events))
               for s, events in resolutions(die_position(game, marks, track, defense), track)]
    return max(results, key=lambda pair: (pair[1].touchdown, pair[1].yards, -pair[1].incomplete))


def next_box(game, marks: Marks, track: int, defense: int | None = None) -> Distribution:
    """Distribution of the Gain of one die on `track` from any sheet position.

    `defense` is a Defense Die face, or None to roll it (a Defense Die already used this turn,
    marks.defense_used, costs nothing whatever its face).
    """
    faces = defense_faces(game) if defense is None else ((defense, Fraction(1)),)
    return Distribution((best_resolution(game, marks, track, face)[1], p) for face, p in faces)


@lru_cache(maxsize=None)
def track_sheets(game, track: int) -> tuple[Marks, ...]:
    """The sheet before each die on `track`, checking dice on that track only from a fresh sheet at the 45."""
    sheets, marks = [], Marks()
    while track in marks.open_tracks(game.sheet):
        sheets.append(marks)
        after = best_resolution(game, marks, track, 0)[0]
        marks = replace(after, marker=START_MARKER, touchdowns=0)
    return tuple(sheets)


def box_sheet(game, track: int, box: int) -> Marks:
    """A sheet whose next box on `track` is box `box` (numbered from 1, as the sheet is drawn): the boxes before it
    on that track checked, with the Breakaway or YAC box each of them with a B or Y used, and nothing else."""
    boxes = game.sheet.track(track)
    if not 1 <= box <= len(boxes):
        raise ValueError(f"track {track} has boxes 1 to {len(boxes)}, not box {box}")
    bonuses = sum(1 for b in boxes[:box - 1] if b.bonus)
    checked = tuple(box - 1 if t == track else 0 for t in TRACKS)
    if track in PASS_TRACKS:
        return Marks(checked=checked, yac=min(bonuses, len(game.sheet.yac)))
    return Marks(checked=checked, breakaway=min(bonuses, len(game.sheet.breakaway)))


def box_gain(game, track: int, box: int, marker: int = START_MARKER) -> Distribution:
    """The Gain of one die checking box `box` of `track` (see `box_sheet`) from `marker`, Defense Die rolled."""
    return next_box(game, replace(box_sheet(game, track, box), marker=marker), track)


def track_profile(game, track: int, marker: int = START_MARKER) -> tuple[Distribution, ...]:
    """For each die along the track (see `track_sheets`), its Gain from `marker`, Defense Die rolled."""
    return tuple(next_box(game, replace(m, marker=marker), track) for m in track_sheets(game, track))


@lru_cache(maxsize=None)
def whole_track(game, track: int, marker: int = START_MARKER) -> Distribution:
    """The Gain of a die on `track` at a uniformly random point along the track."""
    profile = track_profile(game, track, marker)
    return Distribution((g, p / len(profile)) for dist in profile for g, p in dist.items())


def chance_by_field_position(game, track: int, event: str = "touchdown", marks: Marks | None = None) -> dict:
    """{marker: P(event)} for one die on `track`, event "touchdown" or "incomplete".

    From the sheet `marks` (its next box), or, with marks None, averaged along the whole track.
    """
    def chance(marker: int) -> Fraction:
        dist = (whole_track(game, track, marker) if marks is None
                else next_box(game, replace(marks, marker=marker), track))
        return dist.probability(lambda g: getattr(g, event))

    return {marker: chance(marker) for marker in FIELD_POSITIONS}


def expected_yards(dist: Distribution) -> Fraction:
    """The exact expected yards of a gain distribution."""
    return dist.expectation(lambda g: g.yards)


# --- solo: Blitz Bach ---------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _blitz_at_roll(game, board: tuple[int, ...], defense_marker: int, power: int) -> Distribution:
    state = evolve(game.initial_state(), phase=BLITZ_ROLL, board=board, pool=PLAY_DICE - sum(board),
                   defense_marker=defense_marker, marks=(Marks(power=power),))
    outcomes = state.chance_outcomes()
    common = math.lcm(*(p.denominator for _, p in outcomes))
    # Blitz Bach removes the areas whose faces show: only which faces show matters, so one roll per set of
    # faces shown is played through the engine, weighted by all the rolls showing that set (exact integers).
    weights: Counter[tuple[bool, ...]] = Counter()
    example: dict[tuple[bool, ...], Action] = {}
    for roll, p in outcomes:
        shown = tuple(count > 0 for count in roll.args)
        weights[shown] += p.numerator * (common // p.denominator)
        example.setdefault(shown, roll)
    scores: Counter[int] = Counter()
    for shown, weight in weights.items():
        scores[state.apply(example[shown]).blitz[-1]] += weight
    return Distribution((score, Fraction(weight, common)) for score, weight in scores.items())


def blitz_roll_distribution(state: FootballState) -> Distribution:
    """Blitz Bach's exact score this round at his roll (phase BLITZ_ROLL), over the player's power-dice roll.

    His score depends only on the board, the Defense Marker and the player's Power Dice, so the
    enumeration runs (memoised on those) on the first-round state with the same board, marker and Power Dice.
    """
    if state.phase != BLITZ_ROLL:
        raise ValueError(f"Blitz Bach rolls in phase '{BLITZ_ROLL}', not '{state.phase}'")
    return _blitz_at_roll(state.game, state.board, state.defense_marker, state.me.power)


def blitz_board(board: tuple[int, ...], defense_marker: int, power: int, game=None) -> Distribution:
    """Blitz Bach's exact score for a board of play dice, the Defense Marker's area and the player's Power Dice."""
    game = game or make_game("football", num_players=1)
    state = position(game, phase=BLITZ_ROLL, board=board, defense_marker=defense_marker, marks={0: dict(power=power)})
    return blitz_roll_distribution(state)


# --- the odds command -------------------------------------------------------------------------------
BOARD_ROWS = (tuple((k, 0) for k in range(1, PLAY_DICE + 1))
              + tuple((PLAY_DICE, p) for p in range(1, MAX_POWER_DICE + 1)))


def _fractions(dist: Distribution) -> dict[str, str]:
    return {str(k): str(dist[k]) for k in sorted(dist)}


def odds_report(game_name: str = "football") -> dict:
    """The area-count distributions and per-track yardage tables for the default sheet, as JSON-able data."""
    game = cast("FootballGame", make_game(game_name, num_players=2))
    dice = [{"play": k, "power": p, **{name: _fractions(d) for name, d in area_count_tables(k, p).items()}}
            for k, p in BOARD_ROWS]
    tracks = {str(t): [{"die": i, "box": game.sheet.track(t)[sheet.checked[t - 1]].code,
                        "expected_yards": str(expected_yards(dist)),
                        "touchdown": str(dist.probability(lambda g: g.touchdown)),
                        "yards": {str(g.yards): str(p) for g, p in sorted(dist.items())}}
                       for i, (sheet, dist) in enumerate(zip(track_sheets(game, t), track_profile(game, t)), 1)]
              for t in TRACKS}
    incomplete = {str(t): {str(m): str(p) for m, p in chance_by_field_position(game, t, "incomplete").items()}
                  for t in PASS_TRACKS}
    return {"game": game_name, "sheet": game.sheet.name,
            "notes": "Exact, from the engine's chance outcomes. Tracks: each die on that track in turn from a fresh "
                     "sheet, marker at the 45, Defense Die rolled (1/2 no effect, 1/3 -5 run, 1/6 -10 pass). "
                     "Incomplete: chance per field position for a die anywhere along the track.",
            "dice": dice, "tracks": tracks, "incomplete_by_field_position": incomplete}


TABLE_TITLES = {"one area": "Dice in one area", "largest area": "Dice in the largest area",
                "empty areas": "Number of empty areas"}


def _percent(text: str) -> str:
    return f"{100 * float(Fraction(text)):5.1f}"


def format_odds(report: dict) -> str:
    """Plain-text tables of an `odds_report`."""
    lines = [f"Football Highlights odds ({report['sheet']})", report["notes"], ""]
    for name, title in TABLE_TITLES.items():
        columns = range(max(int(k) for row in report["dice"] for k in row[name]) + 1)
        lines.append(f"{title} (% of rolls)")
        lines.append("dice rolled  " + " ".join(f"{n:>5}" for n in columns))
        for row in report["dice"]:
            cells = [_percent(row[name][str(n)]) if str(n) in row[name] else "    ." for n in columns]
            lines.append(f"{row['play']:>2} + {row['power']} power " + " ".join(cells))
        lines.append("")
    lines.append("Expected yards of each die along a track (from the 45, Defense Die rolled); box code in brackets")
    lines.append("die " + "".join(f"{'track ' + t:>17}" for t in report["tracks"]))
    for i in range(max(len(rows) for rows in report["tracks"].values())):
        cells = [f"{float(Fraction(rows[i]['expected_yards'])):8.2f} [{rows[i]['box']:>5}]" if i < len(rows) else ""
                 for rows in report["tracks"].values()]
        lines.append(f"{i + 1:>3} " + "".join(f"{c:>17}" for c in cells))
    lines.append("")
    lines.append("Incomplete pass chance (%) by field position, a die anywhere along the track")
    lines.append("track " + " ".join(f"{m:>5}" for m in FIELD_POSITIONS))
    for t, chances in report["incomplete_by_field_position"].items():
        lines.append(f"{t:>5} " + " ".join(_percent(chances[str(m)]) for m in FIELD_POSITIONS))
    return "\n".join(lines)
