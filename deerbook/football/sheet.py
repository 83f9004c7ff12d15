"""The Football Play Sheet as data: six Play tracks of boxes plus the bonus and tally tracks.

A sheet file is JSON. Two sheets are built in (`BUILTIN_SHEETS`): "calibrated-v2", the default (data/sheet.json,
derived by `deerbook.football.calibration`), and "reconstructed-v1" (data/sheet-reconstructed-v1.json, the first
reconstruction, kept so earlier figures can be reproduced). Box codes: "5" a 5-yard run (tracks 1-3) or pass
(tracks 4-6), "5B" a run with Breakaway, "5Y" a pass with Yards after Catch, "chain N", "wild", "kick", "power",
"empty".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import accumulate
from pathlib import Path

from ..engine.errors import ComponentError, sorted_copy
from ..engine.files import read_json

DATA_DIR = Path(__file__).parent / "data"
BUILTIN_SHEETS = {"calibrated-v2": DATA_DIR / "sheet.json",  # the default
                  "reconstructed-v1": DATA_DIR / "sheet-reconstructed-v1.json"}
DEFAULT_SHEET_NAME = "calibrated-v2"
DEFAULT_SHEET = BUILTIN_SHEETS[DEFAULT_SHEET_NAME]
RUN_TRACKS = (1, 2, 3)
PASS_TRACKS = (4, 5, 6)
TRACKS = RUN_TRACKS + PASS_TRACKS
START_KICK_RANGE = 10
MAX_KICK_RANGE = 40  # a range of 45 would allow endless kicks from the 45-yard reset spot
MAX_POWER_DICE = 6
BOX_CODE = re.compile(r"(?P<yards>\d+)(?P<bonus>[BY]?)|chain (?P<target>\d+)|(?P<word>empty|wild|kick|power)")


@dataclass(frozen=True)
class Box:
    """One Play-track box: action is run, pass, chain, wild, kick, power or empty."""

    action: str
    yards: int = 0
    bonus: bool = False  # B on a run, Y on a pass
    target: int = 0  # the track a chain leads to
    code: str = "empty"


@dataclass(frozen=True)
class PlaySheet:
    """A play sheet: its six play tracks, bonus tracks, kick ranges and tally boxes."""

    name: str
    tracks: tuple[tuple[Box, ...], ...]  # Play tracks 1-6
    breakaway: tuple[int, ...]  # bonus run yards per Breakaway box
    yac: tuple[int, ...]  # bonus yards per Yards-after-Catch box
    kick_range: tuple[int, ...]  # the range after each Kick Range box is checked
    tallies: dict  # boxes on the Touchdowns, Field Goals, Rounds and Blitz Bach tracks (scores are not capped)
    data: dict = field(default_factory=dict, repr=False, compare=False)  # the validated JSON it was read from
    ranges: tuple[int, ...] = field(init=False, repr=False, compare=False)  # the range by Kick Range boxes checked
    play_yards: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)  # see `yards_used`
    yards_bound: int = field(init=False, repr=False, compare=False)  # more than `yards_used` can ever be

    def __post_init__(self) -> None:  # frozen: the derived tables are set once, here
        object.__setattr__(self, "ranges", (START_KICK_RANGE,) + self.kick_range)
        object.__setattr__(self, "play_yards", tuple(tuple(accumulate((box.yards for box in track), initial=0))
                                                     for track in self.tracks))
        object.__setattr__(self, "yards_bound", 1 + sum(yards[-1] for yards in self.play_yards))

    def yards_used(self, checked: tuple[int, ...]) -> int:
        """The base yards of the run and pass boxes among the first `checked` boxes of each track (gained or not:
        an incomplete pass uses its box up)."""
        yards = self.play_yards
        return (yards[0][checked[0]] + yards[1][checked[1]] + yards[2][checked[2]] + yards[3][checked[3]]
                + yards[4][checked[4]] + yards[5][checked[5]])

    def track(self, number: int) -> tuple[Box, ...]:
        """The boxes of play track `number` (1-6)."""
        return self.tracks[number - 1]

    @classmethod
    def from_file(cls, path: str | Path) -> "PlaySheet":
        """Load and validate a sheet file a person names (a regular file under the size limit); raise
        ComponentError naming the bad entry."""
        return cls.from_dict(read_json(path, "play sheet", ComponentError))

    @classmethod
    def from_dict(cls, data) -> "PlaySheet":
        """Validate sheet data (a sheet file's JSON, or the copy embedded in a saved game's options)."""
        return replace(cls._parse(data), data=sorted_copy(data))

    @classmethod
    def _parse(cls, data) -> "PlaySheet":
        _require(isinstance(data, dict), "play sheet", "must be a JSON object")
        tracks = _play_tracks(_entry(data, "play_tracks", list, "play sheet"))
        tallies = {name: _entry(_entry(data, name, dict, "play sheet"), "boxes", int, name)
                   for name in ("touchdowns", "field_goals", "rounds", "blitz_bach_points")}
        _require(tallies["rounds"] >= 6 and tallies["blitz_bach_points"] >= 6, "rounds", "needs at least 6 boxes")
        _require(_entry(_entry(data, "power_dice", dict, "play sheet"), "boxes", int, "power_dice") == MAX_POWER_DICE,
                 "power_dice", f"has exactly {MAX_POWER_DICE} boxes")
        kick = _entry(data, "kick_range", dict, "play sheet")
        _require(kick.get("start") == START_KICK_RANGE, "kick_range", f"starts at {START_KICK_RANGE}")
        return cls(name=str(data.get("name", "unnamed sheet")), tracks=tracks,
                   breakaway=_yardages(data, "breakaway"), yac=_yardages(data, "yac"),
                   kick_range=_kick_ranges(_entry(kick, "boxes", list, "kick_range")), tallies=tallies)


@lru_cache(maxsize=None)
def builtin_sheet(name: str) -> PlaySheet:
    """A sheet shipped with deerbook, by its name in `BUILTIN_SHEETS` (package data: read even while a save is
    loaded); ComponentError for any other name."""
    _require(name in BUILTIN_SHEETS, "sheet", f"must be one of the built-in sheets {sorted(BUILTIN_SHEETS)} or "
                                              f"sheet data, got {name!r}")
    return PlaySheet.from_dict(read_json(BUILTIN_SHEETS[name], "play sheet", ComponentError, own=True))


def default_sheet() -> PlaySheet:
    """The default sheet: the calibrated sheet v2."""
    return builtin_sheet(DEFAULT_SHEET_NAME)


def builtin_name(sheet: PlaySheet) -> str | None:
    """The name of the built-in sheet with the same data as `sheet`, or None for a sheet of a person's own."""
    return next((name for name in BUILTIN_SHEETS if builtin_sheet(name).data == sheet.data), None)


