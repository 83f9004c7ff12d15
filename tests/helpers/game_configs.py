"""Every game configuration the conformance suite runs over: (game name, options), and the random walk it uses.

The configurations come from each registered game's `GameInfo.configs`, so a game installed from another
package (an entry point in the `deerbook.games` group) is checked with no edit here.
"""

from deerbook.engine.agents import RandomAgent
from deerbook.engine.registry import game_info, game_names
from deerbook.engine.seeding import stream

MAX_STEPS = 200_000  # far beyond any real game: reaching it means the game does not terminate

CONFIGS: list[tuple[str, dict]] = [(name, options) for name in game_names() for options in game_info(name).configs]
#: each configuration's test id: `deer-num_players=3`
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in sorted(opts.items()))}" for name, opts in CONFIGS]


def walk(state, seed):
    """Yield every state of one random game from `state` (chance sampled, decisions uniform) to its end."""
    rng = stream(seed)
    agent = RandomAgent()
    for _ in range(MAX_STEPS):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = agent.act(state.observation(state.current_player()), state.legal_actions(), rng)
        state = state.apply(action)
    raise AssertionError(f"{state.game} did not terminate within {MAX_STEPS} steps")
