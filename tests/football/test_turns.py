"""Turn order, non-active picks (rules A-D), field-goal moments, rounds, end of game, overtime, solo."""
from math import comb

import pytest

from deerbook.engine import make_game, play
from deerbook.engine.agents import RandomAgent
from deerbook.football.marks import NO_EFFECT, RUN_MINUS_5
from deerbook.football.rules import ACTIVE, AREA, DEFENSE_ROLL, FINAL, OVER, OVERTIME, OVERTIME_ROLL, PICKS, PLAY_ROLL
from deerbook.football.save import position

from football_helpers import play_texts, texts


def picks_of(state):
    return [t for t in range(1, 7) if f"pick track {t}" in texts(state)]


def test_non_active_picks_two_areas_with_play_dice(two):
    state = position(two, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2))
    assert picks_of(state) == [3, 4, 6]
    after = play_texts(state, "pick track 6")
    assert picks_of(after) == [3, 4]  # never the same number twice
    done = play_texts(after, "pick track 4")
    assert done.board == (0, 0, 4, 5, 0, 2)  # A: the dice stay on the board
    assert done.marks[1].checked == (0, 0, 0, 1, 0, 1)


def test_non_active_one_area_left_must_be_one_pick(two):
    state = position(two, phase=PICKS, actor=1, board=(0, 0, 11, 0, 0, 0))
    assert picks_of(state) == [1, 2, 3, 4, 5, 6]  # D: either order
    assert picks_of(play_texts(state, "pick track 1")) == [3]
    assert picks_of(play_texts(state, "pick track 3")) == [1, 2, 4, 5, 6]


def declines_of(state):
    return [str(a) for a in state.legal_actions() if a.kind == "decline"]


def test_non_active_picks_may_be_declined(two):
    """'may check off 1 box on 2 different Play tracks': either pick, or both, may be declined."""
    state = position(two, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2))
    assert texts(state)[-1] == "decline both picks" and declines_of(state) == ["decline both picks"]
    assert declines_of(play_texts(state, "pick track 6")) == ["decline the second pick"]
    none = play_texts(state, "decline both picks")
    assert none.marks[1] == state.marks[1] and none.phase == DEFENSE_ROLL and none.turn == 1  # the turn passes
    one = play_texts(state, "pick track 6", "decline the second pick")
    assert one.marks[1].checked == (0, 0, 0, 0, 0, 1) and one.phase == DEFENSE_ROLL


def test_a_declined_pick_still_leaves_a_field_goal_offer(two):
    state = position(two, marks={1: dict(marker=10)}, phase=PICKS, actor=1, board=(0, 0, 4, 5, 0, 2))
    declined = play_texts(state, "decline both picks")
    assert declined.picks == (0, 0) and texts(declined) == ["kick a field goal from the 10", "no field goal"]


def test_with_one_area_left_a_lone_pick_must_be_that_area(two):
    state = position(two, phase=PICKS, actor=1, board=(0, 0, 11, 0, 0, 0))
    assert declines_of(state) == ["decline both picks"]
    assert declines_of(play_texts(state, "pick track 3")) == ["decline the second pick"]
    assert declines_of(play_texts(state, "pick track 1")) == []  # 'that must be one of your picks'
    alone = position(make_game("football", num_players=1), phase=PICKS, board=(0, 0, 11, 0, 0, 0))
    assert declines_of(play_texts(alone, "pick track 3")) == ["decline the second pick"]  # solo too


def test_non_active_no_play_dice_any_two_tracks(solo):
    game = make_game("football", num_players=3)
    state = position(game, phase=PICKS, actor=1, board=(0,) * 6)
    assert picks_of(state) == [1, 2, 3, 4, 5, 6]
    assert picks_of(play_texts(state, "pick track 6")) == [1, 2, 3, 4, 5]


def test_power_dice_leave_before_multiplayer_picks_but_count_in_solo(two, solo):
    multi = position(two, phase=ACTIVE, hand=(1, 0, 0, 0, 0, 0), board=(0, 5, 5, 0, 0, 0),
                     power_board=(0, 0, 0, 0, 0, 1), marks={0: dict(power=1)}, pool=1)
    picking = play_texts(multi, "check a 1")
    assert picking.phase == PICKS and picking.power_board == (0,) * 6 and picks_of(picking) == [2, 3]
    alone = position(solo, phase=PICKS, board=(0, 0, 11, 0, 0, 0), power_board=(0, 0, 0, 0, 0, 1))
    assert picks_of(play_texts(alone, "pick track 3")) == [6]


def test_first_pick_resolves_fully_before_the_second(two):
    state = position(two, phase=PICKS, actor=1, board=(0, 0, 0, 0, 5, 6))
    wild = play_texts(state, "pick track 5")
    assert texts(wild)[0] == "wild chain to track 1" and not picks_of(wild)
    assert picks_of(play_texts(wild, "wild chain to track 3")) == [6]


