"""`marks.box_outcome` is `check_box` as the fields it changes (no Marks built): the fields of `check_box`'s marks
and its wild box, for every box a game meets."""
from collections import Counter

from deerbook.analysis.positions import decision_states
from deerbook.engine import make_game
from deerbook.football.marks import NO_EFFECT, PASS_MINUS_10, RUN_MINUS_5, box_outcome, check_box
from deerbook.football.sheet import TRACKS
from deerbook.football.state import MARK_FIELDS


def test_box_outcome_is_check_boxs_marks_field_by_field():
    game = make_game("football", num_players=2)
    marks_met = {marks for seed in range(3) for state in decision_states(game, ["random"] * 2, seed)
                 for marks in state.marks}
    kinds: Counter = Counter()

    def note(kind, *_, **__):
        kinds[kind] += 1

    for marks in marks_met:
        for track in TRACKS:
            for defense in (NO_EFFECT, RUN_MINUS_5, PASS_MINUS_10):
                after, wild = check_box(marks, track, game.sheet, defense, note)
                fields = tuple(getattr(after, name) for name in MARK_FIELDS if name != "field_goals")
                assert box_outcome(marks, track, game.sheet, defense) == (*fields, wild)
                assert after.field_goals == marks.field_goals
                kinds["wild"] += bool(wild)
    assert {"touchdown", "ball_moved", "bonus_checked", "defense_applied", "pass_incomplete", "kick_range_checked",
            "power_unlocked", "wild"} <= set(kinds)  # every kind of box and outcome was met
