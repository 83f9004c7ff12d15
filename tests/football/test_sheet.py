"""The built-in play sheets (the calibrated default and the first reconstruction), and loading sheets from files."""
import json

import pytest

from deerbook.engine import ComponentError, OptionError, make_game
from deerbook.football.sheet import BUILTIN_SHEETS, DEFAULT_SHEET, PlaySheet, builtin_sheet, default_sheet

SHEET = default_sheet()
FIXED = {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5),
         (4, 6), (5, 1), (5, 2), (5, 3), (5, 5), (6, 1)}  # (track, box) of the 19 boxes the examples reveal


def codes(sheet, track, count):
    return [box.code for box in sheet.track(track)[:count]]


@pytest.mark.parametrize("name", sorted(BUILTIN_SHEETS))
def test_boxes_fixed_by_the_rule_text_examples(name):
    sheet = builtin_sheet(name)
    assert codes(sheet, 1, 3) == ["5B", "empty", "5B"]  # Doug's breakaway run
    assert codes(sheet, 2, 2) == ["chain 5", "10"]  # Gina's wild chain
    assert codes(sheet, 3, 3) == ["empty", "chain 4", "15B"]  # Gina's first turn, the solo example
    assert codes(sheet, 4, 6) == ["empty", "5Y", "15", "empty", "5Y", "chain 3"]  # solo, Gina's pass, Doug's picks
    assert codes(sheet, 5, 3) == ["wild", "20", "chain 2"]  # Gina's wild chain, Doug's field goal
    assert sheet.track(5)[4].code == "empty"  # Doug's non-active picks (his box 4 on track 5 is not revealed)
    assert codes(sheet, 6, 1) == ["empty"]  # the solo example
    assert sheet.breakaway[:2] == (0, 5) and sheet.yac[:2] == (0, 15)


@pytest.mark.parametrize("name", sorted(BUILTIN_SHEETS))
def test_every_box_fixed_by_an_example_says_so(name):
    data = json.loads(BUILTIN_SHEETS[name].read_text())
    noted = {(t["track"], i) for t in data["play_tracks"] for i, box in enumerate(t["boxes"], 1) if "notes" in box}
    assert noted == FIXED


@pytest.mark.parametrize("name", sorted(BUILTIN_SHEETS))
def test_sheet_shape(name):
    sheet = builtin_sheet(name)
    assert [len(sheet.track(t)) for t in range(1, 7)] == [24] * 6
    bonus = [box for track in sheet.tracks for box in track if box.bonus]
    assert sum(b.action == "run" for b in bonus) == len(sheet.breakaway)  # one bonus box per B or Y mark
    assert sum(b.action == "pass" for b in bonus) == len(sheet.yac)
    assert sheet.kick_range == (15, 20, 25, 30, 35, 40)
    assert {box.action for track in sheet.tracks for box in track} == {"run", "pass", "chain", "wild", "kick",
                                                                       "power", "empty"}


def test_the_built_in_sheets_by_name():
    assert SHEET.name == "deerbook calibrated play sheet v2" and DEFAULT_SHEET == BUILTIN_SHEETS["calibrated-v2"]
    default, old = make_game("football", num_players=1), make_game("football", num_players=1,
                                                                  sheet="reconstructed-v1")
    assert "sheet" not in default.options() and make_game("football", num_players=1, sheet="calibrated-v2") == default
    assert old.options()["sheet"] == "reconstructed-v1" and old.sheet.name == "deerbook reconstructed play sheet v1"
    assert make_game("football", **old.options()) == old != default
    same_data = make_game("football", sheet=json.loads(BUILTIN_SHEETS["reconstructed-v1"].read_text()))
    assert same_data.options()["sheet"] == "reconstructed-v1"  # the data of a built-in sheet is named
    with pytest.raises(OptionError, match="calibrated-v2 or reconstructed-v1"):
        make_game("football", sheet="reconstructed-v9")


def test_yards_used_counts_the_plays_checked():
    assert SHEET.yards_used((0,) * 6) == 0
    assert SHEET.yards_used((3, 2, 3, 0, 0, 0)) == 5 + 5 + 10 + 15  # 5B, empty, 5B; chain 5, 10; empty, chain 4, 15B
    assert SHEET.yards_used(tuple(len(SHEET.track(t)) for t in range(1, 7))) == SHEET.yards_bound - 1


def test_a_sheet_file_loads_and_plays(tmp_path):
    data = json.loads(DEFAULT_SHEET.read_text())
    data["play_tracks"][0]["boxes"][0] = {"box": "45"}
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data))
    assert PlaySheet.from_file(path).track(1)[0].yards == 45
    game = make_game("football", num_players=2, sheet_file=str(path))
    assert game.options()["sheet"] == data and make_game("football", **game.options()) == game  # embedded
    assert game.sheet.track(1)[0].code == "45"


def broken(change):
    data = json.loads(DEFAULT_SHEET.read_text())
    change(data)
    return data


def set_box(track, box, code):
    return lambda data: data["play_tracks"][track - 1]["boxes"].__setitem__(box - 1, {"box": code})


@pytest.mark.parametrize("change,message", [
    (set_box(5, 3, "chain 9"), "track 5 box 3: chain to track 9 does not exist"),
    (set_box(2, 4, "10Y"), "track 2 box 4: B .* Y .* only for passes"),
    (set_box(4, 1, "7"), "track 4 box 1: yardage 7 is not a positive multiple of 5"),
    (set_box(6, 2, "touchback"), "track 6 box 2: unknown box 'touchback'"),
    (lambda d: d["play_tracks"].pop(), "play_tracks: needs tracks 1 to 6"),
    (lambda d: d["kick_range"]["boxes"].append(45), "kick_range box 7: 45 must be a multiple of 5 above 40"),
    (lambda d: d["yac"]["boxes"].__setitem__(2, -5), "yac box 3: -5 is not a multiple of 5 yards"),
    (lambda d: d["power_dice"].__setitem__("boxes", 7), "power_dice: has exactly 6 boxes"),
])
def test_a_bad_sheet_is_rejected_naming_the_box(tmp_path, change, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(change)))
    with pytest.raises(ComponentError, match=message):
        PlaySheet.from_file(path)


def test_a_sheet_that_is_not_json_is_rejected(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(ComponentError, match="cannot read JSON"):
        PlaySheet.from_file(path)