def _require(condition, where: str, message: str) -> None:
    if not condition:
        raise ComponentError(f"{where}: {message}")


def _entry(data: dict, key: str, kind: type, where: str):
    value = data.get(key)
    _require(isinstance(value, kind) and not isinstance(value, bool), where, f"needs {key!r} ({kind.__name__})")
    return value


def _play_tracks(entries: list) -> tuple[tuple[Box, ...], ...]:
    by_number = {e["track"]: e for e in entries if isinstance(e, dict) and type(e.get("track")) is int}
    _require(len(entries) == 6 and set(by_number) == set(TRACKS), "play_tracks", "needs tracks 1 to 6, once each")
    tracks = []
    for number in TRACKS:
        boxes = _entry(by_number[number], "boxes", list, f"track {number}")
        _require(boxes, f"track {number}", "has no boxes")
        tracks.append(tuple(_parse_box(number, i, box) for i, box in enumerate(boxes, 1)))
    return tuple(tracks)


def _parse_box(track: int, index: int, entry) -> Box:
    where = f"track {track} box {index}"
    code = entry.get("box") if isinstance(entry, dict) else None
    match = BOX_CODE.fullmatch(code) if isinstance(code, str) else None
    _require(match, where, f"unknown box {code!r}")
    assert match is not None and isinstance(code, str)  # for the type checker: _require refused anything else
    if match["word"]:
        return Box(match["word"], code=code)
    if match["target"]:
        target = int(match["target"])
        _require(target in TRACKS, where, f"chain to track {target} does not exist")
        return Box("chain", target=target, code=code)
    yards, is_run = int(match["yards"]), track in RUN_TRACKS
    _require(yards > 0 and yards % 5 == 0, where, f"yardage {yards} is not a positive multiple of 5")
    _require(match["bonus"] in ("", "B" if is_run else "Y"),
             where, "B (Breakaway) is only for runs on tracks 1-3, Y (Yards after Catch) only for passes on 4-6")
    return Box("run" if is_run else "pass", yards=yards, bonus=bool(match["bonus"]), code=code)


def _yardages(data: dict, name: str) -> tuple[int, ...]:
    values = _entry(_entry(data, name, dict, "play sheet"), "boxes", list, name)
    for i, value in enumerate(values, 1):
        _require(isinstance(value, int) and not isinstance(value, bool) and value >= 0 and value % 5 == 0,
                 f"{name} box {i}", f"{value!r} is not a multiple of 5 yards")
    return tuple(values)


def _kick_ranges(values: list) -> tuple[int, ...]:
    previous = START_KICK_RANGE
    for i, value in enumerate(values, 1):
        _require(isinstance(value, int) and value % 5 == 0 and previous < value <= MAX_KICK_RANGE,
                 f"kick_range box {i}",
                 f"{value!r} must be a multiple of 5 above {previous} and at most {MAX_KICK_RANGE}")
        previous = value
    return tuple(values)
