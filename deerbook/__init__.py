"""deerbook: exact, tested rules engines for three tabletop dice-and-card games."""

#: The package's version: the one place it is written (pyproject.toml reads it; `deerbook --version` prints it).
__version__ = "0.1.0"


def _jupyter_labextension_paths() -> list[dict[str, str]]:
    """Where deerbook's built JupyterLab extension is, for `jupyter labextension develop` (JupyterLab's hook)."""
    return [{"src": "labextension", "dest": "deerbook"}]
