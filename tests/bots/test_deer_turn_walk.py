"""The exact walks of one Deer turn (`bots.deer_turn_walk`). The fast walks give the plain walk's exact answers, and
every position they merge or leave undecided is one the rules and the greedy agent cannot tell apart. Deals of the
unseen cards that share one store of solved positions (`shared_deals`, as the hints do) give every deal its own exact
answers and its own step count, and every position one deal takes from another is one whose future the unseen cards
do not change."""
import functools
import itertools

import pytest
from turn_walk_positions import positions

from deerbook.analysis.positions import decision_states
from deerbook.bots.deer_advisor import position_for_hand, seat_belief
from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.bots.deer_turn_walk import (BEFORE_PREDATOR_PHASES, Budget, OverBudget, TurnAccount, advise,
                                          greedy_policy, shared_deals, turn_distribution)
from deerbook.engine import make_game
from deerbook.engine.frozen import evolve
from deerbook.engine.exact import SharedWalks, _walker, action_values, agent_policy, outcome_distribution
from deerbook.engine.seeding import stream


def turn_value(t):
    return t.shed, t.received, t.goes_out()


def plain_distribution(turn):
    """The walk without merged positions, a shared memo or a deferred predator die (the policy does not say
    it is blind)."""
    return outcome_distribution(turn, turn_value, TurnAccount.over, turn.policy)


@pytest.mark.parametrize("index", range(len(positions())))
def test_the_fast_walk_gives_the_plain_walks_exact_answers(index):
    state = positions()[index]
    start = TurnAccount.start(state, agent_policy(GreedyAgent()))
    assert turn_distribution(state) == plain_distribution(start)
    if state.legal_actions():
        plain = {str(a): plain_distribution(start.apply(a)).expectation(lambda o: o[0] - o[1])
                 for a in state.legal_actions()}
        assert {str(a): v for a, v in advise(state)} == plain


def met_positions(state):
    """Every position the fast walk meets from `state`."""
    met = []

    def key(t):
        met.append(t)
        return t.walk_key()

    start = TurnAccount.start(state, greedy_policy())
    outcome_distribution(start, turn_value, TurnAccount.over, TurnAccount.decide, key)
    return met


def rolls_like(state):
    """The state with each other roll the dice can show (the faces the walk key keeps unchanged)."""
    s = state.inner
    for action, _ in s.game.components.roll_outcomes:
        other = action.args if s.roll is None or state.walk_key().inner.roll is None \
            else action.args[:-1] + s.roll[-1:]
        if other != s.roll:
            yield evolve(state, inner=evolve(s, roll=other, joker_die=None))


def same_future_step(a, b):
    """The same chance outcomes, legal actions and greedy choice, and successors that the walk merges."""
    assert a.walk_key() == b.walk_key()
    assert a.chance_outcomes() == b.chance_outcomes() and a.legal_actions() == b.legal_actions()
    if a.legal_actions():
        assert a.decide() == b.decide()
    for action in [x for x, _ in a.chance_outcomes()] or a.legal_actions():
        assert a.apply(action).walk_key() == b.apply(action).walk_key(), action


def test_positions_the_walk_merges_cannot_be_told_apart():
    """Ruling 10 (a re-roll overwrites the dice), Ruling 12 (after the predator die nothing reads the roll):
    every merged position met, with any other roll on the table, steps to merged positions."""
    checked = 0
    for state in positions():
        merged = [t for t in met_positions(state) if t.walk_key() is not t]
        for t in merged[::7]:
            for other in itertools.islice(rolls_like(t), 0, None, 97):
                same_future_step(t, other)
                checked += 1
    assert checked > 100


def test_the_predator_die_waits_until_it_is_read():
    """Before the predator die the rules and the greedy agent read the number dice only: with each face of a
    deferred predator die the position has the same choices, and steps that stay before the predator die
    lead to the same positions up to that face."""
    checked = 0
    for state in positions():
        for t in met_positions(state):
            if t.predator is None or t.deferred is not None:
                continue
            assert t.inner.phase in BEFORE_PREDATOR_PHASES
            faces = [evolve(t.inner, roll=t.inner.roll[:-1] + face.args) for face, _ in t.predator]
            plain = [evolve(t, inner=s, predator=None) for s in faces]
            assert len({(p.legal_actions(), p.chance_outcomes()) for p in plain}) == 1
            if t.legal_actions():
                assert all(p.decide() == plain[0].decide() for p in plain)
            for action in [x for x, _ in plain[0].chance_outcomes()] or plain[0].legal_actions():
                after = [p.inner.apply(action) for p in plain]
                if after[0].phase in BEFORE_PREDATOR_PHASES:
                    assert len({evolve(s, roll=s.roll[:-1] if s.roll else None) for s in after}) == 1
            checked += 1
    assert checked > 100


