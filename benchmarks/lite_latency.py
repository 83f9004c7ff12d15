"""The book's live site in headless chromium, offline: cold start to a playable table, click latency, site size.

    python3 dev.py book                                  (builds book/_build/html with its lite/ site)
    .venv/bin/python benchmarks/lite_latency.py [--book book/_build/html] [--clicks 30] [--starts 2]

- A live chapter: a fresh browser opens chapter 10 from its "Run this chapter live" link; the clock stops when its
  first code cell (import deerbook) has run: a runnable chapter (target: 10 s), and again when Run All has run every
  cell (pressed at once, so the kernel's start is inside it; target: 30 s). Both on a quiet 2-core machine; the load
  average is printed beside them, and where the runnable chapter's seconds go (the notebook shown, the kernel's
  worker begun, its Python started from the snapshot; the rest is the kernel's own start, the wheels it installs
  meanwhile and the cell).
- Cold start: a fresh browser (empty cache) opens play.ipynb and runs its cells up to the Deer table; the clock
  stops when the table waits for the reader's first click (target: under 20 s on a 2-core machine).
- Click latency: from a click on a choice until the table has redrawn and waits for the next click, on
  play.ipynb's Deer table (its only one), where the two bots' turns are shown one at a time with the table's
  deliberate pause (`bot_delay`, 0.8 s) after each but the last before the reader's own turn
  (a click within the reader's own turn waits for no bot).
- Size: the bytes the lite/ folder adds to the built book.
Requests to any host but 127.0.0.1 are aborted; the script fails if there was one.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "book" / "lite"), str(ROOT / "tests" / "helpers")]
import lite_browser  # noqa: E402  (book/lite is not a package: the gzip server)
import lite_driver as lb  # noqa: E402  (the browser tests' JupyterLite driver)

DEER_TABLE = 4  # the cell of play.ipynb with its table
TABLE_CELLS = (1, 2)  # import deerbook; import GameTable
CHAPTER = "10-deer-in-the-headlights.ipynb"
RUNNABLE_TARGET, RUN_ALL_TARGET = 10.0, 30.0  # seconds (issue 57, item 4)
STARTED = "deerbook: Python started"  # the kernel's start line (book/lite/kernel_start.mjs STARTED)
PHASES = ("notebook shown", "kernel worker began", "Python started")


def live_chapter(server: str, run_all: bool, phases: list[dict[str, float]] | None = None) -> float:
    """Seconds from opening CHAPTER in a fresh browser until its first code cell has run (or, with `run_all`, until
    Run All has run every cell); `phases` gets when the notebook showed, the kernel's worker began and its Python
    started (PHASES)."""
    with lb.local_browser(server) as context:
        started = time.monotonic()
        marks: dict[str, float] = {}
        context.on("page", lambda page: page.on("worker", lambda worker: watch_kernel(worker, marks, started)))
        page = lb.open_notebook(context, server, CHAPTER)
        marks["notebook shown"] = time.monotonic() - started
        if run_all:
            assert lb.run_all(page, timeout=lb.KERNEL_START) == [], "a cell of the chapter failed"
        else:
            first_code = "cells => cells.findIndex(cell => cell.classList.contains('jp-CodeCell'))"
            lb.run_cell(page, lb.cells(page).evaluate_all(first_code), timeout=lb.KERNEL_START)
        seconds = time.monotonic() - started
        assert context.outside == [], f"requests left the machine: {context.outside}"
    if phases is not None:
        phases.append(marks)
    return seconds


def watch_kernel(worker, marks: dict[str, float], started: float) -> None:
    """Marks when a worker began and when it says the kernel's Python started from the start snapshot."""
    marks.setdefault("kernel worker began", time.monotonic() - started)
    worker.on("console", lambda message: marks.setdefault("Python started", time.monotonic() - started)
              if message.text.startswith(STARTED) else None)


def phase_medians(phases: list[dict[str, float]]) -> str:
    """The median second of each phase the runs all reached, in PHASES order."""
    return ", ".join(f"{name} {statistics.median(run[name] for run in phases):.1f} s" for name in PHASES
                     if all(name in run for run in phases))


