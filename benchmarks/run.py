"""Speed and memory figures: python benchmarks/run.py [--games N]

Prints, per game configuration, seconds per game, engine steps per second and peak
traced memory while playing, beside the target each should stay under.
"""
import argparse
import pathlib
import sys
import time
import tracemalloc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.engine import make_game, play  # noqa: E402
from deerbook.engine.registry import game_names  # noqa: E402

# (game, options, agent, target seconds per game, target peak MiB)
CASES = [
    ("deer", {"num_players": 4}, "greedy", 0.12, 50),
    ("deer", {"num_players": 6}, "greedy", 0.2, 50),
    ("deer", {"num_players": 4}, "random", 0.2, 50),
    ("football", {"num_players": 2}, "greedy", 0.25, 50),
    ("football", {"num_players": 1}, "greedy", 0.2, 50),
]


def play_games(name: str, options: dict, agent: str, games: int) -> int:
    """Play seeded games 0..games-1 and return the number of engine steps."""
    game = make_game(name, **options)
    steps = 0

    def count(state, action):
        nonlocal steps
        steps += 1

    for seed in range(games):
        play(game, [game.agents()[agent]() for _ in range(game.num_players)], seed, on_step=count)
    return steps


def measure(name: str, options: dict, agent: str, games: int) -> tuple[float, float, float]:
    """Seconds per game and steps per second (untraced), then peak traced MiB over 3 games."""
    start = time.perf_counter()
    steps = play_games(name, options, agent, games)
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    play_games(name, options, agent, 3)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return elapsed / games, steps / elapsed, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    games = parser.parse_args().games
    known = set(game_names())
    print(f"{'game':<10} {'options':<22} {'agent':<8} {'s/game':>8} {'target':>7} {'steps/s':>9} {'peak MiB':>9} {'target':>7}")
    for name, options, agent, target_s, target_mib in CASES:
        if name not in known:
            continue
        per_game, rate, peak = measure(name, options, agent, games)
        flag = "" if per_game <= target_s and peak <= target_mib else "  <-- over target"
        print(f"{name:<10} {str(options):<22} {agent:<8} {per_game:>8.4f} {target_s:>7} {rate:>9.0f} {peak:>9.1f} {target_mib:>7}{flag}")


if __name__ == "__main__":
    main()
