"""Every game configuration the conformance suite runs over: (game name, options).

Each game package adds its configurations here.
"""

CONFIGS: list[tuple[str, dict]] = [
    ("football", {"num_players": 1, "solo_difficulty": "normal"}),
    ("football", {"num_players": 1, "solo_difficulty": "hard"}),
    ("football", {"num_players": 2}),
    ("football", {"num_players": 3}),
    ("football", {"num_players": 4}),
    *[("deer", {"num_players": n}) for n in range(2, 7)],
]
