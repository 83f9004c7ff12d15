"""Seeded random streams from the standard library, so a seed plays the same game in CPython and in Pyodide.

The derivation, in full (it is the contract that makes a seed reproducible anywhere):

- `stream(*key)` is `random.Random(n)`, where n is the SHA-256 digest of the text `"deerbook:"` followed by the
  key's integers joined by `/`, read as a big-endian integer. `stream(7)` hashes `"deerbook:7"`.
- A game's seed is a whole number or several (`7`, or `(7, 12)`, written "7/12"): `play(game, agents, seed)`
  and every table (`engine.runner.Match`) start from `stream(*seed)` and spawn from it, in order, the chance
  stream and then one stream per seat (`spawn`: each child is `random.Random(parent.getrandbits(128))`).
- Game i of a batch with seed S (`simulate`, `balance`, `engine.batch`) is the game of seed "S/i", so it never
  depends on how many games run or which worker plays it, and `deerbook play GAME --seed S/i` replays it.
- A table's seed is one rule everywhere (`check_seed`: `deerbook play`, `deerbook simulate`, the tables, a save):
  1 to MAX_SEED_PARTS whole numbers of at most MAX_SEED_DIGITS digits each (leading zeros aside: a seed is its
  value), so every seed a table accepts is one its save records and loads (JSON integers a browser reads exactly)
  and a save's name stays short.

Python's Mersenne Twister, its integer seeding and `random()` are the same in every CPython 3 build, Pyodide's
included. Nothing here touches the module-level `random` functions (global state).
"""
from __future__ import annotations

import hashlib
import math
import random
from typing import Any, Union, cast

from .errors import MAX_INT_DIGITS

Rng = random.Random
Seed = Union[int, tuple[int, ...], random.Random]  # a seed, the whole numbers of a seed, or a stream itself


def stream(*key: int) -> random.Random:
    """The random stream named by the integers `key` (see the module docstring for the derivation)."""
    if not key or any(not isinstance(k, int) or isinstance(k, bool) for k in key):
        raise ValueError(f"a random stream is named by whole numbers, got {key!r}")
    text = "deerbook:" + "/".join(str(k) for k in key)
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest(), "big"))


def as_generator(seed: Seed | None) -> random.Random:
    """The stream of a seed (a whole number or a tuple of them), or the generator itself; None is refused (no
    global random state)."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        raise ValueError("pass a seed or a random.Random: deerbook never uses global random state")
    return stream(*seed) if isinstance(seed, tuple) else stream(seed)


MAX_SEED_PARTS = 8  # "S/i" is game i of a batch with seed S; a few more parts leave room for nesting
MAX_SEED_DIGITS = MAX_INT_DIGITS  # 15: a save's JSON integer, exact in a browser too
SEED_RULE = (f"a seed is a whole number of at most {MAX_SEED_DIGITS} digits, or up to {MAX_SEED_PARTS} of them "
             "joined by '/' such as 7/12")


def parse_seed(text: str) -> int | tuple[int, ...]:
    """The seed a person typed: "7", or "7/12" (game 12 of a batch with seed 7), each number read by its value
    (leading zeros allowed: "0007" is 7); ValueError saying the rule."""
    parts = text.strip().split("/") if isinstance(text, str) else [""]
    if not (len(parts) <= MAX_SEED_PARTS and all(part.isascii() and part.isdigit() for part in parts)):
        raise ValueError(f"{SEED_RULE}, got {_shown(text)}")
    significant = [part.lstrip("0") or "0" for part in parts]  # a seed is read by its value: 007 is 7
    numbers = tuple(int(part) if len(part) <= MAX_SEED_DIGITS else -1 for part in significant)
    return check_seed(numbers[0] if len(numbers) == 1 else numbers, text)


def check_seed(seed: Any, typed: Any = None) -> int | tuple[int, ...]:
    """`seed` if it follows the seed rule (see SEED_RULE), else ValueError saying it (naming `typed`, if given,
    as the person wrote it)."""
    parts = seed if isinstance(seed, tuple) else (seed,)
    if not (0 < len(parts) <= MAX_SEED_PARTS and all(type(p) is int and 0 <= p < 10 ** MAX_SEED_DIGITS
                                                      for p in parts)):
        raise ValueError(f"{SEED_RULE}, got {_shown(seed if typed is None else typed)}")
    return cast(Union[int, tuple[int, ...]], seed)


def _shown(value: Any) -> str:
    """A value in an error message, cut to 40 characters (a seed may be thousands of digits long)."""
    try:
        text = value if isinstance(value, str) else seed_text(value) if isinstance(value, (int, tuple)) else repr(value)
    except ValueError:  # Python will not print an integer of more than 4,300 digits
        return "a number of thousands of digits"
    return repr(text if len(text) <= 40 else text[:40] + "...")


def seed_text(seed: int | tuple[int, ...]) -> str:
    """A seed as a person types it: "7" or "7/12"."""
    return "/".join(map(str, seed)) if isinstance(seed, tuple) else str(seed)


MT_WORDS = 624  # the Mersenne Twister's state: 624 32-bit words and a position among them


def stream_state(rng: random.Random) -> list[object]:
    """Where a stream stands, as JSON data (`random.Random.getstate()` as lists): `restore_stream` continues it."""
    version, words, gauss = rng.getstate()
    return [version, list(words), gauss]


def restore_stream(data: object) -> random.Random:
    """The stream `stream_state` recorded, continuing exactly where it stood; ValueError saying what is wrong."""
    if not (isinstance(data, list) and len(data) == 3 and data[0] == 3 and isinstance(data[1], list)):
        raise ValueError("a stream's state is [3, [625 whole numbers], null or a number]")
    words, gauss = data[1], data[2]
    if len(words) != MT_WORDS + 1 or any(type(w) is not int or not 0 <= w < 2**32 for w in words):
        raise ValueError(f"a stream's state holds {MT_WORDS + 1} whole numbers from 0 to 2**32 - 1")
    if words[-1] > MT_WORDS or not any(words[:-1]) or not (gauss is None or type(gauss) is float
                                                            and math.isfinite(gauss)):
        raise ValueError(f"a stream's position is at most {MT_WORDS}, its words are not all 0 and its last field "
                         "is null or a finite number")
    rng = random.Random()
    rng.setstate((3, tuple(words), gauss))
    return rng


def spawn(rng: random.Random, count: int) -> list[random.Random]:
    """`count` independent child streams, each seeded from 128 bits of `rng`."""
    return [random.Random(rng.getrandbits(128)) for _ in range(count)]
