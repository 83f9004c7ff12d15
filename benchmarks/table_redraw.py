"""Redraw time of the notebook table after a person's action: python benchmarks/table_redraw.py [--actions N]

For each game, a seeded table is played by rolling when a turn starts and otherwise choosing the first legal
action. Timed in Python: the
whole click (engine steps, chance, narration, redraw; bots' thinking taken out) and the redraw alone
(the seat's view, status, log, choices and live region). Prints medians and 95th percentiles beside the target
(150 ms from click to redraw in the browser; benchmarks/browser_redraw.py measures that one) and whether the
median click met it in Python alone.
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


def click_times(name: str, options: dict, actions: int) -> tuple[list[float], list[float]]:
    """Per person action in one seeded game (first legal choice): seconds for the whole click (the engine
    steps, chance, narration and redraw; bots' thinking taken out) and for the redraw alone."""
    table = GameTable(make_game(name, **options), seed=1, bot_delay=0)
    clicks, redraws = [], []
    for _ in range(actions):
        if table.state.is_terminal():
            break
        start = time.perf_counter()
        table.roll() if table.roller() is not None else table.play(str(table.state.legal_actions()[0]))
        clicks.append(time.perf_counter() - start - table.bot_seconds)
        start = time.perf_counter()
        table._draw()
        redraws.append(time.perf_counter() - start)
    return clicks, redraws


def median_p95(times: list[float]) -> str:
    times = sorted(times)
    return f"{1000 * statistics.median(times):>8.1f} {1000 * times[min(len(times) - 1, int(0.95 * len(times)))]:>7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=60)
    actions = parser.parse_args().actions
    print(f"{'game':<10} {'options':<38} {'clicks':>6} {'click ms':>8} {'p95':>7} {'redraw ms':>9} {'p95':>7} "
          f"{'target':>6}  met")
    for name, options in CASES:
        clicks, redraws = click_times(name, options, actions)
        met = "yes" if 1000 * statistics.median(clicks) < TARGET_MS else "no"
        print(f"{name:<10} {str(options):<38} {len(clicks):>6} {median_p95(clicks)}  {median_p95(redraws)} "
              f"{TARGET_MS:>6}  {met}")


if __name__ == "__main__":
    main()
