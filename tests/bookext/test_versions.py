"""The book's version (`deerbook.bookext.versions`, book/_templates/deerbook-version.html): every page's footer names
deerbook's version and links its changelog and citation; a published build (DEERBOOK_BOOK_VERSION) has the theme's
version switch, fed by the site's versions.json; a wrong folder name stops the build. Each build here is a one-page
Sphinx project with the book's theme, templates and footer settings (book/_config.yml), not the whole book."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

pytest.importorskip("sphinx_book_theme")

import deerbook  # noqa: E402
from deerbook.bookext import versions  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "https://github.com/deerbook/deerbook"


def book_theme_options() -> dict:
    """The book's footer setting (book/_config.yml)."""
    config = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())
    return {"footer_content_items": config["sphinx"]["config"]["html_theme_options"]["footer_content_items"]}


def build(folder: Path, published_as: str | None) -> tuple[subprocess.CompletedProcess, str]:
    """Build a one-page book with the book's theme, templates and footer; return the run and the page."""
    source = folder / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        f'extensions = ["deerbook.bookext.versions"]\nhtml_theme = "sphinx_book_theme"\n'
        f'templates_path = [{str(ROOT / "book" / "_templates")!r}]\n'
        f"html_theme_options = {book_theme_options()!r}\n")
    (source / "index.rst").write_text("A page\n======\n\nSome text.\n")
    environment = {key: value for key, value in os.environ.items() if key != versions.VARIABLE}
    if published_as is not None:
        environment[versions.VARIABLE] = published_as
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(source), str(folder / "html")],
                          capture_output=True, text=True, timeout=300, env=environment)
    page = folder / "html" / "index.html"
    return done, page.read_text() if page.is_file() else ""


def test_every_page_s_footer_names_the_version_and_links_its_changelog_and_citation(tmp_path):
    done, page = build(tmp_path, None)
    assert done.returncode == 0, done.stdout + done.stderr
    footer = page[page.index('class="bd-footer-content'):]
    assert f"deerbook {deerbook.__version__}:" in footer
    assert f'href="{SOURCE}/blob/main/CHANGELOG.md"' in footer and f'href="{SOURCE}/blob/main/CITATION.cff"' in footer
    assert "version-switcher" not in page  # a book that is not published has no other version to switch to


def test_a_published_book_switches_versions_through_the_site_s_versions_json(tmp_path):
    done, page = build(tmp_path, "latest")
    assert done.returncode == 0, done.stdout + done.stderr
    footer = page[page.index('class="bd-footer-content'):]
    assert "version-switcher__button" in footer
    assert "DOCUMENTATION_OPTIONS.theme_switcher_json_url = '../versions.json'" in page
    assert "DOCUMENTATION_OPTIONS.theme_switcher_version_match = 'latest'" in page


def test_a_release_s_book_links_the_changelog_and_citation_at_its_tag():
    tag = f"v{deerbook.__version__}"
    assert versions.published_as({versions.VARIABLE: tag}) == tag
    assert versions.footer_context(tag) == {
        "deerbook_version": deerbook.__version__, "deerbook_changelog": f"{SOURCE}/blob/{tag}/CHANGELOG.md",
        "deerbook_citation": f"{SOURCE}/blob/{tag}/CITATION.cff"}


@pytest.mark.parametrize("folder", ["v9.9.9", "main", "0.1.0"])
def test_a_book_published_under_another_name_than_latest_or_its_own_tag_is_refused(folder):
    with pytest.raises(ValueError, match=f"{versions.VARIABLE} is '{folder}': a published book is 'latest'"):
        versions.published_as({versions.VARIABLE: folder})
