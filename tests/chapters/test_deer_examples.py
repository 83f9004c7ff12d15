"""The chapters' Deer examples read the engine faithfully (texts, chances, seeded deals and logs)."""
from fractions import Fraction

import pytest

from deer_transcripts import components_text, deal, format_chart, game_log, hands_text

from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.chapters import deer_examples as examples
from deerbook.analysis.deer_combinations import combination_name
from deerbook.analysis.deer_odds import combination_distribution
from deerbook.engine import RandomAgent, RuleViolation, make_game
from deerbook.engine.runner import play
from deerbook.deer import position

GAME = make_game("deer", num_players=3)
COMP = GAME.components


def test_components_text_lists_every_card_and_die():
    text = components_text(COMP)
    assert "cards (60):" in text and "3 x Joker joker    worth 0" in text
    assert "number die C: 4, 7, 8, 11, Deer Head, Deer Head" in text
    assert "predator die: Fox, Fox, Wolf, Wolf, Bear, Discard" in text


def test_combination_names_and_chart_chances():
    assert combination_name(COMP, (3, 0, 0, 0)) == "Three numbers"
    assert combination_name(COMP, (1, 1, 1, 0)) == "Number + Deer Head + Running Deer"
    assert combination_name(COMP, (0, 1, 2, 0)) == "Deer Head + two Running Deer"
    assert combination_name(COMP, (0, 3, 0, 0)) == "Three Deer Heads"
    cards = make_game("deer-cards", num_players=3).components
    assert combination_name(cards, (1, 0, 0, 2)) == "Number + two Cars"
    chances = combination_distribution(GAME)  # the engine's own roll outcomes
    assert chances == {combination_name(COMP, sig): p for sig, p in COMP.signature_odds.items()}  # brute force
    assert sum(chances.values()) == 1 and chances["Three numbers"] == Fraction(8, 27)
    assert chances["Number + two Running Deer"] == Fraction(1, 54)
    assert len(format_chart(COMP).splitlines()) == 1 + 9


def test_hand_text_act_roll_and_texts():
    state = position(GAME, [["3", "5", "5", "Fox"], ["10"], ["11"]], discard=None, predator_pile=())
    assert examples.hand_text(state, 0) == "3 5 5 Fox (value 16)"
    assert len(examples.texts(state)) == 720  # a chance node lists its outcomes
    state = examples.roll(state, 3, 5, "deer_head", "Bear")
    assert examples.texts(state) == ["pass 3 to player 1", "pass 3 to player 2"]
    state = examples.act(state, "pass 3 to player 1", "pass 5 to player 2", "pass 5 to player 2")
    assert hands_text(state).splitlines() == ["player 0: Fox (value 3), pawn 0",
                                                      "player 1: 3 10 (value 13), pawn 0",
                                                      "player 2: 5 5 11 (value 21), pawn 0"]
    with pytest.raises(RuleViolation):
        examples.roll(state, 2, 2, 4, "Bear")  # die A has no 2
    with pytest.raises(RuleViolation):
        examples.act(state, "no such move")


def test_deal_is_seeded_and_records_exact_probabilities():
    dealt, cards = deal(GAME, seed=7)
    assert len(cards) == 60 and dealt.phase == "roll" and [sum(h) for h in dealt.hands] == [20] * 3
    assert cards[0][1] == Fraction(COMP.full_deck[COMP.kind_index[cards[0][0].split()[1]]], 60)
    assert deal(GAME, seed=7) == (dealt, cards)
    assert deal(GAME, seed=8)[1] != cards
    assert all(text.startswith("deal ") and 0 < p <= 1 for text, p in cards)


def test_game_log_matches_the_runner_and_the_ledger_text():
    agents = lambda: [GreedyAgent(), RandomAgent(), RandomAgent()]  # noqa: E731
    final, log = game_log(GAME, agents(), 25)
    assert final == play(GAME, agents(), 25)
    assert log[0].startswith("chance: deal") and any(line.startswith("P0: ") for line in log)
    ledger = examples.ledger_text(final).splitlines()
    assert len(ledger) == len(final.ledger)
    clamped = [entry for entry in final.ledger if entry[2] != entry[3]]
    assert sum("clamped" in line for line in ledger) == len(clamped)
