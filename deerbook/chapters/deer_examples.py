"""The Deer chapters' worked examples: positions reached by moves written as text, positions as plain text, and the
decisions the book asks the advisor about.

Everything here only reads states, or applies actions through the engine's own `apply` (so an example's move is
always a legal move). Nothing here is a rule.
"""
from __future__ import annotations

from ..analysis.deer_positions import ADVISOR_QUESTIONS, decision_positions
from ..bots.deer_advisor import AdvisorAgent
from ..bots.deer_turn_walk import OverBudget, advise
from ..deer.rules import hand_value
from ..deer.state import DeerState
from ..engine import Action
from ..play.deer_words import cards_text


# -- positions ----------------------------------------------------------------------------------
def hand_text(state, player: int) -> str:
    """A player's hand and its value, e.g. ``"1 1 5 (value 7)"``."""
    comp = state.game.components
    hand = state.hands[player]
    return f"{cards_text(comp, hand)} (value {hand_value(comp, hand)})"


def act(state, *texts: str):
    """Apply legal actions (or chance outcomes) by their text, in order."""
    for text in texts:
        state = state.apply(state.find_action(text))
    return state


def roll(state, *faces):
    """Apply the roll showing `faces` (die A, die B, die C, predator die), as the engine writes them:
    numbers, ``"deer_head"``, ``"running_deer"``, a predator name or ``"discard"``. An impossible
    roll raises RuleViolation."""
    return state.apply(Action("roll", tuple(faces)))


def texts(state) -> list[str]:
    """The texts of the legal actions (or chance outcomes) at `state`."""
    if state.is_chance_node():
        return [str(a) for a, _ in state.chance_outcomes()]
    return [str(a) for a in state.legal_actions()]


# -- games --------------------------------------------------------------------------------------
def ledger_text(state) -> str:
    """The pawn ledger: one line per pawn move (player, reason, requested, applied after clamping)."""
    lines = []
    for player, reason, requested, applied in state.ledger:
        clamp = "" if applied == requested else f" (clamped to {applied:+d})"
        lines.append(f"player {player}: {reason:<14} {requested:+d}{clamp}")
    return "\n".join(lines)


# -- the advisor's decisions --------------------------------------------------------------------
def advisor_positions(seed: int = 3, game_name: str = "deer", **options) -> list[DeerState]:
    """The first decision of each kind the advisor takes (`ADVISOR_QUESTIONS`, in that order) among a seeded game's
    (`decision_positions`), within the advisor agent's step budget."""
    first: dict[str, DeerState] = {}
    for state in decision_positions(seed, game_name, **options):
        if state.phase not in first:
            try:
                advise(state, budget=AdvisorAgent.budget)
            except OverBudget:
                continue
            first[state.phase] = state
    return [first[phase] for phase in ADVISOR_QUESTIONS if phase in first]
