"""deerbook installed changes only its own book: myst-nb calls every installed MIME plugin in every build, so a
foreign Sphinx + myst-nb book built where deerbook is installed must keep its Plotly and HTML outputs as they are
and pass a strict (-W) build; a book that loads deerbook's extension gets deerbook's chart figure."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("myst_nb")
pytest.importorskip("plotly")

from deerbook.bookext.plotly_renderer import PARTIAL_BUNDLE, PARTIAL_JS  # noqa: E402

FOREIGN_PLOT = '<div id="foreign-plot">the foreign book\'s own Plotly HTML</div>'
FOREIGN_HTML = '<p id="foreign-html">an HTML output of the foreign book</p>'
#: a figure as plotly stores it, without deerbook's text alternative (deerbook's renderer would warn)
FIGURE = {"data": [{"type": "bar", "x": ["a", "b"], "y": [1, 2]}], "layout": {"title": {"text": "Two bars"}}}
#: the same with a text alternative, as deerbook's charts store it
DESCRIBED = {**FIGURE, "layout": {**FIGURE["layout"], "meta": {"description": "Bar chart: two bars"}}}


def notebook(figure: dict) -> dict:
    """A stored notebook: one cell with a Plotly output (its JSON and its HTML) and an HTML output."""
    outputs = [{"output_type": "display_data", "metadata": {},
                "data": {"application/vnd.plotly.v1+json": figure, "text/html": FOREIGN_PLOT,
                         "text/plain": "Figure"}},
               {"output_type": "display_data", "metadata": {}, "data": {"text/html": FOREIGN_HTML}}]
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                         "language_info": {"name": "python"}},
            "cells": [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": "# A foreign book"},
                      {"cell_type": "code", "id": "chart", "metadata": {}, "execution_count": 1,
                       "source": "fig.show()", "outputs": outputs}]}


def build(folder: Path, figure: dict, extensions: list[str], settings: str = "") -> tuple[
        subprocess.CompletedProcess, str]:
    """Build a one-notebook book showing `figure` with `extensions` strictly (-W); return the run and the page."""
    source = folder / "source"
    source.mkdir()
    (source / "conf.py").write_text(f'extensions = {extensions!r}\nnb_execution_mode = "off"\n'
                                    f'html_theme = "basic"\n{settings}')
    (source / "index.ipynb").write_text(json.dumps(notebook(figure)))
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(source),
                           str(folder / "html")], capture_output=True, text=True, timeout=300)
    page = folder / "html" / "index.html"
    return done, page.read_text() if page.is_file() else ""


def plotly_js_version() -> str:
    """The plotly.js version the installed plotly bundles (the book's bundle is fetched at it)."""
    from plotly.offline import get_plotlyjs_version

    return get_plotlyjs_version()


def test_a_foreign_book_keeps_its_outputs_and_passes_a_strict_build(tmp_path):
    # myst-nb alone renders every type of a bundle before it picks one, and warns that it has no renderer for the
    # Plotly JSON: a book with stored Plotly outputs silences that warning, with or without deerbook
    done, page = build(tmp_path, FIGURE, ["myst_nb"], 'suppress_warnings = ["mystnb.unknown_mime_type"]\n')
    assert done.returncode == 0, done.stdout + done.stderr
    assert FOREIGN_PLOT in page and FOREIGN_HTML in page
    assert "deerbook" not in page and 'type="application/json"' not in page


def test_deerbook_s_book_draws_the_same_output_as_its_chart_figure(tmp_path):
    cache = tmp_path / "cache"  # a stand-in for npm's plotly.js bundle, so the build downloads nothing
    bundle = cache / f"{PARTIAL_BUNDLE}-{plotly_js_version()}" / PARTIAL_JS
    bundle.parent.mkdir(parents=True)
    bundle.write_text("/* plotly.js */")
    done, page = build(tmp_path, DESCRIBED, ["myst_nb", "deerbook.bookext.plotly_renderer"],
                       f"deerbook_download_cache = {str(cache)!r}\n")
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'class="deerbook-chart"' in page and 'type="application/json"' in page
    assert FOREIGN_PLOT not in page and FOREIGN_HTML in page
