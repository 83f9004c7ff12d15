"""Shared helpers for the Deer in the Headlights tests: hand-made positions and readable moves."""
from __future__ import annotations

import json
from collections import Counter

from deerbook.deer import DeerState
from deerbook.deer.component_file import DATA_DIR
from deerbook.engine import Action, make_game
from deerbook.deer import position as deer_position

DH, RD, CAR = "deer_head", "running_deer", "car"


def position(hands, n: int | None = None, *, edition: str = "deer", options: dict | None = None,
             **kwargs) -> DeerState:
    """A hand-made position at the start of player `current`'s turn (default 0), for an edition
    ("deer" or "deer-cards") and game options (e.g. {"knocking": True})."""
    game = make_game(edition, num_players=n or len(hands), **(options or {}))
    return deer_position(game, hands, **kwargs)


def roll(state: DeerState, *faces) -> DeerState:
    """Apply the roll (die A, die B, die C, then the predator face in the board game)."""
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


def deal_out(state: DeerState) -> DeerState:
    """Deal the whole deck (always the first card kind still in it)."""
    while state.phase == "deal":
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def first_readings_components(folder) -> str:
    """The path of a copy of data/board-2014.json with the first, narrower readings of Rulings 14 and 19:
    a Joker turns its die to another of its own faces, and setting aside three cards is compulsory."""
    data = json.loads((DATA_DIR / "board-2014.json").read_text())
    data["readings"] = {"joker": "own_faces", "set_aside": "compulsory"}
    path = folder / "board-2014-first-readings.json"
    path.write_text(json.dumps(data))
    return str(path)
