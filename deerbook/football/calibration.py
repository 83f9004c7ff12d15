"""The calibrated play sheet (v2): the boxes the rule text's examples fix, and filler made by two stated rules.

The publisher's sheet is not public. The rule text's worked examples reveal 19 Play-track boxes and the first
two boxes of the Breakaway and YAC tracks; the first reconstruction (sheet "reconstructed-v1") marks them with
notes. Those boxes are kept exactly; every other box (the filler) follows two rules:

1. **Pattern.** Boxes 1, 4, 7, ... of every track are plays, boxes 2, 5, 8, ... actions, boxes 3, 6, 9, ...
   empty (a third of the filler is empty, as 6 of the 19 revealed boxes are).
2. **Contents.** A play gains the same yards all along its track: runs 5, 10, 15 on tracks 1, 2, 3 and passes
   10, 15, 20 on tracks 4, 5, 6 (the revealed plays sum to exactly what this gives at their places); the plays
   of boxes 1, 7, 13, 19 carry the track's Breakaway (B) or Yards after Catch (Y) mark. Actions take turns: a
   chain to the mirror track 7 - t (as all four revealed chains do), a Power Dice box, a wild chain, a Kick Range
   box. The Breakaway and YAC tracks repeat their two revealed boxes (0, 5 and 0, 15: half are zeros), one box
   per B or Y mark on the sheet.

`calibrated_sheet_data()` derives the sheet; data/sheet.json is its output (a test checks they are equal) and
`python -m deerbook.football.calibration` writes it again. `evidence(data)` gives the figures the rules match.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..engine.files import write_atomic
from .sheet import BUILTIN_SHEETS, DEFAULT_SHEET, RUN_TRACKS

SOURCE = BUILTIN_SHEETS["reconstructed-v1"]  # its boxes with notes are the ones the examples fix
NAME = "deerbook calibrated play sheet v2"
PLAY_YARDS = {1: 5, 2: 10, 3: 15, 4: 10, 5: 15, 6: 20}  # runs short/medium/long, passes 5 yards longer
ACTIONS = ("chain", "power", "wild", "kick")  # the action boxes' turns (a chain goes to the mirror track)
PATTERN = ("play", "action", "empty")  # box 1, 2, 3 of every three
NOTES = ("The publisher's sheet is not public. Every box the rule text's examples fix is kept from the "
         "reconstructed sheet v1 (per-box notes); the others follow two rules (deerbook.football.calibration): "
         "boxes 1, 4, 7, ... of a track are plays, 2, 5, 8, ... actions, 3, 6, 9, ... empty; a play gains "
         "5, 10, 15 yards (runs, tracks 1-3) or 10, 15, 20 (passes, tracks 4-6) all along its track, those of "
         "boxes 1, 7, 13, 19 with a B or Y mark; actions take turns: chain to track 7 - t, Power Dice, wild chain, "
         "Kick Range; the Breakaway and YAC tracks repeat their two revealed boxes. Box codes: '5' a 5-yard run "
         "(tracks 1-3) or pass (tracks 4-6); '5B' a run with Breakaway; '5Y' a pass with Yards after Catch; "
         "'chain N' a chained action to track N; 'wild' a wild chained action; 'kick' the next Kick Range box; "
         "'power' the next Power Dice box; 'empty' no action.")


def filler_box(track: int, index: int) -> str:
    """The code of filler box `index` (1-based) of `track` by the two rules."""
    kind, turn = PATTERN[(index - 1) % 3], (index - 1) // 3
    if kind == "empty":
        return "empty"
    if kind == "play":
        mark = ("B" if track in RUN_TRACKS else "Y") if turn % 2 == 0 else ""
        return f"{PLAY_YARDS[track]}{mark}"
    action = ACTIONS[turn % len(ACTIONS)]
    return f"chain {7 - track}" if action == "chain" else action


def is_fixed(box: dict) -> bool:
    """Whether a box entry of the source sheet is one an example fixes (it carries a note saying which)."""
    return "notes" in box


def calibrated_sheet_data() -> dict:
    """The calibrated sheet v2 as sheet-file data, derived from the fixed boxes of the reconstructed sheet v1."""
    data = copy.deepcopy(json.loads(SOURCE.read_text()))
    for entry in data["play_tracks"]:
        entry["boxes"] = [box if is_fixed(box) else {"box": filler_box(entry["track"], i)}
                          for i, box in enumerate(entry["boxes"], 1)]
    codes = [box["box"] for entry in data["play_tracks"] for box in entry["boxes"]]
    for name, mark in (("breakaway", "B"), ("yac", "Y")):
        revealed = data[name]["boxes"][:2]
        marks = sum(code[0].isdigit() and code.endswith(mark) for code in codes)
        data[name]["boxes"] = [revealed[i % 2] for i in range(marks)]
    data["breakaway"]["notes"] += "; the track repeats these two boxes, one box per B mark on the sheet"
    data["yac"]["notes"] += "; the track repeats these two boxes, one box per Y mark on the sheet"
    return {"name": NAME, "notes": NOTES, **{k: v for k, v in data.items() if k not in ("name", "notes")}}


@dataclass(frozen=True)
class BoxFigures:
    """What a set of Play-track boxes holds: how many, the share empty, the base yards per box."""

    boxes: int
    empty: Fraction
    yards_per_box: Fraction


def box_figures(boxes: list[dict]) -> BoxFigures:
    """The `BoxFigures` of some box entries of a sheet file."""
    codes = [box["box"] for box in boxes]
    yards = sum(int(code.rstrip("BY")) for code in codes if code[0].isdigit())
    return BoxFigures(len(codes), Fraction(codes.count("empty"), len(codes)), Fraction(yards, len(codes)))


def evidence(data: dict) -> dict[str, BoxFigures]:
    """The boxes an example fixes ("revealed") and all the others ("filler") of sheet data, as `BoxFigures`."""
    boxes = [box for entry in data["play_tracks"] for box in entry["boxes"]]
    return {"revealed": box_figures([b for b in boxes if is_fixed(b)]),
            "filler": box_figures([b for b in boxes if not is_fixed(b)])}


def sheet_text(data: dict) -> str:
    """Sheet data as the sheet files are written: JSON with one box per line."""
    def line(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    tracks = ",\n".join(
        f'  {{"track": {entry["track"]}, "kind": {line(entry["kind"])}, "boxes": [\n'
        + ",\n".join(f"   {line(box)}" for box in entry["boxes"]) + "\n  ]}" for entry in data["play_tracks"])
    rest = [f" {line(key)}: {line(value)}" for key, value in data.items() if key != "play_tracks"]
    return "{\n" + ",\n".join(rest[:2] + [f' "play_tracks": [\n{tracks}\n ]'] + rest[2:]) + "\n}\n"


def write(path: Path = DEFAULT_SHEET) -> None:
    """Write the calibrated sheet to `path` (atomically: `engine.files.write_atomic`)."""
    write_atomic(path, sheet_text(calibrated_sheet_data()), "play sheet")


if __name__ == "__main__":
    write()
    print(f"wrote {DEFAULT_SHEET}")
