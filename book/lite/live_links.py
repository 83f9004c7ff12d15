"""Sphinx extension: a "Run this chapter live" link atop every chapter that runs in the book's JupyterLite site.

book/lite/chapters.json names the chapters: "live" ones get a link to their copy in the lite site (build_lite.py
copies the same list there); "needs_numpy" ones say they need numpy, which the in-browser kernel cannot load.
"""
from __future__ import annotations

import ast
import json
from functools import lru_cache
from pathlib import Path

from docutils import nodes
from sphinx.util.osutil import relative_uri

CHAPTERS = Path(__file__).with_name("chapters.json")
RULES_CORE = Path(__file__).resolve().parents[2] / "deerbook"
LIVE = ('<p class="deerbook-live"><a href="{href}">&#9654; Run this chapter live</a> in your browser: Python and '
        'deerbook run in the page (JupyterLite), nothing to install.</p>')
NEEDS_NUMPY = ('<p class="deerbook-live">This chapter needs numpy, which the in-browser kernel cannot load, so it '
               'has no live version: run it in JupyterLab after <code>python3 dev.py book</code>.</p>')
CORE_NEEDS_NUMPY = ('<p class="deerbook-live">A live version of this chapter comes once deerbook\'s rules core needs '
                    'only the standard library: today it imports numpy, which the in-browser kernel cannot load. '
                    'Run it in JupyterLab after <code>python3 dev.py book</code>.</p>')


@lru_cache(maxsize=None)
def core_needs_numpy() -> bool:
    """Whether a module of the rules core (deerbook.engine, .deer, .football) imports numpy: then no chapter
    can run in the browser yet, and none is offered live."""
    for path in (p for part in ("engine", "deer", "football") for p in (RULES_CORE / part).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(name.split(".")[0] == "numpy" for name in names):
                return True
    return False


def lite_notebook_url(docname: str) -> str:
    """The lite site's address (from the book's root) that opens a notebook in the Notebook UI."""
    return f"lite/notebooks/index.html?path={Path(docname).name}.ipynb"


def add_live_note(app, doctree: nodes.document, docname: str) -> None:
    """Insert the chapter's live link (or its numpy note) under its title."""
    chapters = json.loads(CHAPTERS.read_text())
    if app.builder.format != "html" or docname not in chapters["live"] + chapters["needs_numpy"]:
        return
    href = relative_uri(app.builder.get_target_uri(docname), lite_notebook_url(docname))
    if core_needs_numpy():
        html = CORE_NEEDS_NUMPY
    else:
        html = LIVE.format(href=href) if docname in chapters["live"] else NEEDS_NUMPY
    title_section = next(iter(doctree.findall(nodes.section)))
    title_section.insert(1, nodes.raw("", html, format="html"))


def setup(app):
    app.connect("doctree-resolved", add_live_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
