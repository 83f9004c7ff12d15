"""deerbook: exact, tested rules engines for three tabletop dice-and-card games."""

__version__ = "0.1.0"
