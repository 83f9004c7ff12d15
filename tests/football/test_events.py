"""Structured events: `step` agrees with `apply` over whole seeded games of every Football configuration, every
event is JSON-able, and the readers built on events (sheet changes, a die's gain) agree with the marks before and
after each step."""
import json

import pytest

from deerbook.engine.registry import make_agents
from deerbook.engine import make_game, play
from deerbook.chapters.football_examples import SHEET_EVENTS, sheet_changes
from deerbook.analysis.football_odds import Gain, gain
from deerbook.football.sheet import TRACKS
from game_configs import CONFIGS

FOOTBALL = [options for name, options in CONFIGS if name == "football"]
SEEDS = range(3)


def marks_diff(before, after, sheet) -> list[str]:
    """The sheet changes read off the marks before and after a step (how narration read them before events)."""
    changes = [f"track {t} box {i + 1} [{sheet.track(t)[i].code}]"
               for t in TRACKS for i in range(before.checked[t - 1], after.checked[t - 1])]
    changes += [f"Breakaway box {i + 1} [+{sheet.breakaway[i]}]" for i in range(before.breakaway, after.breakaway)]
    changes += [f"YAC box {i + 1} [+{sheet.yac[i]}]" for i in range(before.yac, after.yac)]
    changes += [f"Kick Range box {i + 1} [{sheet.kick_range[i]}]" for i in range(before.kick, after.kick)]
    if after.power != before.power:
        changes.append(f"Power Dice {before.power} -> {after.power}")
    if after.defense_used and not before.defense_used:
        changes.append("defense die applied")
    changes += ["TOUCHDOWN +7"] * (after.touchdowns - before.touchdowns)
    changes += ["FIELD GOAL +3"] * (after.field_goals - before.field_goals)
    if after.marker != before.marker:
        changes.append(f"marker {before.marker} -> {after.marker}")
    return changes


def marks_gain(before, after, sheet) -> Gain:
    """A die's gain read off the marks (a pass that leaves the marker in place and spends no Defense Die was
    incomplete)."""
    if after.touchdowns > before.touchdowns:
        return Gain(before.marker, touchdown=True)
    resolved = [box for t in TRACKS for box in sheet.track(t)[before.checked[t - 1]:after.checked[t - 1]]
                if box.action not in ("chain", "wild")]
    moved = before.marker - after.marker
    incomplete = (bool(resolved) and resolved[0].action == "pass" and moved == 0
                  and after.defense_used == before.defense_used)
    return Gain(moved, incomplete=incomplete)


def seeded_steps(options, agent):
    """(state, action) for every step of seeded games."""
    game = make_game("football", **options)
    steps = []
    for seed in SEEDS:
        play(game, make_agents(game, [agent] * game.num_players), seed,
             on_step=lambda state, action: steps.append((state, action)))
    return steps


@pytest.mark.parametrize("agent", ["greedy", "random"])
@pytest.mark.parametrize("options", FOOTBALL, ids=str)
def test_step_equals_apply_and_its_events_match_the_marks(options, agent):
    steps = seeded_steps(options, agent)
    kinds = set()
    for state, action in steps:
        after, events = state.step(action)
        assert after == state.apply(action)
        json.dumps([e.to_json() for e in events])  # JSON-able (raises otherwise)
        assert all(e.seen_by is None for e in events)  # nothing at a Football table is hidden
        kinds |= {e.kind for e in events}
        sheet = state.game.sheet
        for p, (old, new) in enumerate(zip(state.marks, after.marks)):
            mine = [e for e in events if e.player == p and e.kind in SHEET_EVENTS]
            changes, expected = sheet_changes(mine, sheet), marks_diff(old, new, sheet)
            if after.turn != state.turn and not new.defense_used:  # a new turn cleared the Defense Die's mark
                # (the marks cannot show it; the game's end keeps it)
                assert ("defense die applied" in changes) == (not old.defense_used and any(
                    e.kind == "defense_applied" for e in mine))
                changes = [c for c in changes if c != "defense die applied"]
            assert changes == expected, (str(state), action)
            if p == state.current_player() and action.kind != "kick":
                found, expected_gain = gain(e for e in events if e.player == p), marks_gain(old, new, sheet)
                if after.turn != state.turn and any(e.kind == "defense_applied" for e in mine):
                    expected_gain = Gain(expected_gain.yards, expected_gain.touchdown)  # not incomplete: defended
                assert found == expected_gain, (str(state), action)
    assert {"box_checked", "ball_moved", "touchdown", "dice_rolled", "defense_rolled", "turn_started",
            "game_over"} <= kinds
    if options["num_players"] == 1:
        assert {"blitz_scored", "defense_marker_placed"} <= kinds


def test_touchdown_and_field_goal_events_carry_the_new_score():
    steps = seeded_steps({"num_players": 2}, "greedy")
    scored = 0
    for state, action in steps:
        after, events = state.step(action)
        for e in events:
            if e.kind in ("touchdown", "field_goal"):
                assert e.detail["score"] == after.marks[e.player].points
                scored += 1
    assert scored > 0
