"""The worked examples of the rule text, reproduced on every built-in sheet (the calibrated default and the first
reconstruction)."""
import pytest

from deerbook.engine import make_game
from deerbook.football.marks import NO_EFFECT, RUN_MINUS_5
from deerbook.football.rules import ACTIVE, BLITZ_ROLL, DEFENSE_ROLL, PICKS
from deerbook.football.save import position
from deerbook.football.sheet import BUILTIN_SHEETS

from football_helpers import play_texts, texts

OTHER_DICE = (0, 2, 2, 2, 1, 1)  # eight play dice elsewhere on the board


@pytest.fixture(params=sorted(BUILTIN_SHEETS))
def two(request):
    return make_game("football", num_players=2, sheet=request.param)


@pytest.fixture(params=sorted(BUILTIN_SHEETS))
def solo(request):
    return make_game("football", num_players=1, sheet=request.param)


def test_doug_breakaway_run_under_the_defense_die(two):
    state = position(two, phase=ACTIVE, hand=(3, 0, 0, 0, 0, 0), board=OTHER_DICE, defense=RUN_MINUS_5)
    first = play_texts(state, "check a 1")  # 5-yard Breakaway run, empty Breakaway box, -5 defense
    assert (first.me.marker, first.me.breakaway, first.me.defense_used) == (45, 1, True)
    second = play_texts(first, "check a 1")
    assert second.me.marker == 45
    third = play_texts(second, "check a 1")  # 5 + 5 Breakaway yards, no defense the second time
    doug = third.marks[0]
    assert (doug.marker, doug.breakaway, doug.checked[0]) == (35, 2, 3)
    assert third.phase == PICKS and third.actor == 1


def test_gina_incomplete_pass_then_yac_touchdown(two):
    gina = dict(marker=5, checked=(0, 0, 0, 2, 0, 0), yac=1)
    state = position(two, marks={0: gina}, phase=ACTIVE, hand=(0, 0, 0, 3, 0, 0), board=OTHER_DICE,
                     defense=NO_EFFECT)
    incomplete = play_texts(state, "check a 4")  # 15 yards from the 5 would pass End Zone 2
    assert incomplete.me.marker == 5 and incomplete.me.touchdowns == 0
    scored = play_texts(incomplete, "check a 4", "check a 4")  # 5-yard pass + 15 YAC: touchdown, excess ignored
    gina = scored.marks[0]
    assert (gina.touchdowns, gina.points, gina.marker, gina.yac) == (1, 7, 45, 2)


def test_gina_wild_chain(two):
    state = position(two, phase=ACTIVE, hand=(0, 0, 0, 0, 2, 0), board=OTHER_DICE, defense=NO_EFFECT)
    wild = play_texts(state, "check a 5")
    assert texts(wild) == [f"wild chain to track {t}" for t in (1, 2, 3, 4, 6)]
    after_pass = play_texts(wild, "wild chain to track 2")  # track 2 chains to 5: a 20-yard pass
    assert after_pass.me.marker == 25 and after_pass.me.checked == (0, 1, 0, 0, 2, 0)
    after_run = play_texts(after_pass, "check a 5")  # track 5 chains to 2: a 10-yard run
    assert after_run.marks[0].marker == 15 and after_run.marks[0].checked == (0, 2, 0, 0, 3, 0)


def test_doug_field_goal_before_a_pass(two):
    doug = dict(marker=10, checked=(0, 0, 1, 0, 1, 0))
    state = position(two, marks={1: doug}, phase=PICKS, actor=1, picks=(3,), board=(0, 0, 3, 3, 5, 0))
    assert {"pick track 5", "kick a field goal from the 10"} <= set(texts(state))
    kicked = play_texts(state, "kick a field goal from the 10")
    assert (kicked.me.field_goals, kicked.me.points, kicked.me.marker) == (1, 3, 45)
    after = play_texts(kicked, "pick track 5")
    assert after.marks[1].marker == 25
    assert play_texts(state, "pick track 5").marks[1].marker == 10  # without the kick: incomplete


def test_gina_first_turn_three_threes(two):
    state = position(two, phase=ACTIVE, hand=(0, 0, 3, 0, 0, 0), board=OTHER_DICE, defense=NO_EFFECT)
    gina = play_texts(state, "check a 3", "check a 3", "check a 3").marks[0]
    assert gina.checked == (0, 0, 3, 1, 0, 0) and gina.breakaway == 1 and gina.marker == 30


def test_doug_non_active_fives_and_fours(two):
    doug = dict(checked=(0, 0, 0, 5, 4, 0))
    state = position(two, marks={1: doug}, phase=PICKS, actor=1, board=(2, 0, 0, 3, 4, 2))
    doug = play_texts(state, "pick track 5", "pick track 4").marks[1]
    assert doug.checked == (0, 0, 1, 6, 5, 0) and doug.marker == 45


def test_solo_example_round_one(solo):
    state = play_texts(solo.initial_state(), "defense die: -5 yards on a run", "defense marker: 5",
                       "play dice: 1 2 2 3 3 3 4 5 5 5 6", "power dice: 6", "take the 3s (3 play)")
    active = play_texts(state, "check a 3", "check a 3", "check a 3")  # chain to 4, then 15B run - 5
    assert active.me.marker == 35 and active.me.checked == (0, 0, 3, 1, 0, 0) and active.me.breakaway == 1
    assert active.phase == PICKS and active.power_board == (0, 0, 0, 0, 0, 1)  # solo power dice stay
    picked = play_texts(active, "pick track 6", "pick track 4")  # empty box, then 5-yard YAC pass
    assert picked.me.marker == 30 and picked.me.yac == 1
    assert picked.phase == BLITZ_ROLL and picked.power_board == (0,) * 6
    blitz = play_texts(picked, "power dice: 6")  # removes the 6s; area 2 has 2 dice, area 5 is marked
    assert blitz.blitz == (3,) and blitz.board == (1, 2, 0, 1, 3, 0) and blitz.pool == 4
    assert blitz.phase == DEFENSE_ROLL and blitz.round == 2
