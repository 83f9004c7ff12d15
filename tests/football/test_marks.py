"""The Marks a look-ahead builds fast (`marks._changed`) are those `with_fields` builds."""
from dataclasses import replace

from deerbook.engine.caching import cached_keys
from deerbook.football.marks import RUN_MINUS_5, Marks, check_box
from deerbook.football.sheet import PlaySheet, DEFAULT_SHEET


def test_marks_cache_no_lookup_so_a_copy_of_their_fields_is_whole():
    assert cached_keys(Marks) == ()


def test_checked_marks_equal_the_replaced_ones():
    sheet = PlaySheet.from_file(DEFAULT_SHEET)
    marks = Marks(marker=20, checked=(1, 0, 2, 0, 0, 1))
    after, wild = check_box(marks, 1, sheet, RUN_MINUS_5)
    changed = {name for name in vars(marks) if getattr(after, name) != getattr(marks, name)}
    assert changed and after == replace(marks, **{name: getattr(after, name) for name in changed})
    assert vars(after).keys() == vars(marks).keys() and wild == 0
    assert marks.kick_field_goal() == replace(marks, field_goals=1, marker=45)
