"""The book build's Sphinx and myst-nb extension (Plotly figures rendered offline)."""
