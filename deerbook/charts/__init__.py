"""Plotly charts for deerbook.

Importing this package changes no global state. Call :func:`use_book_style`
first (as every chapter's first code cell does) to register the small
``deerbook`` / ``deerbook-dark`` Plotly templates (``deerbook`` becomes the
default) and, inside a Jupyter kernel, make figures display as plain
``application/vnd.plotly.v1+json`` (see :mod:`deerbook.charts.theme`).
Every chart function stores the chart's text alternative in the figure (:mod:`deerbook.charts.alternative`).
Requires the ``charts`` extra (plotly).
"""

from deerbook.charts.theme import (
    COLORWAY,
    DARK,
    DARK_NAME,
    LIGHT,
    LIGHT_NAME,
    register_templates,
    use_book_renderer,
    use_book_style,
)

__all__ = [
    "COLORWAY",
    "DARK",
    "DARK_NAME",
    "LIGHT",
    "LIGHT_NAME",
    "register_templates",
    "use_book_renderer",
    "use_book_style",
]
