"""Redraw time of the notebook table after a person's action: python benchmarks/table_redraw.py [--actions N]

For each game, a seeded table is played by choosing the first legal action; each click's redraw
(drawing the seat's view, status, log and choices; bots' thinking and the engine step excluded)
is timed in Python. Prints the median and 95th percentile beside the target (150 ms click to
redraw; this is the Python share of it, the browser's share is measured in the browser test).
"""
import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.engine import make_game  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402

TARGET_MS = 150
CASES = [("deer", {"num_players": 4}), ("deer", {"num_players": 6, "advanced": True}),
         ("deer-cards", {"num_players": 4}), ("football", {"num_players": 1}), ("football", {"num_players": 4})]


def redraw_times(name: str, options: dict, actions: int) -> list[float]:
    """Seconds per redraw after each of up to `actions` person actions in one seeded game."""
    table = GameTable(make_game(name, **options), seed=1, bot_delay=0)
    times = []
    for _ in range(actions):
        if table.state.is_terminal():
            break
        table.choose(str(table.state.legal_actions()[0]))
        table.run()
        start = time.perf_counter()
        table._draw()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=60)
    actions = parser.parse_args().actions
    print(f"{'game':<10} {'options':<38} {'redraws':>7} {'median ms':>10} {'p95 ms':>8} {'target':>7}")
    for name, options in CASES:
        times = sorted(redraw_times(name, options, actions))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{name:<10} {str(options):<38} {len(times):>7} {1000 * statistics.median(times):>10.1f} "
              f"{1000 * p95:>8.1f} {TARGET_MS:>7}")


if __name__ == "__main__":
    main()
