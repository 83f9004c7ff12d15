"""Playing a game: the session (one table's game loop), views, narration, advice and the terminal table."""
