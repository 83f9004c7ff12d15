"""The advanced rules, Rulings 18–21 of book/rulings.md §1, one focused test (or a few) each on hand-made positions."""
from collections import Counter
from dataclasses import replace

import pytest

from deer_helpers import DH, act, cards, deal_out, first_readings_components, hand, position, roll, texts

KNOCK, HEADLIGHTS, BULLSEYE = {"knocking": True}, {"headlights_spaces": True}, {"bullseye_spaces": True}


# -- Ruling 18: knocking --------------------------------------------------------------------------------
def test_ruling_18_knock_is_offered_at_the_start_of_a_turn_with_four_or_fewer_cards():
    s = position([["1", "2", "3", "4"], ["5"], ["6"]], options=KNOCK)
    assert s.phase == "knock" and s.current_player() == 0 and "Ruling 18" in s.rule()
    assert texts(s) == ["knock", "roll the dice"] and act(s, "roll the dice").phase == "roll"
    assert position([["1", "2", "3", "4", "5"], ["6"], ["7"]], options=KNOCK).phase == "roll"
    assert position([["1"], ["6"], ["7"]]).phase == "roll"  # the basic rules never knock


def test_ruling_18_the_next_turn_starts_with_the_knock_decision():
    s = position([["1", "9", "9", "9", "9"], ["5"], ["6"]], options=KNOCK)
    s = act(roll(s, 1, 2, 4, "Bear"), "don't draw")
    assert (s.phase, s.current_player()) == ("knock", 1)


def test_ruling_18_knocker_lowest_scores_0_and_the_others_their_hand_minus_the_knock():
    s = act(position([["1", "2"], ["5", "7"], ["12", "Fox"]], pawns=[10, 10, 10], options=KNOCK), "knock")
    assert s.round_points == (0, 12 - 3, 15 - 3) and s.pawns == (10, 19, 22)
    assert s.phase == "deal" and s.round == 1 and s.turns == 1


def test_ruling_18_anyone_below_the_knocker_scores_negative_and_the_knocker_adds_the_highest_hand():
    s = act(position([["5", "6"], ["2"], ["12", "11"]], pawns=[20, 20, 20], options=KNOCK), "knock")
    assert s.round_points == (11 + 23, 2 - 11, 23 - 11) and s.pawns == (54, 11, 32)


def test_ruling_18_an_equal_hand_is_not_below_the_knocker():
    s = act(position([["5"], ["2", "3"], ["12"]], pawns=[20, 20, 20], options=KNOCK), "knock")
    assert s.round_points == (0, 0, 7)


def test_ruling_18_negative_scores_move_pawns_back_clamped_at_0():
    s = act(position([["5", "6"], ["2"], ["12", "11"]], pawns=[0, 4, 0], options=KNOCK), "knock")
    assert s.pawns[1] == 0 and (1, "round 1 score", -9, -4) in s.ledger


# -- Ruling 19: Deer-in-the-Headlights spaces ----------------------------------------------------------------
def test_ruling_19_a_pawn_ending_the_round_on_3_sets_aside_three_different_numbers_after_the_deal():
    s = roll(position([["1"], ["3"], ["2", "4"]], options=HEADLIGHTS), 1, 5, 7, "Fox")
    assert s.pawns == (0, 3, 6) and s.set_aside_due == (0, 3, 0) and s.phase == "deal"
    s = deal_out(s)
    assert (s.phase, s.current_player()) == ("set_aside", 1) and "Ruling 19" in s.rule()
    numbers = {name for name in hand(s, 1) if name.isdigit()}
    assert {t.removeprefix("set aside ") for t in texts(s)} == numbers | {"no more"}
    s = act(s, "set aside 12", "set aside 11")
    assert "set aside 12" not in texts(s) and "set aside 11" not in texts(s)
    s = act(s, "set aside 10")
    assert cards(s, s.set_aside[1]) == Counter({"12": 1, "11": 1, "10": 1}) and sum(s.hands[1]) == 20 - 3
    assert (s.phase, s.current) == ("roll", 1)  # then the dealer's first turn


def _owes_set_aside(options=HEADLIGHTS):
    """Player 1 ends round 1 on space 3 and, after the next deal, is asked to set cards aside."""
    s = deal_out(roll(position([["1"], ["3"], ["2", "4"]], options=options), 1, 5, 7, "Fox"))
    assert (s.phase, s.current_player(), s.set_aside_due) == ("set_aside", 1, (0, 3, 0))
    return s


