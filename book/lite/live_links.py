"""Sphinx extension: a "Run this chapter live" link atop every chapter that runs in the book's JupyterLite site.

Which chapters run live is decided from what their code imports (book/lite/runs_live.py); build_lite.py copies
the same chapters into the site. A chapter that needs a module the site lacks (numpy, say) names it instead.
"""
from __future__ import annotations

import sys
from pathlib import Path

from docutils import nodes
from sphinx.util.osutil import relative_uri

sys.path.insert(0, str(Path(__file__).parent))
from runs_live import chapters  # noqa: E402  (this folder is not a package)

LIVE = ('<p class="deerbook-live"><a href="{href}">&#9654; Run this chapter live</a> in your browser: Python and '
        'deerbook run in the page (JupyterLite), nothing to install.</p>')
NEEDS = ('<p class="deerbook-live">This chapter needs {needs}, which the in-browser Python cannot load, so it has '
         'no live version: run it in JupyterLab after <code>python3 dev.py book</code>.</p>')


def lite_notebook_url(docname: str) -> str:
    """The lite site's address (from the book's root) that opens a notebook in the Notebook UI."""
    return f"lite/notebooks/index.html?path={Path(docname).name}.ipynb"


def live_note(needs: list[str], href: str) -> str:
    """The HTML atop a chapter: its live link, or what it needs that the lite site lacks."""
    if not needs:
        return LIVE.format(href=href)
    return NEEDS.format(needs=" and ".join(f"<code>{name}</code>" for name in needs))


def add_live_note(app, doctree: nodes.document, docname: str) -> None:
    """Insert the chapter's live link (or what it needs) under its title."""
    needs = app.env.deerbook_chapters.get(docname) if app.builder.format == "html" else None
    if needs is None:
        return
    href = relative_uri(app.builder.get_target_uri(docname), lite_notebook_url(docname))
    title_section = next(iter(doctree.findall(nodes.section)))
    title_section.insert(1, nodes.raw("", live_note(needs, href), format="html"))


def read_chapters(app, env, docnames) -> None:
    """Decide once per build which chapters run live (a chapter's needs can change with any module)."""
    env.deerbook_chapters = chapters()


def setup(app):
    app.connect("env-before-read-docs", read_chapters)
    app.connect("doctree-resolved", add_live_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
