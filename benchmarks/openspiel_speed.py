"""What the OpenSpiel adapter costs: python benchmarks/openspiel_speed.py [--games N] [--repeats R]

Random play of a deerbook game two ways, in one process, alternately, on the same seeds (CPU time per step):
- deerbook's own step loop, as any outside user writes it: `legal_actions()` and a uniform choice, or
  `sample_chance(rng)` at a chance node, then `apply(action)`;
- a random OpenSpiel playthrough of the same game loaded with `pyspiel.load_game` (`deerbook.openspiel`):
  `legal_actions()` and a uniform choice, or `chance_outcomes()` and one `rng.random()` walked down the outcomes
  (OpenSpiel has no sampling call of its own in Python but `pyspiel.sample_action`, slower on a 720-outcome roll),
  then `apply_action(number)`.
Prints microseconds per step for each (the median of R repeats of N games, and the range) and their ratio, beside
the target for 4-player Deer: under 2x. Needs open-spiel (the `openspiel` extra).
"""
import argparse
import gc
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import pyspiel  # noqa: E402

import deerbook.openspiel  # noqa: E402,F401  (registers the games)
from deerbook.engine import make_game  # noqa: E402
from deerbook.engine.protocol import CHANCE  # noqa: E402
from deerbook.openspiel.games import short_name  # noqa: E402

CASES = [("deer", 4, 2.0), ("deer", 3, None), ("deer-cards", 4, None), ("football", 2, None)]  # target: times slower


def deerbook_loop(name: str, players: int, seeds: range) -> tuple[float, int]:
    """CPU seconds and steps of random games through the engine's own protocol."""
    game, steps = make_game(name, num_players=players), 0
    start = time.process_time()
    for seed in seeds:
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state = state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return time.process_time() - start, steps


def openspiel_loop(name: str, players: int, seeds: range) -> tuple[float, int]:
    """CPU seconds and steps of random OpenSpiel playthroughs of the same game."""
    game, steps = pyspiel.load_game(short_name(name), {"players": players}), 0
    start = time.process_time()
    for seed in seeds:
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                left = rng.random()
                for number, probability in state.chance_outcomes():  # noqa: B007  (the number walked to is played)
                    left -= probability
                    if left < 0:
                        break
            else:
                legal = state.legal_actions()
                number = legal[rng.randrange(len(legal))]
            state.apply_action(number)
            steps += 1
    return time.process_time() - start, steps


def per_step(loop, name: str, players: int, seeds: range) -> float:
    """Microseconds per step of one timed run (after a collection, so no run pays for another's garbage)."""
    gc.collect()
    seconds, steps = loop(name, players, seeds)
    return 1e6 * seconds / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per timed run")
    parser.add_argument("--repeats", type=int, default=7, help="timed runs of each loop, alternating")
    args = parser.parse_args()
    print(f"{'game':<11} {'players':>7} {'deerbook us/step':>17} {'OpenSpiel us/step':>18} {'ratio':>6}  target")
    for name, players, target in CASES:
        seeds = range(args.games)
        per_step(deerbook_loop, name, players, range(1000, 1001))  # warm-up: imports, caches
        per_step(openspiel_loop, name, players, range(1000, 1001))
        own, spiel = [], []
        for _ in range(args.repeats):
            own.append(per_step(deerbook_loop, name, players, seeds))
            spiel.append(per_step(openspiel_loop, name, players, seeds))
        ratio = statistics.median(spiel) / statistics.median(own)
        verdict = "" if target is None else f"< {target:g}x: {'met' if ratio < target else 'NOT met'}"
        print(f"{name:<11} {players:>7} {statistics.median(own):>8.1f} ({min(own):.1f}-{max(own):.1f})"
              f" {statistics.median(spiel):>8.1f} ({min(spiel):.1f}-{max(spiel):.1f}) {ratio:>5.2f}x  {verdict}")


if __name__ == "__main__":
    main()
