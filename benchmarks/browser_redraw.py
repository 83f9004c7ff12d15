"""Click-to-redraw time of the table in JupyterLab: python benchmarks/browser_redraw.py [--steps N]

Starts JupyterLab and Debian's chromium (Playwright) as the browser test does and plays each case twice: by mouse
clicks (seeded random choices) and by keys alone (the greedy agent's choices). It prints the time from the click,
or the key press that chooses, to the table's redraw on the page, bots' thinking excluded: median and 90th
percentile beside the target (TARGET_MS) and whether the median met it. Every step is also checked against the same
table in this process, as in tests/widgets/test_browser.py. Needs chromium and the `dev` extra (playwright).
"""
import argparse
import pathlib
import statistics
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "helpers"))

import numpy as np  # noqa: E402

from browser_table import (CHROMIUM, CHROMIUM_ARGS, KeyboardPlayer, lab_server, missing_reason,  # noqa: E402
                           open_by_keyboard, play_by_clicks, write_notebook)
from deerbook.engine import make_game  # noqa: E402
from deerbook.engine.registry import make_agents  # noqa: E402
from deerbook.widgets import GameTable  # noqa: E402

TARGET_MS = 150
CASES = [("deer", {"num_players": 3}, ["human", "greedy", "greedy"], 4),
         ("deer-cards", {"num_players": 3}, ["human", "greedy", "greedy"], 5),
         ("football", {"num_players": 1}, ["human"], 7)]


def by_clicks(browser, url, folder, case, steps) -> list[float]:
    name, options, seats, seed = case
    notebook = write_notebook(folder, f"clicks-{name}-{seed}.ipynb", name, options, seats, seed)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    times = play_by_clicks(page, url, notebook, table(case), steps, np.random.default_rng(seed))
    page.close()
    return times


def by_keys(browser, url, folder, case, steps) -> list[float]:
    name, options, seats, seed = case
    notebook = write_notebook(folder, f"keys-{name}-{seed}.ipynb", name, options, seats, seed)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    open_by_keyboard(page, url, notebook)
    shadow = table(case)
    player = KeyboardPlayer(page, shadow, make_agents(shadow.game, ["greedy"])[0], np.random.default_rng(seed))
    times = [player.step() for _ in range(steps) if not shadow.state.is_terminal()]
    page.close()
    return times


def table(case) -> GameTable:
    name, options, seats, seed = case
    return GameTable(make_game(name, **options), seats, seed=seed, bot_delay=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=60)
    steps = parser.parse_args().steps
    reason = missing_reason()
    if reason:
        sys.exit(f"cannot measure: {reason}")
    from playwright.sync_api import sync_playwright

    print(f"{'game':<10} {'by':<5} {'steps':>5} {'median ms':>10} {'p90 ms':>7} {'target ms':>9}  met")
    with tempfile.TemporaryDirectory() as temporary, lab_server(pathlib.Path(temporary)) as url, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for case in CASES:
            for by, play in (("mouse", by_clicks), ("keys", by_keys)):
                times = sorted(play(browser, url, pathlib.Path(temporary), case, steps))
                median, p90 = statistics.median(times), times[int(0.9 * (len(times) - 1))]
                print(f"{case[0]:<10} {by:<5} {len(times):>5} {median:>10.0f} {p90:>7.0f} {TARGET_MS:>9}  "
                      f"{'yes' if median < TARGET_MS else 'no'}", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
