"""The fast exact walks of one Deer turn give the plain walk's exact answers, and every position they merge or
leave undecided is one the rules and the greedy agent cannot tell apart."""
import itertools

import pytest
from advisor_positions import positions

from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.bots.deer_turn_walk import (BEFORE_PREDATOR_PHASES, Budget, OverBudget, Turn, advise, greedy_policy,
                                          turn_distribution)
from deerbook.engine.exact import agent_policy, outcome_distribution
from deerbook.engine.protocol import evolve


def turn_value(t):
    return t.shed, t.received, t.goes_out()


def plain_distribution(turn):
    """The walk without merged positions, a shared memo or a deferred predator die (the policy does not say
    it is blind)."""
    return outcome_distribution(turn, turn_value, Turn.over, turn.policy)


@pytest.mark.parametrize("index", range(len(positions())))
def test_the_fast_walk_gives_the_plain_walks_exact_answers(index):
    state = positions()[index]
    start = Turn.start(state, agent_policy(GreedyAgent()))
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

    start = Turn.start(state, greedy_policy())
    outcome_distribution(start, turn_value, Turn.over, Turn.decide, key)
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
    start = Turn.start(state, greedy_policy())
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
    start = Turn.start(state, greedy_policy(), Budget(10**6))
    outcome_distribution(start, turn_value, Turn.over, Turn.decide, Turn.walk_key)
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
