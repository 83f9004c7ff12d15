"""The players against their budgets, per game and mode: python benchmarks/agents.py [--games N] [--search-games S]
[--advisor-games A] [--only MODE ...] [--phases]

For each mode (Deer 4 players, Deer with knocking, the card edition, Football 2 to 4 players, solo normal and hard), in
CPU time (`time.process_time`: on a busy machine the wall clock also counts the other processes' turns):

- greedy: CPU ms of a whole greedy game (the engine's runner, seeds 0 to N-1 after one untimed warm-up game, as
  `run.py` plays), against its budget (Deer 5 ms, Football 3 ms, on a quiet machine);
- search: the median CPU ms of the search agent's decisions with a choice (a single legal action is taken at once)
  in seat 0 of S seeded games against greedy agents, against 100 ms (`bots.search`, its default budget);
- advisor: the same for the advisor in A games; its budget is strength, not time (`bots.deer_advisor`), so its row
  has no target. The balance study stores the same figures for every agent and mode, on its own games
  (`analysis.decision_times`; the agents' labels, `analysis.labels`, show them).

Each row says "met" or "not met"; the load average is printed first (a loaded machine is slower in CPU time too:
the processes share the caches). `--phases` adds the greedy Deer agent's time per decision kind (the agent reads its
observation by key, so the entries it reads are worked out inside the call).
"""
import argparse
import os
import pathlib
import statistics
import sys
import time
from collections import Counter
from typing import NamedTuple

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from deerbook.bots.deer_greedy import GreedyAgent  # noqa: E402
from deerbook.engine import make_game, play  # noqa: E402
from deerbook.engine.registry import make_agents  # noqa: E402

SEARCH_TARGET_MS = 100.0  # the search agent's median decision (the review of a whole game waits on it)


class Mode(NamedTuple):
    """A game and its options, and the greedy game's budget in CPU ms."""

    label: str
    game: str
    options: dict
    greedy_target_ms: float


MODES = (
    Mode("Deer 4p", "deer", {"num_players": 4}, 5.0),
    Mode("Deer knocking", "deer", {"num_players": 4, "knocking": True}, 5.0),
    Mode("card edition", "deer-cards", {"num_players": 4}, 5.0),
    Mode("Football 2p", "football", {"num_players": 2}, 3.0),
    Mode("Football 3p", "football", {"num_players": 3}, 3.0),
    Mode("Football 4p", "football", {"num_players": 4}, 3.0),
    Mode("solo normal", "football", {"num_players": 1, "solo_difficulty": "normal"}, 3.0),
    Mode("solo hard", "football", {"num_players": 1, "solo_difficulty": "hard"}, 3.0),
)


def verdict(value: float, target: float | None) -> str:
    """The target beside the figure and whether it is met."""
    if target is None:
        return "no time target"
    return f"target {target:g}: {'met' if value <= target else 'not met'}"


def greedy_ms(mode: Mode, games: int) -> float:
    """CPU ms of a whole greedy game of `mode` (seeds 0 to games-1, after one untimed warm-up game)."""
    game = make_game(mode.game, **mode.options)
    play(game, make_agents(game, ["greedy"] * game.num_players), 10_000)  # imports, data, the agents' caches
    start = time.process_time()
    for seed in range(games):
        play(game, make_agents(game, ["greedy"] * game.num_players), seed)
    return 1000 * (time.process_time() - start) / games


class Timed:
    """An agent (by its catalogue name), noting the CPU seconds of each decision with a choice."""

    def __init__(self, game, name: str, seconds: list[float]):
        self.agent, self.seconds = make_agents(game, [name])[0], seconds
        self.observes_by_key = getattr(self.agent, "observes_by_key", False)

    def act(self, observation, legal, rng):
        """The agent's action, timed when there was a choice."""
        start = time.process_time()
        action = self.agent.act(observation, legal, rng)
        if len(legal) > 1:
            self.seconds.append(time.process_time() - start)
        return action