def test_non_actives_pick_in_seat_order_then_the_turn_passes():
    game = make_game("football", num_players=3)
    state = position(game, turn=1, actor=2, phase=PICKS, board=(0, 0, 3, 3, 0, 3), pool=2)
    state = play_texts(state, "pick track 3", "pick track 4")
    assert state.phase == PICKS and state.actor == 0
    state = play_texts(state, "pick track 3", "pick track 4")
    assert state.turn == 2 and state.actor == 2 and state.phase == DEFENSE_ROLL
    rolled = play_texts(state, "defense die: no effect")
    assert rolled.phase == PLAY_ROLL and len(rolled.chance_outcomes()) == comb(2 + 5, 5)  # the 2 dice used


def test_active_player_takes_an_area_and_its_play_dice_are_passed(two):
    state = position(two, phase=AREA, board=(2, 3, 0, 1, 4, 1), marks={0: dict(power=2)},
                     power_board=(1, 0, 0, 0, 0, 1))
    assert texts(state) == ["take the 1s (2 play + 1 power)", "take the 2s (3 play)", "take the 4s (1 play)",
                            "take the 5s (4 play)", "take the 6s (1 play + 1 power)"]
    taken = play_texts(state, "take the 1s (2 play + 1 power)")
    assert taken.hand == (3, 0, 0, 0, 0, 0) and taken.pool == 2 and taken.board[0] == 0


def test_taking_only_power_dice_passes_no_play_dice(two):
    state = position(two, phase=AREA, board=(2, 3, 0, 1, 4, 1), marks={0: dict(power=1)},
                     power_board=(0, 0, 1, 0, 0, 0), defense=NO_EFFECT)
    state = play_texts(state, "take the 3s (0 play + 1 power)", "check a 3")
    state = play_texts(state, "pick track 1", "pick track 4")
    state = play_texts(state, "defense die: no effect")
    assert state.turn == 1 and state.phase == AREA  # no play dice to roll, player 1 has no power dice


def test_field_goal_moments_between_own_dice_never_inside_a_chain(two):
    state = position(two, marks={0: dict(marker=10)}, phase=ACTIVE, hand=(0, 0, 0, 0, 2, 0), board=(2, 2, 2, 2, 1, 0))
    assert texts(state) == ["check a 5", "kick a field goal from the 10"]  # before the first die
    wild = play_texts(state, "check a 5")
    assert not any("kick" in t for t in texts(wild))  # inside the wild chain
    between = play_texts(wild, "wild chain to track 3")
    assert "kick a field goal from the 10" in texts(between)
    last = play_texts(between, "check a 5")  # track 5 box 2: a 20-yard pass from the 10 is incomplete
    assert texts(last) == ["kick a field goal from the 10", "no field goal"]  # after the last die
    assert play_texts(last, "no field goal").phase == PICKS


def test_field_goal_needs_kick_range(two):
    state = position(two, marks={0: dict(marker=15)}, phase=ACTIVE, hand=(1, 0, 0, 0, 0, 0), board=(2, 2, 2, 2, 2, 0))
    assert texts(state) == ["check a 1"]
    ranged = position(two, marks={0: dict(marker=15, kick=1)}, phase=ACTIVE, hand=(1, 0, 0, 0, 0, 0),
                      board=(2, 2, 2, 2, 2, 0))
    assert "kick a field goal from the 15" in texts(ranged)


@pytest.mark.parametrize("players,rounds", [(1, 6), (2, 6), (3, 4), (4, 3)])
def test_rounds_by_player_count(players, rounds):
    game, actives = make_game("football", num_players=players), []
    final = play(game, [RandomAgent()] * players, 3,
                 on_step=lambda state, _: state.phase == DEFENSE_ROLL and actives.append(state.active))
    assert game.rounds == rounds and final.stats()["rounds"] == rounds
    assert actives == [turn % players for turn in range(rounds * players)]  # one turn each per round, clockwise


def last_pick(game, marks):
    """Player 1's last pick of the last turn of a 2-player game (track 1's first box: a 5-yard run)."""
    return position(game, marks=marks, turn=game.total_turns - 1, actor=0, phase=PICKS, picks=(3,),
                    board=(3, 0, 3, 0, 0, 0), pool=5)


def test_end_of_game_field_goal_offers_then_the_winner(two):
    state = last_pick(two, {0: dict(touchdowns=1, marker=20), 1: dict(touchdowns=1, field_goals=1, marker=10)})
    final = play_texts(state, "pick track 1")  # player 0 reaches the 15: out of range
    assert final.phase == FINAL and final.actor == 1 and texts(final) == ["kick a field goal from the 10",
                                                                          "no field goal"]
    over = play_texts(final, "kick a field goal from the 10")
    assert over.phase == OVER and over.returns() == (0.0, 1.0)
    assert over.stats()["points"] == [7, 13] and over.stats()["field_goals"] == [0, 2]