def test_a_deferred_predator_die_has_the_engines_chances():
    state = positions()[0]
    start = TurnAccount.start(state, greedy_policy())
    engine = dict(state.chance_outcomes())
    for action, p in start.chance_outcomes():
        after = start.apply(action)
        if after.predator is None:
            assert engine[action] == p
        else:
            assert sum(q for _, q in after.predator) == 1
            for face, q in after.predator:
                assert engine[type(action)("roll", action.args[:-1] + face.args)] == p * q


def test_the_step_budget_still_stops_a_big_answer():
    state = positions()[0]
    with pytest.raises(OverBudget):
        advise(positions()[5], budget=5)
    start = TurnAccount.start(state, greedy_policy(), Budget(10**6))
    outcome_distribution(start, turn_value, TurnAccount.over, TurnAccount.decide, TurnAccount.walk_key)
    assert 0 < 10**6 - start.budget.left < 10**4


def test_the_rolls_that_lose_the_turn_are_one_outcome():
    """Rulings 7 and 10: a re-roll, or a frozen player's roll, without a Deer Head on the number dice ends the
    turn before the predator die: whatever the dice, every such outcome leads to the same position."""
    checked = 0
    for state in positions():
        for t in met_positions(state):
            if not t.inner.is_chance_node() or t.deferred is not None:
                continue
            lost = {t.inner.apply(action) for action, _ in t.inner.chance_outcomes()
                    if action.kind == "roll" and t._loses_turn(action)}
            if lost:
                assert len(lost) == 1 and next(iter(lost)).roll is None  # `end_turn` cleared it
                checked += 1
    assert checked >= 5


def test_predator_faces_that_go_on_to_the_rack_are_rolled_as_one():
    """Ruling 12: after the number dice (and nothing left to pass), a face of a predator the roller does not hold
    (for the Discard face: no predator at all) sends the predator die on to the rack: every face the walk rolls
    as one leads to positions the walk merges, and the chances of the faces rolled still add up to 1."""
    checked = 0
    for state in positions():
        for t in met_positions(state):
            if t.predator is None or t.deferred is not None or t.inner.is_chance_node():
                continue
            for action in t.decide():
                after = t.inner.apply(action)
                if after.phase in BEFORE_PREDATOR_PHASES:
                    continue
                successors = {}
                for face, _ in t.predator:
                    plain = evolve(t, inner=evolve(t.inner, roll=t.inner.roll[:-1] + face.args), predator=None)
                    successors.setdefault(t.face_effect(after, face), set()).add(plain.apply(action).walk_key())
                assert all(len(keys) == 1 for keys in successors.values())
                assert sum(p for _, p in t._faces_read(after, t.predator)) == 1
                checked += len(t.predator) - len(successors)
    assert checked > 100


DEALS = 4


def net(t):
    return t.shed - t.received


@functools.cache
def decisions(seed, **options):
    """The decisions of a seeded game of four greedy agents."""
    return decision_states(make_game("deer", num_players=4, **options), ["greedy"] * 4, seed)


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
    start = TurnAccount.start(state, greedy_policy(), Budget(budget), keep_met=shared is None)
    key = TurnAccount.walk_key if shared is None else TurnAccount.deal_key
    ranked = action_values(start, net, TurnAccount.over, TurnAccount.decide, key, shared, start.budget)
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

    walk = _walker(net, TurnAccount.over, TurnAccount.decide, key)
    start = TurnAccount.start(state, greedy_policy())
    for action in state.legal_actions():
        walk(start.apply(action))
    plain = _walker(net, TurnAccount.over, TurnAccount.decide, TurnAccount.walk_key)
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
    start = TurnAccount.start(slow_decision(), greedy_policy(), keep_met=False)
    with pytest.raises(ValueError, match="ledger"):
        action_values(start, net, TurnAccount.over, TurnAccount.decide, TurnAccount.deal_key, shared_deals())
