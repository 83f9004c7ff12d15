"""The engine's caches: a lookup worked out once per immutable object, and a value worked out once per object met.

The project's one rule for caching: a lookup on an immutable state or game is a `cached_method` (kept in the
instance's `__dict__`, which `engine.frozen` knows not to copy into the next state); a pure function of a few hashable
values is `functools.cache` (few values) or `functools.lru_cache(maxsize=N)` (many), used plainly; a value of an
object handed out again and again that is slow to hash is an `IdentityCache`. A constant is a table built once at
import, not a cached function. `functools.cached_property` serves objects never copied field by field (components,
games); `cached_keys` knows it too, so a copy never carries one over.
"""
from __future__ import annotations

from functools import cached_property, update_wrapper
from typing import Any, Callable, TypeVar, cast

M = TypeVar("M", bound=Callable[[Any], Any])


def cached_method(method: M) -> M:
    """`method` (no argument but the instance) worked out once per instance: the engine's one way to cache a lookup
    on an immutable state (its legal actions, chance table, hash). The value is kept in the instance's `__dict__`
    under `cache_key(method)`. Plain dict caching: `functools.cached_property` takes a lock on every first use
    (Python 3.11), and these stay methods."""
    key = "_cache_" + method.__name__.strip("_")

    def once(self: Any) -> Any:
        cache = self.__dict__
        if key in cache:
            return cache[key]
        value = cache[key] = method(self)
        return value

    once.cache_key = key  # type: ignore[attr-defined]
    return cast(M, update_wrapper(once, method))


def cache_key(method: Callable[..., Any]) -> str:
    """The `__dict__` key under which a `cached_method` keeps its value."""
    key: str = method.cache_key  # type: ignore[attr-defined]
    return key


def cached_keys(cls: type) -> tuple[str, ...]:
    """The keys of every cached lookup of `cls`'s instances: its `cached_method`s' (the base class's first, each in
    the order it is defined), then its cached properties."""
    methods = [value for klass in reversed(cls.__mro__) for value in vars(klass).values()]
    keys = dict.fromkeys(key for key in (getattr(value, "cache_key", None) for value in methods) if key)
    keys.update(dict.fromkeys(name for name in dir(cls) if isinstance(getattr(cls, name, None), cached_property)))
    return tuple(keys)


class IdentityCache:
    """`compute(obj)` worked out once per object handed out again and again (a cached outcomes tuple, a state's
    piles that the next states share): keyed by the object's identity, kept alive by the cache; bounded (when
    full it starts again, the values recomputed on demand)."""

    __slots__ = ("compute", "maxsize", "entries")

    def __init__(self, compute: Callable[[Any], Any], maxsize: int):
        self.compute, self.maxsize = compute, maxsize
        self.entries: dict[int, tuple[Any, Any]] = {}

    def of(self, obj: Any) -> Any:
        """`compute(obj)`, from the cache if `obj` itself was seen."""
        entry = self.entries.get(id(obj))
        if entry is None or entry[0] is not obj:
            if len(self.entries) >= self.maxsize:
                self.entries.clear()
            entry = self.entries[id(obj)] = (obj, self.compute(obj))
        return entry[1]

    def clear(self) -> None:
        """Forget every value."""
        self.entries.clear()
