"""The table of the book's "Play in your browser" page, in headless chromium, offline: cold start and click latency.

    python3 dev.py book                                  (builds book/_build/html with its in-browser Python)
    .venv/bin/python benchmarks/play_page.py [--book book/_build/html] [--starts 3] [--clicks 40]

- Cold start: a fresh browser (empty cache) opens the page; the clock runs from the navigation until the first
  legal choice is an enabled button (target: within 25 s on this 2-core machine, aiming under 10 s). Each start
  is split where the page's script marks it: the page itself (HTML, theme, the table's script), the Python runtime
  (Pyodide: fetching and compiling its WebAssembly and standard library), deerbook (the wheel unpacked and
  `deerbook.play.page` imported) and the first deal (the game's first answer drawn on the page).
- Click latency: from a click on a choice to the next answer shown with its buttons enabled, at the Deer board game
  (pace "quick": a click that ends the reader's turn includes the bots' turns, which the page's Python plays) and
  at Football solo (no bots).
- Size: the bytes the table loads (the runtime's files and the deerbook wheel).
Requests to any host but 127.0.0.1 are aborted; the script fails if there was one.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "book" / "lite"), str(ROOT / "tests")]
import lite_browser as lb  # noqa: E402  (book/lite is not a package)
from browser_page import PAGE, TablePage, runtime_built  # noqa: E402
from lite_latency import summary  # noqa: E402  (this folder: the median and 90th percentile of clicks)

PHASES = ("worker created", "Loading the Python runtime", "Loading deerbook", "Dealing", "first choice shown")
WORDS = {"worker created": "the page and its script", "Loading the Python runtime": "the worker starting",
         "Loading deerbook": "Pyodide (runtime)", "Dealing": "deerbook (wheel + import)",
         "first choice shown": "the first deal"}


def cold_start(server: str) -> tuple[float, dict[str, float]]:
    """Seconds from navigation to the first enabled choice in a fresh browser, and seconds per phase."""
    with lb.local_browser(server) as context:
        page = context.new_page()
        started = time.monotonic()
        page.goto(f"{server}/{PAGE}")
        page.locator("[data-deerbook-table] [data-part=choices] button:enabled").first.wait_for(timeout=240_000)
        total = time.monotonic() - started
        marks = dict(page.evaluate("document.querySelector('[data-deerbook-table]').deerbookTimings"))
        assert context.outside == [], f"requests left the machine: {context.outside}"
    times = [0.0] + [marks[name] / 1000 for name in PHASES]
    return total, {WORDS[name]: after - before for name, before, after in zip(PHASES, times, times[1:])}


def latencies(context, server: str, query: str, clicks: int) -> list[float]:
    """Seconds per click on the table (the first button each time), starting new games as they end."""
    table = TablePage.open(context, server, query)
    seconds: list[float] = []
    while len(seconds) < clicks:
        started = time.monotonic()
        table.click(0)
        seconds.append(time.monotonic() - started)
    table.page.close()
    return seconds


def loaded_bytes(book: Path) -> int:
    """The bytes of the runtime files the page's worker fetches, and the deerbook wheel."""
    runtime = json.loads((book / "_static" / "deerbook-table-runtime.js").read_text().split("= ", 1)[1].rstrip(";\n"))
    folder = book / runtime["pyodide"]
    files = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
             runtime["wheel"]]
    return sum((folder / name).stat().st_size for name in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--starts", type=int, default=3, help="cold starts to time (each in a fresh browser)")
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()
    if not runtime_built(args.book):
        raise SystemExit(f"no in-browser Python in {args.book}: run `python3 dev.py book` (with npm) first")
    print(f"the table loads {loaded_bytes(args.book) / 1e6:.1f} MB (Pyodide's runtime and the deerbook wheel)")
    with lb.serve(args.book) as server:
        for i in range(args.starts):
            total, phases = cold_start(server)
            parts = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in phases.items())
            print(f"cold start {i + 1}: first choice after {total:.1f} s (target 25 s, aim 10 s): {parts}")
        with lb.local_browser(server) as context:
            print("click latency, Football solo (no bots): "
                  + summary(latencies(context, server, "?game=football&num_players=1&seed=7&pace=quick", args.clicks)))
            print("click latency, Deer board game, 3 players (a click that ends your turn includes two bot turns): "
                  + summary(latencies(context, server, "?game=deer&num_players=3&seed=7&pace=quick", args.clicks)))
            assert context.outside == [], f"requests left the machine: {context.outside}"


if __name__ == "__main__":
    main()
