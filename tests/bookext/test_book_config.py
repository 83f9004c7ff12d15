"""The book's Sphinx configuration (book/_config.yml) reads only the book's pages: the JupyterLab extension's source
and every npm package folder (whose Markdown files Sphinx would otherwise build as pages) are left out."""
from pathlib import Path

import pytest
import yaml

pytest.importorskip("sphinx")

from sphinx.util.matching import get_matching_files  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["book/intro.md", "notebooks/12-every-combination.ipynb"]
NO_PAGES = ["labextension/README.md", "labextension/node_modules/resolve/.github/SECURITY.md",
            "book/lite/node_modules/some-package/README.md"]


def test_sphinx_finds_the_pages_and_not_the_extension_s_source_or_npm_packages(tmp_path):
    for name in PAGES + NO_PAGES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("# A page\n")
    excluded = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())["exclude_patterns"]
    assert sorted(get_matching_files(tmp_path, exclude_patterns=excluded)) == PAGES
