"""Narration lists the boxes each step checked, with exact chance probabilities."""
from deerbook.engine.events import Event
from deerbook.chapters.football_examples import narrate, sheet_changes
from deerbook.football.marks import RUN_MINUS_5
from deerbook.football.rules import ACTIVE, PICKS
from deerbook.play.football_view import render_text
from deerbook.football.sheet import default_sheet
from deerbook.football.save import position


def test_doug_breakaway_run_narrated(two):
    state = position(two, phase=ACTIVE, hand=(3, 0, 0, 0, 0, 0), board=(0, 2, 2, 2, 1, 1), defense=RUN_MINUS_5)
    after, lines = narrate(state, ["check a 1"] * 3)
    assert lines == ["P0: check a 1 -> track 1 box 1 [5B], Breakaway box 1 [+0], defense die applied",
                     "P0: check a 1 -> track 1 box 2 [empty]",
                     "P0: check a 1 -> track 1 box 3 [5B], Breakaway box 2 [+5], marker 45 -> 35"]
    assert after.marks[0].marker == 35


def test_chance_steps_show_their_exact_probability(two):
    _, lines = narrate(two.initial_state(), ["defense die: -10 yards on a pass"])
    assert lines == ["chance: defense die: -10 yards on a pass (probability 1/6)"]


def test_scores_and_other_boxes_are_named_in_sheet_order():
    sheet = default_sheet()
    events = [Event("field_goal", 0, {"marker": 10, "points": 3, "score": 10}),
              Event("power_unlocked", 0, {"power": 2}), Event("touchdown", 0, {"marker": 10, "points": 7, "score": 7}),
              Event("kick_range_checked", 0, {"box": 1, "range": 15}),
              Event("bonus_checked", 0, {"track": "yac", "box": 1, "yards": 0})]
    assert sheet_changes(events, sheet) == ["YAC box 1 [+0]", "Kick Range box 1 [15]", "Power Dice 1 -> 2",
                                            "TOUCHDOWN +7", "FIELD GOAL +3", "marker 10 -> 45", "marker 10 -> 45"]


def test_declined_picks_are_told(two):
    state = position(two, marks={1: dict(marker=10)}, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2))
    after, lines = narrate(state, ["pick track 3", "decline the second pick"])
    assert lines == ["P1: pick track 3 -> track 3 box 1 [empty]", "P1: decline the second pick"]
    assert "Tracks picked: 3, declined" in render_text(after.observation(1), two)
