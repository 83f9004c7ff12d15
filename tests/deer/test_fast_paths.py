"""The step loop's O(1) checks agree with the slow ones: a card dealt or drawn found by identity (`rules.drawn_card`)
against the pile's counts (`rules.card_outcome`), over seeded games of both editions (a roll's
precomputed resolution: tests/deer/test_roll_facts.py)."""
import random

import pytest

from deerbook.deer.rules import Phase, card_outcome, drawn_card
from deerbook.engine import Action, RuleViolation, make_game

CARD_PHASES = (Phase.DEAL, Phase.DRAW_CARD)


def card_nodes(name: str, options: dict, games: int):
    """(state, drawn action) at every card dealt or drawn of seeded random games."""
    game = make_game(name, **options)
    for seed in range(games):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
                if state.phase in CARD_PHASES:
                    yield state, action
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)


@pytest.mark.parametrize("name, options", [("deer", {"num_players": 4}), ("deer", {"num_players": 3, "advanced": True}),
                                           ("deer-cards", {"num_players": 5})])
def test_a_card_found_by_identity_is_the_card_its_pile_holds(name, options):
    checked = 0
    for state, action in card_nodes(name, options, 3):
        kind = action.args[0]
        assert drawn_card(state, action) == kind and card_outcome(state, action) is action
        copy = Action(action.kind, action.args, action.text)  # equal, not the very action: the slow check finds it
        assert drawn_card(state, copy) == -1 and card_outcome(state, copy) is action
        assert state.apply(copy).to_json() == state.apply(action).to_json()
        checked += 1
    assert checked > 300


def test_a_card_for_another_seat_goes_the_slow_way_and_one_the_pile_lacks_is_refused():
    state = make_game("deer", num_players=4).initial_state()
    drawn = state.sample_chance(random.Random(1))
    after = state.apply(drawn)  # the next card goes to the next seat, not the one `drawn` deals to
    assert drawn_card(after, drawn) == -1  # found the slow way: equal (kind and card) to that seat's deal
    assert after.apply(drawn).to_json() == after.apply(card_outcome(after, drawn)).to_json()
    draws = [(s, a) for s, a in card_nodes("deer", {"num_players": 4}, 6) if s.phase == Phase.DRAW_CARD]
    by_kind = {a.args[0]: a for _, a in draws}  # the very actions `draw` hands out
    refused = 0
    for state, _ in draws:
        for kind, action in by_kind.items():
            if not state.predator_pile[kind]:
                assert drawn_card(state, action) == -1
                with pytest.raises(RuleViolation, match=r"Ruling 1 \(turn order\)"):
                    state.apply(action)
                refused += 1
    assert refused
