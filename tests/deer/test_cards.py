"""The card-game edition (book/rulings.md §2): components, one test per chart row, the unlisted rolls, scoring."""
from collections import Counter
from fractions import Fraction

import pytest

from deer_helpers import CAR, DH, RD, act, cards, deal_out, hand, position, roll, texts
from deerbook.deer import DeerGame, load_components
from deerbook.analysis.deer_combinations import chart_table
from deerbook.deer.components import signature
from deer_transcripts import format_chart
from deerbook.analysis.deer_editions import unlisted_chance
from deerbook.engine import make_game
from deerbook.engine.errors import OptionError


def deck(hands, **kwargs):
    return position(hands, edition="deer-cards", **kwargs)


# -- components ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, cards_in_play", [(2, 52), (3, 52), (4, 52), (5, 104), (6, 104)])
def test_one_deck_for_two_to_four_players_two_for_five_or_six(n, cards_in_play):
    game = make_game("deer-cards", num_players=n)
    assert isinstance(game, DeerGame) and game.name == "deer-cards" and sum(game.full_deck) == cards_in_play
    first_card = {str(a): p for a, p in game.initial_state().chance_outcomes()}
    assert len(first_card) == 13 and first_card["deal A to player 1"] == Fraction(1, 13)
    dealt = deal_out(game.initial_state())
    assert sorted(map(sum, dealt.hands)) == sorted(len(range(p, cards_in_play, n)) for p in range(n))


def test_ranks_match_the_dice_by_number_and_score_their_points():
    comp = make_game("deer-cards", num_players=4).components
    assert [comp.face_name(n) for n in comp.numbers] == ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert [comp.points[comp.number_kind[n]] for n in comp.numbers] == [*range(1, 11), 10, 10, 10]
    assert not comp.predator_kinds and comp.joker_kind is None and not comp.predator_die


def test_a_roll_is_three_dice_only():
    outcomes = make_game("deer-cards", num_players=3).components.roll_outcomes
    assert len(outcomes) == 6 ** 3 and {p for _, p in outcomes} == {Fraction(1, 216)}
    assert all(len(a.args) == 3 for a, _ in outcomes) and str(outcomes[0][0]) == "roll 2, A, 3"


def test_the_chart_prints_its_five_rows_then_every_roll_it_does_not_list():
    table = chart_table(make_game("deer-cards", num_players=3).components)
    listed = [row["roll"] for row in table if row["listed"]]
    assert listed == ["Three numbers", "Two numbers + Deer in Headlights", "Two numbers + Car",
                      "Two numbers + Running Deer", "Number + Deer in Headlights + Car"]
    unlisted = [row for row in table if not row["listed"]]
    assert len(unlisted) == 8 and {row["effect"] for row in unlisted} == {"nothing"}
    assert "Number + Running Deer + Car" in [row["roll"] for row in unlisted]
    assert sum(row["probability"] for row in table) == 1


def test_the_board_chart_lists_every_roll():
    table = chart_table(make_game("deer", num_players=3).components)
    assert len(table) == 9 and all(row["listed"] for row in table) and sum(r["probability"] for r in table) == 1


# -- the chart rows -------------------------------------------------------------------------------------------
def test_three_numbers_discard_every_card_of_the_rolled_ranks():
    before = deck([["2", "2", "A", "Q", "5"], ["3"], ["4"]])
    s = roll(before, 2, 1, 12)
    assert hand(s, 0) == Counter({"5": 1})
    assert cards(s, s.discard) - cards(before, before.discard) == Counter({"2": 2, "A": 1, "Q": 1})
    assert (s.phase, s.current) == ("roll", 1)  # no predator die: the turn passes


def test_three_numbers_holding_none_each_other_player_may_hand_over_theirs():
    s = roll(deck([["5"], ["2", "K"], ["A", "Q", "Q", "9"]]), 2, 1, 12)
    assert (s.phase, s.current_player()) == ("hand_over", 1) and "three numbers" in s.rule()
    assert texts(s) == ["hand over 2 to player 0", "keep them"]
    s = act(s, "keep them")
    assert s.current_player() == 2 and texts(s)[0] == "hand over A Q Q to player 0"
    s = act(s, "hand over A Q Q to player 0")
    assert hand(s, 0) == Counter({"5": 1, "A": 1, "Q": 2}) and hand(s, 1) == Counter({"2": 1, "K": 1})
    assert (s.phase, s.current) == ("roll", 1)


