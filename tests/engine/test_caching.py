"""The engine's caches (`engine.caching`) and fast frozen dataclasses (`engine.frozen`): a lookup worked out once per
instance, never copied into the next state; a value worked out once per object; the contract reads the legal actions'
cache key from the helper."""
from dataclasses import dataclass

import pytest

from deerbook.engine import make_game
from deerbook.engine.caching import IdentityCache, cache_key, cached_method
from deerbook.engine.frozen import evolve, field_values, with_fields
from deerbook.engine.protocol import LEGAL_ACTIONS_KEY, State
from deerbook.engine.seeding import stream


def test_identity_cache_computes_once_per_object_and_stays_bounded():
    calls = []
    cache = IdentityCache(lambda obj: calls.append(obj) or sum(obj), maxsize=2)
    a, b, c = (1, 2), (3, 4), (5, 6)
    assert [cache.of(a), cache.of(a), cache.of(b)] == [3, 3, 7]
    assert calls == [a, b]
    equal = tuple([1, 2])  # equal to `a`, another object: keyed by identity, so computed again
    assert cache.of(equal) == 3 and calls == [a, b, equal]
    assert cache.of(c) == 11 and len(cache.entries) <= 2


def test_a_cached_method_runs_once_per_instance_and_evolve_never_copies_it():
    calls = []

    @dataclass(frozen=True)
    class Point:
        x: int

        @cached_method
        def doubled(self) -> int:
            """Twice x."""
            calls.append(self.x)
            return 2 * self.x

    point = Point(3)
    assert [point.doubled(), point.doubled()] == [6, 6] and calls == [3]
    assert Point.doubled.__doc__ == "Twice x." and Point.doubled.cache_key == "_cache_doubled"
    assert field_values(point) == {"x": 3}, "a cached lookup is no field"
    moved, copied = evolve(point, x=4), with_fields(point, {})
    assert moved.doubled() == 8 and copied.doubled() == 6 and calls == [3, 4, 3], "each new instance works it out"
    with pytest.raises(TypeError, match="no field"):
        evolve(point, doubled=1)


def test_the_contract_finds_a_states_cached_legal_actions_under_the_helpers_key():
    state = make_game("toy-race").initial_state().play_chance(stream(1))
    shown = state.legal_actions()
    assert LEGAL_ACTIONS_KEY == cache_key(State.legal_actions) == "_cache_legal_actions"
    assert state.__dict__[LEGAL_ACTIONS_KEY] is shown and state.checked(shown[0]) is shown[0]