def test_ruling_19_setting_aside_is_a_choice_declining_keeps_the_hand_whole_and_the_round_plays_on():
    s = _owes_set_aside()
    dealt = s.hands[1]
    s = act(s, "set aside no more")
    assert s.hands[1] == dealt and sum(dealt) == 20 and not any(s.set_aside[1]) and s.set_aside_due == (0, 0, 0)
    assert (s.phase, s.current, s.round) == ("roll", 1, 1)  # the dealer's first turn, as after setting aside
    s = act(roll(s, 1, 2, 4, "Bear"), "no Joker")  # three numbers: the round plays on as usual
    assert cards(s, s.discard) == Counter({"1": 1, "2": 1, "4": 1}) and sum(s.hands[1]) == 17
    assert (s.round, s.phase) == (1, "predator")  # then the predator die (Bear), as on any turn


def test_ruling_19_a_player_may_stop_after_some_cards():
    s = act(_owes_set_aside(), "set aside 12", "set aside no more")
    assert cards(s, s.set_aside[1]) == Counter({"12": 1}) and sum(s.hands[1]) == 20 - 1
    assert (s.phase, s.current) == ("roll", 1) and s.set_aside_due == (0, 0, 0)


def test_ruling_19_the_compulsory_reading_sets_aside_three(tmp_path):
    s = _owes_set_aside({**HEADLIGHTS, "components": first_readings_components(tmp_path)})
    assert "set aside no more" not in texts(s) and all(t.startswith("set aside ") for t in texts(s))
    s = act(s, "set aside 12", "set aside 11")
    assert "set aside no more" not in texts(s)
    s = act(s, "set aside 10")
    assert sum(s.set_aside[1]) == 3 and (s.phase, s.current) == ("roll", 1)


def test_ruling_19_a_set_aside_card_blocks_a_discard_of_its_number():
    s = roll(position([["1", "1", "9"], ["2"], ["4", "7"]], options=HEADLIGHTS, set_aside=[[], ["1", "5", "9"], []]),
             1, 2, 4, "Bear")
    assert (s.phase, s.current_player()) == ("block", 1) and texts(s) == ["reveal 1 to block", "don't block"]
    assert "Ruling 19" in s.rule()
    blocked = act(s, "reveal 1 to block")
    assert hand(blocked, 0) == Counter({"1": 2, "9": 1}) and cards(blocked, blocked.discard) == Counter({"1": 1})
    assert cards(blocked, blocked.set_aside[1]) == Counter({"5": 1, "9": 1}) and blocked.current_player() == 0
    allowed = act(s, "don't block")
    assert hand(allowed, 0) == Counter({"9": 1}) and cards(allowed, allowed.discard) == Counter({"1": 2})


def test_ruling_19_holders_are_asked_from_the_movers_left_until_one_reveals():
    s = roll(position([["1", "9"], ["2"], ["4"]], options=HEADLIGHTS, set_aside=[[], ["1"], ["1"]]), 1, 2, 4, "Bear")
    assert s.current_player() == 1
    s = act(s, "don't block")
    assert s.current_player() == 2 and s.phase == "block"
    s = act(s, "reveal 1 to block")
    assert hand(s, 0) == Counter({"1": 1, "9": 1}) and cards(s, s.set_aside[1]) == Counter({"1": 1})


def test_ruling_19_a_set_aside_card_blocks_a_pass_of_its_number():
    s = roll(position([["3", "3", "5", "9"], ["1"], ["2"]], options=HEADLIGHTS, set_aside=[[], [], ["5"]]),
             3, 5, DH, "Bear")
    assert s.current_player() == 2
    s = act(s, "reveal 5 to block")
    assert s.phase == "pass" and cards(s, s.to_pass) == Counter({"3": 2})


def test_ruling_19_a_set_aside_card_blocks_the_three_numbers_hand_over_even_by_the_roller():
    board = [["9", "Fox"], ["1", "2", "2"], ["4", "12"]]
    s = roll(position(board, options=HEADLIGHTS, set_aside=[[], [], ["2"]]), 1, 2, 4, "Bear")
    assert (s.phase, s.current_player(), s.giver) == ("block", 2, 1)
    s = act(s, "reveal 2 to block")
    assert hand(s, 1) == Counter({"2": 2}) and hand(s, 2) == Counter({"12": 1})
    assert hand(s, 0) == Counter({"9": 1, "Fox": 1, "1": 1, "4": 1})
    by_roller = roll(position(board, options=HEADLIGHTS, set_aside=[["2"], [], []]), 1, 2, 4, "Bear")
    assert by_roller.current_player() == 0 and by_roller.phase == "block"


