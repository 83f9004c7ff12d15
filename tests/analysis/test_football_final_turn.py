"""Solo Football's final turn solved exactly (`analysis.football_final_turn`), checked against brute force."""
from fractions import Fraction

import pytest
from recorded_games import recorded

from deerbook.analysis.football_final_turn import final_turn_values, is_final_turn
from deerbook.engine import DeerbookError


def final_decisions(seed: int) -> list:
    """The decisions of a seeded solo game's final turn (greedy play), each with more than one legal action."""
    return [s for s in recorded("football", ["human"], seed).positions()
            if is_final_turn(s) and len(s.legal_actions()) > 1]


def brute_force(state) -> Fraction:
    """The best play's exact win chance from `state`, by plain enumeration: no memo, every line played out."""
    if state.is_terminal():
        return Fraction(state.returns()[0])
    if state.is_chance_node():
        return sum((p * brute_force(state.apply(a)) for a, p in state.chance_outcomes()), Fraction(0))
    return max(brute_force(state.apply(a)) for a in state.legal_actions())


@pytest.fixture(scope="module")
def positions():
    """Final-turn decisions of four seeded games quick to enumerate without a memo: every pick, and seed 2's choice
    between its last check and a field goal."""
    found = {seed: final_decisions(seed) for seed in (1, 2, 3, 4)}
    picks = [s for decisions in found.values() for s in decisions if str(s.phase) == "picks"]
    return picks + [next(s for s in found[2] if str(s.phase) == "active")]


def test_every_choice_s_exact_win_chance_is_brute_force_s(positions):
    assert len(positions) >= 6
    for state in positions:
        values = final_turn_values(state)
        assert list(values) == list(state.legal_actions())
        assert values == {action: brute_force(state.apply(action)) for action in state.legal_actions()}
        assert all(isinstance(v, Fraction) and 0 <= v <= 1 for v in values.values())


def test_a_greedy_final_turn_can_throw_a_game_away():
    """Seed 2: greedy kicks a field goal at the 10 in its last turn and ties Blitz Bach (a loss), where checking
    its last die wins for sure."""
    state = next(s for s in final_decisions(2) if any(a.kind == "kick" for a in s.legal_actions()))
    values = final_turn_values(state)
    kick = next(a for a in values if a.kind == "kick")
    assert values[kick] < 1 == max(values.values())


def test_only_a_final_turn_decision_is_solved():
    positions = recorded("football", ["human"], 1).positions()
    early = next(s for s in positions if not s.is_chance_node() and len(s.legal_actions()) > 1)
    assert not is_final_turn(early) and not is_final_turn(positions[-1])
    with pytest.raises(DeerbookError, match="final turn"):
        final_turn_values(early)
    deer = recorded("deer", ["human", "greedy"]).positions()
    assert not any(is_final_turn(s) for s in deer[-40:])
