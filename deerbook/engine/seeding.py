"""Seeded random streams from the standard library, so a seed plays the same game in CPython and in Pyodide.

The derivation, in full (it is the contract that makes a seed reproducible anywhere):

- `stream(*key)` is `random.Random(n)`, where n is the SHA-256 digest of the text `"deerbook:"` followed by the
  key's integers joined by `/`, read as a big-endian integer. `stream(7)` hashes `"deerbook:7"`.
- `play(game, agents, seed)` starts from `stream(seed)` and spawns from it, in order, the chance stream and then
  one stream per seat (`spawn`: each child is `random.Random(parent.getrandbits(128))`).
- Game i of a batch with seed S (`simulate`, `balance`, `engine.batch`) plays from `stream(S, i)`, so it never
  depends on how many games run or which worker plays it.

Python's Mersenne Twister, its integer seeding and `random()` are the same in every CPython 3 build, Pyodide's
included. Nothing here touches the module-level `random` functions (global state).
"""
from __future__ import annotations

import hashlib
import random

Rng = random.Random


def stream(*key: int) -> random.Random:
    """The random stream named by the integers `key` (see the module docstring for the derivation)."""
    if not key or any(not isinstance(k, int) or isinstance(k, bool) for k in key):
        raise ValueError(f"a random stream is named by whole numbers, got {key!r}")
    text = "deerbook:" + "/".join(str(k) for k in key)
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest(), "big"))


def as_generator(seed_or_rng: int | random.Random | None) -> random.Random:
    """The stream of a seed, or the generator itself; None is refused (no global random state)."""
    if isinstance(seed_or_rng, random.Random):
        return seed_or_rng
    if seed_or_rng is None:
        raise ValueError("pass a seed or a random.Random: deerbook never uses global random state")
    return stream(seed_or_rng)


def spawn(rng: random.Random, count: int) -> list[random.Random]:
    """`count` independent child streams, each seeded from 128 bits of `rng`."""
    return [random.Random(rng.getrandbits(128)) for _ in range(count)]
