"""Saved games as JSON: an envelope naming the game and its options, validated on load.

Never pickle, never eval: a file is parsed as bounded JSON, its digest checked, the game
rebuilt from its options with file reading switched off (component data is a built-in
edition name or embedded in the options), and the state rebuilt through the game's own
validating `state_from_json`, which must leave a playable position.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from .errors import DeerbookError, SaveFileError, no_file_reads, parse_json
from .protocol import Game, State
from .registry import make_game
from .validate import require

FORMAT = "deerbook-save"
VERSION = 1


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def state_to_json(state: State) -> str:
    """The state as a JSON document (game name, options, state, digest)."""
    body = {"game": state.game.name, "options": state.game.options(), "state": state.to_json()}
    return _layout({"format": FORMAT, "version": VERSION, **body, "digest": _digest(body)})


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
    data = parse_json(text, "saved game", SaveFileError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f"not a deerbook saved game (field 'format' must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise SaveFileError(f"unsupported save version {data.get('version')!r} (this deerbook reads {VERSION})")
    missing = {"game", "options", "state", "digest"} - data.keys()
    if missing:
        raise SaveFileError(f"missing field(s): {', '.join(sorted(missing))}")
    body = {k: data[k] for k in ("game", "options", "state")}
    if data["digest"] != _digest(body):
        raise SaveFileError("digest mismatch: the file was changed after it was saved")
    game = _rebuild_game(body["game"], body["options"])
    state = game.state_from_json(body["state"])
    require(state.is_terminal() or state.legal_actions() or state.chance_outcomes(), "state.phase",
            f"no legal action or chance outcome in the {getattr(state, 'phase', 'saved')} position")
    return state


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
