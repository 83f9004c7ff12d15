"""Speed and memory figures: python benchmarks/run.py [--games N] [--repeats N] [--rounds N] [--batch-games N]
[--memory-games N] [--step-loops-only]

Per benchmark case of every registered game (`GameInfo.benchmarks`, so a game installed from another
package is measured too): CPU milliseconds per game and engine steps per CPU second on one core (CPU time,
not wall time: the figures stay meaningful on a busy machine), beside the issue's targets. Each case is timed in
`--repeats` fresh processes, one after another; the table shows their median (judged against the target) and
their range, since the same code runs some percent faster or slower as the machine's load changes. The games are
timed as `simulate` plays them, with no step watched (a decision and the chance moves after it are then played at
once: `State.play_decision`); their steps are counted in a separate, untimed pass over the same seeds. With
open-spiel installed (the `openspiel` extra) OpenSpiel's pure-Python `python_liars_poker` and each game and edition
of `STEP_LOOP_CASES` (Deer basic and advanced, the card edition, Football with two players and solo) run in one and the
same random-play loop (`random_play`: legal actions, a chance draw, apply, with plain `random` for both, the loop any
outside user writes), timed alternately in one process, `--rounds` rounds a game; each game's ratio in CPU time (the
median of its rounds' ratios, their range beside it) is judged (target: at least 1), wall time shown beside it, and
Deer's fast path (`play_decision`) after. Then a seeded batch
through the engine's batch runner on one worker and on every core (wall time), and resident memory (RSS) while one
process plays `--memory-games` greedy games: it must stay flat (every cache in the engine and agents is bounded).
`--step-loops-only` measures the step loops against OpenSpiel's and nothing else. Each step-loop line ends with the
load average when it was measured (a loaded machine moves a ratio by several percent either way).
"""
import argparse
import gc
import multiprocessing
import os
import pathlib
import platform
import random
import resource
import statistics
import sys
import sysconfig
import time
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.engine.registry import make_agents  # noqa: E402
from deerbook.engine import make_game, play  # noqa: E402
from deerbook.engine.batch import BatchSpec, default_workers, run_batch  # noqa: E402
from deerbook.engine.registry import agent_factories  # noqa: E402
from deerbook.engine.registry import Benchmark, game_info, game_names  # noqa: E402

MEMORY_GROWTH_LIMIT_MIB = 5  # "flat": what the last half of the games may add to the resident set
ROUNDS_AGAINST_OPENSPIEL = 9  # alternate timings of each game's step loop and OpenSpiel's (ratio: median)


def cases() -> list[tuple[str, Benchmark]]:
    """(game name, benchmark case) for every case of every registered game."""
    return [(name, case) for name in game_names() for case in game_info(name).benchmarks]


def play_games(name: str, options: dict, agent: str, seeds: range, count_steps: bool = False) -> int:
    """Play the seeded games; with `count_steps`, return the number of engine steps (else 0).

    Counting watches every step (`on_step`), which makes the runner play step by step; unwatched, as `simulate`
    and the batch runner play, it plays each decision and the chance moves after it at once (`State.play_decision`)."""
    game = make_game(name, **options)
    steps = 0

    def count(state, action):
        nonlocal steps
        steps += 1

    for seed in seeds:
        play(game, make_agents(game, [agent] * game.num_players), seed,
             on_step=count if count_steps else None)
    return steps


def cpu_seconds(name: str, options: dict, agent: str, games: int) -> float:
    """CPU seconds to play the seeded games as `simulate` plays them (no step watched), after one warm-up game
    on another seed (imports, caches)."""
    play_games(name, options, agent, range(10_000, 10_001))
    start = time.process_time()
    play_games(name, options, agent, range(games))
    return time.process_time() - start


def measure(name: str, options: dict, agent: str, games: int, repeats: int) -> tuple[list[float], float]:
    """CPU ms per game in each of `repeats` fresh processes, run one after another (none reuses another's warm
    caches), and the engine steps per game (counted in a separate pass over the same seeds)."""
    per_game = []
    for _ in range(repeats):
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as fresh:
            per_game.append(1000 * fresh.submit(cpu_seconds, name, options, agent, games).result() / games)
    return per_game, play_games(name, options, agent, range(games), count_steps=True) / games


def steps_per_second(per_game: list[float], length: float) -> float:
    """Engine steps per CPU second at the median of the timed runs (`length` steps a game)."""
    return 1000 * length / statistics.median(per_game)


def random_play(new_state, apply, sample, games: int, seed: int) -> tuple[int, float, float]:
    """The step loop any outside user writes, the same for both engines: from `new_state()`, a uniform legal action
    or `sample(state, rng)` at a chance node, then `state = apply(state, action)`, to the end, `games` times, with
    plain `random` (seeded). Returns (steps, CPU seconds, wall seconds)."""
    rng, steps = random.Random(seed), 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(games):
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = apply(state, action)
            steps += 1
    return steps, time.process_time() - cpu, time.perf_counter() - wall


