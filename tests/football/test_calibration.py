"""The calibrated sheet: the file is the derivation, its filler holds what the revealed boxes hold, and seeded games
on it score in the target ranges of the ruling (book/rulings.md §3)."""
import json
from fractions import Fraction

import pytest

from deerbook.engine import make_game
from deerbook.football.calibration import (PLAY_YARDS, SOURCE, box_figures, calibrated_sheet_data, evidence,
                                           is_fixed, sheet_text, write)
from deerbook.football.sheet import DEFAULT_SHEET, RUN_TRACKS, PlaySheet, builtin_sheet

from football_helpers import SMALL_SHEET
from seasons import season, season_figures

DATA = json.loads(DEFAULT_SHEET.read_text())
V1 = json.loads(SOURCE.read_text())


def test_the_sheet_file_is_the_derivation(tmp_path):
    assert DATA == calibrated_sheet_data()
    assert DEFAULT_SHEET.read_text() == sheet_text(DATA)
    write(tmp_path / "sheet.json")
    assert (tmp_path / "sheet.json").read_bytes() == DEFAULT_SHEET.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]  # no temporary file left behind


def test_every_box_an_example_fixes_is_kept():
    for old, new in zip(V1["play_tracks"], DATA["play_tracks"]):
        assert [box for box in old["boxes"] if is_fixed(box)] == [box for box in new["boxes"] if is_fixed(box)]
        assert [i for i, box in enumerate(old["boxes"]) if is_fixed(box)] == \
               [i for i, box in enumerate(new["boxes"]) if is_fixed(box)]
    for name in ("breakaway", "yac"):
        assert DATA[name]["boxes"][:2] == V1[name]["boxes"][:2]


def test_the_filler_holds_what_the_revealed_boxes_hold():
    revealed, filler = evidence(DATA).values()
    assert (revealed.boxes, revealed.empty, revealed.yards_per_box) == (19, Fraction(6, 19), Fraction(80, 19))
    assert filler.boxes == 125 and abs(filler.empty - revealed.empty) < Fraction(1, 20)
    assert abs(filler.yards_per_box - revealed.yards_per_box) < Fraction(1, 5)
    old_filler = evidence(V1)["filler"]
    assert old_filler.empty == 0 and old_filler.yards_per_box > 3 * revealed.yards_per_box  # what was too generous
    for name in ("breakaway", "yac"):  # half the bonus boxes are zeros, as the revealed ones
        assert DATA[name]["boxes"].count(0) == (len(DATA[name]["boxes"]) + 1) // 2


def test_the_filler_rules():
    sheet = builtin_sheet("calibrated-v2")
    revealed_plays = [(entry["track"], box["box"]) for entry in DATA["play_tracks"] for box in entry["boxes"]
                      if is_fixed(box) and box["box"][0].isdigit()]
    assert sum(int(code.rstrip("BY")) for _, code in revealed_plays) == sum(PLAY_YARDS[t] for t, _ in revealed_plays)
    for track in range(1, 7):
        boxes = [(i, box) for i, box in enumerate(DATA["play_tracks"][track - 1]["boxes"], 1) if not is_fixed(box)]
        plays = [sheet.track(track)[i - 1] for i, _ in boxes if i % 3 == 1]
        assert {box.yards for box in plays} == {PLAY_YARDS[track]}  # no yardage climbing along the track
        assert all(box["box"] == "empty" for i, box in boxes if i % 3 == 0)
        actions = {box["box"] for i, box in boxes if i % 3 == 2}
        assert actions <= {f"chain {7 - track}", "power", "wild", "kick"} and len(actions) >= 3
    chains = [(t, box.target) for t in range(1, 7) for box in sheet.track(t) if box.action == "chain"]
    assert all(target == 7 - track for track, target in chains)  # the revealed chains, too, go to the mirror track
    assert {box.action for t in RUN_TRACKS for box in sheet.track(t) if box.bonus} == {"run"}


def test_box_figures_of_a_few_boxes():
    figures = box_figures([{"box": "10B"}, {"box": "empty"}, {"box": "chain 2"}, {"box": "5"}])
    assert (figures.boxes, figures.empty, figures.yards_per_box) == (4, Fraction(1, 4), Fraction(15, 4))


@pytest.mark.parametrize("players", [1, 2])
def test_a_small_sheet_file_loads_and_plays_whole_games(tmp_path, players):
    path = tmp_path / "my-sheet.json"
    path.write_text(json.dumps(SMALL_SHEET))
    game = make_game("football", num_players=players, sheet_file=str(path))
    assert game.sheet == PlaySheet.from_dict(SMALL_SHEET) and game.options()["sheet"] == SMALL_SHEET
    assert [len(game.sheet.track(t)) for t in range(1, 7)] == [2, 1, 2, 2, 1, 3]
    stats = season(game, ["greedy"] * players, 6, seed=3)
    assert len(stats) == 6 and all(len(s["points"]) == players for s in stats)
    assert max(sum(s["points"]) for s in stats) > 0  # its plays score: the sheet is the one played


# --- the targets of the calibration (issue 27), in seeded games of the greedy agent -----------------------------
GAMES, SEED = 300, 2701


@pytest.fixture(scope="module")
def figures():
    configurations = {"normal": {"num_players": 1, "solo_difficulty": "normal"},
                      "hard": {"num_players": 1, "solo_difficulty": "hard"}, "two": {"num_players": 2}}
    return {key: season_figures(season(make_game("football", **options), ["greedy"] * options["num_players"],
                                       GAMES, SEED))
            for key, options in configurations.items()}


def test_solo_is_a_contest_on_normal(figures):
    normal = figures["normal"]
    assert 0.40 <= normal["win_rate"].mean <= 0.75 and 24 <= normal["points"].mean <= 36
    assert 20 <= normal["blitz_bach_points"].mean <= 36  # Blitz Bach scores about as much


def test_hard_is_harder(figures):
    assert figures["hard"]["win_rate"].mean <= figures["normal"]["win_rate"].mean - 0.12


def test_two_player_points_per_seat(figures):
    assert 20 <= figures["two"]["points"].mean <= 34
