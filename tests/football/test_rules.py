"""Dice, yardage, the defense die, touchdowns and the box actions, on hand-built sheets."""
from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest

from deerbook.football.marks import NO_EFFECT, PASS_MINUS_10, RUN_MINUS_5, Marks, check_box
from deerbook.football.rules import DEFENSE_DIE, blitz_points, dice_roll
from deerbook.football.sheet import Box, default_sheet

SHEET = default_sheet()


def on(box: Box, track: int, **bonus_tracks):
    """The default sheet with `box` as the first box of `track` (and the given Breakaway/YAC tracks)."""
    tracks = list(SHEET.tracks)
    tracks[track - 1] = (box,) + SHEET.track(track)[1:]
    return replace(SHEET, tracks=tuple(tracks), **bonus_tracks)


def test_defense_die_faces():
    assert [(a.args[0], p) for a, p in DEFENSE_DIE] == [(NO_EFFECT, Fraction(1, 2)), (RUN_MINUS_5, Fraction(1, 3)),
                                                        (PASS_MINUS_10, Fraction(1, 6))]


@pytest.mark.parametrize("k", [1, 2, 5, 11])
def test_dice_roll_is_one_multinomial_node(k):
    outcomes = dice_roll("play dice", k)
    assert len(outcomes) == comb(k + 5, 5) and sum(p for _, p in outcomes) == 1
    assert all(sum(a.args) == k for a, _ in outcomes)
    probability = dict((a.args, p) for a, p in outcomes)
    assert probability[(k,) + (0,) * 5] == Fraction(1, 6 ** k)
    if k == 2:
        assert probability[(1, 0, 0, 0, 0, 1)] == Fraction(2, 36)
    assert dice_roll("play dice", k) is outcomes  # cached per k


def test_one_space_per_full_five_yards_and_touchdown_resets():
    sheet = on(Box("run", yards=15), 3)
    assert check_box(Marks(), 3, sheet, NO_EFFECT)[0].marker == 30
    scored, _ = check_box(Marks(marker=10), 3, sheet, NO_EFFECT)  # 3 spaces from the 10: excess ignored
    assert (scored.touchdowns, scored.marker) == (1, 45)


def test_run_defense_applies_once_and_never_below_zero():
    sheet = on(Box("run", yards=5), 1)
    first, _ = check_box(Marks(), 1, sheet, RUN_MINUS_5)
    assert first.marker == 45 and first.defense_used
    second, _ = check_box(replace(first, checked=(0,) * 6), 1, sheet, RUN_MINUS_5)
    assert second.marker == 40
    assert check_box(Marks(), 1, sheet, PASS_MINUS_10)[0].marker == 40  # a pass face spares runs


def test_pass_defense_only_on_a_complete_pass():
    sheet = on(Box("pass", yards=20), 5)
    incomplete, _ = check_box(Marks(marker=10), 5, sheet, PASS_MINUS_10)
    assert incomplete.marker == 10 and not incomplete.defense_used
    complete, _ = check_box(Marks(marker=30), 5, sheet, PASS_MINUS_10)
    assert complete.marker == 20 and complete.defense_used
    assert check_box(Marks(marker=30), 5, sheet, RUN_MINUS_5)[0].marker == 10


def test_pass_reaching_end_zone_two_is_complete():
    sheet = on(Box("pass", yards=10), 4)
    assert check_box(Marks(marker=5), 4, sheet, NO_EFFECT)[0].touchdowns == 1


def test_incomplete_pass_still_checks_its_void_yac_box():
    sheet = on(Box("pass", yards=15, bonus=True), 4, yac=(20,))
    marks, _ = check_box(Marks(marker=5), 4, sheet, NO_EFFECT)
    assert (marks.yac, marks.marker, marks.touchdowns) == (1, 5, 0)


def test_yac_and_defense_add_before_moving():
    sheet = on(Box("pass", yards=5, bonus=True), 4, yac=(10,))
    assert check_box(Marks(), 4, sheet, PASS_MINUS_10)[0].marker == 40  # 5 + 10 - 10


def test_breakaway_bonus_and_full_breakaway_track():
    sheet = on(Box("run", yards=5, bonus=True), 1, breakaway=(10,))
    assert check_box(Marks(), 1, sheet, NO_EFFECT)[0].marker == 30
    assert check_box(Marks(breakaway=1), 1, sheet, NO_EFFECT)[0].marker == 40


def test_kick_range_and_power_boxes_stop_at_their_tracks_end():
    kick, power = on(Box("kick"), 1), on(Box("power"), 1)
    assert check_box(Marks(), 1, kick, NO_EFFECT)[0].kick_range(SHEET) == 15
    top = len(SHEET.kick_range)
    assert check_box(Marks(kick=top), 1, kick, NO_EFFECT)[0].kick == top
    assert check_box(Marks(power=5), 1, power, NO_EFFECT)[0].power == 6
    seventh, _ = check_box(Marks(power=6), 1, power, NO_EFFECT)  # a 7th Power Dice box is empty
    assert seventh.power == 6 and seventh.checked[0] == 1


def test_full_track_does_nothing():
    full = Marks(checked=(len(SHEET.track(1)), 0, 0, 0, 0, 0))
    assert check_box(full, 1, SHEET, NO_EFFECT) == (full, 0)


def test_chain_resolves_the_next_box_of_the_target_track():
    marks, wild = check_box(Marks(), 3, on(Box("chain", target=6), 3), NO_EFFECT)
    assert marks.checked == (0, 0, 1, 0, 0, 1) and wild == 0


def test_wild_chain_waits_for_a_target_unless_no_other_track_is_open():
    assert check_box(Marks(), 5, SHEET, NO_EFFECT)[1] == 5
    others_full = tuple(0 if t == 5 else len(SHEET.track(t)) for t in range(1, 7))
    marks, wild = check_box(Marks(checked=others_full), 5, SHEET, NO_EFFECT)
    assert wild == 0 and marks.checked[4] == 1


def test_field_goal_range():
    assert Marks(marker=10).can_kick(SHEET) and not Marks(marker=15).can_kick(SHEET)
    assert Marks(marker=15, kick=1).can_kick(SHEET)
    kicked = Marks(marker=10).kick_field_goal()
    assert (kicked.points, kicked.marker) == (3, 45)


@pytest.mark.parametrize("dice,points", [(0, 0), (1, 0), (2, 3), (3, 7), (4, 10), (5, 14), (6, 21), (9, 21)])
def test_blitz_bach_chart(dice, points):
    assert blitz_points(dice) == points