def deerbook_apply(state, action):
    """deerbook's step: a new state."""
    return state.apply(action)


def deerbook_sample(state, rng):
    """deerbook's chance draw (`State.sample_chance`)."""
    return state.sample_chance(rng)


def openspiel_apply(state, action):
    """OpenSpiel's step: the state changed in place."""
    state.apply_action(action)
    return state


def openspiel_sample(state, rng):
    """OpenSpiel's chance draw in pure Python (it has no sampling call of its own but `pyspiel.sample_action`): one
    `rng.random()` walked down `chance_outcomes()`."""
    left = rng.random()
    outcomes = state.chance_outcomes()
    for action, probability in outcomes:
        left -= probability
        if left < 0:
            return action
    return outcomes[-1][0]


def openspiel_game():
    """OpenSpiel's pure-Python `python_liars_poker`, or None without open-spiel."""
    try:
        import pyspiel
        from open_spiel.python.games import liars_poker  # noqa: F401  (registers python_liars_poker)
    except ImportError:
        return None
    return pyspiel.load_game("python_liars_poker")


class LoopRate(NamedTuple):
    """One engine's step loop: steps per CPU second and per wall second (medians of the rounds)."""

    cpu: float
    wall: float


class LoopRatio(NamedTuple):
    """A game's step loop against OpenSpiel's, round by round: its rates, OpenSpiel's, and the median and range of
    the per-round ratios of CPU rates (and the median of the wall rates' ratios)."""

    game: LoopRate
    spiel: LoopRate
    ratio: float
    low: float
    high: float
    wall_ratio: float


#: every game and edition whose step loop is judged against OpenSpiel's (target: at least 1x each)
STEP_LOOP_CASES = (("deer", {"num_players": 4}), ("deer", {"num_players": 4, "advanced": True}),
                   ("deer-cards", {"num_players": 4}), ("football", {"num_players": 2}),
                   ("football", {"num_players": 1}))


def loop_games(new_state, apply, sample, steps: int) -> int:
    """How many games of this loop make about `steps` steps (from three warm-up games, which also warm caches)."""
    played, _, _ = random_play(new_state, apply, sample, 3, 10_000)
    return max(1, round(3 * steps / played))


def step_loop_ratio(name: str, options: dict, spiel_games: int, rounds: int) -> LoopRatio | None:
    """A game's step loop and OpenSpiel python_liars_poker's, in the one loop `random_play`, timed alternately in
    this process `rounds` times each (round i: OpenSpiel's games, then about as many of the game's steps, both on
    seed i); None without open-spiel."""
    spiel_game = openspiel_game()
    if spiel_game is None:
        return None
    game = make_game(name, **options)
    spiel_loop = (spiel_game.new_initial_state, openspiel_apply, openspiel_sample)
    spiel_steps, _, _ = random_play(*spiel_loop, spiel_games, 10_000)  # warm-up: imports, caches
    game_loop = (game.initial_state, deerbook_apply, deerbook_sample)
    loops = ((spiel_loop, spiel_games), (game_loop, loop_games(*game_loop, spiel_steps)))
    rates: list[list[tuple[float, float]]] = [[], []]
    for index in range(rounds):
        for rate, (loop, games) in zip(rates, loops):
            gc.collect()  # no run pays for another's garbage
            steps, cpu, wall = random_play(*loop, games, index)
            rate.append((steps / cpu, steps / wall))
    spiel, ours = rates
    ratios = [g[0] / s[0] for g, s in zip(ours, spiel)]
    return LoopRatio(LoopRate(*map(statistics.median, zip(*ours))), LoopRate(*map(statistics.median, zip(*spiel))),
                     statistics.median(ratios), min(ratios), max(ratios),
                     statistics.median(g[1] / s[1] for g, s in zip(ours, spiel)))


def report_step_loops(spiel_games: int, rounds: int) -> LoopRate | None:
    """Print each `STEP_LOOP_CASES` game's step-loop ratio to OpenSpiel's (median and range of `rounds` alternating
    rounds, CPU time); return OpenSpiel's rate in the last (None without open-spiel)."""
    spiel = None
    print(f"random play in one step loop (legal_actions, a chance draw, apply; plain random), {rounds} alternating "
          "rounds against OpenSpiel's python_liars_poker, steps per CPU second (per wall second):")
    for name, options in STEP_LOOP_CASES:
        compared = step_loop_ratio(name, options, spiel_games, rounds)
        if compared is None:
            print("OpenSpiel python_liars_poker: skipped (pip install 'deerbook[openspiel]' for open-spiel)")
            return None
        spiel = compared.spiel
        print(f"  {name:<10} {str(options):<42} {compared.game.cpu:>7.0f} ({compared.game.wall:.0f}), OpenSpiel "
              f"{spiel.cpu:.0f} ({spiel.wall:.0f}): {compared.ratio:.2f}x in CPU time "
              f"(range {compared.low:.2f}-{compared.high:.2f}), {compared.wall_ratio:.2f}x in wall time "
              f"(target >= 1: {'met' if compared.ratio >= 1 else 'NOT met'}; load {os.getloadavg()[0]:.1f})")
    return spiel


