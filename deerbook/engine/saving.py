"""Saved games as JSON: an envelope naming the game and its options, validated on load.

Never pickle, never eval: a file is parsed as JSON, its digest checked, and the
state rebuilt through the game's own validating `state_from_json`.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from .errors import DeerbookError, SaveFileError
from .protocol import State
from .registry import make_game

FORMAT = "deerbook-save"
VERSION = 1


def _digest(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def state_to_json(state: State) -> str:
    """The state as a JSON document (game name, options, state, digest)."""
    body = {"game": state.game.name, "options": state.game.options(), "state": state.to_json()}
    return json.dumps({"format": FORMAT, "version": VERSION, **body, "digest": _digest(body)}, indent=1)


def state_from_json(text: str) -> State:
    """Load a saved state; raise SaveFileError if it is malformed, tampered with or inconsistent."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveFileError(f"not a JSON document: {exc}") from None
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
    if not isinstance(body["options"], dict):
        raise SaveFileError("field 'options' must be an object")
    try:
        game = make_game(body["game"], **body["options"])
    except (DeerbookError, TypeError, ValueError) as exc:
        raise SaveFileError(f"cannot rebuild game {body['game']!r}: {exc}") from None
    return game.state_from_json(body["state"])


def require(condition: Any, where: str, message: str) -> None:
    """Validation helper for `state_from_json` implementations."""
    if not condition:
        raise SaveFileError(f"{where}: {message}")