def test_ruling_19_no_block_of_the_holders_own_action_and_set_aside_cards_do_not_score():
    s = roll(position([["1", "9"], ["2", "2"], ["4"]], options=HEADLIGHTS, set_aside=[["1", "5", "7"], [], []]),
             1, 2, 4, "Bear")
    assert s.phase == "draw" and hand(s, 0) == Counter({"9": 1})
    over = roll(position([["1"], ["2", "2"], ["4"]], options=HEADLIGHTS, set_aside=[[], ["5", "7", "9"], []]),
                1, 5, 7, "Bear")
    assert over.round_points == (0, 4, 4) and over.phase == "deal"
    assert not any(map(any, over.set_aside)) and sum(over.deck) == 60  # gathered for the next deal


# -- Ruling 20: Bullseye spaces ----------------------------------------------------------------------------------
def test_ruling_20_a_pawn_ending_the_round_on_5_splits_12_points_as_signed_moves():
    s = roll(position([["1"], ["5"], ["7"]], pawns=[0, 0, 10], options=BULLSEYE), 1, 2, 4, "Fox")
    assert s.pawns == (0, 5, 17) and (s.phase, s.current_player()) == ("bullseye_pawn", 1)
    assert "Ruling 20" in s.rule() and s.moves_left == 12
    s = act(s, "move player 1 back", "5 spaces")
    assert s.moves_left == 7 and s.phase == "bullseye_pawn"
    s = act(s, "move player 2 forward")
    assert texts(s)[-1] == "7 spaces"
    s = act(s, "7 spaces")
    assert s.pawns == (0, 0, 24) and s.phase == "deal"
    assert [(p, asked) for p, reason, asked, _ in s.ledger if reason == "bullseye"] == [(1, -5), (2, 7)]


def test_ruling_20_bullseye_moves_come_before_the_game_end_check():
    s = roll(position([["1"], ["5"], ["12"]], pawns=[0, 0, 90], options=BULLSEYE), 1, 2, 4, "Fox")
    assert s.pawns == (0, 5, 100) and not s.is_terminal()
    s = act(s, "move player 2 back", "12 spaces")
    assert s.pawns == (0, 5, 88) and s.phase == "deal"


def test_each_space_needs_its_own_option():
    on_bullseye = roll(position([["1"], ["5"], ["7"]], options=HEADLIGHTS), 1, 2, 4, "Fox")
    on_headlights = roll(position([["1"], ["3"], ["7"]], options=BULLSEYE), 1, 2, 4, "Fox")
    assert on_bullseye.phase == on_headlights.phase == "deal" and on_headlights.set_aside_due == (0, 0, 0)


# -- Ruling 21: no benefit again after scoring 0 on the same space ------------------------------------------------
@pytest.mark.parametrize("before, due", [((None, 3, None), (0, 0, 0)), ((None, None, None), (0, 3, 0))])
def test_ruling_21_scoring_0_and_staying_on_a_headlights_space_gives_nothing_again(before, due):
    s = replace(position([["9"], ["1"], ["4"]], current=1, pawns=[0, 3, 0], options=HEADLIGHTS), benefit_spaces=before)
    s = roll(s, 1, 2, 7, "Fox")
    assert s.round_points == (9, 0, 4) and s.pawns[1] == 3
    assert s.set_aside_due == due and s.benefit_spaces == (None, 3, None)
    assert deal_out(s).phase == ("set_aside" if any(due) else "roll")


@pytest.mark.parametrize("before, phase", [((None, 5, None), "deal"), ((None, None, None), "bullseye_pawn")])
def test_ruling_21_scoring_0_and_staying_on_a_bullseye_space_gives_nothing_again(before, phase):
    s = replace(position([["9"], ["1"], ["4"]], current=1, pawns=[0, 5, 0], options=BULLSEYE), benefit_spaces=before)
    assert roll(s, 1, 2, 7, "Fox").phase == phase
