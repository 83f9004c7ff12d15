"""Plugin discovery: the records packages declare under an entry-point group, loaded so that one broken package never
stops the others (an exception, even `sys.exit` or KeyboardInterrupt raised while it is imported, is noted and the
package skipped), while a person's Ctrl-C still stops the program.
"""
from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Callable, Iterator, Sequence

from .errors import DeerbookError

#: One group to load: its entry points, the table its records go into, how one record is added (raising on a bad
#: one) and the type every record must have.
Group = tuple[list[EntryPoint], dict[str, Any], Callable[[Any], None], type]


def entry_points_of(group: str, builtin: Sequence[str]) -> list[EntryPoint]:
    """The group's entry points, deerbook's own (`builtin`, declared here too, for a checkout without metadata)
    first."""
    found = [entry for entry in entry_points(group=group) if entry.value not in builtin]
    return [*(EntryPoint("deerbook", value, group) for value in builtin), *found]


def load_entry_points(groups: Sequence[Group], errors: dict[str, str]) -> None:
    """Load every group's entry points in order: all of an entry point's records, or none; each that fails is noted
    in `errors` ("name = value" -> why). A person's Ctrl-C raises KeyboardInterrupt."""
    with _ctrl_c_noted() as ctrl_c:
        for entries, table, add, kind in groups:
            for entry in entries:
                before = dict(table)
                try:
                    for info in _records(entry.load(), kind):
                        add(info)
                except BaseException as exc:  # a package's import may fail in any way (even by calling sys.exit or
                    # raising KeyboardInterrupt): note it, keep the others; a person's Ctrl-C still stops
                    if ctrl_c:
                        raise KeyboardInterrupt from exc
                    errors[f"{entry.name} = {entry.value}"] = failure(exc)
                    table.clear()
                    table.update(before)


def _records(loaded: Any, kind: type) -> list[Any]:
    infos = [loaded] if isinstance(loaded, kind) else list(loaded) if isinstance(loaded, (list, tuple)) else []
    if not infos or not all(isinstance(info, kind) for info in infos):
        raise DeerbookError(f"expected a {kind.__name__} or a list of them, got {type(loaded).__name__}")
    return infos


def failure(exc: BaseException) -> str:
    """Why an import failed, in one line: "SystemExit: 7", "ValueError: no", or for an exception without a message
    "KeyboardInterrupt (raised while loading, with no message)"."""
    said = " ".join(str(exc).split())
    return (f"{type(exc).__name__}: {said}" if said else f"{type(exc).__name__} (raised while loading, with no "
                                                         "message)")[:300]


@contextmanager
def _ctrl_c_noted() -> Iterator[list[int]]:
    """Within this block a person's Ctrl-C (SIGINT) still raises KeyboardInterrupt and is noted in the list yielded,
    to tell it from a KeyboardInterrupt a package raises itself (only over Python's own handler, in the main
    thread; elsewhere nothing is noted). A Ctrl-C that lands in a finalizer, where Python only prints the
    exception, or that a package's import catches, is raised again when the block ends."""
    noted: list[int] = []
    print_unraisable = sys.unraisablehook

    def note(number: int, frame: Any) -> None:
        noted.append(number)
        signal.default_int_handler(number, frame)

    def unraisable(info: Any) -> None:
        if not (noted and info.exc_type is KeyboardInterrupt):
            print_unraisable(info)

    ours = threading.current_thread() is threading.main_thread() and (
        signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    if ours:
        signal.signal(signal.SIGINT, note)
        sys.unraisablehook = unraisable
    try:
        yield noted
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            sys.unraisablehook = print_unraisable
    if noted:
        raise KeyboardInterrupt
