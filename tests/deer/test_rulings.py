"""One focused test (or a few) per ruling 1–17 of book/rulings.md §1, on hand-made positions."""
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from deer_helpers import DH, RD, act, cards, first_readings_components, hand, position, roll, texts
from deerbook.engine import CHANCE, SaveFileError, make_game, state_from_json, state_to_json


def test_ruling_1_turn_order_number_dice_then_predator_then_rack_then_draw_then_left():
    s = roll(position([["1", "1", "9", "Fox"], ["2"], ["4"]]), 1, 2, 4, "Fox")
    assert hand(s, 0) == Counter({"9": 1, "Fox": 1})
    assert s.phase == "predator"
    s = act(s, "keep the rest")
    assert s.phase == "draw" and texts(s) == ["draw from the Predator pile", "don't draw"]
    after = act(s, "don't draw")
    assert after.current_player() == CHANCE and after.phase == "roll" and after.current == 1


def test_ruling_1_draw_is_a_chance_node_over_the_predator_pile():
    s = act(roll(position([["1", "9"], ["2"], ["4"]]), 1, 2, 4, "Bear"), "draw from the Predator pile")
    pile = s.predator_pile
    outcomes = {a.args[0]: p for a, p in s.chance_outcomes()}
    assert outcomes == {k: Fraction(c, sum(pile)) for k, c in enumerate(pile) if c}
    drawn = act(s, "draw Bear")
    assert hand(drawn, 0) == Counter({"9": 1, "Bear": 1}) and drawn.current == 1


def test_ruling_1_no_draw_offered_from_an_empty_predator_pile():
    s = roll(position([["1", "9"], ["2"], ["4"]], discard=None, predator_pile=[]), 1, 2, 4, "Bear")
    assert s.phase == "roll" and s.current == 1


def test_ruling_2_three_numbers_discards_every_matching_card():
    s = roll(position([["1", "1", "2", "4", "4", "9", "Wolf"], ["3"], ["5"]]), 1, 2, 4, "Fox")
    assert hand(s, 0) == Counter({"9": 1, "Wolf": 1})
    assert cards(s, s.discard) == Counter({"1": 2, "2": 1, "4": 2})


def test_ruling_2_holding_none_every_other_player_gives_theirs():
    s = roll(position([["9", "Fox"], ["1", "2", "2", "5"], ["4", "4", "Bear", "12"]]), 1, 2, 4, "Bear")
    assert hand(s, 0) == Counter({"9": 1, "Fox": 1, "1": 1, "2": 2, "4": 2})
    assert hand(s, 1) == Counter({"5": 1})
    assert hand(s, 2) == Counter({"Bear": 1, "12": 1})
    assert not any(s.discard)


def test_ruling_3_two_numbers_and_deer_head_pass_every_card_one_at_a_time():
    s = roll(position([["3", "3", "5", "9", "Fox"], ["1"], ["2"]]), 3, 5, DH, "Bear")
    assert s.phase == "pass" and texts(s) == ["pass 3 to player 1", "pass 3 to player 2"]
    assert "Ruling 3" in s.rule()
    s = act(s, "pass 3 to player 1", "pass 3 to player 2", "pass 5 to player 2")
    assert hand(s, 0) == Counter({"9": 1, "Fox": 1})
    assert hand(s, 1) == Counter({"1": 1, "3": 1})
    assert hand(s, 2) == Counter({"2": 1, "3": 1, "5": 1})
    assert s.phase == "draw"


def test_ruling_4_two_numbers_and_running_deer_choose_a_third_number():
    s = roll(position([["3", "5", "5", "7", "7", "8", "Fox"], ["1"], ["2"]]), RD, 5, 7, "Bear")
    assert s.phase == "choose_number"
    assert texts(s) == [f"choose {n}" for n in range(1, 13) if n not in (5, 7)]
    s = act(s, "choose 3")
    assert hand(s, 0) == Counter({"8": 1, "Fox": 1})


