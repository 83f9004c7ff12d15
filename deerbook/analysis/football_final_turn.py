"""Solo Football's final turn solved exactly: each choice's chance of beating Blitz Bach, with best play after it.

A whole solo game is out of reach of an exact solver (471,744 after-roll states in turn 1 alone, 10^10 to 10^12 a
turn after that), but once the last turn's dice are rolled only the player's own choices and Blitz Bach's last
power roll are left: expectimax over them (`engine.exact.best_response`: chance averaged with its exact
probabilities, every later choice the best) gives each legal action's exact win chance, a `Fraction`: from 0.1 s
(the last picks) to about 2 s (the area to take, every pick after it and each power roll) on one CPython core.
Everything at a Football table is public, so the position is what the player saw. Standard library only.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.distribution import Distribution
from ..engine.errors import DeerbookError
from ..engine.exact import best_response
from ..engine.protocol import Action, State


def is_final_turn(state: State) -> bool:
    """Whether `state` is a decision of solo Football's final turn (or its last field goal offer): from there on only
    the player's choices and Blitz Bach's last roll are left."""
    football: Any = state
    return (state.game.name == "football" and football.solo and not state.is_terminal()
            and not state.is_chance_node() and football.turn >= football.game.total_turns - 1)


def final_turn_values(state: State) -> dict[Action, Fraction]:
    """Each legal action at a final-turn decision with its exact chance of winning, best play after it;
    DeerbookError if `state` is not such a decision (`is_final_turn`)."""
    if not is_final_turn(state):
        raise DeerbookError("only a decision of solo Football's final turn is solved exactly, and this position is "
                            "not one")
    solved: dict = {}  # positions reached after several actions are solved once
    return {action: best_response(state.apply(action), _result, _never, memo=solved)[1].expectation()
            for action in state.legal_actions()}


def _result(state: State) -> Distribution:
    """The solo player's result at the end: 1 for a win over Blitz Bach, else 0."""
    return Distribution.certain(Fraction(state.returns()[0]))


def _never(state: State) -> bool:
    """Play goes on to the end of the game."""
    return False
