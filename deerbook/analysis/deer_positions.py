"""The Deer decisions the book asks the advisor about: each kind as a reader would ask it, and where a game meets it."""
from __future__ import annotations

from typing import cast

from ..deer.state import DeerState
from ..engine import make_game
from .positions import decision_states

#: The advisor's decisions, as a reader would ask them.
ADVISOR_QUESTIONS = {"knock": "knock or roll?", "joker": "play a Joker?", "joker_face": "the Joker's number",
                      "choose_number": "name a number", "group": "pass a group of cards"}


def decision_positions(seed: int = 3, game_name: str = "deer", **options) -> list[DeerState]:
    """Every decision of a kind in `ADVISOR_QUESTIONS` with more than one choice, in the order a seeded game of four
    greedy agents meets them (knocking allowed unless `options` say otherwise)."""
    game = make_game(game_name, num_players=4, **{"knocking": True, **options})
    seen = cast(list[DeerState], decision_states(game, ["greedy"] * 4, seed))
    return [state for state in seen if state.phase in ADVISOR_QUESTIONS and len(state.legal_actions()) > 1]
