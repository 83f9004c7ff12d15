"""Time of a whole game's review on the book's play page (Pyodide, in headless chromium, offline).

    python3 dev.py book                                  (builds book/_build/html with its in-browser Python)
    .venv/bin/python benchmarks/review_page.py [--book book/_build/html] [--game deer] [--seed 7]

The game is `benchmarks/review.py`'s (a seeded game of greedy bots, seat 0 recorded as a person's), opened on the
page by its link; the clock runs from the press of Review to the whole review shown (the page's own marks), one
decision a request as the page asks for them. Printed beside the CPython figure of `benchmarks/review.py` and the
issue's CPython target (60 s for a whole 4-player Deer game): the page has no target of its own.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "book" / "lite"), str(ROOT / "tests" / "helpers")]
import lite_browser  # noqa: E402  (book/lite is not a package: the gzip server)
import lite_driver as lb  # noqa: E402  (the browser tests' JupyterLite driver)
from browser_page import PAGE, START, TablePage, runtime_built  # noqa: E402
from review import GAMES, TARGET_SECONDS, recorded_game  # noqa: E402  (this folder: the CPython benchmark's game)

from deerbook.analysis.review import Reviewer  # noqa: E402
from deerbook.engine.link import link_of  # noqa: E402

ROOT_SELECTOR = "[data-deerbook-table]"
LONGEST = 3_600_000  # ms: a wait that only catches a hang


def page_review_seconds(server: str, link: str) -> tuple[float, int]:
    """Seconds from the press of Review to the whole review shown, and the decisions graded on the page."""
    with lb.local_browser(server) as context:
        page = context.new_page()
        page.goto(f"{server}/{PAGE}#game={link}")
        table = TablePage(page)
        table.start()
        table.wait_until_ready(START)
        started = time.monotonic()
        table.root.locator("[data-part=choices] button[data-op=review]").click()
        page.wait_for_function(f"document.querySelector('{ROOT_SELECTOR}').dataset.review === 'done'",
                               timeout=LONGEST)
        total = time.monotonic() - started
        graded = table.root.locator("[data-part=review] td.deerbook-grade").count()
        assert context.outside == [], f"requests left the machine: {context.outside}"
    return total, graded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--game", choices=sorted(GAMES), default="deer")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not runtime_built(args.book):
        raise SystemExit(f"no in-browser Python in {args.book}: run `python3 dev.py book` (with npm) first")
    record = recorded_game(*GAMES[args.game], args.seed)
    started = time.perf_counter()
    cpython = Reviewer(record).run()
    cpython_seconds = time.perf_counter() - started
    load = os.getloadavg()[0]
    with lite_browser.serve(args.book) as server:
        seconds, graded = page_review_seconds(server, link_of(record))
    assert graded == len(cpython.decisions), "the page graded every decision"
    print(f"{args.game} seed {args.seed}: {graded} decisions reviewed on the page (Pyodide) in {seconds:.1f} s "
          f"({seconds / max(graded, 1):.2f} s a decision; load average {load:.1f}); in CPython {cpython_seconds:.1f} s "
          f"(the CPython target: {TARGET_SECONDS} s for a whole 4-player Deer game)")


if __name__ == "__main__":
    main()