def verdict(seconds: list[float], target: float) -> str:
    """The times, their median and whether the median meets the target."""
    median = statistics.median(seconds)
    return (f"{', '.join(f'{s:.1f} s' for s in seconds)} (median {median:.1f} s, target {target:.0f} s: "
            f"{'met' if median <= target else 'NOT met'}; load average {os.getloadavg()[0]:.1f})")


def cold_start(server: str) -> float:
    """Seconds from opening play.ipynb in a fresh browser to a Deer table waiting for a click."""
    with lb.local_browser(server) as context:
        started = time.monotonic()
        page = lb.open_notebook(context, server, "play.ipynb")
        lb.run_cell(page, TABLE_CELLS[0], timeout=lb.KERNEL_START)
        for index in (*TABLE_CELLS[1:], DEER_TABLE):
            lb.run_cell(page, index)
        lb.wait_for_table(page, lb.cells(page).nth(DEER_TABLE))
        seconds = time.monotonic() - started
        assert context.outside == [], f"requests left the machine: {context.outside}"
    return seconds


def click_latencies(page, index: int, clicks: int) -> list[float]:
    """Seconds per click on the table in cell `index` (the cell is run again whenever a game ends)."""
    table = lb.cells(page).nth(index)
    seconds: list[float] = []
    lb.run_cell(page, index)
    lb.wait_for_table(page, table)
    while len(seconds) < clicks:
        if "Game over" in table.locator(".widget-html").first.inner_text():
            lb.run_cell(page, index)
            lb.wait_for_table(page, table)
            continue
        started = time.monotonic()
        lb.click_choice(page, table)
        seconds.append(time.monotonic() - started)
    return seconds


def summary(seconds: list[float]) -> str:
    """Median and 90th percentile in milliseconds."""
    p90 = statistics.quantiles(seconds, n=10, method="inclusive")[-1]
    return f"median {1000 * statistics.median(seconds):.0f} ms, 90th percentile {1000 * p90:.0f} ms " \
           f"over {len(seconds)} clicks"


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--starts", type=int, default=2, help="cold starts to time (each in a fresh browser)")
    args = parser.parse_args()
    if not (args.book / "lite" / "jupyter-lite.json").exists():
        raise SystemExit(f"no lite site in {args.book}: run `python3 dev.py book` first")
    lite, book = folder_bytes(args.book / "lite"), folder_bytes(args.book)
    print(f"lite site: {lite / 1e6:.1f} MB of the book's {book / 1e6:.1f} MB "
          f"(the book without it: {(book - lite) / 1e6:.1f} MB)")
    with lite_browser.serve(args.book) as server:
        phases: list[dict[str, float]] = []
        print(f"runnable live chapter ({CHAPTER}, first code cell run): "
              f"{verdict([live_chapter(server, False, phases) for _ in range(args.starts)], RUNNABLE_TARGET)}")
        print(f"  on the way (medians from opening it): {phase_medians(phases)}")
        print(f"Run All of {CHAPTER} from opening it: "
              f"{verdict([live_chapter(server, True) for _ in range(args.starts)], RUN_ALL_TARGET)}")
        starts = [cold_start(server) for _ in range(args.starts)]
        print(f"cold start to a playable Deer table: {', '.join(f'{s:.1f} s' for s in starts)} (target < 20 s)")
        with lb.local_browser(server) as context:
            page = lb.open_notebook(context, server, "play.ipynb")
            lb.run_cell(page, TABLE_CELLS[0], timeout=lb.KERNEL_START)
            for index in TABLE_CELLS[1:]:
                lb.run_cell(page, index)
            print(f"click latency, Deer board game (a click that ends the turn waits for the bots, 0.8 s a turn): "
                  f"{summary(click_latencies(page, DEER_TABLE, args.clicks))}")
            assert context.outside == [], f"requests left the machine: {context.outside}"


if __name__ == "__main__":
    main()
