"""The book's version (a Sphinx extension, listed in book/_config.yml): every page's footer names the deerbook
version the book documents and links that version's changelog and citation (book/_templates/deerbook-version.html);
a published book also gets the theme's version switch.

.github/workflows/book.yml publishes main as ``latest`` and each release tag ``vX.Y.Z`` under its version, setting
the environment variable ``DEERBOOK_BOOK_VERSION`` to that folder's name for the build. Such a build reads the
site's list of versions, ``versions.json`` one folder up (same site, so the switch needs no other server), which
`deerbook.bookext.publish` writes when it adds the build to the site. A build without the variable (``python3
dev.py book``) has no switch, and its footer links the changelog and citation of main.
Nothing here is imported at run time by the engine or the notebooks.
"""
from __future__ import annotations

import os
from importlib.metadata import metadata
from typing import Any, Mapping

from .. import __version__

#: The environment variable naming the site folder a published build goes to: "latest" or this version's tag.
VARIABLE = "DEERBOOK_BOOK_VERSION"
LATEST = "latest"
#: The site's list of versions, from a version folder's root (the theme resolves it from the book's root).
SWITCHER_JSON = "../versions.json"


def published_as(environ: Mapping[str, str] = os.environ) -> str:
    """The site folder this build is published to ("" for a build that is not published)."""
    folder = environ.get(VARIABLE, "").strip()
    if folder not in ("", LATEST, f"v{__version__}"):
        raise ValueError(f"{VARIABLE} is {folder!r}: a published book is {LATEST!r} (main) or the tag of the version "
                         f"it documents, 'v{__version__}' (deerbook.__version__)")
    return folder


def project_url(label: str) -> str:
    """One of the installed package's project URLs (pyproject.toml's [project.urls])."""
    urls = dict(entry.split(", ", 1) for entry in metadata("deerbook").get_all("Project-URL") or [])
    return urls[label]


def footer_context(folder: str) -> dict[str, str]:
    """What the footer shows: the version, and its changelog and citation in the repository (at the release's tag
    for a release's book, else on main)."""
    ref = folder if folder.startswith("v") else "main"
    source = f"{project_url('Source')}/blob/{ref}"
    return {"deerbook_version": __version__, "deerbook_changelog": f"{source}/CHANGELOG.md",
            "deerbook_citation": f"{source}/CITATION.cff"}


def switcher_options(folder: str) -> dict[str, Any]:
    """The theme options of the version switch of a book published to `folder` (none for one not published); never
    fetched at build time (check_switcher), so the build stays offline."""
    if not folder:
        return {}
    return {"switcher": {"json_url": SWITCHER_JSON, "version_match": folder}, "check_switcher": False}


def _configure(app: Any, config: Any) -> None:
    """Set the build's version (the theme shows it to its scripts), the footer's context and the version switch."""
    folder = published_as()
    config.version = config.release = __version__
    config.html_context = {**config.html_context, **footer_context(folder)}
    config.html_theme_options = {**config.html_theme_options, **switcher_options(folder)}


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension entry point (``sphinx.extra_extensions`` in book/_config.yml)."""
    app.connect("config-inited", _configure)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
