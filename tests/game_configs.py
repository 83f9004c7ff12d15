"""Every game configuration the conformance suite runs over: (game name, options).

Each game package adds its configurations here.
"""

CONFIGS: list[tuple[str, dict]] = [
]
