"""Sphinx extension: a "Run this chapter live" link atop every chapter that runs in the book's JupyterLite site.

book/lite/chapters.json names the chapters: "live" ones get a link to their copy in the lite site (build_lite.py
copies the same list there); "needs_numpy" ones say they need numpy, which the in-browser kernel cannot load.
"""
from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from sphinx.util.osutil import relative_uri

CHAPTERS = Path(__file__).with_name("chapters.json")
LIVE = ('<p class="deerbook-live"><a href="{href}">&#9654; Run this chapter live</a> in your browser: Python and '
        'deerbook run in the page (JupyterLite), nothing to install.</p>')
NEEDS_NUMPY = ('<p class="deerbook-live">This chapter needs numpy, which the in-browser kernel cannot load, so it '
               'has no live version: run it in JupyterLab after <code>python3 dev.py book</code>.</p>')


def lite_notebook_url(docname: str) -> str:
    """The lite site's address (from the book's root) that opens a notebook in the Notebook UI."""
    return f"lite/notebooks/index.html?path={Path(docname).name}.ipynb"


def add_live_note(app, doctree: nodes.document, docname: str) -> None:
    """Insert the chapter's live link (or its numpy note) under its title."""
    chapters = json.loads(CHAPTERS.read_text())
    if app.builder.format != "html" or docname not in chapters["live"] + chapters["needs_numpy"]:
        return
    href = relative_uri(app.builder.get_target_uri(docname), lite_notebook_url(docname))
    html = LIVE.format(href=href) if docname in chapters["live"] else NEEDS_NUMPY
    title_section = next(iter(doctree.findall(nodes.section)))
    title_section.insert(1, nodes.raw("", html, format="html"))


def setup(app):
    app.connect("doctree-resolved", add_live_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