@pytest.mark.parametrize("faces, kept", [((3, RD, DH), {"4", "8", "12"}), ((RD, 2, DH), {"1", "3", "7", "11"})])
def test_ruling_5_number_deer_head_running_deer_discards_the_rolled_parity(faces, kept):
    s = roll(position([["1", "3", "4", "7", "8", "11", "12", "Fox", "Joker"], ["2"], ["5"]]), *faces, "Bear")
    s = act(s, "no Joker")
    assert hand(s, 0) == Counter(kept | {"Fox", "Joker"})


def _sum_groups_brute_force(cards, target):
    return {tuple(sorted(g)) for r in range(2, len(cards) + 1) for g in combinations(cards, r) if sum(g) == target}


def test_ruling_6_number_and_two_running_deer_passes_the_number_and_chosen_groups():
    numbers = [8, 8, 2, 6, 3, 5, 4, 4, 1, 7]
    s = roll(position([[*map(str, numbers), "Fox", "12"], ["9"], ["10"]]), RD, RD, 8, "Bear")
    assert s.phase == "group" and "Ruling 6" in s.rule()
    expected = _sum_groups_brute_force([n for n in numbers if n != 8], 8)
    offered = {tuple(int(x) for x in t.split()[1].split("+")) for t in texts(s) if t.startswith("group")}
    assert offered == expected and texts(s)[-1] == "no more groups"
    s = act(s, "group 1+7", "group 2+6", "group 3+5")
    assert texts(s) == ["group 4+4", "no more groups"]
    s = act(s, "group 4+4")
    assert s.phase == "pass" and sum(s.to_pass) == 10
    for _ in range(10):
        s = act(s, texts(s)[0])
    assert hand(s, 0) == Counter({"Fox": 1, "12": 1}) and sum(s.hands[1]) == 11


def test_ruling_6_no_more_groups_passes_only_what_was_chosen():
    s = roll(position([["8", "2", "6", "3", "5", "9"], ["9"], ["10"]]), RD, RD, 8, "Bear")
    s = act(s, "group 3+5", "no more groups")
    assert s.phase == "pass" and cards(s, s.to_pass) == Counter({"8": 1, "3": 1, "5": 1})


def test_ruling_7_two_deer_heads_lose_the_turn_and_freeze():
    s = roll(position([["1", "Fox"], ["2"], ["4"]]), 1, DH, DH, "Fox")
    assert s.phase == "roll" and s.current == 1 and s.frozen == (True, False, False)
    assert hand(s, 0) == Counter({"1": 1, "Fox": 1})  # no number action, no predator action


def test_ruling_7_frozen_roll_without_deer_head_is_lost_and_a_joker_cannot_help():
    s = position([["1", "Fox", "Joker"], ["2"], ["4"]], frozen=[True, False, False])
    assert "Ruling 7" in s.rule()
    lost = roll(s, 1, 2, 4, "Fox")
    assert lost.phase == "roll" and lost.current == 1 and lost.frozen[0]
    assert hand(lost, 0) == hand(s, 0)


def test_ruling_7_frozen_roll_with_a_deer_head_is_played_normally():
    s = roll(position([["1", "Fox", "Joker"], ["2"], ["4"]], frozen=[True, False, False]), 1, 2, DH, "Bear")
    assert s.frozen == (False, False, False) and s.phase == "joker"
    s = act(s, "no Joker")
    assert s.phase == "pass" and texts(s)[0] == "pass 1 to player 1"


def test_ruling_8_two_deer_heads_and_running_deer_choose_two_different_numbers():
    s = roll(position([["7", "7", "9", "10", "Wolf"], ["2"], ["4"]]), DH, RD, DH, "Bear")
    assert texts(s) == [f"choose {n}" for n in range(1, 13)]
    s = act(s, "choose 7")
    assert "choose 7" not in texts(s) and len(texts(s)) == 11
    s = act(s, "choose 9")
    assert hand(s, 0) == Counter({"10": 1, "Wolf": 1})


def test_ruling_9_deer_head_and_two_running_deer_finish_the_turn_then_two_extra_turns():
    s = roll(position([["1", "9", "9", "Fox"], ["2"], ["4"]]), RD, RD, DH, "Fox")
    assert s.phase == "predator" and s.extra_turns == 2  # the turn is finished first
    s = act(s, "keep the rest", "don't draw")
    assert (s.current, s.extra_turns) == (0, 1)
    s = act(roll(s, 1, 2, 4, "Bear"), "don't draw")
    assert (s.current, s.extra_turns) == (0, 0)
    s = act(roll(s, 3, 5, 7, "Bear"), "don't draw")
    assert s.current == 1


