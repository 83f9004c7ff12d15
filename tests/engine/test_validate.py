"""The one set of field checks: each reader names where the bad value sits and what was expected."""
import pytest

from deerbook.engine import ComponentError, SaveFileError
from deerbook.engine.validate import flag, list_of, one_of, optional, require, whole, wholes


@pytest.mark.parametrize("read, value, message", [
    (lambda v: whole(v, "state.round", 0, 9), 10, r"state.round: must be an integer from 0 to 9, got 10"),
    (lambda v: whole(v, "state.round", 0, 9), True, r"state.round: .* got True"),
    (lambda v: whole(v, "state.round", 0, 9), 1.0, r"state.round: .* got 1.0"),
    (lambda v: wholes(v, "state.pawns", 3, 0, 100), [0, 101, 2], r"state.pawns\[1\]: .* got 101"),
    (lambda v: wholes(v, "state.pawns", 3, 0, 100), [0, 1], r"state.pawns: must have 3 entries, got 2"),
    (lambda v: list_of(v, "state.hands", None, flag), "x", r"state.hands: must be a list"),
    (lambda v: flag(v, "state.knocked"), 0, r"state.knocked: must be true or false, got 0"),
    (lambda v: one_of(v, "state.phase", {"roll", "pass"}), ["roll"], r"state.phase: must be one of \['pass', 'roll'\]"),
    (lambda v: optional(v, "state.giver", lambda x, w: whole(x, w, 0, 3)), -1, r"state.giver: .* got -1"),
])
def test_a_bad_value_is_refused_naming_where_it_sits(read, value, message):
    with pytest.raises(SaveFileError, match=message):
        read(value)


def test_good_values_come_back_immutable_and_the_error_type_can_be_chosen():
    assert wholes([1, 2, 3], "x", 3, 0, 5) == (1, 2, 3) and whole(4, "x", 0, 5) == 4
    assert optional(None, "x", flag) is None and one_of("roll", "x", {"roll"}) == "roll"
    with pytest.raises(ComponentError, match=r"cards\[0\].count: must be an integer from 1"):
        whole(0, "cards[0].count", 1, error=ComponentError)
    with pytest.raises(SaveFileError, match=r"\.\.\.$"):
        require(False, "x", "y" * 1000)
