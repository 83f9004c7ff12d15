"""Click-to-redraw time of the table in JupyterLab: python benchmarks/browser_redraw.py [--clicks N]

Starts JupyterLab and Debian's chromium (Playwright) as the browser test does, clicks through a Deer game
and solo Football turns, and prints the time from a person's click to the table's redraw on the page,
bots' thinking excluded (target under 150 ms). Needs chromium and the `dev` extra (playwright).
"""
import argparse
import pathlib
import statistics
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

import numpy as np  # noqa: E402

from browser_table import (CHROMIUM, CHROMIUM_ARGS, lab_server, missing_reason, play_in_browser,  # noqa: E402
                           write_notebook)
from deerbook.engine import make_game  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402

TARGET_MS = 150
CASES = [("deer", {"num_players": 3}, ["human", "greedy", "greedy"], 4),
         ("deer-cards", {"num_players": 3}, ["human", "greedy", "greedy"], 5),
         ("football", {"num_players": 1}, ["human"], 7)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=60)
    clicks = parser.parse_args().clicks
    reason = missing_reason()
    if reason:
        sys.exit(f"cannot measure: {reason}")
    from playwright.sync_api import sync_playwright

    print(f"{'game':<10} {'options':<20} {'clicks':>6} {'median ms':>10} {'p90 ms':>7} {'target':>7}")
    with tempfile.TemporaryDirectory() as folder, lab_server(pathlib.Path(folder)) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, options, seats, seed in CASES:
            notebook = write_notebook(pathlib.Path(folder), f"{name}-{seed}.ipynb", name, options, seats, seed)
            shadow = GameTable(make_game(name, **options), seats, seed=seed, bot_delay=0)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            times = sorted(play_in_browser(page, url, notebook, shadow, clicks, np.random.default_rng(seed)))
            page.close()
            p90 = times[int(0.9 * (len(times) - 1))]
            print(f"{name:<10} {str(options):<20} {len(times):>6} {statistics.median(times):>10.0f} {p90:>7.0f} "
                  f"{TARGET_MS:>7}")
        browser.close()


if __name__ == "__main__":
    main()
