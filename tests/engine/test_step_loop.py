"""The step loop's fast paths (`State.apply` fused with its legality check, a chance outcome found by identity, the
exact uniform draw) give what the protocol's general path gives, in every configuration."""
import random
import re
from fractions import Fraction

import pytest

from deerbook.engine import Action, RuleViolation, make_game
from deerbook.engine.distribution import uniform_below
from deerbook.engine.protocol import ChanceTable

from game_configs import CONFIGS


def copied(action: Action) -> Action:
    """An action equal to `action` but not the same object (as a replay or a save hands one back)."""
    return Action(action.kind, tuple(action.args), action.text)


@pytest.mark.parametrize("name, options", CONFIGS)
def test_apply_of_an_equal_action_is_apply_of_the_one_drawn_or_shown(name, options):
    """Along a random game: the action drawn or shown and an equal copy of it lead to the same state (compared whole,
    and as text); what is no legal action (None too) raises RuleViolation naming the rule and leaves the state as it
    was."""
    game, rng = make_game(name, **options), random.Random(3)
    state, steps = game.initial_state(), 0
    while not state.is_terminal() and steps < 400:
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        after = state.apply(action)
        again = state.apply(copied(action))
        assert (after, str(after), after.to_json()) == (again, str(again), again.to_json()), f"step {steps}"
        before = state.to_json()
        for wrong in (Action("no_such_move", (99,), "no such move"), None):
            with pytest.raises(RuleViolation, match=re.escape(state.rule())):
                state.apply(wrong)
        assert state.to_json() == before
        state, steps = after, steps + 1


def test_a_chance_table_knows_its_own_outcomes_by_identity():
    heads, tails = Action("coin", ("heads",), "heads"), Action("coin", ("tails",), "tails")
    table = ChanceTable.from_outcomes([(heads, Fraction(1, 2)), (tails, Fraction(1, 2))])
    assert table.drawn(heads) and table.drawn(tails) and table.drawn(table.draw(random.Random(1)))
    assert not table.drawn(copied(heads))  # equal, but not the table's own: `checked` looks it up by value
    assert not table.drawn(None)


class Fixed:
    """A stand-in random stream that returns the one value `u`."""

    def __init__(self, u: float):
        self.u = u

    def random(self) -> float:
        return self.u


@pytest.mark.parametrize("total", [1, 2, 3, 97, 10**6, 2**61 + 7])
def test_uniform_below_is_the_exact_floor_of_u_times_total(total):
    rng = random.Random(total)
    values = [rng.random() for _ in range(2000)] + [0.0, 0.5, 1 - 2**-53, 1e-300, 0.3 - 2**-60]  # the last two
    for u in values:  # have finer bits than CPython's random() gives: the exact fallback
        assert uniform_below(total, Fixed(u)) == int(Fraction(u) * total), u