def test_ruling_9_extra_turns_earned_during_extra_turns_add_up():
    s = act(roll(position([["1", "9", "9"], ["2"], ["4"]]), RD, RD, DH, "Bear"), "don't draw")
    s = roll(s, RD, RD, DH, "Bear")
    assert s.extra_turns == 1 + 2
    s = act(s, "don't draw")
    turns = 0
    while s.current == 0:
        s = act(roll(s, 3, 5, 7, "Bear"), "don't draw")
        turns += 1
    assert turns == 3


def test_ruling_10_three_deer_heads_take_the_discard_pile_then_reroll():
    s = roll(position([["1", "Fox"], ["2"], ["4"]], discard=["5", "5", "Wolf"]), DH, DH, DH, "Fox")
    assert s.phase == "reroll" and s.current_player() == CHANCE and "Ruling 10" in s.rule()
    assert hand(s, 0) == Counter({"1": 1, "Fox": 1, "5": 2, "Wolf": 1}) and not any(s.discard)
    played = roll(s, 1, 2, DH, "Bear")  # a Deer Head: played as this turn
    assert played.phase == "pass" and played.current == 0
    lost = roll(s, 1, 2, 4, "Fox")  # no Deer Head: the turn ends, no predator action
    assert lost.phase == "roll" and lost.current == 1 and hand(lost, 0) == hand(s, 0)
    again = roll(s, DH, DH, DH, "Fox")
    assert again.phase == "reroll" and again.current == 0


def test_ruling_11_predators_and_jokers_never_match_numbers_parity_or_sums():
    pulled = act(roll(position([["Fox", "Joker"], ["1", "Bear"], ["3"]]), 1, 2, 4, "Bear"), "no Joker")
    assert hand(pulled, 0) == Counter({"Fox": 1, "Joker": 1, "1": 1})  # held no match: pulled the 1
    parity = act(roll(position([["1", "Fox", "Wolf", "Joker"], ["2"], ["4"]]), 3, RD, DH, "Bear"), "no Joker")
    assert hand(parity, 0) == Counter({"Fox": 1, "Wolf": 1, "Joker": 1})
    sums = roll(position([["5", "Fox", "Wolf", "9"], ["2"], ["4"]]), RD, RD, 8, "Bear")  # Fox+5, Fox+Wolf = 8 points
    assert sums.phase == "draw" and hand(sums, 0) == Counter({"5": 1, "Fox": 1, "Wolf": 1, "9": 1})


def test_ruling_12_predator_face_one_decision_per_card():
    s = roll(position([["1", "Fox", "Fox", "9"], ["2"], ["4"]]), 1, 2, 4, "Fox")
    assert texts(s) == ["pass Fox to player 1", "pass Fox to player 2", "discard Fox to the Predator pile",
                        "keep the rest"]
    pile = s.predator_pile
    s = act(s, "pass Fox to player 2")
    assert s.phase == "predator" and hand(s, 2) == Counter({"4": 1, "Fox": 1})
    s = act(s, "discard Fox to the Predator pile")
    fox = s.game.components.kind_index["Fox"]
    assert s.predator_pile[fox] == pile[fox] + 1 and hand(s, 0) == Counter({"9": 1}) and s.phase == "draw"


def test_ruling_12_discard_face_discards_at_most_one_predator():
    s = roll(position([["1", "Fox", "Wolf", "Wolf", "9"], ["2"], ["4"]]), 1, 2, 4, "discard")
    assert texts(s) == ["discard Fox to the Predator pile", "discard Wolf to the Predator pile", "discard nothing"]
    s = act(s, "discard Wolf to the Predator pile")
    assert hand(s, 0) == Counter({"Fox": 1, "Wolf": 1, "9": 1}) and s.phase == "draw"


