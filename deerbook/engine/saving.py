"""Saved games as JSON: an envelope naming the game and its options, validated on load.

Never pickle, never eval: a file is parsed as bounded JSON, its digest checked, the game
rebuilt from its options with file reading switched off (component data is a built-in
edition name or embedded in the options), and the state rebuilt through the game's own
validating `state_from_json`, which must leave a playable position.

Version 1 holds the game, its options and the state. Version 2 adds the `table` of a game in progress (`TableRecord`:
its seats, seed and where each random stream stands, and in newer saves the steps played so far), so a resumed game
goes on exactly as the uninterrupted one would have; a save without a table is still written (and read) as version
1, and a table without its steps counts them from 0. A table may also record `moves`, the text of every engine step
since the game of its seed began, so a table that loads the game can tell its log again.

One validation both ways: `state_to_json` reads back what it writes with the loader (`read_save`), so no save is
written that the loader would refuse (SaveFileError says why), and a table can play on from whatever the loader
accepts and save again: the steps played stop counting at MAX_STEPS, a save's moves are left out where they would
make it too big to load, and a count that grows with the game (turns, rounds, scores) is read up to the largest
integer a save holds (`validate.MAX_WHOLE`), which play does not reach (only a forged count within a few steps of it,
or a forged state within a few bytes of the size limit, can play on to a game the writer refuses to save).
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from .errors import MAX_FILE_BYTES, DeerbookError, SaveFileError, parse_json
from .files import no_file_reads
from .protocol import Game, State
from .registry import make_game
from .seeding import check_seed, restore_stream, seed_text
from .validate import finite_numbers, require, whole

FORMAT = "deerbook-save"
VERSION = 2  # the version written with a table; version 1 (no table) is read and written too
MAX_SEAT_NAME = 40  # a seat is "human" or an agent's name
MAX_MOVE_TEXT = 200  # an engine step's text ("pass 7 to player 2", "deal Fox to player 0")
MAX_NAME_PART = 24  # a save's name shows at most this much of the game's name and of its seed
MAX_STEPS = 10 ** 9  # a table's count of steps played (a game takes a few hundred); a save counts no further


@dataclass(frozen=True)
class TableRecord:
    """Who sits where at a game in progress, its seed, and where the chance stream and each seat's stream stand
    (`engine.runner.Match.streams()`): enough to continue the game as if it had never stopped."""

    seats: tuple[str, ...]
    seed: int | tuple[int, ...] | None  # None: the game was started from a stream, not a seed
    streams: tuple[Any, ...]
    moves: tuple[str, ...] | None = None  # every engine step's text since the game began, when known
    steps: int = 0  # the steps played since the game began (a resumed game's save names count on from here)

    def to_json(self) -> dict[str, Any]:
        """The table as JSON data (the steps played at most MAX_STEPS: the bound the loader reads them to)."""
        seed = list(self.seed) if isinstance(self.seed, tuple) else self.seed
        data = {"seats": list(self.seats), "seed": seed, "streams": list(self.streams),
                "steps": min(self.steps, MAX_STEPS)}
        return data if self.moves is None else {**data, "moves": list(self.moves)}


def save_name(game: str, seed: int | tuple[int, ...] | None, steps: int) -> str:
    """The name a save gets, without ".json": deerbook-GAME-seedSEED-STEPS, e.g. deerbook-deer-seed7-12-40.

    Only ASCII letters, digits and dashes, and at most about 80 characters whatever the game's name and seed (a
    long part is cut and ends with a digest of the whole), so the name fits every file system; the seed itself is
    in the file."""
    seed_part = seed_text(seed).replace("/", "-") if seed is not None else "stream"
    return f"deerbook-{_short(game)}-seed{_short(seed_part)}-{steps}"


def _short(text: str) -> str:
    """`text` with every character but ASCII letters, digits and dashes made a dash, cut to MAX_NAME_PART
    characters (the cut ones replaced by a digest of `text`, so two long names stay apart)."""
    safe = re.sub(r"[^A-Za-z0-9-]", "-", text)
    if len(safe) <= MAX_NAME_PART and safe == text:
        return safe
    return f"{safe[:MAX_NAME_PART - 9]}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def state_to_json(state: State, table: TableRecord | None = None) -> str:
    """The state as a JSON document (game name, options, state, the table if given, digest), checked by the loader
    (`read_save`): SaveFileError saying why, rather than a save the loader would refuse. A table's moves are left
    out where they would make the save too big to load (its log then starts at the load)."""
    text = _document(state, table)
    if len(text) > MAX_FILE_BYTES and table is not None and table.moves is not None:
        text = _document(state, replace(table, moves=None))
    try:
        read_save(text)
    except SaveFileError as exc:
        raise SaveFileError(f"this game cannot be saved: {exc}") from None
    return text


def _document(state: State, table: TableRecord | None) -> str:
    body = {"game": state.game.name, "options": state.game.options(), "state": state.to_json()}
    body.update({"table": table.to_json()} if table is not None else {})
    return _layout({"format": FORMAT, "version": 1 if table is None else VERSION, **body, "digest": _digest(body)})


def _layout(document: dict[str, Any]) -> str:
    """JSON with one line per field of the document and per field of the objects in it (options, state)."""
    def shown(value: Any) -> str:
        if isinstance(value, dict) and value:
            return "{\n" + _fields(value, "  ", json.dumps) + "\n }"
        return json.dumps(value)
    return "{\n" + _fields(document, " ", shown) + "\n}"


def _fields(obj: dict[str, Any], pad: str, shown: Callable[[Any], str]) -> str:
    return ",\n".join(f"{pad}{json.dumps(key)}: {shown(value)}" for key, value in obj.items())


def state_from_json(text: str | bytes) -> State:
    """Load a saved state; raise SaveFileError if it is malformed, tampered with, inconsistent or unplayable."""
    return read_save(text)[0]


def read_save(text: str | bytes, where: str = "") -> tuple[State, TableRecord | None]:
    """A saved game's state and its table (None in a save that records none), validated like `state_from_json`;
    every SaveFileError starts with `where` (e.g. "saved game FILE"), if given."""
    try:
        return _read_save(text, where or "saved game")
    except SaveFileError as exc:
        if not where or str(exc).startswith(where):
            raise
        raise SaveFileError(f"{where}: {exc}") from None


def _read_save(text: str | bytes, where: str) -> tuple[State, TableRecord | None]:
    data = parse_json(text, where, SaveFileError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"not a deerbook saved game (field 'format' must be {FORMAT!r})")
    finite_numbers(data, "")
    version = data.get("version")
    if version not in (1, VERSION):
        raise SaveFileError(f"unsupported save version {version!r} (this deerbook reads 1 and {VERSION})")
    fields = ("game", "options", "state") + ("table",) * (version == VERSION)
    missing = {*fields, "digest"} - data.keys()
    if missing:
        raise SaveFileError(f"missing field(s): {', '.join(sorted(missing))}")
    body = {k: data[k] for k in fields}
    if data["digest"] != _digest(body):
        raise SaveFileError("digest mismatch: the file was changed after it was saved")
    game = _rebuild_game(body["game"], body["options"])
    state = game.state_from_json(body["state"])
    require(state.is_terminal() or state.legal_actions() or state.chance_outcomes(), "state.phase",
            f"no legal action or chance outcome in the {getattr(state, 'phase', 'saved')} position")
    return state, _table(body["table"], game.num_players) if "table" in body else None


def _table(data: Any, players: int) -> TableRecord:
    """A saved table, checked field by field: one seat name and one stream per player, the chance stream, a seed
    that follows the seed rule (`seeding.check_seed`) and the steps played (0 if not recorded)."""
    require(isinstance(data, dict) and {"seats", "seed", "streams"} <= set(data) <= {"seats", "seed", "streams",
                                                                                       "steps", "moves"}, "table",
            "must be an object with the fields seats, seed, streams and steps (and maybe moves)")
    seats = data["seats"]
    require(isinstance(seats, list) and len(seats) == players, "table.seats", f"must list {players} seats")
    for i, seat in enumerate(seats):
        require(isinstance(seat, str) and 0 < len(seat) <= MAX_SEAT_NAME, f"table.seats[{i}]",
                f"must be a seat name (human or an agent) of at most {MAX_SEAT_NAME} characters, got {seat!r}")
    seed = tuple(data["seed"]) if isinstance(data["seed"], list) else data["seed"]
    try:
        seed = None if seed is None else check_seed(seed)
    except ValueError as exc:
        raise SaveFileError(f"table.seed: {exc}") from None
    steps = whole(data.get("steps", 0), "table.steps", 0, MAX_STEPS)
    streams = data["streams"]
    require(isinstance(streams, list) and len(streams) == players + 1, "table.streams",
            f"must hold {players + 1} streams (chance, then one per seat)")
    for i, stream in enumerate(streams):
        try:
            restore_stream(stream)
        except ValueError as exc:
            raise SaveFileError(f"table.streams[{i}]: {exc}") from None
    moves = data.get("moves")
    if moves is not None:
        require(isinstance(moves, list) and all(isinstance(m, str) and 0 < len(m) <= MAX_MOVE_TEXT for m in moves),
                "table.moves", f"must list the text of each move, each at most {MAX_MOVE_TEXT} characters")
    return TableRecord(tuple(seats), seed, tuple(streams), None if moves is None else tuple(moves), steps)


def _rebuild_game(name: Any, options: Any) -> Game:
    """The saved game from its name and options; no file is opened (component data is embedded)."""
    require(isinstance(name, str), "game", "must be a game name")
    require(isinstance(options, dict), "options", "must be an object")
    try:
        with no_file_reads():
            game = make_game(name, **options)
    except (DeerbookError, TypeError, ValueError) as exc:
        raise SaveFileError(f"options: cannot rebuild game {name!r}: {exc}") from None
    require(game.name == name, "game", f"{name!r} disagrees with its options, which make {game.name!r}")
    return game