def batch_seconds(games: int, workers: int) -> float:
    """Wall seconds of a seeded batch of greedy 4-player Deer games through the engine's batch runner."""
    game = make_game("deer", num_players=4)
    spec = BatchSpec(game, agent_factories(game, ["greedy"] * 4))
    start = time.perf_counter()
    run_batch(spec, games, seed=1, workers=workers)
    return time.perf_counter() - start


def rss_mib() -> float:
    """The resident set size now (Linux /proc), else the peak."""
    try:
        pages = int(pathlib.Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_profile(games: int, checkpoints: int = 10) -> list[tuple[int, float]]:
    """RSS after each tenth of `games` greedy 4-player Deer and 2-player Football games, played alternately."""
    profile, played = [], 0
    step = max(1, games // checkpoints)
    while played < games:
        half = step // 2
        play_games("deer", {"num_players": 4}, "greedy", range(played, played + step - half))
        play_games("football", {"num_players": 2}, "greedy", range(played, played + half))
        played += step
        profile.append((played, rss_mib()))
    return profile


def interpreter() -> str:
    """The Python build measured: how it was compiled moves every figure by some percent (a PGO/LTO build with
    a static libpython runs these games faster than one without)."""
    config = sysconfig.get_config_var("CONFIG_ARGS") or ""
    build = ["PGO" if "--enable-optimizations" in config else "no PGO", "LTO" if "--with-lto" in config else "no LTO"]
    if sysconfig.get_config_var("Py_ENABLE_SHARED"):
        build.append("shared libpython")
    return f"{platform.python_implementation()} {platform.python_version()} ({', '.join(build)})"


def target_text(value: float, target: float | None, higher_is_better: bool) -> str:
    if target is None:
        return ""
    met = value >= target if higher_is_better else value <= target
    return f"{'>=' if higher_is_better else '<'} {target:g}: {'met' if met else 'NOT met'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200,
                        help="games per configuration for the speed table (game lengths vary: 200 give a stable mean)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="fresh processes timing each configuration (the table shows their median and range)")
    parser.add_argument("--rounds", type=int, default=ROUNDS_AGAINST_OPENSPIEL,
                        help="alternating rounds of each game's step loop against OpenSpiel's (ratio: their median)")
    parser.add_argument("--batch-games", type=int, default=400, help="games for the every-core batch (0: skip)")
    parser.add_argument("--memory-games", type=int, default=10_000, help="games for the memory profile (0: skip)")
    parser.add_argument("--step-loops-only", action="store_true",
                        help="only the step loops against OpenSpiel's (each game's ratio, CPU time)")
    args = parser.parse_args()
    print(f"measured on {interpreter()}")
    if args.step_loops_only:
        report_step_loops(args.games * 2, args.rounds)
        return
    print(f"{'game':<10} {'options':<22} {'agent':<7} {'ms/game':>8} {'range':>11} {'steps/s':>8} {'steps/game':>10}"
          "  target")
    for name, case in cases():
        per_game, length = measure(name, case.options, case.agent, args.games, args.repeats)
        ms, rate = statistics.median(per_game), steps_per_second(per_game, length)
        spread = f"{min(per_game):.2f}-{max(per_game):.2f}"
        target = target_text(ms, case.target_ms, False) or target_text(rate, case.target_steps, True)
        print(f"{name:<10} {str(case.options):<22} {case.agent:<7} {ms:>8.2f} {spread:>11} {rate:>8.0f} "
              f"{length:>10.0f}  {target}")
    spiel = report_step_loops(args.games * 2, args.rounds)
    if spiel is not None:
        fast = steps_per_second(*measure("deer", {"num_players": 4}, "random", args.games, args.repeats))
        print(f"4-player Deer's fast path (play_decision, as simulate plays) {fast:.0f} steps per CPU second, "
              f"{fast / spiel.cpu:.2f}x OpenSpiel's loop")
    if args.batch_games:
        one, every = batch_seconds(args.batch_games, 1), batch_seconds(args.batch_games, default_workers())
        print(f"batch of {args.batch_games} greedy 4-player Deer games (wall time): {one:.1f} s on 1 worker, "
              f"{every:.1f} s on {default_workers()} ({one / every:.2f}x)")
    if args.memory_games:
        profile = memory_profile(args.memory_games)
        print("resident memory (MiB) after games: " + ", ".join(f"{n}: {mib:.1f}" for n, mib in profile))
        growth = profile[-1][1] - profile[len(profile) // 2 - 1][1]
        flag = "met" if growth <= MEMORY_GROWTH_LIMIT_MIB else "NOT met"
        print(f"growth over the last half: {growth:.1f} MiB (flat: <= {MEMORY_GROWTH_LIMIT_MIB} MiB: {flag})")


if __name__ == "__main__":
    main()
