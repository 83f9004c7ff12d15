"""The greedy Deer agent's time per decision kind, and the search agent's and the advisor's per decision: python
benchmarks/agents.py [--games N] [--players P] [--warm-up W] [--no-gc] [--search-games S] [--advisor-games A]

Plays seeded greedy games as `run.py` does (the engine's runner, seeds 0 to N-1 after W untimed warm-up games, one
by default, so the agent's caches warm up as in any batch) and times every `GreedyAgent.act` call, grouped by the
phase it decides (the agent reads its observation by key, so the entries it reads are worked out inside the call).
Prints, per phase, decisions per game, CPU microseconds per decision and CPU milliseconds per game, then
the agent's share of a game beside the whole game's CPU time (CPU time throughout: the wall clock also counts the
other processes' turns on a busy machine). The first games fill the agent's bounded caches (its
Joker tables, for instance): a larger W shows the steady state, and the difference what the fills cost a short run.
A collector pause lands on whichever call allocates past its threshold, so a change that only moves allocations
moves those pauses between phases: --no-gc turns the collector off while timing, for comparing two versions phase
by phase (the whole game's time with the collector on is `run.py`'s figure).

Then the search agent (`bots.search`, its default budget) in seat 0 of S seeded games against greedy agents, 4-player
Deer and 2-player Football: the CPU time of each decision with a choice (a single legal action is taken at once), its
median (target: at most 1 s on one core), mean and largest, and the CPU time of a whole game; and the same for the
advisor (`bots.deer_advisor`, `bots.football_advisor`) in A games: 4-player Deer, with knocking on (where it decides
every knock), and 2-player Football.
"""
import argparse
import gc
import pathlib
import sys
import time
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import statistics  # noqa: E402

from deerbook.bots.deer_greedy import GreedyAgent  # noqa: E402
from deerbook.bots.search import SearchAgent  # noqa: E402
from deerbook.engine import make_game, play  # noqa: E402
from deerbook.engine.registry import make_agents  # noqa: E402

SEARCH_TARGET_SECONDS = 1.0  # the search agent's median decision on one core, at its default budget


class Timed:
    """An agent (by its catalogue name), noting the CPU time of each decision with a choice (a single legal action is
    taken at once by every agent)."""

    def __init__(self, game, name: str, seconds: list[float]):
        self.agent, self.seconds = make_agents(game, [name])[0], seconds
        self.observes_by_key = getattr(self.agent, "observes_by_key", False)

    def act(self, observation, legal, rng):
        start = time.process_time()
        action = self.agent.act(observation, legal, rng)
        if len(legal) > 1:
            self.seconds.append(time.process_time() - start)
        return action


def decision_timing(agent: str, name: str, players: int, games: int, target: float | None = None, **options) -> None:
    """Print `agent`'s CPU time per decision in seat 0 of `games` seeded games (`options`) against greedy agents."""
    game, seconds = make_game(name, num_players=players, **options), []
    start = time.process_time()
    for seed in range(games):
        play(game, [Timed(game, agent, seconds), *make_agents(game, ["greedy"] * (players - 1))], seed)
    per_game = (time.process_time() - start) / games
    median = statistics.median(seconds)
    verdict = "" if target is None else f" (target <= {1000 * target:g}: {'met' if median <= target else 'NOT met'})"
    variant = "".join(f", {key}={value}" for key, value in options.items())
    print(f"{agent}, {players}-player {name}{variant}, {games} games: {len(seconds) / games:.0f} decisions with a "
          "choice a game, "
          f"CPU ms per decision: median {1000 * median:.2f}{verdict}, mean {1000 * statistics.fmean(seconds):.2f}, "
          f"largest {1000 * max(seconds):.0f}; {per_game:.2f} CPU s a game")


class TimedGreedy(GreedyAgent):
    """The greedy agent, adding the CPU time of each decision to its phase's total (CPU time: on a busy machine the
    wall clock also counts the other processes' turns on the core)."""

    def __init__(self, seconds: Counter, decisions: Counter):
        self.seconds, self.decisions = seconds, decisions

    def act(self, observation, legal, rng):
        start = time.process_time()
        action = super().act(observation, legal, rng)
        phase = observation["phase"]
        self.seconds[phase] += time.process_time() - start
        self.decisions[phase] += 1
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games (as run.py plays)")
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--warm-up", type=int, default=1, help="untimed games first (run.py plays 1)")
    parser.add_argument("--no-gc", action="store_true", help="the garbage collector off while timing")
    parser.add_argument("--search-games", type=int, default=3, help="games timing the search agent (0: skip)")
    parser.add_argument("--advisor-games", type=int, default=20, help="games timing the advisor (0: skip)")
    args = parser.parse_args()
    game = make_game("deer", num_players=args.players)
    for seed in range(10_000, 10_000 + args.warm_up):  # imports, component data, the agent's caches
        play(game, [GreedyAgent() for _ in range(args.players)], seed)
    seconds, decisions = Counter(), Counter()
    if args.no_gc:
        gc.disable()
    start = time.process_time()
    for seed in range(args.games):
        play(game, [TimedGreedy(seconds, decisions) for _ in range(args.players)], seed)
    game_ms = 1000 * (time.process_time() - start) / args.games
    gc.enable()
    print(f"greedy {args.players}-player Deer, {args.games} games after {args.warm_up} warm-up"
          f"{', the collector off' if args.no_gc else ''}: the agent's time per decision kind")
    print(f"{'phase':18s} {'per game':>9s} {'CPU µs':>9s} {'ms/game':>9s}")
    for phase, total in seconds.most_common():
        print(f"{phase.name:18s} {decisions[phase] / args.games:9.1f} {1e6 * total / decisions[phase]:9.2f} "
              f"{1000 * total / args.games:9.3f}")
    print(f"agent: {1000 * sum(seconds.values()) / args.games:.3f} CPU ms per game "
          f"(of a whole game's {game_ms:.2f} CPU ms, timing included)")
    if args.search_games:
        print(f"the search agent at its default budget ({SearchAgent.default_simulations} rollouts a decision):")
        decision_timing("search", "deer", 4, args.search_games, SEARCH_TARGET_SECONDS)
        decision_timing("search", "football", 2, args.search_games, SEARCH_TARGET_SECONDS)
    if args.advisor_games:
        decision_timing("advisor", "deer", 4, args.advisor_games)
        decision_timing("advisor", "deer", 4, args.advisor_games, knocking=True)
        decision_timing("advisor", "football", 2, args.advisor_games)


if __name__ == "__main__":
    main()