def _to_rack(hands, **kwargs):
    """Roll three numbers with the Discard face, decline everything up to the rack decision."""
    s = roll(position(hands, **kwargs), 1, 2, 4, "discard")
    return act(s, *(["no Joker"] if s.phase == "joker" else []), "discard nothing")


def test_ruling_13_available_racks_and_joker_stand_in_only_for_a_missing_predator():
    s = _to_rack([["1", "Fox", "Fox", "Fox", "Wolf", "Bear", "Joker"], ["2"], ["4"]])
    assert texts(s) == ["rack Fox+Fox+Fox (9)", "rack Fox+Wolf+Bear (15)", "no rack"]
    s = _to_rack([["1", "Fox", "Fox", "Wolf", "Joker"], ["2"], ["4"]])
    assert texts(s) == ["rack Fox+Fox+Joker (6)", "rack Fox+Wolf+Joker (8)", "no rack"]


def test_ruling_13_rack_moves_sum_exactly_to_its_value_with_clamping():
    s = _to_rack([["1", "Fox", "Fox", "Fox", "Wolf", "Bear", "9"], ["2"], ["4"]], pawns=[10, 20, 30])
    s = act(s, "rack Fox+Wolf+Bear (15)", "move player 0 back", "12 spaces")
    assert s.pawns == (0, 20, 30) and s.ledger[-1] == (0, "rack", -12, -10) and s.moves_left == 3
    assert texts(s)[:2] == ["move player 0 forward", "move player 0 back"]
    s = act(s, "move player 2 forward")
    assert texts(s) == ["1 space", "2 spaces", "3 spaces"]
    s = act(s, "3 spaces")
    assert s.pawns == (0, 20, 33) and sum(abs(e[2]) for e in s.ledger if e[1] == "rack") == 15
    assert hand(s, 0) == Counter({"Fox": 2, "9": 1}) and s.racks_played == (1, 0, 0)
    assert s.phase == "draw"  # at most one rack a turn


def test_ruling_13_a_rack_that_empties_the_hand_still_moves_then_the_round_ends():
    s = _to_rack([["1", "Fox", "Wolf", "Bear"], ["2"], ["4"]], pawns=[10, 0, 0])
    s = act(s, "rack Fox+Wolf+Bear (15)", "move player 0 back", "10 spaces", "move player 1 forward", "5 spaces")
    assert s.phase == "deal" and s.round == 1
    assert s.pawns == (0, 5 + 2, 4) and s.round_points == (0, 2, 4)


JOKER_HAND = [["1", "3", "9", "Joker", "Joker"], ["2"], ["4"]]
ANY_NUMBER = [f"{n}" for n in range(1, 13)]


@pytest.mark.parametrize("faces", [(1, 2, 4), (1, RD, DH), (DH, DH, DH), (RD, RD, DH), (6, 12, 11)])
def test_ruling_14_a_joker_makes_any_die_any_number_never_a_symbol(faces):
    s = roll(position(JOKER_HAND), *faces, "Bear")
    assert texts(s) == ["no Joker", "Joker on die A", "Joker on die B", "Joker on die C"] and "Ruling 14" in s.rule()
    for die in "ABC":
        offered = texts(act(s, f"Joker on die {die}"))
        assert offered == [f"die {die} shows {n}" for n in ANY_NUMBER]  # even the number it already shows


def test_ruling_14_the_joker_goes_to_the_predator_pile_and_the_new_roll_is_resolved():
    s = act(roll(position(JOKER_HAND), 1, 2, DH, "Bear"), "Joker on die C")
    joker = s.game.components.kind_index["Joker"]
    before = s.predator_pile[joker]
    s = act(s, "die C shows 9")
    assert s.roll == (1, 2, 9, "Bear") and s.predator_pile[joker] == before + 1
    assert hand(s, 0) == Counter({"3": 1, "Joker": 1}) and cards(s, s.discard) == Counter({"1": 1, "9": 1})
    assert s.phase == "draw"  # at most one Joker a roll: no second offer


