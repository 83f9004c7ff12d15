"""Widget response times: python benchmarks/widgets.py [--games N]

Every odds-explorer update (a sweep of controls) and every advisor hint at every decision of seeded
greedy games, timed one by one in CPU time; prints the median, 95th percentile and slowest beside the
50 ms target (met or not at the 95th percentile), the load average, and which one was slowest. Before each
timed call the garbage left by earlier calls is collected (as a widget in a fresh kernel would find it), so a
collector pause caused by this script's own heap of thousands of earlier positions is not charged to whichever call
it happens to land on; a pause the call itself causes still counts.
"""
import argparse
import gc
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.engine.registry import make_agents  # noqa: E402
from deerbook.engine import make_game  # noqa: E402
from deerbook.engine.runner import play  # noqa: E402
from deerbook.widgets.explore import DeerExplorer, FootballExplorer  # noqa: E402
from deerbook.play.hints import deer_hints, football_hints  # noqa: E402

TARGET_MS = 50
DEER_HANDS = ["3 3 7 Fox Joker", "1 2 3 4 5 6", "Fox Fox Joker 9 9", "12 11 10 8 8 7 5 5 2", "Joker"]
CARD_HANDS = ["A 2 3 K", "7 7 7 Q J 10 9", "K"]


def timed(function, *args) -> float:
    """CPU milliseconds of `function(*args)` (CPU time: meaningful on a busy machine too)."""
    gc.collect()
    start = time.process_time()
    function(*args)
    return (time.process_time() - start) * 1000


def deer_explorer_times() -> list[tuple[float, str]]:
    explorer = DeerExplorer()
    times = []
    for game_name, hands in (("deer", DEER_HANDS), ("deer-cards", CARD_HANDS)):
        explorer.edition.value = game_name
        for hand in hands:
            for players, others in ((2, 3), (4, 5), (6, 8)):
                for control, value in ((explorer.hand, hand), (explorer.players, players), (explorer.others, others)):
                    value = type(control.value)(value)  # a number typed into a text box is its text
                    times.append((timed(setattr, control, "value", value), explorer.settings()))
    return times


def football_explorer_times() -> list[tuple[float, str]]:
    explorer = FootballExplorer()
    times = []
    for track in range(1, 7):
        times.append((timed(setattr, explorer.track, "value", track), explorer.settings()))
        for box in range(1, explorer.boxes(track) + 1):
            box_value = type(explorer.box.value)(box)  # a number typed into a text box is its text
            times.append((timed(setattr, explorer.box, "value", box_value), explorer.settings()))
            for marker in explorer.marker.options[::4]:
                times.append((timed(setattr, explorer.marker, "value", marker), explorer.settings()))
    return times


def hint_times(name: str, options: dict, hints, games: int) -> list[tuple[float, str]]:
    """The time of a hint at every decision node of `games` seeded greedy games."""
    game = make_game(name, **options)
    times = []
    for seed in range(games):
        first = len(times)

        def ask(state, action, seed=seed, first=first):
            if not state.is_chance_node():
                where = f"game seed {seed}, decision {len(times) - first + 1}: {state.rule()}"
                times.append((timed(hints, state, state.current_player()), where))

        play(game, make_agents(game, ["greedy"] * game.num_players), seed, on_step=ask)
    return times


def report(label: str, timings: list[tuple[float, str]]) -> str:
    """Print one row of the table; return the slowest call's description."""
    times = sorted(ms for ms, _ in timings)
    p95 = times[int(0.95 * (len(times) - 1))]
    verdict = "met" if p95 <= TARGET_MS else "not met"
    print(f"{label:<28} {len(times):>6} {statistics.median(times):>8.1f} {p95:>8.1f} {times[-1]:>8.1f} "
          f"{TARGET_MS:>7} {verdict:>8}")
    return f"{label}: {max(timings)[1]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2, help="seeded greedy games whose every decision gets a hint")
    games = parser.parse_args().games
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    print(f"{'widget computation':<28} {'count':>6} {'median':>8} {'p95 ms':>8} {'max ms':>8} {'target':>7} "
          f"{'p95':>8}")
    slowest = [report("Deer odds explorer", deer_explorer_times()),
               report("Football odds explorer", football_explorer_times()),
               report("Deer hints (4 players)", hint_times("deer", {"num_players": 4}, deer_hints, games)),
               report("Deer card hints (4 players)", hint_times("deer-cards", {"num_players": 4}, deer_hints, games)),
               report("Football hints (2 players)", hint_times("football", {"num_players": 2}, football_hints, games)),
               report("Football hints (solo)", hint_times("football", {"num_players": 1}, football_hints, games))]
    print("\nslowest:\n" + "\n".join(slowest))


if __name__ == "__main__":
    main()
