"""Frozen dataclasses built fast: the next state from the few fields that change, without the field-by-field frozen
`__init__`, and never carrying over a cached lookup (`engine.caching.cached_keys`).

For the engine's frozen dataclasses without `__post_init__` (states and their parts). `evolve` checks the field
names; `with_fields` is its unchecked form for a rules core's hot path.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from .caching import cached_keys

T = TypeVar("T")

_LAYOUTS: dict[type, tuple[frozenset[str], tuple[str, ...], int]] = {}


def _layout(cls: type) -> tuple[frozenset[str], tuple[str, ...], int]:
    """A dataclass's field names, the keys of its cached lookups and its number of fields (computed once per
    class)."""
    if cls not in _LAYOUTS:
        names = frozenset(f.name for f in fields(cls))
        _LAYOUTS[cls] = names, cached_keys(cls), len(names)
    return _LAYOUTS[cls]


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for the engine's frozen dataclasses, faster: it copies the field values (never a
    state's cached lookups) and skips the field-by-field frozen `__init__`; a name that is not a field raises."""
    names, _, _ = _LAYOUTS.get(type(obj)) or _layout(type(obj))
    if not names.issuperset(changes):
        raise TypeError(f"{type(obj).__name__} has no field(s) {sorted(set(changes) - names)}")
    return with_fields(obj, changes)


def with_fields(obj: T, changes: dict[str, Any]) -> T:
    """`evolve` unchecked, for a rules core's hot path: `changes` is a dict of fields the caller names right, not
    packed again into keyword arguments on the way."""
    cls = type(obj)
    _, cached, size = _LAYOUTS.get(cls) or _layout(cls)
    values: dict[str, Any] = obj.__dict__ | changes  # one new dict, handed over whole
    if len(values) > size:  # some lookup was cached: not copied
        _drop_cached(values, size, cached)
    new: T = _new(cls)
    _set_attribute(new, "__dict__", values)
    return new


def field_values(obj: Any) -> dict[str, Any]:
    """A new dict of an engine frozen dataclass's field values by name (never a state's cached lookups)."""
    _, cached, size = _LAYOUTS.get(type(obj)) or _layout(type(obj))
    values: dict[str, Any] = obj.__dict__.copy()
    if len(values) > size:  # some lookup was cached: not copied (`_drop_cached`, inline: every decision has one)
        for name in cached:
            values.pop(name, None)
            if len(values) == size:
                break
    return values


def _drop_cached(values: dict[str, Any], size: int, cached: tuple[str, ...]) -> None:
    """Drop the `cached` lookups from `values` until only its `size` fields are left."""
    for name in cached:
        values.pop(name, None)
        if len(values) == size:
            return


def rebuilt(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass `cls` holding `values` (every field; the dict is taken over),
    built without the field-by-field frozen `__init__`."""
    new: T = _new(cls)
    _set_attribute(new, "__dict__", values)
    return new


_new = object.__new__
_set_attribute = object.__setattr__  # sets a frozen dataclass's __dict__ whole

#: `record(Cls, values)`: the NamedTuple `Cls` holding the tuple `values`, as `Cls(*values)` makes it, without the
#: NamedTuple's constructor, a Python function that takes twice as long (Deer notes one per card it moves)
record = tuple.__new__
