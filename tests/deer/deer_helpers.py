"""Shared helpers for the Deer in the Headlights tests: hand-made positions and readable moves."""
from __future__ import annotations

from collections import Counter

from deerbook.deer import DeerState
from deerbook.engine import Action, make_game

DH, RD = "deer_head", "running_deer"


def position(hands, n: int | None = None, **kwargs) -> DeerState:
    """A hand-made position at the start of player `current`'s turn (default 0)."""
    return DeerState.from_position(make_game("deer", num_players=n or len(hands)), hands, **kwargs)


def roll(state: DeerState, *faces) -> DeerState:
    """Apply the roll (die A, die B, die C, predator face)."""
    return state.apply(Action("roll", faces))


def act(state: DeerState, *texts: str) -> DeerState:
    """Apply legal actions (or chance outcomes) by their text, in order."""
    for text in texts:
        state = state.apply(state.find_action(text))
    return state


def cards(state: DeerState, counts) -> Counter:
    """A count vector as a Counter of card names."""
    comp = state.game.components
    return Counter({comp.cards[k].name: c for k, c in enumerate(counts) if c})


def hand(state: DeerState, player: int) -> Counter:
    return cards(state, state.hands[player])


def texts(state: DeerState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
