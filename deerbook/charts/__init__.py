"""Plotly charts for deerbook.

Importing this package registers the small ``deerbook`` / ``deerbook-dark``
Plotly templates (``deerbook`` becomes the default) and, inside a Jupyter
kernel, makes figures display as plain ``application/vnd.plotly.v1+json``
(see :mod:`deerbook.charts.theme`). Requires the ``charts`` extra (plotly).
"""

from deerbook.charts.theme import (
    COLORWAY,
    DARK,
    DARK_NAME,
    LIGHT,
    LIGHT_NAME,
    register_templates,
    use_book_renderer,
)

register_templates(make_default=True)
use_book_renderer()

__all__ = [
    "COLORWAY",
    "DARK",
    "DARK_NAME",
    "LIGHT",
    "LIGHT_NAME",
    "register_templates",
    "use_book_renderer",
]