def test_ruling_14_a_joker_cannot_make_three_deer_heads_but_can_break_them():
    s = act(roll(position(JOKER_HAND), 1, DH, DH, "Bear"), "Joker on die A")
    assert not any("Deer" in t for t in texts(s))
    s = act(roll(position(JOKER_HAND), DH, DH, DH, "Bear"), "Joker on die B", "die B shows 5")
    assert s.frozen[0] and s.current == 1  # number + two Deer Heads: frozen, the Discard pile not taken
    assert hand(s, 0) == Counter({"1": 1, "3": 1, "9": 1, "Joker": 1})


def _joker_on_c_shows_1(faces):
    """Player 0 holds two 1s, a 2 and a 9; the Joker turns die C (showing 4) into a second 1."""
    s = roll(position([["1", "1", "2", "9", "Joker"], ["3"], ["4"]]), *faces, "Bear")
    return act(s, "Joker on die C", "die C shows 1")


def test_ruling_14_two_dice_showing_the_same_number_act_on_it_once():
    three = _joker_on_c_shows_1((1, 2, 4))  # Ruling 2: every 1 and 2
    assert cards(three, three.discard) == Counter({"1": 2, "2": 1}) and hand(three, 0) == Counter({"9": 1})
    passing = _joker_on_c_shows_1((1, DH, 4))  # Ruling 3: every 1, passed
    assert cards(passing, passing.to_pass) == Counter({"1": 2}) and passing.phase == "pass"
    choosing = _joker_on_c_shows_1((1, RD, 4))  # Ruling 4: a third number, any but 1
    assert texts(choosing) == [f"choose {n}" for n in range(2, 13)]
    chosen = act(choosing, "choose 9")
    assert cards(chosen, chosen.discard) == Counter({"1": 2, "9": 1}) and hand(chosen, 0) == Counter({"2": 1})


def test_ruling_14_duplicate_numbers_holding_none_take_the_others_cards_once():
    s = roll(position([["9", "Joker"], ["5", "5", "Fox"], ["4", "7"]]), 1, 5, 4, "Bear")
    s = act(s, "Joker on die A", "die A shows 5")
    assert s.roll == (5, 5, 4, "Bear")
    assert hand(s, 0) == Counter({"9": 1, "5": 2, "4": 1})  # Ruling 2: held none of 5 and 4
    assert hand(s, 1) == Counter({"Fox": 1}) and hand(s, 2) == Counter({"7": 1})


def test_ruling_14_a_position_after_a_joker_saves_and_loads_and_only_the_jokers_die_may_differ():
    s = _joker_on_c_shows_1((1, DH, 4))
    assert (s.roll, s.joker_die, s.phase) == ((1, DH, 1, "Bear"), 2, "pass")
    assert state_from_json(state_to_json(s)) == s
    data = s.to_json()
    with pytest.raises(SaveFileError, match=r"state.roll\[2\]: 1 is not a face of this die, and no Joker made it"):
        s.game.state_from_json({**data, "joker_die": 0})
    with pytest.raises(SaveFileError, match=r"state.roll\[0\]: 13 is not a face"):
        s.game.state_from_json({**data, "roll": [13, "deer_head", 1, "Bear"]})
    after = act(s, "pass 1 to player 1", "pass 1 to player 2", "don't draw")
    assert (after.phase, after.current, after.joker_die) == ("roll", 1, None)  # cleared with the turn


def test_ruling_14_the_own_faces_reading_offers_that_dies_other_faces(tmp_path):
    s = roll(position(JOKER_HAND, options={"components": first_readings_components(tmp_path)}), 1, 2, 4, "Bear")
    s = act(s, "Joker on die C")
    assert texts(s) == ["die C shows 7", "die C shows 8", "die C shows 11", "die C shows Deer Head"]
    s = act(s, "die C shows Deer Head")
    assert s.roll == (1, 2, DH, "Bear") and s.phase == "pass"  # two numbers + Deer Head
    three = act(roll(position(JOKER_HAND, options={"components": first_readings_components(tmp_path)}),
                     1, DH, DH, "Bear"), "Joker on die A", "die A shows Deer Head")
    assert three.phase == "reroll"  # this reading lets a Joker make Three Deer Heads


