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
    *[("deer", {"num_players": n, "advanced": True}) for n in range(2, 7)],
    *[("deer", {"num_players": n, flag: True}) for n in (2, 4, 6)
      for flag in ("knocking", "headlights_spaces", "bullseye_spaces")],
    *[("deer-cards", {"num_players": n}) for n in range(2, 7)],  # one deck for 2-4, two decks for 5-6
]
