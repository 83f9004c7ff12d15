"""The requests the book page's table answers (`play.page`), as one schema every request is checked against before
it is used: `read_request` gives the request, or raises BadRequest with one sentence naming what is wrong.

A request is a JSON object: "op" (what to do), "name" (a button's name: every button sends one, "" if it has none)
and the fields of its op (`FIELDS`): "setup" a `form` (the set-up's values so far) and `changed` (the field that
changed, or null), "start" a `form`, "width" `px` (the page's width in pixels), "choose" the `name` of a legal
choice, "split" `amounts` (one whole number of spaces per pawn), "open" the `link` of a game (`engine.link`),
"goto" the `turn` of the replay to show, "as_seat" the `seat` whose view to show (-1: every hand), "link" the
page's `address` (the game's link goes after it); the other ops ("back" and "forward": the replay's turn before
and next; "review", "review_step" and "review_stop": a game's review started, one decision more, stopped) none.
A form maps the set-up's field names (`setup.FORM_FIELD`) to a page's values: text, or true/false for a check box.
Standard library only.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any, Callable

from ..engine.errors import parse_json
from ..engine.validate import finite_numbers, whole_number

MAX_REQUEST = 20_000  # characters: a request is a few hundred
MAX_TEXT = 200  # characters of a form's value or a choice's name
MAX_FORM = 40  # fields of a form (a game's set-up has about a dozen)
MAX_PAWNS = 12  # numbers of a split (one per pawn)
MAX_LINK = 16_000  # characters of a game's link (a whole Deer game's is about 900)
MAX_ADDRESS = 2_000  # characters of the page's address
MAX_NUMBER = 10**6  # a replay's turn or seat (a game has a few hundred turns)
FORM_FIELD = re.compile(r"game|num_players|seed|pace|one_by_one|seat[0-9]{1,2}|opt:[a-z_]{1,40}")


class BadRequest(ValueError):
    """A request the page's table does not take (its message is one sentence saying why)."""


def _shown(value: Any) -> str:
    """A refused value in a message as JSON writes it, cut short (a request may hold anything)."""
    if isinstance(value, (dict, list)):
        return "an object" if isinstance(value, dict) else "a list"
    text = json.dumps(value) if not isinstance(value, int) or abs(value) < 10 ** 40 else "a huge number"
    return text if len(text) <= 40 else text[:40] + "..."


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise BadRequest(f"{where} must be text of at most {MAX_TEXT} characters, got {_shown(value)}")
    return value


def _form(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > MAX_FORM:
        raise BadRequest(f"{where} must be an object of the set-up's fields, got {_shown(value)}")
    for key, field in value.items():
        if not FORM_FIELD.fullmatch(key):
            raise BadRequest(f"{where} has no field {_shown(key)}")
        if not isinstance(field, bool):
            _text(field, f"the set-up's field {key!r}")
    if "num_players" in value and whole_number(str(value["num_players"])) is None:
        raise BadRequest(f"the number of players must be a whole number, got {_shown(value['num_players'])}")
    return value


def _changed(value: Any, where: str) -> str | None:
    if value is not None and not (isinstance(value, str) and FORM_FIELD.fullmatch(value)):
        raise BadRequest(f"{where} must name a field of the set-up, or be null, got {_shown(value)}")
    return value


def _pixels(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadRequest(f"{where} must be a number of pixels, got {_shown(value)}")
    return int(max(-1e6, min(1e6, value)))  # the page clamps it to the drawing's widths


def _amounts(value: Any, where: str) -> list[int]:
    if not (isinstance(value, list) and 0 < len(value) <= MAX_PAWNS
            and all(type(x) is int and abs(x) <= 10 ** 6 for x in value)):
        raise BadRequest(f"{where} must list one whole number of spaces for each pawn, got {_shown(value)}")
    return value


def _link(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_LINK:
        raise BadRequest(f"{where} must be a game's link, text of at most {MAX_LINK:,} characters, got "
                         f"{_shown(value)}")
    return value


def _address(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_ADDRESS:
        raise BadRequest(f"{where} must be the page's address, text of at most {MAX_ADDRESS:,} characters, got "
                         f"{_shown(value)}")
    return value


def _number(value: Any, where: str) -> int:
    if type(value) is not int or not -1 <= value <= MAX_NUMBER:
        raise BadRequest(f"{where} must be a whole number from -1 to {MAX_NUMBER:,}, got {_shown(value)}")
    return value


FIELDS: dict[str, dict[str, Callable[[Any, str], Any]]] = {
    "setup": {"form": _form, "changed": _changed}, "start": {"form": _form}, "width": {"px": _pixels},
    "choose": {"name": _text}, "split": {"amounts": _amounts}, "open": {"link": _link}, "goto": {"turn": _number},
    "as_seat": {"seat": _number}, "link": {"address": _address},
    **{op: {} for op in ("new", "again", "roll", "next", "seat", "undo", "hint", "back", "forward", "review",
                         "review_step", "review_stop")}}
REQUIRED = {"width": "px", "choose": "name", "split": "amounts", "open": "link", "goto": "turn",
            "as_seat": "seat", "link": "address"}  # a field the op cannot do without


def parse_request(text: Any) -> dict[str, Any]:
    """A request's JSON text read and checked (`read_request`); BadRequest saying what is wrong."""
    data = parse_json(text, "the request", BadRequest, limit=MAX_REQUEST)
    finite_numbers(data, "", BadRequest)
    return read_request(data)


def read_request(request: Any) -> dict[str, Any]:
    """The request, every field checked against the schema (`FIELDS`); BadRequest naming what is wrong."""
    if not isinstance(request, dict):
        raise BadRequest(f"a request is an object with an op, got {_shown(request)}")
    op = request.get("op")
    if not isinstance(op, str) or op not in FIELDS:
        raise BadRequest(f"unknown request {_shown(op)}: the table takes {', '.join(FIELDS)}")
    fields = {"name": _text, **FIELDS[op]}
    unknown = sorted(set(request) - {"op", *fields})
    if unknown:
        raise BadRequest(f"a {op!r} request has no field {_shown(unknown[0])}")
    if REQUIRED.get(op, "op") not in request:
        raise BadRequest(f"a {op!r} request needs its field {REQUIRED[op]!r}")
    return {"op": op, **{key: check(request[key], f"the {op!r} request's {key}") for key, check in fields.items()
                         if key in request}}