def test_two_numbers_and_deer_head_discard_one_of_the_two_ranks():
    s = roll(deck([["6", "6", "8", "9"], ["3"], ["4"]]), DH, 6, 8)
    assert s.phase == "choose_number" and texts(s) == ["choose 6", "choose 8"]
    s = act(s, "choose 8")
    assert hand(s, 0) == Counter({"6": 2, "9": 1})


def test_two_numbers_and_car_pass_every_card_of_both_ranks():
    s = roll(deck([["4", "5", "5", "9"], ["3"], ["2"]]), 4, CAR, 5)
    assert s.phase == "pass" and cards(s, s.to_pass) == Counter({"4": 1, "5": 2}) and "Car" in s.rule()
    while s.phase == "pass":
        s = act(s, texts(s)[0])
    assert hand(s, 0) == Counter({"9": 1}) and hand(s, 1) == Counter({"3": 1, "4": 1, "5": 2})


def test_two_numbers_and_running_deer_discard_both_ranks_and_one_chosen_rank():
    s = roll(deck([["9", "K", "J", "J", "2"], ["3"], ["4"]]), RD, 9, 13)
    assert texts(s) == [f"choose {r}" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "10", "J", "Q"]]
    s = act(s, "choose J")
    assert hand(s, 0) == Counter({"2": 1})


def test_number_deer_head_and_car_pass_the_rank_and_groups_summing_to_its_points():
    s = roll(deck([["7", "3", "4", "A", "6", "K"], ["2"], ["5"]]), 7, DH, CAR)
    assert s.phase == "group" and texts(s) == ["group A+6", "group 3+4", "no more groups"]
    kings = roll(deck([["K", "4", "6", "J", "Q"], ["2"], ["5"]]), DH, CAR, 13)
    assert texts(kings) == ["group 4+6", "no more groups"]  # a J or Q alone is no group
    kings = act(kings, "group 4+6")
    assert cards(kings, kings.to_pass) == Counter({"K": 1, "4": 1, "6": 1})


UNLISTED = [row for row in make_game("deer-cards", num_players=3).components.chart_by_signature.values()
            if not row.listed]


@pytest.mark.parametrize("row", UNLISTED, ids=[str(r.signature) for r in UNLISTED])
def test_a_roll_the_chart_does_not_list_makes_no_card_play(row):
    s = deck([["2", "A", "3", "K"], ["4"], ["5"]])
    faces = next(a.args for a, _ in s.chance_outcomes() if signature(a.args) == row.signature)
    after = s.apply(next(a for a, _ in s.chance_outcomes() if a.args == faces))
    assert after.hands == s.hands and (after.phase, after.current) == ("roll", 1)


# -- scoring and game end --------------------------------------------------------------------------------------
def test_the_round_winner_scores_0_the_others_their_points_unclamped_to_150():
    s = roll(deck([["2"], ["A", "J"], ["Q", "K", "5"]], pawns=[0, 0, 140]), 2, 6, 3)
    assert s.round_points == (0, 11, 25) and s.pawns == (0, 11, 165) and s.is_terminal()
    assert s.returns() == (1.0, 0.0, 0.0)


def test_a_tie_goes_to_fewest_points_in_the_final_round():
    s = roll(deck([["2"], ["A", "J"], ["Q", "K", "5"]], pawns=[100, 89, 140]), 2, 6, 3)
    assert s.pawns == (100, 100, 165) and s.returns() == (1.0, 0.0, 0.0)


def test_below_150_another_round_is_dealt_by_the_next_dealer_who_plays_first():
    s = roll(deck([["2"], ["A"], ["Q"]], pawns=[0, 0, 130]), 2, 6, 3)
    assert s.phase == "deal" and s.dealer == 1
    assert (deal_out(s).phase, deal_out(s).current) == ("roll", 1)


@pytest.mark.parametrize("option", [{"advanced": True}, {"knocking": True}, {"bullseye_spaces": True}])
def test_the_card_edition_has_no_advanced_rules(option):
    with pytest.raises(OptionError, match="does not offer"):
        make_game("deer-cards", num_players=3, **option)


def test_the_printed_chart_marks_the_unlisted_rolls_and_their_chance():
    comp = make_game("deer-cards", num_players=4).components
    lines = format_chart(comp).splitlines()
    assert len(lines) == 1 + 13 and sum("(not listed)" in line for line in lines) == 8
    assert unlisted_chance(comp) == Fraction(1, 8) and unlisted_chance(load_components()) == 0
