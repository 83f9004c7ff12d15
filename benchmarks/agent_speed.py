"""A player's speed against another checkout's, paired: python benchmarks/agent_speed.py OTHER [--modes MODE ...]
[--agent NAME] [--games N] [--rounds N]

A change that makes an agent a tenth faster is lost in a shared machine's noise when two runs are timed minutes apart
(the same code runs a fifth faster or slower as the load changes). Here two long-lived processes, one importing this
checkout's `deerbook` and one importing OTHER's (another clone, or a copy of the package from before a change), play
the same seeded games in alternating rounds (who goes first alternates too), each round timed in CPU time; each mode's
line gives both medians and the median and range of the per-round ratios (this checkout over OTHER: below 1 is
faster), then the load average. The agent (default greedy) sits in seat 0, greedy agents in the others, as
`agents.py` plays (whose modes these are).
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parents[1]

# The worker a checkout runs: it reads "game players agent games" lines and prints the CPU ms of a game of each.
WORKER = """
import gc, sys, time
sys.path.insert(0, sys.argv[1])
from deerbook.engine import make_game, play
from deerbook.engine.registry import make_agents
for line in sys.stdin:
    name, players, agent, games = line.split()
    game = make_game(name, num_players=int(players))
    play(game, make_agents(game, ["greedy"] * game.num_players), 10_000)  # imports, data, caches
    gc.collect()
    start = time.process_time()
    for seed in range(int(games)):
        play(game, make_agents(game, [agent] + ["greedy"] * (game.num_players - 1)), seed)
    print(1000 * (time.process_time() - start) / int(games), flush=True)
"""
MODES = {"deer": ("deer", 4), "deer-cards": ("deer-cards", 4), "football-2": ("football", 2),
         "football-3": ("football", 3), "football-4": ("football", 4), "solo": ("football", 1)}


def worker(root: pathlib.Path) -> subprocess.Popen:
    """A process playing games with the `deerbook` package under `root` (the same hash seed for both)."""
    return subprocess.Popen([sys.executable, "-c", WORKER, str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=dict(os.environ, PYTHONHASHSEED="0"), cwd=root.anchor)


def timed(process: subprocess.Popen, request: str) -> float:
    """CPU ms a game in one round of `process`."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(request + "\n")
    process.stdin.flush()
    return float(process.stdout.readline())


def compare(workers: tuple[subprocess.Popen, subprocess.Popen], request: str, rounds: int) -> str:
    """One mode's line: each checkout's median CPU ms a game and the per-round ratios."""
    ours, theirs = [], []
    for index in range(rounds):
        order = ((workers[0], ours), (workers[1], theirs))
        for process, times in order if index % 2 == 0 else order[::-1]:
            times.append(timed(process, request))
    ratios = [a / b for a, b in zip(ours, theirs)]
    return (f"this {statistics.median(ours):8.2f} ms a game, other {statistics.median(theirs):8.2f}: ratio "
            f"{statistics.median(ratios):.3f} (range {min(ratios):.2f}-{max(ratios):.2f}; {rounds} rounds; "
            f"load {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=pathlib.Path, help="the other checkout (a folder holding a deerbook package)")
    parser.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES), metavar="MODE",
                        help="these modes only: " + ", ".join(MODES))
    parser.add_argument("--agent", default="greedy", help="the agent in seat 0 (by its catalogue name)")
    parser.add_argument("--games", type=int, default=40, help="seeded games a round")
    parser.add_argument("--rounds", type=int, default=9, help="alternating rounds a mode (ratio: their median)")
    args = parser.parse_args()
    if not (args.other / "deerbook").is_dir():
        parser.error(f"{args.other} holds no deerbook package")
    workers = (worker(HERE), worker(args.other.resolve()))
    try:
        for mode in args.modes:
            name, players = MODES[mode]
            line = compare(workers, f"{name} {players} {args.agent} {args.games}", args.rounds)
            print(f"{mode:<11} {args.agent:<8} {line}", flush=True)
    finally:
        for process in workers:
            assert process.stdin is not None
            process.stdin.close()
            process.wait()


if __name__ == "__main__":
    main()
