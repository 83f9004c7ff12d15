"""Deals of the unseen cards that share one store of solved positions (`advisor.shared_deals`, as the hints do)
give every deal its own exact answers and its own step count, and every position one deal takes from another
is one whose future the unseen cards do not change."""
import functools

import pytest
from advisor_positions import positions

from deerbook.engine.registry import make_agents
from deerbook.bots.deer_turn_walk import (Budget, OverBudget, Turn, advise, greedy_policy, position_for_hand,
                                          seat_belief, shared_deals)
from deerbook.engine import make_game
from deerbook.engine.exact import SharedWalks, _walker, action_values
from deerbook.engine.runner import play
from deerbook.engine.seeding import stream

DEALS = 4


def net(t):
    return t.shed - t.received


@functools.cache
def decisions(seed, **options):
    """The decisions of a seeded game of four greedy agents."""
    game = make_game("deer", num_players=4, **options)
    seen = []
    play(game, make_agents(game, ["greedy"] * 4), seed,
         on_step=lambda s, _: seen.append(s) if not s.is_chance_node() else None)
    return seen


def slow_decision():
    """A Joker after Three Deer Heads with the Discard pile to take (game seed 0, decision 140): a long walk. The seat
    saw every card go onto the Predator pile, so its deals differ only in the other hands."""
    return decisions(0)[139]


def game_decisions():
    """Decisions with a choice from seeded greedy games (knocking in one), and the slow one."""
    every = decisions(0)[::9] + decisions(3, knocking=True)[::9]
    return [s for s in every if len(s.legal_actions()) > 1] + [slow_decision()]


def observed():
    return [s for s in positions() if not s.is_chance_node()] + game_decisions()


def deals(state):
    """`DEALS` seeded positions drawn from what the player to move knows (`seat_belief`)."""
    belief, rng = seat_belief(state.observation(state.current_player())), stream(0)
    return [belief.sample(rng) for _ in range(DEALS)]


def others_set_aside(state):
    return any(any(cards) for p, cards in enumerate(state.set_aside) if p != state.current)


def walked(state, shared=None, budget=10**7):
    """`advise`'s walk by hand: its answers and the steps it counted."""
    start = Turn.start(state, greedy_policy(), Budget(budget), keep_met=shared is None)
    key = Turn.walk_key if shared is None else Turn.deal_key
    ranked = action_values(start, net, Turn.over, Turn.decide, key, shared, start.budget)
    return ranked, start.budget.used()


@pytest.mark.parametrize("index", range(len(observed())))
def test_shared_deals_give_each_deal_its_own_exact_answers(index):
    shared = shared_deals()
    for state in deals(observed()[index]):
        assert advise(state, shared=shared) == advise(state)


def test_each_deal_counts_the_steps_of_its_own_walk():
    """The step budget is exact per deal: a deal with a shared store counts the steps its own walk would."""
    checked = 0
    for state in observed():
        shared = shared_deals()
        for deal in deals(state):
            if others_set_aside(deal):
                continue
            plain, steps = walked(deal)
            assert walked(deal, shared) == (plain, steps)
            checked += 1
    assert checked > 20


def test_the_budget_stops_a_shared_deal_where_it_stops_its_own_walk():
    state = slow_decision()
    first, second = deals(state)[:2]
    steps = walked(second)[1]
    for budget, over in ((steps, False), (steps - 1, True)):
        shared = shared_deals()
        advise(first, shared=shared)
        if over:
            with pytest.raises(OverBudget):
                advise(second, budget=budget, shared=shared)
        else:
            advise(second, budget=budget, shared=shared)


def taken_positions(state, shared):
    """The positions of `state`'s own walk whose key another deal kept in `shared`, with the plain walk's weights
    from each (every position the walk meets, not only those it takes)."""
    met = []

    def key(t):
        met.append(t)
        return t.walk_key()

    walk = _walker(net, Turn.over, Turn.decide, key)
    start = Turn.start(state, greedy_policy())
    for action in state.legal_actions():
        walk(start.apply(action))
    plain = _walker(net, Turn.over, Turn.decide, Turn.walk_key)
    return [(t, shared.entries[t.deal_key()], plain(t)) for t in dict.fromkeys(met) if t.deal_key() in shared.entries]


def test_every_position_one_deal_takes_from_another_has_the_same_future():
    """A kept position's branches are the deal's own (same chances or the same greedy choice), a step that reads
    nothing unseen leads to the same key, and a position kept with its weights has the deal's own weights."""
    checked = solved = 0
    for state in observed():
        first, *rest = deals(state)
        if others_set_aside(first):
            continue
        shared = shared_deals()
        walked(first, shared)
        for deal in rest:
            for t, known, weights in taken_positions(deal, shared):
                if t.over():
                    branches = ()
                else:
                    branches = t.chance_outcomes() if t.is_chance_node() else tuple(t.decide().items())
                assert tuple((a, p) for a, p, _, _ in known.branches) == tuple(branches)
                for action, _, child, reads in known.branches:
                    assert reads or t.apply(action).deal_key() == child
                if known.weights is not None:
                    assert known.weights == weights
                    solved += 1
                checked += 1
    assert checked > 1000 and solved > 1000


def knock_with_two_high_cards():
    """Player 0 may knock holding 12 and 11 (knocking on): rolling three other numbers, they hold none of them, so
    the others hand theirs over (Ruling 2), and what comes over depends on the deal."""
    game = make_game("deer", num_players=4, knocking=True)
    return position_for_hand(game, ["12", "11"], [2, 5, 5, 5], stream(1))


def early_predator_decision():
    """A predator decision early in game seed 0 (decision 16), before the seat has seen what the Predator pile holds:
    what a later draw from it (Ruling 1) brings depends on the deal."""
    return decisions(0)[15]


def ignoring_draws(s, action, after):
    return False


def ignoring_hand_overs(s, action, after):
    return s.reads_unseen() if action is None else after.round_over()


@pytest.mark.parametrize("position, reads", [(early_predator_decision, ignoring_draws),
                                             (knock_with_two_high_cards, ignoring_hand_overs)])
def test_a_store_that_ignores_a_read_of_the_unseen_cards_gives_wrong_answers(position, reads):
    """The check has teeth: a store told that a draw from the Predator pile (Ruling 1), or a hand-over (Ruling 2),
    reads nothing lets deals take one another's positions, and some deal's answer is then not its own."""
    broken, honest = SharedWalks(reads), shared_deals()
    own = [walked(deal)[0] for deal in deals(position())]
    assert any(walked(deal, broken)[0] != answer for deal, answer in zip(deals(position()), own))
    assert [walked(deal, honest)[0] for deal in deals(position())] == own


def test_a_shared_walk_needs_a_ledger_for_its_steps():
    start = Turn.start(slow_decision(), greedy_policy(), keep_met=False)
    with pytest.raises(ValueError, match="ledger"):
        action_values(start, net, Turn.over, Turn.decide, Turn.deal_key, shared_deals())
