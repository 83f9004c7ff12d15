"""Every game configuration the conformance suite runs over: (game name, options), and the random walk it uses.

Each game package adds its configurations here.
"""

from deerbook.engine.agents import RandomAgent
from deerbook.engine.runner import sample_outcome
from deerbook.engine.seeding import stream

MAX_STEPS = 200_000  # far beyond any real game: reaching it means the game does not terminate

CONFIGS: list[tuple[str, dict]] = [
    ("football", {"num_players": 1, "solo_difficulty": "normal"}),
    ("football", {"num_players": 1, "solo_difficulty": "hard"}),
    ("football", {"num_players": 2}),
    ("football", {"num_players": 3}),
    ("football", {"num_players": 4}),
    *[("deer", {"num_players": n}) for n in range(2, 7)],
    *[("deer", {"num_players": n, "advanced": True}) for n in range(2, 7)],
    *[("deer", {"num_players": n, flag: True}) for n in (2, 4, 6)
      for flag in ("knocking", "headlights_spaces", "bullseye_spaces")],
    *[("deer-cards", {"num_players": n}) for n in range(2, 7)],  # one deck for 2-4, two decks for 5-6
]


def walk(state, seed):
    """Yield every state of one random game from `state` (chance sampled, decisions uniform) to its end."""
    rng = stream(seed)
    agent = RandomAgent()
    for _ in range(MAX_STEPS):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = sample_outcome(state, rng)
        else:
            action = agent.act(state.observation(state.current_player()), state.legal_actions(), rng)
        state = state.apply(action)
    raise AssertionError(f"{state.game} did not terminate within {MAX_STEPS} steps")
