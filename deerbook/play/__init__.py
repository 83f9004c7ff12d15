"""Playing a game at a table: the session, the log, each game's view and words, hints, the terminal and the page."""
