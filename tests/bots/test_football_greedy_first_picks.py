"""The greedy Football agent values a non-active player's first pick from each box's changes on the marks as they
are (`FirstPicks`): boxes that `fit` after the boxes before them add up, others are checked on the marks then."""
import pytest

import deerbook.bots.football_greedy as football_greedy
from deerbook.analysis.positions import decision_states
from deerbook.bots.football_greedy import (NO_RUN, action_value, best_index, box_effect, first_pick_scores, fits,
                                           joined, sheet_value)
from deerbook.engine import make_game
from deerbook.football.marks import (FIELD_GOAL_POINTS, NO_EFFECT, PASS_MINUS_10, RUN_MINUS_5, START_MARKER,
                                     TOUCHDOWN_POINTS, check_box)
from deerbook.football.rules import PICKS
from deerbook.football.sheet import TRACKS


def first_picks(game, agents, seeds):
    """The first-pick decisions (more than one action) of seeded games of `agents`."""
    return [s for seed in seeds for s in decision_states(game, [agents] * game.num_players, seed)
            if s.phase == PICKS and not s.picks and not s.wild_from and len(s.legal_actions()) > 1]


@pytest.mark.parametrize("options", [dict(num_players=2), dict(num_players=4), dict(num_players=1),
                                     dict(num_players=3, sheet="reconstructed-v1"),
                                     dict(num_players=1, solo_difficulty="hard", sheet="reconstructed-v1")])
def test_first_pick_scores_are_each_actions_own_value(options):
    """Every action's score is `action_value`'s to the last bit (ties and all), in greedy and random play."""
    game = make_game("football", **options)
    states = first_picks(game, "greedy", range(3)) + first_picks(game, "random", range(3))
    assert len(states) > 30
    for state in states:
        legal = state.legal_actions()
        expected = [action_value(state, action, state.actor) for action in legal]
        assert first_pick_scores(state, legal, state.actor) == expected


def test_a_first_pick_whose_boxes_all_fit_builds_no_marks(monkeypatch):
    """Picks whose next boxes are empty but for at most one that leads nowhere else (no chain, no wild box) add up
    pair by pair: the choice is the plain one with no `check_box` on the way."""
    game = make_game("football", num_players=4)

    def fitting(state):
        tracks = game.sheet.tracks
        boxes = [tracks[a.args[0] - 1][state.me.checked[a.args[0] - 1]].action
                 for a in state.legal_actions() if a.kind == "pick"]
        others = [box for box in boxes if box != "empty"]
        return len(others) <= 1 and not set(others) & {"chain", "wild"}

    states = [s for s in first_picks(game, "greedy", range(6)) if fitting(s)]
    plain = [plain_index(s) for s in states]
    built: list = []
    monkeypatch.setattr(football_greedy, "check_box", lambda *args: built.append(args) or check_box(*args))
    assert [best_index(s, s.legal_actions(), s.actor) for s in states] == plain
    assert len(states) > 20 and built == []


@pytest.mark.parametrize("sheet", ["calibrated-v2", "reconstructed-v1"])
def test_boxes_that_fit_add_up_to_the_marks_check_box_builds(sheet):
    """A box's effect is what `check_box` does to the marks' value; a second box that `fits` after the first changes
    the value as on the marks before both (its wild box aside), so the two effects add up to the marks built."""
    game = make_game("football", num_players=3, sheet=sheet)
    marks_met = {m for seed in range(2) for s in decision_states(game, ["random"] * 3, seed) for m in s.marks}
    fitted = unfitted = 0
    for marks in marks_met:
        used = game.sheet.yards_used(marks.checked)
        for defense in (NO_EFFECT, RUN_MINUS_5, PASS_MINUS_10):
            effects = {t: box_effect(marks, t, game.sheet, defense, used) for t in TRACKS}
            for first in TRACKS:
                after, wild = check_box(marks, first, game.sheet, defense)
                run = joined(NO_RUN, effects[first])
                assert effects[first][6] == wild
                assert value_of(marks, run, game.sheet) == sheet_value(after, game.sheet)
                for second in TRACKS:
                    if second == first or not fits(run, effects[second]):
                        unfitted += 1
                        continue
                    fitted += 1
                    both = check_box(after, second, game.sheet, defense)[0]
                    assert value_of(marks, joined(run, effects[second]), game.sheet) == sheet_value(both, game.sheet)
    assert fitted > 1000 and unfitted > 1000


def plain_index(state):
    """The index of the first best action by `action_value`."""
    scores = [action_value(state, action, state.actor) for action in state.legal_actions()]
    return scores.index(max(scores))


def value_of(marks, run, sheet):
    """The value of `marks` changed by `run`, as `FirstPicks.value` works it out (`fields_value` in parts)."""
    score = (10 * (TOUCHDOWN_POINTS * marks.touchdowns + FIELD_GOAL_POINTS * marks.field_goals)
             + (START_MARKER - marks.marker) // 5 + 2 * marks.power + marks.kick)
    return (score + run[0]) - (sheet.yards_used(marks.checked) + run[1]) / sheet.yards_bound
