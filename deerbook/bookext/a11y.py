"""The book build's accessibility fix for myst-nb's folded cells (listed in book/_config.yml).

myst-nb writes each folded cell (`hide-input`, `hide-output`, `hide-cell` tags) as a ``<details>`` whose
``<summary>`` is named "Toggle hidden content" while it shows "Show code cell source" or the cell's own prompt
("Show the solution"), so a reader who speaks the visible words to a voice control finds no such button (WCAG 2.5.3,
axe's label-content-name-mismatch). This extension writes the same ``<summary>`` without that name: it is named by
the prompt it shows, and ``<details>`` tells whether it is open. The prompts are ``<span>``s, not myst-nb's ``<p>``s
(a ``<summary>`` holds phrasing content only: the Nu HTML checker's error), styled as those in
book/_static/deerbook.css.
Nothing here is imported at run time by the engine or the notebooks.
"""
from __future__ import annotations

from html import escape
from typing import Any


def visit_folded_cell(translator: Any, node: Any) -> None:
    """myst-nb's opening of a folded cell, with a summary named by its visible prompt."""
    translator.body.append(f'<details class="admonition hide {" ".join(node["classes"])}">\n<summary>\n'
                           f'<span class="collapsed admonition-title">{escape(node["prompt_show"])}</span>\n'
                           f'<span class="expanded admonition-title">{escape(node["prompt_hide"])}</span>\n'
                           "</summary>\n")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension entry point (``sphinx.extra_extensions`` in book/_config.yml, after myst-nb)."""
    from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput  # type: ignore[import-untyped]

    app.setup_extension("myst_nb")
    app.add_node(HideCodeCellNode, override=True, html=(visit_folded_cell, depart_HideCellInput))
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