def test_ruling_14_the_reroll_is_a_new_roll_and_may_take_a_joker():
    s = roll(position([["1", "Joker", "Joker"], ["2"], ["4"]]), DH, DH, DH, "Bear")
    s = act(s, "no Joker")
    assert s.phase == "reroll"
    assert roll(s, 1, DH, 4, "Bear").phase == "joker"


def test_ruling_15_round_ends_the_moment_any_hand_empties_even_on_another_players_turn():
    s = roll(position([["9", "Fox"], ["1"], ["2", "2", "12"]], frozen=[False, False, True]), 1, 2, 4, "Fox")
    assert s.phase == "deal" and s.round == 1 and s.current == 2  # player 1 deals round 2
    assert s.round_points == (13, 0, 16)  # player 2 still held the 2s: the pull stopped at once
    assert s.ledger[-3:] == ((0, "round 1 score", 13, 13), (1, "round 1 score", 0, 0), (2, "round 1 score", 16, 16))
    assert s.frozen == (False, False, False) and sum(s.deck) == 60


def test_ruling_15_emptying_the_hand_mid_turn_skips_the_rest_and_clears_extra_turns():
    s = roll(position([["Fox"], ["1"], ["2"]]), RD, RD, DH, "Fox")
    assert s.extra_turns == 2
    s = act(s, "pass Fox to player 1")
    assert s.phase == "deal" and s.extra_turns == 0 and s.round_points == (0, 4, 2)


def test_round_scores_clamp_at_finish_and_the_game_ends_on_finish():
    s = roll(position([["1"], ["12"], ["Joker"]], pawns=[0, 95, 40]), 1, 2, 4, "Fox")
    assert s.is_terminal() and s.pawns == (0, 100, 40)
    assert s.ledger[-2] == (1, "round 1 score", 12, 5)
    assert s.returns() == (1.0, 0.0, 0.0)


def test_ruling_16_lowest_score_wins():
    s = roll(position([["1"], ["5"], ["12"]], pawns=[70, 60, 95]), 1, 2, 4, "Fox")
    assert s.pawns == (70, 65, 100) and s.returns() == (0.0, 1.0, 0.0)


def test_ruling_16_tie_goes_to_fewest_points_in_the_final_round():
    s = roll(position([["1"], ["5"], ["12"]], pawns=[60, 55, 95]), 1, 2, 4, "Fox")
    assert s.pawns == (60, 60, 100) and s.round_points == (0, 5, 12)
    assert s.returns() == (1.0, 0.0, 0.0)


def test_ruling_16_full_tie_is_a_shared_win():
    s = roll(position([["1"], ["Joker"], ["12"]], pawns=[60, 60, 95]), 1, 2, 4, "Fox")
    assert s.returns() == (0.5, 0.5, 0.0)
    assert s.stats()["final_score"] == [60, 60, 100]


def test_ruling_16_a_pawn_on_finish_mid_round_does_not_end_the_game():
    s = _to_rack([["1", "Fox", "Wolf", "Bear", "9"], ["2"], ["4"]], pawns=[0, 90, 0])
    s = act(s, "rack Fox+Wolf+Bear (15)", "move player 1 forward", "15 spaces")
    assert s.pawns[1] == 100 and not s.is_terminal()


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_ruling_17_deal_one_card_at_a_time_from_the_dealers_left(n):
    s = make_game("deer", num_players=n).initial_state()
    first = dict((a.args[0], p) for a, p in s.chance_outcomes())
    assert first == {k: Fraction(c, 60) for k, c in enumerate(s.game.components.full_deck)}
    recipients = []
    while s.phase == "deal":
        recipients.append(s.current)
        s = s.apply(s.chance_outcomes()[-1][0])
    assert recipients == [(1 + i) % n for i in range(60)]
    assert s.phase == "roll" and s.current == 0 and sum(s.deck) == 0 and all(sum(h) == 60 // n for h in s.hands)


def test_ruling_17_the_deal_passes_left_each_round():
    s = roll(position([["1"], ["2"], ["4"]]), 1, 2, 7, "Fox")  # player 0 goes out: round 2
    assert (s.round, s.dealer, s.current) == (1, 1, 2)
    while s.phase == "deal":
        s = s.apply(s.chance_outcomes()[0][0])
    assert s.current == 1  # the dealer takes the first turn