def test_overtime_rolls_power_dice_in_any_order_without_defense(two):
    state = last_pick(two, {0: dict(touchdowns=1, power=2), 1: dict(touchdowns=1, power=1)})
    overtime = play_texts(state, "pick track 1")  # a 5-yard run: still tied 7-7
    assert overtime.phase == OVERTIME_ROLL and overtime.overtime == 1 and overtime.tied == (0, 1)
    assert len(overtime.chance_outcomes()) == comb(2 + 5, 5)
    rolled = play_texts(overtime, "power dice: 1 6")
    assert rolled.phase == OVERTIME and rolled.defense == NO_EFFECT and texts(rolled) == ["check a 1", "check a 6"]
    done = play_texts(rolled, "check a 6", "check a 1")
    assert done.actor == 1 and done.phase == OVERTIME_ROLL and done.marks[0].checked == (2, 0, 0, 0, 0, 1)


def test_overtime_winner_and_cap(two):
    tied = {0: dict(touchdowns=1, marker=10, checked=(0, 0, 2, 0, 0, 0)), 1: dict(touchdowns=1)}
    state = position(two, marks=tied, turn=two.total_turns, phase=OVERTIME, actor=0, overtime=1, tied=(0, 1),
                     hand=(0, 0, 1, 0, 0, 0))
    won = play_texts(state, "check a 3")  # 15-yard Breakaway run from the 10: touchdown
    assert won.phase == OVER and won.returns() == (1.0, 0.0) and won.stats()["overtime_rounds"] == 1
    stuck = position(two, marks={0: dict(touchdowns=1), 1: dict(touchdowns=1)}, turn=two.total_turns,
                     phase=OVERTIME, actor=0, overtime=3, tied=(0, 1), hand=(1, 0, 0, 0, 0, 0))
    shared = play_texts(stuck, "check a 1")  # no power dice: nothing changes until the 10th round
    assert shared.phase == OVER and shared.overtime == 10 and shared.returns() == (0.5, 0.5)


def test_solo_difficulty_and_blitz_bach_wins_ties():
    normal, hard = (make_game("football", num_players=1, solo_difficulty=d) for d in ("normal", "hard"))
    assert normal.initial_state().marks[0].power == 1 and hard.initial_state().marks[0].power == 0
    state = play_texts(hard.initial_state(), "defense die: no effect", "defense marker: 2",
                       "play dice: 1 1 2 2 2 2 3 4 5 5 6")
    assert state.phase == AREA  # no power die to roll
    tie = position(normal, marks={0: dict(touchdowns=2)}, turn=5, phase=PICKS, picks=(3,), blitz=(0, 0, 0, 7, 0),
                   board=(3, 0, 3, 0, 0, 0), defense_marker=3, pool=5)
    blitz = play_texts(tie, "pick track 1")
    assert blitz.phase not in (OVER, PICKS, ACTIVE) and blitz.is_chance_node()
    over = play_texts(blitz, "power dice: 2")  # area 1 has 3 dice (area 3 is marked): 7 points, 14 each
    assert over.phase == OVER and over.blitz[-1] == 7 and over.returns() == (0.0,)
    assert over.stats()["blitz_bach_score"] == 14 and over.stats()["won_vs_blitz_bach"] == 0


def test_first_turn_rolls_defense_then_all_eleven_play_dice(two):
    start = two.initial_state()
    assert start.phase == DEFENSE_ROLL and start.current_player() == -1
    rolled = play_texts(start, "defense die: -10 yards on a pass")
    assert rolled.phase == PLAY_ROLL and len(rolled.chance_outcomes()) == comb(11 + 5, 5)
    placed = play_texts(rolled, "play dice: 1 1 2 3 3 3 4 5 6 6 6")
    assert placed.phase == AREA and placed.board == (2, 1, 3, 1, 1, 3) and placed.pool == 0  # no power dice yet


def test_defense_die_once_for_each_player_each_turn(two):
    state = position(two, marks={0: dict(defense_used=True)}, phase=PICKS, actor=1, board=(3, 0, 0, 5, 0, 0),
                     defense=RUN_MINUS_5)
    after = play_texts(state, "pick track 1")  # player 1's first run: 5 yards - 5
    assert after.marks[1].marker == 45 and after.marks[1].defense_used
    next_turn = play_texts(after, "pick track 4")
    assert next_turn.turn == 1 and not any(m.defense_used for m in next_turn.marks)
