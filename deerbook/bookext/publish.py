"""Add one build of the book to the published site, which keeps every version (.github/workflows/book.yml keeps it
on the gh-pages branch and deploys it whole to GitHub Pages).

The build replaces the site's folder of its version: ``latest`` for main, ``vX.Y.Z`` for a release's tag.
``versions.json`` then lists every version folder, latest first and then the releases newest first (the newest
release that is not a pre-release "preferred"), for the version switch of every page (`deerbook.bookext.versions`);
the site's root page opens that release's book (latest's while there is none), the book a reader of the installed
package wants.

    python -m deerbook.bookext.publish SITE BUILD FOLDER BASE_PATH

BASE_PATH is the site's path on its host ("/deerbook" for https://deerbook.github.io/deerbook/), so the switch's
links stay on the site that serves it.
Nothing here is imported at run time by the engine or the notebooks.
"""
from __future__ import annotations

import html
import json
import re
import shutil
import sys
from pathlib import Path

from ..engine.files import write_atomic
from .versions import LATEST

#: A release's folder: its tag, v and the version (a pre-release's letters and number after it).
RELEASE = re.compile(r"v(\d+)\.(\d+)\.(\d+)([a-z]+\d+)?")


def check_folder(folder: str) -> str:
    """`folder` if it names a version's folder, else a ValueError naming the rule."""
    if folder != LATEST and not RELEASE.fullmatch(folder):
        raise ValueError(f"a version's folder is {LATEST!r} or a release's tag vX.Y.Z, not {folder!r}")
    return folder


def release_order(folder: str) -> tuple:
    """Sort key of a release folder: by its numbers, a pre-release before its release."""
    match = RELEASE.fullmatch(folder)
    if match is None:
        raise ValueError(f"a release's folder is its tag vX.Y.Z, not {folder!r}")
    major, minor, patch, pre = match.groups()
    return int(major), int(minor), int(patch), pre is None, pre or ""


def replace_folder(site: Path, build: Path, folder: str) -> None:
    """Put a copy of `build` at site/folder, replacing what was there only once the copy is whole."""
    target = site / check_folder(folder)
    incoming, outgoing = site / f".{folder}.incoming", site / f".{folder}.outgoing"
    for leftover in (incoming, outgoing):
        shutil.rmtree(leftover, ignore_errors=True)
    shutil.copytree(build, incoming)
    if target.exists():
        target.rename(outgoing)
    incoming.rename(target)
    shutil.rmtree(outgoing, ignore_errors=True)


def releases(site: Path) -> list[str]:
    """The release folders of the site, newest first."""
    found = [path.name for path in site.iterdir() if path.is_dir() and RELEASE.fullmatch(path.name)]
    return sorted(found, key=release_order, reverse=True)


def preferred(site: Path) -> str:
    """The folder a reader is sent to: the newest release that is not a pre-release, else latest."""
    return next((folder for folder in releases(site) if release_order(folder)[3]), LATEST)


def versions(site: Path, base_path: str) -> list[dict]:
    """The theme's version list (name, version as DEERBOOK_BOOK_VERSION names it, and address) of the site."""
    base, best = base_path.rstrip("/"), preferred(site)
    folders = [LATEST] * (site / LATEST).is_dir() + releases(site)
    return [{"name": f"{LATEST} (main)" if folder == LATEST else folder.removeprefix("v"), "version": folder,
             "url": f"{base}/{folder}/", **({"preferred": True} if folder == best != LATEST else {})}
            for folder in folders]


def root_page(folder: str) -> str:
    """The site's root page: it opens `folder`'s book, and links it for a reader whose browser does not."""
    target = html.escape(f"{folder}/")
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>deerbook</title>\n'
            f'<meta http-equiv="refresh" content="0; url={target}">\n<link rel="canonical" href="{target}">\n'
            f'</head>\n<body>\n<p><a href="{target}">Open the deerbook book</a>.</p>\n</body>\n</html>\n')


def publish(site: Path, build: Path, folder: str, base_path: str) -> list[dict]:
    """Add `build` to `site` as `folder`, then write its version list and root page; return the list."""
    if not (build / "index.html").is_file():
        raise ValueError(f"{build} is not a built book: it has no index.html")
    replace_folder(site, build, folder)
    entries = versions(site, base_path)
    write_atomic(site / "versions.json", json.dumps(entries, indent=1) + "\n", "the site's version list")
    write_atomic(site / "index.html", root_page(preferred(site)), "the site's root page")
    write_atomic(site / ".nojekyll", "", "no Jekyll: folders such as _static are served as they are")
    return entries


def main(argv: list[str]) -> None:
    """The command line: SITE BUILD FOLDER BASE_PATH."""
    if len(argv) != 4:
        raise SystemExit(f"usage: python -m deerbook.bookext.publish SITE BUILD FOLDER BASE_PATH (got {len(argv)})")
    site, build, folder, base_path = argv
    for entry in publish(Path(site), Path(build), folder, base_path):
        print(f"{entry['name']}: {entry['url']}")


if __name__ == "__main__":
    main(sys.argv[1:])
