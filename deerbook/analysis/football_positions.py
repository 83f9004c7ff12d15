"""The Football decisions the book asks the advisor about: each kind as a reader would ask it, and where a game meets
it."""
from __future__ import annotations

from typing import cast

from ..engine import make_game
from ..football.state import FootballState
from .positions import decision_states

#: The advisor's decisions, as a reader would ask them.
ADVISOR_QUESTIONS = {"area": "which area's dice to take?", "picks": "which track to pick (or decline), or kick?"}


def decision_positions(seed: int = 7) -> list[FootballState]:
    """Every decision of a kind in `ADVISOR_QUESTIONS`, in the order a seeded two-player game of greedy agents meets
    them."""
    seen = cast(list[FootballState], decision_states(make_game("football", num_players=2), ["greedy"] * 2, seed))
    return [state for state in seen if state.phase in ADVISOR_QUESTIONS]
