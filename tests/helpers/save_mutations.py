"""Real saved games and seeded one-field edits of them, for the save property and fuzz tests.

`edited_save` changes ONE field of a real save, the digest recomputed as a careful forger
would; it is deterministic given its generator.
"""
from __future__ import annotations

import json

import numpy as np

from deerbook.engine import SaveFileError, make_game, state_from_json, state_to_json
from deerbook.engine.saving import _digest

from game_configs import CONFIGS, walk


def real_saves(every: int, configs=CONFIGS, seed: int = 0) -> list[str]:
    """Every `every`-th state (and the last) of one seeded random game per configuration, saved."""
    saves = []
    for i, (name, options) in enumerate(configs):
        states = list(walk(make_game(name, **options).initial_state(), seed + i))
        saves.extend(state_to_json(s) for s in [*states[::every], states[-1]])
    return saves


def leaves(value, path=()) -> list[tuple]:
    """The path of every scalar (and every list, which may be shortened or grown) inside `value`."""
    found = [path] if not isinstance(value, dict) else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(leaves(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(leaves(item, (*path, i)))
    return found


def pick(options: list, rng: np.random.Generator):
    return options[int(rng.integers(len(options)))]


def changed(value, rng: np.random.Generator, phases: list[str]):
    """A plausible wrong value for a field: a neighbouring number, another phase, another type, a resized list."""
    if isinstance(value, bool):
        return pick([not value, None, 0, 1], rng) if rng.random() < 0.3 else not value
    if isinstance(value, int):
        return pick([value + 1, value - 1, value + int(rng.integers(2, 20)), 0, -1, 10 ** 9, 1.5, "1"], rng)
    if isinstance(value, str):
        return pick(phases, rng) if rng.random() < 0.8 else value + "x"
    if isinstance(value, list):
        return [*value, *value[:1]] if rng.random() < 0.5 else value[:-1]
    return int(rng.integers(0, 12))  # null -> a number


def edited_save(text: str, rng: np.random.Generator, phases: list[str]) -> str:
    """The save with one field of its state (or its options) changed and the digest recomputed."""
    doc = json.loads(text)
    part = "options" if rng.random() < 0.05 else "state"
    *keys, last = pick(leaves(doc[part]), rng)
    target = doc[part]
    for key in keys:
        target = target[key]
    target[last] = changed(target[last], rng, phases)
    body = {k: doc[k] for k in ("game", "options", "state")}
    return json.dumps({**doc, "digest": _digest(body)})


def play_out(state, seed: int):
    """Play a loaded state to the end with random decisions and seeded chance; return the final state."""
    *_, final = walk(state, seed)
    return final


def load_or_refuse(text: str):
    """The loaded state, or None if the loader refused the file (with SaveFileError, and only that)."""
    try:
        return state_from_json(text)
    except SaveFileError:
        return None
