"""deerbook: exact, tested rules engines for three tabletop dice-and-card games."""

#: The package's version: the one place it is written (pyproject.toml reads it; `deerbook --version` prints it).
__version__ = "0.1.0"