def decision_ms(mode: Mode, agent: str, games: int) -> list[float]:
    """CPU ms of each decision with a choice of `agent` in seat 0 of `games` seeded games against greedy agents."""
    game, seconds = make_game(mode.game, **mode.options), []
    for seed in range(games):
        play(game, [Timed(game, agent, seconds), *make_agents(game, ["greedy"] * (game.num_players - 1))], seed)
    return [1000 * s for s in seconds]


def decision_row(mode: Mode, agent: str, games: int, target: float | None) -> str:
    """One row: the median, mean and largest decision of `agent` in `mode`, beside its target."""
    ms = decision_ms(mode, agent, games)
    if not ms:
        return f"{mode.label:14s} {agent:8s} no decision with a choice in {games} games"
    median = statistics.median(ms)
    return (f"{mode.label:14s} {agent:8s} median {median:8.2f} ms a decision ({verdict(median, target)}); "
            f"mean {statistics.fmean(ms):.2f}, largest {max(ms):.0f}, {len(ms)} decisions in {games} games")


def report(modes: list[Mode], args: argparse.Namespace) -> None:
    """Every figure of every mode, a line each."""
    for mode in modes:
        ms = greedy_ms(mode, args.games)
        print(f"{mode.label:14s} greedy   {ms:8.2f} ms a game ({verdict(ms, mode.greedy_target_ms)}; "
              f"{args.games} games)", flush=True)
        if args.search_games:
            print(decision_row(mode, "search", args.search_games, SEARCH_TARGET_MS), flush=True)
        if args.advisor_games:
            print(decision_row(mode, "advisor", args.advisor_games, None), flush=True)


class TimedGreedy(GreedyAgent):
    """The greedy Deer agent, adding the CPU time of each decision to its phase's total."""

    def __init__(self, seconds: Counter, decisions: Counter):
        self.seconds, self.decisions = seconds, decisions

    def act(self, observation, legal, rng):
        """The greedy action, timed by phase."""
        start = time.process_time()
        action = super().act(observation, legal, rng)
        phase = observation["phase"]
        self.seconds[phase] += time.process_time() - start
        self.decisions[phase] += 1
        return action


def phases(games: int) -> None:
    """The greedy agent's CPU time per decision kind in 4-player Deer games."""
    game = make_game("deer", num_players=4)
    play(game, [GreedyAgent() for _ in range(4)], 10_000)
    seconds, decisions = Counter(), Counter()
    for seed in range(games):
        play(game, [TimedGreedy(seconds, decisions) for _ in range(4)], seed)
    print(f"\ngreedy 4-player Deer, {games} games: the agent's time per decision kind")
    print(f"{'phase':18s} {'per game':>9s} {'CPU µs':>9s} {'ms/game':>9s}")
    for phase, total in seconds.most_common():
        print(f"{phase.name:18s} {decisions[phase] / games:9.1f} {1e6 * total / decisions[phase]:9.2f} "
              f"{1000 * total / games:9.3f}")
    print(f"agent: {1000 * sum(seconds.values()) / games:.3f} CPU ms per game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="greedy games per mode")
    parser.add_argument("--search-games", type=int, default=2, help="games timing the search agent (0: skip)")
    parser.add_argument("--advisor-games", type=int, default=3, help="games timing the advisor (0: skip)")
    parser.add_argument("--only", nargs="+", choices=[m.label for m in MODES], metavar="MODE",
                        help="these modes only: " + ", ".join(repr(m.label) for m in MODES))
    parser.add_argument("--phases", action="store_true", help="also the greedy Deer agent's time per phase")
    args = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.2f}" for load in os.getloadavg())
          + f" on {os.cpu_count()} cores; CPU time throughout")
    report([m for m in MODES if args.only is None or m.label in args.only], args)
    if args.phases:
        phases(args.games)


if __name__ == "__main__":
    main()
